// Accounts on a real Postgres through the real route handlers: the profile update, the password
// reset (codes, grants, limits) and sign-in throttling. The reset's clock is passed in, so the
// 300-second validity is tested at 299 s and 301 s without sleeping.
import { randomInt } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import type { OutboxEmail } from "../../server/emulators/resend";
import { POST as signup } from "@/app/api/signup/route";
import { POST as signin } from "@/app/api/signin/route";
import { GET as userDetails } from "@/app/api/user-details/route";
import { PUT as updateUser } from "@/app/api/update-user/route";
import { POST as confirmEmail } from "@/app/api/confirm-email/route";
import { POST as sendOtp } from "@/app/api/send-otp/route";
import { POST as verifyOtp } from "@/app/api/verify-otp/route";
import { POST as resetPassword } from "@/app/api/reset-password/route";
import { POST as confirmAddress } from "@/app/api/confirm-address/route";
import { POST as sendConfirmation } from "@/app/api/send-confirmation/route";
import { confirmationToken } from "@/lib/server/accounts/email-confirmation";
import { EMAIL_CONFIRM_LINK_SECONDS } from "@/lib/constants";
import { paidOrder } from "./checkout-kit";
import { issueResetCode, resetPasswordWithGrant, verifyResetCode } from "@/lib/server/accounts/password-reset";
import { clientAddress, PEER_ADDRESS_FLAG, PEER_ADDRESS_HEADER } from "@/lib/server/platform/client-address";
import { OTP_FAILURES_PER_WINDOW, OTP_GUESSES_PER_DAY, OTP_MAX_ATTEMPTS, SIGNIN_FAILURES_PER_ACCOUNT, SIGNIN_FAILURES_PER_ADDRESS } from "@/lib/constants";
import { dataUrl, getRequest, jsonRequest, noContext, png, query, sessionCookieFrom, uniqueEmail } from "../helpers";

type Mail = OutboxEmail;

const CONFIRM_SUBJECT = "Confirm your Volt Electronics email address";

/**
 * The mails sent to an address, newest first, once `count` have arrived (mail goes out after the
 * answer): those whose subject matches `subject`, or all but the sign-up's confirmation link.
 */
