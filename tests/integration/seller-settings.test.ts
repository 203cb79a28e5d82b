// The seller's details (GET/PUT /api/seller-settings): admins only, each field checked (the
// GSTIN by its check character and against the state), every change kept with who and when.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getSettings, PUT as putSettings } from "@/app/api/seller-settings/route";
import { DEMO_SELLER } from "@/lib/billing/demo-seller";
import { gstinCheckCharacter } from "@/lib/billing/gstin";
import { EMPTY_SELLER, missingSellerFields } from "@/lib/billing/seller";
import { saveSeller } from "@/lib/server/billing/seller";
import { admin, getRequest, holdSellerDetails, jsonRequest, noContext, query, shopper } from "../helpers";

const put = (body: unknown, cookie?: string) => putSettings(jsonRequest("/api/seller-settings", body, { method: "PUT", cookie }), noContext);

// First, so that its release comes after this file's own restoring afterAll.
holdSellerDetails();

beforeAll(async () => {
  // The seed's seller to start from, whatever a file before this one left.
  await saveSeller(DEMO_SELLER, null);
});

afterAll(async () => {
  // The seed's seller again, for any test that reads it after this file.
  await saveSeller(DEMO_SELLER, null);
});

describe("seller settings", () => {
  it("answer 401 to anonymous callers and 403 to shoppers, for reading and for saving", async () => {
    const me = await shopper();
    expect((await getSettings(getRequest("/api/seller-settings"), noContext)).status).toBe(401);
    expect((await getSettings(getRequest("/api/seller-settings", me.cookie), noContext)).status).toBe(403);
    expect((await put(DEMO_SELLER)).status).toBe(401);
    expect((await put(DEMO_SELLER, me.cookie)).status).toBe(403);
  });

  it("read back as saved, complete", async () => {
    const boss = await admin();
    const answer = await getSettings(getRequest("/api/seller-settings", boss.cookie), noContext);
    expect(answer.status).toBe(200);
    const { data } = await answer.json();
    expect(data.details).toEqual(DEMO_SELLER);
    expect(data.missing).toEqual([]);
  });

  it.each([
    [{ gstin: "29AAKCV4821M1ZQ" }, "gstin", "This GSTIN's check character is wrong: check it for a typing error"],
    [{ gstin: "27AAPFU0939F1ZV" }, "gstin", "This GSTIN belongs to state code 27, not 29"],
    [{ gstin: "29AAKCV4821M" }, "gstin", "Enter a valid 15-character GSTIN"],
    [{ state: "XX" }, "state", "Choose a state from the list"],
    [{ postalCode: "056002" }, "postalCode", "Enter a 6-digit PIN code"],
    [{ email: "not-an-email" }, "email", "Contact email must be an email address"],
    [{ phone: "call us" }, "phone", "Contact phone may hold digits, spaces, dashes and a leading +"],
    [{ registration: "SPECIAL" }, "registration", "GST registration must be REGULAR or COMPOSITION"],
    [{ state: "constructor" }, "state", "State must be at most 2 characters"],
    [{ legalName: "Volt\u0000Electronics" }, "legalName", "Legal name must not contain control characters (such as a NUL byte)"],
  ])("refuse %j with a 400 naming the field", async (change, field, message) => {
    const boss = await admin();
    const answer = await put({ ...DEMO_SELLER, ...change }, boss.cookie);
    expect(answer.status).toBe(400);
    const body = await answer.json();
    expect(body.errors?.[field] ?? body.message).toBe(message);
    expect((await query(`SELECT "gstin", "state" FROM "SellerSettings" WHERE id = 1`))[0]).toMatchObject({ gstin: DEMO_SELLER.gstin, state: DEMO_SELLER.state });
  });

  it("refuse a body that leaves a field out, rather than erase it", async () => {
    const boss = await admin();
    const { legalName: _left, ...partial } = DEMO_SELLER;
    for (const body of [{}, partial]) {
      const answer = await put(body, boss.cookie);
      expect(answer.status).toBe(400);
    }
    const partialAnswer = await put(partial, boss.cookie);
    expect((await partialAnswer.json()).errors?.legalName).toBe("Legal name must be text (or null for none)");
    expect((await query(`SELECT "legalName" FROM "SellerSettings" WHERE id = 1`))[0]).toEqual({ legalName: DEMO_SELLER.legalName });
  });

  it("save a change, keep who made it and each field's old and new value, and say what is missing", async () => {
    const boss = await admin();
    const since = new Date();
    // A Delhi GSTIN (GSTN's example PAN under Delhi's code, with its own check character), typed in small letters.
    const delhi = `07AAPFU0939F1Z${gstinCheckCharacter("07AAPFU0939F1Z")}`;
    const changed = { ...DEMO_SELLER, legalName: "Volt Retail LLP", gstin: ` ${delhi.toLowerCase()} `, state: "DL", grievancePhone: "" };
    const answer = await put(changed, boss.cookie);
    expect(answer.status, await answer.clone().text()).toBe(200);
    const { data, message } = await answer.json();
    expect(message).toBe("Seller details saved");
    expect(data.details).toMatchObject({ legalName: "Volt Retail LLP", gstin: delhi, state: "DL", grievancePhone: null });
    expect(data.missing).toEqual(["Grievance officer's phone"]);
    const rows = await query<{ changedBy: string; changes: Record<string, [unknown, unknown]> }>(`SELECT "changedBy", changes FROM "SellerSettingsChange" WHERE "changedAt" >= $1`, [since]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.changedBy).toBe(boss.id);
    expect(rows[0]!.changes).toEqual({
      legalName: [DEMO_SELLER.legalName, "Volt Retail LLP"],
      gstin: [DEMO_SELLER.gstin, delhi],
      state: ["KA", "DL"],
      grievancePhone: [DEMO_SELLER.grievancePhone, null],
    });
    // The same details again change nothing and record nothing.
    const again = await put(changed, boss.cookie);
    expect((await again.json()).message).toBe("Nothing changed");
    expect(await query(`SELECT 1 FROM "SellerSettingsChange" WHERE "changedAt" >= $1`, [since])).toHaveLength(1);
    const read = await (await getSettings(getRequest("/api/seller-settings", boss.cookie), noContext)).json();
    expect(read.data.changes[0]).toMatchObject({ changedBy: boss.id });
  });

  it("list everything but the trade name and the second address line as missing when nothing is given", () => {
    expect(missingSellerFields(EMPTY_SELLER)).toEqual([
      "Legal name",
      "Address line 1",
      "City",
      "State",
      "PIN code",
      "Contact email",
      "Contact phone",
      "GSTIN",
      "Grievance officer's name",
      "Grievance officer's designation",
      "Grievance officer's email",
      "Grievance officer's phone",
    ]);
  });
});
