/**
 * Members for HTTP tests: signed up through the real /auth form, confirmed in the database
 * (the mail round trip has its own tests), signed in through the /auth form as well. Staff
 * (`makeStaff`) set up two-factor sign-in through the real setup page, and every later
 * `signInCookie` for them answers the code step with a code computed from their secret.
 */
import { eq, sql } from "drizzle-orm";
import type { Role } from "../app/modules/accounts/accounts-constants";
import { grantRole } from "../app/modules/accounts/roles.server";
import type { Db } from "../app/platform/db/client.server";
import { session as sessionTable, session_step_ups, user as userTable } from "../app/platform/db/schema";
import type { InProcessServer } from "./in-process-server";
import { readEnrolment, totpCode } from "./test-totp";

export const MEMBER_PASSWORD = "Hemligt#2026";

export interface TestMember {
  userId: string;
  email: string;
  /** `Cookie` header value carrying the session. */
  cookie: string;
}

export function formBody(fields: Record<string, string>): URLSearchParams {
  return new URLSearchParams(fields);
}

export async function createMember(
  server: InProcessServer,
  email: string,
  fields: { firstName?: string; lastName?: string } = {},
): Promise<TestMember> {
  const signup = await fetch(`${server.url}/auth?mode=signup`, {
    method: "POST",
    headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
    body: formBody({
      intent: "signup",
      email,
      password: MEMBER_PASSWORD,
      firstName: fields.firstName ?? "Test",
      lastName: fields.lastName ?? "Medlem",
    }),
  });
  if (signup.status !== 200) throw new Error(`sign-up answered ${signup.status}: ${await signup.text()}`);
  const [row] = await server.database.db
    .update(userTable)
    .set({ emailVerified: true })
    .where(eq(userTable.email, email.toLowerCase()))
    .returning({ id: userTable.id });
  if (!row) throw new Error(`no account was created for ${email}`);
  return { userId: row.id, email, cookie: await signInCookie(server.url, email) };
}

/**
 * Signs in through the site's own form (the /auth action, as the page's fetcher posts it)
 * and returns the `Cookie` header value carrying the new session.
 */
export async function signInCookie(
  baseUrl: string,
  email: string,
  password = MEMBER_PASSWORD,
  headers: Record<string, string> = {},
): Promise<string> {
  const response = await fetch(`${baseUrl}/auth.data`, {
    method: "POST",
    headers: { origin: baseUrl, "content-type": "application/x-www-form-urlencoded", ...headers },
    body: formBody({ intent: "signin", email, password }),
  });
  const setCookie = response.headers.get("set-cookie") ?? "";
  const token = sessionCookieOf(setCookie);
  if (token) return token;
  const challenge = /skinhamnen\.two_factor=[^;]+/.exec(setCookie)?.[0];
  const secret = TOTP_SECRETS.get(email.toLowerCase());
  if (!challenge || !secret) throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  const code = await fetch(`${baseUrl}/auth?mode=two-factor`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: baseUrl, "content-type": "application/x-www-form-urlencoded", cookie: challenge, ...headers },
    body: formBody({ intent: "two-factor", code: await totpCode(secret), redirectTo: "/" }),
  });
  const session = sessionCookieOf(code.headers.get("set-cookie") ?? "");
  if (!session) throw new Error(`the sign-in code answered ${code.status}: ${await code.text()}`);
  return session;
}

function sessionCookieOf(setCookie: string): string | null {
  const token = /skinhamnen\.session_token=([^;]+)/.exec(setCookie)?.[1];
  return token ? `skinhamnen.session_token=${token}` : null;
}

/** Accounts that set up two-factor sign-in here, by address: their TOTP secret (base32). */
const TOTP_SECRETS = new Map<string, string>();

export interface Enrolment {
  secret: string;
  backupCodes: string[];
}

/**
 * Sets up two-factor sign-in for the member through the setup page (password, then a code from
 * the shown secret) and gives the member the session Better Auth replaces theirs with.
 */
export async function enrolTwoFactor(
  server: Pick<InProcessServer, "url">,
  member: Pick<TestMember, "email" | "cookie">,
  password = MEMBER_PASSWORD,
): Promise<Enrolment> {
  const headers = { origin: server.url, "content-type": "application/x-www-form-urlencoded", cookie: member.cookie };
  const start = await fetch(`${server.url}/profile/tvastegsverifiering`, { method: "POST", headers, body: formBody({ intent: "start", password }) });
  if (start.status !== 200) throw new Error(`two-factor setup answered ${start.status}`);
  const enrolment = readEnrolment(await start.text());
  const confirm = await fetch(`${server.url}/profile/tvastegsverifiering`, {
    method: "POST",
    redirect: "manual",
    headers,
    body: formBody({ intent: "confirm", code: await totpCode(enrolment.secret), redirectTo: "/" }),
  });
  const session = sessionCookieOf(confirm.headers.get("set-cookie") ?? "");
  if (confirm.status !== 302 || !session) throw new Error(`two-factor confirmation answered ${confirm.status}: ${await confirm.text()}`);
  member.cookie = session;
  TOTP_SECRETS.set(member.email.toLowerCase(), enrolment.secret);
  return enrolment;
}

/** Gives the member a staff role and sets up the two-factor sign-in every staff role needs. */
export async function makeStaff(server: InProcessServer, member: TestMember, role: Role = "admin"): Promise<Enrolment> {
  await grantRole(member.userId, role, server.database.db);
  return enrolTwoFactor(server, member);
}

/** Makes the step-up of the session behind `cookie` `ms` old (to see the 5-minute rule refuse). */
export async function ageStepUpOf(db: Db, cookie: string, ms: number): Promise<void> {
  const token = /session_token=([^.;]+)/.exec(decodeURIComponent(cookie))?.[1];
  const [row] = await db.select({ id: sessionTable.id }).from(sessionTable).where(eq(sessionTable.token, token!));
  await db.update(session_step_ups).set({ step_up_at: sql`now() - make_interval(secs => ${ms / 1000})` }).where(eq(session_step_ups.session_id, row!.id));
}

/** The member's current authenticator code (after `enrolTwoFactor`). */
export function currentTotp(email: string): Promise<string> {
  const secret = TOTP_SECRETS.get(email.toLowerCase());
  if (!secret) throw new Error(`${email} has no second factor here`);
  return totpCode(secret);
}
