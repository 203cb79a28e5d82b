"use client";

import { useEffect, useId, useRef, useState } from "react";
import { ApiError, fetchJson } from "@/lib/api-client";
import { PIN_MESSAGE } from "@/lib/delivery/address";
import { PIN_CODE } from "@/lib/shared/india";
import { INPUT_CLASS } from "../account/form-styles";
import { readDeliveryPin, rememberDeliveryPin } from "./delivery-pin";

type Estimate = { pin: string; serviceable: boolean; message: string; place: { district: string; town: string | null } | null };

/**
 * The product page's "Check delivery": a PIN gives the range of arrival days and whether cash on
 * delivery is offered, from a small uncached call (the cached page never carries a date). The PIN
 * is remembered in a cookie by this script (no account needed) and checked again on the next page.
 */
export function CheckDelivery({ value }: { /** The product's price in rupees (the fee and cash on delivery depend on it). */ value: number }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [estimate, setEstimate] = useState<Estimate | null>(null);
  const [problem, setProblem] = useState("");
  const [pending, setPending] = useState(false);
  const asked = useRef(0);

  async function check(wanted: string) {
    setProblem("");
    if (!PIN_CODE.test(wanted)) {
      setEstimate(null);
      setProblem(PIN_MESSAGE);
      return;
    }
    const ticket = ++asked.current;
    setPending(true);
    try {
      const answer = await fetchJson<Estimate>(`/api/delivery-estimate?pin=${wanted}&value=${value}`);
      if (ticket !== asked.current) return;
      setEstimate(answer.data);
      rememberDeliveryPin(wanted);
    } catch (error) {
      if (ticket === asked.current) setProblem(error instanceof ApiError ? error.message : "Delivery dates could not be checked. Please try again.");
    } finally {
      if (ticket === asked.current) setPending(false);
    }
  }

  useEffect(() => {
    // Once, on arrival: the remembered PIN, checked again (its dates move with the clock).
    const remembered = readDeliveryPin();
    if (!remembered || !input.current) return;
    input.current.value = remembered;
    queueMicrotask(() => void check(remembered));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-xl border border-slate-200 p-4" data-testid="check-delivery">
      <h2 id={`${id}-heading`} className="text-sm font-semibold">
        Check delivery
      </h2>
      <form
        noValidate
        className="mt-2 flex gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void check((input.current?.value ?? "").trim());
        }}
      >
        <label htmlFor={`${id}-pin`} className="sr-only">
          Delivery PIN code
        </label>
        <input
          id={`${id}-pin`}
          ref={input}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          placeholder="Enter PIN code"
          aria-invalid={Boolean(problem)}
          aria-describedby={`${id}-result`}
          className={`${INPUT_CLASS} max-w-[12rem]`}
        />
        <button type="submit" disabled={pending} className="rounded-full border border-brand-600 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60">
          {pending ? "Checking…" : "Check"}
        </button>
      </form>
      <div id={`${id}-result`} aria-live="polite" className="mt-2 text-sm" data-testid="delivery-estimate">
        {problem ? (
          <p className="text-red-700">{problem}</p>
        ) : estimate ? (
          <>
            <p className={estimate.serviceable ? "font-medium text-slate-900" : "font-medium text-red-700"}>{estimate.message}</p>
            {estimate.serviceable && estimate.place && (
              <p className="text-slate-600">
                To {estimate.place.town ?? estimate.place.district} {estimate.pin}
              </p>
            )}
          </>
        ) : null}
      </div>
    </section>
  );
}
