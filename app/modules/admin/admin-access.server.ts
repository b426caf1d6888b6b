/**
 * The staff panel's guards, built on `requireRole` and the one tab table (admin-tabs.ts).
 * The /admin layout asks `requireStaff` once for the sidebar; every tab's loader and action
 * asks `requireAdminTab` for its own tab as well, because a data request can run a tab's
 * loader or action without the layout's (hiding a tab is not protection).
 * Signed out → 401, signed in without a role that may open the tab → 403 (texts: docs/rules/admin.md#refusals).
 */
import { ROLES, type Role } from "~/modules/accounts/accounts-constants";
import { requireRole } from "~/modules/accounts/roles.server";
import type { CurrentSession } from "~/modules/accounts/session.server";
import { adminTab, type AdminTabId } from "./admin-tabs";

export type StaffSession = CurrentSession & { roles: Role[] };

/** A signed-in user holding any staff role (admin, blog, seo). */
export function requireStaff(request: Request): Promise<StaffSession> {
  return requireRole(request, ROLES);
}

/** A signed-in user whose roles may open this tab. */
export function requireAdminTab(request: Request, tab: AdminTabId): Promise<StaffSession> {
  return requireRole(request, adminTab(tab).roles);
}