async function mailsTo(address: string, count = 1, subject?: RegExp): Promise<Mail[]> {
  for (let tries = 0; tries < 50; tries++) {
    const all = (await (await fetch(`${inject("emulatorUrl")}/resend/outbox?to=${encodeURIComponent(address)}`)).json()) as Mail[];
    const mails = all.filter((mail) => (subject ? subject.test(mail.subject) : mail.subject !== CONFIRM_SUBJECT));
    if (mails.length >= count) return mails;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${address}`);
}

const PASSWORD = "correct horse battery";
const NEW_PASSWORD = "a brand new passphrase";

type Account = { id: string; email: string; cookie: string };

/** Signs up and in from an address of its own (so throttling tests don't share counters). */
async function account(name = "Asha Rao"): Promise<Account> {
  const email = uniqueEmail();
  const created = await signup(jsonRequest("/api/signup", { name, email, contact: "", password: PASSWORD, confirmPwd: PASSWORD, profilepic: "" }), noContext);
  expect(created.status).toBe(201);
  const id = (await created.json()).data._id as string;
  const response = await signin(jsonRequest("/api/signin", { email, password: PASSWORD }, { headers: { "x-forwarded-for": randomAddress() } }), noContext);
  expect(response.status).toBe(200);
  return { id, email, cookie: sessionCookieFrom(response) };
}

const randomAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`;

function profile(overrides: Record<string, unknown> = {}) {
  return { name: "Asha Rao", contact: "+91 90000 00000", ...overrides };
}

/** PUT /api/update-user as `me` (keeping their email unless the body names one), or anonymously. */
async function put(body: Record<string, unknown>, me?: Account) {
  const response = await updateUser(jsonRequest("/api/update-user", { email: me?.email ?? uniqueEmail(), ...body }, { method: "PUT", cookie: me?.cookie }), noContext);
  return { response, answer: await response.json() };
}

const WRONG_CODE = "That code is not right, or it has expired. Please check it or request a new one.";

const grantCookieFrom = (response: Response) => response.headers.getSetCookie().find((c) => c.startsWith("volt.reset-grant="))?.split(";")[0];

describe("PUT /api/update-user", () => {
  it("changes the caller's own name and contact, and ignores a role in the body", async () => {
    const me = await account();
    const body = profile({ name: "Asha R.", contact: "12345", role: "ADMIN" });
    const { response, answer } = await put(body, me);
    expect(response.status).toBe(200);
    expect(answer.data).toMatchObject({ _id: me.id, name: "Asha R.", email: me.email, contact: "12345", role: "USER" });
    const [row] = await query<{ role: string; name: string }>('SELECT role, name FROM "User" WHERE id = $1', [me.id]);
    expect(row).toEqual({ role: "USER", name: "Asha R." });
  });

  it("cannot touch another user: ids in the body are ignored", async () => {
    const me = await account();
    const other = await account("Ravi Kumar");
    const { answer } = await put(profile({ _id: other.id, id: other.id, userId: other.id, name: "Hijacked" }), me);
    expect(answer.data._id).toBe(me.id);
    const [row] = await query<{ name: string; email: string }>('SELECT name, email FROM "User" WHERE id = $1', [other.id]);
    expect(row).toEqual({ name: "Ravi Kumar", email: other.email });
  });

  it("answers 401 without a session and changes nothing", async () => {
    const { response } = await put(profile());
    expect(response.status).toBe(401);
  });

  it("keeps emails unique (409) and leaves the profile as it was", async () => {
    const me = await account();
    const other = await account();
    const { response, answer } = await put(profile({ email: other.email.toUpperCase(), name: "Changed", currentPassword: PASSWORD }), me);
    expect(response.status).toBe(409);
    expect(answer.message).toBe("An account with this email already exists.");
    const [row] = await query<{ name: string }>('SELECT name FROM "User" WHERE id = $1', [me.id]);
    expect(row?.name).toBe("Asha Rao");
  });

  it.each([
    [{ password: NEW_PASSWORD, confirmPwd: "something else" }, "Please check your password"],
    [{ password: "short", confirmPwd: "short" }, "Password must be at least 8 characters"],
    [{ password: "password123", confirmPwd: "password123" }, "This password is too common. Please choose a less guessable one."],
    [{ profilepic: "https://tracker.example.com/pixel.png" }, "Profile picture must be an image file"],
    [{ profilepic: "data:image/png;base64,aGVsbG8gd29ybGQ=" }, "Profile picture must be a PNG, JPEG, WebP or GIF image"],
  ])("refuses %j with 400 and writes nothing", async (overrides, message) => {
    const me = await account();
    const { response, answer } = await put(profile({ name: "Changed", ...overrides }), me);
    expect(response.status).toBe(400);
    expect(answer.message).toBe(message);
    const [row] = await query<{ name: string }>('SELECT name FROM "User" WHERE id = $1', [me.id]);
    expect(row?.name).toBe("Asha Rao");
  });

  it("stores a new picture through the images provider and keeps its URL; sending the URL back keeps it", async () => {
    const me = await account();
    const { response, answer } = await put(profile({ profilepic: dataUrl("image/png", png(4, 4)) }), me);
    expect(response.status).toBe(200);
    const url = answer.data.profilepic as string;
    expect(url).toMatch(/^https?:\/\/.+\/volt\/profiles\/.+\.png$/);
    const image = await fetch(url);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await image.arrayBuffer()).equals(png(4, 4))).toBe(true);

    const again = await put(profile({ profilepic: url, name: "Same picture" }), me);
    expect(again.answer.data.profilepic).toBe(url);
    const removed = await put(profile({ profilepic: "" }), me);
    expect(removed.answer.data.profilepic).toBe("");
  });

  it.each([
    ["a new email", { email: "moved@example.com" }],
    ["a new password", { password: NEW_PASSWORD, confirmPwd: NEW_PASSWORD }],
  ])("%s needs the current password: missing or wrong, 400 on that field and nothing changes", async (_name, change) => {
    const me = await account();
    for (const [currentPassword, message] of [
      [undefined, "Enter your current password to change your email or password"],
      ["not my password", "Your current password is not right"],
    ] as const) {
      const { response, answer } = await put(profile({ ...change, name: "Changed", ...(currentPassword ? { currentPassword } : {}) }), me);
      expect(response.status).toBe(400);
      expect(answer.errors).toEqual({ currentPassword: message });
    }
    const [row] = await query<{ name: string; email: string }>('SELECT name, email FROM "User" WHERE id = $1', [me.id]);
    expect(row).toEqual({ name: "Asha Rao", email: me.email });
    expect(await query('SELECT 1 FROM "EmailChange" WHERE "userId" = $1', [me.id])).toEqual([]);
    expect((await signin(jsonRequest("/api/signin", { email: me.email, password: PASSWORD }), noContext)).status).toBe(200);
  });

  it("guessing the current password through the profile counts like sign-in failures (429 past the account limit)", async () => {
    const me = await account();
    for (let i = 0; i < SIGNIN_FAILURES_PER_ACCOUNT; i++) {
      expect((await put(profile({ password: NEW_PASSWORD, confirmPwd: NEW_PASSWORD, currentPassword: `guess ${i}` }), me)).response.status).toBe(400);
    }
    expect((await put(profile({ password: NEW_PASSWORD, confirmPwd: NEW_PASSWORD, currentPassword: PASSWORD }), me)).response.status).toBe(429);
  });

  it("a new email replaces the old one only with the code mailed to it; the old address is told, old reset codes die", async () => {
    const me = await account();
    // A confirmed old address is told the new one (an unconfirmed one is not: see "a confirmed address").
    await query(`UPDATE "User" SET "emailConfirmedAt" = now() WHERE id = $1`, [me.id]);
    const { code: resetCode } = (await issueResetCode(me.email))!;
    const newEmail = uniqueEmail("moved");
    const { response, answer } = await put(profile({ email: newEmail.toUpperCase(), currentPassword: PASSWORD }), me);
    expect(response.status).toBe(200);
    expect(answer.message).toBe(`Profile updated. Enter the code we sent to ${newEmail} to confirm your new email.`);
    expect(answer.data).toMatchObject({ email: me.email, pendingEmail: newEmail });
    const [mail] = await mailsTo(newEmail);
    const code = /verification code is (\d{6})/.exec(mail!.text ?? "")?.[1];
    expect(code).toMatch(/^\d{6}$/);
    // Still the old email until the code comes back; a wrong code changes nothing.
    expect((await query<{ email: string }>('SELECT email FROM "User" WHERE id = $1', [me.id]))[0]?.email).toBe(me.email);
    const confirm = (otp: string, cookie = me.cookie) => confirmEmail(jsonRequest("/api/confirm-email", { otp }, { cookie }), noContext);
    expect((await confirm(code === "000000" ? "000001" : "000000")).status).toBe(400);
    const stranger = await account();
    expect((await confirm(code!, stranger.cookie)).status).toBe(400);
    expect((await confirm(code!, "")).status).toBe(401);
    const confirmed = await confirm(code!);
    expect(confirmed.status).toBe(200);
    expect((await confirmed.json()).data.email).toBe(newEmail);
    expect((await confirm(code!)).status).toBe(400); // spent
    await expect(verifyResetCode(me.email, resetCode)).rejects.toMatchObject({ status: 400 });
    const [notice] = await mailsTo(me.email);
    expect(notice!.subject).toMatch(/email address was changed/);
    expect(notice!.text).toContain(newEmail);
    expect((await signin(jsonRequest("/api/signin", { email: newEmail, password: PASSWORD }), noContext)).status).toBe(200);
  });

  it("a confirmed email change ends the account's other sessions, as a password change does, and keeps the one that made it", async () => {
    const me = await account();
    const other = sessionCookieFrom(await signin(jsonRequest("/api/signin", { email: me.email, password: PASSWORD }, { headers: { "x-forwarded-for": randomAddress() } }), noContext));
    const who = async (cookie: string) => (await userDetails(getRequest("/api/user-details", cookie), noContext)).status;
    const newEmail = uniqueEmail("moved");
    expect((await put(profile({ email: newEmail, currentPassword: PASSWORD }), me)).response.status).toBe(200);
    // Asked for, not made: nothing ends yet.
    expect(await who(other)).toBe(200);
    const code = /verification code is (\d{6})/.exec((await mailsTo(newEmail))[0]!.text ?? "")![1]!;
    expect((await confirmEmail(jsonRequest("/api/confirm-email", { otp: code }, { cookie: me.cookie }), noContext)).status).toBe(200);
    expect(await who(other)).toBe(401);
    expect(await who(me.cookie)).toBe(200);
    expect(await query(`SELECT id FROM "Session" WHERE "userId" = $1`, [me.id])).toHaveLength(1);
  });

  it(`a confirmation code takes ${OTP_MAX_ATTEMPTS} guesses, then even the right one is refused`, async () => {
    const me = await account();
    const newEmail = uniqueEmail("moved");
    await put(profile({ email: newEmail, currentPassword: PASSWORD }), me);
    const code = /verification code is (\d{6})/.exec((await mailsTo(newEmail))[0]!.text ?? "")![1]!;
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    for (let i = 0; i < OTP_MAX_ATTEMPTS; i++) expect((await confirmEmail(jsonRequest("/api/confirm-email", { otp: wrongCode }, { cookie: me.cookie }), noContext)).status).toBe(400);
    expect((await confirmEmail(jsonRequest("/api/confirm-email", { otp: code }, { cookie: me.cookie }), noContext)).status).toBe(400);
  });

  it("a password change is mailed to the owner", async () => {
    const me = await account();
    const { response } = await put(profile({ password: NEW_PASSWORD, confirmPwd: NEW_PASSWORD, currentPassword: PASSWORD }), me);
    expect(response.status).toBe(200);
    const [changed] = await mailsTo(me.email);
    expect(changed!.subject).toMatch(/password was changed/);
  });

  it("a taken email is refused before the picture is uploaded", async () => {
    const me = await account();
    const other = await account();
    const before = (await (await fetch(`${inject("emulatorUrl")}/cloudinary/uploads`)).json()).length;
    const { response } = await put(profile({ email: other.email, profilepic: dataUrl("image/png", png(3, 3)), currentPassword: PASSWORD }), me);
    expect(response.status).toBe(409);
    expect((await (await fetch(`${inject("emulatorUrl")}/cloudinary/uploads`)).json()).length).toBe(before);
  });

  it("a new password ends the other sessions but keeps the caller's, with a fresh cookie", async () => {
    const me = await account();
    const second = sessionCookieFrom(await signin(jsonRequest("/api/signin", { email: me.email, password: PASSWORD }), noContext));
    const { response } = await put(profile({ password: NEW_PASSWORD, confirmPwd: NEW_PASSWORD, currentPassword: PASSWORD }), me);
    expect(response.status).toBe(200);
    const fresh = sessionCookieFrom(response);
    expect((await userDetails(getRequest("/api/user-details", second), noContext)).status).toBe(401);
    expect((await userDetails(getRequest("/api/user-details", me.cookie), noContext)).status).toBe(401);
    expect((await userDetails(getRequest("/api/user-details", fresh), noContext)).status).toBe(200);
    const again = await signin(jsonRequest("/api/signin", { email: me.email, password: NEW_PASSWORD }), noContext);
    expect(again.status).toBe(200);
  });
});

