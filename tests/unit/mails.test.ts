// The account's mails, rendered from their React Email components (lib/server/providers/mails/):
// the same words as before, values escaped by JSX, a viewport meta for phones, valid markup, and
// the footer's My Orders link.
import { HtmlValidate } from "html-validate";
import { describe, expect, it } from "vitest";
import { orderConfirmationEmail } from "@/lib/server/orders/order-email";
import { SAMPLE_MAILED_ORDER, SAMPLE_ORDER, SAMPLE_STEPS } from "@/lib/server/orders/mails/samples";
import { stepEmail } from "@/lib/server/orders/step-email";
import { confirmAddressEmail, emailChangeCodeEmail, emailChangedEmail, otpEmail, passwordChangedEmail, type MailContent } from "@/lib/server/providers/mail";
import { siteUrl } from "@/lib/site-url";

// The standard's rules, less two that mail clients need broken: React Email's XHTML doctype, and
// the table attributes (width, align, cellPadding) that Outlook and Gmail lay out by.
const validator = new HtmlValidate({ extends: ["html-validate:standard"], rules: { "doctype-html": "off", "no-deprecated-attr": "off" } });
/** The text a reader sees: tags dropped, entities read, spaces as one. */
const visible = (html: string) =>
  html
    .replace(/<head>[\s\S]*<\/head>/, "")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

/** What every mail must be: a viewport meta, the store's name, the footer's link, valid markup. */
async function expectWellMade(mail: MailContent): Promise<void> {
  expect(mail.html).toMatch(/^<!DOCTYPE html/i);
  expect(mail.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"');
  expect(mail.html).toContain(`<title>${mail.subject.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")}</title>`);
  expect(visible(mail.html)).toContain("Volt Electronics");
  expect(mail.html).toContain(`href="${siteUrl()}/user-panel/my-orders"`);
  expect(mail.html).not.toMatch(/<p\b[^>]*>(?:(?!<\/p>)[\s\S])*<table/); // no table inside a paragraph
  const report = await validator.validateString(mail.html);
  expect(report.results.flatMap((result) => result.messages.map((message) => `${message.ruleId}: ${message.message}`)), mail.subject).toEqual([]);
}

describe("the order's mails", () => {
  it("the confirmation and every step's mail are well made, and escape what was typed", async () => {
    const ordersUrl = `${siteUrl()}/user-panel/my-orders`;
    const confirmation = await orderConfirmationEmail(SAMPLE_ORDER, ordersUrl);
    await expectWellMade(confirmation);
    expect(confirmation.html).toContain("Samsung Galaxy S24 &lt;5G&gt;");
    expect(visible(confirmation.html)).toContain("Item Qty Price Amount Samsung Galaxy S24 <5G> 1 ₹64,999 ₹64,999 boAt Airdopes 141 2 ₹1,299 ₹2,598 Free delivery (3–5 business days) ₹0 Total paid ₹67,597");
    const steps = await Promise.all(SAMPLE_STEPS.map((event) => stepEmail(event, SAMPLE_MAILED_ORDER, ordersUrl, 6759700)));
    expect(steps.map((mail) => mail?.subject)).toHaveLength(8);
    for (const mail of steps) {
      expect(mail).not.toBeNull();
      await expectWellMade(mail!);
      expect(mail!.html).not.toContain("<5G>");
    }
    const shipped = steps[0]!;
    expect(shipped.html).toContain('href="https://www.delhivery.com/track/package/DLV123456789"');
    expect(shipped.html.match(/Track your parcel/g)).toHaveLength(1);
  });
});

describe("the account's mails", () => {
  it("each has a viewport meta, the store's name, the My Orders link and markup the standard accepts", async () => {
    const mails = await Promise.all([otpEmail("482913", 5), emailChangeCodeEmail("111222", 10), passwordChangedEmail("Asha"), emailChangedEmail("Asha", "new@example.com"), confirmAddressEmail("https://shop.example/confirm?t=abc&u=1", 24)]);
    for (const mail of mails) await expectWellMade(mail);
  });

  it("say what they said before, in the HTML and the text part", async () => {
    const code = await otpEmail("482913", 5);
    expect(code.subject).toBe("Your Volt Electronics verification code");
    expect(visible(code.html)).toContain("Use this code to reset your password: 482913 It expires in 5 minutes. If you did not ask to reset your password, ignore this email; your password stays as it is.");
    expect(code.text).toBe("Your Volt Electronics verification code is 482913. Use it to reset your password.\n\nIt expires in 5 minutes. If you did not ask to reset your password, ignore this email; your password stays as it is.");
    expect(visible((await emailChangeCodeEmail("111222", 1)).html)).toContain("Use this code to make this the email address of your Volt Electronics account: 111222 It expires in 1 minute.");
    const changed = await emailChangedEmail("Asha", "new@example.com");
    expect(visible(changed.html)).toContain("Hello Asha, The email address of your Volt Electronics account was changed to new@example.com. If this was not you, contact us right away.");
    expect(changed.text).toBe("Hello Asha,\n\nThe email address of your Volt Electronics account was changed to new@example.com.\nIf this was not you, contact us right away.");
    // An unconfirmed address: no name, no new address (text its holder chose).
    expect(visible((await emailChangedEmail("", null)).html)).toContain("Hello, The email address of your Volt Electronics account was changed. If");
    const confirm = await confirmAddressEmail("https://shop.example/confirm?t=abc&u=1", 24);
    expect(confirm.html).toContain('href="https://shop.example/confirm?t=abc&amp;u=1"');
    expect(visible(confirm.html)).toContain("The link works for 24 hours.");
    expect(confirm.text).toContain("\n\nhttps://shop.example/confirm?t=abc&u=1\n\n");
  });

  it("escape what a shopper typed", async () => {
    const mail = await passwordChangedEmail('Asha <img src=x onerror="alert(1)">');
    expect(mail.html).not.toContain("<img src=x");
    expect(mail.html).toContain("Hello Asha &lt;img src=x onerror=&quot;alert(1)&quot;&gt;,");
    expect(mail.text.split("\n")[0]).toBe('Hello Asha <img src=x onerror="alert(1)">,');
  });
});
