import { expect, test, visitorAddress, type Locator, type Page } from "./fixtures";
import { latestEmailTo } from "./emulators";

// The account journeys: sign-up with a picture, the profile and its modal, the password reset by
// emailed code (read from the mail emulator's outbox), and the redirects around them.
// Next keeps the previous page mounted but hidden during client navigation, so fields that two
// pages share (Email, Password, 'Reset Password') are looked up among the visible ones.

const PASSWORD = "Volt-test-pass-9";
const NEW_PASSWORD = "Volt-reset-pass-7";
const MISMATCH = "Passwords do not match. Please verify and enter again.";
// A 1×1 PNG, built in memory.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

let counter = 0;
const uniqueEmail = () => `user-${Date.now()}-${(counter += 1)}@example.com`;

const field = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true }).filter({ visible: true });
const button = (scope: Page | Locator, name: string) => scope.getByRole("button", { name, exact: true }).filter({ visible: true });

async function signUpThroughApi(page: Page, name: string, email: string) {
  const response = await page.request.post("/api/signup", {
    headers: visitorAddress(),
    data: { name, email, contact: "98765 43210", password: PASSWORD, confirmPwd: PASSWORD, profilepic: "" },
  });
  expect(response.status()).toBe(201);
}

async function signIn(page: Page, email: string, password: string) {
  await expect(page).toHaveURL(/\/signin$/);
  await field(page, "Email").fill(email);
  await field(page, "Password").fill(password);
  await button(page, "Sign In").click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator("header").getByRole("button", { name: "Logout" })).toBeVisible();
}

