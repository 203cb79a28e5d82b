import { z } from "zod";
import { pinSchema } from "@/lib/delivery/schemas";
import { estimateDelivery } from "@/lib/server/delivery/delivery-quote";
import { handle, ok, readQuery } from "@/lib/server/platform/http";
import { rupeesToPaise } from "@/lib/shared/money";

const querySchema = z.object({
  pin: pinSchema,
  /** The goods' value in rupees (the fee and cash on delivery depend on it); 0 when not given. */
  value: z
    .string()
    .regex(/^\d{1,8}(\.\d{1,2})?$/, "value must be an amount in rupees")
    .optional()
    .transform((value) => (value ? rupeesToPaise(value) : 0)),
});

// GET /api/delivery-estimate?pin=560029[&value=1499] — beyond the spec, public and never cached:
// whether the shop delivers to the PIN, the range of arrival days from now (the cut-off and the
// closed days, India time), the delivery fee (rupees) and whether cash on delivery is offered.
// The product page's "Check delivery" and the cart ask it, so cached pages stay cached.
export const GET = handle(async (request) => {
  const { pin, value } = readQuery(request, querySchema);
  const quote = await estimateDelivery(pin, value);
  if (!quote.serviceable) return ok(quote, quote.message);
  return ok({ ...quote, shippingFee: quote.shippingFee / 100, cod: { ...quote.cod, fee: quote.cod.fee / 100 } }, quote.message);
});
