/**
 * Two-factor sign-in and step-up through the production build (decision 046): staff without a
 * second factor are led to set it up and every staff action is refused; a wrong code is
 * limited; a backup code works once; the step-up goes stale after 5 minutes; an admin's reset
 * of a colleague's second factor wants the admin's own step-up and is audited.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STEP_UP_MAX_AGE_MS } from "~/modules/accounts/accounts-constants";
import { grantRole } from "~/modules/accounts/roles.server";
import { TWO_FACTOR_MESSAGES } from "~/modules/accounts/two-factor-messages";
import { audit_log, security_events, session, twoFactor, user, user_roles } from "~/platform/db/schema";
import { startInProcessServer, type InProcessServer } from "./in-process-server";
import { ageStepUpOf, createMember, enrolTwoFactor, formBody, MEMBER_PASSWORD, signInCookie, type Enrolment, type TestMember } from "./test-members";
import { totpCode } from "./test-totp";

let server: InProcessServer;
let admin: TestMember;
let adminEnrolment: Enrolment;
let newcomer: TestMember;
let member: TestMember;

beforeAll(async () => {
  server = await startInProcessServer();
  admin = await createMember(server, "tva.admin@example.se");
  newcomer = await createMember(server, "tva.ny@example.se");
  member = await createMember(server, "tva.medlem@example.se");
  await grantRole(admin.userId, "admin", server.database.db);
  await grantRole(newcomer.userId, "seo", server.database.db);
  adminEnrolment = await enrolTwoFactor(server, admin);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db;
const form = { "content-type": "application/x-www-form-urlencoded" };

function get(target: string, cookie: string) {
  return fetch(`${server.url}${target}`, { headers: { cookie }, redirect: "manual" });
}

function post(target: string, fields: Record<string, string>, cookie: string) {
  return fetch(`${server.url}${target}`, { method: "POST", headers: { origin: server.url, cookie, ...form }, body: formBody(fields), redirect: "manual" });
}

/** The password step of a sign-in: the pending-challenge cookie. */
async function passwordStep(email: string): Promise<string> {
  const response = await fetch(`${server.url}/auth.data`, {
    method: "POST",
    headers: { origin: server.url, ...form },
    body: formBody({ intent: "signin", email, password: MEMBER_PASSWORD }),
  });
  const setCookie = response.headers.get("set-cookie") ?? "";
  expect(setCookie).not.toMatch(/session_token=[^;]/);
  const challenge = /skinhamnen\.two_factor=[^;]+/.exec(setCookie)?.[0];
  if (!challenge) throw new Error(`no two-factor challenge: ${response.status}`);
  return challenge;
}

const codeStep = (challenge: string, code: string) => post("/auth?mode=two-factor", { intent: "two-factor", code, redirectTo: "/admin" }, challenge);

const rolesOf = async (userId: string) => (await db().select({ role: user_roles.role }).from(user_roles).where(eq(user_roles.user_id, userId))).map((row) => row.role).sort();

const ageStepUp = (cookie: string, ms: number) => ageStepUpOf(db(), cookie, ms);

describe("staff without a second factor", () => {
  it("is led to set it up and can neither open /admin nor post a staff action", async () => {
    const page = await get("/admin/seo", newcomer.cookie);
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/profile/tvastegsverifiering?redirectTo=%2Fadmin%2Fseo");
    const data = await get("/admin/seo.data", newcomer.cookie);
    expect(data.status).toBe(403);
    expect(await data.text()).toContain(TWO_FACTOR_MESSAGES.staffSetupRequired);
    // A staff action (an admin's, even) is refused before it runs.
    await grantRole(newcomer.userId, "admin", db());
    const action = await post(`/admin/users/${member.userId}.data`, { intent: "role", role: "blog", grant: "true" }, newcomer.cookie);
    expect(action.status).toBe(403);
    expect(await rolesOf(member.userId)).toEqual([]);
    await db().delete(user_roles).where(and(eq(user_roles.user_id, newcomer.userId), eq(user_roles.role, "admin")));
  });

  it("sets it up: QR code, the secret as text and the backup codes once, then /admin opens", async () => {
    const setup = await get("/profile/tvastegsverifiering?redirectTo=%2Fadmin%2Fseo", newcomer.cookie);
    expect(setup.status).toBe(200);
    const wrongPassword = await post("/profile/tvastegsverifiering", { intent: "start", password: "fel-lösenord" }, newcomer.cookie);
    expect(wrongPassword.status).toBe(403);
    expect(await wrongPassword.text()).toContain(TWO_FACTOR_MESSAGES.wrongPassword);
    const enrolment = await enrolTwoFactor(server, newcomer);
    expect(enrolment.backupCodes).toHaveLength(10);
    expect((await get("/admin/seo", newcomer.cookie)).status).toBe(200);
    const [row] = await db().select({ enabled: user.twoFactorEnabled }).from(user).where(eq(user.id, newcomer.userId));
    expect(row?.enabled).toBe(true);
    const events = await db().select({ type: security_events.event_type }).from(security_events).where(eq(security_events.user_id, newcomer.userId));
    expect(events.map((event) => event.type)).toContain("two_factor_enabled");
  });
});