describe("POST /api/send-otp", () => {
  it("answers a known and an unknown email identically", async () => {
    const known = await account();
    const a = await sendOtp(jsonRequest("/api/send-otp", { email: known.email }), noContext);
    const b = await sendOtp(jsonRequest("/api/send-otp", { email: uniqueEmail("nobody") }), noContext);
    expect(a.status).toBe(b.status);
    expect(await a.json()).toEqual(await b.json());
    expect(a.headers.getSetCookie()).toEqual(b.headers.getSetCookie());
  });

  it("mails the code (HTML and text) to a known email", async () => {
    const me = await account();
    await sendOtp(jsonRequest("/api/send-otp", { email: me.email }), noContext);
    const [mail] = await mailsTo(me.email);
    const code = mail!.text!.match(/\b(\d{6})\b/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(mail!.html).toContain(code);
    const verified = await verifyOtp(jsonRequest("/api/verify-otp", { email: me.email, otp: code }), noContext);
    expect(verified.status).toBe(200);
  });

  it("stores the code only as a hash, valid for 300 s", async () => {
    const me = await account();
    const now = new Date("2026-01-01T10:00:00Z");
    const issued = await issueResetCode(me.email, now);
    expect(issued?.code).toMatch(/^\d{6}$/);
    const rows = await query<{ codeHash: string; expiresAt: Date }>('SELECT "codeHash", "expiresAt" FROM "PasswordResetCode" WHERE "userId" = $1', [me.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.codeHash).not.toContain(issued!.code);
    expect(rows[0]!.expiresAt.getTime() - now.getTime()).toBe(300_000);
  });

  it("sends at most 3 codes per 15 minutes per email, known or not", async () => {
    for (const email of [(await account()).email, uniqueEmail("nobody")]) {
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await sendOtp(jsonRequest("/api/send-otp", { email }), noContext)).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
    }
  });

  it("answers 400 for a malformed email", async () => {
    const response = await sendOtp(jsonRequest("/api/send-otp", { email: "nope" }), noContext);
    expect(response.status).toBe(400);
  });
});

describe("verifying a code", () => {
  const T0 = new Date("2026-02-01T09:00:00Z");
  const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

  it("works at 299 s and not at 301 s", async () => {
    const early = await account();
    const { code } = (await issueResetCode(early.email, T0))!;
    await expect(verifyResetCode(early.email, code, at(299))).resolves.toMatch(/^[\w-]{40,}$/);

    const late = await account();
    const second = (await issueResetCode(late.email, T0))!;
    await expect(verifyResetCode(late.email, second.code, at(301))).rejects.toMatchObject({ status: 400 });
  });

  it(`refuses the ${OTP_MAX_ATTEMPTS + 1}th guess even when it is right`, async () => {
    const me = await account();
    const { code } = (await issueResetCode(me.email, T0))!;
    for (let i = 0; i < OTP_MAX_ATTEMPTS; i++) {
      await expect(verifyResetCode(me.email, wrong(code), at(10 + i))).rejects.toMatchObject({ status: 400 });
    }
    await expect(verifyResetCode(me.email, code, at(20))).rejects.toMatchObject({ status: 400, message: WRONG_CODE });
  });

  it("counts wrong guesses per account across codes", async () => {
    const me = await account();
    let code = "";
    for (let i = 0; i < OTP_FAILURES_PER_WINDOW; i++) {
      if (i % OTP_MAX_ATTEMPTS === 0) code = (await issueResetCode(me.email, at(i)))!.code;
      await expect(verifyResetCode(me.email, wrong(code), at(i))).rejects.toMatchObject({ status: 400 });
    }
    const fresh = (await issueResetCode(me.email, at(60)))!.code;
    await expect(verifyResetCode(me.email, fresh, at(61))).rejects.toMatchObject({ status: 429 });
  });

  it("counts parallel guesses atomically: no more than the hourly limit get an answer about the code", async () => {
    const me = await account();
    const { code } = (await issueResetCode(me.email, at(0)))!;
    const results = await Promise.allSettled(Array.from({ length: 3 * OTP_FAILURES_PER_WINDOW }, () => verifyResetCode(me.email, wrong(code), at(1))));
    const statuses = results.map((r) => (r.status === "rejected" ? (r.reason as { status: number }).status : 200));
    expect(statuses.filter((s) => s === 400)).toHaveLength(OTP_FAILURES_PER_WINDOW);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2 * OTP_FAILURES_PER_WINDOW);
  });

  it(`caps guesses at ${OTP_GUESSES_PER_DAY} a day per account (odds of at most 1 in 10 000 a day)`, async () => {
    const me = await account();
    const day = new Date(Date.UTC(2031, 0, 1));
    const hour = (h: number, s = 0) => new Date(day.getTime() + h * 3600_000 + s * 1000);
    let guesses = 0;
    for (let h = 0; guesses < OTP_GUESSES_PER_DAY; h++) {
      for (let i = 0; i < OTP_FAILURES_PER_WINDOW && guesses < OTP_GUESSES_PER_DAY; i++, guesses++) {
        await expect(verifyResetCode(me.email, "000000", hour(h, i))).rejects.toMatchObject({ status: 400 });
      }
    }
    const { code } = (await issueResetCode(me.email, hour(20)))!;
    await expect(verifyResetCode(me.email, code, hour(20, 1))).rejects.toMatchObject({ status: 429 });
    await expect(verifyResetCode(me.email, code, hour(24, 1))).rejects.toMatchObject({ status: 400 }); // the code expired meanwhile; the new day counts again
  });

  it("lets exactly one of two parallel right guesses through", async () => {
    const me = await account();
    const { code } = (await issueResetCode(me.email, T0))!;
    const results = await Promise.allSettled([verifyResetCode(me.email, code, at(5)), verifyResetCode(me.email, code, at(5))]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.filter((r) => r.status === "rejected")).toHaveLength(1);
  });

  it("a new code replaces the previous one", async () => {
    const me = await account();
    const first = (await issueResetCode(me.email, T0))!.code;
    const second = (await issueResetCode(me.email, at(30)))!.code;
    if (first !== second) await expect(verifyResetCode(me.email, first, at(31))).rejects.toMatchObject({ status: 400 });
    await expect(verifyResetCode(me.email, second, at(32))).resolves.toBeTruthy();
  });

  it("answers an unknown email exactly like a known one, down to the lockout", async () => {
    const known = await account();
    await issueResetCode(known.email, T0);
    const answers: Record<string, string[]> = {};
    for (const email of [known.email, uniqueEmail("nobody")]) {
      answers[email] = [];
      for (let i = 0; i <= OTP_FAILURES_PER_WINDOW; i++) {
        const response = await verifyOtp(jsonRequest("/api/verify-otp", { email, otp: "000000" }), noContext);
        answers[email]!.push(`${response.status} ${(await response.json()).message}`);
      }
    }
    const [a, b] = Object.values(answers);
    expect(a).toEqual(b);
    expect(a![0]).toBe(`400 ${WRONG_CODE}`);
    expect(a!.at(-1)).toMatch(/^429 Too many wrong codes/);
  });

  it.each([{ otp: "12345" }, { otp: "12a456" }, { otp: 123456 }, {}])("answers 400 for %j", async (body) => {
    const response = await verifyOtp(jsonRequest("/api/verify-otp", { email: "a@example.com", ...body }), noContext);
    expect(response.status).toBe(400);
  });
});

