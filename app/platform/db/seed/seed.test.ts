import { readFileSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { count, eq, inArray, sql } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "../test-db";
import { demoInventory } from "../../../../server/fakes/steam-community";
import { blog_posts, influencers, point_shop_items, sell_prices } from "../schema";
import { BLOG_POST_SEEDS, SELL_PRICE_SEEDS, SHOP_ITEM_SEEDS, seed } from "./index";

const BLOG_CATEGORIES = ["Trading", "Market", "Guides", "News"];
const SHOP_CATEGORIES = ["gaming", "events", "bonus", "service", "vip", "other"];
const ALLOWED_TAGS = new Set([
  "h2", "h3", "p", "ul", "ol", "li", "strong", "em", "blockquote", "a",
  "table", "thead", "tbody", "tr", "th", "td",
]);
const BLOG_IMAGE_DIR = fileURLToPath(new URL("../../../../public/images/blog/", import.meta.url));

/** Width and height of a WebP file, read from its RIFF header. */
function webpSize(buffer: Buffer): { width: number; height: number } {
  if (buffer.toString("ascii", 0, 4) !== "RIFF" || buffer.toString("ascii", 8, 12) !== "WEBP") {
    throw new Error("not a WebP file");
  }
  const chunk = buffer.toString("ascii", 12, 16);
  if (chunk === "VP8X") {
    return { width: buffer.readUIntLE(24, 3) + 1, height: buffer.readUIntLE(27, 3) + 1 };
  }
  if (chunk === "VP8 ") {
    return { width: buffer.readUInt16LE(26) & 0x3fff, height: buffer.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === "VP8L") {
    const bits = buffer.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  throw new Error(`unknown WebP chunk ${chunk}`);
}

describe("seed", () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database?.close();
  });

  it("inserts published posts in all four categories with exactly one pinned", async () => {
    const messages: string[] = [];
    const first = await seed(database.db, { log: (msg) => messages.push(msg) });
    expect(first.posts).toBe(BLOG_POST_SEEDS.length);
    expect(first.items).toBe(SHOP_ITEM_SEEDS.length);
    expect(first.influencers).toBe(1);
    expect(first.prices).toBe(SELL_PRICE_SEEDS.length);
    expect(messages).toHaveLength(1);

    const posts = await database.db
      .select()
      .from(blog_posts)
      .where(eq(blog_posts.status, "published"));
    expect(posts.length).toBeGreaterThanOrEqual(6);
    const categories = new Set(posts.flatMap((post) => post.categories));
    for (const category of BLOG_CATEGORIES) expect(categories).toContain(category);
    expect(posts.filter((post) => post.is_pinned)).toHaveLength(1);
    expect(posts.some((post) => post.view_count > 100)).toBe(true);
    expect(posts.some((post) => post.view_count <= 100)).toBe(true);
    expect(posts.filter((post) => post.excerpt === null)).toHaveLength(1);
  });

  it("inserts shop items in all six categories", async () => {
    const items = await database.db.select().from(point_shop_items);
    expect(new Set(items.map((item) => item.category))).toEqual(new Set(SHOP_CATEGORIES));
    for (const item of items) {
      expect(item.is_active).toBe(true);
      expect(item.point_cost).toBeGreaterThan(0);
      expect(item.name.length).toBeGreaterThan(0);
      expect(item.description.length).toBeGreaterThan(0);
    }
  });

  it("inserts one active influencer", async () => {
    const rows = await database.db.select().from(influencers);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "NordicFrag", referral_code: "NORDIC", status: "active" });
  });

  it("prices every tradable item of the offline demo inventory, without overwriting a staff price", async () => {
    const rows = await database.db.select().from(sell_prices);
    const priced = new Set(rows.map((row) => row.market_hash_name));
    const tradable = demoInventory().filter((item) => item.tradable !== false || item.tradableAfter);
    expect(tradable.length).toBeGreaterThan(3);
    expect(tradable.map((item) => item.marketHashName).filter((name) => !priced.has(name))).toEqual([]);

    const name = SELL_PRICE_SEEDS[0].market_hash_name;
    await database.db.update(sell_prices).set({ reference_price_ore: 12_345, source: "csv" }).where(eq(sell_prices.market_hash_name, name));
    await seed(database.db);
    const [kept] = await database.db.select().from(sell_prices).where(eq(sell_prices.market_hash_name, name));
    expect(kept).toMatchObject({ reference_price_ore: 12_345, source: "csv" });
  });

  it("inserts nothing when run a second time", async () => {
    const countRows = async () => ({
      posts: (await database.db.select({ n: count() }).from(blog_posts))[0]?.n,
      items: (await database.db.select({ n: count() }).from(point_shop_items))[0]?.n,
      influencers: (await database.db.select({ n: count() }).from(influencers))[0]?.n,
      prices: (await database.db.select({ n: count() }).from(sell_prices))[0]?.n,
    });
    const before = await countRows();
    const second = await seed(database.db);
    expect(second).toEqual({ posts: 0, items: 0, influencers: 0, prices: 0 });
    expect(await countRows()).toEqual(before);
  });
});

