/**
 * The Users tab's member service (docs/rules/admin.md#users): search, one member's page, and
 * the staff actions on a member. Every action runs in one transaction with its audit row
 * (`member.*`, entity `member`, the member's user id); points and XP move only through the
 * ledger. Refusals come back as Swedish messages with a code the route maps to a status.
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq, gt, inArray, sql, type SQL } from "drizzle-orm";
import { z } from "~/lib/zod";
import { ROLES, type Role } from "~/modules/accounts/accounts-constants";
import type { LevelId } from "~/modules/loyalty/loyalty-constants";
import { ADMIN_PAGE_SIZE } from "~/platform/platform-constants";
import { wholeBetween } from "~/lib/paging";
import { cappedCount, keysetPage, LIST_COUNT_CAP, parseKeyset, type CappedCount, type KeysetLinks, type KeysetPosition } from "~/lib/keyset";
import { cappedCountSql, cursorValueSql, keysetSql, type KeysetOrder } from "~/platform/db/keyset.server";
import { textField } from "~/lib/validation";
import { creditPoints, creditXp, debitPoints, debitXp } from "~/modules/loyalty/ledger.server";
import { levelForXp } from "~/modules/loyalty/levels";
import { memberStanding } from "~/modules/loyalty/perks.server";
import { queryRows, type Db, type Tx } from "~/platform/db/client.server";
import { likePattern } from "~/platform/db/like";
import { profiles, security_events, session, twoFactor, user, user_roles } from "~/platform/db/schema";
import { publishEvent } from "~/platform/realtime/publisher.server";
import { recordAudit } from "../../platform/audit/audit.server";
import { formatNumber } from "~/lib/format";

export const MEMBER_MESSAGES = {
  notFound: "Medlemmen finns inte.",
  reasonRequired: "Ange en anledning.",
  amountInvalid: "Ange ett helt antal större än noll.",
  insufficientPoints: (balance: number) =>
    `Saldot kan inte bli negativt: medlemmen har ${formatNumber(balance)} poäng.`,
  insufficientXp: (balance: number) => `Saldot kan inte bli negativt: medlemmen har ${formatNumber(balance)} XP.`,
  lastAdmin: "Den sista administratören kan inte förlora sin roll.",
  noTwoFactor: "Medlemmen har ingen tvåstegsverifiering att återställa.",
  notPlatinum: "Kontaktperson kan bara tilldelas medlemmar på nivån Platinum.",
  notStaff: "Kontaktpersonen måste vara en personal med en roll.",
} as const;

type MemberFailureCode = "invalid" | "not_found" | "insufficient" | "last_admin" | "not_platinum" | "not_staff";

export type MemberResult<T = Record<string, never>> =
  | ({ ok: true } & T)
  | { ok: false; code: MemberFailureCode; message: string; fieldErrors?: Partial<Record<string, string>> };

const fail = (code: MemberFailureCode, message: string, fieldErrors?: Partial<Record<string, string>>) =>
  ({ ok: false, code, message, fieldErrors }) as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUserId = (value: unknown): value is string => typeof value === "string" && UUID.test(value);

// ---------------------------------------------------------------------------
// Search
// ---------------------------------------------------------------------------

export interface MemberSearchQuery {
  q?: string;
  position?: KeysetPosition;
  pageSize?: number;
}

export interface MemberListRow {
  id: string;
  email: string;
  name: string;
  steamId: string | null;
  phone: string | null;
  referralCode: string | null;
  points: number;
  xp: number;
  level: LevelId;
  roles: Role[];
  blocked: boolean;
  createdAt: Date;
}

export interface MemberSearchPage {
  rows: MemberListRow[];
  links: KeysetLinks;
  /** Members matching the search, counted up to LIST_COUNT_CAP. */
  count: CappedCount;
}

const searchParamsSchema = z.object({
  q: z
    .string()
    .trim()
    .max(100)
    .refine((value) => !value.includes("\u0000"))
    .optional()
    .catch(undefined),
});

/** The list's view from its URL (`q`, `efter`/`fore`); a malformed value means "none", never an error. */
export function parseMemberSearch(params: URLSearchParams): MemberSearchQuery {
  const parsed = searchParamsSchema.parse({ q: params.get("q") ?? undefined });
  return { q: parsed.q || undefined, position: parseKeyset(params, "timestamp") };
}

