"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { postJson } from "@/lib/api-client";
import { PASSWORD_MISMATCH_MESSAGE } from "@/lib/schemas";
import { LINK_CLASS, PRIMARY_BUTTON_CLASS } from "./form-styles";
import { PicturePicker } from "./picture-picker";
import { TextField } from "./text-field";
import { useApiAction } from "../ui/use-api-action";
import { confirmedPassword, NewPasswordFields } from "./new-password-fields";

/** docs/PRODUCT.md §2.4 /signup: name, email, contact, password twice and a picture; success goes to /signin. */
export function SignUpForm() {
  const router = useRouter();
  const [picture, setPicture] = useState("");
  const { pending, run } = useApiAction();

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const passwords = confirmedPassword(form, PASSWORD_MISMATCH_MESSAGE);
    if (!passwords) return;
    const { password, confirmPwd } = passwords;
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
      <NewPasswordFields label="Password" required />
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
