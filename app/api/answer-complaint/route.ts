import { complaintAnswerSchema } from "@/lib/schemas";
import { requireAdminWrite } from "@/lib/server/accounts/auth";
import { afterResponse } from "@/lib/server/platform/after-response";
import { conflict, handle, notFound, ok, readBody } from "@/lib/server/platform/http";
import { answerComplaint, mailComplaintReply } from "@/lib/server/support/complaints";

// POST /api/answer-complaint {complaintId, message, close} — admins only, beyond the spec: the
// grievance officer's reply, kept on the ticket and mailed to the shopper; `close` resolves it.
export const POST = handle(async (request) => {
  const admin = await requireAdminWrite(request);
  const input = await readBody(request, complaintAnswerSchema);
  const answered = await answerComplaint(admin.id, input);
  if (answered === null) throw notFound("This complaint does not exist.");
  if (answered === "closed") throw conflict("This complaint is closed: it takes no more replies.");
  afterResponse("complaint-mail", () => mailComplaintReply(answered.replyId));
  return ok(answered.complaint, input.close ? `Reply sent and complaint ${answered.complaint.ticket} closed` : `Reply sent for complaint ${answered.complaint.ticket}`);
});
