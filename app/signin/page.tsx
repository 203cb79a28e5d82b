import type { Metadata } from "next";
import { connection } from "next/server";
import { Suspense } from "react";
import { DEMO_GUEST } from "@/lib/demo-accounts";
import { readConfig } from "@/lib/server/config";
import { SHOPPER_SIGN_IN } from "@/lib/session-cookie";
import { AuthCard } from "@/components/account/auth-card";
import { SignInForm, SignInPrefill } from "@/components/sign-in-form";

export const metadata: Metadata = { title: "Sign in", robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

// A visitor already signed in never sees this page (proxy.ts sends them to /), except an admin
// sent here by a cart or wishlist button to sign in with a shopper account (SHOPPER_SIGN_IN_PATH).
//
// The form is part of the page's static shell, not of a part streamed later: its script then loads
// with the page, and when it cannot (a deploy replaced it, the network dropped it) the error page
// says 'Loading chunk {id} failed', as on the other pages. (Inside a streamed part, that failure
// left the part's fallback on screen for good.) Only what is decided per request streams in: the
// note for an admin, and the demo guest's prefill.
export default function SignInPage({ searchParams }: Props) {
  return (
    <AuthCard title="Sign In">
      <Suspense fallback={null}>
        <ShopperNote searchParams={searchParams} />
      </Suspense>
      <SignInForm>
        <Suspense fallback={null}>
          <DemoPrefill />
        </Suspense>
      </SignInForm>
    </AuthCard>
  );
}

async function ShopperNote({ searchParams }: Props) {
  const forShopper = (await searchParams)[SHOPPER_SIGN_IN.param] === SHOPPER_SIGN_IN.value;
  if (!forShopper) return null;
  return (
    <p role="note" className="mb-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
      Carts and wishlists belong to shopper accounts. Sign in with a shopper account to use them; this ends your current session.
    </p>
  );
}

/**
 * The demo guest is prefilled where demo accounts exist (development, tests, STORE_DEMO=1; not
 * with DEMO_ACCOUNTS=0), decided when the page is served, not when it was built: a production
 * build never shows them.
 */
async function DemoPrefill() {
  await connection();
  if (!readConfig().demoAccounts) return null;
  return <SignInPrefill email={DEMO_GUEST.email} password={DEMO_GUEST.password} />;
}
