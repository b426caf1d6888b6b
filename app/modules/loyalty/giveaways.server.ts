/**
 * Monthly giveaways (docs/rules/admin.md#giveaways): staff create a giveaway for some VIP
 * levels and a month, then draw its winner once among the members whose XP puts them on one
 * of those levels at draw time. The draw records a random seed and the SHA-256 of the sorted
 * candidate ids, and the audit row keeps the candidate list, so anyone can re-run it:
 * `pickWinner(seed, candidates)` gives the same winner again.
 */
import { createHash, createHmac, randomBytes } from "node:crypto";
import { and, count, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { LevelId } from "~/modules/loyalty/loyalty-constants";
import { ADMIN_PAGE_SIZE } from "~/platform/platform-constants";
import { pageParams } from "~/lib/paging";
import { stockholmMonth } from "~/lib/stockholm-time";
import { recordAudit } from "~/platform/audit/audit.server";
import { config } from "~/platform/config.server";
import { queryRows, type Db } from "~/platform/db/client.server";
import { giveaways, profiles, user } from "~/platform/db/schema";
import { deliverQueuedMail, enqueueMail } from "~/platform/mail/mail-queue.server";
import { GIVEAWAY_MESSAGES, isGiveawayId, levelNames, xpRangesForLevels, type GiveawayInput } from "./giveaway-rules";
import { levelForXp } from "./levels";

type GiveawayRow = typeof giveaways.$inferSelect;
type Failure = { ok: false; code: "not_found" | "already_drawn" | "no_candidates"; message: string };

export interface GiveawayView {
  id: string;
  title: string;
  prize: string;
  eligibleLevels: LevelId[];
  month: string;
  createdAt: string;
  drawnAt: string | null;
  winner: { userId: string | null; name: string | null; email: string | null } | null;
  seed: string | null;
  candidateCount: number | null;
  candidatesHash: string | null;
}

// ---------------------------------------------------------------------------
// The draw itself: pure and deterministic
// ---------------------------------------------------------------------------

/** SHA-256 (hex) of the candidate ids sorted and joined by newlines. */
export function candidatesHash(candidates: readonly string[]): string {
  return createHash("sha256").update([...candidates].sort().join("\n")).digest("hex");
}

/**
 * The winner for a seed and a candidate list: HMAC-SHA-256(seed, candidates hash) read as a
 * 256-bit number, modulo the number of candidates, indexes the sorted list.
 */
export function pickWinner(seed: string, candidates: readonly string[]): { index: number; userId: string; hash: string } {
  if (candidates.length === 0) throw new Error("no candidates to pick from");
  const sorted = [...candidates].sort();
  const hash = candidatesHash(sorted);
  const digest = createHmac("sha256", seed).update(hash).digest("hex");
  const index = Number(BigInt(`0x${digest}`) % BigInt(sorted.length));
  return { index, userId: sorted[index]!, hash };
}

// ---------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------

function toView(row: GiveawayRow, winner: { name: string | null; email: string | null } | null): GiveawayView {
  return {
    id: row.id,
    title: row.title,
    prize: row.prize,
    eligibleLevels: row.eligible_levels as LevelId[],
    month: row.month,
    createdAt: row.created_at.toISOString(),
    drawnAt: row.drawn_at?.toISOString() ?? null,
    winner: row.drawn_at ? { userId: row.winner_user_id, name: winner?.name ?? null, email: winner?.email ?? null } : null,
    seed: row.seed,
    candidateCount: row.candidate_count,
    candidatesHash: row.candidates_hash,
  };
}

const winnerName = sql<string | null>`coalesce(nullif(trim(concat_ws(' ', ${profiles.first_name}, ${profiles.last_name})), ''), ${profiles.display_name})`;

export async function listGiveaways(db: Db, options: { page?: number; pageSize?: number } = {}) {
  const { page, pageSize, offset } = pageParams(options, ADMIN_PAGE_SIZE);
  const [rows, [total]] = await Promise.all([
    db
      .select({ giveaway: giveaways, name: winnerName, email: profiles.email })
      .from(giveaways)
      .leftJoin(profiles, eq(profiles.user_id, giveaways.winner_user_id))
      .orderBy(desc(giveaways.month), desc(giveaways.created_at), desc(giveaways.id))
      .limit(pageSize)
      .offset(offset),
    db.select({ value: count() }).from(giveaways),
  ]);
  const totalCount = total?.value ?? 0;
  return {
    rows: rows.map((row) => toView(row.giveaway, { name: row.name, email: row.email })),
    total: totalCount,
    page,
    pageSize,
    pageCount: Math.max(1, Math.ceil(totalCount / pageSize)),
  };
}

export interface MemberGiveaway {
  id: string;
  title: string;
  prize: string;
  levels: string;
  drawn: boolean;
  won: boolean;
}

/** A giveaway of the month as /profile reads it (app/modules/accounts/member-account.server.ts). */
export interface MonthGiveaway {
  id: string;
  title: string;
  prize: string;
  eligibleLevels: readonly string[];
  drawn: boolean;
  winnerUserId: string | null;
}

/**
 * /profile: of this month's giveaways (Stockholm time, newest first), those the member's level
 * (from XP) is eligible for, and any they won.
 */
export function giveawaysForMember(month: readonly MonthGiveaway[], userId: string, xp: number): MemberGiveaway[] {
  const level = levelForXp(xp).id;
  return month
    .filter((row) => row.eligibleLevels.includes(level) || row.winnerUserId === userId)
    .slice(0, 20)
    .map((row) => ({
      id: row.id,
      title: row.title,
      prize: row.prize,
      levels: levelNames([...row.eligibleLevels]),
      drawn: row.drawn,
      won: row.winnerUserId === userId,
    }));
}

/** The same read on its own: this month's giveaways for the member. */
export async function memberGiveaways(db: Db, userId: string, xp: number, now: Date = new Date()): Promise<MemberGiveaway[]> {
  const rows = await db.select().from(giveaways).where(eq(giveaways.month, stockholmMonth(now))).orderBy(desc(giveaways.created_at)).limit(100);
  return giveawaysForMember(
    rows.map((row) => ({
      id: row.id,
      title: row.title,
      prize: row.prize,
      eligibleLevels: row.eligible_levels,
      drawn: row.drawn_at !== null,
      winnerUserId: row.winner_user_id,
    })),
    userId,
    xp,
  );
}

// ---------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------

export async function createGiveaway(db: Db, input: { actorUserId: string; values: GiveawayInput }): Promise<GiveawayView> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(giveaways)
      .values({
        title: input.values.title,
        prize: input.values.prize,
        eligible_levels: [...input.values.eligibleLevels],
        month: input.values.month,
        created_by: input.actorUserId,
      })
      .returning();
    await recordAudit(tx, { actorUserId: input.actorUserId, action: "giveaway.create", entityType: "giveaway", entityId: row!.id, after: row });
    return toView(row!, null);
  });
}

