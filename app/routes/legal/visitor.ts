import type { Route } from "./+types/visitor";
import { postOnly, trackingEndpoint } from "~/modules/analytics/tracking-endpoint.server";
import { visitorReportSchema } from "~/modules/analytics/visitor-schema";
import { recordVisitorReport } from "~/modules/analytics/visitor-tracking.server";

/**
 * POST /api/visitor {sessionId, event, path, referrer?, utm…} — a visit's report on load,
 * every 5 minutes and on client-side navigation, sent only with analytics consent
 * (docs/rules/privacy.md#visitor-tracking). 204; 400 for invalid input, 429 when rate-limited.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return trackingEndpoint(request, context, visitorReportSchema, recordVisitorReport);
}

export const loader = postOnly;
