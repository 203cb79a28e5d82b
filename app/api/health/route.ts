import { healthAnswer } from "@/lib/server/platform/health";

// GET /api/health — beyond the spec, for load balancers and probes: 200 while the process serves
// requests. JSON, never cached, no limits; on `npm start` the front door calls it without Next.
export const GET = async () => healthAnswer();
