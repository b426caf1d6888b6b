import { encodeCursor, parseKeyset } from "~/lib/keyset";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEVELS } from "~/modules/loyalty/loyalty-constants";
import { reconcileLedger } from "~/modules/loyalty/ledger.server";
import { createMember, createStaff } from "~/modules/loyalty/test-fixtures";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import { points_transactions, profiles, security_events, session, user_roles, xp_transactions } from "~/platform/db/schema";
import { isSignInBlocked } from "~/modules/accounts/sign-in-block.server";
import { listAudit } from "../../platform/audit/audit.server";
import {
  adjustBalance,
  getContactPerson,
  getMemberOverview,
  MEMBER_MESSAGES,
  parseMemberSearch,
  revokeSessions,
  searchMembers,
  setContactPerson,
  setRole,
  setSignInBlock,
} from "./member-admin.server";

let database: TestDatabase;
const db = () => database.db;
let admin: string;

beforeAll(async () => {
  database = await createTestDatabase();
  admin = await createStaff(db());
});
afterAll(async () => {
  await database?.close();
});

async function addSession(userId: string) {
  await db()
    .insert(session)
    .values({ userId, token: `token-${crypto.randomUUID()}`, expiresAt: new Date(Date.now() + 3_600_000) });
}

const auditFor = async (userId: string) => (await listAudit(db(), { entityType: "member", entityId: userId })).entries;

describe("searchMembers", () => {
  it("finds a member by email, name, Steam id, phone and referral code, paged on the server", async () => {
    const id = await createMember(db(), {
      email: "sokbar.ostling@example.se",
      firstName: "Sökbar",
      lastName: "Östling",
      steamId: "76561198000012345",
    });
    await db().update(profiles).set({ phone_number: "070-123 45 67", referral_code: "SOKBAR1" }).where(eq(profiles.user_id, id));
    for (const q of ["sokbar.ostling", "Sökbar Östling", "östling", "76561198000012345", "0701234567", "sokbar1"]) {
      const found = await searchMembers(db(), { q });
      expect(found.rows.map((row) => row.id), q).toContain(id);
    }
    const none = await searchMembers(db(), { q: "finns-inte-%_" });
    expect(none.rows).toEqual([]);
    await createMember(db());
    const first = await searchMembers(db(), { pageSize: 1 });
    expect(first.rows).toHaveLength(1);
    expect(first.count.count).toBeGreaterThanOrEqual(2);
    expect(first.links.next).not.toBeNull();
    const second = await searchMembers(db(), { pageSize: 1, position: parseKeyset(new URLSearchParams({ efter: first.links.next! }), "timestamp") });
    expect(second.rows).toHaveLength(1);
    expect(second.rows[0]!.id).not.toBe(first.rows[0]!.id);
    expect((await searchMembers(db(), { q: "SÖKBAR" })).count).toEqual({ count: 1, capped: false });
  });

  it("reads its view from the URL and ignores malformed values", () => {
    const cursor = encodeCursor({ value: "2026-01-02T03:04:05.123456Z", id: "8f0e4c1a-2b3c-4d5e-8f90-a1b2c3d4e5f6" });
    expect(parseMemberSearch(new URLSearchParams(`q=%20anna%20&efter=${cursor}`))).toEqual({
      q: "anna",
      position: { direction: "after", key: { value: "2026-01-02T03:04:05.123456Z", id: "8f0e4c1a-2b3c-4d5e-8f90-a1b2c3d4e5f6" } },
    });
    expect(parseMemberSearch(new URLSearchParams(`q=${"x".repeat(500)}&efter=x'--`))).toEqual({ q: undefined, position: null });
  });
});

