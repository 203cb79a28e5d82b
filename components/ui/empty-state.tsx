import Link from "next/link";

/** The user panel's empty list: a line, a hint and a way back to the shop. */
export function EmptyState({ title, hint, action, href = "/" }: { title: string; hint: string; action: string; href?: string }) {
  return (
    <div className="rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
      <p className="text-lg font-medium">{title}</p>
      <p className="mt-1 text-sm text-slate-600">{hint}</p>
      <Link href={href} className="mt-4 inline-block rounded-full bg-brand-600 px-5 py-2 text-sm font-medium text-white hover:bg-brand-700">
        {action}
      </Link>
    </div>
  );
}
