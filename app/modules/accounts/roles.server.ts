/**
 * Staff roles (docs/rules/accounts.md#roles-and-staff-accounts), read from user_roles on the
 * server. `hasRole` answers whether a user holds one role;
 * `requireRole` guards loaders and actions: 401 when signed out, 403 without the role, and
 * staff without a second factor in this session are sent to set it up or give their code.
 */
import { eq } from "drizzle-orm";
import { data } from "react-router";
import type { Role } from "~/modules/accounts/accounts-constants";
import { db as appDb, type Db } from "~/platform/db/client.server";
import { user_roles } from "~/platform/db/schema";
import { logger } from "~/platform/logger.server";
import { getCurrentSession, type CurrentSession } from "./session.server";
import { STAFF_MESSAGES } from "./staff-messages";
import { requireStaffSecondFactor } from "./two-factor.server";

async function getRoles(userId: string, target: Db = appDb()): Promise<Role[]> {
  try {
    const rows = await target.select({ role: user_roles.role }).from(user_roles).where(eq(user_roles.user_id, userId));
    return rows.map((row) => row.role as Role);
  } catch (error) {
    // A failed role lookup is logged and treated as no access.
    logger.error({ err: error, userId }, "role lookup failed");
    return [];
  }
}

export async function hasRole(userId: string, role: Role, target: Db = appDb()): Promise<boolean> {
  return (await getRoles(userId, target)).includes(role);
}

/** Whether the user holds any staff role. */
export async function isStaff(userId: string, target: Db = appDb()): Promise<boolean> {
  return (await getRoles(userId, target)).length > 0;
}

export async function grantRole(userId: string, role: Role, target: Db = appDb()): Promise<void> {
  await target.insert(user_roles).values({ user_id: userId, role }).onConflictDoNothing();
}

export const ADMIN_LOGIN_REQUIRED = STAFF_MESSAGES.loginRequired;
export const ADMIN_ACCESS_DENIED = STAFF_MESSAGES.accessDenied;

/** Requires a signed-in user holding at least one of the roles. */
export async function requireRole(
  request: Request,
  roles: Role | readonly Role[],
): Promise<CurrentSession & { roles: Role[] }> {
  const wanted = typeof roles === "string" ? [roles] : roles;
  const current = await getCurrentSession(request);
  if (!current) throw data({ message: ADMIN_LOGIN_REQUIRED }, { status: 401 });
  const held = await getRoles(current.user.id);
  if (!held.some((role) => wanted.includes(role))) {
    throw data({ message: ADMIN_ACCESS_DENIED }, { status: 403 });
  }
  // Every staff role needs a second factor, on the account and in this session (decision 046).
  await requireStaffSecondFactor(request, current);
  return { ...current, roles: held };
}