const displayName = sql<string>`coalesce(nullif(trim(concat_ws(' ', ${profiles.first_name}, ${profiles.last_name})), ''), ${user.name})`;
const rolesOf = sql<string[] | null>`(SELECT array_agg(r.role ORDER BY r.role) FROM user_roles r WHERE r.user_id = ${user.id})`;

const MEMBER_ORDER: KeysetOrder = { column: sql`u.created_at`, kind: "timestamp", id: sql`u.id`, direction: "desc" };

/**
 * The search's condition on `p` (profiles): its one search column (`profiles.search_text`,
 * email, names, Steam id, referral code and phone digits), read through its trigram index.
 */
function memberSearchSql(q: string | undefined): SQL {
  if (!q) return sql`TRUE`;
  // Lower-cased by the database on both sides, so its own case rules apply to å, ä and ö.
  const conditions: SQL[] = [sql`p.search_text LIKE lower(${likePattern(q)})`];
  // Phones are matched by digits, so "070-123 45 67" finds "0701234567".
  const digits = q.replace(/[^0-9]/g, "");
  if (digits.length >= 4 && digits !== q) conditions.push(sql`p.search_text LIKE ${likePattern(digits)}`);
  return sql`(${sql.join(conditions, sql` OR `)})`;
}

/**
 * Members matching `q` in email, name, Steam id, phone or referral code (newest first), one
 * keyset page at a time; without `q`, every member. The count stops at LIST_COUNT_CAP.
 */
