/**
 * Demo content: blog posts, point-shop rewards, one influencer and the price list of the
 * offline demo inventory.
 *
 * Idempotent: every row has a natural or fixed key (blog slug, shop item id, influencer
 * referral code) and is inserted with ON CONFLICT DO NOTHING, so a second run inserts
 * nothing and never overwrites edits made through the admin panel.
 */
import type { Db } from "../client.server";
import { blog_posts, influencers, point_shop_items, sell_prices } from "../schema";
import { BLOG_POST_SEEDS } from "./blog-posts";
import { blogPostValues } from "~/modules/blog/blog.server";
import { SHOP_ITEM_SEEDS } from "./shop-items";
import { SELL_PRICE_SEEDS } from "./sell-prices";
import { publishEvent } from "../../realtime/publisher.server";

export { BLOG_POST_SEEDS } from "./blog-posts";
export { SHOP_ITEM_SEEDS } from "./shop-items";
export { SELL_PRICE_SEEDS } from "./sell-prices";

const INFLUENCER_SEEDS = [
  {
    name: "NordicFrag",
    referral_code: "NORDIC",
    status: "active",
    email: null,
    notes: "Svensk CS2-streamer. Demodata från seed.",
  },
] as const satisfies readonly (typeof influencers.$inferInsert)[];

export interface SeedResult {
  /** Rows inserted by this run, per table. */
  posts: number;
  items: number;
  influencers: number;
  prices: number;
}

export async function seed(
  db: Db,
  options: { log?: (msg: string) => void } = {},
): Promise<SeedResult> {
  const log = options.log ?? (() => {});

  const result = await db.transaction(async (tx) => {
    const posts = await tx
      .insert(blog_posts)
      // Written and last changed when published, as real posts are: not at the seed's time,
      // which would make every demo post look changed today (the sitemap's lastmod, dateModified).
      .values(
        BLOG_POST_SEEDS.map((post) =>
          blogPostValues({ ...post, created_at: post.created_at ?? post.published_at, updated_at: post.updated_at ?? post.published_at }),
        ),
      )
      .onConflictDoNothing({ target: blog_posts.slug })
      .returning({ id: blog_posts.id });

    const items = await tx
      .insert(point_shop_items)
      .values(SHOP_ITEM_SEEDS.map((item) => ({ ...item })))
      .onConflictDoNothing({ target: point_shop_items.id })
      .returning({ id: point_shop_items.id });

    const partners = await tx
      .insert(influencers)
      .values(INFLUENCER_SEEDS.map((influencer) => ({ ...influencer })))
      .onConflictDoNothing({ target: influencers.referral_code })
      .returning({ id: influencers.id });

    const prices = await tx
      .insert(sell_prices)
      .values(SELL_PRICE_SEEDS.map((price) => ({ ...price, source: "manual" })))
      .onConflictDoNothing({ target: sell_prices.market_hash_name })
      .returning({ name: sell_prices.market_hash_name });

    // A seed into a running deployment (npm run db:seed) changes what cached pages show.
    if (posts.length > 0) await publishEvent(tx, { type: "content", tag: "blog" });
    if (items.length > 0) await publishEvent(tx, { type: "content", tag: "shop" });

    return { posts: posts.length, items: items.length, influencers: partners.length, prices: prices.length };
  });

  log(
    `Seed: ${result.posts}/${BLOG_POST_SEEDS.length} blog posts, ` +
      `${result.items}/${SHOP_ITEM_SEEDS.length} shop items, ` +
      `${result.influencers}/${INFLUENCER_SEEDS.length} influencers, ` +
      `${result.prices}/${SELL_PRICE_SEEDS.length} prices inserted.`,
  );
  return result;
}
