import { handle, notFound } from "@/lib/server/platform/http";

// Any path under /api that no endpoint serves: a JSON 404 in the API's shape, never Next's HTML
// page. (On `npm start` the front door answers these before Next; this covers other hosts.)
const unknown = handle(async (request) => {
  throw notFound(`There is no API endpoint at ${new URL(request.url).pathname}`);
});

export { unknown as GET, unknown as POST, unknown as PUT, unknown as PATCH, unknown as DELETE };
