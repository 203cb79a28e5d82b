// Recently viewed (issue 40): the browser keeps the ids; GET /api/recently-viewed renders them, in
// the order given, leaving out what is unknown or archived, and refuses malformed or too many ids.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { GET } from "@/app/api/recently-viewed/route";
import { RECENTLY_VIEWED_MAX } from "@/lib/catalog/recently-viewed";
import { seed } from "@/prisma/seed";
import { getRequest, noContext, onOwnDatabase, query } from "../helpers";

onOwnDatabase("recent");

let ids: string[] = [];
beforeAll(async () => {
  await seed(process.env.DATABASE_URL!, { quiet: true, demoAccounts: false });
  ids = (await query<{ id: string }>(`SELECT id FROM "Product" WHERE "archivedAt" IS NULL ORDER BY "productName" LIMIT 4`)).map((row) => row.id);
}, 60_000);

const viewed = async (param: string) => {
  const response = await GET(getRequest(`/api/recently-viewed?ids=${param}`), noContext);
  return { status: response.status, body: (await response.json()) as { message: string; data: { _id: string }[] } };
};

describe("GET /api/recently-viewed", () => {
  it("answers the products in the order the browser gave, unknown ones left out", async () => {
    const order = [ids[2]!, ids[0]!, randomUUID(), ids[3]!];
    const { status, body } = await viewed(order.join(","));
    expect(status).toBe(200);
    expect(body.data.map((product) => product._id)).toEqual([ids[2], ids[0], ids[3]]);
  });

  it("leaves out a product archived since it was viewed", async () => {
    await query(`UPDATE "Product" SET "archivedAt" = now() WHERE id = $1`, [ids[1]]);
    const { body } = await viewed([ids[1]!, ids[0]!].join(","));
    expect(body.data.map((product) => product._id)).toEqual([ids[0]]);
  });

  it("answers nothing for no ids, and refuses malformed or too many with a 400 that names the rule", async () => {
    expect((await viewed("")).body.data).toEqual([]);
    for (const bad of [`${ids[0]},1 OR 1=1`, Array.from({ length: RECENTLY_VIEWED_MAX + 1 }, () => randomUUID()).join(",")]) {
      const { status, body } = await viewed(encodeURIComponent(bad));
      expect(status).toBe(400);
      expect(body.message).toBe(`ids must be up to ${RECENTLY_VIEWED_MAX} product ids, separated by commas`);
    }
  });
});
