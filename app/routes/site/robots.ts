import type { Route } from "./+types/robots";
import { robotsTxt } from "~/modules/blog/feeds.server";
import { config } from "~/platform/config.server";

/** /robots.txt: keeps crawlers out of private areas and points them at the sitemap. */
export function loader(_args: Route.LoaderArgs) {
  return new Response(robotsTxt(config().PUBLIC_URL), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=86400",
    },
  });
}