describe("adjustBalance", () => {
  it("credits and debits points and XP through the ledger, with the audit row in the same transaction", async () => {
    const member = await createMember(db(), { points: 100 });
    const credit = await adjustBalance(db(), {
      actorUserId: admin,
      userId: member,
      values: { currency: "points", direction: "credit", amount: "50", reason: "Kompensation för försenad affär" },
    });
    expect(credit).toMatchObject({ ok: true, balance: 150, amount: 50 });
    const debit = await adjustBalance(db(), {
      actorUserId: admin,
      userId: member,
      values: { currency: "xp", direction: "credit", amount: 20, reason: "Tävlingsvinst" },
    });
    expect(debit).toMatchObject({ ok: true, balance: 20 });
    const rows = await db().select().from(points_transactions).where(eq(points_transactions.user_id, member));
    expect(rows.map((row) => row.reason)).toContain("Justering: Kompensation för försenad affär");
    expect(await db().select().from(xp_transactions).where(eq(xp_transactions.user_id, member))).toHaveLength(1);
    const audit = await auditFor(member);
    expect(audit.map((entry) => entry.action).sort()).toEqual(["member.adjust_points", "member.adjust_xp"]);
    expect(audit.find((entry) => entry.action === "member.adjust_points")).toMatchObject({
      actorUserId: admin,
      before: { points: 100 },
      after: { points: 150, amount: 50, reason: "Kompensation för försenad affär" },
    });
    expect(await reconcileLedger(db())).toEqual([]);
  });

  it("refuses a debit below zero in Swedish and changes nothing", async () => {
    const member = await createMember(db(), { points: 30 });
    const result = await adjustBalance(db(), {
      actorUserId: admin,
      userId: member,
      values: { currency: "points", direction: "debit", amount: 31, reason: "Felaktig kreditering" },
    });
    expect(result).toMatchObject({ ok: false, code: "insufficient", message: MEMBER_MESSAGES.insufficientPoints(30) });
    const [profile] = await db().select({ points: profiles.points }).from(profiles).where(eq(profiles.user_id, member));
    expect(profile?.points).toBe(30);
    expect(await auditFor(member)).toEqual([]);
    const ok = await adjustBalance(db(), {
      actorUserId: admin,
      userId: member,
      values: { currency: "points", direction: "debit", amount: 30, reason: "Felaktig kreditering" },
    });
    expect(ok).toMatchObject({ ok: true, balance: 0, amount: -30 });
  });

  it.each([
    [{ currency: "points", direction: "credit", amount: 5 }, "reason", MEMBER_MESSAGES.reasonRequired],
    [{ currency: "points", direction: "credit", amount: 5, reason: "  " }, "reason", MEMBER_MESSAGES.reasonRequired],
    [{ currency: "points", direction: "credit", amount: 0, reason: "Skäl nog" }, "amount", MEMBER_MESSAGES.amountInvalid],
    [{ currency: "points", direction: "credit", amount: "1.5", reason: "Skäl nog" }, "amount", MEMBER_MESSAGES.amountInvalid],
    [{ currency: "dollar", direction: "credit", amount: 5, reason: "Skäl nog" }, "currency", "Välj poäng eller XP."],
  ])("refuses %j with a Swedish field error", async (values, field, message) => {
    const member = await createMember(db());
    const result = await adjustBalance(db(), { actorUserId: admin, userId: member, values });
    expect(result).toMatchObject({ ok: false, code: "invalid", fieldErrors: { [field]: message } });
    expect(await auditFor(member)).toEqual([]);
  });

  it("answers not found for an unknown member", async () => {
    const values = { currency: "points", direction: "credit", amount: 5, reason: "Skäl nog" };
    expect(await adjustBalance(db(), { actorUserId: admin, userId: crypto.randomUUID(), values })).toMatchObject({ code: "not_found" });
    expect(await adjustBalance(db(), { actorUserId: admin, userId: "'; DROP TABLE x", values })).toMatchObject({ code: "not_found" });
  });
});

describe("setRole", () => {
  it("grants and revokes roles, audited", async () => {
    const member = await createMember(db());
    expect(await setRole(db(), { actorUserId: admin, userId: member, role: "blog", grant: true })).toMatchObject({ ok: true, roles: ["blog"] });
    expect(await setRole(db(), { actorUserId: admin, userId: member, role: "seo", grant: true })).toMatchObject({ ok: true, roles: ["blog", "seo"] });
    expect(await setRole(db(), { actorUserId: admin, userId: member, role: "blog", grant: false })).toMatchObject({ ok: true, roles: ["seo"] });
    const audit = await auditFor(member);
    expect(audit.map((entry) => entry.action)).toEqual(["member.revoke_role", "member.grant_role", "member.grant_role"]);
    expect(audit[0]).toMatchObject({ before: { roles: ["blog", "seo"] }, after: { roles: ["seo"] } });
  });

  it("never removes the last admin", async () => {
    const isolated = await createTestDatabase();
    try {
      const only = await createStaff(isolated.db);
      const refused = await setRole(isolated.db, { actorUserId: only, userId: only, role: "admin", grant: false });
      expect(refused).toMatchObject({ ok: false, code: "last_admin", message: MEMBER_MESSAGES.lastAdmin });
      expect(await isolated.db.select().from(user_roles).where(eq(user_roles.user_id, only))).toHaveLength(1);
      const second = await createStaff(isolated.db);
      expect(await setRole(isolated.db, { actorUserId: only, userId: second, role: "admin", grant: false })).toMatchObject({ ok: true });
      expect(await setRole(isolated.db, { actorUserId: only, userId: only, role: "admin", grant: false })).toMatchObject({ code: "last_admin" });
    } finally {
      await isolated.close();
    }
  });
});

