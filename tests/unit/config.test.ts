import { describe, expect, it } from "vitest";
import { ConfigError, PRODUCTION_REQUIRED, readConfig } from "@/lib/server/platform/config";

const FULL = {
  NODE_ENV: "production",
  DATABASE_URL: "postgresql://u:p@db.example.com:5432/store",
  NEXTAUTH_SECRET: "x".repeat(40),
  SITE_URL: "https://shop.example.com",
  STRIPE_SECRET_KEY: "sk_live_abc",
  STRIPE_WEBHOOK_SECRET: "whsec_abc",
  RESEND_API_KEY: "re_abc",
  EMAIL_FROM: "Shop <shop@example.com>",
  CLOUDINARY_URL: "cloudinary://key:secret@cloud",
};

describe("readConfig", () => {
  it("accepts a complete production environment", () => {
    const config = readConfig(FULL);
    expect(config.mode).toBe("production");
    expect(config.siteUrl).toBe("https://shop.example.com");
    expect(config.warnings).toEqual([]);
  });

  it.each(PRODUCTION_REQUIRED)("stops production without %s, naming it", (key) => {
    const env: Record<string, string | undefined> = { ...FULL, [key]: undefined };
    expect(() => readConfig(env)).toThrow(ConfigError);
    expect(() => readConfig(env)).toThrow(new RegExp(`${key} is required in production`));
  });

  it("runs production without Stripe (cash on delivery only, said in a warning), but not with a key and no webhook secret", () => {
    const config = readConfig({ ...FULL, STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined });
    expect(config.mode).toBe("production");
    expect(config.stripe.secretKey).toBeUndefined();
    expect(config.warnings.join(" ")).toMatch(/card payment is off/);
    expect(() => readConfig({ ...FULL, STRIPE_WEBHOOK_SECRET: undefined })).toThrow(/STRIPE_WEBHOOK_SECRET is required in production when STRIPE_SECRET_KEY is set/);
  });

  it("lets production run as a demo only when STORE_DEMO=1 is said explicitly, with a warning", () => {
    const config = readConfig({ NODE_ENV: "production", STORE_DEMO: "1" });
    expect(config.mode).toBe("demo");
    expect(config.warnings.join(" ")).toMatch(/demo mode/);
  });

  it("needs no keys in development", () => {
    const config = readConfig({ NODE_ENV: "development", EMULATOR_URL: "http://127.0.0.1:4010" });
    expect(config.mode).toBe("development");
    expect(config.siteUrl).toBe("http://localhost:3000");
    expect(config.stripe.secretKey).toBeUndefined();
  });

  it.each([
    ["DATABASE_URL", "mysql://x"],
    ["NEXTAUTH_SECRET", "short"],
    ["STRIPE_SECRET_KEY", "pk_test_wrong_kind"],
    ["SITE_URL", "shop.example.com"],
    ["CLOUDINARY_URL", "https://cloudinary.com"],
    ["PAGE_CACHE_MB", "-1"],
    ["PAGE_CACHE_SECONDS", "a minute"],
    ["NEXT_CACHE_MB", "15.5"],
    ["NEXT_CACHE_MB", "lots"],
    ["TRUSTED_PROXY_HOPS", "-1"],
    ["TRUSTED_PROXY_HOPS", "11"],
    ["ALLOWED_ORIGINS", "https://app.example.com/path"],
    ["ALLOWED_ORIGINS", "app.example.com"],
  ])("says what is wrong with a malformed %s", (key, value) => {
    expect(() => readConfig({ NODE_ENV: "development", [key]: value })).toThrow(new RegExp(key));
  });

  it("reads the page cache's bounds, 60 s and 64 MB unless told, 0 MB turning it off", () => {
    expect(readConfig(FULL).pageCache).toEqual({ seconds: 60, megabytes: 64 });
    expect(readConfig({ ...FULL, PAGE_CACHE_SECONDS: "5", PAGE_CACHE_MB: "0" }).pageCache).toEqual({ seconds: 5, megabytes: 0 });
    expect(readConfig({ ...FULL, PAGE_CACHE_SECONDS: "", PAGE_CACHE_MB: " 128 " }).pageCache).toEqual({ seconds: 60, megabytes: 128 });
  });

  it("wants https for SITE_URL in production (Secure cookies), not in development or the demo", () => {
    expect(() => readConfig({ ...FULL, SITE_URL: "http://shop.example.com" })).toThrow(/SITE_URL must be an https/);
    expect(readConfig({ NODE_ENV: "development", SITE_URL: "http://localhost:3000" }).siteUrl).toBe("http://localhost:3000");
    expect(readConfig({ NODE_ENV: "production", STORE_DEMO: "1", SITE_URL: "http://localhost:3100" }).mode).toBe("demo");
  });

  it("has demo accounts only outside production (or with STORE_DEMO=1), and never with DEMO_ACCOUNTS=0", () => {
    expect(readConfig(FULL).demoAccounts).toBe(false);
    expect(readConfig({ NODE_ENV: "production", STORE_DEMO: "1" }).demoAccounts).toBe(true);
    expect(readConfig({ NODE_ENV: "development" }).demoAccounts).toBe(true);
    expect(readConfig({ NODE_ENV: "development", DEMO_ACCOUNTS: "0" }).demoAccounts).toBe(false);
  });

  it("wants https origins in ALLOWED_ORIGINS in production", () => {
    expect(() => readConfig({ ...FULL, ALLOWED_ORIGINS: "http://app.example.com" })).toThrow(/ALLOWED_ORIGINS must list https/);
    expect(readConfig({ ...FULL, ALLOWED_ORIGINS: "https://app.example.com" }).allowedOrigins).toEqual(["https://app.example.com"]);
  });

  it("reads TRUSTED_PROXY_HOPS (0 unless told) and ALLOWED_ORIGINS (none unless told)", () => {
    expect(readConfig(FULL)).toMatchObject({ trustedProxyHops: 0, allowedOrigins: [] });
    expect(readConfig({ ...FULL, NODE_ENV: "development", TRUSTED_PROXY_HOPS: "2", ALLOWED_ORIGINS: " https://app.example.com, http://localhost:5173/ " })).toMatchObject({
      trustedProxyHops: 2,
      allowedOrigins: ["https://app.example.com", "http://localhost:5173"],
    });
  });

  it("reads the support address the contact page shows (SUPPORT_EMAIL), a placeholder without it, and refuses one that is not an address", () => {
    expect(readConfig({ ...FULL, SUPPORT_EMAIL: "help@shop.example.com" }).supportEmail).toBe("help@shop.example.com");
    expect(readConfig({ NODE_ENV: "development" }).supportEmail).toBe("support@volt.local");
    expect(() => readConfig({ ...FULL, SUPPORT_EMAIL: "not an address" })).toThrow(/SUPPORT_EMAIL must be an email address/);
  });
});
