import { Column, Link, Row, Section, Text } from "@react-email/components";
import { MailLayout, paragraph } from "../../providers/mails/layout";

// The order's mails: the confirmation (its lines in a table), and the mails of an order's steps
// and the owner's alerts (lines of the store's own words and a link or two).

export type MailLine = { name: string; quantity: number; price: string; amount: string };

const cell = { padding: "6px 4px", borderBottom: "1px solid #e4e4e7", fontSize: "14px" } as const;

export function OrderConfirmationMail(props: {
  title: string;
  number: string;
  lines: MailLine[];
  shippingName: string;
  shipping: string;
  total: string;
  address: string[];
  ordersUrl: string;
  invoiceUrl: string;
  /** Cash on delivery: where the shopper confirms the order (My Orders); null for a paid order. */
  confirmUrl?: string | null;
}) {
  const { title, number, lines, shippingName, shipping, total, address, ordersUrl, invoiceUrl, confirmUrl = null } = props;
  const cod = confirmUrl !== null;
  return (
    <MailLayout title={title} preview={cod ? `Order ${number} is placed: pay ${total} on delivery` : `Order ${number} is confirmed`} ordersUrl={ordersUrl}>
      {cod ? (
        <Text style={paragraph}>
          Thank you for your order <strong>{number}</strong>. Please pay <strong>{total}</strong> in cash when it arrives. So that we can send it, please{" "}
          <Link href={confirmUrl}>confirm my order</Link>.
        </Text>
      ) : (
        <Text style={paragraph}>
          Thank you for your order. We have received your payment for order <strong>{number}</strong>.
        </Text>
      )}
      <Section style={{ margin: "0 0 16px" }}>
        <Row>
          <Column style={{ ...cell, fontWeight: "bold" }}>Item</Column>
          <Column style={{ ...cell, fontWeight: "bold", textAlign: "center" }}>Qty</Column>
          <Column style={{ ...cell, fontWeight: "bold", textAlign: "right" }}>Price</Column>
          <Column style={{ ...cell, fontWeight: "bold", textAlign: "right" }}>Amount</Column>
        </Row>
        {lines.map((line, index) => (
          <Row key={index}>
            <Column style={cell}>{line.name}</Column>
            <Column style={{ ...cell, textAlign: "center" }}>{line.quantity}</Column>
            <Column style={{ ...cell, textAlign: "right" }}>{line.price}</Column>
            <Column style={{ ...cell, textAlign: "right" }}>{line.amount}</Column>
          </Row>
        ))}
        <Row>
          <Column style={cell} colSpan={3}>
            {shippingName}
          </Column>
          <Column style={{ ...cell, textAlign: "right" }}>{shipping}</Column>
        </Row>
        <Row>
          <Column style={{ ...cell, fontWeight: "bold", borderBottom: "none" }} colSpan={3}>
            {cod ? "To pay on delivery" : "Total paid"}
          </Column>
          <Column style={{ ...cell, fontWeight: "bold", borderBottom: "none", textAlign: "right" }}>{total}</Column>
        </Row>
      </Section>
      {address.length > 0 ? (
        <Text style={paragraph}>
          <strong>Delivery address</strong>
          {address.map((line, index) => (
            <span key={index}>
              <br />
              {line}
            </span>
          ))}
        </Text>
      ) : null}
      <Text style={paragraph}>
        {cod ? (
          <>Your tax invoice comes with the parcel, when it ships. </>
        ) : (
          <>
            Your <Link href={invoiceUrl}>tax invoice</Link> is ready to view and download.{" "}
          </>
        )}
        See the order any time in <Link href={ordersUrl}>My Orders</Link>.
      </Text>
    </MailLayout>
  );
}

/** Lines of the store's own words, each a paragraph, then links (a parcel's tracking, the order's page). */
export function LinesMail({ title, lines, links, ordersUrl }: { title: string; lines: string[]; links: { href: string; label: string; before?: string; after?: string }[]; ordersUrl: string }) {
  return (
    <MailLayout title={title} ordersUrl={ordersUrl}>
      {lines.map((line, index) => (
        <Text key={index} style={paragraph}>
          {line}
        </Text>
      ))}
      {links.map((link) => (
        <Text key={link.href + link.label} style={paragraph}>
          {link.before}
          <Link href={link.href}>{link.label}</Link>
          {link.after}
        </Text>
      ))}
    </MailLayout>
  );
}
