/**
 * The tracking endpoints' one path (docs/rules/privacy.md#visitor-tracking): POST only, the
 * body read and validated with the shared schema (Swedish 400 for anything else), then the
 * service; a rate-limited client gets 429 with Retry-After. Success and a bot's report alike
 * answer 204: the browser has nothing to do with the answer.
 */
import type { AppLoadContext } from "react-router";
import type { z } from "zod";
import { asJson, clientIp, readInput, tooManyRequests, validate } from "~/lib/http.server";
import { db } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import type { Db } from "~/platform/db/client.server";
import type { TrackingOutcome } from "./visitor-tracking.server";

const NO_CONTENT = { status: 204, headers: { "Cache-Control": "no-store" } } as const;

export function postOnly(): Response {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}

export async function trackingEndpoint<S extends z.ZodType>(
  request: Request,
  context: AppLoadContext,
  schema: S,
  record: (db: Db, input: z.output<S>, client: { ip: string; userAgent: string; ownHost: string }) => Promise<TrackingOutcome>,
): Promise<Response> {
  if (request.method !== "POST") return postOnly();
  const input = await readInput(request);
  if (!input.ok) return asJson(input.response);
  const parsed = validate(input.data, schema);
  if (!parsed.ok) return asJson(parsed.response);
  try {
    const outcome = await record(db(), parsed.data, {
      ip: clientIp(context),
      userAgent: context.userAgent,
      ownHost: new URL(request.url).hostname,
    });
    if (outcome.result === "limited") return asJson(tooManyRequests(outcome.limit));
  } catch (error) {
    logger.error({ err: error, path: new URL(request.url).pathname }, "visitor report not recorded");
  }
  return new Response(null, NO_CONTENT);
}
