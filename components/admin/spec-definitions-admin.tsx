"use client";

import { useEffect, useRef, useState } from "react";
import useSWR from "swr";
import { toast } from "@/components/ui/toast";
import { fetchJson, postJson } from "@/lib/api-client";
import { bucketLabel, SPEC_TYPE_LABELS, SPEC_TYPES, type SpecType } from "@/lib/catalog/specs";
import type { PublicSpecDefinition } from "@/lib/server/catalog/specs";
import { INPUT_CLASS } from "../account/form-styles";
import { formRefusal, useApiAction } from "../ui/use-api-action";
import { ActionFormDialog } from "./action-form-dialog";
import { DialogField } from "./cod-actions";
import { PRIMARY_ACTION, SECONDARY_ACTION } from "./order-action-styles";

const FIELDS = ["key", "label", "group", "type", "unit", "unitCode", "choices", "min", "max", "decimals", "buckets", "filterable", "comparable", "better"] as const;

/**
 * A category's specification definitions for the admin: in their order, with retired ones marked;
 * add one, change one (its key and type stay), move it up or down, retire or restore it. Each
 * change goes through the API, which checks it whole (lib/catalog/specs.ts definitionProblems).
 */
export function SpecDefinitionsAdmin({ category, categoryLabel }: { category: string; categoryLabel: string }) {
  const path = `/api/admin-spec-definitions?category=${encodeURIComponent(category)}`;
  const { data, error, isLoading, mutate } = useSWR(path, (url: string) => fetchJson<PublicSpecDefinition[]>(url).then((answer) => answer.data));
  const [editing, setEditing] = useState<PublicSpecDefinition | "new" | null>(null);
  const { pending, run } = useApiAction();
  const list = useRef<HTMLOListElement>(null);
  // The button used, by definition and action: its row may move and the button is disabled while
  // the write runs, so focus is put back on it (or on its pair, at an end of the list) afterwards.
  const refocus = useRef<string | null>(null);

  useEffect(() => {
    if (pending || !refocus.current || !list.current) return;
    const [key, action] = refocus.current.split(" ");
    refocus.current = null;
    const button = (name: string) => list.current!.querySelector<HTMLButtonElement>(`[data-focus="${CSS.escape(`${key} ${name}`)}"]:not([disabled])`);
    const fallback = action === "up" ? "down" : action === "down" ? "up" : "edit";
    (button(action!) ?? button(fallback))?.focus();
  }, [pending, data]);

  async function write(url: string, body: unknown, said: string, focusAfter?: string) {
    refocus.current = focusAfter ?? null;
    await run(async () => {
      await postJson(url, body);
      toast.success(said);
      await mutate();
    });
  }

  function move(index: number, by: -1 | 1) {
    if (!data) return;
    const keys = data.map((definition) => definition.key);
    const [moved] = keys.splice(index, 1);
    keys.splice(index + by, 0, moved!);
    void write("/api/reorder-spec-definitions", { category, keys }, "Order saved", `${moved} ${by < 0 ? "up" : "down"}`);
  }

  if (error) return <p className="text-red-700">The specifications could not be loaded. Reload the page to try again.</p>;
  if (isLoading || !data) return <div className="h-64 animate-pulse rounded-2xl bg-slate-200" role="status" aria-busy="true" aria-label="Loading the specifications" />;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700">
          {data.length === 0 ? `${categoryLabel} has no specifications yet.` : `${data.filter((definition) => !definition.retired).length} in use, ${data.filter((definition) => definition.retired).length} retired.`} Retired ones leave product pages, filters and comparisons; products keep their values.
        </p>
        <button type="button" className={PRIMARY_ACTION} onClick={() => setEditing("new")}>
          Add specification
        </button>
      </div>
      {data.length > 0 && (
        <ol ref={list} className="divide-y divide-slate-100 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200" aria-label={`Specifications of ${categoryLabel}, in the order shoppers see them`}>
          {data.map((definition, index) => (
            <li key={definition.id} className={`flex flex-wrap items-start justify-between gap-3 p-4 ${definition.retired ? "text-slate-500" : ""}`} data-testid="spec-definition" data-key={definition.key}>
              <div className="min-w-0 basis-full space-y-1 text-sm sm:basis-0 sm:flex-1">
                <p className="text-base font-semibold">
                  {definition.label}
                  {definition.unit ? ` (${definition.unit})` : ""}
                  {definition.retired && <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">Retired</span>}
                </p>
                <p>
                  <span className="font-mono text-xs">{definition.key}</span> · {definition.group} · {SPEC_TYPE_LABELS[definition.type]}
                </p>
                {definition.choices.length > 0 && <p className="[overflow-wrap:anywhere]">Choices: {definition.choices.join(", ")}</p>}
                {definition.buckets.length > 0 && <p>Ranges: {definition.buckets.map((_, i) => bucketLabel(definition, i)).join(", ")}</p>}
                {!definition.retired && (
                  <p className="text-slate-600">
                    {[definition.filterable && "Filter", definition.comparable && "Compare", definition.better && `${definition.better === "higher" ? "More" : "Less"} is better`].filter(Boolean).join(" · ") || "Product page only"}
                  </p>
                )}
              </div>
              <div className="flex flex-wrap gap-1">
                <button type="button" data-focus={`${definition.key} up`} className={SECONDARY_ACTION} disabled={pending || index === 0} onClick={() => move(index, -1)} aria-label={`Move ${definition.label} up`}>
                  ↑
                </button>
                <button type="button" data-focus={`${definition.key} down`} className={SECONDARY_ACTION} disabled={pending || index === data.length - 1} onClick={() => move(index, 1)} aria-label={`Move ${definition.label} down`}>
                  ↓
                </button>
                <button type="button" data-focus={`${definition.key} edit`} className={SECONDARY_ACTION} disabled={pending} onClick={() => setEditing(definition)} aria-label={`Edit ${definition.label}`}>
                  Edit
                </button>
                <button
                  type="button"
                  className={SECONDARY_ACTION}
                  disabled={pending}
                  data-focus={`${definition.key} retire`}
                  onClick={() => void write("/api/retire-spec-definition", { id: definition.id, retired: !definition.retired }, definition.retired ? "Specification restored" : "Specification retired", `${definition.key} retire`)}
                  aria-label={`${definition.retired ? "Restore" : "Retire"} ${definition.label}`}
                >
                  {definition.retired ? "Restore" : "Retire"}
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {editing && (
        <SpecDefinitionDialog
          category={category}
          definition={editing === "new" ? null : editing}
          onSaved={() => void mutate()}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}

/** Numbers typed as "4, 6, 8, 12": the list, or the text as typed for the server to refuse. */
function numberList(text: string): number[] | string {
  const parts = text.split(",").map((part) => part.trim()).filter(Boolean);
  return parts.every((part) => /^-?\d+(\.\d+)?$/.test(part)) ? parts.map(Number) : text;
}

function SpecDefinitionDialog({ category, definition, onSaved, onClose }: { category: string; definition: PublicSpecDefinition | null; onSaved: () => void; onClose: () => void }) {
  const { pending, run } = useApiAction({ quiet: true });
  const [error, setError] = useState("");
  const [fields, setFields] = useState<Record<string, string>>({});
  const [type, setType] = useState<SpecType>(definition?.type ?? "number");
  const [form, setForm] = useState({
    key: definition?.key ?? "",
    label: definition?.label ?? "",
    group: definition?.group ?? "",
    unit: definition?.unit ?? "",
    unitCode: definition?.unitCode ?? "",
    choices: definition?.choices.join("\n") ?? "",
    min: definition?.min?.toString() ?? "",
    max: definition?.max?.toString() ?? "",
    decimals: String(definition?.decimals ?? 0),
    buckets: definition?.buckets.join(", ") ?? "",
    filterable: definition?.filterable ?? true,
    comparable: definition?.comparable ?? true,
    better: definition?.better ?? "",
  });
  const set = (name: keyof typeof form) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
    setForm((current) => ({ ...current, [name]: event.target instanceof HTMLInputElement && event.target.type === "checkbox" ? event.target.checked : event.target.value }));
  const isNumber = type === "number";
  const hasChoices = type === "choice" || type === "multi";

  async function save(): Promise<boolean> {
    setError("");
    setFields({});
    const body = {
      ...(definition ? { id: definition.id } : { category }),
      key: form.key.trim(),
      label: form.label,
      group: form.group,
      type,
      unit: isNumber ? form.unit : null,
      unitCode: isNumber ? form.unitCode.trim().toUpperCase() : null,
      choices: hasChoices ? form.choices.split("\n").map((choice) => choice.trim()).filter(Boolean) : [],
      min: isNumber ? form.min : null,
      max: isNumber ? form.max : null,
      decimals: isNumber ? Number(form.decimals) : 0,
      buckets: isNumber ? numberList(form.buckets) : [],
      filterable: type === "text" ? false : form.filterable,
      comparable: form.comparable,
      better: isNumber && form.better ? form.better : null,
    };
    let done = false;
    await run(async () => {
      try {
        await postJson("/api/admin-spec-definitions", body, definition ? "PUT" : "POST");
        toast.success(definition ? "Specification saved" : "Specification added");
        onSaved();
        done = true;
      } catch (failure) {
        const refusal = formRefusal(failure, (name) => (FIELDS as readonly string[]).includes(name));
        setError(refusal.message);
        setFields(refusal.fields);
      }
    });
    return done;
  }

  return (
    <ActionFormDialog title={definition ? `Edit ${definition.label}` : "Add specification"} submitLabel={pending ? "Saving…" : "Save"} pending={pending} error={error} onSubmit={save} onClose={onClose}>
      {(id) => (
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            <DialogField id={`${id}-label`} label="Label" error={fields.label} value={form.label} maxLength={60} required onChange={set("label")} />
            <DialogField id={`${id}-group`} label="Group (Display, Battery…)" error={fields.group} value={form.group} maxLength={40} required onChange={set("group")} />
            <DialogField
              id={`${id}-key`}
              label="Key (in addresses and the API)"
              error={fields.key}
              value={form.key}
              maxLength={40}
              required
              readOnly={Boolean(definition)}
              pattern="[a-z][a-z0-9_]*"
              onChange={set("key")}
            />
            <div className="space-y-1">
              <label htmlFor={`${id}-type`} className="text-sm font-medium">
                Type
              </label>
              <select id={`${id}-type`} className={INPUT_CLASS} value={type} disabled={Boolean(definition)} onChange={(event) => setType(event.target.value as SpecType)} aria-invalid={Boolean(fields.type)} aria-describedby={fields.type ? `${id}-type-error` : undefined}>
                {SPEC_TYPES.map((option) => (
                  <option key={option} value={option}>
                    {SPEC_TYPE_LABELS[option]}
                  </option>
                ))}
              </select>
              {fields.type && (
                <p id={`${id}-type-error`} className="text-sm text-red-700">
                  {fields.type}
                </p>
              )}
            </div>
          </div>
          {definition && <p className="text-slate-600">The key and type stay: products keep their values under them. To change either, retire this one and add another.</p>}
          {isNumber && (
            <div className="grid gap-3 sm:grid-cols-3">
              <DialogField id={`${id}-unit`} label="Unit (GB, inches…)" error={fields.unit} value={form.unit} maxLength={20} onChange={set("unit")} />
              <DialogField id={`${id}-unitCode`} label="UN/CEFACT code" error={fields.unitCode} value={form.unitCode} maxLength={3} placeholder="E34" onChange={set("unitCode")} />
              <DialogField id={`${id}-decimals`} label="Decimal places" error={fields.decimals} type="number" min={0} max={2} value={form.decimals} onChange={set("decimals")} />
              <DialogField id={`${id}-min`} label="Lowest value" error={fields.min} inputMode="decimal" value={form.min} onChange={set("min")} />
              <DialogField id={`${id}-max`} label="Highest value" error={fields.max} inputMode="decimal" value={form.max} onChange={set("max")} />
              <div className="space-y-1">
                <label htmlFor={`${id}-better`} className="text-sm font-medium">
                  Better
                </label>
                <select id={`${id}-better`} className={INPUT_CLASS} value={form.better} onChange={set("better")}>
                  <option value="">Neither</option>
                  <option value="higher">More</option>
                  <option value="lower">Less</option>
                </select>
              </div>
              <div className="sm:col-span-3">
                <DialogField id={`${id}-buckets`} label="Filter ranges: their lower edges, comma-separated (4, 6, 8, 12)" error={fields.buckets} value={form.buckets} onChange={set("buckets")} />
              </div>
            </div>
          )}
          {hasChoices && (
            <div className="space-y-1">
              <label htmlFor={`${id}-choices`} className="text-sm font-medium">
                Choices, one per line
              </label>
              <textarea id={`${id}-choices`} className={INPUT_CLASS} rows={5} value={form.choices} onChange={set("choices")} aria-invalid={Boolean(fields.choices)} aria-describedby={fields.choices ? `${id}-choices-error` : undefined} />
              {fields.choices && (
                <p id={`${id}-choices-error`} className="text-sm text-red-700">
                  {fields.choices}
                </p>
              )}
            </div>
          )}
          <div className="flex flex-wrap gap-4">
            {type !== "text" && (
              <label className="inline-flex items-center gap-2">
                <input type="checkbox" className="h-4 w-4" checked={form.filterable} onChange={set("filterable")} />
                Shoppers can filter by it
              </label>
            )}
            <label className="inline-flex items-center gap-2">
              <input type="checkbox" className="h-4 w-4" checked={form.comparable} onChange={set("comparable")} />
              Shown in comparisons
            </label>
          </div>
        </>
      )}
    </ActionFormDialog>
  );
}
