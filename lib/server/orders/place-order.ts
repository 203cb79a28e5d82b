import "server-only";
import type { User } from "@/lib/generated/prisma/client";
import { deliveryDetailsOf } from "@/lib/delivery/address";
import { quoteDelivery, type DeliveryQuote } from "@/lib/delivery/quote";
import type { PublicAddress } from "@/lib/delivery/address";
import type { PlaceOrderInput } from "@/lib/orders/place-order";
import { indiaStateName, type DeliveryDetails } from "@/lib/shared/india";
import { formatRupees } from "@/lib/shared/money";
import { readSeller } from "../billing/seller";
import { addAddress, ADDRESS_NOT_FOUND, checkPin, findAddress, listAddresses } from "../delivery/addresses";
import { isRowId } from "../catalog/catalog";
import { db } from "../platform/db";
import { readDeliverySettings } from "../delivery/delivery-settings";
import { lookupPin } from "../delivery/pin-directory";
import { HttpError } from "../platform/http";
import { buyNowLine, choiceTotal, goodsValue, snapshotLines, type CheckoutChoice } from "./checkout";
import { PAYMENT_METHODS } from "./payment-methods";
import { checkCodAllowed } from "./cash-on-delivery";
import type { PublicOrder } from "./types";

// The store's own checkout (POST /api/place-order): the lines (cart or Buy Now) priced from the
// database, the delivery address (a saved one of the caller's, or one typed now), its delivery
// quote (the fee, the dates, whether cash on delivery is offered), then the payment method:
// card opens a Stripe session that carries the address (its page asks none); cash on delivery
// places the order at once (cash-on-delivery.ts).

export type PlacedOrder = ({ kind: "card"; checkoutId: string; sessionId: string; url: string } | { kind: "cod"; order: PublicOrder }) & { warnings: string[] };

export const compositionMessage = (state: string) => `We can deliver only within ${indiaStateName(state)}: as a composition taxpayer, the store may not sell to other states.`;

/** The chosen address (the caller's own saved one; another's is as absent as none), or the typed one, checked and saved when asked. */
async function deliveryAddress(userId: string, input: PlaceOrderInput): Promise<{ delivery: DeliveryDetails; warnings: string[] }> {
  if (input.addressId !== undefined) {
    const saved = await findAddress(userId, input.addressId);
    if (!saved) throw new HttpError(404, ADDRESS_NOT_FOUND, undefined, { addressId: ADDRESS_NOT_FOUND });
    return { delivery: deliveryDetailsOf(saved), warnings: [] };
  }
  const address = input.address!;
  if (!input.saveAddress) return { delivery: deliveryDetailsOf(address), warnings: checkPin(address) };
  try {
    const saved = await addAddress(userId, address);
    return { delivery: deliveryDetailsOf(saved.address), warnings: saved.warnings };
  } catch (error) {
    // A full address book does not stop the order: the address is used once, unsaved.
    if (error instanceof HttpError && error.status === 409) return { delivery: deliveryDetailsOf(address), warnings: [...checkPin(address), "Your address book is full, so this address was not saved."] };
    throw error;
  }
}

