// The account's mails, rendered from their React Email components (lib/server/providers/mails/):
// the same words as before, values escaped by JSX, a viewport meta for phones, valid markup, and
// the footer's My Orders link.
import { HtmlValidate } from "html-validate";
import { describe, expect, it } from "vitest";
import { confirmAddressEmail, emailChangeCodeEmail, emailChangedEmail, otpEmail, passwordChangedEmail } from "@/lib/server/providers/mail";
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

describe("the account's mails", () => {
  it("each has a viewport meta, the store's name, the My Orders link and markup the standard accepts", async () => {
    const mails = await Promise.all([otpEmail("482913", 5), emailChangeCodeEmail("111222", 10), passwordChangedEmail("Asha"), emailChangedEmail("Asha", "new@example.com"), confirmAddressEmail("https://shop.example/confirm?t=abc&u=1", 24)]);
    for (const mail of mails) {
      expect(mail.html).toMatch(/^<!DOCTYPE html/i);
      expect(mail.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"');
      expect(mail.html).toContain(`<title>${mail.subject}</title>`);
      expect(visible(mail.html)).toContain("Volt Electronics");
      expect(mail.html).toContain(`href="${siteUrl()}/user-panel/my-orders"`);
      expect(mail.html).not.toMatch(/<p\b[^>]*>(?:(?!<\/p>)[\s\S])*<table/); // no table inside a paragraph
      const report = await validator.validateString(mail.html);
      expect(report.results.flatMap((result) => result.messages.map((message) => `${message.ruleId}: ${message.message}`)), mail.subject).toEqual([]);
    }
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
