import { expect, signInAsDemoAdmin, test } from "./fixtures";
import { expectNoSeriousViolations } from "./axe";
import { readOutbox } from "./emulators";
import { signInFreshShopper } from "./shopper";

// The grievance desk: a shopper raises a complaint in My Account and gets its ticket and an
// acknowledgement mail; the grievance officer answers it from the admin's Complaints and closes
// it; the shopper sees the answer and the state.

test("@mobile a complaint: raised in My Account with a ticket and a mail, answered and closed by the admin, the answer seen by the shopper", async ({ page, browser }) => {
  const email = await signInFreshShopper(page, "complaint");
  await page.goto("/user-panel/my-account");
  const desk = page.getByTestId("complaints");
  await desk.getByRole("button", { name: "Send complaint" }).click();
  await expect(desk.getByText("Subject is required")).toBeVisible();
  await expect(desk.getByLabel("Subject")).toBeFocused();
  const subject = `Late parcel ${Date.now().toString(36)}`;
  await desk.getByLabel("Subject").fill(subject);
  await desk.getByLabel("What happened").fill("It was promised in five days and it has been ten.");
  await desk.getByRole("button", { name: "Send complaint" }).click();
  await expect(page.getByText(/^Your complaint GR-\d{6} is received/)).toBeVisible();
  const item = desk.getByTestId("complaint").filter({ hasText: subject });
  await expect(item.getByTestId("complaint-status")).toHaveText("Received");
  const ticket = (await item.locator("span.font-semibold").first().textContent())!;
  expect(ticket).toMatch(/^GR-\d{6}$/);
  await expect.poll(async () => (await readOutbox(email)).some((mail) => mail.subject === `We have your complaint ${ticket}`)).toBe(true);
  await expectNoSeriousViolations(page);

  const context = await browser.newContext();
  const officer = await context.newPage();
  try {
    await signInAsDemoAdmin(officer);
    await officer.goto("/admin-panel/complaints");
    const card = officer.getByTestId("admin-complaint").filter({ hasText: ticket });
    await expect(card.getByTestId("complaint-deadlines")).toContainText("Resolution (one month)");
    await expect(card).toContainText(email);
    await expectNoSeriousViolations(officer);
    await card.getByLabel(`Reply to ${ticket} (mailed to the shopper)`).fill("Sorry: the courier lost a day. It arrives tomorrow.");
    await card.getByRole("button", { name: "Send and close" }).click();
    await expect(officer.getByText(`Reply sent and complaint ${ticket} closed`)).toBeVisible();
    await expect(officer.getByTestId("admin-complaint").filter({ hasText: ticket })).toHaveCount(0);
  } finally {
    await context.close();
  }

  await page.reload();
  const closed = page.getByTestId("complaints").getByTestId("complaint").filter({ hasText: subject });
  await expect(closed.getByTestId("complaint-status")).toHaveText("Closed");
  await expect(closed).toContainText("Sorry: the courier lost a day. It arrives tomorrow.");
  await expect.poll(async () => (await readOutbox(email)).some((mail) => mail.subject === `Resolved: your complaint ${ticket}`)).toBe(true);
});
