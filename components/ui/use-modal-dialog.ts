"use client";

import { useEffect, useRef } from "react";
import { raiseToastLayer } from "./toast";

/**
 * A native <dialog> opened with showModal() when its component mounts (the browser traps the
 * focus and closes it on Escape; unmounting removes it from the top layer), with the toasts
 * raised above it.
 */
export function useModalDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) {
      element.showModal();
      raiseToastLayer();
    }
  }, []);
  return dialog;
}
