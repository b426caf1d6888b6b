import type { Route } from "./+types/consent-choice";
import { postOnly, trackingEndpoint } from "~/modules/analytics/tracking-endpoint.server";
import { consentChoiceSchema } from "~/modules/analytics/visitor-schema";
import { recordConsentChoice } from "~/modules/analytics/visitor-tracking.server";

/**
 * POST /api/consent-choice {analytics, marketing, functional} — sent when a visitor saves a
 * cookie choice; adds one to that choice's anonymous daily total and stores nothing else
 * (docs/rules/privacy.md#consent-totals). 204; 400 / 429 as /api/visitor.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return trackingEndpoint(request, context, consentChoiceSchema, recordConsentChoice);
}

export const loader = postOnly;
