/**
 * The routes whose pages anonymous visitors get from the HTML cache (server/html-cache.ts), by
 * route id, with the content each shows (its invalidation tags) and the query it may vary by.
 *
 * A route belongs here only if its anonymous render is the same for every visitor: nothing from
 * cookies, client headers or the time of day beyond the year, no per-visitor token in a form.
 * Forms that post with the page's own origin check (contact, launch notification, the shop's
 * purchase) qualify; their answers are never cached (only GET/HEAD are). Not here: the staff
 * panel, the profile, sign-in and e-mail confirmation, /success, the not-found page, searches
 * (`/blog?q=`, `/faq?q=`: any query not listed below bypasses the cache), feeds and the sitemap.
 */
import { BLOG_CATEGORIES } from "~/modules/blog/blog-constants";
import type { CacheableRoute } from "./html-cache";

const STATIC: CacheableRoute = { tags: ["config"] };

export const CACHEABLE_ROUTES: Readonly<Record<string, CacheableRoute>> = {
  // The home page shows the latest blog posts.
  "routes/site/home": { tags: ["blog", "config"] },
  "routes/blog/blog": { tags: ["blog", "config"], params: { kategori: BLOG_CATEGORIES } },
  "routes/blog/post": { tags: ["blog", "config"] },
  // Items, prices and stock; a signed-in visitor's balance is never part of an anonymous render.
  "routes/loyalty/point-shop": { tags: ["shop", "config"] },
  "routes/site/salja-skins": STATIC,
  "routes/site/kop-skins": STATIC,
  "routes/site/om-oss": STATIC,
  "routes/site/omdomen": STATIC,
  "routes/support/faq": STATIC,
  "routes/support/kontakta-oss": STATIC,
  "routes/loyalty/point-system": STATIC,
  "routes/loyalty/xp-system": STATIC,
  "routes/legal/cookie-policy": STATIC,
  "routes/legal/integritetspolicy": STATIC,
  "routes/legal/anvandarvillkor": STATIC,
  "routes/support/trade-protection": STATIC,
};