describe("seed content", () => {
  it("keeps every post within the blog's rules", () => {
    const slugs = new Set<string>();
    for (const post of BLOG_POST_SEEDS) {
      expect(post.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(slugs.has(post.slug)).toBe(false);
      slugs.add(post.slug);
      expect(post.status).toBe("published");
      expect(post.categories.length).toBeGreaterThan(0);
      for (const category of post.categories) expect(BLOG_CATEGORIES).toContain(category);
      expect(post.published_at.getTime()).toBeGreaterThanOrEqual(Date.parse("2025-01-01T00:00:00Z"));
      expect(post.published_at.getTime()).toBeLessThanOrEqual(Date.parse("2026-11-20T23:59:59Z"));
      if (post.excerpt != null) expect(post.excerpt.length).toBeLessThanOrEqual(160);
      expect(post.meta_description?.length ?? 0).toBeGreaterThan(0);
      expect(post.meta_description?.length ?? 0).toBeLessThanOrEqual(160);
      expect(post.meta_title?.length ?? 0).toBeGreaterThan(0);
      expect(post.alt_text?.length ?? 0).toBeGreaterThan(0);
      expect(post.author_name?.length ?? 0).toBeGreaterThan(0);
      expect(post.tags.length).toBeGreaterThan(0);
      expect(post.featured_image_url).toBe(`/images/blog/${post.slug}.webp`);

      const words = post.content.replace(/<[^>]*>/g, " ").split(/\s+/).filter(Boolean).length;
      expect(words, post.slug).toBeGreaterThanOrEqual(400);
      expect(words, post.slug).toBeLessThanOrEqual(900);

      for (const match of post.content.matchAll(/<\/?([a-zA-Z0-9]+)([^>]*)>/g)) {
        const [, tag = "", attributes = ""] = match;
        expect(ALLOWED_TAGS.has(tag), `<${tag}> in ${post.slug}`).toBe(true);
        if (tag === "a" && !match[0].startsWith("</")) {
          expect(attributes).toMatch(/^ href="(https:\/\/[^"]+|\/[a-z0-9\-/]*)"$/);
        } else {
          expect(attributes.trim(), `attributes on <${tag}> in ${post.slug}`).toBe("");
        }
      }
    }
  });

  it("links only to blog posts that exist", () => {
    const slugs = new Set(BLOG_POST_SEEDS.map((post) => post.slug));
    for (const post of BLOG_POST_SEEDS) {
      for (const [, target = ""] of post.content.matchAll(/href="\/blog\/([^"]+)"/g)) {
        expect(slugs.has(target), `${post.slug} links to ${target}`).toBe(true);
      }
    }
  });

  it("has 1200×630 WebP artwork for every post and every fallback", () => {
    const files = [
      ...BLOG_POST_SEEDS.map((post) => `${post.slug}.webp`),
      "default.webp",
      "guide.webp",
      "tips.webp",
      "skins.webp",
    ];
    for (const file of files) {
      const path = BLOG_IMAGE_DIR + file;
      expect(webpSize(readFileSync(path)), file).toEqual({ width: 1200, height: 630 });
      expect(statSync(path).size, file).toBeLessThan(100 * 1024);
    }
  });

  it("uses unique, valid ids for shop items", () => {
    const ids = SHOP_ITEM_SEEDS.map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it("gives the four perk items real effects and promises nothing automatic elsewhere", () => {
    const effects = Object.fromEntries(
      SHOP_ITEM_SEEDS.filter((item) => item.effect_kind).map((item) => [item.name, [item.effect_kind, item.effect_value, item.effect_level, item.effect_days]]),
    );
    expect(effects).toEqual({
      "+2 % extra på nästa försäljning": ["sale_bonus", 2, null, null],
      "Dubbla poäng i 7 dagar": ["points_multiplier", 2, null, 7],
      "Silver-förmåner i 30 dagar": ["temporary_level", null, "silver", 30],
      "Gold-förmåner i 30 dagar": ["temporary_level", null, "gold", 30],
    });
    for (const item of SHOP_ITEM_SEEDS.filter((candidate) => !candidate.effect_kind)) {
      expect(item.description, item.name).not.toMatch(/automatiskt|aktiveras|direkt på ditt konto/i);
    }
  });

  it("has a Platinum-only item for the unique non-public deals", () => {
    const platinum = SHOP_ITEM_SEEDS.filter((item) => item.min_level === "platinum");
    expect(platinum.length).toBeGreaterThanOrEqual(1);
    expect(platinum[0]?.name.toLowerCase()).toContain("unika erbjudanden");
  });
});

describe("the shop-item effects data migration", () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seed(database.db);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("sets the effects of rows seeded before effects existed, by id", async () => {
    const ids = SHOP_ITEM_SEEDS.filter((item) => item.effect_kind).map((item) => item.id);
    // As a database seeded by the earlier release looks: no effects, old texts.
    await database.db
      .update(point_shop_items)
      .set({ effect_kind: null, effect_value: null, effect_level: null, effect_days: null, description: "Gammal text" })
      .where(inArray(point_shop_items.id, ids));
    const file = readFileSync(fileURLToPath(new URL("../../../../drizzle/0002_shop_item_effects.sql", import.meta.url)), "utf8");
    for (const statement of file.split("--> statement-breakpoint")) {
      await database.db.execute(sql.raw(statement));
    }
    const rows = await database.db.select().from(point_shop_items).where(inArray(point_shop_items.id, ids));
    for (const row of rows) {
      const seedItem = SHOP_ITEM_SEEDS.find((item) => item.id === row.id)!;
      expect(row, seedItem.name).toMatchObject({
        effect_kind: seedItem.effect_kind,
        effect_value: seedItem.effect_value,
        effect_level: seedItem.effect_level,
        effect_days: seedItem.effect_days,
        description: seedItem.description,
      });
    }
  });
});
