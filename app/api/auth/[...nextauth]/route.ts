import NextAuth from "next-auth";
import { NextRequest } from "next/server";
import { authOptions } from "@/lib/server/accounts/next-auth-options";
import { badRequest, handle, readRawBody } from "@/lib/server/platform/http";
import { JSON_BODY_MAX_BYTES } from "@/lib/constants";

// next-auth's own endpoints (session, csrf, credentials callback, sign-out) over the same users,
// tokens and Session rows, behind the same door as every other handler (handle(): the
// cross-site check, no-store, errors as JSON): the body is read once through the capped reader
// and handed to next-auth as a fresh request; a body next-auth cannot parse is a 400.
const nextAuth = NextAuth(authOptions) as (request: Request, context: unknown) => Promise<Response>;

async function guarded(request: Request, context: unknown): Promise<Response> {
  let forwarded = request;
  if (request.method !== "GET" && request.method !== "HEAD") {
    const body = await readRawBody(request, JSON_BODY_MAX_BYTES);
    forwarded = new NextRequest(request.url, { method: request.method, headers: request.headers, body: new Uint8Array(body) });
  }
  try {
    return await nextAuth(forwarded, context);
  } catch (error) {
    if (error instanceof SyntaxError) throw badRequest("The request body could not be read");
    throw error;
  }
}

export const GET = handle(guarded);
export const POST = handle(guarded);
