/**
 * The sell flow and the price list through the production build (docs/rules/selling.md): /salja
 * with the fake Steam Community, quotes only for their owner, hostile input, and the admin's
 * CSV import with a bad row.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRICE_LIST } from "~/modules/selling/selling-constants";
import { HTTP_LIMITS } from "~/platform/platform-constants";
import { makeReadySeller } from "~/modules/selling/test-sellers";
import { audit_log, sell_prices, sell_quote_items, sell_quotes } from "~/platform/db/schema";
import { startFakeSteamCommunity, type FakeSteamCommunity } from "./fakes/steam-community";
import { FakeSteamWebApi } from "./fakes/steam-web-api";
import { startInProcessServer, type InProcessServer } from "./in-process-server";
import { createMember, formBody, type TestMember, makeStaff } from "./test-members";

let server: InProcessServer;
let fake: FakeSteamCommunity;
let steamApi: FakeSteamWebApi;
let seller: TestMember;
let other: TestMember;
let admin: TestMember;
const STEAM_ID = "76561198000000300";
const db = () => server.database.db;

beforeAll(async () => {
  fake = await startFakeSteamCommunity();
  steamApi = await new FakeSteamWebApi().start();
  server = await startInProcessServer({
    STEAM_COMMUNITY_URL: fake.url,
    STEAM_IMAGE_URL: `${fake.url}/economy/image`,
    STEAM_API_URL: steamApi.url,
    STEAM_API_KEY: steamApi.apiKey,
  });
  seller = await createMember(server, "saljare-http@example.se");
  other = await createMember(server, "annan-http@example.se");
  admin = await createMember(server, "pris-http@example.se");
  await makeStaff(server, admin, "admin");
  await makeReadySeller(db(), seller.userId, STEAM_ID);
  fake.setInventory(STEAM_ID, [
    { assetId: "401", marketHashName: "AK-47 | Redline (Field-Tested)" },
    { assetId: "402", marketHashName: "Operation Breakout Weapon Case", type: { internal: "CSGO_Type_WeaponCase", name: "Container" }, tradable: false },
  ]);
  // Over the demo content's price for the same item.
  await db()
    .insert(sell_prices)
    .values({ market_hash_name: "AK-47 | Redline (Field-Tested)", reference_price_ore: 20_000, source: "csv" })
    .onConflictDoUpdate({ target: sell_prices.market_hash_name, set: { reference_price_ore: 20_000, source: "csv" } });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await fake?.stop();
  await steamApi?.stop();
});

function post(who: TestMember | null, path: string, body: BodyInit, contentType = "application/x-www-form-urlencoded") {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { origin: server.url, "content-type": contentType, ...(who ? { cookie: who.cookie } : {}) },
    body,
    redirect: "manual",
  });
}
const page = async (who: TestMember, path: string) => {
  const response = await fetch(`${server.url}${path}`, { headers: { cookie: who.cookie }, redirect: "manual" });
  return { status: response.status, html: (await response.text()).replace(/<!-- -->/g, "").replace(/[\u00a0\u202f]/g, " ") };
};

describe("/salja", () => {
  it("shows a member who may not sell the checklist, and refuses their quote on the server", async () => {
    const { status, html } = await page(other, "/salja");
    expect(status).toBe(200);
    expect(html).toContain("Något saknas");
    expect(html).not.toContain("Ditt Steam-lager");
    const refused = await post(other, "/salja.data", formBody({ intent: "quote", a_401: "1" }));
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Du uppfyller inte alla krav för att sälja ännu.");
  });

  it("shows a ready seller's inventory with prices and marks, and makes a quote shown only to them", async () => {
    const { status, html } = await page(seller, "/salja");
    expect(status).toBe(200);
    expect(html).toContain("AK-47 | Redline");
    expect(html).toContain("140 kr"); // 70 % of 200 kr
    expect(html).toContain("Ej bytbar");

    const created = await post(seller, "/salja", formBody({ intent: "quote", a_401: "1", a_402: "1" }));
    expect(created.status).toBe(302);
    const location = created.headers.get("location") ?? "";
    expect(location).toMatch(/^\/salja\/offert\/[0-9a-f-]{36}$/);
    const quote = await page(seller, location);
    expect(quote.status).toBe(200);
    expect(quote.html).toContain("Acceptera och sälj");
    expect(quote.html).toContain('action="/mina-affarer"');
    expect(quote.html).toContain("Föremålet går inte att byta på Steam.");
    expect(quote.html).toContain("+280 poäng");

    // Someone else's quote, a made-up id and a malformed one are all the same 404.
    const quoteId = location.split("/").pop()!;
    expect((await page(other, location)).status).toBe(404);
    expect((await page(admin, location)).status).toBe(404);
    expect((await page(seller, "/salja/offert/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    // A NUL byte in the path is refused before any route runs.
    expect((await page(seller, "/salja/offert/%00abc")).status).toBe(400);
    expect((await page(seller, `/salja/offert/${quoteId}'--`)).status).toBe(404);
  });

  it("answers hostile input with Swedish 4xx and stores nothing", async () => {
    const before = (await db().select().from(sell_quotes)).length;
    const nul = await post(seller, "/salja.data", formBody({ intent: "quote", "a_401": "1\u0000" }));
    expect(nul.status).toBe(400);
    expect(await nul.text()).toContain("Fältet innehåller tecken som inte är tillåtna.");
    const wrongType = await post(seller, "/salja.data", JSON.stringify({ intent: "quote", assetIds: { x: 1 } }), "application/json");
    expect(wrongType.status).toBe(400);
    expect(await wrongType.text()).toContain("Urvalet av föremål är ogiltigt");
    const notMine = await post(seller, "/salja.data", JSON.stringify({ intent: "quote", assetIds: ["999999"] }), "application/json");
    expect(notMine.status).toBe(409);
    const none = await post(seller, "/salja.data", formBody({ intent: "quote" }));
    expect(none.status).toBe(400);
    expect(await none.text()).toContain("Välj minst ett föremål att sälja.");
    const huge = await post(seller, "/salja.data", formBody({ intent: "quote", x: "a".repeat(HTTP_LIMITS.bodyBytes + 10) }));
    expect(huge.status).toBe(413);
    const unknown = await post(seller, "/salja.data", formBody({ intent: "sälj-allt" }));
    expect(unknown.status).toBe(400);
    expect((await db().select().from(sell_quotes)).length).toBe(before);
    expect((await db().select().from(sell_quote_items)).length).toBe(2);
  });

  it("a refresh right after a load reuses it instead of asking Steam again", async () => {
    const asked = fake.requests.length;
    fake.setInventory(STEAM_ID, { status: 403 });
    const refreshed = await post(seller, "/salja.data", formBody({ intent: "refresh" }));
    expect(refreshed.status).toBe(200);
    expect(fake.requests.length).toBe(asked);
  });
});

describe("/admin/transactions/prislista", () => {
  const CSV = "market_hash_name,price\nAWP | Asiimov (Field-Tested),899.90\nTrasig,inte-ett-pris\n";

  it("previews a CSV with the bad row reported, then imports the good rows, audited", async () => {
    const preview = await post(admin, "/admin/transactions/prislista.data", formBody({ intent: "preview", csv: CSV }));
    expect(preview.status).toBe(200);
    const previewText = await preview.text();
    expect(previewText).toContain("Ange ett pris i kronor större än 0");
    expect(await db().select().from(sell_prices).where(eq(sell_prices.market_hash_name, "AWP | Asiimov (Field-Tested)"))).toHaveLength(0);

    const imported = await post(admin, "/admin/transactions/prislista.data", formBody({ intent: "import", csv: CSV }));
    expect(imported.status).toBe(200);
    expect(await imported.text()).toContain("1 priser importerade, 1 rader med fel hoppades över.");
    const [row] = await db().select().from(sell_prices).where(eq(sell_prices.market_hash_name, "AWP | Asiimov (Field-Tested)"));
    expect(Number(row!.reference_price_ore)).toBe(89_990);
    const audits = await db().select().from(audit_log).where(eq(audit_log.action, "price_list.import"));
    expect(audits.map((audit) => audit.actor_user_id)).toEqual([admin.userId]);

    const listed = await page(admin, "/admin/transactions/prislista?q=asiimov");
    expect(listed.status).toBe(200);
    expect(listed.html).toContain("AWP | Asiimov (Field-Tested)");
  });

  it("edits one row, and refuses members, NUL bytes and bad prices", async () => {
    const edited = await post(admin, "/admin/transactions/prislista.data", formBody({ intent: "edit", market_hash_name: "AWP | Asiimov (Field-Tested)", price: "950" }));
    expect(edited.status).toBe(200);
    const [row] = await db().select().from(sell_prices).where(eq(sell_prices.market_hash_name, "AWP | Asiimov (Field-Tested)"));
    expect([Number(row!.reference_price_ore), row!.source]).toEqual([95_000, "manual"]);

    const member = await post(seller, "/admin/transactions/prislista.data", formBody({ intent: "edit", market_hash_name: "X", price: "1" }));
    expect(member.status).toBe(403);
    const nul = await post(admin, "/admin/transactions/prislista.data", formBody({ intent: "preview", csv: "market_hash_name,price\nA\u0000,1" }));
    expect(nul.status).toBe(400);
    const bad = await post(admin, "/admin/transactions/prislista.data", formBody({ intent: "edit", market_hash_name: "X", price: "0" }));
    expect(bad.status).toBe(400);
    const noHeader = await post(admin, "/admin/transactions/prislista.data", formBody({ intent: "import", csv: "x,y\n1,2" }));
    expect(noHeader.status).toBe(400);
    expect(await noHeader.text()).toContain("Första raden måste vara rubrikerna");
    const tooLarge = await post(admin, "/admin/transactions/prislista.data", formBody({ intent: "preview", csv: `market_hash_name,price\n${"a".repeat(PRICE_LIST.csvMaxBytes)}` }));
    expect(tooLarge.status).toBe(400);
    expect(await tooLarge.text()).toContain("CSV-filen får vara högst 2 MB.");
    const overLimit = await post(admin, "/admin/transactions/prislista.data", formBody({ intent: "preview", csv: "a".repeat(HTTP_LIMITS.uploadBodyBytes + 10) }));
    expect(overLimit.status).toBe(413);
    const wrongType = await post(admin, "/admin/transactions/prislista.data", JSON.stringify({ intent: "preview", csv: ["a"] }), "application/json");
    expect(wrongType.status).toBe(400);
    expect(await db().select().from(sell_prices).where(eq(sell_prices.market_hash_name, "X"))).toHaveLength(0);
  });
});
