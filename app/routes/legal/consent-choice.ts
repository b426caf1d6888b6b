import type { Route } from "./+types/consent-choice";
import { postOnly, trackingEndpoint } from "~/modules/analytics/tracking-endpoint.server";
import { consentChoiceSchema } from "~/modules/analytics/visitor-schema";
import { recordConsentChoice } from "~/modules/analytics/visitor-tracking.server";
import { saveConsentForm } from "~/modules/consent/consent-form.server";

/**
 * POST /api/consent-choice — a saved cookie choice, counted once in its anonymous daily total
 * and nothing else stored (docs/rules/privacy.md#consent-totals).
 * - JSON {analytics, marketing, functional}: sent by the page's scripts, which saved the choice
 *   themselves; 204, 400 / 429 as /api/visitor.
 * - A form {choice: all|necessary|custom, analytics?, marketing?, functional?, returnTo}: the
 *   banner or settings posted without scripts; sets the `cookie-consent` cookie and answers 303
 *   back to the page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const type = request.headers.get("content-type") ?? "";
  if (type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data")) {
    return saveConsentForm(request, context);
  }
  return trackingEndpoint(request, context, consentChoiceSchema, recordConsentChoice);
}

export const loader = postOnly;
