"use client";

import { useRouter } from "next/navigation";
import { useEffect, useId, useState } from "react";
import { toast } from "@/components/ui/toast";
import { ApiError, fetchJson, postJson } from "@/lib/api-client";
import type { PublicAddress } from "@/lib/delivery/address";
import type { DeliveryQuote } from "@/lib/delivery/quote";
import type { PaymentMethodName } from "@/lib/orders/place-order";
import type { CheckoutPageData } from "@/lib/server/orders/place-order";
import { formatRupees } from "@/lib/shared/money";
import { INPUT_CLASS } from "../account/form-styles";
import { AddressForm, type AddressValues } from "../delivery/address-form";
import { AddressLines, saveAddress } from "../delivery/address-parts";
import { useFieldErrors } from "../ui/use-field-errors";
import { ConfirmEmailCode } from "./confirm-email-code";

type ServiceableQuote = Extract<DeliveryQuote, { serviceable: true }>;
/** The estimate call answers rupees; the page keeps paise, as the server's quotes. */
type EstimateAnswer = DeliveryQuote & { shippingFee?: number; cod?: { available: boolean; reason: string | null; fee: number } };

const CARD = "rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6";
const FIELDS = ["addressId", "paymentMethod", "business.gstin", "business.legalName", "gstin", "legalName"];

async function quoteFor(pin: string, goods: number): Promise<DeliveryQuote> {
  const answer = (await fetchJson<EstimateAnswer>(`/api/delivery-estimate?pin=${pin}&value=${goods / 100}`)).data;
  if (!answer.serviceable) return answer;
  return { ...answer, shippingFee: Math.round(answer.shippingFee * 100), cod: { ...answer.cod, fee: Math.round(answer.cod.fee * 100) } } as ServiceableQuote;
}

/**
 * The checkout page's form: the address (saved ones, or a new one, saved unless the shopper says
 * not to), its delivery dates and fee, card or cash on delivery (with the reason when it is not
 * offered), an optional business purchase, and the summary with one button: "Pay ₹X" or "Place
 * order". Works by keyboard alone: radios, labelled fields, errors said under their fields.
 */
