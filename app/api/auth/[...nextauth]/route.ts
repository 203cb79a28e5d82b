import NextAuth from "next-auth";
import { authOptions } from "@/lib/server/auth";

// next-auth's own endpoints (session, csrf, credentials callback) over the same users and tokens.
const handler = NextAuth(authOptions);
export { handler as GET, handler as POST };
