import { describe, expect, it } from "vitest";
import { orderPaymentStatus } from "@/lib/orders/order-payment-status";

const order = (total: number, refunded: number, status = "paid") => ({
  total_amount: total,
  refunded_amount: refunded,
  paymentDetails: { paymentId: "pi_1", payment_method_type: ["card"], payment_status: status },
});

describe("orderPaymentStatus: what an order card says under 'Payment status' (issue 35)", () => {
  it("says Stripe's status in words while nothing was refunded", () => {
    expect(orderPaymentStatus(order(1049, 0))).toBe("Paid");
    expect(orderPaymentStatus(order(1049, 0, "unpaid"))).toBe("Awaiting payment");
  });

  it("says Refunded, not Paid, once all of it came back (a cancelled order), and Partly refunded before", () => {
    expect(orderPaymentStatus(order(1049, 1049))).toBe("Refunded");
    expect(orderPaymentStatus(order(1049.5, 1000))).toBe("Partly refunded");
    expect(orderPaymentStatus(order(0.3, 0.3))).toBe("Refunded");
  });
});
