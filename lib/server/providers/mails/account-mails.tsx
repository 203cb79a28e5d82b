import { Link, Text } from "@react-email/components";
import { MailLayout, paragraph, STORE_NAME } from "./layout";

// The account's mails: a one-time code (password reset, a new address), the notices after a
// password or address change, and the link that confirms an address.

export function CodeMail({ title, code, purpose, validity, ifNotYou, ordersUrl }: { title: string; code: string; purpose: string; validity: string; ifNotYou: string; ordersUrl: string }) {
  return (
    <MailLayout title={title} preview={`Your code: ${code}`} ordersUrl={ordersUrl}>
      <Text style={paragraph}>Use this code to {purpose}:</Text>
      <Text style={{ ...paragraph, fontSize: "28px", letterSpacing: "6px", fontWeight: "bold" }}>{code}</Text>
      <Text style={paragraph}>
        It expires in {validity}. {ifNotYou}
      </Text>
    </MailLayout>
  );
}

/** A notice of a change to the account, with a greeting (no name for an unconfirmed address). */
export function NoticeMail({ title, greeting, lines, ordersUrl }: { title: string; greeting: string; lines: string[]; ordersUrl: string }) {
  return (
    <MailLayout title={title} ordersUrl={ordersUrl}>
      <Text style={paragraph}>{greeting}</Text>
      {lines.map((line) => (
        <Text key={line} style={paragraph}>
          {line}
        </Text>
      ))}
    </MailLayout>
  );
}

export function ConfirmAddressMail({ title, link, validity, ifNotYou, ordersUrl }: { title: string; link: string; validity: string; ifNotYou: string; ordersUrl: string }) {
  return (
    <MailLayout title={title} ordersUrl={ordersUrl}>
      <Text style={paragraph}>Someone created a {STORE_NAME} account with this email address. To confirm it is yours, open this link and press “Confirm my email”:</Text>
      <Text style={paragraph}>
        <Link href={link}>Confirm my email address</Link>
      </Text>
      <Text style={paragraph}>
        The link works for {validity}. {ifNotYou}
      </Text>
    </MailLayout>
  );
}
