"use client";

import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { mutate } from "swr";
import { postJson } from "@/lib/api-client";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@/lib/constants";
import { PASSWORD_MISMATCH_MESSAGE } from "@/lib/schemas";
import { PRIMARY_BUTTON_CLASS } from "./form-styles";
import { PasswordField } from "./password-field";
import { clearResetEmail } from "./reset-email";
import { USER_DETAILS_KEY } from "../use-current-user";
import { useResetEmail } from "./use-reset-email";
import { useApiAction } from "../use-api-action";

/** SPEC 2 /reset-password: the new password twice, for the email verified on /verify-otp. */
export function ResetPasswordForm() {
  const router = useRouter();
  const { email, leave } = useResetEmail();
  const { pending, run } = useApiAction();

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email) return;
    const form = new FormData(event.currentTarget);
    const password = String(form.get("password") ?? "");
    const confirmPwd = String(form.get("confirmPwd") ?? "");
    if (password !== confirmPwd) {
      toast.error(PASSWORD_MISMATCH_MESSAGE);
      return;
    }
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
      <PasswordField
        id="password"
        name="password"
        label="New Password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        maxLength={PASSWORD_MAX_LENGTH}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
      />
      <PasswordField id="confirmPwd" name="confirmPwd" label="Confirm Password" autoComplete="new-password" required maxLength={PASSWORD_MAX_LENGTH} />
      <button type="submit" disabled={pending || !email} className={PRIMARY_BUTTON_CLASS}>
        {pending ? "Saving…" : "Reset Password"}
      </button>
    </form>
  );
}
