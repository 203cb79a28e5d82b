"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { toast } from "@/components/ui/toast";
import { postJson } from "@/lib/api-client";
import { LINK_CLASS, PRIMARY_BUTTON_CLASS } from "./form-styles";
import { setResetEmail } from "./reset-email";
import { TextField } from "./text-field";
import { useApiAction } from "../ui/use-api-action";

/** docs/PRODUCT.md §2.4 /forgot-password: the email gets a code; the email travels on to /verify-otp. */
export function ForgotPasswordForm() {
  const router = useRouter();
  const { pending, run } = useApiAction();

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    await run(async () => {
      const answer = await postJson("/api/send-otp", { email });
      setResetEmail(email);
      toast.success(answer.message);
      router.push("/verify-otp");
    });
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4">
      <p className="text-sm text-slate-600">Enter the email of your account and we will send you a 6-digit code to reset your password.</p>
      <TextField id="email" name="email" label="Email" type="email" autoComplete="email" required maxLength={254} />
      <button type="submit" disabled={pending} className={PRIMARY_BUTTON_CLASS}>
        {pending ? "Sending…" : "Reset Password"}
      </button>
      <p className="flex flex-wrap justify-center gap-x-4 gap-y-1 text-sm text-slate-600">
        <span>
          New here?{" "}
          <Link href="/signup" className={LINK_CLASS}>
            Sign up
          </Link>
        </span>
        <span>
          Remembered it?{" "}
          <Link href="/signin" className={LINK_CLASS}>
            Sign in
          </Link>
        </span>
      </p>
    </form>
  );
}
