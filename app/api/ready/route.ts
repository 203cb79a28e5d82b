import { readyAnswer } from "@/lib/server/platform/health";

// GET /api/ready — beyond the spec, for load balancers and probes: 200 when the database answers
// (and, on `npm start`, the catalogue broadcast is connected and the instance is not stopping),
// else 503 with the reason. JSON, never cached, no limits; the front door calls it without Next.
export const GET = async () => readyAnswer();
