import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CSV_BOM } from "~/lib/csv";
import { createMember } from "~/modules/loyalty/test-fixtures";
import { execCount, queryRows } from "~/platform/db/client.server";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import { influencerSchema, INFLUENCER_MESSAGES } from "./influencer-schema";
import {
  commissionOre,
  createInfluencer,
  exportCommissionCsv,
  listInfluencers,
  loadInfluencerDetail,
  setInfluencerStatus,
  updateInfluencer,
} from "./influencers.server";
import { insertTrade } from "../insights/insights-fixtures";

let database: TestDatabase;
const db = () => database.db;
// 11:00 UTC on 15 March 2026: the last 30 Stockholm days start on 14 February 00:00 (23:00 UTC the day before).
const NOW = new Date("2026-03-15T11:00:00Z");
let staff: string;

async function collect(chunks: AsyncGenerator<string>): Promise<string> {
  let text = "";
  for await (const chunk of chunks) text += chunk;
  return text;
}

async function attribute(userId: string, influencerId: string, at: string): Promise<void> {
  await execCount(db(), sql`UPDATE profiles SET referred_by_influencer_id = ${influencerId}, referred_at = ${at}::timestamptz WHERE user_id = ${userId}`);
}

async function click(influencerId: string, at: string, utm: { source?: string; medium?: string; campaign?: string } = {}): Promise<void> {
  await execCount(
    db(),
    sql`INSERT INTO influencer_clicks (influencer_id, utm_source, utm_medium, utm_campaign, created_at)
        VALUES (${influencerId}, ${utm.source ?? "direct"}, ${utm.medium ?? "referral"}, ${utm.campaign ?? "influencer"}, ${at}::timestamptz)`,
  );
}

const values = (input: Record<string, unknown>) => influencerSchema.parse(input);

beforeAll(async () => {
  database = await createTestDatabase();
  staff = await createMember(db(), { firstName: "Admin" });
});
afterAll(async () => {
  await database?.close();
});

