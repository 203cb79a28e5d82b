"use client";

import useSWR from "swr";
import { useId } from "react";
import { toast } from "@/components/ui/toast";
import { fetchJson, postJson } from "@/lib/api-client";
import { useHydrated } from "../ui/use-hydrated";
import { useApiAction } from "../ui/use-api-action";
import { useFieldErrors } from "../ui/use-field-errors";
import { INPUT_CLASS } from "./form-styles";
import { useCurrentUser } from "./use-current-user";

type Details = { gstin: string | null; legalName: string | null };
const KEY = "/api/business-details";

/**
 * My Account's "Business purchases": a GSTIN and legal name that the next orders' tax invoices
 * name (B2B invoices), checked on the server like the seller's; empty both to buy as a person.
 * Shoppers only (an admin's account does not buy).
 */
export function BusinessDetails() {
  const hydrated = useHydrated();
  const { user } = useCurrentUser();
  const shopper = user?.role === "USER";
  const { data, error: loadError, mutate } = useSWR<Details>(hydrated && shopper ? KEY : null, async () => (await fetchJson<Details>(KEY)).data);
  const id = useId();
  const { errors, problem, clear, refuse, fix, describedBy, errorOf } = useFieldErrors(id, (name) => name === "gstin" || name === "legalName");
  const { pending, run } = useApiAction({ quiet: true });
  if (!hydrated || !shopper) return null;
  if (loadError && !data) {
    return (
      <section aria-label="Business purchases" className="mt-6 rounded-2xl bg-white p-6 shadow-sm sm:p-8">
        <p role="alert" className="text-sm text-red-700">
          Your business details could not be loaded.{" "}
          <button type="button" onClick={() => mutate()} className="font-medium text-brand-700 underline underline-offset-2">
            Try again
          </button>
        </p>
      </section>
    );
  }
  if (!data) return <section role="status" aria-busy="true" aria-label="Loading your business details" className="mt-6 h-64 animate-pulse rounded-2xl bg-white shadow-sm" />;

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = { gstin: String(form.get("gstin") ?? "").trim() || null, legalName: String(form.get("legalName") ?? "").trim() || null };
    clear();
    await run(async () => {
      try {
        const answer = await postJson<Details>(KEY, body, "PUT");
        await mutate(answer.data, { revalidate: false });
        toast.success(answer.message);
      } catch (refused) {
        refuse(refused);
      }
    });
  }

  const field = (name: "gstin" | "legalName", label: string, props: React.InputHTMLAttributes<HTMLInputElement>) => (
    <div className="space-y-1">
      <label htmlFor={`${id}-${name}`} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        name={name}
        defaultValue={data?.[name] ?? ""}
        aria-invalid={Boolean(errors[name])}
        aria-describedby={describedBy(name)}
        onInput={() => fix(name)}
        className={INPUT_CLASS}
        {...props}
      />
      {errorOf(name)}
    </div>
  );

  return (
    <section aria-labelledby={`${id}-heading`} className="mt-6 rounded-2xl bg-white p-6 shadow-sm sm:p-8" data-testid="business-details">
      <h2 id={`${id}-heading`} className="text-xl font-semibold">
        Business purchases
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Buying for a GST-registered business? Give its GSTIN and legal name: the tax invoices of your next orders will name it, so the business can claim the input tax credit.
        Leave both empty to buy as a person.
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
        {field("gstin", "GSTIN", { maxLength: 20, autoComplete: "off", spellCheck: false, className: `${INPUT_CLASS} uppercase` })}
        {field("legalName", "Legal name of the business", { maxLength: 200, autoComplete: "organization" })}
        {problem && (
          <p role="alert" className="text-sm text-red-700 sm:col-span-2">
            {problem}
          </p>
        )}
        <div className="sm:col-span-2">
          <button type="submit" disabled={pending} className="rounded-full bg-brand-600 px-5 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60">
            {pending ? "Saving…" : "Save business details"}
          </button>
        </div>
      </form>
    </section>
  );
}
