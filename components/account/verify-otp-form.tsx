"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { toast } from "@/components/ui/toast";
import { postJson } from "@/lib/api-client";
import { OTP_LENGTH, OTP_VALIDITY_SECONDS } from "@/lib/constants";
import { countdownAnnouncement, formatCountdown } from "@/lib/accounts/countdown";
import { backspace, emptyDigits, moveFocus, pasteCode, typeDigit, type OtpStep } from "@/lib/accounts/otp-input";
import { PRIMARY_BUTTON_CLASS } from "./form-styles";
import { useCountdown } from "./use-countdown";
import { useResetEmail } from "./use-reset-email";
import { useApiAction } from "../ui/use-api-action";

const INCOMPLETE_MESSAGE = `Please enter the ${OTP_LENGTH}-digit code`;

/**
 * What one box's new value means. With the box's digit selected on focus a keystroke replaces
 * it; if the caret sat beside the old digit instead, the new one is what was added.
 */
function typedText(previous: string, value: string): string {
  if (!previous || value.length !== previous.length + 1) return value;
  return value.startsWith(previous) ? value.slice(previous.length) : value.slice(0, value.length - previous.length);
}

/** docs/PRODUCT.md §2.4 /verify-otp: six boxes, a 5:00 countdown, 'Verify' and 'Request again'. */
export function VerifyOtpForm() {
  const router = useRouter();
  const { email } = useResetEmail();
  const { secondsLeft, restart } = useCountdown(OTP_VALIDITY_SECONDS);
  const [digits, setDigits] = useState(() => emptyDigits(OTP_LENGTH));
  const { pending, run } = useApiAction();
  const { pending: resending, run: resend } = useApiAction();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const expired = secondsLeft <= 0;

  function focusBox(index: number) {
    const box = boxes.current[index];
    box?.focus();
    box?.select();
  }

  // On arrival (from 'Reset Password') the code goes straight into the first box.
  useEffect(() => focusBox(0), []);

  function apply(step: OtpStep) {
    setDigits(step.digits);
    focusBox(step.focus);
  }

  function onChange(index: number, event: React.ChangeEvent<HTMLInputElement>) {
    const value = event.target.value;
    if (value === "") {
      // A deletion some mobile keyboards make without a Backspace key event.
      apply({ digits: digits.map((digit, at) => (at === index ? "" : digit)), focus: index });
      return;
    }
    apply(typeDigit(digits, index, typedText(digits[index] ?? "", value)));
  }

  function onKeyDown(index: number, event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Backspace") {
      event.preventDefault();
      apply(backspace(digits, index));
    } else if (event.key === "Delete") {
      event.preventDefault();
      apply({ digits: digits.map((digit, at) => (at === index ? "" : digit)), focus: index });
    } else if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      event.preventDefault();
      focusBox(moveFocus(digits, index, event.key));
    }
  }

  function onPaste(index: number, event: React.ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    apply(pasteCode(digits, index, event.clipboardData.getData("text")));
  }

  async function requestAgain() {
    if (!email) return;
    await resend(async () => {
      const answer = await postJson("/api/send-otp", { email });
      toast.success(answer.message);
      restart();
      apply({ digits: emptyDigits(OTP_LENGTH), focus: 0 });
    });
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email || expired) return;
    const otp = digits.join("");
    if (otp.length !== OTP_LENGTH) {
      toast.error(INCOMPLETE_MESSAGE);
      focusBox(Math.max(0, digits.indexOf("")));
      return;
    }
    await run(async () => {
      const answer = await postJson("/api/verify-otp", { email, otp });
      toast.success(answer.message);
      router.push("/reset-password");
    });
  }

  return (
    <form onSubmit={onSubmit} className="space-y-5">
      <p className="text-sm text-slate-600">
        Enter the {OTP_LENGTH}-digit code we sent to{" "}
        {email ? <strong className="break-all font-medium text-slate-900">{email}</strong> : "your email"}.
      </p>
      <fieldset>
        <legend className="mb-2 text-sm font-medium">One-time code</legend>
        <div className="grid grid-cols-6 gap-2">
          {digits.map((digit, index) => (
            <input
              key={index}
              ref={(element) => {
                boxes.current[index] = element;
              }}
              type="text"
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete={index === 0 ? "one-time-code" : "off"}
              aria-label={`Digit ${index + 1} of ${OTP_LENGTH}`}
              value={digit}
              onChange={(event) => onChange(index, event)}
              onKeyDown={(event) => onKeyDown(index, event)}
              onPaste={(event) => onPaste(index, event)}
              onFocus={(event) => event.target.select()}
              className="h-12 w-full min-w-0 rounded-lg border border-slate-300 bg-white text-center text-xl font-semibold tabular-nums focus:border-brand-600"
            />
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <p className="text-slate-600">
          Code expires in{" "}
          <span className="font-semibold tabular-nums text-slate-900" data-testid="otp-countdown">
            {formatCountdown(secondsLeft)}
          </span>
        </p>
        <button type="button" onClick={requestAgain} disabled={resending || !email} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-600 disabled:opacity-60">
          {resending ? "Sending…" : "Request again"}
        </button>
      </div>
      {/* Polite and changed only at each minute, 0:30, 0:10 and the expiry, never every second. */}
      <p aria-live="polite" aria-atomic="true" className={expired ? "text-sm font-medium text-red-700" : "sr-only"}>
        {countdownAnnouncement(secondsLeft)}
      </p>
      <button type="submit" disabled={expired || pending || !email} className={PRIMARY_BUTTON_CLASS}>
        {pending ? "Verifying…" : "Verify"}
      </button>
    </form>
  );
}
