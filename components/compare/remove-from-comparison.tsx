"use client";

import { useRouter } from "next/navigation";
import { compareHref } from "@/lib/catalog/compare";
import { removeFromCompare } from "./use-compare-list";

/** A product's column on the compare page: taken off the page's address and the shopper's list. */
export function RemoveFromComparison({ id, name, ids }: { id: string; name: string; ids: string[] }) {
  const router = useRouter();
  const remove = () => {
    removeFromCompare(id);
    router.replace(compareHref(ids.filter((other) => other !== id)), { scroll: false });
  };
  return (
    <button type="button" onClick={remove} aria-label={`Remove ${name} from compare`} className="text-sm font-medium text-slate-700 underline underline-offset-2 hover:text-brand-700">
      Remove
    </button>
  );
}
