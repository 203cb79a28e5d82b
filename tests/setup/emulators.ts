// The provider emulators for the whole run, so the app's mail and image code runs through the
// real SDKs (Resend, Cloudinary) in every test, with no mocks. Test files read what was sent over
// HTTP (GET /resend/outbox, GET /cloudinary/uploads) at `inject("emulatorUrl")`.
import type { TestProject } from "vitest/node";
import { startEmulators } from "../../server/emulators/server";

declare module "vitest" {
  export interface ProvidedContext {
    emulatorUrl: string;
  }
}

export default async function setup(project: TestProject) {
  // Resend's own limit is 2 requests a second for a whole team; the files of this run make
  // hundreds of accounts in parallel processes (each mails a confirmation link), so the run's
  // emulator allows 100 a second, and the store's pacer is told the same (tests/setup/env.ts). The
  // default limit itself is tested in tests/unit/resend-emulator.test.ts, and the wishlist alerts
  // are sent through an emulator of their own at that default (tests/integration/alerts.test.ts).
  const emulators = await startEmulators({ resend: { rateLimit: 100 } });
  project.provide("emulatorUrl", emulators.url);
  return async () => {
    await emulators.stop();
  };
}