export async function placeOrder(user: User, input: PlaceOrderInput, clientOrigin: string | null, now = new Date()): Promise<PlacedOrder> {
  const buyNow = input.productId !== undefined;
  const lines = buyNow ? [await buyNowLine(input.productId)] : await snapshotLines(user.id, input.cartItems!);
  const { delivery, warnings } = await deliveryAddress(user.id, input);
  const [{ settings }, seller] = await Promise.all([readDeliverySettings(), readSeller()]);
  // A composition taxpayer may not supply to another state (CGST Act s.10(2)(c)).
  // By the PIN's state where the directory knows it (a shopper may confirm another state for their PIN).
  const deliveryState = lookupPin(delivery.postalCode)?.state ?? delivery.state;
  if (seller.details.registration === "COMPOSITION" && seller.details.state && deliveryState !== seller.details.state) {
    const message = compositionMessage(seller.details.state);
    throw new HttpError(422, message, undefined, { addressId: message });
  }
  const quote = quoteDelivery(delivery.postalCode, lookupPin(delivery.postalCode), goodsValue(lines), settings, now);
  if (!quote.serviceable) throw new HttpError(422, quote.message, undefined, { addressId: quote.message });
  const cod = input.paymentMethod === "cod";
  const choice: CheckoutChoice = {
    delivery,
    shippingAmount: quote.shippingFee,
    shippingRateName: `Standard delivery (${quote.range})`,
    paymentMethod: input.paymentMethod,
    codFee: cod ? quote.cod.fee : 0,
    buyer: input.business?.gstin ? { gstin: input.business.gstin, legalName: input.business.legalName! } : null,
  };
  if (cod) checkCodAllowed(user, quote, settings);
  // What the page said the shopper pays: a cash order is placed at once, so it must still be so.
  const total = choiceTotal(lines, choice);
  if (input.expectedTotal !== undefined && Math.round(input.expectedTotal * 100) !== total) {
    throw new HttpError(409, `The total is now ${formatRupees(total)}: prices or your cart changed. Check the summary and place the order again.`, undefined, undefined, { total: total / 100 });
  }
  const started = await PAYMENT_METHODS[input.paymentMethod].start(user, { lines, buyNow, choice, clientOrigin, now });
  return started.kind === "placed" ? { kind: "cod", order: started.order, warnings } : { kind: "card", checkoutId: started.checkoutId, sessionId: started.sessionId, url: started.url, warnings };
}

// The checkout page's reads ----------------------------------------------------------------------

/** A line as the checkout page shows it: the database's price (paise) and what is left now. */
export type CheckoutPageLine = { cartItemId: string | null; productId: string; name: string; image: string | null; price: number; quantity: number; available: number; archived: boolean };

export type CheckoutPageData = {
  lines: CheckoutPageLine[];
  /** Paise: the goods that can be bought now. */
  goods: number;
  addresses: PublicAddress[];
  /** Each saved address's quote, by its id (the dates move with the clock: the page is never cached). */
  quotes: Record<string, DeliveryQuote>;
  business: { gstin: string | null; legalName: string | null };
  cardEnabled: boolean;
  codEnabled: boolean;
  emailConfirmed: boolean;
  /** The account's address, where the code that confirms it goes. */
  email: string;
};

/** What /checkout shows the caller: the cart's lines (or Buy Now's one product), their addresses with quotes, how they may pay. */
export async function checkoutPageData(user: User, productId: string | null, now = new Date()): Promise<CheckoutPageData | null> {
  const rows = productId
    ? isRowId(productId)
      ? (await db.product.findMany({ where: { id: productId } })).map((product) => ({ id: null, quantity: 1, product }))
      : []
    : await db.cartItem.findMany({ where: { userId: user.id }, include: { product: true }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  if (productId && rows.length === 0) return null;
  const lines: CheckoutPageLine[] = rows.map((row) => ({
    cartItemId: row.id,
    productId: row.product.id,
    name: row.product.productName,
    image: row.product.productImage[0] ?? null,
    price: row.product.sellingPrice,
    quantity: row.quantity,
    available: Math.max(0, row.product.stock - row.product.held),
    archived: row.product.archivedAt !== null,
  }));
  const goods = lines.reduce((sum, line) => sum + line.price * (line.archived ? 0 : Math.min(line.quantity, line.available)), 0);
  const [addresses, { settings }, account] = await Promise.all([
    listAddresses(user.id),
    readDeliverySettings(),
    db.user.findUnique({ where: { id: user.id }, select: { gstin: true, gstLegalName: true, emailConfirmedAt: true } }),
  ]);
  const quotes = Object.fromEntries(addresses.map((address) => [address._id, quoteDelivery(address.postalCode, lookupPin(address.postalCode), goods, settings, now)]));
  return {
    lines,
    goods,
    addresses,
    quotes,
    business: { gstin: account?.gstin ?? null, legalName: account?.gstLegalName ?? null },
    cardEnabled: PAYMENT_METHODS.card.enabled(),
    codEnabled: settings.codEnabled,
    emailConfirmed: Boolean(account?.emailConfirmedAt),
    email: user.email,
  };
}
