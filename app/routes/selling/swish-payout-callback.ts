import type { Route } from "./+types/swish-payout-callback";
import { optionalPayoutKeyring } from "~/modules/selling/payout-encryption.server";
import { isSwishCallbackToken, swishPayoutClientFromConfig } from "~/modules/selling/swish-payout-client.server";
import { handleSwishPayoutCallback } from "~/modules/selling/swish-payout-sender.server";
import { config } from "~/platform/config.server";
import { db } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";

const NOT_FOUND = () => new Response("Sidan finns inte.", { status: 404, headers: { "Cache-Control": "no-store" } });

/**
 * POST /api/swish/payouts/callback?t=<token> — Swish's callback for a payout instruction
 * (docs/decisions/051-swish-payouts.md). Without Swish payouts configured, or without the URL's
 * secret, it does not exist (404). The body only names the instruction: the status is read from
 * Swish before anything changes, so a forged body changes nothing. 200 once handled; 500 when
 * our side failed, so Swish tries again (reconciliation catches it either way).
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response(null, { status: 405, headers: { Allow: "POST" } });
  const keyring = optionalPayoutKeyring();
  if (!keyring || !isSwishCallbackToken(new URL(request.url).searchParams.get("t"))) return NOT_FOUND();
  const client = swishPayoutClientFromConfig(config());
  if (!client) return NOT_FOUND();
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    client.close();
    return new Response("Ogiltig JSON.", { status: 400, headers: { "Cache-Control": "no-store" } });
  }
  try {
    const outcome = await handleSwishPayoutCallback(db(), client, keyring, body, new Date());
    return Response.json({ outcome }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    logger.error({ err: error }, "Swish payout callback not handled; reconciliation reads it later");
    return new Response("Försök igen.", { status: 500, headers: { "Cache-Control": "no-store" } });
  } finally {
    client.close();
  }
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}