export async function searchMembers(db: Db, query: MemberSearchQuery = {}): Promise<MemberSearchPage> {
  const pageSize = wholeBetween(query.pageSize, 1, ADMIN_PAGE_SIZE.max, ADMIN_PAGE_SIZE.default);
  const position = query.position ?? null;
  const q = query.q?.trim();
  const keyset = keysetSql(MEMBER_ORDER, position);
  // A search needs the profile; the whole list reads the members alone (a member without a
  // profile row still shows).
  const from = q
    ? sql`FROM "user" u JOIN profiles p ON p.user_id = u.id WHERE ${memberSearchSql(q)}`
    : sql`FROM "user" u WHERE TRUE`;
  const [ids, counted] = await Promise.all([
    queryRows<{ id: string; cursor: string }>(
      db,
      sql`SELECT u.id, ${cursorValueSql(MEMBER_ORDER)} AS cursor ${from} AND ${keyset.where} ${keyset.orderBy} LIMIT ${pageSize + 1}`,
    ),
    queryRows<{ n: string | number }>(db, cappedCountSql(from, LIST_COUNT_CAP)),
  ]);
  const page = keysetPage(ids, pageSize, position, (row) => ({ value: row.cursor, id: row.id }));
  const count = cappedCount(counted[0]?.n);
  if (page.rows.length === 0) return { rows: [], links: page.links, count };
  const rows = await db
    .select({
      id: user.id,
      email: user.email,
      name: displayName,
      steamId: profiles.steam_id,
      phone: profiles.phone_number,
      referralCode: profiles.referral_code,
      points: profiles.points,
      xp: profiles.xp,
      roles: rolesOf,
      blockedAt: profiles.sign_in_blocked_at,
      createdAt: user.createdAt,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.user_id, user.id))
    .where(inArray(user.id, page.rows.map((row) => row.id)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    rows: page.rows.flatMap(({ id }) => {
      const row = byId.get(id);
      if (!row) return [];
      return [
        {
          id: row.id,
          email: row.email,
          name: row.name,
          steamId: row.steamId,
          phone: row.phone,
          referralCode: row.referralCode,
          points: row.points ?? 0,
          xp: row.xp ?? 0,
          level: levelForXp(row.xp ?? 0).id,
          roles: (row.roles ?? []) as Role[],
          blocked: row.blockedAt !== null,
          createdAt: row.createdAt,
        },
      ];
    }),
    links: page.links,
    count,
  };
}

// ---------------------------------------------------------------------------
// One member
// ---------------------------------------------------------------------------

export interface StaffMember {
  id: string;
  name: string;
  email: string;
  roles: Role[];
}

export interface MemberOverview {
  id: string;
  email: string;
  name: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  steamId: string | null;
  referralCode: string | null;
  emailVerified: boolean;
  createdAt: Date;
  points: number;
  xp: number;
  /** The XP level raised by any temporary-level perk. */
  level: LevelId;
  roles: Role[];
  blockedAt: Date | null;
  contactPerson: { id: string; name: string; email: string } | null;
  sessions: Array<{ id: string; createdAt: Date; updatedAt: Date; expiresAt: Date; ipAddress: string | null; userAgent: string | null }>;
  securityEvents: Array<{ id: string; type: string; severity: string; ipAddress: string | null; createdAt: Date }>;
}

const RECENT_EVENTS = 20;
const MAX_SESSIONS = 50;

/** The member's profile, standing, roles, active sessions and recent security events; null if none. */
export async function getMemberOverview(db: Db, userId: string, now: Date = new Date()): Promise<MemberOverview | null> {
  if (!isUserId(userId)) return null;
  const [row] = await db
    .select({
      id: user.id,
      email: user.email,
      name: displayName,
      emailVerified: user.emailVerified,
      createdAt: user.createdAt,
      firstName: profiles.first_name,
      lastName: profiles.last_name,
      phone: profiles.phone_number,
      steamId: profiles.steam_id,
      referralCode: profiles.referral_code,
      blockedAt: profiles.sign_in_blocked_at,
      contactPersonId: profiles.contact_person_id,
      roles: rolesOf,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.user_id, user.id))
    .where(eq(user.id, userId))
    .limit(1);
  if (!row) return null;
  const [standing, sessions, events, contact] = await Promise.all([
    memberStanding(db, userId, now),
    db
      .select({
        id: session.id,
        createdAt: session.createdAt,
        updatedAt: session.updatedAt,
        expiresAt: session.expiresAt,
        ipAddress: session.ipAddress,
        userAgent: session.userAgent,
      })
      .from(session)
      .where(and(eq(session.userId, userId), gt(session.expiresAt, now)))
      .orderBy(desc(session.updatedAt))
      .limit(MAX_SESSIONS),
    db
      .select({
        id: security_events.id,
        type: security_events.event_type,
        severity: security_events.severity,
        ipAddress: security_events.ip_address,
        createdAt: security_events.created_at,
      })
      .from(security_events)
      .where(eq(security_events.user_id, userId))
      .orderBy(desc(security_events.created_at))
      .limit(RECENT_EVENTS),
    row.contactPersonId ? findContactPerson(db, row.contactPersonId) : Promise.resolve(null),
  ]);
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    steamId: row.steamId,
    referralCode: row.referralCode,
    emailVerified: row.emailVerified,
    createdAt: row.createdAt,
    points: standing?.points ?? 0,
    xp: standing?.xp ?? 0,
    level: standing?.level.id ?? "bronze",
    roles: (row.roles ?? []) as Role[],
    blockedAt: row.blockedAt,
    contactPerson: contact,
    sessions,
    securityEvents: events,
  };
}

async function findContactPerson(db: Db | Tx, staffId: string) {
  const [row] = await db
    .select({ id: user.id, name: displayName, email: user.email })
    .from(user)
    .leftJoin(profiles, eq(profiles.user_id, user.id))
    .where(and(eq(user.id, staffId), sql`EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = ${user.id})`))
    .limit(1);
  return row ?? null;
}

/** A member's named contact person for /profile (name and email); null when none is assigned. */
export async function getContactPerson(db: Db, userId: string): Promise<{ name: string; email: string } | null> {
  const [row] = await db.select({ id: profiles.contact_person_id }).from(profiles).where(eq(profiles.user_id, userId)).limit(1);
  if (!row?.id) return null;
  const person = await findContactPerson(db, row.id);
  return person ? { name: person.name, email: person.email } : null;
}

