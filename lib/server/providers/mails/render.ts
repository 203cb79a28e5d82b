import { render } from "@react-email/render";
import type { ReactElement } from "react";

/** A mail as sent: its subject, the HTML rendered from its component, and its text part. */
export type MailContent = { subject: string; html: string; text: string };

/**
 * Renders a mail's component to HTML (JSX escapes every value) beside the text part the mail
 * writes itself (worded for reading as text: links spelled out, no markup).
 */
export async function renderMail(subject: string, element: ReactElement, text: string): Promise<MailContent> {
  return { subject, html: await render(element), text };
}