/** A real paste event, as the browser fires it for Ctrl+V. */
async function paste(box: Locator, text: string) {
  await box.focus();
  await box.evaluate((element, value) => {
    const data = new DataTransfer();
    data.setData("text/plain", value);
    element.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

async function latestCodeFor(email: string): Promise<string> {
  let code = "";
  await expect
    .poll(
      async () => {
        const mail = await latestEmailTo(email);
        code = /\b(\d{6})\b/.exec(mail?.text ?? "")?.[1] ?? "";
        return code;
      },
      { message: `a code mailed to ${email}`, timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

test("a shopper signs up with a picture, signs in and edits the profile in the modal", async ({ page }) => {
  const email = uniqueEmail();
  const name = "Asha Verma";
  await page.goto("/signup");
  await expect(page.getByRole("heading", { name: "Sign Up" })).toBeVisible();
  await field(page, "Name").fill(name);
  await field(page, "Email").fill(email);
  await expect(field(page, "Email")).toHaveAttribute("type", "email");
  await field(page, "Contact").fill("+91 98765 43210");
  await field(page, "Password").fill(PASSWORD);
  await field(page, "Confirm Password").fill(PASSWORD);
  await button(page, "Show password").click();
  await expect(field(page, "Password")).toHaveAttribute("type", "text");
  await field(page, "Profile picture").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG });
  await expect(page.getByRole("img", { name: "Preview of the chosen picture" })).toBeVisible();
  await button(page, "Sign Up").click();

  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByText("User created successfully!")).toBeVisible();
  // Arrived from sign-up: the email field has the focus.
  await expect(field(page, "Email")).toBeFocused();
  await signIn(page, email, PASSWORD);

  // Signed in, /signin is no longer for this visitor.
  await page.goto("/signin");
  await expect(page).toHaveURL(/\/$/);

  await page.goto("/user-panel/my-account");
  await expect(page.getByRole("heading", { name: "My Account", level: 1 })).toBeVisible();
  await expect(page.getByTestId("profile-name")).toHaveText(name);
  await expect(page.getByTestId("profile-email")).toHaveText(email);
  await expect(page.getByTestId("profile-contact")).toHaveText("+91 98765 43210");
  await expect(page.getByRole("img", { name: `Profile picture of ${name}` })).toBeVisible();
  await expect(page.getByRole("link", { name: "Profile", exact: true })).toHaveAttribute("aria-current", "page");

  // Escape closes the modal and the focus returns to the Edit button.
  const edit = page.getByRole("button", { name: "Edit profile" });
  await edit.click();
  const dialog = page.getByRole("dialog", { name: "Edit Profile" });
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(edit).toBeFocused();

  // A password mismatch sends nothing.
  await edit.click();
  await expect(field(dialog, "Name")).toHaveValue(name);
  await field(dialog, "New Password").fill(PASSWORD);
  await field(dialog, "Confirm Password").fill(`${PASSWORD}x`);
  let updates = 0;
  page.on("request", (request) => {
    if (request.url().includes("/api/update-user")) updates += 1;
  });
  await button(dialog, "Save").click();
  // The toast, and the same words inside the dialog for screen readers (the toast is inert there).
  await expect(page.locator("[data-sonner-toast]").getByText("Please check your password")).toBeVisible();
  await expect(page.getByRole("dialog").getByRole("alert")).toHaveText("Please check your password");
  await expect(dialog).toBeVisible();
  expect(updates).toBe(0);

  await field(dialog, "New Password").fill("");
  await field(dialog, "Confirm Password").fill("");
  await field(dialog, "Name").fill("Asha V. Rao");
  await button(dialog, "Save").click();
  await expect(dialog).toBeHidden();
  expect(updates).toBe(1);
  await expect(page.getByTestId("profile-name")).toHaveText("Asha V. Rao");
  await expect(page.locator("header").getByRole("button", { name: "Account menu for Asha V. Rao" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Profile picture of Asha V. Rao" })).toBeVisible();

  // Kept after a reload: it was saved, not only shown.
  await page.reload();
  await expect(page.getByTestId("profile-name")).toHaveText("Asha V. Rao");
});

test("a password mismatch on sign-up shows the message and sends nothing @mobile", async ({ page }) => {
  await page.goto("/signup");
  let requests = 0;
  page.on("request", (request) => {
    if (request.url().includes("/api/signup")) requests += 1;
  });
  await field(page, "Name").fill("Mismatch Test");
  await field(page, "Email").fill(uniqueEmail());
  await field(page, "Password").fill(PASSWORD);
  await field(page, "Confirm Password").fill(`${PASSWORD}-other`);
  await button(page, "Sign Up").click();
  await expect(page.getByText(MISMATCH)).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
  expect(requests).toBe(0);
});

test("a picture that is not an image is refused before anything is sent", async ({ page }) => {
  await page.goto("/signup");
  await field(page, "Profile picture").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await expect(page.getByText("Please choose a PNG, JPEG, WebP or GIF image.").first()).toBeVisible();
  await expect(page.getByRole("img", { name: "Preview of the chosen picture" })).toHaveCount(0);
});

test("a forgotten password is reset with the emailed code, then the new password signs in", async ({ page }) => {
  const email = uniqueEmail();
  await signUpThroughApi(page, "Reset Journey", email);

  await page.goto("/signin");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole("heading", { name: "Forgot Password" })).toBeVisible();
  await field(page, "Email").fill(email);
  await button(page, "Reset Password").click();

  await expect(page).toHaveURL(/\/verify-otp$/);
  // Arrived from 'Reset Password': the first code box has the focus.
  await expect(page.getByLabel("Digit 1 of 6")).toBeFocused();
  await expect(page.getByText(email, { exact: true })).toBeVisible();
  await expect(page.getByTestId("otp-countdown")).toHaveText(/^(5:00|4:5\d)$/);
  await expect(page.getByRole("group", { name: "One-time code" }).getByRole("textbox")).toHaveCount(6);
  await expect(page.getByLabel("Digit 1 of 6")).toHaveAttribute("autocomplete", "one-time-code");
  const code = await latestCodeFor(email);
  await paste(page.getByLabel("Digit 1 of 6"), code);
  for (let index = 0; index < 6; index += 1) await expect(page.getByLabel(`Digit ${index + 1} of 6`)).toHaveValue(code.charAt(index));
  await button(page, "Verify").click();

  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(page.getByRole("heading", { name: "Reset Password" })).toBeVisible();
  await field(page, "New Password").fill(NEW_PASSWORD);
  await field(page, "Confirm Password").fill(`${NEW_PASSWORD}!`);
  await button(page, "Reset Password").click();
  await expect(page.getByText(MISMATCH)).toBeVisible();
  await expect(page).toHaveURL(/\/reset-password$/);

  await field(page, "Confirm Password").fill(NEW_PASSWORD);
  await button(page, "Reset Password").click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(field(page, "Email")).toBeFocused();
  await signIn(page, email, NEW_PASSWORD);
});

test("the code boxes: typing moves on, Backspace and the arrows move back, 'Request again' starts over @mobile", async ({ page }) => {
  const email = uniqueEmail();
  await page.goto("/forgot-password");
  await field(page, "Email").fill(email);
  await button(page, "Reset Password").click();
  await expect(page).toHaveURL(/\/verify-otp$/);

  const box = (n: number) => page.getByLabel(`Digit ${n} of 6`);
  await box(1).click();
  await page.keyboard.type("1a2");
  await expect(box(1)).toHaveValue("1");
  await expect(box(2)).toHaveValue("2");
  await expect(box(3)).toBeFocused();
  await page.keyboard.press("Backspace");
  await expect(box(2)).toHaveValue("");
  await expect(box(2)).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await expect(box(1)).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(box(2)).toBeFocused();

  // Incomplete: nothing is verified.
  await button(page, "Verify").click();
  await expect(page.getByText("Please enter the 6-digit code")).toBeVisible();
  await expect(page).toHaveURL(/\/verify-otp$/);

  await paste(box(4), "98-76-54");
  for (const [n, digit] of [[1, "9"], [2, "8"], [3, "7"], [4, "6"], [5, "5"], [6, "4"]] as const) await expect(box(n)).toHaveValue(digit);

  await page.getByRole("button", { name: "Request again" }).click();
  for (let n = 1; n <= 6; n += 1) await expect(box(n)).toHaveValue("");
  await expect(box(1)).toBeFocused();
  await expect(page.getByTestId("otp-countdown")).toHaveText(/^(5:00|4:5\d)$/);
});

test("the code page without a reset in progress sends the visitor to /forgot-password", async ({ page }) => {
  await page.goto("/verify-otp");
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.goto("/reset-password");
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test("an anonymous visit to the user panel lands on /signin", async ({ page }) => {
  await page.goto("/user-panel/my-account");
  await expect(page).toHaveURL(/\/signin$/);
});

test("the user panel menu collapses on small screens, marks the current page and signs out @mobile", async ({ page }) => {
  const email = uniqueEmail();
  await signUpThroughApi(page, "Menu Check", email);
  const signedIn = await page.request.post("/api/signin", { data: { email, password: PASSWORD } });
  expect(signedIn.ok()).toBe(true);

  await page.goto("/user-panel");
  await expect(page).toHaveURL(/\/user-panel\/my-account$/);
  await expect(page.getByTestId("profile-name")).toHaveText("Menu Check");
  const menu = page.getByRole("navigation", { name: "My account menu" });
  const small = (page.viewportSize()?.width ?? 1280) < 768;
  const toggle = page.getByRole("button", { name: "Menu", exact: true });
  if (small) {
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
  } else {
    await expect(toggle).toBeHidden();
  }
  await expect(menu).toBeVisible();
  for (const name of ["Profile", "Wishlist", "Carts", "Orders"]) await expect(menu.getByRole("link", { name })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Profile" })).toHaveAttribute("aria-current", "page");
  await expect(menu.getByRole("link", { name: "Orders" })).not.toHaveAttribute("aria-current", "page");

  await menu.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Logged out successfully")).toBeVisible();
  await expect(page.locator("header").getByRole("link", { name: "Sign In" })).toBeVisible();
});

test("a new email needs the current password and the code mailed to it @mobile", async ({ page }) => {
  const email = uniqueEmail();
  const newEmail = uniqueEmail();
  await signUpThroughApi(page, "Kiran Shah", email);
  await page.goto("/signin");
  await signIn(page, email, PASSWORD);
  await page.goto("/user-panel/my-account");
  await page.getByRole("button", { name: "Edit profile" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Profile" });
  // The current password is asked for only once the email (or the password) changes.
  await expect(field(dialog, "Current Password")).toHaveCount(0);
  await field(dialog, "Email").fill(newEmail);
  await expect(field(dialog, "Current Password")).toBeVisible();
  await field(dialog, "Current Password").fill("not my password");
  await button(dialog, "Save").click();
  await expect(dialog.getByRole("alert")).toHaveText("Your current password is not right");
  await field(dialog, "Current Password").fill(PASSWORD);
  await button(dialog, "Save").click();

  // The code step: the email stays the old one until the code comes back.
  const code = field(dialog, "Code from your new email");
  await expect(code).toBeFocused();
  await expect(code).toHaveValue(""); // a fresh field, not the email box it replaced
  await expect(dialog.getByText(newEmail)).toBeVisible();
  await expect(page.getByTestId("profile-email")).toHaveText(email);
  await code.fill(await latestCodeFor(newEmail));
  await button(dialog, "Confirm email").click();
  await expect(dialog).toBeHidden();
  await expect(page.locator("[data-sonner-toast]").getByText("Your new email address is confirmed")).toBeVisible();
  await expect(page.getByTestId("profile-email")).toHaveText(newEmail);
  await page.reload();
  await expect(page.getByTestId("profile-email")).toHaveText(newEmail);
});
