import { redirect } from "next/navigation";

export default function UserPanelPage() {
  redirect("/user-panel/my-account");
}