/** Everyone holding a staff role: the contact-person choices and the audit view's staff filter. */
export async function listStaffMembers(db: Db): Promise<StaffMember[]> {
  const rows = await db
    .select({ id: user.id, name: displayName, email: user.email, roles: rolesOf })
    .from(user)
    .leftJoin(profiles, eq(profiles.user_id, user.id))
    .where(sql`EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = ${user.id})`)
    .orderBy(user.email)
    .limit(500);
  return rows.map((row) => ({ ...row, roles: (row.roles ?? []) as Role[] }));
}

// ---------------------------------------------------------------------------
// Actions
// ---------------------------------------------------------------------------

interface Actor {
  actorUserId: string;
}

async function lockProfile(tx: Tx, userId: string) {
  const [row] = await tx
    .select({
      points: profiles.points,
      xp: profiles.xp,
      blockedAt: profiles.sign_in_blocked_at,
      contactPersonId: profiles.contact_person_id,
    })
    .from(profiles)
    .where(eq(profiles.user_id, userId))
    .for("update");
  return row ?? null;
}

const REASON_MAX = 200;
const BALANCE_MAX = 10_000_000;

const adjustBalanceSchema = z.object({
  currency: z.enum(["points", "xp"], { error: "Välj poäng eller XP." }),
  direction: z.enum(["credit", "debit"], { error: "Välj om saldot ska ökas eller minskas." }),
  // Digits only: "1e3", "0x10" or "1.5" are not whole numbers someone typed.
  amount: z.preprocess(
      (value) => (typeof value === "string" ? (/^\s*\d{1,12}\s*$/.test(value) ? Number(value) : Number.NaN) : value),
      z
        .number({ error: MEMBER_MESSAGES.amountInvalid })
        .int(MEMBER_MESSAGES.amountInvalid)
        .min(1, MEMBER_MESSAGES.amountInvalid)
        .max(BALANCE_MAX, `Högst ${formatNumber(BALANCE_MAX)} åt gången.`),
    ),
  reason: z.preprocess(
    (value) => value ?? "",
    textField(REASON_MAX).pipe(z.string().min(3, MEMBER_MESSAGES.reasonRequired)),
  ),
});

/**
 * Adds or takes points or XP with a mandatory reason, through the ledger; a debit never takes
 * the balance below zero.
 */
export async function adjustBalance(
  db: Db,
  input: Actor & { userId: string; values: unknown },
): Promise<MemberResult<{ balance: number; amount: number; currency: "points" | "xp" }>> {
  const parsed = adjustBalanceSchema.safeParse(input.values);
  if (!parsed.success) {
    const errors: Partial<Record<string, string>> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
    return fail("invalid", Object.values(errors)[0] ?? MEMBER_MESSAGES.reasonRequired, errors);
  }
  if (!isUserId(input.userId)) return fail("not_found", MEMBER_MESSAGES.notFound);
  const { currency, direction, amount, reason } = parsed.data;
  return db.transaction(async (tx) => {
    const before = await lockProfile(tx, input.userId);
    if (!before) return fail("not_found", MEMBER_MESSAGES.notFound);
    const entry = { userId: input.userId, amount, reason: `Justering: ${reason}` };
    let balance: number;
    let rowId: string;
    if (direction === "credit") {
      const idempotencyKey = `staff-adjust:${randomUUID()}`;
      const result = currency === "points" ? await creditPoints(tx, { ...entry, idempotencyKey }) : await creditXp(tx, { ...entry, idempotencyKey });
      if (!result.applied) throw new Error("a fresh idempotency key was a duplicate");
      ({ balance, rowId } = result);
    } else {
      const result = currency === "points" ? await debitPoints(tx, entry) : await debitXp(tx, entry);
      if (!result.ok) {
        const message = currency === "points" ? MEMBER_MESSAGES.insufficientPoints(before.points) : MEMBER_MESSAGES.insufficientXp(before.xp);
        return fail("insufficient", message, { amount: message });
      }
      ({ balance, rowId } = result);
    }
    const signed = direction === "credit" ? amount : -amount;
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: currency === "points" ? "member.adjust_points" : "member.adjust_xp",
      entityType: "member",
      entityId: input.userId,
      before: { [currency]: before[currency] },
      after: { [currency]: balance, amount: signed, reason, ledgerRowId: rowId },
    });
    return { ok: true as const, balance, amount: signed, currency };
  });
}

