import { toast } from "@/components/ui/toast";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@/lib/constants";
import { PasswordField } from "./password-field";

type Props = {
  /** Prefix of the two inputs' ids (they are named `password` and `confirmPwd`). */
  idPrefix?: string;
  label: string;
  required?: boolean;
  hint?: string;
};

/** A new password and its confirmation (sign-up, reset, profile); read back with confirmedPassword. */
export function NewPasswordFields({ idPrefix = "", label, required = false, hint = `At least ${PASSWORD_MIN_LENGTH} characters.` }: Props) {
  return (
    <>
      <PasswordField
        id={`${idPrefix}password`}
        name="password"
        label={label}
        autoComplete="new-password"
        required={required}
        minLength={PASSWORD_MIN_LENGTH}
        maxLength={PASSWORD_MAX_LENGTH}
        hint={hint}
      />
      <PasswordField id={`${idPrefix}confirmPwd`} name="confirmPwd" label="Confirm Password" autoComplete="new-password" required={required} maxLength={PASSWORD_MAX_LENGTH} />
    </>
  );
}

/**
 * docs/PRODUCT.md §5: the form's password and its confirmation, or null after showing `mismatchMessage`
 * when they differ (and then no request is sent).
 */
export function confirmedPassword(form: FormData, mismatchMessage: string): { password: string; confirmPwd: string } | null {
  const password = String(form.get("password") ?? "");
  const confirmPwd = String(form.get("confirmPwd") ?? "");
  if (password === confirmPwd) return { password, confirmPwd };
  toast.error(mismatchMessage);
  return null;
}
