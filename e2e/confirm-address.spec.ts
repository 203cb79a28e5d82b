import { expect, test, visitorAddress } from "./fixtures";
import { readOutbox } from "./emulators";

// A new account's address is unconfirmed: My Account says so and mails a link again; the link's
// page confirms only when its button is pressed, and My Account then says nothing more.

const PASSWORD = "Volt-test-pass-9";

async function linkMailedTo(email: string, count: number): Promise<string> {
  let link = "";
  await expect
    .poll(
      async () => {
        const mails = (await readOutbox(email)).filter((mail) => mail.subject.startsWith("Confirm your"));
        link = mails.length >= count ? (/https?:\/\/\S+#token=[\w.-]+/.exec(mails[0]?.text ?? "")?.[0] ?? "") : "";
        return link;
      },
      { message: `link ${count} mailed to ${email}`, timeout: 15_000 },
    )
    .not.toBe("");
  return link;
}

test("a new account confirms its address from My Account's 'Send link again' and the link's button @mobile", async ({ page }) => {
  const email = `confirm-${Date.now()}-${test.info().project.name}@example.com`;
  const created = await page.request.post("/api/signup", { headers: visitorAddress(), data: { name: "Nila Das", email, contact: "", password: PASSWORD, confirmPwd: PASSWORD, profilepic: "" } });
  expect(created.status()).toBe(201);
  expect((await page.request.post("/api/signin", { data: { email, password: PASSWORD } })).ok()).toBe(true);
  await linkMailedTo(email, 1);

  await page.goto("/user-panel/my-account");
  await expect(page.getByTestId("profile-email")).toHaveText(email);
  const notice = page.getByTestId("email-unconfirmed");
  await expect(notice).toContainText("Email not confirmed");
  await notice.getByRole("button", { name: "Send link again" }).click();
  await expect(notice.getByRole("status")).toHaveText(`We sent a new link to ${email}. It works for 24 hours.`);

  const link = new URL(await linkMailedTo(email, 2));
  // Opening the link confirms nothing by itself (a mail scanner may open it).
  await page.goto(`${link.pathname}${link.hash}`);
  await expect(page.getByRole("heading", { name: "Confirm your email", level: 1 })).toBeVisible();
  expect((await (await page.request.get("/api/user-details")).json()).data.emailConfirmed).toBe(false);
  await page.getByRole("button", { name: "Confirm my email" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your email address is confirmed. Thank you." })).toBeVisible();

  await page.goto("/user-panel/my-account");
  await expect(page.getByTestId("profile-email")).toHaveText(email);
  await expect(page.getByTestId("email-unconfirmed")).toHaveCount(0);
});
