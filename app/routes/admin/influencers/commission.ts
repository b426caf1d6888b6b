/**
 * GET /admin/influencers/:influencerId/commission.csv?manad=yyyy-mm (admin only;
 * docs/rules/admin.md#influencers): the month's commission report, streamed through the one CSV path.
 */
import type { Route } from "./+types/commission";
import { csvResponse } from "~/lib/csv.server";
import { notFound } from "~/lib/http.server";
import { requireAdminTab } from "~/modules/admin/admin-access.server";
import { influencerIdSchema, INFLUENCER_MESSAGES } from "~/modules/influencers/influencer-schema";
import { exportCommissionCsv, getInfluencer } from "~/modules/influencers/influencers.server";
import { db } from "~/platform/db/client.server";
import { parseMonth } from "~/modules/influencers/influencers-page.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdminTab(request, "influencers");
  const parsed = influencerIdSchema.safeParse({ influencerId: params.influencerId });
  const influencer = parsed.success ? await getInfluencer(db(), parsed.data.influencerId) : null;
  if (!influencer) throw notFound(INFLUENCER_MESSAGES.notFound);
  const month = parseMonth(new URL(request.url).searchParams.get("manad"));
  return csvResponse(exportCommissionCsv(db(), influencer, month), `provision-${influencer.referralCode.toLowerCase()}-${month}.csv`);
}
