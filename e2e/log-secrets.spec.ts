import { spawn, type ChildProcess } from "node:child_process";
import { expect, test, type Locator, type Page } from "./fixtures";
import { DEFAULT_DELIVERY, fillDeliveryDetails, checkoutByCard } from "./emulators";

// The store's logs never hold a secret (issue 28, "Logs"). This journey runs its own production
// server (`npm start`'s launcher with a throwaway database and the emulators, as the other
// journeys' server, but with its output captured and LOG_LEVEL=trace), and walks, in a real
// Chromium, through the paths where secrets travel: sign-up and sign-in with a password, a
// payment whose card number is typed on the (emulated) Stripe page, Stripe's signed webhook, and
// a password reset with an emailed code and its grant cookie. Then it searches everything the
// server and the launcher wrote for each secret. It also checks that the request id reaches the
// lines written inside Next's route handlers (the Stripe calls, the webhook, fulfilment).

const PORT = Number(process.env.E2E_PORT ?? 3100) + 7;
const EMULATOR_PORT = Number(process.env.E2E_EMULATOR_PORT ?? 3101) + 7;
const BASE = `http://localhost:${PORT}`;
const EMULATOR = `http://127.0.0.1:${EMULATOR_PORT}`;

const PASSWORD = "Logs-secret-Pass-41";
const NEW_PASSWORD = "Logs-secret-Reset-58";
const CARD = "4242 4242 4242 4242";
const NEXTAUTH_SECRET = "nextauth-secret-for-the-log-test-0123456789abcdef";
const WEBHOOK_SECRET = "whsec_logtest0123456789abcdefghijklmnop";
const METRICS_TOKEN = "metrics-token-log-test-0123456789";

let server: ChildProcess | undefined;
let output = "";

test.describe.configure({ mode: "serial", timeout: 240_000 });
test.use({ baseURL: BASE });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // A database of its own: `npm test` gives the journeys' server DATABASE_URL (the build's
  // database), where other journeys add products whose images name that server's emulator.
  const { DATABASE_URL: _shared, ...inherited } = process.env;
  server = spawn(process.execPath, [".next/volt-server/launch.mjs", "start", "--ephemeral", "--port", String(PORT)], {
    env: {
      ...inherited,
      STORE_DEMO: "1",
      NODE_ENV: "production",
      EMULATOR_PORT: String(EMULATOR_PORT),
      TRUSTED_PROXY_HOPS: "1",
      LOG_LEVEL: "trace",
      NEXTAUTH_SECRET,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      METRICS_TOKEN,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  server.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  const deadline = Date.now() + 170_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server stopped:\n${output}`);
    try {
      if ((await fetch(`${BASE}/api/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not become ready:\n${output.slice(-4000)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
});

test.afterAll(async () => {
  if (!server || server.exitCode !== null) return;
  server.kill("SIGTERM");
  await new Promise((resolve) => server!.once("exit", resolve));
});

const field = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true }).filter({ visible: true });
const button = (scope: Page | Locator, name: string) => scope.getByRole("button", { name, exact: true }).filter({ visible: true });

async function codeMailedTo(email: string): Promise<string> {
  let code = "";
  await expect
    .poll(async () => {
      const mails = (await (await fetch(`${EMULATOR}/resend/outbox?to=${encodeURIComponent(email)}`)).json()) as { text: string }[];
      code = /\b(\d{6})\b/.exec(mails[0]?.text ?? "")?.[1] ?? "";
      return code;
    })
    .not.toBe("");
  return code;
}

