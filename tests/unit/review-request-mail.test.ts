// The review request's mail (lib/server/reviews/mails/): its subject for one product and for more,
// valid markup with the names escaped, a button per product to its review form, and the visible
// "Stop these emails" link in the HTML and the text part.
import { HtmlValidate } from "html-validate";
import { describe, expect, it } from "vitest";
import { reviewRequestEmail, reviewRequestSubject } from "@/lib/server/reviews/mails/review-request-mail";

// As tests/unit/mails.test.ts: the standard's rules less the two mail clients need broken.
const validator = new HtmlValidate({ extends: ["html-validate:standard"], rules: { "doctype-html": "off", "no-deprecated-attr": "off" } });
const urls = { unsubscribeUrl: "https://volt.example/api/unsubscribe?t=abc.def", ordersUrl: "https://volt.example/user-panel/my-orders" };
const line = (name: string, id: string) => ({ name, url: `https://volt.example/product/${id}#write-review` });

describe("the review request's mail", () => {
  it.each([
    [[line("Volt Phone", "a")], "How is your Volt Phone?"],
    [[line("Volt Phone", "a"), line("Volt Buds", "b")], "How are your Volt Phone and 1 more?"],
    [[line("Volt Phone", "a"), line("Volt Buds", "b"), line("Volt Charger", "c")], "How are your Volt Phone and 2 more?"],
  ])("is titled by its first product and how many more (%#)", (lines, subject) => {
    expect(reviewRequestSubject(lines)).toBe(subject);
  });

  it("is valid markup, escapes the names, links each product's review form and says how to stop these mails", async () => {
    const mail = await reviewRequestEmail("#4A5B6C7D", [line("Phone <5G> & more", "a"), line("Volt Buds", "b")], urls);
    const report = await validator.validateString(mail.html);
    expect(report.results.flatMap((result) => result.messages.map((message) => `${message.ruleId}: ${message.message}`))).toEqual([]);
    expect(mail.html).toContain("Phone &lt;5G&gt; &amp; more");
    expect(mail.html).not.toContain("<5G>");
    expect(mail.html).toContain('href="https://volt.example/product/a#write-review"');
    expect(mail.html).toContain('href="https://volt.example/product/b#write-review"');
    expect(mail.html.match(/Write a review/g)).toHaveLength(2);
    expect(mail.html).toContain(`href="${urls.unsubscribeUrl}"`);
    expect(mail.html).toContain("Stop these emails");
    expect(mail.html).toContain('href="https://volt.example/user-panel/my-orders"');
    expect(mail.text).toContain("Write a review of Phone <5G> & more:\nhttps://volt.example/product/a#write-review");
    expect(mail.text).toContain(`Stop these emails from Volt Electronics: ${urls.unsubscribeUrl}`);
    expect(mail.text).toContain("#4A5B6C7D");
  });
});
