"use client";

import { EmptyState } from "../ui/empty-state";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { toast } from "@/components/ui/toast";
import { useSWRConfig } from "swr";
import { postJson } from "@/lib/api-client";
import { onlyLeft, productAvailability } from "@/lib/catalog/availability";
import { cartSummary, type CartSummary } from "@/lib/shop-lists/cart-summary";
import { CheckDelivery } from "../delivery/check-delivery";
import { categoryLabel } from "@/lib/catalog/categories";
import { CART_QUANTITY_MAX, CART_QUANTITY_MIN } from "@/lib/constants";
import { formatRupeeAmount } from "@/lib/shared/money";
import { productImageSrc } from "@/lib/catalog/product-image";
import { type CartEntry, useShopLists } from "./use-shop-lists";
import { useHydrated } from "../ui/use-hydrated";
import { apiErrorMessage } from "../ui/use-api-action";
import { IconButton } from "../ui/icon-button";

/**
 * docs/PRODUCT.md §2.9: 'My Cart' — a row per line (image, name, category, price, minus/plus, remove) and the
 * summary. Changes show at once and roll back to the server's state, with its message, if it
 * refuses.
 */
export function CartView() {
  const { cart, cartKey, loading } = useShopLists();
  // Until hydrated the page cannot know the cart: its skeleton, never "Your cart is empty".
  const hydrated = useHydrated();
  const { mutate } = useSWRConfig();
  // Changes reach the server one after another, in click order: two quick clicks can never
  // arrive reversed and leave the server on the older quantity. The page shows each at once.
  const queue = useRef<Promise<void>>(Promise.resolve());
  const waiting = useRef(0);
  const router = useRouter();
  const [opening, setOpening] = useState(false);

  /**
   * The store's checkout page (/checkout): the address, the delivery dates, card or cash on
   * delivery. Quantity changes still on their way reach the server first, so the page reads them.
   */
  async function checkout() {
    if (opening) return;
    setOpening(true);
    await queue.current;
    router.push("/checkout");
  }

  function change(next: CartEntry[], request: () => Promise<{ message: string }>, announce: boolean) {
    if (!cartKey) return;
    void mutate(cartKey, next, { revalidate: false });
    waiting.current += 1;
    queue.current = queue.current.then(async () => {
      try {
        const answer = await request();
        if (announce) toast.success(answer.message);
      } catch (error) {
        // Refused: the server's message, and the page goes back to what the server holds.
        toast.error(apiErrorMessage(error));
        await mutate(cartKey);
      } finally {
        waiting.current -= 1;
        if (waiting.current === 0) await mutate(cartKey);
      }
    });
  }

  function setQuantity(line: CartEntry, quantity: number) {
    // docs/PRODUCT.md §4.5: minus is ignored below 1; the server refuses more than 99 anyway.
    if (quantity < CART_QUANTITY_MIN || quantity > CART_QUANTITY_MAX) return;
    const next = cart.map((item) => (item._id === line._id ? { ...item, quantity } : item));
    change(next, () => postJson("/api/update-cart-quantity", { productId: line._id, quantity }), false);
  }

  function remove(line: CartEntry) {
    const next = cart.filter((item) => item._id !== line._id);
    change(next, () => postJson("/api/delete-cart-product", { cartProductId: line._id }), true);
  }

  const summary = cartSummary(cart);

  return (
    <section aria-labelledby="cart-heading" className="space-y-4">
      <h1 id="cart-heading" className="text-2xl font-semibold">
        My Cart
      </h1>
      {!hydrated || loading ? (
        <CartSkeleton />
      ) : cart.length === 0 ? (
        <EmptyState title="Your cart is empty." hint="Add something you like and it will wait for you here." action="Continue shopping" />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
          <ul className="space-y-3" aria-label="Cart items">
            {cart.map((line) => (
              <CartRow key={line._id} line={line} onQuantity={(quantity) => setQuantity(line, quantity)} onRemove={() => remove(line)} />
            ))}
          </ul>
          <SummaryCard figures={summary}>
            {summary.unbuyable > 0 && (
              <p id="checkout-blocked" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="checkout-blocked">
                {unbuyableNote(summary.unbuyable)}
              </p>
            )}
            <button
              type="button"
              onClick={checkout}
              disabled={opening || summary.unbuyable > 0}
              aria-busy={opening || undefined}
              aria-describedby={summary.unbuyable > 0 ? "checkout-blocked checkout-note" : "checkout-note"}
              className={`${CHECKOUT_BUTTON} bg-brand-600 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60`}
            >
              {opening ? "Opening checkout…" : "Checkout"}
            </button>
          </SummaryCard>
        </div>
      )}
    </section>
  );
}

