"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { mutate } from "swr";
import { ApiError, postJson } from "@/lib/api-client";
import { signInStateChanged, USER_DETAILS_KEY } from "./use-current-user";

export function SignInForm({ defaultEmail, defaultPassword }: { defaultEmail: string; defaultPassword: string }) {
  const router = useRouter();
  const [showPassword, setShowPassword] = useState(false);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    try {
      const answer = await postJson("/api/signin", { email: form.get("email"), password: form.get("password") });
      toast.success(answer.message);
      signInStateChanged();
      await mutate(USER_DETAILS_KEY);
      router.push("/");
      router.refresh();
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : "An unexpected error occurred");
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate={false}>
      <div className="space-y-1">
        <label htmlFor="email" className="text-sm font-medium">
          Email
        </label>
        <input
          id="email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={defaultEmail}
          className="w-full rounded-lg border border-slate-300 px-3 py-2"
        />
      </div>
      <div className="space-y-1">
        <label htmlFor="password" className="text-sm font-medium">
          Password
        </label>
        <div className="flex rounded-lg border border-slate-300 focus-within:ring-2 focus-within:ring-brand-600">
          <input
            id="password"
            name="password"
            type={showPassword ? "text" : "password"}
            autoComplete="current-password"
            required
            defaultValue={defaultPassword}
            className="w-full rounded-l-lg px-3 py-2 outline-none"
          />
          <button
            type="button"
            onClick={() => setShowPassword((shown) => !shown)}
            className="px-3 text-sm text-slate-600"
            aria-label={showPassword ? "Hide password" : "Show password"}
            aria-pressed={showPassword}
          >
            {showPassword ? "Hide" : "Show"}
          </button>
        </div>
        <Link href="/forgot-password" className="block text-right text-sm text-brand-600 hover:underline">
          Forgot password?
        </Link>
      </div>
      <button
        type="submit"
        disabled={pending}
        className="w-full rounded-full bg-brand-600 py-2.5 font-medium text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {pending ? "Signing in…" : "Sign In"}
      </button>
      <p className="text-center text-sm text-slate-600">
        Don&apos;t have an account?{" "}
        <Link href="/signup" className="text-brand-600 hover:underline">
          Sign up
        </Link>
      </p>
    </form>
  );
}
