// The grievance desk: a shopper's complaint gets a ticket and an acknowledgement mail at once
// (quoting them only to a confirmed address), is theirs alone to read, and the grievance officer's
// replies are mailed and may close it; a few a day per account.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { GET as adminList } from "@/app/api/admin-complaints/route";
import { POST as answerRoute } from "@/app/api/answer-complaint/route";
import { GET as listRoute, POST as raiseRoute } from "@/app/api/complaints/route";
import { acknowledgeComplaint, mailComplaintReply, type PublicComplaint } from "@/lib/server/support/complaints";
import { admin, getRequest, jsonRequest, noContext, query, shopper, type Shopper } from "../helpers";
import { outbox, paidOrder } from "./checkout-kit";

const raise = (user: Shopper, body: unknown) => raiseRoute(jsonRequest("/api/complaints", body, { cookie: user.cookie }), noContext);
const answer = (boss: Shopper, body: unknown) => answerRoute(jsonRequest("/api/answer-complaint", body, { cookie: boss.cookie }), noContext);

describe("complaints", () => {
  it("get a ticket and an acknowledgement mail that quotes them only to a confirmed address; about one of the shopper's own orders only", async () => {
    const { user, orderId } = await paidOrder();
    const other = await shopper();
    expect((await raise(other, { subject: "Late", message: "Where is it?", orderId })).status).toBe(404);
    const refused = await raise(user, { subject: "  ", message: "x".repeat(2001) });
    expect(refused.status).toBe(400);
    expect((await refused.json()).errors).toMatchObject({ subject: "Subject is required", message: "Message must be at most 2000 characters" });

    const made = await raise(user, { subject: "Box arrived crushed", message: "The phone's box was crushed.", orderId });
    expect(made.status).toBe(201);
    const complaint = (await made.json()).data as PublicComplaint;
    expect(complaint).toMatchObject({ ticket: expect.stringMatching(/^GR-\d{6}$/), status: "OPEN", order: { _id: orderId } });
    expect(new Date(complaint.acknowledgeBy).getTime() - new Date(complaint.createdAt).getTime()).toBe(48 * 3_600_000);
    await acknowledgeComplaint(complaint._id);
    const [ack] = (await outbox(user.email)).filter((mail) => mail.subject === `We have your complaint ${complaint.ticket}`);
    expect(ack!.text).toContain(complaint.ticket);
    expect(ack!.text).not.toContain("Box arrived crushed");
    expect((await query<{ acknowledgedAt: Date | null }>(`SELECT "acknowledgedAt" FROM "Complaint" WHERE id = $1`, [complaint._id]))[0]!.acknowledgedAt).not.toBeNull();

    // A confirmed address is quoted its subject.
    await query(`UPDATE "User" SET "emailConfirmedAt" = now() WHERE id = $1`, [other.id]);
    const quoted = (await (await raise(other, { subject: "Rude courier", message: "He threw it." })).json()).data as PublicComplaint;
    await acknowledgeComplaint(quoted._id);
    expect((await outbox(other.email)).find((mail) => mail.subject.includes(quoted.ticket))!.text).toContain("About: Rude courier");

    // Each shopper reads their own.
    const mine = (await (await listRoute(getRequest("/api/complaints", user.cookie), noContext)).json()).data as PublicComplaint[];
    expect(mine.map((row) => row.ticket)).toEqual([complaint.ticket]);
    const theirs = (await (await listRoute(getRequest("/api/complaints", other.cookie), noContext)).json()).data as PublicComplaint[];
    expect(theirs.map((row) => row.ticket)).toEqual([quoted.ticket]);
  });

  it("are answered by mail from the ticket, and closed; a closed one takes no reply", async () => {
    const user = await shopper();
    const boss = await admin();
    const complaint = (await (await raise(user, { subject: "Wrong colour", message: "I ordered black." })).json()).data as PublicComplaint;
    const listed = (await (await adminList(getRequest("/api/admin-complaints", boss.cookie), noContext)).json()).data as PublicComplaint[];
    expect(listed.find((row) => row._id === complaint._id)).toMatchObject({ email: user.email, status: "OPEN" });

    expect((await answer(boss, { complaintId: complaint._id, message: "  " })).status).toBe(400);
    expect((await answer(boss, { complaintId: randomUUID(), message: "Hello" })).status).toBe(404);
    const replied = await answer(boss, { complaintId: complaint._id, message: "We are sending the black one today." });
    expect(replied.status).toBe(200);
    expect((await replied.json()).data).toMatchObject({ status: "ANSWERED", replies: [{ message: "We are sending the black one today." }] });
    const closed = await answer(boss, { complaintId: complaint._id, message: "Delivered: closing this.", close: true });
    expect((await closed.json()).data).toMatchObject({ status: "CLOSED", closedAt: expect.any(String) });
    expect((await answer(boss, { complaintId: complaint._id, message: "One more" })).status).toBe(409);

    for (const { id } of await query<{ id: string }>(`SELECT id FROM "ComplaintReply" WHERE "complaintId" = $1`, [complaint._id])) await mailComplaintReply(id);
    const mails = await outbox(user.email);
    expect(mails.find((mail) => mail.subject === `An answer to: your complaint ${complaint.ticket}`)!.text).toContain("We are sending the black one today.");
    expect(mails.find((mail) => mail.subject === `Resolved: your complaint ${complaint.ticket}`)!.text).toContain("Delivered: closing this.");
    const mine = (await (await listRoute(getRequest("/api/complaints", user.cookie), noContext)).json()).data as PublicComplaint[];
    expect(mine[0]).toMatchObject({ status: "CLOSED", replies: [{ message: "We are sending the black one today." }, { message: "Delivered: closing this." }] });
  });

  it("are limited to a few a day per account", async () => {
    const user = await shopper();
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await raise(user, { subject: `Complaint ${i}`, message: "Again." })).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});
