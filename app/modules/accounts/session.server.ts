/**
 * The one way to read the session in loaders and actions, and the guards built on it.
 * Guards throw a redirect or a 4xx response, so the rest of a loader reads as the happy path.
 */
import { eq } from "drizzle-orm";
import { redirect } from "react-router";
import { db as appDb, type Db } from "~/platform/db/client.server";
import { session } from "~/platform/db/schema";
import { auth } from "./auth.server";
import { safeRedirectTo } from "./safe-redirect";
import { isBeyondAbsoluteLifetime } from "./session-policy";

export type AuthSession = NonNullable<Awaited<ReturnType<ReturnType<typeof auth>["api"]["getSession"]>>>;

export interface CurrentSession {
  user: AuthSession["user"];
  session: AuthSession["session"];
  /** Set-Cookie headers from a refreshed session; return them with the response. */
  headers: Headers;
}

/**
 * One session read per request (docs/rules/accounts.md#one-session-read-per-request): the root
 * loader, the route's loader and every guard share the answer for the same Request object.
 * React Router hands all loaders of one request the same object, and a document POST gives its
 * loaders a fresh one after the action, so a sign-in or sign-out in an action is seen by them.
 */
const readsByRequest = new WeakMap<Request, Promise<CurrentSession | null>>();

/** The signed-in user's session, or null. Sessions past their absolute lifetime are revoked. */
export function getCurrentSession(request: Request): Promise<CurrentSession | null> {
  let read = readsByRequest.get(request);
  if (!read) {
    read = readSession(request);
    readsByRequest.set(request, read);
    // A failed read is not remembered: the next caller asks again (and sees the error itself).
    read.catch(() => readsByRequest.delete(request));
  }
  return read;
}

async function readSession(request: Request): Promise<CurrentSession | null> {
  const result = await auth().api.getSession({ headers: request.headers, returnHeaders: true });
  const value = result.response;
  if (!value) return null;
  if (isBeyondAbsoluteLifetime(new Date(value.session.createdAt))) {
    await auth().api.revokeSession({ headers: request.headers, body: { token: value.session.token } });
    return null;
  }
  return { user: value.user, session: value.session, headers: result.headers };
}

/** /auth, remembering the page (never its data-request URL) to come back to. */
function signInUrl(request: Request): string {
  const url = new URL(request.url);
  const back = safeRedirectTo(`${url.pathname}${url.search}`);
  return back === "/" ? "/auth" : `/auth?redirectTo=${encodeURIComponent(back)}`;
}

/** Signed-out visitors go to /auth (docs/rules/accounts.md#redirects). */
export async function requireUser(request: Request): Promise<CurrentSession> {
  const current = await getCurrentSession(request);
  if (!current) throw redirect(signInUrl(request));
  return current;
}

/**
 * Whether a session still exists, unexpired and within its absolute lifetime. A plain read:
 * unlike getCurrentSession it never slides the expiry, so a long-open event stream asking
 * every heartbeat does not keep a session alive or log refreshes.
 */
export async function isSessionActive(sessionId: string, target: Db = appDb()): Promise<boolean> {
  const [row] = await target
    .select({ expiresAt: session.expiresAt, createdAt: session.createdAt })
    .from(session)
    .where(eq(session.id, sessionId))
    .limit(1);
  if (!row) return false;
  return row.expiresAt.getTime() > Date.now() && !isBeyondAbsoluteLifetime(row.createdAt);
}
