import type { Route } from "./+types/rss";
import { feedPosts } from "~/modules/blog/blog.server";
import { rssFeed } from "~/modules/blog/feeds.server";
import { config } from "~/platform/config.server";
import { db } from "~/platform/db/client.server";

/** /blog/rss.xml: RSS 2.0 of the published posts. */
export async function loader(_args: Route.LoaderArgs) {
  const { PUBLIC_URL, SITE_NAME } = config();
  const posts = await feedPosts(db());
  return new Response(rssFeed({ publicUrl: PUBLIC_URL, siteName: SITE_NAME }, posts), {
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
      "Cache-Control": "public, max-age=600",
    },
  });
}
