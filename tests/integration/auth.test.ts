// Sign-up, sign-in, user-details and logout through the real route handlers on a real Postgres.
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as signup } from "@/app/api/signup/route";
import { POST as signin } from "@/app/api/signin/route";
import { GET as userDetails } from "@/app/api/user-details/route";
import { GET as logout } from "@/app/api/logout/route";
import { dataUrl, getRequest, jsonRequest, noContext, png, query, sessionCookieFrom, uniqueEmail } from "../helpers";

const PASSWORD = "correct horse battery";

async function signUp(overrides: Record<string, unknown> = {}) {
  const body = { name: "Asha Rao", email: uniqueEmail(), contact: "+91 98765 43210", password: PASSWORD, confirmPwd: PASSWORD, profilepic: "", ...overrides };
  const response = await signup(jsonRequest("/api/signup", body), noContext);
  return { response, body, answer: await response.json() };
}


describe("POST /api/signup", () => {
  it("creates a USER and answers in the spec's shape without secrets", async () => {
    const { response, body, answer } = await signUp();
    expect(response.status).toBe(201);
    expect(answer).toMatchObject({ success: true, error: false, message: expect.any(String) });
    expect(answer.data).toMatchObject({ name: "Asha Rao", email: body.email, contact: "+91 98765 43210", role: "USER", profilepic: "" });
    expect(answer.data._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(answer)).not.toMatch(/passwordHash|sessionVersion|argon2/);
  });

  it("stores the picture through the images provider and keeps its URL, not the data URL", async () => {
    const { response, answer } = await signUp({ profilepic: dataUrl("image/png", png(2, 2)) });
    expect(response.status).toBe(201);
    expect(answer.data.profilepic).toMatch(/^https?:\/\/.+\.png$/);
    const [row] = await query<{ profilePic: string }>('SELECT "profilePic" FROM "User" WHERE id = $1', [answer.data._id]);
    expect(row?.profilePic).toBe(answer.data.profilepic);
    expect((await fetch(row!.profilePic)).status).toBe(200);
  });

  it("refuses a common password", async () => {
    const { response, answer } = await signUp({ password: "password123", confirmPwd: "password123" });
    expect(response.status).toBe(400);
    expect(answer.message).toBe("This password is too common. Please choose a less guessable one.");
  });

  it("forces the USER role whatever the body says", async () => {
    const { answer } = await signUp({ role: "ADMIN" });
    expect(answer.data.role).toBe("USER");
    const [row] = await query<{ role: string }>('SELECT role FROM "User" WHERE id = $1', [answer.data._id]);
    expect(row?.role).toBe("USER");
  });

  it("stores the email lower-cased and the password only as an Argon2id hash", async () => {
    const email = uniqueEmail("MiXeD").toUpperCase();
    const { answer } = await signUp({ email });
    expect(answer.data.email).toBe(email.toLowerCase());
    const [row] = await query<{ passwordHash: string }>('SELECT "passwordHash" FROM "User" WHERE id = $1', [answer.data._id]);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain(PASSWORD);
  });

  it("answers 409 for an email that exists in any letter case, and keeps one account", async () => {
    const email = uniqueEmail();
    await signUp({ email });
    const { response, answer } = await signUp({ email: email.toUpperCase() });
    expect(response.status).toBe(409);
    expect(answer).toEqual({ success: false, error: true, message: "An account with this email already exists." });
    const rows = await query('SELECT id FROM "User" WHERE email = $1', [email]);
    expect(rows).toHaveLength(1);
  });

  it.each([
    [{ confirmPwd: "something else" }, "Passwords do not match. Please verify and enter again."],
    [{ email: "not-an-email" }, "Please enter a valid email address"],
    [{ email: undefined }, "Email is required"],
    [{ name: "   " }, "Name is required"],
    [{ password: "short", confirmPwd: "short" }, "Password must be at least 8 characters"],
    [{ password: "x".repeat(129), confirmPwd: "x".repeat(129) }, "Password must be at most 128 characters"],
    [{ contact: "call me maybe" }, "Contact may hold digits, spaces, dashes and a leading +"],
    [{ profilepic: "data:text/html;base64,PGgxPg==" }, "Profile picture must be a PNG, JPEG, WebP or GIF image"],
  ])("answers 400 with a clear message for %j and writes nothing", async (overrides, message) => {
    const email = uniqueEmail();
    const { response, answer } = await signUp({ email, ...overrides });
    expect(response.status).toBe(400);
    expect(answer).toEqual({ success: false, error: true, message, errors: { [Object.keys(overrides)[0]!]: message } });
    expect(await query('SELECT id FROM "User" WHERE email = $1', [email])).toHaveLength(0);
  });

  it("answers 415 to a body that is not sent as JSON (a cross-site form cannot sign anyone up or in)", async () => {
    const body = JSON.stringify({ name: "Asha", email: uniqueEmail(), contact: "", password: PASSWORD, confirmPwd: PASSWORD, profilepic: "" });
    const request = new NextRequest("http://localhost:3000/api/signup", { method: "POST", headers: { "content-type": "text/plain" }, body });
    const response = await signup(request, noContext);
    expect(response.status).toBe(415);
    const login = await signin(new NextRequest("http://localhost:3000/api/signin", { method: "POST", headers: { "content-type": "text/plain" }, body }), noContext);
    expect(login.status).toBe(415);
  });

  it.each(["not json", "[]", "null"])("answers 400 for the body %j", async (raw) => {
    const response = await signup(jsonRequest("/api/signup", raw), noContext);
    expect(response.status).toBe(400);
    expect((await response.json()).success).toBe(false);
  });
});