export const roleChangeSchema = z.object({
  role: z.enum(ROLES, { error: "Välj en roll." }),
  grant: z.enum(["true", "false"], { error: "Ogiltig förfrågan." }).transform((value) => value === "true"),
});

/** Grants or revokes a staff role; the last admin keeps theirs. */
export async function setRole(
  db: Db,
  input: Actor & { userId: string; role: Role; grant: boolean },
): Promise<MemberResult<{ roles: Role[] }>> {
  if (!isUserId(input.userId)) return fail("not_found", MEMBER_MESSAGES.notFound);
  return db.transaction(async (tx) => {
    const [target] = await tx.select({ id: user.id }).from(user).where(eq(user.id, input.userId)).limit(1);
    if (!target) return fail("not_found", MEMBER_MESSAGES.notFound);
    if (!input.grant && input.role === "admin") {
      // Lock every admin row, so two admins removing each other at once cannot both succeed.
      const admins = await tx
        .select({ userId: user_roles.user_id })
        .from(user_roles)
        .where(eq(user_roles.role, "admin"))
        .for("update");
      if (admins.some((row) => row.userId === input.userId) && admins.length <= 1) {
        return fail("last_admin", MEMBER_MESSAGES.lastAdmin);
      }
    }
    const beforeRows = await tx.select({ role: user_roles.role }).from(user_roles).where(eq(user_roles.user_id, input.userId));
    const before = beforeRows.map((row) => row.role as Role).sort();
    if (input.grant) {
      await tx.insert(user_roles).values({ user_id: input.userId, role: input.role }).onConflictDoNothing();
    } else {
      await tx.delete(user_roles).where(and(eq(user_roles.user_id, input.userId), eq(user_roles.role, input.role)));
    }
    const after = input.grant ? [...new Set([...before, input.role])].sort() : before.filter((role) => role !== input.role);
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: input.grant ? "member.grant_role" : "member.revoke_role",
      entityType: "member",
      entityId: input.userId,
      before: { roles: before },
      after: { roles: after },
    });
    return { ok: true as const, roles: after };
  });
}

/** Deletes every session of the user in `tx`; their open event streams are told to close. */
async function endSessions(tx: Tx, userId: string): Promise<number> {
  const ended = await tx.delete(session).where(eq(session.userId, userId)).returning({ id: session.id });
  for (const row of ended) await publishEvent(tx, { type: "session-ended", userId, sessionId: row.id });
  return ended.length;
}

async function recordSignOut(tx: Tx, userId: string, actorUserId: string, count: number, reason: string) {
  if (count === 0) return;
  await tx.insert(security_events).values({
    user_id: userId,
    event_type: "user_logout",
    severity: "medium",
    details: { scope: "all_sessions", by: actorUserId, reason, sessions: count },
  });
}

/** Signs the member out everywhere. */
export async function revokeSessions(db: Db, input: Actor & { userId: string }): Promise<MemberResult<{ count: number }>> {
  if (!isUserId(input.userId)) return fail("not_found", MEMBER_MESSAGES.notFound);
  return db.transaction(async (tx) => {
    const [target] = await tx.select({ id: user.id }).from(user).where(eq(user.id, input.userId)).limit(1);
    if (!target) return fail("not_found", MEMBER_MESSAGES.notFound);
    const count = await endSessions(tx, input.userId);
    await recordSignOut(tx, input.userId, input.actorUserId, count, "staff_revoke");
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: "member.revoke_sessions",
      entityType: "member",
      entityId: input.userId,
      after: { sessionsEnded: count },
    });
    return { ok: true as const, count };
  });
}

/**
 * Clears a staff member's lost second factor (decision 046; the caller has checked the admin's
 * own step-up): the secret and backup codes go, every session ends, and the next sign-in leads
 * to setting it up again.
 */
