// The wishlist alerts' digest, rendered from its React Email component: the subjects, old → new
// prices and "Back in stock", a link to each product, the visible unsubscribe link, values escaped,
// valid markup; and the one-click unsubscribe's signed links and headers (RFC 8058).
import { HtmlValidate } from "html-validate";
import { describe, expect, it } from "vitest";
import { alertDigestEmail, alertSubject, SAMPLE_ALERT_LINES, type AlertLine } from "@/lib/server/shop-lists/mails/alert-mail";
import { readUnsubscribeToken, unsubscribeHeaders, unsubscribeUrl } from "@/lib/server/accounts/unsubscribe";
import { siteUrl } from "@/lib/site-url";

const validator = new HtmlValidate({ extends: ["html-validate:standard"], rules: { "doctype-html": "off", "no-deprecated-attr": "off" } });
const urls = { wishlistUrl: "http://localhost:3000/user-panel/wishlist", unsubscribeUrl: "http://localhost:3000/api/unsubscribe?t=abc.def", ordersUrl: "http://localhost:3000/user-panel/my-orders" };
const USER = "0194f1c2-7d3e-7b4a-9c1d-2e3f4a5b6c7d";

describe("the digest", () => {
  const [drop, restock] = SAMPLE_ALERT_LINES as [AlertLine, AlertLine];
  it.each([
    [[drop], "Price drop: Samsung Galaxy S24"],
    [[restock], "Back in stock: boAt Airdopes 141"],
    [[{ ...drop, backInStock: true }], "Back in stock at a lower price: Samsung Galaxy S24"],
    [[drop, restock], "2 products on your wishlist changed"],
  ])("is titled by what changed: %#", (lines, subject) => {
    expect(alertSubject(lines)).toBe(subject);
  });

  it("lists each product with its change and link, and a visible unsubscribe link; valid markup", async () => {
    const mail = await alertDigestEmail("Meera", SAMPLE_ALERT_LINES, urls);
    expect(mail.text).toContain("Hello Meera,");
    expect(mail.text).toContain("Samsung Galaxy S24: Price drop: ₹79,999 → ₹74,999");
    expect(mail.text).toContain("boAt Airdopes 141: Back in stock at ₹1,299");
    expect(mail.text).toContain(`Unsubscribe from all Volt Electronics wishlist alerts: ${urls.unsubscribeUrl}`);
    expect(mail.html).toContain(`href="${drop.url}"`);
    expect(mail.html).toContain(`href="${urls.unsubscribeUrl}"`);
    expect(mail.html).toContain("unsubscribe from all wishlist alerts");
    expect(mail.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"');
    const report = await validator.validateString(mail.html);
    expect(report.results.flatMap((result) => result.messages.map((message) => `${message.ruleId}: ${message.message}`))).toEqual([]);
  });

  it("escapes names and greets no one by name for an unconfirmed address", async () => {
    const mail = await alertDigestEmail("", [{ ...drop, name: "<b>Phone</b> & co" }], urls);
    expect(mail.html).not.toContain("<b>Phone</b>");
    expect(mail.html).toContain("&lt;b&gt;Phone&lt;/b&gt; &amp; co");
    expect(mail.text.startsWith("Hello,")).toBe(true);
  });
});

describe("unsubscribe links", () => {
  it("are the site's own, signed per shopper and list, and read back", () => {
    const alerts = unsubscribeUrl(USER, "alerts");
    const reviews = unsubscribeUrl(USER, "review-requests");
    expect(alerts.startsWith(`${siteUrl()}/api/unsubscribe?t=`)).toBe(true);
    expect(alerts).not.toBe(reviews);
    expect(readUnsubscribeToken(new URL(alerts).searchParams.get("t"))).toEqual({ userId: USER, list: "alerts" });
    expect(readUnsubscribeToken(new URL(reviews).searchParams.get("t"))).toEqual({ userId: USER, list: "review-requests" });
    expect(unsubscribeHeaders(USER, "alerts")).toEqual({ "List-Unsubscribe": `<${alerts}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
  });

  it("refuse anything not signed by the store", () => {
    const token = new URL(unsubscribeUrl(USER, "alerts")).searchParams.get("t")!;
    const [payload, signature] = token.split(".") as [string, string];
    const otherList = Buffer.from(`review-requests:${USER}`).toString("base64url");
    const unknownList = Buffer.from(`newsletter:${USER}`).toString("base64url");
    for (const bad of [null, "", token.slice(1), `${payload}.${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`, `${otherList}.${signature}`, `${unknownList}.${signature}`, `${payload}..${signature}`, 42]) {
      expect(readUnsubscribeToken(bad)).toBeNull();
    }
  });
});
