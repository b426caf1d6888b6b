import type { Route } from "./+types/rss";
import { conditionalDocument } from "~/lib/conditional-get.server";
import { featuredImage } from "~/modules/blog/blog";
import { feedPosts, postsLastChanged } from "~/modules/blog/blog.server";
import { pictureSizes } from "~/modules/blog/feed-pictures.server";
import { rssFeed } from "~/modules/blog/feeds.server";
import { config } from "~/platform/config.server";
import { db } from "~/platform/db/client.server";

/** /blog/rss.xml: RSS 2.0 of the published posts, newest first, answered 304 when unchanged. */
export async function loader({ request }: Route.LoaderArgs) {
  const { PUBLIC_URL, SITE_NAME } = config();
  const [posts, lastModified] = await Promise.all([feedPosts(db()), postsLastChanged(db())]);
  const sizes = await pictureSizes(db(), posts.map((post) => featuredImage(post.featured_image_url)));
  return conditionalDocument(request, rssFeed({ publicUrl: PUBLIC_URL, siteName: SITE_NAME }, posts, sizes), {
    lastModified,
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
      "Cache-Control": "public, max-age=600",
    },
  });
}