describe("POST /api/reset-password", () => {
  async function grantFor(email: string): Promise<string> {
    const { code } = (await issueResetCode(email))!;
    const response = await verifyOtp(jsonRequest("/api/verify-otp", { email, otp: code }), noContext);
    expect(response.status).toBe(200);
    const cookie = grantCookieFrom(response);
    expect(response.headers.getSetCookie().find((c) => c.startsWith("volt.reset-grant="))).toMatch(/HttpOnly/i);
    return cookie!;
  }

  const reset = (email: string, cookie?: string, password = NEW_PASSWORD) =>
    resetPassword(jsonRequest("/api/reset-password", { email, password, confirmPwd: password }, { cookie }), noContext);

  it("refuses a reset without a grant (the old system's hole) and changes nothing", async () => {
    const me = await account();
    const response = await reset(me.email);
    expect(response.status).toBe(401);
    expect((await signin(jsonRequest("/api/signin", { email: me.email, password: PASSWORD }), noContext)).status).toBe(200);
  });

  it("resets with a grant, once: the grant is spent and old sessions stop working", async () => {
    const me = await account();
    const cookie = await grantFor(me.email);
    const response = await reset(me.email, cookie);
    expect(response.status).toBe(200);
    expect((await userDetails(getRequest("/api/user-details", me.cookie), noContext)).status).toBe(401);
    expect((await signin(jsonRequest("/api/signin", { email: me.email, password: PASSWORD }), noContext)).status).toBe(401);
    expect((await signin(jsonRequest("/api/signin", { email: me.email, password: NEW_PASSWORD }), noContext)).status).toBe(200);

    const [notice] = await mailsTo(me.email);
    expect(notice!.subject).toMatch(/password/i);
    expect(notice!.text).toBeTruthy();

    const replay = await reset(me.email, cookie, "yet another passphrase");
    expect(replay.status).toBe(401);
    expect((await signin(jsonRequest("/api/signin", { email: me.email, password: NEW_PASSWORD }), noContext)).status).toBe(200);
  });

  it("a grant is bound to its account's email", async () => {
    const me = await account();
    const other = await account();
    const cookie = await grantFor(me.email);
    expect((await reset(other.email, cookie)).status).toBe(401);
    expect((await signin(jsonRequest("/api/signin", { email: other.email, password: PASSWORD }), noContext)).status).toBe(200);
  });

  it("a grant expires after 10 minutes", async () => {
    const me = await account();
    const t0 = new Date();
    const { code } = (await issueResetCode(me.email, t0))!;
    const token = await verifyResetCode(me.email, code, t0);
    await expect(resetPasswordWithGrant(token, me.email, NEW_PASSWORD, new Date(t0.getTime() + 601_000))).rejects.toMatchObject({ status: 401 });
    await expect(resetPasswordWithGrant(token, me.email, NEW_PASSWORD, new Date(t0.getTime() + 599_000))).resolves.toMatchObject({ id: me.id });
  });

  it("clears the account's sign-in failures, so a locked-out owner can sign in again", async () => {
    const me = await account();
    for (let i = 0; i < SIGNIN_FAILURES_PER_ACCOUNT; i++) await signin(jsonRequest("/api/signin", { email: me.email, password: "wrong password!" }), noContext);
    expect((await signin(jsonRequest("/api/signin", { email: me.email, password: PASSWORD }), noContext)).status).toBe(429);
    expect((await reset(me.email, await grantFor(me.email))).status).toBe(200);
    expect((await signin(jsonRequest("/api/signin", { email: me.email, password: NEW_PASSWORD }), noContext)).status).toBe(200);
  });

  it("refuses a common or mismatched new password", async () => {
    const me = await account();
    const cookie = await grantFor(me.email);
    expect((await reset(me.email, cookie, "qwerty123")).status).toBe(400);
    const mismatch = await resetPassword(jsonRequest("/api/reset-password", { email: me.email, password: NEW_PASSWORD, confirmPwd: "other" }, { cookie }), noContext);
    expect(mismatch.status).toBe(400);
    expect((await mismatch.json()).message).toBe("Passwords do not match. Please verify and enter again.");
  });
});

