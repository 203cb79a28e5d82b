"use client";

import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import useSWR from "swr";
import { toast } from "@/components/ui/toast";
import { deleteJson, fetchPage, postJson } from "@/lib/api-client";
import { formatDate } from "@/lib/shared/dates";
import { USER_TABLE_PAGE_SIZE } from "@/lib/constants";
import { ROLES, type Role } from "@/lib/schemas";
import type { PublicUser } from "@/lib/server/accounts/users";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { apiErrorMessage, useApiAction } from "../ui/use-api-action";
import { useCurrentUser } from "../account/use-current-user";
import { ListLoadFailed } from "./list-states";
import { Pager } from "./pager";
import { IconButton } from "../ui/icon-button";


/** Where the table fits beside the admin menu; narrower screens (phones) show a card per account. */
const WIDE = "(min-width: 1024px)";
const subscribeWide = (onChange: () => void) => {
  const query = window.matchMedia(WIDE);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
};

/**
 * docs/PRODUCT.md §2.10 admin users screen: 8 accounts a page, 'Showing a-b of n', Previous/Next, a required role
 * select per account ('Role updated successfully' or the server's message), and a delete icon
 * that asks first. A table where it fits; on narrower screens (phones) each account is a card, as
 * the orders list does, so nothing is cut or scrolls sideways.
 */
