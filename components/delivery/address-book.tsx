"use client";

import useSWR from "swr";
import { useId, useState } from "react";
import { toast } from "@/components/ui/toast";
import { deleteJson, fetchJson, postJson } from "@/lib/api-client";
import { ADDRESS_BOOK_MAX, type PublicAddress } from "@/lib/delivery/address";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { useHydrated } from "../ui/use-hydrated";
import { apiErrorMessage, useApiAction } from "../ui/use-api-action";
import { useCurrentUser } from "../account/use-current-user";
import { AddressForm } from "./address-form";
import { ADDRESSES_KEY, AddressLines, saveAddress } from "./address-parts";

const KEY = ADDRESSES_KEY;

/**
 * My Account's address book: up to ADDRESS_BOOK_MAX delivery addresses, one the default (the
 * checkout's first choice). Add, edit, delete and choose the default; shoppers only.
 */
export function AddressBook() {
  const hydrated = useHydrated();
  const { user } = useCurrentUser();
  const shopper = user?.role === "USER";
  const { data, error, mutate } = useSWR<PublicAddress[]>(hydrated && shopper ? KEY : null, async () => (await fetchJson<PublicAddress[]>(KEY)).data);
  const headingId = useId();
  const [editing, setEditing] = useState<string | "new" | null>(null);
  const [deleting, setDeleting] = useState<PublicAddress | null>(null);
  const [deleteError, setDeleteError] = useState("");
  const { pending, run } = useApiAction();
  const remove = useApiAction({ quiet: true });
  if (!hydrated || !shopper) return null;

  const section = (children: React.ReactNode) => (
    <section aria-labelledby={headingId} className="mt-6 rounded-2xl bg-white p-6 shadow-sm sm:p-8" data-testid="address-book">
      <h2 id={headingId} className="text-xl font-semibold">
        Addresses
      </h2>
      {children}
    </section>
  );

  if (error && !data) {
    return section(
      <p role="alert" className="mt-2 text-sm text-red-700">
        Your addresses could not be loaded.{" "}
        <button type="button" onClick={() => mutate()} className="font-medium text-brand-700 underline underline-offset-2">
          Try again
        </button>
      </p>,
    );
  }
  if (!data) return <section role="status" aria-busy="true" aria-label="Loading your addresses" className="mt-6 h-48 animate-pulse rounded-2xl bg-white shadow-sm" />;

  const full = data.length >= ADDRESS_BOOK_MAX;
  const current = editing && editing !== "new" ? data.find((address) => address._id === editing) : undefined;

  const defaultBox = ({ isDefault, setDefault }: { isDefault: boolean; setDefault: (value: boolean) => void }) => (
    <label className="flex items-center gap-2 text-sm sm:col-span-2">
      <input type="checkbox" checked={isDefault} onChange={(event) => setDefault(event.target.checked)} className="h-4 w-4 accent-brand-600" />
      Make this my default address
    </label>
  );

  return section(
    <>
      <p className="mt-1 text-sm text-slate-600">
        Where we deliver your orders. The default one is chosen first at checkout. Up to {ADDRESS_BOOK_MAX} addresses.
      </p>
      {data.length === 0 && editing === null && <p className="mt-4 text-sm text-slate-600">You have no saved addresses yet.</p>}
      {data.length > 0 && (
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {data.map((address) => (
            <li key={address._id} className="rounded-xl border border-slate-200 p-4 text-sm text-slate-700" data-testid="saved-address">
              {address.isDefault && <span className="mb-2 inline-block rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">Default</span>}
              <address className="not-italic">
                <AddressLines address={address} />
              </address>
              <div className="mt-3 flex flex-wrap gap-2">
                <button type="button" onClick={() => setEditing(address._id)} className="rounded-full border border-slate-300 px-3 py-1 font-medium hover:bg-slate-50" aria-label={`Edit the address of ${address.name}, ${address.line1}`}>
                  Edit
                </button>
                {!address.isDefault && (
                  <button
                    type="button"
                    disabled={pending}
                    onClick={() =>
                      run(async () => {
                        await postJson(`${KEY}/${address._id}/default`, {});
                        await mutate();
                        toast.success("Default address changed");
                      })
                    }
                    className="rounded-full border border-slate-300 px-3 py-1 font-medium hover:bg-slate-50"
                    aria-label={`Make ${address.line1} the default address`}
                  >
                    Make default
                  </button>
                )}
                <button type="button" onClick={() => setDeleting(address)} className="rounded-full border border-red-200 px-3 py-1 font-medium text-red-700 hover:bg-red-50" aria-label={`Delete the address of ${address.name}, ${address.line1}`}>
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing === null ? (
        <button
          type="button"
          disabled={full}
          onClick={() => setEditing("new")}
          className="mt-4 rounded-full bg-brand-600 px-5 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          Add an address
        </button>
      ) : (
        <div className="mt-6 border-t border-slate-200 pt-6">
          <h3 className="mb-4 font-semibold">{current ? "Edit address" : "New address"}</h3>
          <AddressForm
            key={editing}
            initial={current ?? { isDefault: data.length === 0 }}
            submitLabel="Save address"
            onCancel={() => setEditing(null)}
            extra={current?.isDefault ? undefined : defaultBox}
            onSubmit={async (values) => {
              await saveAddress(values, current?._id ?? null);
              await mutate();
              setEditing(null);
              toast.success("Address saved");
            }}
          />
        </div>
      )}
      {full && editing === null && <p className="mt-2 text-sm text-slate-600">Your address book is full. Delete an address to add another.</p>}
      {deleting && (
        <ConfirmDialog
          title="Delete this address?"
          confirmLabel="Delete"
          pending={remove.pending}
          error={deleteError}
          onClose={() => {
            setDeleting(null);
            setDeleteError("");
          }}
          onConfirm={() =>
            remove.run(async () => {
              try {
                await deleteJson(`${KEY}/${deleting._id}`);
                await mutate();
                setDeleting(null);
                toast.success("Address deleted");
              } catch (refused) {
                setDeleteError(apiErrorMessage(refused));
              }
            })
          }
        >
          <address className="not-italic">
            <AddressLines address={deleting} />
          </address>
        </ConfirmDialog>
      )}
    </>,
  );
}