describe("revokeSessions and setSignInBlock", () => {
  it("revokes every session, records the sign-out and the audit row", async () => {
    const member = await createMember(db());
    await addSession(member);
    await addSession(member);
    expect(await revokeSessions(db(), { actorUserId: admin, userId: member })).toMatchObject({ ok: true, count: 2 });
    expect(await db().select().from(session).where(eq(session.userId, member))).toEqual([]);
    const events = await db().select().from(security_events).where(eq(security_events.user_id, member));
    expect(events).toEqual([expect.objectContaining({ event_type: "user_logout", details: expect.objectContaining({ sessions: 2 }) })]);
    expect((await auditFor(member))[0]).toMatchObject({ action: "member.revoke_sessions", after: { sessionsEnded: 2 } });
  });

  it("blocks sign-in (ending every session) and unblocks it, audited", async () => {
    const member = await createMember(db());
    await addSession(member);
    expect(await setSignInBlock(db(), { actorUserId: admin, userId: member, blocked: true })).toMatchObject({ ok: true, sessionsEnded: 1 });
    expect(await isSignInBlocked(db(), member)).toBe(true);
    expect(await db().select().from(session).where(eq(session.userId, member))).toEqual([]);
    expect((await getMemberOverview(db(), member))?.blockedAt).toBeInstanceOf(Date);
    expect(await setSignInBlock(db(), { actorUserId: admin, userId: member, blocked: false })).toMatchObject({ ok: true });
    expect(await isSignInBlocked(db(), member)).toBe(false);
    expect((await auditFor(member)).map((entry) => entry.action)).toEqual(["member.unblock_sign_in", "member.block_sign_in"]);
  });
});

describe("setContactPerson", () => {
  const platinumXp = LEVELS.find((level) => level.id === "platinum")!.minXP;

  it("names a staff member as a Platinum member's contact person, shown to the member", async () => {
    const member = await createMember(db(), { xp: platinumXp });
    const staff = await createStaff(db(), "blog");
    const result = await setContactPerson(db(), { actorUserId: admin, userId: member, contactPersonId: staff });
    expect(result).toMatchObject({ ok: true, contactPerson: { id: staff } });
    expect(await getContactPerson(db(), member)).toMatchObject({ email: expect.stringMatching(/^personal-/) });
    expect((await getMemberOverview(db(), member))?.contactPerson?.id).toBe(staff);
    expect(await setContactPerson(db(), { actorUserId: admin, userId: member, contactPersonId: null })).toMatchObject({ ok: true });
    expect(await getContactPerson(db(), member)).toBeNull();
    expect((await auditFor(member)).map((entry) => entry.action)).toEqual(["member.set_contact_person", "member.set_contact_person"]);
  });

  it("refuses a member below Platinum and a contact person without a staff role", async () => {
    const gold = await createMember(db(), { xp: platinumXp - 1 });
    const staff = await createStaff(db());
    expect(await setContactPerson(db(), { actorUserId: admin, userId: gold, contactPersonId: staff })).toMatchObject({
      ok: false,
      code: "not_platinum",
      message: MEMBER_MESSAGES.notPlatinum,
    });
    const platinum = await createMember(db(), { xp: platinumXp });
    const plain = await createMember(db());
    expect(await setContactPerson(db(), { actorUserId: admin, userId: platinum, contactPersonId: plain })).toMatchObject({ code: "not_staff" });
    expect(await setContactPerson(db(), { actorUserId: admin, userId: platinum, contactPersonId: "nej" })).toMatchObject({ code: "not_staff" });
    expect(await auditFor(platinum)).toEqual([]);
  });
});

describe("getMemberOverview", () => {
  it("shows profile, standing, roles, active sessions and recent security events", async () => {
    const member = await createMember(db(), { email: "oversikt@example.se", points: 12, xp: 34 });
    await addSession(member);
    await db().insert(security_events).values({ user_id: member, event_type: "user_login" });
    const overview = await getMemberOverview(db(), member);
    expect(overview).toMatchObject({ email: "oversikt@example.se", points: 12, xp: 34, level: "bronze", roles: [], blockedAt: null });
    expect(overview?.sessions).toHaveLength(1);
    expect(overview?.securityEvents.map((event) => event.type)).toEqual(["user_login"]);
    expect(await getMemberOverview(db(), crypto.randomUUID())).toBeNull();
    expect(await getMemberOverview(db(), "inte-ett-id")).toBeNull();
  });
});
