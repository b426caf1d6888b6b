import type { Route } from "./+types/api.newsletter";
import { asJson, clientIp, readInput, tooManyRequests, validate } from "~/lib/http.server";
import { NEWSLETTER } from "~/constants";
import {
  NEWSLETTER_FORM_PARAM,
  NEWSLETTER_STATUS_PARAM,
  type NewsletterSource,
  type NewsletterStatus,
} from "~/modules/newsletter/newsletter";
import { newsletterSchema } from "~/modules/newsletter/newsletter-schema";
import { subscribeToNewsletter } from "~/modules/newsletter/newsletter.server";
import { db } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import { consumeRateLimit } from "~/platform/rate-limit/rate-limiter.server";

/**
 * POST /api/newsletter — the footer and blog sign-up forms. With JavaScript the forms post
 * through a fetcher and read the JSON answer; a plain form post (no JavaScript) is sent back
 * to the page it came from with the outcome in the URL.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const plainFormPost = isNavigation(request);
  const input = await readInput(request);
  const source: NewsletterSource = input.ok && input.data.source === "blog" ? "blog" : "footer";

  const limit = await consumeRateLimit(db(), NEWSLETTER.rateLimit, "ip", clientIp(context));
  if (!limit.allowed) return plainFormPost ? redirectBack(request, "fel", source) : asJson(tooManyRequests(limit));

  const parsed = input.ok ? validate(input.data, newsletterSchema) : input;
  if (!parsed.ok) return plainFormPost ? redirectBack(request, "ogiltig", source) : asJson(parsed.response);

  try {
    await subscribeToNewsletter(db(), parsed.data);
  } catch (error) {
    logger.error({ err: error }, "newsletter sign-up failed");
    return plainFormPost
      ? redirectBack(request, "fel", source)
      : Response.json({ ok: false, message: NEWSLETTER.failure }, { status: 500 });
  }
  return plainFormPost
    ? redirectBack(request, "ok", source)
    : Response.json({ ok: true, message: NEWSLETTER.success });
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}

/** A browser navigation (a form posted without JavaScript), as opposed to the enhanced form's fetch. */
function isNavigation(request: Request): boolean {
  const accept = request.headers.get("accept") ?? "";
  if (accept.includes("application/json")) return false;
  return request.headers.get("sec-fetch-mode") === "navigate" || accept.includes("text/html");
}

/** Back to the same-origin page the form was on, with the outcome for that form. */
function redirectBack(request: Request, status: NewsletterStatus, source: NewsletterSource): Response {
  const origin = new URL(request.url).origin;
  let target = new URL("/", origin);
  const referer = request.headers.get("referer");
  if (referer) {
    try {
      const candidate = new URL(referer);
      if (candidate.origin === origin) target = candidate;
    } catch {
      // An unparsable referer: go to the start page.
    }
  }
  target.searchParams.set(NEWSLETTER_STATUS_PARAM, status);
  target.searchParams.set(NEWSLETTER_FORM_PARAM, source);
  target.hash = `nyhetsbrev-${source}`;
  return new Response(null, {
    status: 303,
    headers: { Location: `${target.pathname}${target.search}${target.hash}`, "Cache-Control": "no-store" },
  });
}
