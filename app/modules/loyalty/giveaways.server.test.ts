import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { audit_log, email_outbox, giveaways, profiles, user_roles } from "~/platform/db/schema";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import { GIVEAWAY_MESSAGES, giveawaySchema } from "./giveaway-rules";
import { candidatesHash, createGiveaway, drawGiveaway, listGiveaways, memberGiveaways, pickWinner } from "./giveaways.server";
import { createMember, createStaff } from "./test-fixtures";

let database: TestDatabase;
const db = () => database.db;
let staffId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  staffId = await createStaff(db());
});
afterAll(async () => {
  await database?.close();
});

const values = (overrides: Partial<{ title: string; prize: string; eligibleLevels: string[]; month: string }> = {}) =>
  giveawaySchema.parse({ title: "Novembergiveaway", prize: "AK-47 | Redline", eligibleLevels: ["gold", "platinum"], month: "2026-11", ...overrides });

async function auditedCandidates(giveawayId: string): Promise<string[]> {
  const [row] = await db()
    .select()
    .from(audit_log)
    .where(and(eq(audit_log.entity_id, giveawayId), eq(audit_log.action, "giveaway.draw")));
  return (row!.after as { candidates: string[] }).candidates;
}

describe("giveawaySchema", () => {
  it("reads the form's level checkboxes, in level order, and refuses none with a Swedish message", () => {
    const parsed = giveawaySchema.parse({ title: "A", prize: "B", month: "2026-11", "level-platinum": "on", "level-gold": "on" });
    expect(parsed.eligibleLevels).toEqual(["gold", "platinum"]);
    const none = giveawaySchema.safeParse({ title: "A", prize: "B", month: "2026-11" });
    expect(none.success).toBe(false);
    expect(none.error!.issues[0]!.message).toBe(GIVEAWAY_MESSAGES.levels);
    expect(giveawaySchema.safeParse({ title: "A", prize: "B", month: "2026-13", eligibleLevels: "gold" }).error!.issues[0]!.message).toBe(
      GIVEAWAY_MESSAGES.month,
    );
    expect(giveawaySchema.safeParse({ title: "A", prize: "B", month: "2026-11", eligibleLevels: ["diamond"] }).success).toBe(false);
  });
});

describe("pickWinner", () => {
  it("is deterministic from the seed and the candidates, whatever their order", () => {
    const ids = ["c", "a", "b", "e", "d"];
    const first = pickWinner("seed-1", ids);
    expect(pickWinner("seed-1", [...ids].reverse())).toEqual(first);
    expect(first.hash).toBe(candidatesHash(["a", "b", "c", "d", "e"]));
    // Different seeds spread over the candidates.
    const winners = new Set(Array.from({ length: 40 }, (_, index) => pickWinner(`seed-${index}`, ids).userId));
    expect(winners.size).toBeGreaterThan(2);
  });
});

