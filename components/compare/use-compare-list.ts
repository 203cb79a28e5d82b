"use client";

import { useSyncExternalStore } from "react";
import { toast } from "@/components/ui/toast";
import { addToCompareList, parseStoredCompareList, type CompareItem } from "@/lib/catalog/compare";

// The shopper's compare list (lib/catalog/compare.ts has its rules), kept in localStorage: it works
// signed out, survives a reload and follows other tabs (the storage event). A tiny external store
// read with useSyncExternalStore, as components/cart/use-shop-lists.tsx: the server and hydration
// see it empty, so cached pages stay the same for everyone.

export const COMPARE_STORAGE_KEY = "volt-compare";

const EMPTY: CompareItem[] = [];
/** The stored text last read and its list: the same text gives the same list (a stable snapshot). */
let cached: { raw: string | null; list: CompareItem[] } = { raw: null, list: EMPTY };
/** Where the list lives once the browser has refused to store it (storage off, a full quota). */
let memory: { raw: string | null } | null = null;
const listeners = new Set<() => void>();

function readRaw(): string | null {
  if (memory) return memory.raw;
  try {
    return window.localStorage.getItem(COMPARE_STORAGE_KEY);
  } catch {
    return null;
  }
}

function snapshot(): CompareItem[] {
  const raw = readRaw();
  if (raw !== cached.raw) cached = { raw, list: parseStoredCompareList(raw) };
  return cached.list;
}

const notify = () => {
  for (const listener of listeners) listener();
};

function onStorage(event: StorageEvent): void {
  if (event.key === COMPARE_STORAGE_KEY || event.key === null) notify();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener("storage", onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener("storage", onStorage);
  };
}

function write(list: CompareItem[]): void {
  const raw = list.length === 0 ? null : JSON.stringify(list);
  if (memory) memory = { raw };
  else {
    try {
      if (raw === null) window.localStorage.removeItem(COMPARE_STORAGE_KEY);
      else window.localStorage.setItem(COMPARE_STORAGE_KEY, raw);
    } catch {
      // Kept in memory for this page instead: the list still works until the page is left.
      memory = { raw };
    }
  }
  notify();
}

/** The compare list; empty on the server and while the page hydrates. */
export function useCompareList(): CompareItem[] {
  return useSyncExternalStore(subscribe, snapshot, () => EMPTY);
}

/** Adds the product, or says in a toast why it cannot join (a fifth, or another category). True when it is in the list. */
export function addToCompare(item: CompareItem): boolean {
  const result = addToCompareList(snapshot(), item);
  if ("refused" in result) {
    toast.error(result.refused, { id: "compare-refused" });
    return false;
  }
  write(result.list);
  return true;
}

export function removeFromCompare(id: string): void {
  write(snapshot().filter((item) => item.id !== id));
}

export function clearCompare(): void {
  write([]);
}
