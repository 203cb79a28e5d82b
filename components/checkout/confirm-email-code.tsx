"use client";

import { useId, useState } from "react";
import { toast } from "@/components/ui/toast";
import { ApiError, postJson } from "@/lib/api-client";
import { OTP_LENGTH } from "@/lib/constants";
import { INPUT_CLASS } from "../account/form-styles";

/**
 * Cash on delivery needs a confirmed email address: at the checkout the shopper confirms it on
 * the spot with a code mailed to it (POST /api/send-confirmation {by: "code"}, then
 * /api/confirm-address {otp}), without leaving the page.
 */
export function ConfirmEmailCode({ email, onConfirmed }: { email: string | null; onConfirmed: () => void }) {
  const id = useId();
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState("");
  const [error, setError] = useState("");
  const [pending, setPending] = useState(false);

  async function send() {
    setPending(true);
    setError("");
    try {
      toast.success((await postJson("/api/send-confirmation", { by: "code" })).message);
      setSent(true);
    } catch (failure) {
      // Confirmed meanwhile (in another tab, by the link): nothing more to do.
      if (failure instanceof ApiError && failure.status === 409) onConfirmed();
      else setError(failure instanceof ApiError ? failure.message : "The code could not be sent. Please try again.");
    } finally {
      setPending(false);
    }
  }

  async function confirm(event: React.FormEvent) {
    event.preventDefault();
    // A second Enter while the first is checked would spend another of the code's few guesses.
    if (pending) return;
    if (!new RegExp(`^\\d{${OTP_LENGTH}}$`).test(code.trim())) {
      setError(`Enter the ${OTP_LENGTH}-digit code from the email`);
      return;
    }
    setPending(true);
    setError("");
    try {
      toast.success((await postJson("/api/confirm-address", { otp: code.trim() })).message);
      onConfirmed();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : "The code could not be checked. Please try again.");
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="space-y-2 rounded-lg bg-amber-50 px-3 py-3 text-sm text-amber-950 ring-1 ring-amber-200" data-testid="cod-confirm-email">
      <p>
        To pay on delivery, confirm your email address first: we send a {OTP_LENGTH}-digit code to {email ? <strong className="[overflow-wrap:anywhere]">{email}</strong> : "it"}.
      </p>
      {/* Not a <form>: it sits inside the checkout's form; Enter in the box confirms. */}
      <div className="flex flex-wrap items-end gap-2">
        <button type="button" onClick={send} disabled={pending} className="rounded-full bg-white px-4 py-2 font-medium ring-1 ring-amber-300 hover:bg-amber-100 disabled:opacity-60">
          {sent ? "Send a new code" : "Send the code"}
        </button>
        {sent && (
          <>
            <div className="space-y-1">
              <label htmlFor={`${id}-code`} className="block font-medium">
                Code from the email
              </label>
              <input
                id={`${id}-code`}
                // Shown once the code is sent: the typing goes there.
                autoFocus
                value={code}
                onChange={(event) => setCode(event.target.value.replace(/\D/g, "").slice(0, OTP_LENGTH))}
                onKeyDown={(event) => {
                  if (event.key === "Enter") void confirm(event);
                }}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={OTP_LENGTH}
                aria-invalid={Boolean(error)}
                aria-describedby={error ? `${id}-error` : undefined}
                className={`${INPUT_CLASS} w-32 tracking-widest`}
              />
            </div>
            <button type="button" onClick={confirm} disabled={pending} className="rounded-full bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-600 disabled:opacity-60">
              {pending ? "Checking…" : "Confirm"}
            </button>
          </>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
