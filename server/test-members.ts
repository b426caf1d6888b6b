/**
 * Members for HTTP tests against an in-process server: signed up through the real /auth
 * form, confirmed in the database (the mail round trip has its own tests), signed in through
 * Better Auth's endpoint. Each gets its own client IP only where the server trusts a proxy.
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
  return { userId: row.id, email, cookie: await signInCookie(server, email) };
}

export async function signInCookie(server: InProcessServer, email: string, password = MEMBER_PASSWORD): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { origin: server.url, "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const token = /skinhamnen\.session_token=([^;]+)/.exec(response.headers.get("set-cookie") ?? "")?.[1];
  if (!token) throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  return `skinhamnen.session_token=${token}`;
}
