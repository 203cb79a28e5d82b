import { redirect } from "next/navigation";

// Only a redirect: there is no UI to show at once, so navigations here are allowed to wait for it
// (without this, Next's dev-only instant-navigation check fails on the redirect on every visit).
export const instant = false;

// The header's 'Admin Panel' link goes to the products screen (docs/PRODUCT.md §2.1); /admin-panel itself too.
export default function AdminPanelPage() {
  redirect("/admin-panel/all-products");
}
