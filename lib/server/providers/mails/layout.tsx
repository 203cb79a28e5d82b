import { Body, Container, Head, Heading, Html, Link, Preview, Text } from "@react-email/components";
import type { ReactNode } from "react";

// The frame of every mail the store sends: the store's name, a viewport meta so phones lay the
// mail out at their width, the body, and a footer with the My Orders link.

export const STORE_NAME = "Volt Electronics";

export const paragraph = { margin: "0 0 16px", fontSize: "15px", lineHeight: "22px" } as const;

export function MailLayout({ title, preview, ordersUrl, children }: { title: string; preview?: string; ordersUrl: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
      </Head>
      {preview ? <Preview>{preview}</Preview> : null}
      <Body style={{ margin: 0, padding: "24px 12px", background: "#f4f4f5", fontFamily: "Arial, Helvetica, sans-serif", color: "#18181b" }}>
        <Container style={{ maxWidth: "480px", margin: "0 auto", background: "#ffffff", borderRadius: "8px", padding: "24px" }}>
          <Heading as="h1" style={{ fontSize: "20px", margin: "0 0 16px" }}>
            {STORE_NAME}
          </Heading>
          {children}
          <Text style={{ margin: "24px 0 0", fontSize: "12px", lineHeight: "18px", color: "#71717a" }}>
            This email was sent by {STORE_NAME}. Your orders: <Link href={ordersUrl}>My Orders</Link>.
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