describe("signing in with a second factor", () => {
  it("asks for the code after the password, and a session only comes with a right one", async () => {
    const challenge = await passwordStep(admin.email);
    const wrong = await codeStep(challenge, "000000");
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain(TWO_FACTOR_MESSAGES.wrongCode);
    const right = await codeStep(challenge, await totpCode(adminEnrolment.secret));
    expect(right.status).toBe(302);
    expect(right.headers.get("location")).toBe("/admin");
    const cookie = /skinhamnen\.session_token=[^;]+/.exec(right.headers.get("set-cookie") ?? "")?.[0];
    expect((await get("/admin/users", cookie!)).status).toBe(200);
  });

  it("limits wrong codes: the challenge ends after five and the failures are logged", async () => {
    const challenge = await passwordStep(admin.email);
    for (let attempt = 0; attempt < 5; attempt++) expect((await codeStep(challenge, "111111")).status).toBe(401);
    const sixth = await codeStep(challenge, await totpCode(adminEnrolment.secret));
    expect(sixth.status).toBe(401);
    expect(await sixth.text()).toContain(TWO_FACTOR_MESSAGES.challengeExpired);
    expect(sixth.headers.get("set-cookie") ?? "").not.toMatch(/session_token=[^;]/);
    const [logged] = await db()
      .select({ count: sql<number>`count(*)::int` })
      .from(security_events)
      .where(eq(security_events.event_type, "two_factor_failed"));
    expect(logged!.count).toBeGreaterThanOrEqual(5);
  });

  it("takes a backup code once", async () => {
    const code = adminEnrolment.backupCodes[0]!;
    const first = await codeStep(await passwordStep(admin.email), code);
    expect(first.status).toBe(302);
    const again = await codeStep(await passwordStep(admin.email), code);
    expect(again.status).toBe(401);
    expect(await again.text()).toContain(TWO_FACTOR_MESSAGES.wrongBackupCode);
  });

  it("answers hostile codes with a Swedish 400 and no session", async () => {
    const challenge = await passwordStep(admin.email);
    for (const code of ["abc", "1234567", "12345\u0000", "x".repeat(5000), "<script>", ""]) {
      const response = await codeStep(challenge, code);
      expect(response.status, code.slice(0, 10)).toBe(400);
      expect(response.headers.get("set-cookie") ?? "").not.toMatch(/session_token=[^;]/);
      expect(await response.text()).toMatch(/Ange/);
    }
    // The challenge still stands: a right code goes through.
    expect((await codeStep(challenge, await totpCode(adminEnrolment.secret))).status).toBe(302);
  });
});

