import { specTable, type SpecDefinition, type SpecValues } from "@/lib/catalog/specs";

/**
 * The product page's specifications: the category's live definitions in order, grouped (Display,
 * Performance…), each group a table of label and value. Nothing when the product has none filled.
 */
export function SpecTable({ definitions, values }: { definitions: SpecDefinition[]; values: SpecValues }) {
  const groups = specTable(definitions, values);
  if (groups.length === 0) return null;
  return (
    <section aria-labelledby="specifications-heading" className="space-y-4" data-testid="specifications">
      <h2 id="specifications-heading" className="text-xl font-semibold">
        Specifications
      </h2>
      <div className="grid gap-x-8 gap-y-6 md:grid-cols-2">
        {groups.map(({ group, rows }) => (
          <table key={group} className="w-full border-collapse text-sm" data-testid="spec-group">
            <caption className="border-b border-slate-200 pb-1 text-left font-semibold text-slate-900">{group}</caption>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key} className="border-b border-slate-100" data-spec={row.key}>
                  <th scope="row" className="w-1/2 py-2 pr-4 text-left font-normal text-slate-600">
                    {row.label}
                  </th>
                  <td className="py-2 text-slate-900 [overflow-wrap:anywhere]">{row.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
    </section>
  );
}
