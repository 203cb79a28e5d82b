import { specTable, type SpecDefinition, type SpecValues } from "@/lib/catalog/specs";

// The cells' look once, on the grid, rather than on every cell: the table is in the page's HTML
// and again in its payload, and its bytes are most of what it costs the page's render.
const TABLES =
  "grid gap-x-8 gap-y-6 text-sm md:grid-cols-2 [&_caption]:border-b [&_caption]:border-slate-200 [&_caption]:pb-1 [&_caption]:text-left [&_caption]:font-semibold [&_table]:w-full [&_table]:border-collapse [&_td]:py-2 [&_td]:[overflow-wrap:anywhere] [&_th]:w-1/2 [&_th]:py-2 [&_th]:pr-4 [&_th]:text-left [&_th]:font-normal [&_th]:text-slate-600 [&_tr]:border-b [&_tr]:border-slate-100";

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
      <div className={TABLES}>
        {groups.map(({ group, rows }) => (
          <table key={group}>
            <caption>{group}</caption>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key}>
                  <th scope="row">{row.label}</th>
                  <td>{row.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
    </section>
  );
}
