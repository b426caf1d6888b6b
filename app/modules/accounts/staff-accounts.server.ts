/**
 * Staff accounts (docs/rules/accounts.md#roles-and-staff-accounts): `npm run admin:create` creates
 * or promotes one. A new account is created confirmed, with a random password nobody knows, and the
 * command hands back a one-time password-set link (a reset link) — no known password is ever
 * printed or stored. Secure sign-out for staff ends every session of the user and records it.
 */
import { randomBytes } from "node:crypto";
import { z } from "~/lib/zod";
import { ROLES, type Role } from "~/modules/accounts/accounts-constants";
import type { Db } from "~/platform/db/client.server";
import { AUTH_CALLBACKS, type Auth } from "./auth.server";
import { captureResetLink } from "./reset-link-capture.server";
import { grantRole } from "./roles.server";
import { logSecurityEvent } from "./security-events.server";

export const staffInputSchema = z.object({
  email: z.string("Ange en e-postadress med --email.").trim().toLowerCase().pipe(z.email("Ange en giltig e-postadress.")),
  role: z.enum(ROLES, { error: `Rollen måste vara en av: ${ROLES.join(", ")}.` }).default("admin"),
});

export interface StaffResult {
  userId: string;
  email: string;
  role: Role;
  created: boolean;
  /** One-time link to choose a password; only for a newly created account. */
  setPasswordUrl: string | null;
}

export async function createOrPromoteStaff(
  auth: Auth,
  db: Db,
  input: { email: string; role?: Role },
): Promise<StaffResult> {
  const { email, role } = staffInputSchema.parse(input);
  const ctx = await auth.$context;
  const existing = await ctx.internalAdapter.findUserByEmail(email);
  if (existing?.user) {
    await grantRole(existing.user.id, role, db);
    return { userId: existing.user.id, email, role, created: false, setPasswordUrl: null };
  }

  const user = await ctx.internalAdapter.createUser({
    email,
    name: email.split("@")[0] ?? email,
    emailVerified: true,
  }, { method: "admin" });
  // A random password that is never shown: the account is unusable until the link is used.
  const unusable = await ctx.password.hash(randomBytes(48).toString("base64url"));
  await ctx.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: unusable,
  });
  await grantRole(user.id, role, db);
  const setPasswordUrl = await captureResetLink(() =>
    auth.api.requestPasswordReset({ body: { email, redirectTo: AUTH_CALLBACKS.resetPassword } }),
  );
  if (!setPasswordUrl) throw new Error("no password-set link was produced");
  return { userId: user.id, email, role, created: true, setPasswordUrl };
}

/**
 * Ends every session of a user (staff secure sign-out) and records a
 * `user_logout` event for it.
 */
export async function signOutEverywhere(
  auth: Auth,
  db: Db,
  userId: string,
  meta: { ipAddress?: string | null; userAgent?: string | null } = {},
): Promise<void> {
  const ctx = await auth.$context;
  await ctx.internalAdapter.deleteUserSessions(userId);
  await logSecurityEvent(db, {
    userId,
    type: "user_logout",
    ipAddress: meta.ipAddress,
    userAgent: meta.userAgent,
    details: { scope: "all_sessions" },
  });
}