describe("step-up", () => {
  it("is asked again after 5 minutes before a role change, and a code renews it", async () => {
    admin.cookie = await signInCookie(server.url, admin.email);
    // The sign-in code counts as a fresh step-up.
    expect((await post(`/admin/users/${member.userId}.data`, { intent: "role", role: "blog", grant: "true" }, admin.cookie)).status).toBe(200);
    await ageStepUp(admin.cookie, STEP_UP_MAX_AGE_MS + 1000);
    const stale = await post(`/admin/users/${member.userId}.data`, { intent: "role", role: "blog", grant: "false" }, admin.cookie);
    expect(stale.status).toBe(403);
    expect(await stale.text()).toContain(TWO_FACTOR_MESSAGES.stepUpRequired);
    expect(await rolesOf(member.userId)).toEqual(["blog"]);
    // The page still opens (a second factor was given in this session), with the notice.
    const page = await get(`/admin/users/${member.userId}`, admin.cookie);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('data-testid="step-up-notice"');

    const wrong = await post("/profile/bekrafta", { intent: "code", code: "000000", redirectTo: `/admin/users/${member.userId}` }, admin.cookie);
    expect(wrong.status).toBe(401);
    const stepUp = await post("/profile/bekrafta", { intent: "code", code: await totpCode(adminEnrolment.secret), redirectTo: `/admin/users/${member.userId}` }, admin.cookie);
    expect(stepUp.status).toBe(302);
    expect(stepUp.headers.get("location")).toBe(`/admin/users/${member.userId}`);
    expect((await post(`/admin/users/${member.userId}.data`, { intent: "role", role: "blog", grant: "false" }, admin.cookie)).status).toBe(200);
    expect(await rolesOf(member.userId)).toEqual([]);
  });

  it("takes no password in place of the code from an account with a second factor", async () => {
    await ageStepUp(admin.cookie, STEP_UP_MAX_AGE_MS + 1000);
    const response = await post("/profile/bekrafta", { intent: "password", password: MEMBER_PASSWORD, redirectTo: "/" }, admin.cookie);
    expect(response.status).toBe(400);
    expect((await post(`/admin/users/${member.userId}.data`, { intent: "role", role: "blog", grant: "true" }, admin.cookie)).status).toBe(403);
  });

  it("lets a member without a second factor step up with the password", async () => {
    const wrong = await post("/profile/bekrafta", { intent: "password", password: "fel", redirectTo: "/profile" }, member.cookie);
    expect(wrong.status).toBe(403);
    const right = await post("/profile/bekrafta", { intent: "password", password: MEMBER_PASSWORD, redirectTo: "https://evil.example/" }, member.cookie);
    expect(right.status).toBe(302);
    expect(right.headers.get("location")).toBe("/");
  });
});

describe("an admin resets a colleague's second factor", () => {
  it("only after the admin's own step-up, audited, and the colleague sets it up again", async () => {
    await ageStepUp(admin.cookie, STEP_UP_MAX_AGE_MS + 1000);
    const stale = await post(`/admin/users/${newcomer.userId}.data`, { intent: "reset-two-factor" }, admin.cookie);
    expect(stale.status).toBe(403);
    expect(await db().select().from(twoFactor).where(eq(twoFactor.userId, newcomer.userId))).toHaveLength(1);

    expect((await post("/profile/bekrafta", { intent: "code", code: await totpCode(adminEnrolment.secret), redirectTo: "/" }, admin.cookie)).status).toBe(302);
    const reset = await post(`/admin/users/${newcomer.userId}.data`, { intent: "reset-two-factor" }, admin.cookie);
    expect(reset.status).toBe(200);
    expect(await db().select().from(twoFactor).where(eq(twoFactor.userId, newcomer.userId))).toHaveLength(0);
    expect(await db().select().from(session).where(eq(session.userId, newcomer.userId))).toHaveLength(0);
    const audit = await db().select().from(audit_log).where(and(eq(audit_log.entity_id, newcomer.userId), eq(audit_log.action, "member.reset_two_factor")));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_user_id).toBe(admin.userId);

    // A password sign-in now gives a session straight away, which /admin sends to the setup.
    const fresh = await fetch(`${server.url}/auth.data`, {
      method: "POST",
      headers: { origin: server.url, ...form },
      body: formBody({ intent: "signin", email: newcomer.email, password: MEMBER_PASSWORD }),
    });
    const cookie = /skinhamnen\.session_token=[^;]+/.exec(fresh.headers.get("set-cookie") ?? "")?.[0];
    expect(cookie).toBeTruthy();
    expect((await get("/admin/seo", cookie!)).headers.get("location")).toContain("/profile/tvastegsverifiering");
  });

  it("refuses a reset for a member without one, and hostile ids", async () => {
    expect((await post(`/admin/users/${member.userId}.data`, { intent: "reset-two-factor" }, admin.cookie)).status).toBe(400);
    expect((await post(`/admin/users/not-a-uuid.data`, { intent: "reset-two-factor" }, admin.cookie)).status).toBe(404);
  });
});
