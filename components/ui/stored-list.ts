"use client";

import { useSyncExternalStore } from "react";

// A small list kept in the browser's localStorage (the compare list, the recently viewed products):
// it works signed out, survives a reload and follows other tabs (the storage event). A tiny
// external store read with useSyncExternalStore, as components/cart/use-shop-lists.tsx: the server
// and hydration see it empty, so cached pages stay the same for everyone.

export type StoredList<T> = {
  /** The list; empty on the server and while the page hydrates. */
  useList: () => T[];
  /** The list now (outside React). */
  read: () => T[];
  write: (list: T[]) => void;
};

/** A list stored under `key`; `parse` reads the stored text (null: nothing stored) and drops what is not valid. */
export function storedList<T>(key: string, parse: (raw: string | null) => T[]): StoredList<T> {
  const empty: T[] = [];
  /** The stored text last read and its list: the same text gives the same list (a stable snapshot). */
  let cached: { raw: string | null; list: T[] } = { raw: null, list: empty };
  /** Where the list lives once the browser has refused to store it (storage off, a full quota). */
  let memory: { raw: string | null } | null = null;
  const listeners = new Set<() => void>();

  function readRaw(): string | null {
    if (memory) return memory.raw;
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  }

  function read(): T[] {
    const raw = readRaw();
    if (raw !== cached.raw) cached = { raw, list: parse(raw) };
    return cached.list;
  }

  const notify = () => {
    for (const listener of listeners) listener();
  };

  function onStorage(event: StorageEvent): void {
    if (event.key === key || event.key === null) notify();
  }

  function subscribe(listener: () => void): () => void {
    if (listeners.size === 0) window.addEventListener("storage", onStorage);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) window.removeEventListener("storage", onStorage);
    };
  }

  function write(list: T[]): void {
    const raw = list.length === 0 ? null : JSON.stringify(list);
    if (memory) memory = { raw };
    else {
      try {
        if (raw === null) window.localStorage.removeItem(key);
        else window.localStorage.setItem(key, raw);
      } catch {
        // Kept in memory for this page instead: the list still works until the page is left.
        memory = { raw };
      }
    }
    notify();
  }

  return { useList: () => useSyncExternalStore(subscribe, read, () => empty), read, write };
}