/** Members (not staff, not blocked from signing in) whose XP level is one of `levels`, as sorted ids. */
async function candidatesFor(db: Db, levels: readonly LevelId[]): Promise<string[]> {
  const ranges = xpRangesForLevels(levels).map(({ min, below }): SQL =>
    below === null ? sql`(p.xp >= ${min})` : sql`(p.xp >= ${min} AND p.xp < ${below})`,
  );
  if (ranges.length === 0) return [];
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`SELECT p.user_id::text AS user_id FROM profiles p
         WHERE (${sql.join(ranges, sql` OR `)})
           AND p.sign_in_blocked_at IS NULL
           AND NOT EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = p.user_id)`,
  );
  return rows.map((row) => row.user_id.toLowerCase()).sort();
}

export type DrawResult = { ok: true; giveaway: GiveawayView; winnerEmail: string | null } | Failure;
type Drawn = Extract<DrawResult, { ok: true }> & { mailId: string | null };

/**
 * Draws the winner once. The giveaway's row is locked first, so of two staff drawing at once
 * the second waits, then finds it drawn; the update is conditional on it not being drawn too.
 */
export async function drawGiveaway(
  db: Db,
  input: { actorUserId: string; giveawayId: string; seed?: string; mail?: boolean },
): Promise<DrawResult> {
  if (!isGiveawayId(input.giveawayId)) return { ok: false, code: "not_found", message: GIVEAWAY_MESSAGES.notFound };
  const result = await db.transaction(async (tx): Promise<Drawn | Failure> => {
    const [before] = await tx.select().from(giveaways).where(eq(giveaways.id, input.giveawayId)).for("update");
    if (!before) return { ok: false, code: "not_found", message: GIVEAWAY_MESSAGES.notFound };
    if (before.drawn_at) return { ok: false, code: "already_drawn", message: GIVEAWAY_MESSAGES.alreadyDrawn };
    const candidates = await candidatesFor(tx, before.eligible_levels as LevelId[]);
    if (candidates.length === 0) return { ok: false, code: "no_candidates", message: GIVEAWAY_MESSAGES.noCandidates };
    const seed = input.seed ?? randomBytes(32).toString("hex");
    const pick = pickWinner(seed, candidates);
    const [after] = await tx
      .update(giveaways)
      .set({
        drawn_at: new Date(),
        drawn_by: input.actorUserId,
        winner_user_id: pick.userId,
        seed,
        candidate_count: candidates.length,
        candidates_hash: pick.hash,
      })
      .where(and(eq(giveaways.id, before.id), isNull(giveaways.drawn_at)))
      .returning();
    if (!after) return { ok: false, code: "already_drawn", message: GIVEAWAY_MESSAGES.alreadyDrawn };
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: "giveaway.draw",
      entityType: "giveaway",
      entityId: after.id,
      before,
      after: { ...after, winnerIndex: pick.index, candidates },
    });
    const [member] = await tx
      .select({ name: winnerName, email: profiles.email, placeholder: profiles.email_is_placeholder, userName: user.name })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.user_id))
      .where(eq(profiles.user_id, pick.userId));
    const giveaway = toView(after, { name: member?.name ?? member?.userName ?? null, email: member?.email ?? null });
    const winnerEmail = member && !member.placeholder ? member.email : null;
    // The winner's mail is owed by the draw: queued in its transaction (decision 034).
    const mailId = input.mail !== false ? await queueWinnerMail(tx, giveaway, winnerEmail) : null;
    return { ok: true, giveaway, winnerEmail, mailId };
  });
  if (!result.ok) return result;
  await deliverQueuedMail(db, [result.mailId]);
  const { mailId: _queued, ...drawn } = result;
  return drawn;
}

async function queueWinnerMail(tx: Db, giveaway: GiveawayView, email: string | null): Promise<string | null> {
  if (!email) return null;
  return enqueueMail(tx, {
    to: email,
    template: "giveawayWon",
    data: {
      name: giveaway.winner?.name || "medlem",
      title: giveaway.title,
      prize: giveaway.prize,
      month: giveaway.month,
      profileUrl: `${config().PUBLIC_URL}/profile`,
    },
  });
}
