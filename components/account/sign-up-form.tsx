"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { postJson } from "@/lib/api-client";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@/lib/constants";
import { PASSWORD_MISMATCH_MESSAGE } from "@/lib/schemas";
import { LINK_CLASS, PRIMARY_BUTTON_CLASS } from "./form-styles";
import { PasswordField } from "./password-field";
import { PicturePicker } from "./picture-picker";
import { TextField } from "./text-field";
import { useApiAction } from "../use-api-action";

/** SPEC 2 /signup: name, email, contact, password twice and a picture; success goes to /signin. */
export function SignUpForm() {
  const router = useRouter();
  const [picture, setPicture] = useState("");
  const { pending, run } = useApiAction();

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get("password") ?? "");
    const confirmPwd = String(form.get("confirmPwd") ?? "");
    if (password !== confirmPwd) {
      toast.error(PASSWORD_MISMATCH_MESSAGE);
      return;
    }
    await run(async () => {
      const answer = await postJson("/api/signup", {
        name: form.get("name"),
        email: form.get("email"),
        contact: form.get("contact"),
        password,
        confirmPwd,
        profilepic: picture,
      });
      toast.success(answer.message);
      router.push("/signin");
    });
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4">
      <TextField id="name" name="name" label="Name" autoComplete="name" required maxLength={100} />
      <TextField id="email" name="email" label="Email" type="email" autoComplete="email" required maxLength={254} />
      <TextField id="contact" name="contact" label="Contact" type="tel" autoComplete="tel" inputMode="tel" maxLength={20} />
      <PasswordField
        id="password"
        name="password"
        label="Password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        maxLength={PASSWORD_MAX_LENGTH}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
      />
      <PasswordField id="confirmPwd" name="confirmPwd" label="Confirm Password" autoComplete="new-password" required maxLength={PASSWORD_MAX_LENGTH} />
      <PicturePicker value={picture} onChange={setPicture} />
      <button type="submit" disabled={pending} className={PRIMARY_BUTTON_CLASS}>
        {pending ? "Signing up…" : "Sign Up"}
      </button>
      <p className="text-center text-sm text-slate-600">
        Already have an account?{" "}
        <Link href="/signin" className={LINK_CLASS}>
          Sign in
        </Link>
      </p>
    </form>
  );
}
