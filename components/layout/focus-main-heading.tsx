"use client";

import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";

// After a navigation to another page (a link, a card, an admin's order row, a redirect after a
// form), the focus goes to the new page's main heading, as screen readers and keyboard users
// expect: the next Tab reaches the page's first control, not the footer (issue 35). Left where it
// is when it is on a field whose own typing or clicking changes the address (the search box
// navigates on every keystroke; filters, tabs and paging change the query), on a field the new
// page focused itself (autoFocus), or inside an element marked data-keep-focus. Only a change of
// path counts: a change of the query alone (filters, paging, tabs) is the same page.

/** Fields that change the address themselves, or that a page focused on purpose. */
function keepsFocus(element: Element | null): boolean {
  if (!element || element === document.body || element === document.documentElement) return false;
  if (element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement) return true;
  if (element instanceof HTMLElement && element.isContentEditable) return true;
  return element.closest("[data-keep-focus], [role=dialog], dialog") !== null;
}

/** The main area's first visible h1 (a streamed page's hidden copy and a pending skeleton's page do not count). */
function visibleHeading(main: HTMLElement): HTMLElement | null {
  for (const heading of main.querySelectorAll<HTMLElement>("h1")) {
    if (heading.getClientRects().length > 0) return heading;
  }
  return null;
}

function focusHeading(main: HTMLElement): boolean {
  const heading = visibleHeading(main);
  if (!heading) return false;
  if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
  heading.setAttribute("data-route-focus", "");
  heading.focus({ preventScroll: true });
  return document.activeElement === heading;
}

export function FocusMainHeading() {
  const pathname = usePathname();
  const first = useRef(true);
  useEffect(() => {
    // The first page of a visit keeps the browser's own start (the top of the document).
    if (first.current) {
      first.current = false;
      return;
    }
    const main = document.getElementById("main");
    if (!main || keepsFocus(document.activeElement)) return;
    if (focusHeading(main)) return;
    // The heading is not shown yet (a page still streaming, a skeleton still up): focus it when it
    // is, unless the visitor has moved on by then (a key, a click, a focus of their own).
    const observer = new MutationObserver(() => {
      const active = document.activeElement;
      // Still nowhere in particular (the body, or a loading skeleton that held it meanwhile)?
      const idle = !active || active === document.body || active.matches("[role=status]");
      if (!idle || focusHeading(main)) stop();
    });
    const stop = () => {
      observer.disconnect();
      window.removeEventListener("keydown", stop, true);
      window.removeEventListener("pointerdown", stop, true);
    };
    observer.observe(main, { childList: true, subtree: true, attributes: true, attributeFilter: ["class", "hidden", "style"] });
    window.addEventListener("keydown", stop, true);
    window.addEventListener("pointerdown", stop, true);
    return stop;
  }, [pathname]);
  return null;
}
