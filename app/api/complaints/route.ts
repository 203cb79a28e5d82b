import { complaintSchema } from "@/lib/schemas";
import { requireShopper } from "@/lib/server/accounts/auth";
import { afterResponse } from "@/lib/server/platform/after-response";
import { handle, ok, readBody } from "@/lib/server/platform/http";
import { throttle } from "@/lib/server/platform/throttle";
import { acknowledgeComplaint, listComplaints, raiseComplaint } from "@/lib/server/support/complaints";

// GET /api/complaints, POST /api/complaints {subject, message, orderId?} — the caller's own, beyond
// the spec: complaints to the grievance officer (lib/server/support/complaints.ts). A new one gets
// its ticket at once and an acknowledgement mail after the answer; a few a day per account.
export const GET = handle(async (request) => {
  const user = await requireShopper(request);
  return ok(await listComplaints(user.id), "Your complaints");
});

export const POST = handle(async (request) => {
  const user = await requireShopper(request);
  const input = await readBody(request, complaintSchema);
  await throttle("complaint", request, user.id);
  const complaint = await raiseComplaint(user, input);
  afterResponse("complaint-mail", () => acknowledgeComplaint(complaint._id));
  return ok(complaint, `Your complaint ${complaint.ticket} is received: we have mailed you an acknowledgement.`, { status: 201 });
});
