"use client";

import useSWR from "swr";
import { fetchJson } from "@/lib/api-client";
import type { SpecDefinition, SpecValues } from "@/lib/catalog/specs";
import { INPUT_CLASS } from "../account/form-styles";

/** The hidden field that says the specification fields were shown (their category's value). */
const SPECS_LOADED = "specs-loaded";

/** The form field name of a specification's value (and the error key the server names it by). */
export const specFieldName = (key: string) => `specs.${key}`;

/**
 * The product form's specifications: one field per live definition of the chosen category, by
 * type (a number with its unit, a list, checkboxes, yes/no, text), grouped as the product page
 * shows them. The server checks the values (lib/catalog/specs.ts checkSpecValues) and names a
 * refused one as `specs.<key>`: its message shows under it.
 */
export function SpecFields({ category, values, errors, idPrefix }: { category: string; values: SpecValues; errors: Record<string, string>; idPrefix: string }) {
  const { data, error, isLoading } = useSWR(category ? `/api/spec-definitions?category=${encodeURIComponent(category)}` : null, (path: string) => fetchJson<SpecDefinition[]>(path).then((answer) => answer.data));
  if (!category) return <p className="text-sm text-slate-600">Choose a category to fill in its specifications.</p>;
  if (error) return <p className="text-sm text-red-700">The specifications could not be loaded. Close the form and open it again.</p>;
  if (isLoading || !data) {
    return (
      <div className="space-y-2" role="status" aria-busy="true" aria-label="Loading specifications">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-10 animate-pulse rounded-lg bg-slate-100" />
        ))}
      </div>
    );
  }
  // Marks the values as loaded: only then does the form send them (a form sent before would clear them).
  const loaded = <input type="hidden" name={SPECS_LOADED} value={category} />;
  if (data.length === 0)
    return (
      <p className="text-sm text-slate-600">
        {loaded}
        This category has no specifications yet.
      </p>
    );
  const groups = new Map<string, SpecDefinition[]>();
  for (const definition of data) groups.set(definition.group, [...(groups.get(definition.group) ?? []), definition]);
  return (
    <div className="space-y-4">
      {loaded}
      {[...groups].map(([group, definitions]) => (
        <fieldset key={group} className="space-y-3">
          <legend className="text-sm font-semibold text-slate-800">{group}</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {definitions.map((definition) => (
              <SpecField key={definition.key} definition={definition} value={values[definition.key]} error={errors[specFieldName(definition.key)]} id={`${idPrefix}-spec-${definition.key}`} />
            ))}
          </div>
        </fieldset>
      ))}
    </div>
  );
}

function SpecField({ definition, value, error, id }: { definition: SpecDefinition; value: SpecValues[string] | undefined; error: string | undefined; id: string }) {
  const name = specFieldName(definition.key);
  const errorId = error ? `${id}-error` : undefined;
  const common = { id, name, "aria-invalid": Boolean(error), "aria-describedby": errorId, className: INPUT_CLASS };
  const message = error && (
    <p id={errorId} className="text-sm text-red-700">
      {error}
    </p>
  );
  if (definition.type === "multi") {
    const chosen = new Set(Array.isArray(value) ? value : []);
    return (
      <fieldset className="space-y-1 sm:col-span-2" aria-describedby={errorId} aria-invalid={Boolean(error)} data-spec-field={definition.key}>
        <legend className="text-sm font-medium">{definition.label}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {definition.choices.map((choice) => (
            <label key={choice} className="inline-flex items-center gap-2 text-sm">
              <input type="checkbox" name={name} value={choice} defaultChecked={chosen.has(choice)} className="h-4 w-4" />
              {choice}
            </label>
          ))}
        </div>
        {message}
      </fieldset>
    );
  }
  const label = definition.type === "number" && definition.unit ? `${definition.label} (${definition.unit})` : definition.label;
  let input: React.ReactNode;
  switch (definition.type) {
    case "number":
      input = (
        <input
          {...common}
          inputMode="decimal"
          defaultValue={typeof value === "number" ? String(value) : ""}
          placeholder={definition.min !== null && definition.max !== null ? `${definition.min}–${definition.max}` : undefined}
        />
      );
      break;
    case "choice":
      input = (
        <select {...common} defaultValue={typeof value === "string" ? value : ""}>
          <option value="">Not given</option>
          {definition.choices.map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>
      );
      break;
    case "boolean":
      input = (
        <select {...common} defaultValue={value === true ? "true" : value === false ? "false" : ""}>
          <option value="">Not given</option>
          <option value="true">Yes</option>
          <option value="false">No</option>
        </select>
      );
      break;
    default:
      input = <input {...common} maxLength={120} defaultValue={typeof value === "string" ? value : ""} />;
  }
  return (
    <div className="space-y-1" data-spec-field={definition.key}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {input}
      {message}
    </div>
  );
}

/**
 * The specification values a submitted form holds, as the API takes them (blank ones null, so
 * cleared), or undefined when its fields were not shown yet: the product's values then stay.
 */
export function specValuesOf(form: FormData): Record<string, string | string[] | null> | undefined {
  if (!form.get(SPECS_LOADED)) return undefined;
  const values: Record<string, string | string[] | null> = {};
  const names = new Set<string>();
  for (const element of form.keys()) if (element.startsWith("specs.")) names.add(element);
  for (const name of names) {
    const key = name.slice("specs.".length);
    const all = form.getAll(name).map((entry) => String(entry).trim());
    values[key] = all.length > 1 ? all : (all[0] ?? "") === "" ? null : all[0]!;
  }
  return values;
}
