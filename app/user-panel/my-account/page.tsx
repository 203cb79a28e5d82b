import type { Metadata } from "next";
import { MyAccount } from "@/components/account/my-account";

export const metadata: Metadata = { title: "My account", robots: { index: false } };

export default function MyAccountPage() {
  return <MyAccount />;
}
