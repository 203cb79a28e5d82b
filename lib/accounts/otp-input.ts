// The OTP boxes' editing rules (docs/PRODUCT.md §2.4: 6 single-character boxes, joined into the code), kept
// pure so they are tested without a browser. Each step answers the new digits and the box to focus.

export type OtpStep = { digits: string[]; focus: number };

export function emptyDigits(length: number): string[] {
  return Array.from({ length }, () => "");
}

const onlyDigits = (text: string) => text.replace(/\D/g, "");
const lastIndex = (digits: readonly string[]) => Math.max(0, digits.length - 1);
const clampIndex = (digits: readonly string[], index: number) => Math.min(Math.max(index, 0), lastIndex(digits));

/**
 * A box received `value`: one digit fills it and moves on (the last box keeps the focus); more
 * than one digit (an autofilled code) is taken as a paste; anything else is ignored.
 */
export function typeDigit(digits: readonly string[], index: number, value: string): OtpStep {
  const typed = onlyDigits(value);
  if (typed.length === 0) return { digits: [...digits], focus: clampIndex(digits, index) };
  if (typed.length > 1) return pasteCode(digits, index, typed);
  const next = [...digits];
  next[clampIndex(digits, index)] = typed;
  return { digits: next, focus: clampIndex(digits, index + 1) };
}

/** Backspace clears a filled box in place; in an empty box it clears the previous box and moves there. */
export function backspace(digits: readonly string[], index: number): OtpStep {
  const at = clampIndex(digits, index);
  const next = [...digits];
  if (next[at]) {
    next[at] = "";
    return { digits: next, focus: at };
  }
  if (at === 0) return { digits: next, focus: 0 };
  next[at - 1] = "";
  return { digits: next, focus: at - 1 };
}

/**
 * Pasted text: its digits only (so "123-456" or "123 456" work). A whole code fills every box
 * whichever box it was pasted into; a shorter run fills from the box onwards.
 */
export function pasteCode(digits: readonly string[], index: number, text: string): OtpStep {
  const pasted = onlyDigits(text);
  const at = clampIndex(digits, index);
  if (pasted.length === 0) return { digits: [...digits], focus: at };
  if (pasted.length >= digits.length) {
    return { digits: pasted.slice(0, digits.length).split(""), focus: lastIndex(digits) };
  }
  const next = [...digits];
  const room = Math.min(pasted.length, digits.length - at);
  for (let offset = 0; offset < room; offset += 1) next[at + offset] = pasted.charAt(offset);
  return { digits: next, focus: clampIndex(digits, at + room) };
}

/** ArrowLeft / ArrowRight move one box, stopping at the ends. */
export function moveFocus(digits: readonly string[], index: number, key: "ArrowLeft" | "ArrowRight"): number {
  return clampIndex(digits, index + (key === "ArrowLeft" ? -1 : 1));
}
