// The address book: each shopper's own (another's is a 404 to read, change, delete or make the
// default), validated on the server, at most ten, one default; the PIN checked against the
// directory (unknown: a warning; another state: questioned until confirmed). The PIN lookup and
// the delivery estimate that the forms and the product page ask.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { GET as listRoute, POST as addRoute } from "@/app/api/addresses/route";
import { DELETE as deleteRoute, PUT as updateRoute } from "@/app/api/addresses/[id]/route";
import { POST as defaultRoute } from "@/app/api/addresses/[id]/default/route";
import { GET as pinRoute } from "@/app/api/pin-code/[pin]/route";
import { GET as estimateRoute } from "@/app/api/delivery-estimate/route";
import type { PublicAddress } from "@/lib/delivery/address";
import { getRequest, jsonRequest, noContext, query, shopper, type Shopper } from "../helpers";

const HOME = { name: "Meera Iyer", phone: "+91 98450 12345", line1: "12, 3rd Cross, Indiranagar", area: "HAL 2nd Stage", landmark: "Opposite the park", city: "Bengaluru", district: "Bengaluru", state: "KA", postalCode: "560038" };
const params = (id: string) => ({ params: Promise.resolve({ id }) });

const add = (user: Shopper, body: unknown) => addRoute(jsonRequest("/api/addresses", body, { cookie: user.cookie }), noContext);
const update = (user: Shopper, id: string, body: unknown) => updateRoute(jsonRequest(`/api/addresses/${id}`, body, { cookie: user.cookie, method: "PUT" }), params(id));
const remove = (user: Shopper, id: string) => deleteRoute(jsonRequest(`/api/addresses/${id}`, {}, { cookie: user.cookie, method: "DELETE" }), params(id));
const makeDefault = (user: Shopper, id: string) => defaultRoute(jsonRequest(`/api/addresses/${id}/default`, {}, { cookie: user.cookie }), params(id));
const list = async (user: Shopper) => (await (await listRoute(getRequest("/api/addresses", user.cookie), noContext)).json()).data as PublicAddress[];

