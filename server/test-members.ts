/**
 * Members for HTTP tests: signed up through the real /auth form, confirmed in the database
 * (the mail round trip has its own tests), signed in through the /auth form as well.
 */
import { eq } from "drizzle-orm";
import { user as userTable } from "../app/platform/db/schema";
import type { InProcessServer } from "./in-process-server";

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
  const token = /skinhamnen\.session_token=([^;]+)/.exec(response.headers.get("set-cookie") ?? "")?.[1];
  if (!token) throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  return `skinhamnen.session_token=${token}`;
}
