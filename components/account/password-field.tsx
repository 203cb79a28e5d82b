"use client";

import { useState } from "react";

type Props = {
  id: string;
  name: string;
  label: string;
  autoComplete: "current-password" | "new-password";
  defaultValue?: string;
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  /** Shown under the field and read with it (aria-describedby). */
  hint?: string;
};

/** A labelled password input with a show/hide toggle, shared by every account form. */
export function PasswordField({ id, name, label, autoComplete, defaultValue, required, minLength, maxLength, hint }: Props) {
  const [shown, setShown] = useState(false);
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {/* The ring goes round the input and its toggle together, so the input's own outline is off;
          the toggle keeps its own. */}
      <div className="flex rounded-lg border border-slate-300 bg-white has-[input:focus]:border-brand-600 has-[input:focus]:ring-2 has-[input:focus]:ring-brand-600 has-[input:focus]:ring-offset-2">
        <input
          id={id}
          name={name}
          type={shown ? "text" : "password"}
          autoComplete={autoComplete}
          required={required}
          minLength={minLength}
          maxLength={maxLength}
          defaultValue={defaultValue}
          aria-describedby={hintId}
          style={{ outline: "none" }}
          className="w-full min-w-0 rounded-l-lg px-3 py-2"
        />
        <button
          type="button"
          onClick={() => setShown((value) => !value)}
          className="rounded-r-lg px-3 text-sm text-slate-600 hover:text-slate-900"
          aria-label={`${shown ? "Hide" : "Show"} ${label.toLowerCase()}`}
          aria-pressed={shown}
        >
          {shown ? "Hide" : "Show"}
        </button>
      </div>
      {hint && (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
    </div>
  );
}
