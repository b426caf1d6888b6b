import type { Route } from "./+types/sitemap";
import { conditionalDocument } from "~/lib/conditional-get.server";
import { postsLastChanged, publishedPostStamps } from "~/modules/blog/blog.server";
import { sitemap } from "~/modules/blog/feeds.server";
import { config } from "~/platform/config.server";
import { db } from "~/platform/db/client.server";

/** /sitemap.xml: every public static page plus the published posts with their last change; 304 when unchanged. */
export async function loader({ request }: Route.LoaderArgs) {
  const [posts, lastModified] = await Promise.all([publishedPostStamps(db()), postsLastChanged(db())]);
  return conditionalDocument(request, sitemap(config().PUBLIC_URL, posts), {
    lastModified,
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
