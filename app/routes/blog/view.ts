import type { Route } from "./+types/view";
import { clientIp } from "~/lib/http.server";
import { recordPostView } from "~/modules/blog/blog.server";
import { config } from "~/platform/config.server";
import { db } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";

/**
 * POST /api/blog/:slug/view — sent by the post page after it loads (a beacon), so a view
 * counts even when the page HTML itself came from a cache. Always 204: the browser has
 * nothing to do with the answer, and a failure must never disturb reading.
 */
export async function action({ params, context, request }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response(null, { status: 405, headers: { Allow: "POST" } });
  try {
    await recordPostView(db(), {
      slug: params.slug,
      ip: clientIp(context),
      userAgent: context.userAgent,
      salt: config().VISITOR_HASH_SALT,
    });
  } catch (error) {
    logger.error({ err: error, slug: params.slug }, "blog view not recorded");
  }
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}
