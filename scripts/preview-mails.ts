// `npm run mails:preview`: every mail the store sends, rendered from its component with sample
// values, on one page at http://localhost:3091 (each mail's HTML in a frame, its text part
// beside it). Rendered again on every reload, so an edit to a mail's component shows at once.
import http from "node:http";
import { register } from "node:module";
import type { MailContent } from "../lib/server/providers/mail";

// The mails' modules are marked "server-only", as the server loads them (server/server-only.mjs).
register("../server/server-only.mjs", import.meta.url);
const { confirmAddressEmail, emailChangeCodeEmail, emailChangedEmail, otpEmail, passwordChangedEmail } = await import("../lib/server/providers/mail");
const { orderConfirmationEmail } = await import("../lib/server/orders/order-email");
const { stepEmail } = await import("../lib/server/orders/step-email");
const { SAMPLE_MAILED_ORDER, SAMPLE_ORDER, SAMPLE_STEPS } = await import("../lib/server/orders/mails/samples");
const { alertDigestEmail, SAMPLE_ALERT_LINES } = await import("../lib/server/shop-lists/mails/alert-mail");
const { reviewRequestEmail } = await import("../lib/server/reviews/mails/review-request-mail");
const ORDERS_URL = "http://localhost:3000/user-panel/my-orders";
const UNSUBSCRIBE_SAMPLE_URL = "http://localhost:3000/api/unsubscribe?t=sample";
const REVIEW_SAMPLE_LINES = [
  { name: "Samsung Galaxy S24 <5G>", url: "http://localhost:3000/product/0194f1c2-7d3e-7b4a-9c1d-2e3f4a5b6c7d#write-review" },
  { name: "boAt Airdopes 141", url: "http://localhost:3000/product/0194f1c2-7d3e-7b4a-9c1d-2e3f4a5b6c7e#write-review" },
  { name: "Anker 65W charger", url: "http://localhost:3000/product/0194f1c2-7d3e-7b4a-9c1d-2e3f4a5b6c7f#write-review" },
];

const PORT = Number(process.env.MAIL_PREVIEW_PORT ?? 3091);
const escape = (text: string) => text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

const SAMPLES: [string, () => Promise<MailContent>][] = [
  ["Password-reset code", () => otpEmail("482913", 5)],
  ["New address code", () => emailChangeCodeEmail("730215", 10)],
  ["Password changed", () => passwordChangedEmail("Asha Rao")],
  ["Address changed", () => emailChangedEmail("Asha Rao", "asha.new@example.com")],
  ["Address changed (unconfirmed address: no name, no new address)", () => emailChangedEmail("", null)],
  ["Confirm the address", () => confirmAddressEmail("http://localhost:3000/api/confirm-email?token=sample", 24)],
  ["Order confirmation", () => orderConfirmationEmail(SAMPLE_ORDER, ORDERS_URL)],
  ...SAMPLE_STEPS.map((event): [string, () => Promise<MailContent>] => [`Order step: ${event.type}`, async () => (await stepEmail(event, SAMPLE_MAILED_ORDER, ORDERS_URL, 6759700))!]),
  ["Wishlist alert (one product)", () => alertDigestEmail("Meera", [SAMPLE_ALERT_LINES[0]!], { wishlistUrl: "http://localhost:3000/user-panel/wishlist", unsubscribeUrl: "http://localhost:3000/api/unsubscribe?t=sample", ordersUrl: ORDERS_URL })],
  ["Wishlist alerts (a digest)", () => alertDigestEmail("Meera", SAMPLE_ALERT_LINES, { wishlistUrl: "http://localhost:3000/user-panel/wishlist", unsubscribeUrl: "http://localhost:3000/api/unsubscribe?t=sample", ordersUrl: ORDERS_URL })],
  ["Review request (one product)", () => reviewRequestEmail("#4A5B6C7D", [REVIEW_SAMPLE_LINES[0]!], { unsubscribeUrl: UNSUBSCRIBE_SAMPLE_URL, ordersUrl: ORDERS_URL })],
  ["Review request (three products)", () => reviewRequestEmail("#4A5B6C7D", REVIEW_SAMPLE_LINES, { unsubscribeUrl: UNSUBSCRIBE_SAMPLE_URL, ordersUrl: ORDERS_URL })],
];

async function page(): Promise<string> {
  const mails = await Promise.all(SAMPLES.map(async ([name, make]) => [name, await make()] as const));
  const sections = mails.map(
    ([name, mail]) => `<section><h2>${escape(name)}</h2><p><b>Subject:</b> ${escape(mail.subject)}</p>
<div class="pair"><iframe title="${escape(name)}" sandbox="" srcdoc="${escape(mail.html)}"></iframe><pre>${escape(mail.text)}</pre></div></section>`,
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mail preview</title><style>
body{font-family:system-ui,sans-serif;margin:24px;background:#fafafa}section{margin-bottom:40px}
.pair{display:flex;gap:16px;flex-wrap:wrap}iframe{width:390px;height:560px;border:1px solid #ccc;background:#fff}
pre{white-space:pre-wrap;max-width:420px;background:#fff;border:1px solid #ccc;padding:12px}</style></head>
<body><h1>Mail preview (${mails.length} mails, a phone's width)</h1>${sections.join("\n")}</body></html>`;
}

http
  .createServer((request, response) => {
    page().then(
      (html) => response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html),
      (error: unknown) => response.writeHead(500, { "content-type": "text/plain" }).end(String(error)),
    );
  })
  .listen(PORT, () => console.log(`Mail preview: http://localhost:${PORT} (Ctrl-C stops it)`));