describe("a confirmed address (emailConfirmedAt)", () => {
  const ATTACKER_NAME = "URGENT verify your KYC at https://kyc-verify.example";
  const confirmed = async (me: Account) => (await (await userDetails(getRequest("/api/user-details", me.cookie), noContext)).json()).data.emailConfirmed as boolean;
  const linkTokenOf = async (me: Account) => {
    const [mail] = await mailsTo(me.email, 1, /^Confirm your/);
    return /#token=([\w.-]+)/.exec(mail!.text ?? "")![1]!;
  };
  const bringBack = (token: string) => confirmAddress(jsonRequest("/api/confirm-address", { token }), noContext);
  const changePassword = async (me: Account, from: string, to: string) => {
    const { response } = await put(profile({ name: ATTACKER_NAME, password: to, confirmPwd: to, currentPassword: from }), me);
    expect(response.status).toBe(200);
    me.cookie = sessionCookieFrom(response); // the session carries on with a fresh cookie
  };

  it("sign-up mails a link with no text the signer chose; the account works unconfirmed; the link, once pressed, confirms it once", async () => {
    const me = await account(ATTACKER_NAME);
    expect(await confirmed(me)).toBe(false);
    const [link] = await mailsTo(me.email, 1, /^Confirm your/);
    expect(link!.subject).toBe(CONFIRM_SUBJECT);
    expect(`${link!.text}${link!.html}`).not.toMatch(/URGENT|kyc/i);
    expect(link!.text).toMatch(/\/confirm-address#token=/);
    const token = await linkTokenOf(me);
    // Forged: another account's id under the same signature, or a changed signature.
    const [payload, signature] = token.split(".");
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, "base64url").toString()), userId: (await account()).id })).toString("base64url");
    expect((await bringBack(`${forged}.${signature}`)).status).toBe(400);
    expect((await bringBack(`${payload}.${signature!.replace(/^./, (c) => (c === "0" ? "1" : "0"))}`)).status).toBe(400);
    const answer = await bringBack(token);
    expect(answer.status).toBe(200);
    expect(await confirmed(me)).toBe(true);
    expect((await bringBack(token)).status).toBe(400); // spent
  });

  it(`a link expires after ${EMAIL_CONFIRM_LINK_SECONDS / 3600} hours and dies with an email change`, async () => {
    const me = await account();
    const old = new Date(Date.now() - EMAIL_CONFIRM_LINK_SECONDS * 1000 - 1000);
    expect((await bringBack(confirmationToken({ id: me.id, email: me.email }, old))).status).toBe(400);
    const token = await linkTokenOf(me);
    const newEmail = uniqueEmail("moved");
    await put(profile({ email: newEmail, currentPassword: PASSWORD }), me);
    const code = /verification code is (\d{6})/.exec((await mailsTo(newEmail))[0]!.text ?? "")![1]!;
    expect((await confirmEmail(jsonRequest("/api/confirm-email", { otp: code }, { cookie: me.cookie }), noContext)).status).toBe(200);
    // The new address came with its code, so it is confirmed; the old link names the old address.
    expect(await confirmed(me)).toBe(true);
    await query(`UPDATE "User" SET "emailConfirmedAt" = NULL WHERE id = $1`, [me.id]);
    expect((await bringBack(token)).status).toBe(400);
  });

  it("mail to an unconfirmed address carries no name the signer chose (the password-change notice); once confirmed, it greets by name", async () => {
    const me = await account(ATTACKER_NAME);
    await changePassword(me, PASSWORD, NEW_PASSWORD);
    const [neutral] = await mailsTo(me.email, 1, /password was changed/);
    expect(neutral!.text).toMatch(/^Hello,\n/);
    expect(`${neutral!.text}${neutral!.html}`).not.toMatch(/URGENT|kyc/i);
    expect((await bringBack(await linkTokenOf(me))).status).toBe(200);
    await changePassword(me, NEW_PASSWORD, PASSWORD);
    const [named] = await mailsTo(me.email, 2, /password was changed/);
    expect(named!.text).toContain(`Hello ${ATTACKER_NAME},`);
  });

  it("the email-changed notice to an unconfirmed old address names neither the holder nor the new address", async () => {
    const me = await account(ATTACKER_NAME);
    const newEmail = uniqueEmail("moved");
    await put(profile({ name: ATTACKER_NAME, email: newEmail, currentPassword: PASSWORD }), me);
    const code = /verification code is (\d{6})/.exec((await mailsTo(newEmail))[0]!.text ?? "")![1]!;
    expect((await confirmEmail(jsonRequest("/api/confirm-email", { otp: code }, { cookie: me.cookie }), noContext)).status).toBe(200);
    const [notice] = await mailsTo(me.email, 1, /email address was changed/);
    expect(`${notice!.text}${notice!.html}`).not.toMatch(/URGENT|kyc/i);
    expect(notice!.text).not.toContain(newEmail);
  });

  it("a reset code typed back confirms the address", async () => {
    const me = await account();
    const { code } = (await issueResetCode(me.email))!;
    expect((await verifyOtp(jsonRequest("/api/verify-otp", { email: me.email, otp: code }), noContext)).status).toBe(200);
    expect(await confirmed(me)).toBe(true);
  });

  it("'Send link again' mails a new link to the caller's own address; 409 once confirmed, 401 signed out", async () => {
    const me = await account();
    expect((await sendConfirmation(jsonRequest("/api/send-confirmation", {}), noContext)).status).toBe(401);
    const sent = await sendConfirmation(jsonRequest("/api/send-confirmation", {}, { cookie: me.cookie }), noContext);
    expect(sent.status).toBe(200);
    const links = await mailsTo(me.email, 2, /^Confirm your/);
    expect((await bringBack(/#token=([\w.-]+)/.exec(links[0]!.text ?? "")![1]!)).status).toBe(200);
    expect((await sendConfirmation(jsonRequest("/api/send-confirmation", {}, { cookie: me.cookie }), noContext)).status).toBe(409);
  });

  it("a code mailed to the caller's own address and typed back while signed in confirms it (the checkout's way); its guesses are bounded", async () => {
    const me = await account();
    const other = await account();
    const askCode = async (who: Account) => {
      const sent = await sendConfirmation(jsonRequest("/api/send-confirmation", { by: "code" }, { cookie: who.cookie }), noContext);
      expect(sent.status).toBe(200);
      return sent;
    };
    const codeIn = async (who: Account, count: number) => /code is (\d{6})/.exec((await mailsTo(who.email, count, /verification code/))[0]!.text ?? "")![1]!;
    const confirmBy = (who: Account | null, otp: string) => confirmAddress(jsonRequest("/api/confirm-address", { otp }, who ? { cookie: who.cookie } : {}), noContext);
    // No code exists before one is sent.
    expect((await confirmBy(me, "123456")).status).toBe(400);
    expect((await (await askCode(me)).json()).message).toBe(`We sent a 6-digit code to ${me.email}. It works for 15 minutes.`);
    const code = await codeIn(me, 1);
    expect((await sendConfirmation(jsonRequest("/api/send-confirmation", { by: "letter" }, { cookie: me.cookie }), noContext)).status).toBe(400);
    // Signed out it is nobody's; another account's session cannot spend it; a wrong one confirms nothing.
    expect((await confirmBy(null, code)).status).toBe(401);
    expect((await confirmBy(other, code)).status).toBe(400);
    const wrong = code === "000000" ? "000001" : "000000";
    expect((await confirmBy(me, wrong)).status).toBe(400);
    expect(await confirmed(me)).toBe(false);
    expect(await confirmed(other)).toBe(false);
    expect((await confirmBy(me, code)).status).toBe(200);
    expect(await confirmed(me)).toBe(true);

    // OTP_MAX_ATTEMPTS guesses a code, even at once: then the right one is refused too, until a new send.
    const guesser = await account();
    await askCode(guesser);
    const first = await codeIn(guesser, 1);
    const miss = first === "000000" ? "000001" : "000000";
    const answers = await Promise.all(Array.from({ length: OTP_MAX_ATTEMPTS }, () => confirmBy(guesser, miss)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(OTP_MAX_ATTEMPTS).fill(400));
    expect((await confirmBy(guesser, first)).status).toBe(400);
    expect(await confirmed(guesser)).toBe(false);
    await askCode(guesser);
    const second = await codeIn(guesser, 2);
    expect((await confirmBy(guesser, second)).status).toBe(200);
    expect(await confirmed(guesser)).toBe(true);
  });

  it("the order confirmation to an unconfirmed address leaves out the delivery address the payer typed", async () => {
    const order = await paidOrder();
    const [mail] = await mailsTo(order.user.email, 1, /is confirmed/);
    expect(mail!.text).toContain("Total paid");
    expect(`${mail!.text}${mail!.html}`).not.toContain("Delivery address");
  });
});

describe("clientAddress", () => {
  it.each([
    [{ "x-forwarded-for": "203.0.113.9" }, 1, "203.0.113.9"],
    [{ "x-forwarded-for": "6.6.6.6, 203.0.113.9" }, 1, "203.0.113.9"],
    [{ "x-forwarded-for": "6.6.6.6, 203.0.113.9" }, 2, "6.6.6.6"],
    [{ "x-forwarded-for": "203.0.113.9" }, 2, null],
    [{ "x-forwarded-for": "::ffff:203.0.113.9" }, 1, "203.0.113.9"],
    [{ "x-forwarded-for": "2001:db8::1" }, 1, "2001:db8:0:0::/64"],
    [{ "x-forwarded-for": "2001:DB8:0:0:ffff::2" }, 1, "2001:db8:0:0::/64"],
    [{ "x-forwarded-for": "not-an-ip" }, 1, null],
    [{ "x-forwarded-for": "1".repeat(400) }, 1, null],
    [{}, 1, null],
  ])("reads %j with %i trusted hop(s) as %s", (headers, hops, address) => {
    expect(clientAddress(new Headers(headers), hops)).toBe(address);
    expect(clientAddress(headers, hops)).toBe(address);
  });

  it("with 0 hops takes the socket address that the server recorded, and ignores X-Forwarded-For", () => {
    const headers = { "x-forwarded-for": "203.0.113.9", [PEER_ADDRESS_HEADER]: "::ffff:192.0.2.4" };
    expect(clientAddress(headers, 0)).toBeNull(); // not recorded by our server: nothing to trust
    process.env[PEER_ADDRESS_FLAG] = "1";
    try {
      expect(clientAddress(headers, 0)).toBe("192.0.2.4");
      expect(clientAddress({ "x-forwarded-for": "203.0.113.9" }, 0)).toBeNull();
    } finally {
      delete process.env[PEER_ADDRESS_FLAG];
    }
  });

  it("without a trustworthy address only the account limit applies (no shared bucket for everyone)", async () => {
    for (let i = 0; i < SIGNIN_FAILURES_PER_ADDRESS + 1; i++) {
      await signin(jsonRequest("/api/signin", { email: uniqueEmail("ghost"), password: "wrong password!" }, { headers: { "x-forwarded-for": "garbage" } }), noContext);
    }
    const me = await account();
    // Another failure with the same garbage is still no 429: there is no shared bucket to be full.
    const another = await signin(jsonRequest("/api/signin", { email: me.email, password: "wrong password!" }, { headers: { "x-forwarded-for": "garbage" } }), noContext);
    expect(another.status).toBe(401);
    expect((await signin(jsonRequest("/api/signin", { email: me.email, password: PASSWORD }, { headers: { "x-forwarded-for": "garbage" } }), noContext)).status).toBe(200);
  });
});

describe("sign-in throttling", () => {
  let email = "";
  beforeAll(async () => {
    email = (await account()).email;
  });

  const attempt = (who: string, password: string, address: string) =>
    signin(jsonRequest("/api/signin", { email: who, password }, { headers: { "x-forwarded-for": address } }), noContext);

  it(`answers 429 after ${SIGNIN_FAILURES_PER_ACCOUNT} failures for one account, even with the right password`, async () => {
    for (let i = 0; i < SIGNIN_FAILURES_PER_ACCOUNT; i++) expect((await attempt(email, "wrong password!", randomAddress())).status).toBe(401);
    const blocked = await attempt(email, PASSWORD, randomAddress());
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await blocked.json()).message).toMatch(/^Too many sign-in attempts\. Please try again in \d+ minutes?\.$/);
  });

  it("a success is not counted as a failure, and does not wipe the failures either", async () => {
    const me = await account();
    for (let i = 0; i < SIGNIN_FAILURES_PER_ACCOUNT - 1; i++) expect((await attempt(me.email, "wrong password!", randomAddress())).status).toBe(401);
    for (let i = 0; i < 3; i++) expect((await attempt(me.email, PASSWORD, randomAddress())).status).toBe(200);
    expect((await attempt(me.email, "wrong password!", randomAddress())).status).toBe(401);
    expect((await attempt(me.email, PASSWORD, randomAddress())).status).toBe(429);
  });

  it(`answers 429 after ${SIGNIN_FAILURES_PER_ADDRESS} failures from one address, across accounts`, async () => {
    const address = randomAddress();
    for (let i = 0; i < SIGNIN_FAILURES_PER_ADDRESS; i++) await attempt(uniqueEmail("ghost"), "wrong password!", address);
    const me = await account();
    expect((await attempt(me.email, PASSWORD, address)).status).toBe(429);
    expect((await attempt(me.email, PASSWORD, randomAddress())).status).toBe(200);
  });
});