describe("drawGiveaway", () => {
  it("refuses in Swedish when no member is on the eligible levels", async () => {
    const giveaway = await createGiveaway(db(), { actorUserId: staffId, values: values({ eligibleLevels: ["platinum"] }) });
    const result = await drawGiveaway(db(), { actorUserId: staffId, giveawayId: giveaway.id, mail: false });
    expect(result).toEqual({ ok: false, code: "no_candidates", message: GIVEAWAY_MESSAGES.noCandidates });
    const [row] = await db().select().from(giveaways).where(eq(giveaways.id, giveaway.id));
    expect(row!.drawn_at).toBeNull();
  });

  it("draws among the members whose XP level is eligible, reproducibly from the recorded seed, audited and mailed", async () => {
    const silver = await createMember(db(), { xp: 99_999 });
    const gold = await createMember(db(), { xp: 100_000, firstName: "Guld" });
    const platinum = await createMember(db(), { xp: 600_000 });
    const staffMember = await createMember(db(), { xp: 700_000 });
    await db().insert(user_roles).values({ user_id: staffMember, role: "admin" });
    const blocked = await createMember(db(), { xp: 650_000 });
    await db().update(profiles).set({ sign_in_blocked_at: new Date() }).where(eq(profiles.user_id, blocked));

    const giveaway = await createGiveaway(db(), { actorUserId: staffId, values: values() });
    const [created] = await db()
      .select()
      .from(audit_log)
      .where(and(eq(audit_log.entity_id, giveaway.id), eq(audit_log.action, "giveaway.create")));
    expect(created).toMatchObject({ actor_user_id: staffId, entity_type: "giveaway" });
    const result = await drawGiveaway(db(), { actorUserId: staffId, giveawayId: giveaway.id });
    if (!result.ok) throw new Error(result.message);
    const candidates = await auditedCandidates(giveaway.id);
    expect(candidates).toEqual([gold, platinum].sort());
    expect(candidates).not.toContain(silver);
    expect(candidates).not.toContain(staffMember);
    expect(candidates).not.toContain(blocked);

    const drawn = result.giveaway;
    expect(drawn.candidateCount).toBe(2);
    expect(drawn.seed).toMatch(/^[0-9a-f]{64}$/);
    // Anyone with the seed and the candidates gets the same winner and hash.
    const rerun = pickWinner(drawn.seed!, candidates);
    expect(rerun.userId).toBe(drawn.winner!.userId);
    expect(rerun.hash).toBe(drawn.candidatesHash);

    const mails = await db().select().from(email_outbox).where(eq(email_outbox.template, "giveawayWon"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("Novembergiveaway");
  });

  it("picks the winner the seed gives (Bronze only)", async () => {
    const bronze = [await createMember(db(), { xp: 10 }), await createMember(db(), { xp: 4_999 })];
    const giveaway = await createGiveaway(db(), { actorUserId: staffId, values: values({ eligibleLevels: ["bronze"] }) });
    const result = await drawGiveaway(db(), { actorUserId: staffId, giveawayId: giveaway.id, seed: "fast-seed", mail: false });
    if (!result.ok) throw new Error(result.message);
    const candidates = await auditedCandidates(giveaway.id);
    expect(candidates).toEqual(expect.arrayContaining(bronze));
    expect(result.giveaway.winner!.userId).toBe(pickWinner("fast-seed", candidates).userId);
  });

  it("draws once: a second draw is refused and changes nothing", async () => {
    await createMember(db(), { xp: 150_000 });
    const giveaway = await createGiveaway(db(), { actorUserId: staffId, values: values() });
    const first = await drawGiveaway(db(), { actorUserId: staffId, giveawayId: giveaway.id, mail: false });
    expect(first.ok).toBe(true);
    const second = await drawGiveaway(db(), { actorUserId: staffId, giveawayId: giveaway.id, mail: false });
    expect(second).toEqual({ ok: false, code: "already_drawn", message: GIVEAWAY_MESSAGES.alreadyDrawn });
    const [row] = await db().select().from(giveaways).where(eq(giveaways.id, giveaway.id));
    expect(row!.winner_user_id).toBe(first.ok ? first.giveaway.winner!.userId : null);
  });

  it("gives one winner when two staff draw at once (row lock)", async () => {
    const otherStaff = await createStaff(db());
    for (let round = 0; round < 3; round++) {
      const giveaway = await createGiveaway(db(), { actorUserId: staffId, values: values() });
      const results = await Promise.all(
        [staffId, otherStaff].map((actorUserId) => drawGiveaway(db(), { actorUserId, giveawayId: giveaway.id, mail: false })),
      );
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(results.filter((result) => !result.ok).map((result) => !result.ok && result.code)).toEqual(["already_drawn"]);
      const audits = await db()
        .select()
        .from(audit_log)
        .where(and(eq(audit_log.entity_id, giveaway.id), eq(audit_log.action, "giveaway.draw")));
      expect(audits).toHaveLength(1);
    }
  });

  it("answers not found for an unknown or malformed id", async () => {
    expect(await drawGiveaway(db(), { actorUserId: staffId, giveawayId: "nope", mail: false })).toMatchObject({ code: "not_found" });
    expect(
      await drawGiveaway(db(), { actorUserId: staffId, giveawayId: crypto.randomUUID(), mail: false }),
    ).toMatchObject({ code: "not_found" });
  });
});

describe("memberGiveaways and listGiveaways", () => {
  it("shows a member this month's giveaways for their level, and the ones they won", async () => {
    const now = new Date("2026-03-10T12:00:00Z");
    const gold = await createMember(db(), { xp: 200_000 });
    const silver = await createMember(db(), { xp: 5_000 });
    const forGold = await createGiveaway(db(), { actorUserId: staffId, values: values({ month: "2026-03", title: "Guldmars" }) });
    await createGiveaway(db(), { actorUserId: staffId, values: values({ month: "2026-04", title: "Guldapril" }) });
    await createGiveaway(db(), { actorUserId: staffId, values: values({ month: "2026-03", eligibleLevels: ["silver"], title: "Silvermars" }) });

    const mine = await memberGiveaways(db(), gold, 200_000, now);
    expect(mine.map((item) => item.title)).toEqual(["Guldmars"]);
    expect(mine[0]).toMatchObject({ levels: "Gold och Platinum", drawn: false, won: false });
    expect((await memberGiveaways(db(), silver, 5_000, now)).map((item) => item.title)).toEqual(["Silvermars"]);

    await db().update(giveaways).set({ winner_user_id: silver, drawn_at: now, seed: "s", candidate_count: 1, candidates_hash: "h" }).where(eq(giveaways.id, forGold.id));
    const won = await memberGiveaways(db(), silver, 5_000, now);
    expect(won.find((item) => item.id === forGold.id)).toMatchObject({ won: true, drawn: true });
  });

  it("lists giveaways newest month first, paged", async () => {
    const page = await listGiveaways(db(), { pageSize: 2 });
    expect(page.rows).toHaveLength(2);
    expect(page.total).toBeGreaterThan(2);
    expect(page.rows[0]!.month >= page.rows[1]!.month).toBe(true);
    const drawn = (await listGiveaways(db(), { pageSize: 100 })).rows.find((row) => row.title === "Novembergiveaway" && row.drawnAt);
    expect(drawn?.winner?.email).toMatch(/@example\.se$/);
  });
});
