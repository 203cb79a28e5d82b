import { clearSessionCookie, endSession } from "@/lib/server/accounts/auth";
import { renderPerRequest } from "@/lib/server/catalog/cache";
import { handle, ok } from "@/lib/server/platform/http";
import { isCrossSiteRequest } from "@/lib/server/platform/origin";

// POST /api/logout (the store's UI), and GET /api/logout for clients written against docs/PRODUCT.md §7.
// Both end the session on the server (its row is deleted, so a copied cookie stops working too)
// and clear the cookie; answering is harmless when signed out, so it always succeeds. A GET from
// another site (a link or an image on someone else's page) signs nobody out.
async function logout(request: Request) {
  await renderPerRequest();
  const response = ok([], "Logged out successfully");
  if (request.method === "GET" && isCrossSiteRequest(request)) return response;
  await endSession(request);
  clearSessionCookie(response);
  return response;
}

export const POST = handle(logout);
export const GET = handle(logout);
