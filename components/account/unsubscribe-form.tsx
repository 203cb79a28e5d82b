"use client";

import Link from "next/link";
import { useState } from "react";
import { LINK_CLASS, PRIMARY_BUTTON_CLASS } from "./form-styles";
import { useHydrated } from "../ui/use-hydrated";

const LIST_NAMES: Record<string, string> = { alerts: "wishlist alerts (price drops and products back in stock)", "review-requests": "review request emails" };

/** The list a token names, for the page's words only (the server checks the token's signature). */
function listOf(token: string): string | null {
  try {
    const payload = token.split(".")[0] ?? "";
    const text = atob(payload.replace(/-/g, "+").replace(/_/g, "/"));
    return LIST_NAMES[text.split(":")[0] ?? ""] ?? null;
  } catch {
    return null;
  }
}

/**
 * The unsubscribe page's button: the same one-click POST a mail client makes (RFC 8058:
 * `List-Unsubscribe=One-Click`, form-encoded) to /api/unsubscribe?t=…, then what the store said.
 * Without script the form itself posts there.
 */
export function UnsubscribeForm() {
  const hydrated = useHydrated();
  const [answer, setAnswer] = useState<{ ok: boolean; message: string } | null>(null);
  const [pending, setPending] = useState(false);
  const token = hydrated ? (new URLSearchParams(window.location.search).get("t") ?? "") : "";
  const list = token ? listOf(token) : null;
  const action = `/api/unsubscribe?t=${encodeURIComponent(token)}`;

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    try {
      const response = await fetch(action, { method: "POST", body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }) });
      const body = (await response.json().catch(() => null)) as { message?: string } | null;
      setAnswer({ ok: response.ok, message: body?.message ?? (response.ok ? "You are unsubscribed." : "Something went wrong. Please try again.") });
    } catch {
      setAnswer({ ok: false, message: "The store could not be reached. Please try again." });
    } finally {
      setPending(false);
    }
  }

  if (answer?.ok) {
    return (
      <div className="space-y-4 text-center">
        <p role="status" data-testid="unsubscribe-done">
          {answer.message}
        </p>
        <p className="text-sm text-slate-600">
          You can turn them on again in{" "}
          <Link href="/user-panel/my-account" className={LINK_CLASS}>
            My Account
          </Link>
          .
        </p>
      </div>
    );
  }
  return (
    <form method="post" action={action} onSubmit={onSubmit} className="space-y-4">
      <input type="hidden" name="List-Unsubscribe" value="One-Click" />
      <p className="text-sm text-slate-600">{list ? `Press the button to stop the ${list}.` : "Press the button to stop these emails."}</p>
      {answer && (
        <p role="alert" className="text-sm text-red-700">
          {answer.message}
        </p>
      )}
      <button type="submit" disabled={pending || !hydrated} className={PRIMARY_BUTTON_CLASS}>
        {pending ? "Unsubscribing…" : "Unsubscribe"}
      </button>
    </form>
  );
}
