/**
 * The password and the address on /profile through the production build
 * (docs/rules/accounts.md#changing-the-password): a change wants the current password, ends every
 * other session, mails the member and writes a security event; refusals are Swedish 4xx that
 * change nothing; an account made with Steam or Google sets a first password only right after
 * signing in; an address change warns the old address.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "~/modules/accounts/auth-messages";
import { account, mail_queue, security_events, session } from "~/platform/db/schema";
import { startInProcessServer, type InProcessServer } from "./in-process-server";
import { createMember, formBody, MEMBER_PASSWORD, signInCookie, type TestMember } from "./test-members";

const NEW_PASSWORD = "Nytt#Losen2027";
let server: InProcessServer;
let member: TestMember;
let social: TestMember;

beforeAll(async () => {
  server = await startInProcessServer();
  member = await createMember(server, "losen.byte@example.se");
  social = await createMember(server, "losen.steam@example.se");
  // As an account made with Steam or Google: no password.
  await db().update(account).set({ password: null }).where(eq(account.userId, social.userId));
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db;

function post(fields: Record<string, string>, cookie: string) {
  return fetch(`${server.url}/profile`, {
    method: "POST",
    headers: { origin: server.url, cookie, "content-type": "application/x-www-form-urlencoded" },
    body: formBody(fields),
    redirect: "manual",
  });
}

async function signsIn(email: string, password: string): Promise<boolean> {
  return signInCookie(server.url, email, password).then(
    () => true,
    () => false,
  );
}

const mailsTo = (address: string, template: string) =>
  db().select().from(mail_queue).where(and(eq(mail_queue.to_address, address), eq(mail_queue.template, template)));

describe("changing the password", () => {
  it("refuses a wrong current password, a weak or mismatched new one and hostile input in Swedish, changing nothing", async () => {
    const change = { intent: "password-change", currentPassword: MEMBER_PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    for (const [fields, message] of [
      [{ ...change, currentPassword: "Fel#Losen1" }, AUTH_MESSAGES.currentPasswordWrong],
      [{ ...change, currentPassword: "" }, AUTH_MESSAGES.currentPasswordMissing],
      [{ ...change, password: "svagt", confirmPassword: "svagt" }, AUTH_MESSAGES.weakPassword],
      [{ ...change, confirmPassword: "Annat#Losen2027" }, AUTH_MESSAGES.newPasswordMismatch],
      [{ ...change, password: "Nytt#Los\u0000en2027", confirmPassword: "Nytt#Los\u0000en2027" }, null],
    ] as const) {
      const response = await post(fields, member.cookie);
      expect(response.status).toBe(400);
      const text = await response.text();
      if (message) expect(text).toContain(message);
      expect(text).not.toContain(NEW_PASSWORD);
    }
    expect(await signsIn(member.email, MEMBER_PASSWORD)).toBe(true);
    expect(await mailsTo(member.email, "passwordChanged")).toHaveLength(0);
  });

  it("with the current password: signs every other device out, keeps this one, mails the member and logs it", async () => {
    const other = await signInCookie(server.url, member.email);
    const response = await post(
      { intent: "password-change", currentPassword: MEMBER_PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      member.cookie,
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(AUTH_MESSAGES.passwordChanged);

    const page = (cookie: string) => fetch(`${server.url}/profile`, { headers: { cookie }, redirect: "manual" });
    expect((await page(member.cookie)).status).toBe(200);
    expect((await page(other)).status).toBe(302);
    expect(await signsIn(member.email, MEMBER_PASSWORD)).toBe(false);
    expect(await signsIn(member.email, NEW_PASSWORD)).toBe(true);
    expect(await mailsTo(member.email, "passwordChanged")).toHaveLength(1);
    const events = await db().select().from(security_events).where(and(eq(security_events.user_id, member.userId), eq(security_events.event_type, "password_changed")));
    expect(events).toHaveLength(1);
    expect(JSON.stringify(events)).not.toContain(NEW_PASSWORD);
  });
});

describe("a first password for an account made with Steam or Google", () => {
  it("is refused a change (there is no current one) and asks for a fresh sign-in after 10 minutes", async () => {
    const change = await post({ intent: "password-change", currentPassword: "x", password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, social.cookie);
    expect(change.status).toBe(400);
    expect(await change.text()).toContain(AUTH_MESSAGES.noPasswordYet);

    await db().update(session).set({ createdAt: sql`now() - interval '20 minutes'` }).where(eq(session.userId, social.userId));
    const stale = await post({ intent: "password-set", password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, social.cookie);
    expect(stale.status).toBe(403);
    expect(await stale.text()).toContain(AUTH_MESSAGES.passwordSetNeedsSignIn);
    expect(await signsIn(social.email, NEW_PASSWORD)).toBe(false);
  });

  it("right after a sign-in sets it; then e-mail and password sign in, and a second set is refused", async () => {
    await db().update(session).set({ createdAt: sql`now()` }).where(eq(session.userId, social.userId));
    const set = await post({ intent: "password-set", password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, social.cookie);
    expect(set.status).toBe(200);
    expect(await set.text()).toContain(AUTH_MESSAGES.passwordSet);
    expect(await signsIn(social.email, NEW_PASSWORD)).toBe(true);
    expect(await mailsTo(social.email, "passwordChanged")).toHaveLength(1);
    const again = await post({ intent: "password-set", password: "Tredje#Losen2028", confirmPassword: "Tredje#Losen2028" }, social.cookie);
    expect(again.status).toBe(400);
    expect(await again.text()).toContain(AUTH_MESSAGES.passwordAlreadySet);
  });
});

describe("changing the e-mail address", () => {
  it("sends the confirmation to the new address and a notice naming it to the old one", async () => {
    const changer = await createMember(server, "adress.gammal@example.se");
    const response = await post({ intent: "profile", first_name: "Test", last_name: "Medlem", email: "adress.ny@example.se" }, changer.cookie);
    expect(response.status).toBe(200);
    const notices = await mailsTo("adress.gammal@example.se", "emailChangeRequested");
    expect(notices).toHaveLength(1);
    expect(JSON.stringify(notices[0])).toContain("adress.ny@example.se");
    expect(await mailsTo("adress.ny@example.se", "confirmEmailChange")).toHaveLength(1);
  });
});
