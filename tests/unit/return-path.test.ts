import { describe, expect, it } from "vitest";
import { safeReturnPath, signInHref } from "@/lib/accounts/return-path";

describe("safeReturnPath: only a path on this site", () => {
  it.each(["/", "/product/0194f1c2-7d3e-7b4a-9c1d-2e3f4a5b6c7d", "/search?q=phone&x=1", "/user-panel/cart#top", "/a//b", "/apis", "/api-docs"])("keeps %j", (path) => {
    expect(safeReturnPath(path)).toBe(path);
  });

  it.each([
    "",
    "product/1",
    "//evil.example",
    "//evil.example/path",
    "/\\evil.example",
    "/\\/evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/ /evil.example",
    "https://evil.example/",
    "http:/evil.example",
    "javascript:alert(1)",
    " /product/1",
    `/${"a".repeat(3000)}`,
    "/api/logout",
    "/API/logout",
    "/api?x=1",
    "/api",
  ])("refuses %j", (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it.each([undefined, null, 42, ["/a"], { path: "/" }])("refuses a non-string %j", (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });
});

describe("signInHref", () => {
  it.each([
    [{}, "/signin"],
    [{ returnTo: "/product/1" }, "/signin?next=%2Fproduct%2F1"],
    [{ returnTo: "//evil.example" }, "/signin"],
    [{ shopper: true }, "/signin?account=shopper"],
    [{ returnTo: "/product/1", shopper: true }, "/signin?account=shopper&next=%2Fproduct%2F1"],
  ])("%j → %s", (options, href) => {
    expect(signInHref(options)).toBe(href);
  });
});
