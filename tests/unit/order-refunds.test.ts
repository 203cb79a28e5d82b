import { describe, expect, it } from "vitest";
import { linesRefundPaise, refundableLeftPaise, refundableUnits, shippingPaise } from "@/lib/orders/order-refunds";
import { returnWindowClosed } from "@/lib/orders/returns-policy";
import type { PublicRefund } from "@/lib/server/orders/types";

const refund = (amount: number, status: string): PublicRefund => ({
  _id: `r-${amount}-${status}`,
  amount,
  shipping_amount: 0,
  status,
  source: "admin",
  reason: null,
  reference: null,
  failure_reason: null,
  restock: false,
  lines: [],
  createdAt: "2026-11-23T10:00:00.000Z",
});

describe("refundableLeftPaise: what was paid less every refund that has not failed", () => {
  it.each([
    ["no refunds", 1048.5, [], 104_850],
    ["one succeeded", 1048.5, [refund(999.5, "SUCCEEDED")], 4_900],
    ["a pending one counts", 1048.5, [refund(999.5, "PENDING")], 4_900],
    ["a failed one does not", 1048.5, [refund(999.5, "FAILED")], 104_850],
    ["all of it", 1048.5, [refund(999.5, "SUCCEEDED"), refund(49, "SUCCEEDED")], 0],
    ["never below nothing", 10, [refund(20, "SUCCEEDED")], 0],
    ["floating rupees summed in paise", 0.3, [refund(0.1, "SUCCEEDED"), refund(0.2, "SUCCEEDED")], 0],
  ])("%s", (_name, total, refunds, left) => {
    expect(refundableLeftPaise({ total_amount: total, refunds })).toBe(left);
  });
});

describe("lines", () => {
  const order = {
    productDetails: [
      { _id: "a", productId: "p1", name: "A", image: [], price: 999.99, quantity: 2, refunded_quantity: 1 },
      { _id: "b", productId: "p2", name: "B", image: [], price: 0.1, quantity: 3, refunded_quantity: 0 },
    ],
    shipping_options: [{ shipping_amount: 4_900, shipping_rate: "shr_1", name: "Standard" }],
  };
  it.each([
    [{}, 0],
    [{ a: 1 }, 99_999],
    [{ b: 3 }, 30],
    [{ a: 1, b: 2 }, 100_019],
    [{ unknown: 4 }, 0],
  ])("units %j come to %i paise", (quantities, paise) => {
    expect(linesRefundPaise(order, quantities)).toBe(paise);
  });
  it("counts the units not refunded yet, and the shipping in paise", () => {
    expect(order.productDetails.map(refundableUnits)).toEqual([1, 3]);
    expect(shippingPaise(order)).toBe(4_900);
  });
});

describe("returnWindowClosed", () => {
  const ends = "2026-12-01T10:00:00.000Z";
  it.each([
    [null, "2030-01-01T00:00:00.000Z", false],
    [ends, "2026-12-01T09:59:59.999Z", false],
    [ends, "2026-12-01T10:00:00.000Z", false],
    [ends, "2026-12-01T10:00:00.001Z", true],
  ])("ends %s, now %s: %s", (end, now, closed) => {
    expect(returnWindowClosed(end, new Date(now))).toBe(closed);
  });
});
