import { Link, Section, Text } from "@react-email/components";
import { createElement } from "react";
import { formatRupees } from "@/lib/shared/money";
import { MailLayout, paragraph, STORE_NAME } from "../../providers/mails/layout";
import { renderMail, type MailContent } from "../../providers/mails/render";

// The wishlist alerts' digest (lib/server/shop-lists/alerts.ts): every product on the shopper's
// wishlist whose price fell below what they last heard, or that can be bought again, each with a
// link to it; and a visible unsubscribe link beside the List-Unsubscribe header.

/** One product in a digest: prices in paise; `oldPrice` is the baseline of a price drop. */
export type AlertLine = { name: string; url: string; priceDrop: boolean; backInStock: boolean; oldPrice: number | null; newPrice: number };

/** "₹79,999 → ₹74,999", "Back in stock at ₹74,999", or both. */
export function alertLineText(line: AlertLine): string {
  const drop = line.priceDrop && line.oldPrice !== null ? `${formatRupees(line.oldPrice)} → ${formatRupees(line.newPrice)}` : null;
  if (line.backInStock) return drop ? `Back in stock, and the price fell: ${drop}` : `Back in stock at ${formatRupees(line.newPrice)}`;
  return `Price drop: ${drop ?? formatRupees(line.newPrice)}`;
}

export function alertSubject(lines: readonly AlertLine[]): string {
  if (lines.length !== 1) return `${lines.length} products on your wishlist changed`;
  const line = lines[0]!;
  if (line.priceDrop && line.backInStock) return `Back in stock at a lower price: ${line.name}`;
  return line.priceDrop ? `Price drop: ${line.name}` : `Back in stock: ${line.name}`;
}

export function AlertDigestMail({ title, greeting, lines, wishlistUrl, unsubscribeUrl, ordersUrl }: { title: string; greeting: string; lines: readonly AlertLine[]; wishlistUrl: string; unsubscribeUrl: string; ordersUrl: string }) {
  return (
    <MailLayout title={title} preview={lines.map((line) => line.name).join(", ")} ordersUrl={ordersUrl}>
      <Text style={paragraph}>{greeting}</Text>
      <Text style={paragraph}>{lines.length === 1 ? "A product on your wishlist changed:" : "Products on your wishlist changed:"}</Text>
      {lines.map((line) => (
        <Section key={line.url} style={{ margin: "0 0 16px", padding: "12px", border: "1px solid #e4e4e7", borderRadius: "6px" }}>
          <Text style={{ ...paragraph, margin: "0 0 4px", fontWeight: "bold" }}>
            <Link href={line.url}>{line.name}</Link>
          </Text>
          <Text style={{ ...paragraph, margin: 0 }}>{alertLineText(line)}</Text>
        </Section>
      ))}
      <Text style={{ ...paragraph, fontSize: "13px", color: "#52525b" }}>
        We send at most one of these a day. Turn a product&apos;s alerts off on <Link href={wishlistUrl}>your wishlist</Link>, or{" "}
        <Link href={unsubscribeUrl}>unsubscribe from all wishlist alerts</Link>.
      </Text>
    </MailLayout>
  );
}

/** The digest as sent: subject, HTML and its text part. `name`: "" for an address not yet confirmed (no text the account's holder chose). */
export function alertDigestEmail(name: string, lines: readonly AlertLine[], urls: { wishlistUrl: string; unsubscribeUrl: string; ordersUrl: string }): Promise<MailContent> {
  const subject = alertSubject(lines);
  const greeting = name.trim() ? `Hello ${name.trim()},` : "Hello,";
  const text = [
    greeting,
    "",
    lines.length === 1 ? "A product on your wishlist changed:" : "Products on your wishlist changed:",
    "",
    ...lines.flatMap((line) => [`${line.name}: ${alertLineText(line)}`, line.url, ""]),
    `We send at most one of these a day. Turn a product's alerts off on your wishlist: ${urls.wishlistUrl}`,
    `Unsubscribe from all ${STORE_NAME} wishlist alerts: ${urls.unsubscribeUrl}`,
  ].join("\n");
  return renderMail(subject, createElement(AlertDigestMail, { title: subject, greeting, lines, ...urls }), text);
}

/** Sample values for `npm run mails:preview` and the tests. */
export const SAMPLE_ALERT_LINES: AlertLine[] = [
  { name: "Samsung Galaxy S24", url: "http://localhost:3000/product/sample-1", priceDrop: true, backInStock: false, oldPrice: 7_999_900, newPrice: 7_499_900 },
  { name: "boAt Airdopes 141", url: "http://localhost:3000/product/sample-2", priceDrop: false, backInStock: true, oldPrice: null, newPrice: 129_900 },
];
