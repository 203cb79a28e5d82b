import { inject } from "vitest";

process.env.DATABASE_URL = inject("databaseUrl");
process.env.NEXTAUTH_SECRET ??= "test-secret-test-secret-test-secret-0123";
process.env.SITE_URL ??= "http://localhost:3000";
