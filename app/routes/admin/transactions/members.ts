/**
 * GET /admin/transactions/members (admin only), for the form that records a trade:
 * `?q=` finds members by email, name or Steam id; `?id=` gives one member's standing (level,
 * points multiplier, one-off sale bonus) for the preview of the trade's extras.
 */
import { notFound } from "~/lib/http.server";
import { z } from "~/lib/zod";
import type { Route } from "./+types/members";
import { requireAdminTab } from "~/modules/admin/admin-access.server";
import { memberTradeStanding } from "~/modules/trades/trade-preview.server";
import { searchMembers } from "~/modules/trades/trades.server";
import { db } from "~/platform/db/client.server";

const MEMBER_NOT_FOUND = "Medlemmen finns inte.";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminTab(request, "transactions");
  const params = new URL(request.url).searchParams;
  const id = params.get("id");
  if (id !== null) {
    const parsed = z.uuid().safeParse(id);
    const standing = parsed.success ? await memberTradeStanding(db(), parsed.data) : null;
    if (!standing) return notFound(MEMBER_NOT_FOUND);
    return { ok: true as const, standing };
  }
  // searchMembers answers nothing for a term that is too short, too long or not text.
  return { ok: true as const, members: await searchMembers(db(), params.get("q") ?? "") };
}
