"use client";

import { storedList } from "@/components/ui/stored-list";
import { toast } from "@/components/ui/toast";
import { addToCompareList, parseStoredCompareList, type CompareItem } from "@/lib/catalog/compare";

// The shopper's compare list (lib/catalog/compare.ts has its rules), kept in localStorage
// (components/ui/stored-list.ts): it works signed out, survives a reload and follows other tabs.

export const COMPARE_STORAGE_KEY = "volt-compare";

const stored = storedList<CompareItem>(COMPARE_STORAGE_KEY, parseStoredCompareList);

/** The compare list; empty on the server and while the page hydrates. */
export function useCompareList(): CompareItem[] {
  return stored.useList();
}

/** Adds the product, or says in a toast why it cannot join (a fifth, or another category). True when it is in the list. */
export function addToCompare(item: CompareItem): boolean {
  const result = addToCompareList(stored.read(), item);
  if ("refused" in result) {
    toast.error(result.refused, { id: "compare-refused" });
    return false;
  }
  stored.write(result.list);
  return true;
}

export function removeFromCompare(id: string): void {
  stored.write(stored.read().filter((item) => item.id !== id));
}

export function clearCompare(): void {
  stored.write([]);
}
