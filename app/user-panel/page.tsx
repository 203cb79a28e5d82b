import { redirect } from "next/navigation";

// Only a redirect: there is no UI to show at once, so navigations here are allowed to wait for it
// (without this, Next's dev-only instant-navigation check fails on the redirect on every visit).
export const instant = false;

export default function UserPanelPage() {
  redirect("/user-panel/my-account");
}
