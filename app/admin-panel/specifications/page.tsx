import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { Suspense } from "react";
import { SpecDefinitionsAdmin } from "@/components/admin/spec-definitions-admin";
import { CATEGORIES, categoryLabel, isCategory } from "@/lib/catalog/categories";
import { getSessionUser } from "@/lib/server/accounts/auth";

export const metadata: Metadata = { title: "Specifications" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

// Each category's specifications (RAM, screen size, panel…): what the product form asks, the
// product page's table shows, shoppers filter by and compare. Admins only, read at request time.
export default function SpecificationsPage({ searchParams }: { searchParams: SearchParams }) {
  return (
    <section aria-labelledby="specifications-heading" className="space-y-4">
      <h1 id="specifications-heading" className="text-2xl font-semibold">
        Specifications
      </h1>
      <Suspense fallback={<div className="h-96 animate-pulse rounded-2xl bg-slate-200" role="status" aria-busy="true" aria-label="Loading the specifications" />}>
        <CategorySpecifications searchParams={searchParams} />
      </Suspense>
    </section>
  );
}

async function CategorySpecifications({ searchParams }: { searchParams: SearchParams }) {
  await connection();
  if ((await getSessionUser())?.role !== "ADMIN") notFound();
  const asked = (await searchParams).category;
  const category = typeof asked === "string" && isCategory(asked) ? asked : CATEGORIES[0].value;
  return (
    <>
      <nav aria-label="Category" className="flex flex-wrap gap-2 text-sm">
        {CATEGORIES.map((option) => (
          <Link
            key={option.value}
            href={`/admin-panel/specifications?category=${option.value}`}
            aria-current={option.value === category ? "page" : undefined}
            className={`rounded-full px-3 py-1 ring-1 ${option.value === category ? "bg-brand-600 font-semibold text-white ring-brand-600" : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-100"}`}
          >
            {option.label}
          </Link>
        ))}
      </nav>
      <SpecDefinitionsAdmin key={category} category={category} categoryLabel={categoryLabel(category)} />
    </>
  );
}