describe("POST /api/signin, GET /api/user-details, GET /api/logout", () => {
  let email = "";
  beforeAll(async () => {
    email = uniqueEmail();
    await signUp({ email });
  });

  it("signs in with an HttpOnly session cookie, then user-details returns the user without secrets", async () => {
    const response = await signin(jsonRequest("/api/signin", { email: email.toUpperCase(), password: PASSWORD }), noContext);
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(answer).toMatchObject({ success: true, error: false, message: "Login successfully" });
    const setCookie = response.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/next-auth\.session-token=[^;]+;/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=lax/i);

    const details = await userDetails(getRequest("/api/user-details", sessionCookieFrom(response)), noContext);
    expect(details.status).toBe(200);
    const user = await details.json();
    expect(user).toMatchObject({ success: true, data: { email, role: "USER", name: "Asha Rao" } });
    expect(Object.keys(user.data).sort()).toEqual(["_id", "contact", "createdAt", "email", "emailConfirmed", "name", "profilepic", "role"]);
  });

  it("answers 401 with one message for a wrong password and for an unknown email", async () => {
    const wrong = await signin(jsonRequest("/api/signin", { email, password: "not the password" }), noContext);
    const unknown = await signin(jsonRequest("/api/signin", { email: uniqueEmail("nobody"), password: PASSWORD }), noContext);
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const [a, b] = [await wrong.json(), await unknown.json()];
    expect(a).toEqual(b);
    expect(a).toEqual({ success: false, error: true, message: "Invalid email or password." });
    expect(wrong.headers.getSetCookie()).toEqual([]);
  });

  it.each([{}, { email }, { password: PASSWORD }, { email: "nope", password: PASSWORD }])("answers 400 for %j", async (body) => {
    const response = await signin(jsonRequest("/api/signin", body), noContext);
    expect(response.status).toBe(400);
  });

  it("user-details answers 401 without a cookie and with a forged or tampered one", async () => {
    expect((await userDetails(getRequest("/api/user-details"), noContext)).status).toBe(401);
    expect((await userDetails(getRequest("/api/user-details", "next-auth.session-token=forged"), noContext)).status).toBe(401);
    const response = await signin(jsonRequest("/api/signin", { email, password: PASSWORD }), noContext);
    const cookie = sessionCookieFrom(response);
    const tampered = cookie.slice(0, -4) + (cookie.endsWith("AAAA") ? "BBBB" : "AAAA");
    expect((await userDetails(getRequest("/api/user-details", tampered), noContext)).status).toBe(401);
  });

  it("stops honouring a session once the user's session version changes (password reset, role change)", async () => {
    const response = await signin(jsonRequest("/api/signin", { email, password: PASSWORD }), noContext);
    const cookie = sessionCookieFrom(response);
    expect((await userDetails(getRequest("/api/user-details", cookie), noContext)).status).toBe(200);
    await query('UPDATE "User" SET "sessionVersion" = "sessionVersion" + 1 WHERE email = $1', [email]);
    expect((await userDetails(getRequest("/api/user-details", cookie), noContext)).status).toBe(401);
  });

  it("logout clears the cookie and answers in the spec's shape", async () => {
    const response = await logout(getRequest("/api/logout"), noContext);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ success: true, error: false, message: "Logged out successfully" });
    const setCookie = response.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/next-auth\.session-token=;/);
    expect(setCookie).toMatch(/Max-Age=0/i);
  });
});