/**
 * Beside Checkout when some units cannot be bought now (issue 35): they are not in the summary,
 * and the server would refuse the checkout until they are removed or lowered.
 */
function unbuyableNote(units: number): string {
  return `${units === 1 ? "1 unit" : `${units} units`} in your cart cannot be bought now and ${units === 1 ? "is" : "are"} not counted above. Remove ${units === 1 ? "it" : "them"} or lower the quantity to check out.`;
}

/**
 * What a line says of its product's availability: "No longer available" or "Out of stock" (the
 * checkout refuses the cart until it changes), "Only N left" when the line wants more than that
 * (the checkout refuses too) or when few are left; nothing otherwise.
 */
function lineStatus(line: CartEntry): { text: string; blocking: boolean } | null {
  const product = line.productId;
  if (!product) return null;
  const availability = productAvailability(product);
  if (!availability.buyable) return { text: availability.label, blocking: true };
  if (line.quantity > product.available) return { text: onlyLeft(product.available), blocking: true };
  if (availability.state === "low" || line.quantity === product.available) return { text: onlyLeft(product.available), blocking: false };
  return null;
}

function CartRow({ line, onQuantity, onRemove }: { line: CartEntry; onQuantity: (quantity: number) => void; onRemove: () => void }) {
  const product = line.productId;
  const name = product?.productName ?? "A product no longer sold";
  const status = lineStatus(line);
  const statusId = `cart-line-status-${line._id}`;
  const unavailable = product !== null && !productAvailability(product).buyable;
  // docs/PRODUCT.md §4.5: plus adds one, up to what is available (and the cart's bound).
  const atMost = product ? Math.min(product.available, CART_QUANTITY_MAX) : 0;
  const canAdd = !unavailable && line.quantity < atMost;
  return (
    <li className={ROW} data-testid="cart-line">
      <div className={`${ROW_IMAGE} grid grid-cols-1 grid-rows-1 place-items-center bg-slate-100 p-2 ${unavailable ? "opacity-50 grayscale" : ""}`}>
        {product?.productImage[0] && (
          // eslint-disable-next-line @next/next/no-img-element -- sized by the image host (lib/catalog/product-image.ts)
          <img src={productImageSrc(product.productImage[0], 112)} alt="" width={112} height={112} className="h-full w-full object-contain mix-blend-multiply" />
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-start justify-between gap-2">
          {product ? (
            <Link href={`/product/${product._id}`} className="line-clamp-2 font-medium hover:underline">
              {name}
            </Link>
          ) : (
            <span className="font-medium text-slate-600">{name}</span>
          )}
          <IconButton icon="trash" label={`Remove ${name} from cart`} onClick={onRemove} className="h-8 w-8 text-slate-600 hover:bg-brand-50 hover:text-brand-700" />
        </div>
        {product && <p className="text-sm text-slate-600">{categoryLabel(product.category)}</p>}
        {status && (
          <p id={statusId} className={`text-sm font-semibold ${status.blocking ? "text-red-700" : "text-amber-800"}`} data-testid="cart-line-status">
            {status.text}
          </p>
        )}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2">
          {product && <p className="font-semibold text-brand-700">{formatRupeeAmount(product.sellingPrice)}</p>}
          <div className="flex items-center gap-2" role="group" aria-label={`Quantity of ${name}`}>
            <button type="button" onClick={() => onQuantity(line.quantity - 1)} aria-label={`Decrease quantity of ${name}`} className={STEP}>
              <span aria-hidden="true">−</span>
            </button>
            <output className="w-8 text-center font-medium" aria-live="polite" data-testid="line-quantity">
              {line.quantity}
            </output>
            <button
              type="button"
              onClick={() => onQuantity(line.quantity + 1)}
              disabled={!canAdd}
              aria-label={`Increase quantity of ${name}`}
              aria-describedby={!canAdd && status ? statusId : undefined}
              className={STEP}
            >
              <span aria-hidden="true">+</span>
            </button>
          </div>
        </div>
      </div>
    </li>
  );
}

const STEP =
  "grid h-8 w-8 place-items-center rounded-md border border-brand-600 text-lg font-semibold text-brand-700 hover:bg-brand-600 hover:text-white disabled:cursor-not-allowed disabled:border-slate-300 disabled:text-slate-400 disabled:hover:bg-transparent";

// A cart line's frame and image box, and the checkout button's box: the skeleton is drawn with them.
const ROW = "flex gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:gap-4";
const ROW_IMAGE = "h-24 w-24 shrink-0 rounded-xl sm:h-28 sm:w-28";
const CHECKOUT_BUTTON = "w-full rounded-full py-2.5";

/** docs/PRODUCT.md §9: the summary; without figures (loading), bars stand in for them and the button. */
function SummaryCard({ figures, children }: { figures: CartSummary | null; children?: React.ReactNode }) {
  const bar = <span className="my-1 block h-3 w-12 animate-pulse rounded bg-slate-200" />;
  return (
    <aside aria-labelledby={figures ? "summary-heading" : undefined} className="h-fit space-y-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 lg:sticky lg:top-20">
      <h2 id={figures ? "summary-heading" : undefined} className="rounded-lg bg-brand-600 px-3 py-1.5 text-lg font-semibold text-white">
        Summary
      </h2>
      <dl className="space-y-2 text-sm">
        <div className="flex justify-between">
          <dt className="text-slate-600">Quantity</dt>
          <dd className="font-semibold" data-testid={figures ? "cart-quantity" : undefined}>
            {figures ? figures.quantity : bar}
          </dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-slate-600">Total Price</dt>
          <dd className="font-semibold" data-testid={figures ? "cart-total" : undefined}>
            {figures ? figures.total : bar}
          </dd>
        </div>
      </dl>
      {children ?? (
        <div className={`${CHECKOUT_BUTTON} animate-pulse bg-slate-200`}>
          <span className="invisible font-semibold">Checkout</span>
        </div>
      )}
      {/* The dates for the remembered PIN (the product pages' "Check delivery"), for the cart's value. */}
      {figures && <CheckDelivery value={figures.totalPaise / 100} />}
      <p id={figures ? "checkout-note" : undefined} className="text-xs text-slate-600">
        The delivery address, its fee and how you pay (card or cash on delivery) come on the next page.
      </p>
    </aside>
  );
}

/** Three lines and the summary, in the loaded page's frames and sizes (docs/ENGINEERING.md §8). */
function CartSkeleton() {
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem]" role="status" aria-busy="true" aria-label="Loading your cart">
      <div className="space-y-3" aria-hidden="true">
        {[0, 1, 2].map((index) => (
          <div key={index} className={ROW}>
            <div className={`${ROW_IMAGE} animate-pulse bg-slate-200`} />
            <div className="flex-1 space-y-2 py-1">
              <div className="h-4 w-3/4 animate-pulse rounded bg-slate-200" />
              <div className="h-3 w-1/3 animate-pulse rounded bg-slate-200" />
            </div>
          </div>
        ))}
      </div>
      <div aria-hidden="true">
        <SummaryCard figures={null} />
      </div>
    </div>
  );
}
