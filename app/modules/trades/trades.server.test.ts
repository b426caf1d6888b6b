import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CSV_BOM } from "~/lib/csv";
import { listAudit } from "~/platform/audit/audit.server";
import { debitPoints, reconcileLedger } from "~/modules/loyalty/ledger.server";
import { grantPerk } from "~/modules/loyalty/perks.server";
import { createMember, createStaff } from "~/modules/loyalty/test-fixtures";
import {
  member_perks,
  points_transactions,
  profiles,
  trade_items,
  trades,
  xp_transactions,
} from "~/platform/db/schema";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import { REALTIME_CHANNEL, type RealtimeEvent } from "~/platform/realtime/events";
import { TRADE_MESSAGES } from "./trade-schema";
import {
  cancelTrade,
  completeTrade,
  exportTrades,
  exportTradesCsv,
  getTrade,
  listMemberTrades,
  listTrades,
  recordTrade,
  reverseTrade,
  searchMembers,
  TRADE_ERRORS,
  type TradeDetail,
} from "./trades.server";

let database: TestDatabase;
const db = () => database.db;
let staffId: string;
const onPostgres = Boolean(process.env.DATABASE_URL);

beforeAll(async () => {
  database = await createTestDatabase();
  staffId = await createStaff(db());
});
afterAll(async () => {
  await database?.close();
});

const redline = { skinName: "AK-47 | Redline", wear: "FT", price: "500" };

async function record(memberId: string, overrides: Record<string, unknown> = {}, now?: Date): Promise<TradeDetail> {
  const result = await recordTrade(db(), {
    actorUserId: staffId,
    input: { memberId, type: "sale", items: [redline], payoutMethod: "swish", ...overrides },
    now,
  });
  if (!result.ok) throw new Error(result.message);
  return result.trade;
}

async function complete(tradeId: string, now?: Date) {
  const result = await completeTrade(db(), { actorUserId: staffId, tradeId, now });
  if (!result.ok) throw new Error(result.message);
  return result.trade;
}

async function balances(userId: string) {
  const [row] = await db()
    .select({ points: profiles.points, xp: profiles.xp })
    .from(profiles)
    .where(eq(profiles.user_id, userId));
  return row!;
}

