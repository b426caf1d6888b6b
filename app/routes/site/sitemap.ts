import type { Route } from "./+types/sitemap";
import { publishedPostStamps } from "~/modules/blog/blog.server";
import { sitemap } from "~/modules/blog/feeds.server";
import { config } from "~/platform/config.server";
import { db } from "~/platform/db/client.server";

/** /sitemap.xml: every public static page plus the published posts with their last change. */
export async function loader(_args: Route.LoaderArgs) {
  const posts = await publishedPostStamps(db());
  return new Response(sitemap(config().PUBLIC_URL, posts), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
