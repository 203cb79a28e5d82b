import { clearSessionCookie } from "@/lib/server/auth";
import { renderPerRequest } from "@/lib/server/cache";
import { handle, ok } from "@/lib/server/http";

// GET /api/logout — SPEC 7. Clearing the cookie is harmless when signed out, so it always succeeds.
export const GET = handle(async () => {
  await renderPerRequest();
  const response = ok([], "Logged out successfully");
  clearSessionCookie(response);
  return response;
});
