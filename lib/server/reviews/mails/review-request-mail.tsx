import { Button, Link, Section, Text } from "@react-email/components";
import { createElement } from "react";
import { MailLayout, paragraph, STORE_NAME } from "../../providers/mails/layout";
import { renderMail, type MailContent } from "../../providers/mails/render";

// The review request (lib/server/reviews/review-requests.ts): a few days after delivery, "How is
// your …?", each product still to review with a button straight to its review form, and a visible
// "Stop these emails" link beside the List-Unsubscribe header. The store's own words and the
// products' names only: nothing the account's holder wrote.

/** One product to review: its name as bought, and its page's review form (absolute). */
export type ReviewRequestLine = { name: string; url: string };

/** "How is your Phone X?" for one product, "How are your Phone X and 2 more?" for more. */
export function reviewRequestSubject(lines: readonly ReviewRequestLine[]): string {
  const first = lines[0]?.name ?? "order";
  return lines.length <= 1 ? `How is your ${first}?` : `How are your ${first} and ${lines.length - 1} more?`;
}

const button = { background: "#2563eb", color: "#ffffff", borderRadius: "9999px", padding: "10px 18px", fontSize: "14px", fontWeight: "bold", textDecoration: "none" } as const;

export function ReviewRequestMail({ title, number, lines, unsubscribeUrl, ordersUrl }: { title: string; number: string; lines: readonly ReviewRequestLine[]; unsubscribeUrl: string; ordersUrl: string }) {
  return (
    <MailLayout title={title} preview="A few words help other shoppers choose" ordersUrl={ordersUrl}>
      <Text style={paragraph}>Hello,</Text>
      <Text style={paragraph}>
        Your order {number} arrived a few days ago. How {lines.length === 1 ? "is it" : "are they"} working out? A rating and a few words help other shoppers choose, and they help us too.
      </Text>
      {lines.map((line) => (
        <Section key={line.url} style={{ margin: "0 0 16px", padding: "12px", border: "1px solid #e4e4e7", borderRadius: "6px" }}>
          <Text style={{ ...paragraph, margin: "0 0 10px", fontWeight: "bold" }}>{line.name}</Text>
          <Button href={line.url} style={button}>
            Write a review
          </Button>
        </Section>
      ))}
      <Text style={{ ...paragraph, fontSize: "13px", color: "#52525b" }}>
        We ask once per order, a few days after it arrives. <Link href={unsubscribeUrl}>Stop these emails</Link>.
      </Text>
    </MailLayout>
  );
}

/** The request as sent: subject, HTML and its text part. */
export function reviewRequestEmail(number: string, lines: readonly ReviewRequestLine[], urls: { unsubscribeUrl: string; ordersUrl: string }): Promise<MailContent> {
  const subject = reviewRequestSubject(lines);
  const text = [
    "Hello,",
    "",
    `Your order ${number} arrived a few days ago. How ${lines.length === 1 ? "is it" : "are they"} working out? A rating and a few words help other shoppers choose, and they help us too.`,
    "",
    ...lines.flatMap((line) => [`Write a review of ${line.name}:`, line.url, ""]),
    `We ask once per order, a few days after it arrives. Stop these emails from ${STORE_NAME}: ${urls.unsubscribeUrl}`,
  ].join("\n");
  return renderMail(subject, createElement(ReviewRequestMail, { title: subject, number, lines, ...urls }), text);
}