describe("the address book", () => {
  it("saves a shopper's address with the phone normalised, the first one as the default", async () => {
    const user = await shopper();
    const made = await add(user, { ...HOME, phone: "098450 12345" });
    expect(made.status).toBe(201);
    const address = (await made.json()).data as PublicAddress & { warnings: string[] };
    expect(address).toMatchObject({ phone: "+919845012345", state: "KA", stateName: "Karnataka", isDefault: true, landmark: "Opposite the park", warnings: [] });
    const second = (await (await add(user, { ...HOME, line1: "Flat 4B, Prestige Towers", landmark: "" })).json()).data as PublicAddress;
    expect(second).toMatchObject({ isDefault: false, landmark: null });
    expect((await list(user)).map((row) => row._id)).toEqual([address._id, second._id]);
  });

  it("refuses bad input field by field, with nothing saved", async () => {
    const user = await shopper();
    const refused = await add(user, { ...HOME, phone: "12345", postalCode: "056001", state: "XX", name: " ", line1: "a\u0000b", city: "x".repeat(101) });
    expect(refused.status).toBe(400);
    expect((await refused.json()).errors).toEqual({
      name: "Full name is required",
      phone: "Enter a 10-digit Indian mobile number (starting with 6, 7, 8 or 9)",
      line1: "House and street must not contain control characters (such as a NUL byte)",
      city: "City or town must be at most 100 characters",
      state: "Choose a state or union territory from the list",
      postalCode: "Enter a 6-digit PIN code (the first digit not 0)",
    });
    expect(await list(user)).toEqual([]);
  });

  it("questions a PIN of another state until the shopper confirms it, and warns about a PIN the directory does not know", async () => {
    const user = await shopper();
    const questioned = await add(user, { ...HOME, state: "KL" });
    expect(questioned.status).toBe(422);
    const body = await questioned.json();
    expect(body).toMatchObject({ message: "PIN 560038 is in Karnataka. Check the PIN code or the state.", errors: { state: "PIN 560038 is in Karnataka. Check the PIN code or the state." }, data: { pinState: "KA", pinStateName: "Karnataka" } });
    expect(await list(user)).toEqual([]);
    expect((await add(user, { ...HOME, state: "KL", confirmState: true })).status).toBe(201);

    const unknown = await add(user, { ...HOME, postalCode: "999999" });
    expect(unknown.status).toBe(201);
    expect((await unknown.json()).data.warnings).toEqual(["We could not find PIN 999999 in our directory. New post offices take a while to appear: please check it is right."]);
  });

  it("keeps one default: choosing another, and deleting the default, moves it", async () => {
    const user = await shopper();
    const first = (await (await add(user, HOME)).json()).data as PublicAddress;
    const second = (await (await add(user, { ...HOME, line1: "Second" })).json()).data as PublicAddress;
    const third = (await (await add(user, { ...HOME, line1: "Third", isDefault: true })).json()).data as PublicAddress;
    expect((await list(user)).map((row) => [row.line1, row.isDefault])).toEqual([["Third", true], [HOME.line1, false], ["Second", false]]);
    expect((await makeDefault(user, second._id)).status).toBe(200);
    expect((await list(user)).filter((row) => row.isDefault).map((row) => row._id)).toEqual([second._id]);
    expect((await remove(user, second._id)).status).toBe(200);
    // The oldest left becomes the default.
    expect((await list(user)).map((row) => [row._id, row.isDefault])).toEqual([[first._id, true], [third._id, false]]);
    const edited = await update(user, third._id, { ...HOME, line1: "Third, edited", isDefault: true });
    expect((await edited.json()).data).toMatchObject({ line1: "Third, edited", isDefault: true });
    expect((await query<{ n: number }>(`SELECT count(*)::int AS n FROM "Address" WHERE "userId" = $1 AND "isDefault"`, [user.id]))[0]!.n).toBe(1);
  });

  it("keeps the same address once: added again (a retried checkout, a double submit) it is the one in the book", async () => {
    const user = await shopper();
    const first = await add(user, HOME);
    expect(first.status).toBe(201);
    const again = await add(user, { ...HOME, phone: "9845012345" });
    expect(again.status).toBe(200);
    expect((await again.json()).message).toBe("This address is in your book already");
    const both = await Promise.all([add(user, { ...HOME, landmark: "" }), add(user, { ...HOME, landmark: "" })]);
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 201]);
    const rows = await list(user);
    expect(rows).toHaveLength(2);
    // Added again as the default, it becomes the default; still two.
    const noLandmark = rows.find((row) => row.landmark === null)!;
    expect((await (await add(user, { ...HOME, landmark: "", isDefault: true })).json()).data).toMatchObject({ _id: noLandmark._id, isDefault: true });
    expect((await list(user)).filter((row) => row.isDefault).map((row) => row._id)).toEqual([noLandmark._id]);
  });

  it("holds at most ten addresses, even when added at once", async () => {
    const user = await shopper();
    const answers = await Promise.all(Array.from({ length: 13 }, (_, i) => add(user, { ...HOME, line1: `House ${i}` })));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(10);
    const full = answers.find((answer) => answer.status === 409)!;
    expect((await full.json()).message).toBe("Your address book is full (10 addresses). Delete one to add another.");
    expect(await list(user)).toHaveLength(10);
    expect((await list(user)).filter((row) => row.isDefault)).toHaveLength(1);
  });

  it("is its owner's alone: another shopper can neither read, change, delete nor choose it", async () => {
    const owner = await shopper();
    const other = await shopper();
    const address = (await (await add(owner, HOME)).json()).data as PublicAddress;
    expect(await list(other)).toEqual([]);
    expect((await update(other, address._id, { ...HOME, line1: "Stolen" })).status).toBe(404);
    expect((await remove(other, address._id)).status).toBe(404);
    expect((await makeDefault(other, address._id)).status).toBe(404);
    expect((await update(owner, randomUUID(), HOME)).status).toBe(404);
    expect((await remove(owner, "not-an-id")).status).toBe(404);
    expect((await list(owner))[0]).toMatchObject({ line1: HOME.line1 });
    // Without a session: 401.
    expect((await addRoute(jsonRequest("/api/addresses", HOME), noContext)).status).toBe(401);
  });
});

describe("the PIN lookup and the delivery estimate", () => {
  it("fills in a PIN's district, state and town; a PIN it does not know is a 404 with the warning", async () => {
    const found = await pinRoute(getRequest("/api/pin-code/560038"), { params: Promise.resolve({ pin: "560038" }) });
    expect((await found.json()).data).toMatchObject({ pin: "560038", district: "Bengaluru", state: "KA", stateName: "Karnataka" });
    expect((await pinRoute(getRequest("/api/pin-code/999999"), { params: Promise.resolve({ pin: "999999" }) })).status).toBe(404);
    expect((await pinRoute(getRequest("/api/pin-code/12"), { params: Promise.resolve({ pin: "12" }) })).status).toBe(400);
  });

  it("answers the dates, the fee and cash on delivery for a PIN, uncached", async () => {
    const answer = await estimateRoute(getRequest("/api/delivery-estimate?pin=400001&value=1499"), noContext);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const quote = (await answer.json()).data;
    expect(quote).toMatchObject({ pin: "400001", serviceable: true, zone: "metro", shippingFee: 49, cod: { available: true } });
    expect(quote.message).toMatch(/^Delivery by \w{3} \d{1,2} \w{3}( – \w{3} \d{1,2} \w{3})? · Cash on delivery available$/);
    expect((await estimateRoute(getRequest("/api/delivery-estimate?pin=744101&value=100"), noContext).then((r) => r.json())).data.cod).toMatchObject({ available: false });
    expect((await estimateRoute(getRequest("/api/delivery-estimate?pin=044101"), noContext)).status).toBe(400);
  });
});
