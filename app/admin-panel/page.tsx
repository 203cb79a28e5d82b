import { redirect } from "next/navigation";

// The header's 'Admin Panel' link goes to the products screen (SPEC 2); /admin-panel itself too.
export default function AdminPanelPage() {
  redirect("/admin-panel/all-products");
}
