"use client";

import Link from "next/link";
import { useRef, useState } from "react";
import { postJson } from "@/lib/api-client";
import { useApiAction } from "../ui/use-api-action";
import { useCurrentUser } from "./use-current-user";
import { useHydrated } from "../ui/use-hydrated";
import { Avatar } from "./avatar";
import { EditProfileDialog } from "./edit-profile-dialog";

// The loaded card and its skeleton share these, so the skeleton has the card's size at every width.
const CARD = "rounded-2xl bg-white p-6 shadow-sm sm:p-8";
const HEADING = "text-xl font-semibold";
const BODY = "mt-6 flex flex-col items-center gap-6 sm:flex-row sm:items-start";
const DETAILS = "w-full min-w-0 space-y-3";

/** docs/PRODUCT.md §2.9 /user-panel/my-account: the user's name, email, contact and picture, and 'Edit Profile'. */
export function MyAccount() {
  const { user, isLoading } = useCurrentUser();
  // The server and the hydrating browser cannot know the user yet: a skeleton, not "signed out".
  const hydrated = useHydrated();
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);

  if (!hydrated || isLoading) return <MyAccountSkeleton />;
  if (!user) {
    return (
      <section className="rounded-2xl bg-white p-6 shadow-sm">
        <h1 className="text-xl font-semibold">My Account</h1>
        <p className="mt-2 text-slate-600">
          You are signed out.{" "}
          <Link href="/signin" className="text-brand-700 underline underline-offset-2 hover:text-brand-600">
            Sign in
          </Link>{" "}
          to see your profile.
        </p>
      </section>
    );
  }

  return (
    <section className={CARD} aria-labelledby="my-account-heading">
      <div className="flex items-start justify-between gap-4">
        <h1 id="my-account-heading" className={HEADING}>
          My Account
        </h1>
        <button
          ref={editButton}
          type="button"
          onClick={() => setEditing(true)}
          aria-label="Edit profile"
          className="rounded-full bg-brand-600 px-4 py-1.5 text-sm font-medium text-white hover:bg-brand-700"
        >
          Edit
        </button>
      </div>
      <div className={BODY}>
        <Avatar picture={user.profilepic} size="lg" alt={user.profilepic ? `Profile picture of ${user.name}` : ""} />
        <dl className={DETAILS}>
          <Detail term="Name" testId="profile-name">
            {user.name}
          </Detail>
          <Detail term="Email">
            <span data-testid="profile-email">{user.email}</span>
            {user.emailConfirmed === false && <UnconfirmedEmail />}
          </Detail>
          <Detail term="Contact" testId="profile-contact">
            {user.contact || "Not given"}
          </Detail>
        </dl>
      </div>
      {editing && (
        <EditProfileDialog
          user={user}
          onClose={() => {
            setEditing(false);
            editButton.current?.focus();
          }}
        />
      )}
    </section>
  );
}

/** "Email not confirmed — Send link again": mails a new confirmation link to the account's address. */
function UnconfirmedEmail() {
  const { pending, run } = useApiAction();
  const [sent, setSent] = useState<string | null>(null);
  return (
    <span className="mt-1 block text-sm text-amber-800" data-testid="email-unconfirmed">
      Email not confirmed —{" "}
      {sent ? (
        <span role="status">{sent}</span>
      ) : (
        <button
          type="button"
          disabled={pending}
          onClick={() => run(async () => setSent((await postJson("/api/send-confirmation", {})).message))}
          className="text-brand-700 underline underline-offset-2 hover:text-brand-600 disabled:opacity-60"
        >
          {pending ? "Sending…" : "Send link again"}
        </button>
      )}
    </span>
  );
}

function Detail({ term, testId, children }: { term: string; testId?: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[6rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm font-medium text-slate-500 sm:pt-0.5">{term}</dt>
      <dd className="break-words" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** Where each value will be: a bar in a box one line of text high. */
const VALUE_BARS = [
  ["Name", "w-40"],
  ["Email", "w-56"],
  ["Contact", "w-28"],
] as const;

/**
 * The loaded card with bars for what only the server knows: the same frame, heading, labels, avatar
 * and line heights, so it is the card's size at every width (390 px: 402 px high, 1280 px: 232 px)
 * and nothing below moves when the account arrives (docs/ENGINEERING.md §8).
 */
function MyAccountSkeleton() {
  return (
    <section className={CARD} role="status" aria-busy="true" aria-label="Loading your profile">
      <div className="flex items-start justify-between gap-4">
        <h1 className={HEADING}>My Account</h1>
        {/* The Edit button's box. */}
        <div className="h-8 w-16 animate-pulse rounded-full bg-slate-200" />
      </div>
      <div className={BODY}>
        {/* Avatar size="lg". */}
        <div className="h-28 w-28 shrink-0 animate-pulse rounded-full bg-slate-200" />
        <dl className={DETAILS} aria-hidden="true">
          {VALUE_BARS.map(([term, width]) => (
            <Detail key={term} term={term}>
              <span className="flex h-6 items-center">
                <span className={`h-4 max-w-full animate-pulse rounded bg-slate-200 ${width}`} />
              </span>
            </Detail>
          ))}
        </dl>
      </div>
    </section>
  );
}