describe("recording a trade", () => {
  it("fixes a Gold member's sale extras when recorded: +2 % level bonus and the bulk tier, stored with its items", async () => {
    const memberId = await createMember(db(), { xp: 100_000 });
    const trade = await record(memberId, {
      items: [
        { skinName: "AWP | Dragon Lore", wear: "FN", float: "0,012", variant: "souvenir", price: "12 000" },
        { skinName: "Karambit | Doppler", wear: "MW", price: "3000,50" },
      ],
      payoutMethod: "bank",
      note: "Två föremål",
    });
    expect(trade).toMatchObject({
      status: "pending",
      type: "sale",
      baseTotalOre: 15_000_50,
      levelAtRecording: "gold",
      levelBonusPercent: 2,
      levelBonusOre: 300_01,
      bulkBonusPercent: 3,
      bulkBonusOre: 450_02,
      purchaseFeeOre: 0,
      totalOre: 15_000_50 + 300_01 + 450_02,
      payoutMethod: "bank",
      paymentMethod: null,
      recordedBy: staffId,
      note: "Två föremål",
      pointsCredited: 0,
      xpCredited: 0,
    });
    expect(trade.items).toEqual([
      expect.objectContaining({
        position: 0,
        skinName: "AWP | Dragon Lore",
        wear: "FN",
        floatValue: 0.012,
        variant: "souvenir",
        priceOre: 12_000_00,
      }),
      expect.objectContaining({
        position: 1,
        skinName: "Karambit | Doppler",
        wear: "MW",
        floatValue: null,
        variant: null,
        priceOre: 3_000_50,
      }),
    ]);
    expect(await balances(memberId)).toEqual({ points: 0, xp: 100_000 });
    const audit = await listAudit(db(), { entityType: "trade", entityId: trade.id });
    expect(audit.entries).toHaveLength(1);
    expect(audit.entries[0]).toMatchObject({ actorUserId: staffId, action: "trade.record", before: null });
    expect((audit.entries[0]!.after as { totalOre: number }).totalOre).toBe(trade.totalOre);
  });

  it("charges a purchase the level's fee: Platinum 2 %, Bronze 5 %", async () => {
    const platinum = await createMember(db(), { xp: 500_000 });
    const bronze = await createMember(db());
    const input = { type: "purchase", items: [redline], paymentMethod: "Klarna", payoutMethod: undefined };
    const a = await record(platinum, input);
    const b = await record(bronze, input);
    expect(a).toMatchObject({
      purchaseFeePercent: 2,
      purchaseFeeOre: 10_00,
      totalOre: 510_00,
      paymentMethod: "Klarna",
      payoutMethod: null,
    });
    expect(b).toMatchObject({ purchaseFeePercent: 5, purchaseFeeOre: 25_00, totalOre: 525_00, levelBonusOre: 0 });
  });

  it("refuses invalid input with the Swedish message and stores nothing", async () => {
    const memberId = await createMember(db());
    const result = await recordTrade(db(), {
      actorUserId: staffId,
      input: { memberId, type: "sale", items: [{ ...redline, price: "-5" }], payoutMethod: "swish" },
    });
    expect(result).toMatchObject({ ok: false, code: "invalid", message: TRADE_MESSAGES.priceInvalid });
    const noMethod = await recordTrade(db(), {
      actorUserId: staffId,
      input: { memberId, type: "purchase", items: [redline] },
    });
    expect(noMethod).toMatchObject({ ok: false, message: TRADE_MESSAGES.paymentMethodRequired });
    expect(noMethod.ok ? null : noMethod.fieldErrors).toEqual({ paymentMethod: TRADE_MESSAGES.paymentMethodRequired });
    expect(await db().select().from(trades).where(eq(trades.user_id, memberId))).toHaveLength(0);
  });

  it("refuses an unknown member and a trade for the staff member themself", async () => {
    const unknown = await recordTrade(db(), {
      actorUserId: staffId,
      input: {
        memberId: "00000000-0000-4000-8000-000000000000",
        type: "sale",
        items: [redline],
        payoutMethod: "swish",
      },
    });
    expect(unknown).toMatchObject({ ok: false, code: "member_not_found", message: TRADE_ERRORS.memberNotFound });
    const own = await recordTrade(db(), {
      actorUserId: staffId,
      input: { memberId: staffId, type: "sale", items: [redline], payoutMethod: "swish" },
    });
    expect(own).toMatchObject({ ok: false, code: "own_trade", message: TRADE_ERRORS.ownTrade });
  });
});

