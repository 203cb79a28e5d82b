import { z } from "zod";
import { plainText, requestReturnSchema, rowId } from "../schemas";

// Where money paid in cash goes back: the shopper's UPI ID or bank account, asked for with a
// return of a cash-on-delivery order and shown to the admin, who pays it (bank transfer or UPI,
// outside the store) and records the payment's reference. Client-safe: the return form checks
// with the same rules the server does.

/** A UPI ID (virtual payment address): a name of letters, digits, dots, hyphens or underscores, "@", the bank's handle. */
export const UPI_ID = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9]{1,63}$/;
/** An IFSC (RBI): four letters for the bank, a 0, six letters or digits for the branch. */
export const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** An Indian bank account number: 9 to 18 digits. */
export const BANK_ACCOUNT = /^[0-9]{9,18}$/;

export const refundAccountSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({
      kind: z.literal("upi"),
      upiId: z
        .string({ error: "UPI ID is required" })
        .trim()
        .min(1, "UPI ID is required")
        .max(320, "UPI ID is too long")
        .regex(UPI_ID, "Enter a UPI ID such as name@okhdfcbank"),
    }),
    z.object({
      kind: z.literal("bank"),
      holder: z.string({ error: "Account holder's name is required" }).trim().min(2, "Account holder's name is required").max(100, "Account holder's name is at most 100 characters").refine(...plainText("Account holder's name")),
      accountNumber: z
        .string({ error: "Account number is required" })
        .transform((value) => value.replace(/[\s-]/g, ""))
        .pipe(z.string().regex(BANK_ACCOUNT, "Account number must be 9 to 18 digits")),
      ifsc: z
        .string({ error: "IFSC is required" })
        .trim()
        .transform((value) => value.toUpperCase())
        .pipe(z.string().regex(IFSC, "IFSC must be 11 characters: 4 letters, a 0, then 6 letters or digits (e.g. HDFC0001234)")),
    }),
  ],
  { error: "Choose UPI or a bank account for the refund" },
);

export type RefundAccount = z.infer<typeof refundAccountSchema>;

/** The account as the admin reads it to pay ("UPI asha@okhdfcbank", "Bank account 123456789012 · IFSC HDFC0001234 · Asha Rao"). */
export function describeRefundAccount(account: RefundAccount): string {
  return account.kind === "upi" ? `UPI ${account.upiId}` : `Bank account ${account.accountNumber} · IFSC ${account.ifsc} · ${account.holder}`;
}

/** As the shopper is reminded of it: the account number's last four digits only. */
export function describeRefundAccountMasked(account: RefundAccount): string {
  return account.kind === "upi" ? `UPI ${account.upiId}` : `bank account ending ${account.accountNumber.slice(-4)} (${account.ifsc})`;
}

/** The stored account (Order.refundAccount), or null when it is missing or not one. */
export function readRefundAccount(stored: unknown): RefundAccount | null {
  const parsed = refundAccountSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

/** POST /api/record-refund: the manual refund's payment reference (UTR or UPI transaction id). */
export const manualRefundSchema = z.object({
  refundId: rowId("refundId"),
  reference: z.string({ error: "Reference is required" }).trim().min(1, "Reference is required").max(100, "Reference must be at most 100 characters").refine(...plainText("Reference")),
});

/** POST /api/request-return: the spec's fields, and for a cash-on-delivery order where its refund goes. */
export const returnRequestBodySchema = requestReturnSchema.extend({ refundAccount: refundAccountSchema.optional() });
