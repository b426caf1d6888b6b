/**
 * POST /admin/sign-out: the staff's secure sign-out (docs/rules/admin.md#secure-sign-out). Every session of the staff
 * member ends (not only this browser's) and a `user_logout` event is recorded; the page then
 * lands on /auth, ready to sign in again.
 */
import { redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { clientIp } from "~/lib/http.server";
import { auth } from "~/modules/accounts/auth.server";
import { signOutEverywhere } from "~/modules/accounts/staff-accounts.server";
import { requireStaff } from "~/modules/admin/admin-access.server";
import { db } from "~/platform/db/client.server";
import { authHeaders } from "~/modules/accounts/auth-page.server";

const SIGNED_OUT_PATH = "/auth?message=signed-out&redirectTo=%2Fadmin";

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request);
  await signOutEverywhere(auth(), db(), staff.user.id, {
    ipAddress: clientIp(context),
    userAgent: request.headers.get("user-agent"),
  });
  // The sessions are gone already; this only clears the browser's cookies (and, finding no
  // session, records no second sign-out).
  const cleared = await auth()
    .api.signOut({ headers: authHeaders(request, context), returnHeaders: true })
    .then((result) => result.headers)
    .catch(() => new Headers());
  const headers = new Headers();
  for (const cookie of cleared.getSetCookie()) headers.append("Set-Cookie", cookie);
  return redirect(SIGNED_OUT_PATH, { headers });
}

export function loader() {
  throw redirect("/admin");
}
