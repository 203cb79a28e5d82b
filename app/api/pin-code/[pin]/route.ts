import { PIN_MESSAGE } from "@/lib/delivery/schemas";
import { lookupPin } from "@/lib/server/delivery/pin-directory";
import { unknownPinWarning } from "@/lib/server/delivery/addresses";
import { badRequest, cacheable, handle, notFound, ok } from "@/lib/server/platform/http";
import { indiaStateName, PIN_CODE } from "@/lib/shared/india";

// GET /api/pin-code/{pin} — beyond the spec, public: the district, state and town of a PIN code
// from the directory the store ships (GeoNames' data, CC BY 4.0), for the address forms to fill
// themselves in. The same for everyone, and the data changes only with a release: cacheable.
export const GET = handle<{ params: Promise<{ pin: string }> }>(async (request, context) => {
  const { pin } = await context.params;
  if (!PIN_CODE.test(pin)) throw badRequest(PIN_MESSAGE);
  const place = lookupPin(pin);
  if (!place) throw notFound(unknownPinWarning(pin));
  return cacheable(request, ok({ ...place, stateName: indiaStateName(place.state) }, "PIN code"), 86_400);
});
