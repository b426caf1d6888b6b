import { data } from "react-router";
import type { Route } from "./+types/subscribe";
import { asJson as toJson, clientIp, readInput, tooManyRequests, validate } from "~/lib/http.server";
import { NEWSLETTER, NEWSLETTER_OPT_IN } from "~/modules/newsletter/newsletter-constants";
import {
  NEWSLETTER_FORM_PARAM,
  NEWSLETTER_STATUS_PARAM,
  type NewsletterSource,
  type NewsletterStatus,
} from "~/modules/newsletter/newsletter";
import { newsletterSchema } from "~/modules/newsletter/newsletter-schema";
import { sendNewsletterConfirmation, subscribeToNewsletter } from "~/modules/newsletter/newsletter.server";
import { db } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import { consumeRateLimit } from "~/platform/rate-limit/rate-limiter.server";

/**
 * POST /api/newsletter — the footer and blog sign-up forms, with double opt-in
 * (docs/rules/site.md#footer-newsletter): the row waits unconfirmed and a confirmation mail is sent. With JavaScript the forms post
 * through a fetcher and read the answer as data; a direct call gets JSON; a plain form post (no
 * JavaScript) is sent back to the page it came from with the outcome in the URL.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const plainFormPost = isNavigation(request);
  // A fetcher's request: the same answer as data(), so a refusal stays the form's outcome.
  const asJson = context.dataRequest ? <T>(result: T) => result : toJson;
  const input = await readInput(request);
  const source: NewsletterSource = input.ok && input.data.source === "blog" ? "blog" : "footer";

  const limit = await consumeRateLimit(db(), NEWSLETTER.rateLimit, "ip", clientIp(context));
  if (!limit.allowed) return plainFormPost ? redirectBack(request, "fel", source) : asJson(tooManyRequests(limit));

  const parsed = input.ok ? validate(input.data, newsletterSchema) : input;
  if (!parsed.ok) return plainFormPost ? redirectBack(request, "ogiltig", source) : asJson(parsed.response);

  try {
    const { confirmation } = await subscribeToNewsletter(db(), parsed.data);
    // The mail goes out after the answer: a new address and a confirmed one answer alike and
    // about as fast, so neither the text nor the timing tells whether an address is on the list.
    // A mail that fails is logged; signing up again sends a new link.
    if (confirmation) {
      void sendNewsletterConfirmation(confirmation).catch((error: unknown) =>
        logger.error({ err: error }, "newsletter confirmation mail failed"),
      );
    }
  } catch (error) {
    logger.error({ err: error }, "newsletter sign-up failed");
    return plainFormPost
      ? redirectBack(request, "fel", source)
      : asJson(data({ ok: false, message: NEWSLETTER.failure }, { status: 500 }));
  }
  return plainFormPost
    ? redirectBack(request, "ok", source)
    : asJson(data({ ok: true, message: NEWSLETTER.success, hint: NEWSLETTER_OPT_IN.confirmHint }));
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
