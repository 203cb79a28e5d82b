import { describe, expect, it } from "vitest";
import { OTP_LENGTH } from "@/lib/constants";
import { backspace, emptyDigits, moveFocus, pasteCode, typeDigit } from "@/lib/accounts/otp-input";

const boxes = (code: string) => Array.from({ length: OTP_LENGTH }, (_, index) => code.charAt(index).replace(" ", ""));

describe("typeDigit", () => {
  it("fills the box and moves to the next one", () => {
    expect(typeDigit(emptyDigits(OTP_LENGTH), 0, "7")).toEqual({ digits: boxes("7"), focus: 1 });
    expect(typeDigit(boxes("12"), 2, "3")).toEqual({ digits: boxes("123"), focus: 3 });
  });

  it("replaces a filled box", () => {
    expect(typeDigit(boxes("123"), 1, "9")).toEqual({ digits: boxes("193"), focus: 2 });
  });

  it.each(["a", " ", "-", "", "é", "٣"])("ignores the non-digit %j and keeps the focus", (value) => {
    expect(typeDigit(boxes("12"), 2, value)).toEqual({ digits: boxes("12"), focus: 2 });
  });

  it("stays in the last box", () => {
    expect(typeDigit(boxes("12345"), 5, "6")).toEqual({ digits: boxes("123456"), focus: 5 });
  });

  it("takes several digits at once (an autofilled code) as a paste", () => {
    expect(typeDigit(emptyDigits(OTP_LENGTH), 0, "654321")).toEqual({ digits: boxes("654321"), focus: 5 });
  });
});

describe("backspace", () => {
  it("clears a filled box and keeps the focus there", () => {
    expect(backspace(boxes("123"), 2)).toEqual({ digits: boxes("12"), focus: 2 });
    expect(backspace(boxes("123456"), 5)).toEqual({ digits: boxes("12345"), focus: 5 });
  });

  it("in an empty box moves back and clears the previous box", () => {
    expect(backspace(boxes("123"), 3)).toEqual({ digits: boxes("12"), focus: 2 });
  });

  it("in the first empty box does nothing", () => {
    expect(backspace(emptyDigits(OTP_LENGTH), 0)).toEqual({ digits: emptyDigits(OTP_LENGTH), focus: 0 });
  });
});

describe("pasteCode", () => {
  it.each([0, 2, 5])("a whole code pasted into box %i fills every box and focuses the last", (index) => {
    expect(pasteCode(emptyDigits(OTP_LENGTH), index, "123456")).toEqual({ digits: boxes("123456"), focus: 5 });
  });

  it.each(["123-456", "123 456", " 1 2 3 4 5 6 ", "Your code: 123456.", "123456\n"])("reads the digits of %j", (text) => {
    expect(pasteCode(emptyDigits(OTP_LENGTH), 0, text)).toEqual({ digits: boxes("123456"), focus: 5 });
  });

  it("a longer run keeps the first six digits", () => {
    expect(pasteCode(emptyDigits(OTP_LENGTH), 0, "12345678")).toEqual({ digits: boxes("123456"), focus: 5 });
  });

  it("a partial code fills from the box onwards and focuses the box after it", () => {
    expect(pasteCode(boxes("9"), 1, "23")).toEqual({ digits: boxes("923"), focus: 3 });
    expect(pasteCode(emptyDigits(OTP_LENGTH), 0, "12")).toEqual({ digits: boxes("12"), focus: 2 });
  });

  it("a partial code near the end fills what fits", () => {
    expect(pasteCode(boxes("1234"), 4, "789")).toEqual({ digits: boxes("123478"), focus: 5 });
  });

  it.each(["abcdef", "", "--", "code"])("ignores %j (no digits)", (text) => {
    expect(pasteCode(boxes("12"), 2, text)).toEqual({ digits: boxes("12"), focus: 2 });
  });

  it("never changes the digits it was given", () => {
    const digits = boxes("12");
    pasteCode(digits, 0, "999999");
    typeDigit(digits, 2, "3");
    backspace(digits, 1);
    expect(digits).toEqual(boxes("12"));
  });
});

describe("moveFocus", () => {
  it("moves one box and stops at the ends", () => {
    const digits = emptyDigits(OTP_LENGTH);
    expect(moveFocus(digits, 2, "ArrowLeft")).toBe(1);
    expect(moveFocus(digits, 2, "ArrowRight")).toBe(3);
    expect(moveFocus(digits, 0, "ArrowLeft")).toBe(0);
    expect(moveFocus(digits, 5, "ArrowRight")).toBe(5);
  });
});
