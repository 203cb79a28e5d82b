import { deliverySettingsSchema } from "@/lib/delivery/schemas";
import { requireAdmin, requireAdminWrite } from "@/lib/server/accounts/auth";
import { readDeliverySettings, saveDeliverySettings } from "@/lib/server/delivery/delivery-settings";
import { handle, ok, readBody } from "@/lib/server/platform/http";
import { toDeliverySettingsAnswer } from "@/lib/delivery/settings-answer";

// GET /api/delivery-settings, PUT /api/delivery-settings {settings} — admins only, beyond the
// spec: where and when the shop delivers, its zones, fees and cash on delivery (amounts in rupees,
// the cut-off as "HH:MM", India time). `saved` is false while the defaults are in force.
export const GET = handle(async (request) => {
  await requireAdmin(request);
  const { settings, saved } = await readDeliverySettings();
  return ok({ ...toDeliverySettingsAnswer(settings), saved }, "Delivery settings");
});

export const PUT = handle(async (request) => {
  const admin = await requireAdminWrite(request);
  const settings = await readBody(request, deliverySettingsSchema);
  const { changed } = await saveDeliverySettings(settings, admin.id);
  return ok({ ...toDeliverySettingsAnswer(settings), saved: true, changed }, changed.length === 0 ? "Nothing changed" : "Delivery settings saved");
});
