"use client";

import Link from "next/link";
import { compareHref } from "@/lib/catalog/compare";
import { useCompareList } from "./use-compare-list";

/** On the empty compare page: a way to the shopper's own list when it holds two or more. */
export function CompareListLink() {
  const list = useCompareList();
  if (list.length < 2) return null;
  return (
    <p className="mt-4 text-sm text-slate-700">
      Your compare list holds {list.length} products.{" "}
      <Link href={compareHref(list.map((item) => item.id))} className="font-medium text-brand-700 underline underline-offset-2">
        Compare them
      </Link>
    </p>
  );
}