export async function resetTwoFactor(db: Db, input: Actor & { userId: string }): Promise<MemberResult<{ sessionsEnded: number }>> {
  if (!isUserId(input.userId)) return fail("not_found", MEMBER_MESSAGES.notFound);
  return db.transaction(async (tx) => {
    const [target] = await tx.select({ enabled: user.twoFactorEnabled }).from(user).where(eq(user.id, input.userId)).for("update");
    if (!target) return fail("not_found", MEMBER_MESSAGES.notFound);
    const removed = await tx.delete(twoFactor).where(eq(twoFactor.userId, input.userId)).returning({ id: twoFactor.id });
    if (!target.enabled && removed.length === 0) return fail("invalid", MEMBER_MESSAGES.noTwoFactor);
    await tx.update(user).set({ twoFactorEnabled: false, updatedAt: sql`now()` }).where(eq(user.id, input.userId));
    const count = await endSessions(tx, input.userId);
    await recordSignOut(tx, input.userId, input.actorUserId, count, "two_factor_reset");
    await tx.insert(security_events).values({
      user_id: input.userId,
      event_type: "two_factor_reset",
      severity: "high",
      details: { by: input.actorUserId },
    });
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: "member.reset_two_factor",
      entityType: "member",
      entityId: input.userId,
      before: { twoFactorEnabled: target.enabled },
      after: { twoFactorEnabled: false, sessionsEnded: count },
    });
    return { ok: true as const, sessionsEnded: count };
  });
}

/** Blocks (and signs out everywhere) or unblocks the member's sign-in. */
export async function setSignInBlock(
  db: Db,
  input: Actor & { userId: string; blocked: boolean; now?: Date },
): Promise<MemberResult<{ blocked: boolean; sessionsEnded: number }>> {
  if (!isUserId(input.userId)) return fail("not_found", MEMBER_MESSAGES.notFound);
  return db.transaction(async (tx) => {
    const before = await lockProfile(tx, input.userId);
    if (!before) return fail("not_found", MEMBER_MESSAGES.notFound);
    const blockedAt = input.blocked ? (before.blockedAt ?? input.now ?? new Date()) : null;
    await tx.update(profiles).set({ sign_in_blocked_at: blockedAt, updated_at: sql`now()` }).where(eq(profiles.user_id, input.userId));
    const sessionsEnded = input.blocked ? await endSessions(tx, input.userId) : 0;
    if (input.blocked) await recordSignOut(tx, input.userId, input.actorUserId, sessionsEnded, "sign_in_blocked");
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: input.blocked ? "member.block_sign_in" : "member.unblock_sign_in",
      entityType: "member",
      entityId: input.userId,
      before: { blocked: before.blockedAt !== null },
      after: { blocked: input.blocked, sessionsEnded },
    });
    return { ok: true as const, blocked: input.blocked, sessionsEnded };
  });
}

/** Names a staff member as a Platinum member's contact person, or removes it (`null`). */
export async function setContactPerson(
  db: Db,
  input: Actor & { userId: string; contactPersonId: string | null; now?: Date },
): Promise<MemberResult<{ contactPerson: { id: string; name: string; email: string } | null }>> {
  if (!isUserId(input.userId)) return fail("not_found", MEMBER_MESSAGES.notFound);
  if (input.contactPersonId !== null && !isUserId(input.contactPersonId)) {
    return fail("not_staff", MEMBER_MESSAGES.notStaff, { contactPersonId: MEMBER_MESSAGES.notStaff });
  }
  return db.transaction(async (tx) => {
    const before = await lockProfile(tx, input.userId);
    if (!before) return fail("not_found", MEMBER_MESSAGES.notFound);
    let person: { id: string; name: string; email: string } | null = null;
    if (input.contactPersonId) {
      const standing = await memberStanding(tx, input.userId, input.now);
      if (standing?.level.id !== "platinum") return fail("not_platinum", MEMBER_MESSAGES.notPlatinum);
      person = await findContactPerson(tx, input.contactPersonId);
      if (!person) return fail("not_staff", MEMBER_MESSAGES.notStaff, { contactPersonId: MEMBER_MESSAGES.notStaff });
    }
    await tx
      .update(profiles)
      .set({ contact_person_id: person?.id ?? null, updated_at: sql`now()` })
      .where(eq(profiles.user_id, input.userId));
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: "member.set_contact_person",
      entityType: "member",
      entityId: input.userId,
      before: { contactPersonId: before.contactPersonId },
      after: { contactPersonId: person?.id ?? null, contactPersonEmail: person?.email ?? null },
    });
    return { ok: true as const, contactPerson: person };
  });
}