export function CheckoutView({ data, buyNowProductId }: { data: CheckoutPageData; buyNowProductId: string | null }) {
  const router = useRouter();
  const id = useId();
  const [addresses, setAddresses] = useState<PublicAddress[]>(data.addresses);
  const [quotes, setQuotes] = useState<Record<string, DeliveryQuote>>(data.quotes);
  const [choice, setChoice] = useState<string>(data.addresses[0]?._id ?? "new");
  const [typed, setTyped] = useState<AddressValues | null>(null);
  const [method, setMethod] = useState<PaymentMethodName>(data.cardEnabled ? "card" : "cod");
  const [forBusiness, setForBusiness] = useState(Boolean(data.business.gstin));
  const [pending, setPending] = useState(false);
  const [leaving, setLeaving] = useState(false);
  // Confirmed here by a code (ConfirmEmailCode), the page need not be read again.
  const [emailConfirmed, setEmailConfirmed] = useState(data.emailConfirmed);
  const { errors, problem, clear, refuse, describedBy, errorOf } = useFieldErrors(id, (name) => FIELDS.includes(name));

  // Back from Stripe's page through the back-forward cache: the button is usable again.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, []);

  const quote: DeliveryQuote | undefined = choice === "typed" ? quotes.typed : quotes[choice];
  const serviceable = quote?.serviceable ? quote : null;
  const blocked = data.lines.filter((line) => line.archived || line.available < line.quantity);
  const codOffer = serviceable?.cod;
  const codAllowed = Boolean(data.codEnabled && codOffer?.available);
  const payWith: PaymentMethodName = method === "cod" && !codAllowed && data.cardEnabled ? "card" : method;
  const shipping = serviceable?.shippingFee ?? 0;
  const codFee = payWith === "cod" && codOffer ? codOffer.fee : 0;
  const total = data.goods + shipping + codFee;
  const canPay = Boolean(serviceable) && blocked.length === 0 && (payWith === "card" ? data.cardEnabled : codAllowed && emailConfirmed);

  async function useTyped(values: AddressValues, save: boolean) {
    if (save) {
      const saved = await saveAddress(values, null);
      const fresh = await quoteFor(saved.postalCode, data.goods);
      setAddresses((list) => [...list, saved]);
      setQuotes((all) => ({ ...all, [saved._id]: fresh }));
      setChoice(saved._id);
      toast.success("Address saved");
    } else {
      const fresh = await quoteFor(values.postalCode, data.goods);
      setTyped(values);
      setQuotes((all) => ({ ...all, typed: fresh }));
      setChoice("typed");
    }
  }

  async function submit() {
    if (pending || leaving) return;
    clear();
    setPending(true);
    try {
      const body = {
        ...(buyNowProductId ? { productId: buyNowProductId } : { cartItems: data.lines.map((line) => line.cartItemId) }),
        ...(choice === "typed" && typed ? { address: typed, saveAddress: false } : { addressId: choice }),
        paymentMethod: payWith,
        expectedTotal: total / 100,
        business: forBusiness ? { gstin: (document.getElementById(`${id}-gstin`) as HTMLInputElement).value.trim() || null, legalName: (document.getElementById(`${id}-legalName`) as HTMLInputElement).value.trim() || null } : null,
      };
      const answer = await postJson<{ paymentMethod: PaymentMethodName; url?: string; order?: { _id: string }; warnings: string[] }>("/api/place-order", body);
      for (const warning of answer.data.warnings) toast.warning(warning);
      if (answer.data.paymentMethod === "card" && answer.data.url) {
        setLeaving(true);
        window.location.assign(answer.data.url);
      } else if (answer.data.order) {
        setLeaving(true);
        router.push(`/order-placed/${answer.data.order._id}`);
      }
    } catch (error) {
      // The business fields' refusals come as business.gstin: shown under the GSTIN box.
      if (error instanceof ApiError) {
        const fields = Object.fromEntries(Object.entries(error.fields).map(([key, value]) => [key.replace(/^business\./, ""), value]));
        refuse(new ApiError(error.status, error.message, fields, error.data));
        // Stock or prices moved: the page reads them again.
        if (error.status === 409) router.refresh();
      } else refuse(error);
    } finally {
      setPending(false);
    }
  }

  const backTo = buyNowProductId ? `/product/${buyNowProductId}` : "/user-panel/cart";

  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
      <div className="space-y-6">
        <fieldset className={CARD} aria-describedby={describedBy("addressId")}>
          <legend className="float-left mb-3 w-full text-lg font-semibold">Delivery address</legend>
          <div className="clear-both space-y-3">
            {addresses.map((address) => (
              <label key={address._id} className={`flex cursor-pointer gap-3 rounded-xl border p-3 text-sm ${choice === address._id ? "border-brand-600 bg-brand-50" : "border-slate-200"}`} data-testid="checkout-address">
                <input type="radio" name="address" value={address._id} checked={choice === address._id} onChange={() => setChoice(address._id)} className="mt-1 h-4 w-4 accent-brand-600" />
                <span className="text-slate-700">
                  <AddressLines address={address} />
                </span>
              </label>
            ))}
            {typed && (
              <label className={`flex cursor-pointer gap-3 rounded-xl border p-3 text-sm ${choice === "typed" ? "border-brand-600 bg-brand-50" : "border-slate-200"}`}>
                <input type="radio" name="address" value="typed" checked={choice === "typed"} onChange={() => setChoice("typed")} className="mt-1 h-4 w-4 accent-brand-600" />
                <span className="text-slate-700">
                  {typed.name}, {typed.line1}, {typed.city} {typed.postalCode} (this order only)
                </span>
              </label>
            )}
            <label className={`flex cursor-pointer items-center gap-3 rounded-xl border p-3 text-sm ${choice === "new" ? "border-brand-600 bg-brand-50" : "border-slate-200"}`}>
              <input type="radio" name="address" value="new" checked={choice === "new"} onChange={() => setChoice("new")} className="h-4 w-4 accent-brand-600" />
              <span className="font-medium">{addresses.length ? "Deliver to a new address" : "Add a delivery address"}</span>
            </label>
            {choice === "new" && <NewAddress onUse={useTyped} />}
            {errorOf("addressId")}
          </div>
        </fieldset>

        <section className={CARD} aria-labelledby={`${id}-delivery`} data-testid="checkout-delivery">
          <h2 id={`${id}-delivery`} className="text-lg font-semibold">
            Delivery
          </h2>
          {!quote ? (
            <p className="mt-2 text-sm text-slate-600">Choose an address to see when it arrives.</p>
          ) : quote.serviceable ? (
            <p className="mt-2 text-sm text-slate-800">
              Arrives <span className="font-semibold">{quote.range}</span> · {quote.shippingFee === 0 ? "Free delivery" : `${formatRupees(quote.shippingFee)} delivery`}
            </p>
          ) : (
            <p className="mt-2 text-sm font-medium text-red-700">{quote.message}</p>
          )}
        </section>

        <fieldset className={CARD} aria-describedby={describedBy("paymentMethod")}>
          <legend className="float-left mb-3 w-full text-lg font-semibold">Payment</legend>
          <div className="clear-both space-y-3">
            {data.cardEnabled && (
              <label className={`flex cursor-pointer gap-3 rounded-xl border p-3 text-sm ${payWith === "card" ? "border-brand-600 bg-brand-50" : "border-slate-200"}`}>
                <input type="radio" name="paymentMethod" value="card" checked={payWith === "card"} onChange={() => setMethod("card")} className="mt-1 h-4 w-4 accent-brand-600" />
                <span>
                  <span className="block font-medium">Card</span>
                  <span className="text-slate-600">Pay now on the payment page.</span>
                </span>
              </label>
            )}
            <label className={`flex gap-3 rounded-xl border p-3 text-sm ${codAllowed ? "cursor-pointer" : "cursor-not-allowed opacity-80"} ${payWith === "cod" ? "border-brand-600 bg-brand-50" : "border-slate-200"}`}>
              <input type="radio" name="paymentMethod" value="cod" checked={payWith === "cod"} disabled={!codAllowed} onChange={() => setMethod("cod")} aria-describedby={`${id}-cod-note`} className="mt-1 h-4 w-4 accent-brand-600" />
              <span>
                <span className="block font-medium">Cash on delivery</span>
                <span id={`${id}-cod-note`} className="text-slate-600" data-testid="cod-note">
                  {!data.codEnabled
                    ? "Cash on delivery is not available at the moment."
                    : !serviceable
                      ? "Choose an address to see if you can pay on delivery."
                      : codOffer?.available
                        ? `Pay in cash when the parcel arrives${codOffer.fee > 0 ? ` (${formatRupees(codOffer.fee)} fee)` : ""}.`
                        : (codOffer?.reason ?? "")}
                </span>
              </span>
            </label>
            {payWith === "cod" && !emailConfirmed && <ConfirmEmailCode email={data.email} onConfirmed={() => setEmailConfirmed(true)} />}
            {errorOf("paymentMethod")}
          </div>
        </fieldset>

        <section className={CARD} aria-labelledby={`${id}-business`}>
          <h2 id={`${id}-business`} className="sr-only">
            Business purchase
          </h2>
          <label className="flex items-center gap-2 text-sm font-medium">
            <input type="checkbox" checked={forBusiness} onChange={(event) => setForBusiness(event.target.checked)} className="h-4 w-4 accent-brand-600" />
            Buying for a GST-registered business (the invoice names it)
          </label>
          {forBusiness && (
            <div className="mt-3 grid gap-3 sm:grid-cols-2">
              <div className="space-y-1">
                <label htmlFor={`${id}-gstin`} className="text-sm font-medium">
                  GSTIN
                </label>
                <input id={`${id}-gstin`} defaultValue={data.business.gstin ?? ""} maxLength={20} autoComplete="off" spellCheck={false} aria-invalid={Boolean(errors.gstin)} aria-describedby={describedBy("gstin")} className={`${INPUT_CLASS} uppercase`} />
                {errorOf("gstin")}
              </div>
              <div className="space-y-1">
                <label htmlFor={`${id}-legalName`} className="text-sm font-medium">
                  Legal name of the business
                </label>
                <input id={`${id}-legalName`} defaultValue={data.business.legalName ?? ""} maxLength={200} autoComplete="organization" aria-invalid={Boolean(errors.legalName)} aria-describedby={describedBy("legalName")} className={INPUT_CLASS} />
                {errorOf("legalName")}
              </div>
            </div>
          )}
        </section>
      </div>

      <aside className={`${CARD} space-y-4 lg:sticky lg:top-24`} aria-labelledby={`${id}-summary`} data-testid="checkout-summary">
        <h2 id={`${id}-summary`} className="text-lg font-semibold">
          Order summary
        </h2>
        <ul className="space-y-2 text-sm">
          {data.lines.map((line) => (
            <li key={line.cartItemId ?? line.productId} className="flex justify-between gap-3">
              <span>
                {line.name} <span className="text-slate-600">× {line.quantity}</span>
                {(line.archived || line.available < line.quantity) && (
                  <span className="block font-medium text-red-700" data-testid="checkout-line-problem">
                    {line.archived ? "No longer sold" : line.available === 0 ? "Out of stock" : `Only ${line.available} left`}
                  </span>
                )}
              </span>
              <span className="shrink-0">{formatRupees(line.price * line.quantity)}</span>
            </li>
          ))}
        </ul>
        <dl className="space-y-1 border-t border-slate-200 pt-3 text-sm">
          <div className="flex justify-between">
            <dt>Items</dt>
            <dd>{formatRupees(data.goods)}</dd>
          </div>
          <div className="flex justify-between">
            <dt>Delivery</dt>
            <dd>{serviceable ? (shipping === 0 ? "Free" : formatRupees(shipping)) : "—"}</dd>
          </div>
          {codFee > 0 && (
            <div className="flex justify-between">
              <dt>Cash on delivery fee</dt>
              <dd>{formatRupees(codFee)}</dd>
            </div>
          )}
          <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-semibold">
            <dt>Total (incl. GST)</dt>
            <dd data-testid="checkout-total">{formatRupees(total)}</dd>
          </div>
        </dl>
        {blocked.length > 0 && (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status">
            Some items cannot be bought now.{" "}
            {/* A whole page load: the product's page and the cart read the stock again. */}
            <a href={backTo} className="font-medium underline underline-offset-2">
              {buyNowProductId ? "Back to the product" : "Change your cart"}
            </a>
          </p>
        )}
        {problem && (
          <p role="alert" className="text-sm text-red-700">
            {problem}
          </p>
        )}
        <button
          type="button"
          onClick={submit}
          disabled={!canPay || pending || leaving}
          aria-busy={pending || leaving || undefined}
          className="w-full rounded-full bg-brand-600 py-3 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {pending || leaving ? (payWith === "card" ? "Opening payment…" : "Placing order…") : payWith === "card" ? `Pay ${formatRupees(total)}` : "Place order"}
        </button>
        {payWith === "cod" && serviceable && <p className="text-xs text-slate-600">You pay {formatRupees(total)} in cash when the parcel arrives.</p>}
      </aside>
    </div>
  );
}

/** A new address on the checkout page: saved to the address book unless the shopper says not to. */
function NewAddress({ onUse }: { onUse: (values: AddressValues, save: boolean) => Promise<void> }) {
  const [save, setSave] = useState(true);
  return (
    <div className="rounded-xl border border-slate-200 p-3">
      <AddressForm
        submitLabel="Use this address"
        onSubmit={(values) => onUse(values, save)}
        extra={() => (
          <label className="flex items-center gap-2 text-sm sm:col-span-2">
            <input type="checkbox" checked={save} onChange={(event) => setSave(event.target.checked)} className="h-4 w-4 accent-brand-600" />
            Save it to my address book
          </label>
        )}
      />
    </div>
  );
}
