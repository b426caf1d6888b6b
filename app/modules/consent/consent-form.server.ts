/**
 * The cookie banner's and settings' plain post (docs/rules/privacy.md#cookie-consent, docs/decisions/042):
 * the choice is added to the anonymous daily totals, saved in the `cookie-consent` cookie, and
 * the visitor goes back to the page with the one-shot "Dina cookie-val är sparade" notice.
 */
import type { AppLoadContext } from "react-router";
import { asJson, clientIp, parseRequest } from "~/lib/http.server";
import { noticeCookie } from "~/lib/notice";
import { consentFormSchema } from "~/lib/preference-forms";
import { secureCookies, seeOther } from "~/lib/preference-forms.server";
import { recordConsentChoice } from "~/modules/analytics/visitor-tracking.server";
import { db } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import { choiceFromConsentForm, consentCookie } from "./consent";

export async function saveConsentForm(request: Request, context: AppLoadContext): Promise<Response> {
  const parsed = await parseRequest(request, consentFormSchema);
  if (!parsed.ok) return asJson(parsed.response);
  const form = parsed.data;
  const choice = choiceFromConsentForm(form.choice, (category) => form[category] === "on");
  try {
    // A rate-limited client still gets its choice saved; only the totals skip it.
    await recordConsentChoice(db(), choice, {
      ip: clientIp(context),
      userAgent: context.userAgent,
      ownHost: new URL(request.url).hostname,
    });
  } catch (error) {
    logger.error({ err: error }, "consent choice not counted");
  }
  const secure = secureCookies();
  return seeOther(form.returnTo, [consentCookie(choice, secure), noticeCookie("consent-saved", secure)]);
}