describe("completing a trade", () => {
  it("credits points and XP from the base only: 2 points and 2 XP per SEK for a sale", async () => {
    const memberId = await createMember(db(), { xp: 5_000 });
    const trade = await record(memberId, { items: [{ ...redline, price: "1000,99" }] });
    expect(trade.levelBonusOre).toBeGreaterThan(0);
    const done = await complete(trade.id);
    expect(done).toMatchObject({ status: "completed", pointsCredited: 2_001, xpCredited: 2_001, pointsMultiplier: 1 });
    expect(done.completedAt).toBeInstanceOf(Date);
    expect(await balances(memberId)).toEqual({ points: 2_001, xp: 7_001 });
    const [pointsRow] = await db()
      .select()
      .from(points_transactions)
      .where(eq(points_transactions.idempotency_key, `trade:${trade.id}:points`));
    expect(pointsRow).toMatchObject({
      user_id: memberId,
      amount: 2_001,
      reference_id: trade.id,
      reason: "Genomförd försäljning",
    });
    const [xpRow] = await db()
      .select()
      .from(xp_transactions)
      .where(eq(xp_transactions.idempotency_key, `trade:${trade.id}:xp`));
    expect(xpRow).toMatchObject({ amount: 2_001, reference_id: trade.id });
  });

  it("credits a purchase 1 point and 2 XP per SEK", async () => {
    const memberId = await createMember(db());
    const trade = await record(memberId, { type: "purchase", paymentMethod: "Kort" });
    await complete(trade.id);
    expect(await balances(memberId)).toEqual({ points: 500, xp: 1_000 });
  });

  it("refuses to complete a trade twice and credits once", async () => {
    const memberId = await createMember(db());
    const trade = await record(memberId);
    await complete(trade.id);
    const again = await completeTrade(db(), { actorUserId: staffId, tradeId: trade.id });
    expect(again).toEqual({ ok: false, code: "invalid_transition", message: TRADE_ERRORS.alreadyCompleted });
    expect(await balances(memberId)).toEqual({ points: 1_000, xp: 1_000 });
  });

  it(`credits once when the same trade is completed twice at the same moment${onPostgres ? " (PostgreSQL)" : ""}`, async () => {
    const memberId = await createMember(db());
    const trade = await record(memberId);
    const results = await Promise.all([
      completeTrade(db(), { actorUserId: staffId, tradeId: trade.id }),
      completeTrade(db(), { actorUserId: staffId, tradeId: trade.id }),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toMatchObject({ message: TRADE_ERRORS.alreadyCompleted });
    expect(await balances(memberId)).toEqual({ points: 1_000, xp: 1_000 });
    expect(
      await db().select().from(points_transactions).where(eq(points_transactions.reference_id, trade.id)),
    ).toHaveLength(1);
    expect(await reconcileLedger(db())).toEqual([]);
  });

  it("keeps the extras fixed at recording even when the member's level changes before completion", async () => {
    const memberId = await createMember(db(), { xp: 4_000 });
    const first = await record(memberId, { items: [{ ...redline, price: "1000" }] });
    expect(first.levelAtRecording).toBe("bronze");
    await complete(first.id); // +2,000 XP: now Silver
    const second = await record(memberId, { items: [{ ...redline, price: "1000" }] });
    expect(second.levelAtRecording).toBe("silver");
    expect((await getTrade(db(), first.id))?.levelBonusOre).toBe(0);
    expect(second.levelBonusOre).toBe(10_00);
  });

  it("announces the change to the member's tabs", async () => {
    const memberId = await createMember(db());
    const events: RealtimeEvent[] = [];
    const listening = database.listen(REALTIME_CHANNEL, {
      onPayload: (payload) => {
        const event = JSON.parse(payload) as RealtimeEvent;
        if ("userId" in event && event.userId === memberId) events.push(event);
      },
      onReconnect: () => {},
    });
    await listening.ready();
    try {
      const trade = await record(memberId);
      await complete(trade.id);
      await expect
        .poll(() => events.map((event) => event.type).sort(), { timeout: 5_000 })
        .toEqual(["account", "account", "points", "xp"]);
      expect(events.find((event) => event.type === "points")).toMatchObject({ amount: 1_000, balance: 1_000 });
    } finally {
      await listening.close();
    }
  });
});

describe("cancelling and reversing", () => {
  it("credits nothing for a cancelled pending trade or a reversed pending sale", async () => {
    const memberId = await createMember(db());
    const cancelled = await record(memberId);
    const reversed = await record(memberId);
    const c = await cancelTrade(db(), { actorUserId: staffId, tradeId: cancelled.id, reason: "Fel medlem" });
    const r = await reverseTrade(db(), { actorUserId: staffId, tradeId: reversed.id });
    expect(c).toMatchObject({ ok: true, trade: { status: "cancelled", pointsCredited: 0 } });
    expect(r).toMatchObject({ ok: true, trade: { status: "reversed" } });
    expect(await balances(memberId)).toEqual({ points: 0, xp: 0 });
    expect(await completeTrade(db(), { actorUserId: staffId, tradeId: reversed.id })).toMatchObject({
      ok: false,
      message: TRADE_ERRORS.alreadyReversed,
    });
    const audit = await listAudit(db(), { entityId: cancelled.id, action: "trade" });
    expect(audit.entries.map((entry) => entry.action)).toEqual(["trade.cancel", "trade.record"]);
    expect(audit.entries[0]?.after).toMatchObject({ status: "cancelled", reason: "Fel medlem" });
    expect(audit.entries[0]?.before).toMatchObject({ status: "pending" });
  });

  it("never reverses a purchase or a completed sale", async () => {
    const memberId = await createMember(db());
    const purchase = await record(memberId, { type: "purchase", paymentMethod: "Swish" });
    expect(await reverseTrade(db(), { actorUserId: staffId, tradeId: purchase.id })).toMatchObject({
      ok: false,
      message: TRADE_ERRORS.purchaseNotReversible,
    });
    const sale = await record(memberId);
    await complete(sale.id);
    expect(await reverseTrade(db(), { actorUserId: staffId, tradeId: sale.id })).toMatchObject({
      ok: false,
      message: TRADE_ERRORS.completedNotReversible,
    });
  });

  it("refuses a reason with control characters or over 500 characters and changes nothing", async () => {
    const memberId = await createMember(db());
    const trade = await record(memberId);
    for (const reason of ["Fel\u0000", "x".repeat(501)]) {
      const result = await cancelTrade(db(), { actorUserId: staffId, tradeId: trade.id, reason });
      expect(result).toMatchObject({ ok: false, code: "invalid" });
    }
    expect((await getTrade(db(), trade.id))?.status).toBe("pending");
  });

  it("answers an unknown or malformed trade id with 'not found'", async () => {
    for (const tradeId of ["00000000-0000-4000-8000-000000000000", "inte-ett-id", "'; DROP TABLE trades; --"]) {
      expect(await completeTrade(db(), { actorUserId: staffId, tradeId })).toEqual({
        ok: false,
        code: "not_found",
        message: TRADE_ERRORS.notFound,
      });
    }
  });

  it("claws back a cancelled completed trade in full when the member still has it", async () => {
    const memberId = await createMember(db(), { points: 100 });
    const trade = await record(memberId);
    await complete(trade.id);
    const result = await cancelTrade(db(), { actorUserId: staffId, tradeId: trade.id });
    expect(result).toMatchObject({
      ok: true,
      trade: { status: "cancelled", clawbackPointsShortfall: 0, clawbackXpShortfall: 0 },
    });
    expect(await balances(memberId)).toEqual({ points: 100, xp: 0 });
  });

  it("takes what is left and records the shortfall when the member already spent the points", async () => {
    const memberId = await createMember(db());
    const trade = await record(memberId);
    await complete(trade.id); // 1,000 points, 1,000 XP
    await db().transaction((tx) =>
      debitPoints(tx, { userId: memberId, amount: 700, reason: "Point shop purchase: Hoodie" }),
    );
    const result = await cancelTrade(db(), { actorUserId: staffId, tradeId: trade.id, reason: "Bedrägeri" });
    expect(result).toMatchObject({ ok: true, trade: { clawbackPointsShortfall: 700, clawbackXpShortfall: 0 } });
    expect(await balances(memberId)).toEqual({ points: 0, xp: 0 });
    const clawback = await db()
      .select()
      .from(points_transactions)
      .where(eq(points_transactions.idempotency_key, `trade:${trade.id}:points:clawback`));
    expect(clawback[0]).toMatchObject({
      amount: -300,
      reference_id: trade.id,
      reason: "Återtag: annullerad försäljning",
    });
    expect(await reconcileLedger(db())).toEqual([]);
  });
});

describe("perks change what the rules compute", () => {
  const now = new Date();

  it("doubles the points, not the XP, of a trade completed while double points run", async () => {
    const memberId = await createMember(db());
    await db().transaction((tx) =>
      grantPerk(tx, {
        userId: memberId,
        effect: { kind: "points_multiplier", multiplier: 2, days: 7 },
        sourceOrderId: null,
        now,
      }),
    );
    const trade = await record(memberId);
    const done = await complete(trade.id);
    expect(done).toMatchObject({ pointsCredited: 2_000, xpCredited: 1_000, pointsMultiplier: 2 });
    expect(await balances(memberId)).toEqual({ points: 2_000, xp: 1_000 });
  });

  it("gives a Bronze member with temporary Silver the Silver sale bonus and fee", async () => {
    const memberId = await createMember(db());
    await db().transaction((tx) =>
      grantPerk(tx, {
        userId: memberId,
        effect: { kind: "temporary_level", level: "silver", days: 30 },
        sourceOrderId: null,
        now,
      }),
    );
    const sale = await record(memberId);
    expect(sale).toMatchObject({ levelAtRecording: "silver", levelBonusPercent: 1, levelBonusOre: 5_00 });
    const gold = await createMember(db());
    await db().transaction((tx) =>
      grantPerk(tx, {
        userId: gold,
        effect: { kind: "temporary_level", level: "gold", days: 30 },
        sourceOrderId: null,
        now,
      }),
    );
    const purchase = await record(gold, { type: "purchase", paymentMethod: "Google Pay" });
    expect(purchase).toMatchObject({ levelAtRecording: "gold", purchaseFeePercent: 3 });
  });

  it("uses a one-off +2 % on the next sale only, and gives it back if that sale is cancelled before completion", async () => {
    const memberId = await createMember(db());
    const perk = await db().transaction((tx) =>
      grantPerk(tx, { userId: memberId, effect: { kind: "sale_bonus", percent: 2 }, sourceOrderId: null, now }),
    );
    const purchase = await record(memberId, { type: "purchase", paymentMethod: "Swish" });
    expect(purchase.perkBonusOre).toBe(0);
    const first = await record(memberId);
    expect(first).toMatchObject({ perkBonusPercent: 2, perkBonusOre: 10_00, totalOre: 510_00 });
    const second = await record(memberId);
    expect(second.perkBonusOre).toBe(0);
    const [used] = await db().select().from(member_perks).where(eq(member_perks.id, perk.id));
    expect(used).toMatchObject({ consumed_by_trade_id: first.id });
    expect(used?.consumed_at).toBeInstanceOf(Date);

    await cancelTrade(db(), { actorUserId: staffId, tradeId: first.id });
    const third = await record(memberId);
    expect(third.perkBonusOre).toBe(10_00);
  });

  it(`lets only one of two sales recorded at once use a single one-off perk${onPostgres ? " (PostgreSQL)" : ""}`, async () => {
    const memberId = await createMember(db());
    await db().transaction((tx) =>
      grantPerk(tx, { userId: memberId, effect: { kind: "sale_bonus", percent: 2 }, sourceOrderId: null, now }),
    );
    const [a, b] = await Promise.all([record(memberId), record(memberId)]);
    expect([a.perkBonusOre, b.perkBonusOre].sort((x, y) => x - y)).toEqual([0, 10_00]);
    const used = await db()
      .select()
      .from(member_perks)
      .where(and(eq(member_perks.user_id, memberId), eq(member_perks.kind, "sale_bonus")));
    expect(used).toHaveLength(1);
  });
});

describe("listing, totals and export", () => {
  let anna: string;
  let bertil: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const staff = await createStaff(db());
    // Their own email domain, so a search finds them and no member of the other tests.
    anna = await createMember(db(), {
      email: "anna.lind@lista.se",
      firstName: "Anna",
      lastName: "Lind",
      steamId: "76561198000000001",
    });
    bertil = await createMember(db(), { email: "bertil@lista.se", firstName: "Bertil", lastName: "Ek" });
    const rec = async (key: string, memberId: string, at: string, input: Record<string, unknown>) => {
      const result = await recordTrade(db(), {
        actorUserId: staff,
        input: { memberId, type: "sale", payoutMethod: "swish", items: [redline], ...input },
        now: new Date(at),
      });
      if (!result.ok) throw new Error(result.message);
      ids[key] = result.trade.id;
    };
    await rec("a1", anna, "2025-03-01T10:00:00Z", { items: [{ ...redline, price: "100" }], note: "=1+1" });
    await rec("a2", anna, "2025-03-15T10:00:00Z", { items: [{ ...redline, price: "300" }] });
    await rec("a3", anna, "2025-03-31T22:30:00Z", {
      type: "purchase",
      paymentMethod: "Klarna",
      items: [{ ...redline, price: "200" }],
    });
    await rec("b1", bertil, "2025-03-10T10:00:00Z", {
      items: [
        { ...redline, price: "5000" },
        { skinName: "Glock-18, Fade", wear: "FN", variant: "stattrak", price: "50" },
      ],
    });
    await completeTrade(db(), { actorUserId: staff, tradeId: ids.a2!, now: new Date("2025-03-20T10:00:00Z") });
  });

  it("filters by member search on name, email or Steam id, with totals of the whole filter", async () => {
    for (const q of ["anna", "LIND@LISTA", "Anna Lind", "76561198000000001"]) {
      const page = await listTrades(db(), { q });
      expect(page.rows.map((row) => row.id).sort()).toEqual([ids.a1, ids.a2, ids.a3].sort());
    }
    const page = await listTrades(db(), { q: "anna", type: "sale" });
    expect(page.totals).toMatchObject({ count: 2, baseTotalOre: 400_00, pointsCredited: 600, xpCredited: 600 });
    expect(page.rows[0]).toMatchObject({
      memberEmail: "anna.lind@lista.se",
      memberName: "Anna",
      memberSteamId: "76561198000000001",
    });
  });

  it("lists nothing rather than failing for input that skipped the URL parser", async () => {
    const garbage = {
      memberId: "nope",
      q: "a\u0000",
      sort: "id; DROP TABLE trades" as never,
      efter: "JTsgRFJPUCBUQUJMRSB0cmFkZXM7",
      pageSize: -5,
    };
    const page = await listTrades(db(), garbage);
    expect(page).toMatchObject({ rows: [], links: { first: false, previous: null, next: null }, totals: { count: 0 } });
    expect((await listTrades(db(), { sort: "nonsense" as never, fore: "%%%" })).rows.length).toBeGreaterThan(0);
  });

  it("treats search wildcards literally", async () => {
    expect((await listTrades(db(), { q: "%" })).totals.count).toBe(0);
    expect((await listTrades(db(), { q: "_" })).totals.count).toBe(0);
  });

  it("filters by type, status and Stockholm calendar days", async () => {
    expect((await listTrades(db(), { memberId: anna, status: "completed" })).rows.map((row) => row.id)).toEqual([
      ids.a2,
    ]);
    expect((await listTrades(db(), { memberId: anna, type: "purchase" })).rows.map((row) => row.id)).toEqual([ids.a3]);
    // 22:30 UTC on 31 March is 00:30 on 1 April in Stockholm (summer time began on 30 March).
    const march = await listTrades(db(), { memberId: anna, from: "2025-03-01", to: "2025-03-31" });
    expect(march.rows.map((row) => row.id).sort()).toEqual([ids.a1, ids.a2].sort());
    const april = await listTrades(db(), { memberId: anna, from: "2025-04-01", to: "2025-04-01" });
    expect(april.rows.map((row) => row.id)).toEqual([ids.a3]);
  });

  it("sorts by total and pages through the filter", async () => {
    const query = { q: "lista.se", sort: "total" as const, dir: "asc" as const, pageSize: 2 };
    const first = await listTrades(db(), query);
    const second = await listTrades(db(), { ...query, efter: first.links.next! });
    expect(first.totals.count).toBe(4);
    expect(second.links).toMatchObject({ first: true, next: null });
    // A cursor of the time sort is not one of the total sort's: the first page, not an error.
    const timeCursor = (await listTrades(db(), { q: "lista.se", pageSize: 2 })).links.next!;
    expect((await listTrades(db(), { ...query, efter: timeCursor })).rows.map((row) => row.id)).toEqual(first.rows.map((row) => row.id));
    const totals = [...first.rows, ...second.rows].map((row) => row.totalOre);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    expect(new Set([...first.rows, ...second.rows].map((row) => row.id)).size).toBe(4);
    expect(second.rows.find((row) => row.id === ids.b1)?.itemSummary).toBe(
      "AK-47 | Redline (FT); Glock-18, Fade (FN, StatTrak™)",
    );
  });

  it("exports every row of the filter in the list's order, batch by batch", async () => {
    const query = { q: "lista.se", sort: "created_at" as const, dir: "desc" as const };
    const batches: string[][] = [];
    for await (const batch of exportTrades(db(), query, 1)) batches.push(batch.map((row) => row.id));
    expect(batches.every((batch) => batch.length === 1)).toBe(true);
    const listed = (await listTrades(db(), query)).rows.map((row) => row.id);
    expect(batches.flat()).toEqual(listed);
    expect(listed).toEqual([ids.a3, ids.a2, ids.b1, ids.a1]);
  });

  it("writes the export as CSV with a byte-order mark and neutralised formulas", async () => {
    let csv = "";
    for await (const chunk of exportTradesCsv(db(), { memberId: anna, sort: "created_at", dir: "asc" })) csv += chunk;
    expect(csv.startsWith(`${CSV_BOM}Id,Registrerad,Typ,Status,Medlem`)).toBe(true);
    const lines = csv.trimEnd().split("\r\n");
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(`${ids.a1},2025-03-01T10:00:00.000Z,Försäljning,Väntande`);
    expect(lines[1]?.endsWith(",'=1+1")).toBe(true);
    expect(lines[3]).toContain("Köp");
  });

  it("gives a member their own trades with items, newest first, a page at a time", async () => {
    const first = await listMemberTrades(db(), anna, { pageSize: 2 });
    expect(first.trades.map((trade) => trade.id)).toEqual([ids.a3, ids.a2]);
    expect(first.hasMore).toBe(true);
    expect(first.trades[0]?.items).toHaveLength(1);
    const second = await listMemberTrades(db(), anna, { pageSize: 2, page: 2 });
    expect(second).toMatchObject({ hasMore: false, trades: [expect.objectContaining({ id: ids.a1 })] });
  });

  it("finds members to record a trade for by email, name or Steam id", async () => {
    expect((await searchMembers(db(), "anna.lind")).map((match) => match.userId)).toEqual([anna]);
    expect(await searchMembers(db(), "76561198000000001")).toEqual([
      {
        userId: anna,
        email: "anna.lind@lista.se",
        name: "Anna",
        steamId: "76561198000000001",
        level: "bronze",
        points: 600,
      },
    ]);
    expect((await searchMembers(db(), "Bertil Ek")).map((match) => match.userId)).toEqual([bertil]);
    for (const hostile of ["a", "", "%%", "x\u0000", ["anna"], 5])
      expect(await searchMembers(db(), hostile)).toEqual([]);
  });

  it("keeps items with their trade", async () => {
    const rows = await db().select().from(trade_items).where(eq(trade_items.trade_id, ids.b1!));
    expect(rows).toHaveLength(2);
  });
});

describe("the ledger after all of the above", () => {
  it("still equals the cached balances for every member", async () => {
    expect(await reconcileLedger(db())).toEqual([]);
  });
});
