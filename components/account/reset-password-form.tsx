"use client";

import { useRouter } from "next/navigation";
import { toast } from "@/components/ui/toast";
import { mutate } from "swr";
import { postJson } from "@/lib/api-client";
import { PASSWORD_MISMATCH_MESSAGE } from "@/lib/schemas";
import { PRIMARY_BUTTON_CLASS } from "./form-styles";
import { clearResetEmail } from "./reset-email";
import { USER_DETAILS_KEY } from "./use-current-user";
import { useResetEmail } from "./use-reset-email";
import { useApiAction } from "../ui/use-api-action";
import { confirmedPassword, NewPasswordFields } from "./new-password-fields";

/** docs/PRODUCT.md §2.4 /reset-password: the new password twice, for the email verified on /verify-otp. */
export function ResetPasswordForm() {
  const router = useRouter();
  const { email, leave } = useResetEmail();
  const { pending, run } = useApiAction();

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email) return;
    const form = new FormData(event.currentTarget);
    const passwords = confirmedPassword(form, PASSWORD_MISMATCH_MESSAGE);
    if (!passwords) return;
    const { password, confirmPwd } = passwords;
    await run(async () => {
      const answer = await postJson("/api/reset-password", { email, password, confirmPwd });
      leave();
      clearResetEmail();
      toast.success(answer.message);
      // The reset ended every session: a signed-in tab learns it (401) and drops its sign-in hint.
      await mutate(USER_DETAILS_KEY);
      router.push("/signin");
    });
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4">
      {email && (
        <p className="text-sm text-slate-600">
          Choose a new password for <strong className="break-all font-medium text-slate-900">{email}</strong>.
        </p>
      )}
      <NewPasswordFields label="New Password" required />
      <button type="submit" disabled={pending || !email} className={PRIMARY_BUTTON_CLASS}>
        {pending ? "Saving…" : "Reset Password"}
      </button>
    </form>
  );
}
