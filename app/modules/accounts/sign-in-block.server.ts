/**
 * Staff can block a member's sign-in (docs/rules/admin.md#users). Better Auth asks before it
 * creates any session — email and password, Steam, Google, a confirmation link — so the
 * refusal sits there, in one place, and no sign-in method gets around it.
 */
import { eq } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import { profiles } from "~/platform/db/schema";
import { SIGN_IN_BLOCKED_CODE } from "./social-sign-in-errors";

/** The Steam sign-in's landing page for a blocked member. */
export const SIGN_IN_BLOCKED_REDIRECT = "/auth?mode=signin&error=blocked";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether staff blocked this user's sign-in. */
export async function isSignInBlocked(db: Db, userId: string): Promise<boolean> {
  if (!UUID.test(userId)) return false;
  const [row] = await db
    .select({ blockedAt: profiles.sign_in_blocked_at })
    .from(profiles)
    .where(eq(profiles.user_id, userId))
    .limit(1);
  return Boolean(row?.blockedAt);
}

/** Whether an error from Better Auth is the blocked-sign-in refusal. */
export function isSignInBlockedError(error: unknown): boolean {
  const body = (error as { body?: { code?: unknown } } | null)?.body;
  return body?.code === SIGN_IN_BLOCKED_CODE;
}
