import { inject } from "vitest";

process.env.DATABASE_URL = inject("databaseUrl");
// Providers without keys (all of them, in tests) talk to the run's emulators.
process.env.EMULATOR_URL = inject("emulatorUrl");
// The run's emulator allows 100 mail requests a second (tests/setup/emulators.ts); pace to that.
process.env.RESEND_RATE_LIMIT = "100";
// A developer's real keys must never be used by the tests.
delete process.env.RESEND_API_KEY;
delete process.env.CLOUDINARY_URL;
process.env.NEXTAUTH_SECRET ??= "test-secret-test-secret-test-secret-0123";
process.env.SITE_URL ??= "http://localhost:3000";
delete process.env.STRIPE_SECRET_KEY;
// The emulator run by tests/setup/emulators.ts signs nothing itself; tests sign events with this.
process.env.STRIPE_WEBHOOK_SECRET = "whsec_test_secret_for_the_vitest_run";
// The route handlers are called as if behind one proxy that appends the client's address
// (tests name their own addresses in X-Forwarded-For); hops=0 is tested on its own.
process.env.TRUSTED_PROXY_HOPS = "1";
