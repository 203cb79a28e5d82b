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
  const emulators = await startEmulators();
  project.provide("emulatorUrl", emulators.url);
  return async () => {
    await emulators.stop();
  };
}