describe("influencer writes", () => {
  it("creates, edits, deactivates and activates, each with its audit row", async () => {
    const created = await createInfluencer(db(), {
      actorUserId: staff,
      values: values({ name: "Klara Streamer", referralCode: " klara1 ", contact: "@klara", commissionPercent: "12,5" }),
    });
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    expect(created.influencer).toMatchObject({ name: "Klara Streamer", referralCode: "KLARA1", contact: "@klara", commissionPercent: 12.5, status: "active" });
    const id = created.influencer.id;

    const updated = await updateInfluencer(db(), {
      actorUserId: staff,
      influencerId: id,
      values: values({ name: "Klara S", referralCode: "KLARA2", contact: "", commissionPercent: "" }),
    });
    expect(updated.ok && updated.influencer).toMatchObject({ name: "Klara S", referralCode: "KLARA2", contact: null, commissionPercent: null });

    const deactivated = await setInfluencerStatus(db(), { actorUserId: staff, influencerId: id, status: "inactive" });
    expect(deactivated.ok && deactivated.changed).toBe(true);
    const again = await setInfluencerStatus(db(), { actorUserId: staff, influencerId: id, status: "inactive" });
    expect(again.ok && again.changed).toBe(false);
    await setInfluencerStatus(db(), { actorUserId: staff, influencerId: id, status: "active" });

    const audit = await queryRows<{ action: string; actor_user_id: string }>(
      db(),
      sql`SELECT action, actor_user_id FROM audit_log WHERE entity_type = 'influencer' AND entity_id = ${id} ORDER BY created_at, id`,
    );
    expect(audit.map((row) => row.action).sort()).toEqual(
      ["influencer.activate", "influencer.create", "influencer.deactivate", "influencer.update"].sort(),
    );
    expect(audit.every((row) => row.actor_user_id === staff)).toBe(true);
  });

  it("answers a taken code (the database's unique violation) with a clear Swedish message, on create and on edit", async () => {
    const first = await createInfluencer(db(), { actorUserId: staff, values: values({ name: "Första", referralCode: "TAGEN1" }) });
    const second = await createInfluencer(db(), { actorUserId: staff, values: values({ name: "Andra", referralCode: "tagen1" }) });
    expect(second).toEqual({
      ok: false,
      code: "taken",
      message: INFLUENCER_MESSAGES.codeTaken,
      fieldErrors: { referralCode: INFLUENCER_MESSAGES.codeTaken },
    });
    const other = await createInfluencer(db(), { actorUserId: staff, values: values({ name: "Tredje", referralCode: "LEDIG1" }) });
    expect(first.ok && other.ok).toBe(true);
    if (!other.ok) return;
    const edit = await updateInfluencer(db(), { actorUserId: staff, influencerId: other.influencer.id, values: values({ name: "Tredje", referralCode: "TAGEN1" }) });
    expect(edit.ok === false && edit.code).toBe("taken");
    // Nothing half-written: no audit row for the refused writes.
    const [row] = await queryRows<{ n: string | number }>(db(), sql`SELECT count(*) AS n FROM audit_log WHERE action = 'influencer.create' AND after->>'name' = 'Andra'`);
    expect(Number(row!.n)).toBe(0);
  });

  it("answers an unknown influencer with not found", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    expect((await setInfluencerStatus(db(), { actorUserId: staff, influencerId: missing, status: "inactive" })).ok).toBe(false);
    expect((await updateInfluencer(db(), { actorUserId: staff, influencerId: missing, values: values({ name: "X", referralCode: "XXXX" }) })).ok).toBe(false);
    expect(await loadInfluencerDetail(db(), missing, { period: 30, month: "2026-03", now: NOW })).toBeNull();
  });

  it("validates the form with the spec's Swedish code texts", () => {
    const message = (input: Record<string, unknown>) => influencerSchema.safeParse({ name: "A", ...input }).error?.issues[0]?.message;
    expect(message({ referralCode: "" })).toBe("Ange en referral kod");
    expect(message({ referralCode: "AB1" })).toBe("Koden måste vara mellan 4-12 tecken");
    expect(message({ referralCode: "ABCDEFGHIJKLM" })).toBe("Koden måste vara mellan 4-12 tecken");
    expect(message({ referralCode: "ÅÄÖ-12" })).toBe("Endast bokstäver A-Z och siffror 0-9 tillåts");
    expect(message({ referralCode: "KOD1", commissionPercent: "101" })).toBe(INFLUENCER_MESSAGES.commission);
    expect(message({ referralCode: "KOD1", commissionPercent: "1,234" })).toBe(INFLUENCER_MESSAGES.commission);
    expect(message({ referralCode: "KOD1", commissionPercent: "-1" })).toBe(INFLUENCER_MESSAGES.commission);
    expect(message({ referralCode: "KOD1", name: "" })).toBe(INFLUENCER_MESSAGES.name);
    expect(message({ referralCode: "KOD1", name: "a\u0000b" })).toBeDefined();
    expect(message({ referralCode: ["KOD1"] })).toBeDefined();
  });
});

