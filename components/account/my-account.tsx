"use client";

import Link from "next/link";
import { useRef, useState, useSyncExternalStore } from "react";
import { useCurrentUser } from "../use-current-user";
import { Avatar } from "./avatar";
import { EditProfileDialog } from "./edit-profile-dialog";

/** docs/PRODUCT.md §2.9 /user-panel/my-account: the user's name, email, contact and picture, and 'Edit Profile'. */
const noSubscription = () => () => {};

export function MyAccount() {
  const { user, isLoading } = useCurrentUser();
  // The server and the hydrating browser cannot know the user yet: a skeleton, not "signed out".
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
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
    <section className="rounded-2xl bg-white p-6 shadow-sm sm:p-8" aria-labelledby="my-account-heading">
      <div className="flex items-start justify-between gap-4">
        <h1 id="my-account-heading" className="text-xl font-semibold">
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
      <div className="mt-6 flex flex-col items-center gap-6 sm:flex-row sm:items-start">
        <Avatar picture={user.profilepic} size="lg" alt={user.profilepic ? `Profile picture of ${user.name}` : ""} />
        <dl className="w-full min-w-0 space-y-3">
          <Detail term="Name" value={user.name} testId="profile-name" />
          <Detail term="Email" value={user.email} testId="profile-email" />
          <Detail term="Contact" value={user.contact || "Not given"} testId="profile-contact" />
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

function Detail({ term, value, testId }: { term: string; value: string; testId: string }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[6rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm font-medium text-slate-500 sm:pt-0.5">{term}</dt>
      <dd className="break-words" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function MyAccountSkeleton() {
  return (
    <section className="rounded-2xl bg-white p-6 shadow-sm sm:p-8" aria-busy="true" aria-label="Loading your profile">
      <div className="flex items-start justify-between gap-4">
        <div className="h-7 w-36 animate-pulse rounded bg-slate-200" />
        <div className="h-8 w-16 animate-pulse rounded-full bg-slate-200" />
      </div>
      <div className="mt-6 flex flex-col items-center gap-6 sm:flex-row sm:items-start">
        <div className="h-28 w-28 shrink-0 animate-pulse rounded-full bg-slate-200" />
        <div className="w-full space-y-4">
          {[0, 1, 2].map((row) => (
            <div key={row} className="h-5 w-full max-w-sm animate-pulse rounded bg-slate-200" />
          ))}
        </div>
      </div>
    </section>
  );
}