export function UsersTable() {
  // null on the server and in the first render (the screen's width is not known there).
  const wide = useSyncExternalStore(subscribeWide, () => window.matchMedia(WIDE).matches, () => null);
  const [page, setPage] = useState(1);
  const key = `/api/all-users?page=${page}&limit=${USER_TABLE_PAGE_SIZE}`;
  const { data, error, isLoading, mutate } = useSWR(key, (path: string) => fetchPage<PublicUser>(path), { keepPreviousData: true });
  const { user: me } = useCurrentUser();
  const action = useApiAction();
  // The delete's refusal is said once, in its confirmation dialog (no toast as well).
  const deletion = useApiAction({ quiet: true });
  const [deleting, setDeleting] = useState<PublicUser | null>(null);
  const [deleteError, setDeleteError] = useState("");
  const heading = useRef<HTMLHeadingElement>(null);

  function changeRole(user: PublicUser, role: Role) {
    if (role === user.role) return;
    void action.run(async () => {
      try {
        await postJson(`/api/update-role/${user._id}`, { role }, "PUT");
        toast.success("Role updated successfully");
      } finally {
        await mutate();
      }
    });
  }

  // The table is wider than its box on phones: it scrolls inside the box, and a hint says so.
  const scroller = useRef<HTMLDivElement>(null);
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const box = scroller.current;
    if (!box) return;
    const measure = () => setOverflowing(box.scrollWidth > box.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, [error, wide]);

  function confirmDelete() {
    const user = deleting;
    if (!user) return;
    setDeleteError("");
    void deletion.run(async () => {
      try {
        const answer = await deleteJson(`/api/delete-user/${user._id}`);
        toast.success(answer.message);
      } catch (error) {
        setDeleteError(apiErrorMessage(error));
        throw error;
      }
      setDeleting(null);
      // The row and its button are gone: the focus goes to the table's heading. Deleting the
      // last row of the last page steps back a page.
      heading.current?.focus();
      if (users.length === 1 && page > 1) setPage(page - 1);
      else await mutate();
    });
  }

  const users = data?.data ?? [];
  const total = data?.total ?? 0;

  return (
    <section aria-labelledby="users-heading" className="space-y-4">
      <h1 id="users-heading" ref={heading} tabIndex={-1} className="text-2xl font-semibold outline-none">
        All Users
      </h1>
      {error ? (
        <ListLoadFailed error={error} what="users" />
      ) : wide === null ? (
        <div className="h-96 animate-pulse rounded-2xl bg-slate-200" role="status" aria-busy="true" aria-label="Loading the accounts" />
      ) : !wide ? (
        <ul className="space-y-2" aria-label="Accounts, newest first" aria-busy={isLoading}>
          {isLoading && users.length === 0
            ? Array.from({ length: USER_TABLE_PAGE_SIZE }, (_, index) => <li key={index} className="h-32 animate-pulse rounded-xl bg-slate-200" />)
            : users.map((user, index) => (
                <li key={user._id} className="rounded-xl bg-white px-4 py-3 text-sm shadow-sm ring-1 ring-slate-200" data-testid="user-row">
                  <div className="flex items-start justify-between gap-3">
                    <div className="min-w-0">
                      <p className="font-medium [overflow-wrap:anywhere]">
                        <span className="sr-only">Sr. {(page - 1) * USER_TABLE_PAGE_SIZE + index + 1}: </span>
                        {user.name}
                      </p>
                      <p className="text-slate-700 [overflow-wrap:anywhere]">{user.email}</p>
                    </div>
                    {user._id !== me?._id && (
                      <IconButton
                        icon="trash"
                        label={`Delete ${user.name} (${user.email})`}
                        onClick={() => setDeleting(user)}
                        className="h-9 w-9 shrink-0 text-slate-600 hover:bg-red-50 hover:text-red-700"
                      />
                    )}
                  </div>
                  <div className="mt-2 flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
                    <RoleSelect user={user} own={user._id === me?._id} onSave={(role) => changeRole(user, role)} />
                    <span className="text-slate-600">
                      Created <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
                    </span>
                  </div>
                </li>
              ))}
        </ul>
      ) : (
        // `relative`: the screen-reader-only header text is positioned inside the scroll box, not
        // beside it (where it widened the page). Focusable, so the keyboard can scroll it too.
        <div
          ref={scroller}
          role="region"
          aria-label="Accounts table"
          aria-describedby={overflowing ? "users-scroll-hint" : undefined}
          tabIndex={overflowing ? 0 : undefined}
          className="relative overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <table className="w-full min-w-[40rem] text-left text-sm" aria-busy={isLoading}>
            <caption className="sr-only">Accounts, newest first</caption>
            <thead className="bg-slate-900 text-white">
              <tr>
                <th scope="col" className="px-3 py-2">Sr.</th>
                <th scope="col" className="px-3 py-2">Name</th>
                <th scope="col" className="px-3 py-2">Email</th>
                <th scope="col" className="px-3 py-2">Role</th>
                <th scope="col" className="px-3 py-2">Created</th>
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {isLoading && users.length === 0
                ? Array.from({ length: USER_TABLE_PAGE_SIZE }, (_, index) => (
                    <tr key={index} className="border-t border-slate-100">
                      <td colSpan={6} className="px-3 py-2.5">
                        <div className="h-5 animate-pulse rounded bg-slate-200" />
                      </td>
                    </tr>
                  ))
                : users.map((user, index) => (
                    <tr key={user._id} className="border-t border-slate-100" data-testid="user-row">
                      <td className="px-3 py-2">{(page - 1) * USER_TABLE_PAGE_SIZE + index + 1}</td>
                      <td className="px-3 py-2 font-medium">{user.name}</td>
                      <td className="px-3 py-2 break-all">{user.email}</td>
                      <td className="px-3 py-2">
                        <RoleSelect user={user} own={user._id === me?._id} onSave={(role) => changeRole(user, role)} />
                      </td>
                      <td className="px-3 py-2 text-slate-600">{formatDate(user.createdAt)}</td>
                      <td className="px-3 py-2 text-right">
                        {user._id !== me?._id && (
                          <IconButton
                            icon="trash"
                            label={`Delete ${user.name} (${user.email})`}
                            onClick={() => setDeleting(user)}
                            className="h-8 w-8 text-slate-600 hover:bg-red-50 hover:text-red-700"
                          />
                        )}
                      </td>
                    </tr>
                  ))}
            </tbody>
          </table>
        </div>
      )}
      {overflowing && wide && !error && (
        <p id="users-scroll-hint" className="text-sm text-slate-600">
          <span aria-hidden="true">↔ </span>Role, Created and Delete are further right: scroll the table sideways.
        </p>
      )}
      <Pager page={page} pageSize={USER_TABLE_PAGE_SIZE} total={total} onPage={setPage} label="Users pages" />
      {deleting && (
        <ConfirmDialog
          title="Delete this account?"
          confirmLabel="Delete account"
          pending={deletion.pending}
          error={deleteError}
          onConfirm={confirmDelete}
          onClose={() => {
            setDeleting(null);
            setDeleteError("");
          }}
        >
          <p>
            {deleting.name} ({deleting.email}) will be deleted with their cart and wishlist. Their orders are kept.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}

/**
 * An account's role. Arrow keys and letters on the closed select only move the choice; it is
 * saved on Enter or when the select is left (Tab, a click elsewhere). A choice from the opened
 * list (mouse, touch, or Enter/Space in the list) is explicit and saved at once. The admin's own
 * row is disabled, as its delete is: demoting oneself would end the session mid-screen.
 */
const STEP_KEYS = new Set(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown"]);

function RoleSelect({ user, own, onSave }: { user: PublicUser; own: boolean; onSave: (role: Role) => void }) {
  const [choice, setChoice] = useState<Role>(user.role);
  // The server's role changed (saved, or refused and reloaded): show it.
  const [shown, setShown] = useState(user.role);
  if (shown !== user.role) {
    setShown(user.role);
    setChoice(user.role);
  }
  // Whether the last input was a key that steps through the choices on the closed select.
  const stepping = useRef(false);
  const hintId = `own-role-${user._id}`;
  return (
    <>
      <select
        required
        aria-label={`Role of ${user.name} (${user.email})`}
        aria-describedby={own ? hintId : undefined}
        disabled={own}
        value={choice}
        onPointerDown={() => (stepping.current = false)}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            stepping.current = false;
            onSave(choice);
          } else if (event.key === "Escape") {
            stepping.current = false;
            setChoice(user.role);
          } else if (event.key === " " || event.key === "F4" || event.altKey) {
            stepping.current = false; // opens the list: a choice there is explicit
          } else if (event.key.length === 1 || STEP_KEYS.has(event.key)) {
            stepping.current = true;
          }
        }}
        onChange={(event) => {
          const role = event.target.value as Role;
          setChoice(role);
          if (!stepping.current) onSave(role);
        }}
        onBlur={() => {
          stepping.current = false;
          if (choice !== user.role) onSave(choice);
        }}
        className="rounded-md border border-slate-300 bg-white px-2 py-1 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500"
      >
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {role}
          </option>
        ))}
      </select>
      {own && (
        <span id={hintId} className="sr-only">
          You cannot change your own role.
        </span>
      )}
    </>
  );
}