describe("influencer figures", () => {
  let mira: string;
  let quiet: string;
  let list: Awaited<ReturnType<typeof listInfluencers>>;

  beforeAll(async () => {
    const created = await createInfluencer(db(), { actorUserId: staff, values: values({ name: "Mira", referralCode: "MIRA", commissionPercent: "10" }) });
    const none = await createInfluencer(db(), { actorUserId: staff, values: values({ name: "Tyst", referralCode: "TYST" }) });
    if (!created.ok || !none.ok) throw new Error("setup");
    mira = created.influencer.id;
    quiet = none.influencer.id;
    // Clicks: two in the period (one with a campaign), one before it.
    await click(mira, "2026-03-10T12:00:00Z");
    await click(mira, "2026-03-10T13:00:00Z", { source: "youtube", medium: "video", campaign: "mars" });
    await click(mira, "2026-02-13T12:00:00Z");
    // Members: a signs up in the period and trades for the first time; b signed up earlier and traded before; c signs up and never trades.
    const a = await createMember(db(), { firstName: "Anna" });
    const b = await createMember(db(), { firstName: "Bo" });
    const c = await createMember(db(), { firstName: "Cia" });
    const stranger = await createMember(db(), { firstName: "Utan" });
    await attribute(a, mira, "2026-03-01T10:00:00Z");
    await attribute(b, mira, "2026-01-05T10:00:00Z");
    await attribute(c, mira, "2026-03-02T10:00:00Z");
    await insertTrade(db(), { userId: a, type: "sale", ore: 100_000, completedAt: "2026-03-05T10:00:00Z" });
    await insertTrade(db(), { userId: a, type: "purchase", ore: 33_333, completedAt: "2026-03-06T10:00:00Z" });
    await insertTrade(db(), { userId: a, type: "sale", ore: 50_000, status: "pending", createdAt: "2026-03-07T10:00:00Z" });
    await insertTrade(db(), { userId: b, type: "sale", ore: 20_000, completedAt: "2026-01-20T10:00:00Z" });
    await insertTrade(db(), { userId: b, type: "sale", ore: 40_000, completedAt: "2026-03-08T10:00:00Z" });
    await insertTrade(db(), { userId: stranger, type: "sale", ore: 999_900, completedAt: "2026-03-08T10:00:00Z" });
    list = await listInfluencers(db(), { period: 30, now: NOW });
  });

  it("lists clicks, sign-ups, first trades and traded value of attributed members for the period", () => {
    const row = list.rows.find((entry) => entry.id === mira)!;
    expect(row).toMatchObject({ clicks: 2, signups: 2, firstTrades: 1, tradedOre: 173_333 });
    expect(list.rows.find((entry) => entry.id === quiet)).toMatchObject({ clicks: 0, signups: 0, firstTrades: 0, tradedOre: 0 });
    // Newest first.
    expect(list.rows[0]!.id).toBe(quiet);
    expect(list.total).toBe(list.rows.length);
  });

  it("counts a longer period from further back", async () => {
    const year = await listInfluencers(db(), { period: 365, now: NOW });
    expect(year.rows.find((entry) => entry.id === mira)).toMatchObject({ clicks: 3, signups: 3, firstTrades: 2, tradedOre: 193_333 });
  });

  it("details clicks per day, by UTM, the funnel and the month's commission", async () => {
    const detail = (await loadInfluencerDetail(db(), mira, { period: 30, month: "2026-03", now: NOW }))!;
    expect(detail.clicksPerDay).toHaveLength(30);
    expect(detail.clicksPerDay.at(-1)!.day).toBe("2026-03-15");
    expect(detail.clicksPerDay.find((day) => day.day === "2026-03-10")!.clicks).toBe(2);
    expect(detail.clicksPerDay.reduce((sum, day) => sum + day.clicks, 0)).toBe(2);
    expect(detail.utm).toEqual([
      { source: "direct", medium: "referral", campaign: "influencer", clicks: 1 },
      { source: "youtube", medium: "video", campaign: "mars", clicks: 1 },
    ]);
    expect(detail.figures).toEqual({ clicks: 2, signups: 2, firstTrades: 1, tradedOre: 173_333 });
    expect(detail.commission).toMatchObject({ month: "2026-03", memberCount: 2, totalValueOre: 173_333, commissionOre: 17_333, hasMore: false });
    expect(detail.commission.members.map((member) => [member.name, member.valueOre])).toEqual([
      ["Anna", 133_333],
      ["Bo", 40_000],
    ]);
    const january = (await loadInfluencerDetail(db(), mira, { period: 30, month: "2026-01", now: NOW }))!;
    expect(january.commission).toMatchObject({ memberCount: 1, totalValueOre: 20_000, commissionOre: 2_000 });
  });

  it("exports the month's commission report through the one CSV path", async () => {
    const detail = (await loadInfluencerDetail(db(), mira, { period: 30, month: "2026-03", now: NOW }))!;
    const csv = await collect(exportCommissionCsv(db(), detail.influencer, "2026-03"));
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    const lines = csv.slice(1).trim().split("\r\n");
    expect(lines[0]).toBe("Månad,Influencer,Kod,Medlems-id,Namn,E-post,Affärer,Sålt (SEK),Köpt (SEK),Värde (SEK),Provision (%),Provision (SEK)");
    expect(lines).toHaveLength(3);
    expect(lines.some((line) => line.includes(",Anna,") && line.endsWith(",2,1000,333.33,1333.33,10,133.33"))).toBe(true);
  });

  it("rounds commission to whole öre and has none without a percentage", () => {
    expect(commissionOre(173_333, 10)).toBe(17_333);
    expect(commissionOre(1_005, 12.5)).toBe(126);
    expect(commissionOre(1_000, null)).toBeNull();
  });
});
