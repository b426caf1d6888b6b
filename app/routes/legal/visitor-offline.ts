import type { Route } from "./+types/visitor-offline";
import { postOnly, trackingEndpoint } from "~/modules/analytics/tracking-endpoint.server";
import { visitorOfflineSchema } from "~/modules/analytics/visitor-schema";
import { markVisitorOffline } from "~/modules/analytics/visitor-tracking.server";

/**
 * POST /api/visitor-offline {sessionId} — the beacon a page sends on unload, only
 * with analytics consent: the visit no longer counts as online. 204; 400 / 429 as /api/visitor.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return trackingEndpoint(request, context, visitorOfflineSchema, (db, input, client) =>
    markVisitorOffline(db, input.sessionId, client),
  );
}

export const loader = postOnly;
