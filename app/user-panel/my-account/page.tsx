import type { Metadata } from "next";
import { BusinessDetails } from "@/components/account/business-details";
import { Complaints } from "@/components/account/complaints";
import { EmailAlerts } from "@/components/account/email-alerts";
import { MyAccount } from "@/components/account/my-account";
import { AddressBook } from "@/components/delivery/address-book";

export const metadata: Metadata = { title: "My account", robots: { index: false } };

export default function MyAccountPage() {
  return (
    <>
      <MyAccount />
      <AddressBook />
      <BusinessDetails />
      <EmailAlerts />
      <Complaints />
    </>
  );
}
