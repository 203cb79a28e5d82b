import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { SESSION_MAX_AGE_SECONDS } from "@/lib/constants";
import { signInSchema } from "@/lib/schemas";
import { claimsFor, deleteSession, isSessionClaims, liveSession, startSession } from "./auth";
import { clientAddress } from "../platform/client-address";
import { HttpError } from "../platform/http";
import { signInThrottled } from "./sign-in";
import { findUserById, toPublicUser } from "./users";

// The options of next-auth's own routes (app/api/auth/[...nextauth]), kept apart from auth.ts so
// that the session checks load without next-auth's providers (server/serve.ts's front door runs
// the signed-in handlers outside Next's bundle, where next-auth's CommonJS default exports do not
// resolve as they do inside it).

/** next-auth's own routes (/api/auth/*) share the same credentials check and token claims. */
export const authOptions: NextAuthOptions = {
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
  pages: { signIn: "/signin" },
  providers: [
    CredentialsProvider({
      name: "Email and password",
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      // The same throttled check as POST /api/signin: this route must not be a way around it.
      async authorize(credentials, req) {
        const parsed = signInSchema.safeParse(credentials);
        if (!parsed.success) return null;
        try {
          const user = await signInThrottled(parsed.data.email, parsed.data.password, clientAddress(req?.headers ?? {}));
          return { id: user.id, name: user.name, email: user.email };
        } catch (error) {
          if (error instanceof HttpError && error.status === 429) throw new Error(error.message);
          return null;
        }
      },
    }),
  ],
  events: {
    // next-auth's own sign-out ends the session on the server too, like POST /api/logout.
    async signOut(message) {
      const claims = "token" in message ? message.token : null;
      if (isSessionClaims(claims)) await deleteSession(claims);
    },
  },
  callbacks: {
    // A sign-in through next-auth starts a server-side session like POST /api/signin; every later
    // read of /api/auth/session checks it, and a throw here makes next-auth clear the cookie. So
    // renewing the cookie never extends the session past its absolute end or revives it.
    async jwt({ token, user }) {
      if (user) {
        const fresh = await findUserById(user.id);
        if (!fresh) throw new Error("The account is gone");
        return Object.assign(token, claimsFor(fresh, await startSession(fresh)));
      }
      if (!isSessionClaims(token) || !(await liveSession(token))) throw new Error("The session has ended");
      return token;
    },
    async session({ session, token }) {
      const user = typeof token.sub === "string" ? await findUserById(token.sub) : null;
      return { ...session, user: user && user.sessionVersion === token.sv ? toPublicUser(user) : undefined };
    },
  },
};
