import type { Metadata } from "next";
import { UsersTable } from "@/components/admin/users-table";

export const metadata: Metadata = { title: "All users" };

export default function AllUsersPage() {
  return <UsersTable />;
}
