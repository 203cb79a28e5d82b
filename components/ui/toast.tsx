"use client";

// The spec's toasts (top-center, 5000 ms, sonner) without sonner in the first download: sonner
// (~35 KB of script) loads when the browser is idle after the page is up, or at once when
// something wants to show a toast before that. Toasts asked for while it loads wait for the
// <Toaster> to be mounted, then appear in order.
import { useEffect, useState } from "react";
import { TOAST_DURATION_MS } from "@/lib/constants";

type Sonner = typeof import("sonner");

let sonner: Promise<Sonner> | null = null;
/** One download, shared; a failed one is forgotten so that the next attempt downloads again. */
const loadSonner = () =>
  (sonner ??= import("sonner").catch((error: unknown) => {
    sonner = null;
    throw error;
  }));

let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => (markMounted = resolve));
/** Set by the mounted LazyToaster: load sonner now rather than when idle. */
let loadNow: (() => void) | null = null;
let wanted = false;

/** `id`: a toast that can be taken back with toast.dismiss(id) (one of that id shows at a time). */
function show(kind: "success" | "error" | "warning", message: string, id?: string): void {
  wanted = true;
  loadNow?.();
  void mounted.then(loadSonner).then(({ toast: sonnerToast }) => sonnerToast[kind](message, id ? { id } : undefined));
}

export const toast = {
  success: (message: string, options?: { id?: string }) => show("success", message, options?.id),
  error: (message: string, options?: { id?: string }) => show("error", message, options?.id),
  /** Done, with something to check (a PIN code the directory does not know). */
  warning: (message: string, options?: { id?: string }) => show("warning", message, options?.id),
  /** Takes back the toast shown with this id, if sonner has loaded (else there is none). */
  dismiss: (id: string) => {
    if (wanted) void mounted.then(loadSonner).then(({ toast: sonnerToast }) => sonnerToast.dismiss(id));
  },
};

const whenIdle = (callback: () => void): (() => void) => {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(callback, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(callback, 1000);
  return () => window.clearTimeout(handle);
};

/** Mounted once, in the root layout's providers. */
export function LazyToaster() {
  const [Toaster, setToaster] = useState<Sonner["Toaster"] | null>(null);
  useEffect(() => {
    let active = true;
    const load = () => {
      loadNow = null;
      loadSonner().then(
        (module) => {
          if (active) setToaster(() => module.Toaster);
        },
        () => {
          // Offline for a moment: the next toast asked for tries again.
          if (active) loadNow = load;
        },
      );
    };
    loadNow = load;
    const cancel = wanted ? (load(), () => {}) : whenIdle(load);
    return () => {
      active = false;
      loadNow = null;
      cancel();
    };
  }, []);
  if (!Toaster) return null;
  return (
    <div ref={showLayer} popover="manual" id={TOAST_LAYER_ID} className="toast-layer">
      <Toaster position="top-center" duration={TOAST_DURATION_MS} richColors closeButton />
      <Mounted />
    </div>
  );
}

// Toasts live in a manual popover, i.e. in the browser's top layer, where a modal <dialog> also
// goes; of the two, the one shown last is on top. Every modal dialog calls raiseToastLayer()
// after showModal(), so a toast always shows above an open dialog.
const TOAST_LAYER_ID = "toast-layer";

function showLayer(element: HTMLDivElement | null) {
  if (element && !element.matches(":popover-open")) element.showPopover();
}

export function raiseToastLayer(): void {
  const layer = document.getElementById(TOAST_LAYER_ID);
  if (!layer || typeof layer.showPopover !== "function") return;
  if (layer.matches(":popover-open")) layer.hidePopover();
  layer.showPopover();
}

/** Its effect runs after the Toaster's own (siblings in order), so sonner is listening by then. */
function Mounted() {
  useEffect(() => markMounted(), []);
  return null;
}