/** The JSON lines the server wrote (the launcher's and the emulators' plain lines are skipped). */
function logLines(): Record<string, unknown>[] {
  return output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

test("sign-in, payment and a password reset leave no secret in the logs", async ({ page }) => {
  const secrets: Record<string, string> = { PASSWORD, NEW_PASSWORD, NEXTAUTH_SECRET, WEBHOOK_SECRET, METRICS_TOKEN, card: CARD.replace(/ /g, ""), cardAsTyped: CARD, stripeKey: "sk_test_emulator", resendKey: "re_emulator" };
  const email = `log-secrets-${Date.now()}@example.com`;

  // Sign-up and sign-in, the password typed into the page.
  const created = await page.request.post("/api/signup", { headers: { "x-forwarded-for": "198.19.7.1" }, data: { name: "Log Secrets", email, contact: "", password: PASSWORD, confirmPwd: PASSWORD, profilepic: "" } });
  expect(created.status()).toBe(201);
  await page.goto("/signin");
  await field(page, "Email").fill(email);
  await field(page, "Password").fill(PASSWORD);
  await button(page, "Sign In").click();
  await expect(page).toHaveURL(/\/$/);
  const session = (await page.context().cookies()).find((cookie) => /next-auth\.session-token$/.test(cookie.name));
  expect(session, "the session cookie").toBeDefined();
  secrets.sessionCookie = session!.value;

  // A payment: the card number typed on the hosted page, Stripe's signed webhook, fulfilment.
  const products = (await (await page.request.get("/api/get-product")).json()).data as { _id: string; available: number }[];
  const product = products.find((candidate) => candidate.available >= 5)!;
  expect((await page.request.post("/api/add-to-cart", { data: { productId: product._id } })).ok()).toBe(true);
  await page.goto("/user-panel/cart");
  await page.getByRole("button", { name: "Checkout" }).click();
  await checkoutByCard(page);
  await expect(page).toHaveURL(new RegExp(`^${EMULATOR}/stripe/pay/cs_test_`));
  await page.getByLabel("Card number").waitFor();
  if (await page.getByLabel("Full name").count()) await fillDeliveryDetails(page, DEFAULT_DELIVERY);
  await page.getByLabel("Card number").fill(CARD);
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
  await page.getByLabel("Name on card").fill("Log Secrets");
  await page.getByRole("button", { name: /^Pay / }).press("Enter");
  await expect(page).toHaveURL(/\/success\?session_id=cs_test_/);
  await expect.poll(() => logLines().some((line) => line.msg === "webhook: delivery handled" && line.outcome !== "bad_signature"), { timeout: 20_000 }).toBe(true);

  // A password reset: the emailed code, the grant cookie, the new password.
  await page.context().clearCookies();
  await page.goto("/forgot-password");
  await field(page, "Email").fill(email);
  await button(page, "Reset Password").click();
  await expect(page).toHaveURL(/\/verify-otp$/);
  const code = await codeMailedTo(email);
  secrets.code = code;
  for (let index = 0; index < 6; index += 1) await page.getByLabel(`Digit ${index + 1} of 6`).fill(code.charAt(index));
  await button(page, "Verify").click();
  await expect(page).toHaveURL(/\/reset-password$/);
  const grant = (await page.context().cookies()).find((cookie) => cookie.name === "volt.reset-grant");
  expect(grant, "the reset grant cookie").toBeDefined();
  secrets.resetGrant = grant!.value;
  await field(page, "New Password").fill(NEW_PASSWORD);
  await field(page, "Confirm Password").fill(NEW_PASSWORD);
  await button(page, "Reset Password").click();
  await expect(page).toHaveURL(/\/signin$/);
  const again = await page.request.post("/api/signin", { data: { email, password: NEW_PASSWORD } });
  expect(again.status()).toBe(200);

  // Every line has been written out (the logger writes asynchronously).
  await expect.poll(() => logLines().some((line) => line.msg === "request" && line.path === "/api/signin" && line.status === 200)).toBe(true);
  await new Promise((resolve) => setTimeout(resolve, 500));

  // The launcher names the emulator's test card in its start-up banner, for the developer: that
  // line is the one place the number may be.
  const logged = output.replace(/^\[store\] Payments: emulated Stripe Checkout \(test card 4242 4242 4242 4242\).*$/m, "");
  for (const [name, secret] of Object.entries(secrets)) {
    expect(logged.includes(secret), `${name} appears in the logs`).toBe(false);
    if (secret.length >= 12) expect(logged.includes(encodeURIComponent(secret)), `${name} (URL-encoded) appears in the logs`).toBe(false);
  }
  // No Stripe signature (t=…,v1=<hex>) and no query string of a request line.
  expect(logged).not.toMatch(/v1=[0-9a-f]{64}/);
  const lines = logLines();
  const requests = lines.filter((line) => line.msg === "request");
  expect(requests.every((line) => typeof line.path === "string" && !String(line.path).includes("?"))).toBe(true);

  // The request's id reaches what Next's route handlers log: the checkout's Stripe call and the
  // webhook's delivery and fulfilment share the id of their request's line.
  const byId = (id: unknown) => requests.find((line) => line.requestId === id);
  const checkoutCall = lines.find((line) => line.msg === "stripe: call" && line.path === "/v1/checkout/sessions" && line.method === "POST");
  expect(checkoutCall, "the Stripe call of the checkout").toBeDefined();
  expect(byId(checkoutCall!.requestId)).toMatchObject({ path: "/api/place-order", method: "POST", status: 200 });
  const webhook = lines.find((line) => line.msg === "webhook: delivery handled" && line.outcome === "fulfilled");
  expect(webhook, "the webhook's fulfilment").toBeDefined();
  expect(byId(webhook!.requestId)).toMatchObject({ path: "/api/webhook", method: "POST" });
  const recorded = lines.find((line) => line.msg === "fulfilment: order recorded");
  expect(recorded?.requestId, "fulfilment's line carries a request id").toBeDefined();
  const signIn = requests.find((line) => line.path === "/api/signin" && line.status === 200);
  expect(signIn).toMatchObject({ route: "/api/signin", cache: "bypass" });
  // A signed-in request's line names its user.
  expect(requests.some((line) => line.path === "/user-panel/cart" && typeof line.userId === "string")).toBe(true);

  // /metrics, with the token, shows the requests just made (and is a 404 without it).
  expect((await fetch(`${BASE}/metrics`)).status).toBe(404);
  const metrics = await (await fetch(`${BASE}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  expect(metrics).toMatch(/volt_http_requests_total\{route="\/api\/place-order",method="POST",status="2xx"\} [1-9]/);
  expect(metrics).toMatch(/volt_webhook_events_total\{outcome="fulfilled"\} [1-9]/);
  expect(metrics).toMatch(/volt_orders_recorded_total [1-9]/);
  expect(metrics).toMatch(/volt_catalog_broadcast_connected 1/);
  expect(metrics).toMatch(/volt_db_pool_connections\{state="idle"\} \d/);
  expect(metrics).toMatch(/volt_order_emails_waiting \d/);
  expect(metrics).toMatch(/volt_checkout_holds_active \d/);
  expect(metrics).toMatch(/volt_metrics_database_up 1/);
  expect(metrics).not.toContain(email);
});
