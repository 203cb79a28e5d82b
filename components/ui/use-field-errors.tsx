"use client";

import { useState } from "react";
import { formRefusal } from "./use-api-action";

/**
 * A form's refusals, said once: each field's message under it (`errorOf`, tied to the field by
 * `describedBy`), the focus on the first field refused, and anything about the whole form in
 * `problem`. Field ids are `${id}-${name}`; `shows` says which names the form has a field for.
 */
export function useFieldErrors(id: string, shows: (name: string) => boolean) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState("");
  return {
    errors,
    problem,
    /** Before a new try: nothing refused yet. */
    clear() {
      setErrors({});
      setProblem("");
    },
    /** The server's refusal, under the fields it names (the first focused) or above the button. */
    refuse(error: unknown) {
      const refusal = formRefusal(error, shows);
      setErrors(refusal.fields);
      setProblem(refusal.message);
      const first = Object.keys(refusal.fields)[0];
      if (first) document.getElementById(`${id}-${first}`)?.focus();
    },
    /** A field being corrected loses its message. */
    fix(name: string) {
      if (errors[name]) setErrors(({ [name]: _fixed, ...rest }) => rest);
    },
    describedBy: (name: string) => (errors[name] ? `${id}-${name}-error` : undefined),
    errorOf: (name: string) =>
      errors[name] ? (
        <p id={`${id}-${name}-error`} className="text-sm text-red-700">
          {errors[name]}
        </p>
      ) : null,
  };
}
