import { visitorHash } from "~/platform/visitor-hash.server";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BLOG_VIEW_RATE_LIMIT } from "~/modules/blog/blog-constants";
import { blog_post_views, blog_posts, rate_limits } from "~/platform/db/schema";
import { queryRows } from "~/platform/db/client.server";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import { readFileSync } from "node:fs";
import path from "node:path";
import { readingTimeMinutes } from "./blog";
import {
  blogPostValues,
  feedPosts,
  getPublishedPost,
  latestPublishedPosts,
  likePattern,
  listPublishedPosts,
  pagePublishedPosts,
  popularPublishedPosts,
  publishedListQuery,
  publishedPostStamps,
  recordPostView,
} from "./blog.server";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

type NewPost = typeof blog_posts.$inferInsert;

function postRow(slug: string, overrides: Partial<NewPost> = {}): NewPost {
  return {
    slug,
    title: `Titel ${slug}`,
    excerpt: `Sammanfattning ${slug}`,
    content: "<p>Text</p>",
    status: "published",
    published_at: new Date("2025-01-01T00:00:00Z"),
    created_at: new Date("2024-12-01T00:00:00Z"),
    ...overrides,
  };
}

async function resetPosts(rows: NewPost[]) {
  await database.db.delete(blog_posts);
  if (rows.length) await database.db.insert(blog_posts).values(rows);
}

const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

describe("listing published posts (docs/rules/blog.md#order)", () => {
  beforeEach(async () => {
    await resetPosts([
      postRow("gammal", { published_at: new Date("2024-01-01T00:00:00Z") }),
      postRow("ny", { published_at: new Date("2025-06-01T00:00:00Z") }),
      postRow("fastnalad", { is_pinned: true, published_at: new Date("2023-01-01T00:00:00Z") }),
      postRow("utan-datum-ny", { published_at: null, created_at: new Date("2025-02-02T00:00:00Z") }),
      postRow("utan-datum-gammal", { published_at: null, created_at: new Date("2024-02-02T00:00:00Z") }),
      postRow("utkast", { status: "draft", is_pinned: true }),
      postRow("arkiverad", { status: "archived" }),
    ]);
  });

  it("orders pinned first, then published_at desc with missing dates last, then created_at desc", async () => {
    const slugs = (await listPublishedPosts(database.db)).map((post) => post.slug);
    expect(slugs).toEqual(["fastnalad", "ny", "gammal", "utan-datum-ny", "utan-datum-gammal"]);
  });

  it("never lists drafts or archived posts", async () => {
    const slugs = (await listPublishedPosts(database.db)).map((post) => post.slug);
    expect(slugs).not.toContain("utkast");
    expect(slugs).not.toContain("arkiverad");
    expect(await getPublishedPost(database.db, "utkast")).toBeNull();
    expect(await getPublishedPost(database.db, "arkiverad")).toBeNull();
    expect(await getPublishedPost(database.db, "finns-inte")).toBeNull();
    expect((await getPublishedPost(database.db, "ny"))?.title).toBe("Titel ny");
    expect((await publishedPostStamps(database.db)).map((row) => row.slug)).not.toContain("utkast");
  });

  it("limits the latest list to three", async () => {
    expect((await latestPublishedPosts(database.db)).map((post) => post.slug)).toEqual([
      "fastnalad",
      "ny",
      "gammal",
    ]);
  });
});

describe("search and category filters in SQL (docs/rules/blog.md#search-and-categories)", () => {
  beforeEach(async () => {
    await resetPosts([
      postRow("rabatt", { title: "100% rabatt på avgiften", excerpt: null, categories: ["News"] }),
      postRow("hundra", { title: "1000 kronor", excerpt: "Över hundra affärer", categories: ["Trading"] }),
      postRow("understreck", { title: "AK_47 Redline", excerpt: "Guide", categories: ["Guides", "Trading"] }),
      postRow("ak", { title: "AK-47 Asiimov", excerpt: "Marknaden för AWP", categories: ["Market"] }),
      postRow("backslash", { title: "Sökväg C:\\skins", categories: [] }),
      postRow("dold", { title: "AK_47 hemlig", status: "draft", categories: ["Guides"] }),
    ]);
  });

  const slugs = async (filter: Parameters<typeof listPublishedPosts>[1]) =>
    (await listPublishedPosts(database.db, filter)).map((post) => post.slug).sort();

  it("matches a case-insensitive substring of title or excerpt", async () => {
    expect(await slugs({ search: "ak" })).toEqual(["ak", "understreck"]);
    expect(await slugs({ search: "awp" })).toEqual(["ak"]);
    expect(await slugs({ search: "HUNDRA" })).toEqual(["hundra"]);
  });

  it("treats % and _ in the search as literal characters", async () => {
    expect(await slugs({ search: "100%" })).toEqual(["rabatt"]);
    expect(await slugs({ search: "%" })).toEqual(["rabatt"]);
    expect(await slugs({ search: "AK_" })).toEqual(["understreck"]);
    expect(await slugs({ search: "_" })).toEqual(["understreck"]);
    expect(await slugs({ search: "C:\\s" })).toEqual(["backslash"]);
  });

  it("escapes the LIKE wildcards and the escape character", () => {
    expect(likePattern("50%_\\")).toBe("%50\\%\\_\\\\%");
  });

  it("filters by category id and combines with search", async () => {
    expect(await slugs({ category: "Trading" })).toEqual(["hundra", "understreck"]);
    expect(await slugs({ category: "Market" })).toEqual(["ak"]);
    expect(await slugs({ category: "all" })).toHaveLength(5);
    expect(await slugs({ category: "Trading", search: "ak" })).toEqual(["understreck"]);
    expect(await slugs({ category: "News", search: "ak" })).toEqual([]);
  });
});

describe("popular posts (docs/rules/blog.md#popular-and-latest)", () => {
  it("takes pinned posts and posts with more than 100 views, at most three, in list order", async () => {
    await resetPosts([
      postRow("a", { view_count: 100, published_at: new Date("2025-05-01T00:00:00Z") }),
      postRow("b", { view_count: 101, published_at: new Date("2025-04-01T00:00:00Z") }),
      postRow("c", { is_pinned: true, published_at: new Date("2020-01-01T00:00:00Z") }),
      postRow("d", { view_count: 5000, published_at: new Date("2025-03-01T00:00:00Z") }),
      postRow("e", { view_count: 900, published_at: new Date("2025-02-01T00:00:00Z") }),
      postRow("f", { view_count: 9999, status: "draft" }),
    ]);
    expect((await popularPublishedPosts(database.db)).map((post) => post.slug)).toEqual(["c", "b", "d"]);
  });
});

describe("view counting", () => {
  const salt = "test-salt";
  const base = new Date("2026-01-01T12:00:00Z");
  const minutes = (n: number) => new Date(base.getTime() + n * 60_000);
  const viewCount = async (slug: string) =>
    (await database.db.select().from(blog_posts).where(eq(blog_posts.slug, slug)))[0]!.view_count;

  beforeEach(async () => {
    await database.db.delete(blog_post_views);
    await database.db.delete(rate_limits);
    await resetPosts([postRow("las-mig", { view_count: 7 }), postRow("utkast", { status: "draft" })]);
  });

  it("counts the first view and not a second one within 30 minutes", async () => {
    const view = { slug: "las-mig", ip: "203.0.113.5", userAgent: CHROME, salt };
    expect(await recordPostView(database.db, { ...view, now: base })).toBe("counted");
    expect(await recordPostView(database.db, { ...view, now: minutes(29) })).toBe("repeat");
    expect(await viewCount("las-mig")).toBe(8);
  });

  it("counts the same visitor again once 30 minutes have passed since the last counted view", async () => {
    const view = { slug: "las-mig", ip: "203.0.113.5", userAgent: CHROME, salt };
    await recordPostView(database.db, { ...view, now: base });
    expect(await recordPostView(database.db, { ...view, now: minutes(30) })).toBe("counted");
    expect(await recordPostView(database.db, { ...view, now: minutes(45) })).toBe("repeat");
    expect(await recordPostView(database.db, { ...view, now: minutes(61) })).toBe("counted");
    expect(await viewCount("las-mig")).toBe(10);
  });

  it("tells visitors apart by IP and by user agent", async () => {
    await recordPostView(database.db, { slug: "las-mig", ip: "203.0.113.5", userAgent: CHROME, salt, now: base });
    await recordPostView(database.db, { slug: "las-mig", ip: "203.0.113.6", userAgent: CHROME, salt, now: base });
    await recordPostView(database.db, {
      slug: "las-mig",
      ip: "203.0.113.5",
      userAgent: `${CHROME} Edg/126`,
      salt,
      now: base,
    });
    expect(await viewCount("las-mig")).toBe(10);
  });

  it("never counts bots or requests without a user agent", async () => {
    for (const userAgent of ["Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "curl/8.5.0", ""]) {
      expect(await recordPostView(database.db, { slug: "las-mig", ip: "1.1.1.1", userAgent, salt })).toBe("bot");
    }
    expect(await viewCount("las-mig")).toBe(7);
  });

  it("does not count missing or unpublished posts", async () => {
    expect(await recordPostView(database.db, { slug: "finns-inte", ip: "1.1.1.1", userAgent: CHROME, salt })).toBe(
      "not-found",
    );
    expect(await recordPostView(database.db, { slug: "utkast", ip: "1.1.1.1", userAgent: CHROME, salt })).toBe(
      "not-found",
    );
    expect(await viewCount("utkast")).toBe(0);
  });

  it("stores only a salted hash of the visitor", async () => {
    await recordPostView(database.db, { slug: "las-mig", ip: "203.0.113.5", userAgent: CHROME, salt, now: base });
    const rows = await database.db.select().from(blog_post_views);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.visitor_hash).toBe(visitorHash(salt, "203.0.113.5", CHROME));
    expect(rows[0]!.visitor_hash).not.toContain("203.0.113.5");
    expect(visitorHash("other-salt", "203.0.113.5", CHROME)).not.toBe(rows[0]!.visitor_hash);
  });

  it("counts N identical concurrent views once", async () => {
    const view = { slug: "las-mig", ip: "198.51.100.1", userAgent: CHROME, salt, now: base };
    const results = await Promise.all(Array.from({ length: 20 }, () => recordPostView(database.db, view)));
    expect(results.filter((result) => result === "counted")).toHaveLength(1);
    expect(results.filter((result) => result === "repeat")).toHaveLength(19);
    expect(await viewCount("las-mig")).toBe(8);
  });

  it("counts at most the hourly limit of views from one address, whatever user agents it rotates", async () => {
    const now = new Date("2026-02-01T09:00:00Z");
    const results = [];
    for (let i = 0; i < 300; i++) {
      results.push(
        await recordPostView(database.db, { slug: "las-mig", ip: "192.0.2.77", userAgent: `${CHROME} Build/${i}`, salt, now }),
      );
    }
    expect(results.filter((result) => result === "counted")).toHaveLength(BLOG_VIEW_RATE_LIMIT.limit);
    expect(results.filter((result) => result === "limited")).toHaveLength(300 - BLOG_VIEW_RATE_LIMIT.limit);
    expect(await viewCount("las-mig")).toBe(7 + BLOG_VIEW_RATE_LIMIT.limit);
  });

  it("counts N different concurrent visitors N times", async () => {
    const results = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        recordPostView(database.db, { slug: "las-mig", ip: `198.51.100.${i}`, userAgent: CHROME, salt, now: base }),
      ),
    );
    expect(results.every((result) => result === "counted")).toBe(true);
    expect(await viewCount("las-mig")).toBe(22);
  });
});

describe("the list query and its index", () => {
  it("is answered from blog_posts_published_order_idx without a sort", async () => {
    const plan = await database.db.transaction(async (tx) => {
      // A handful of rows would otherwise make a sequential scan the cheaper plan.
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const query = publishedListQuery(tx, { limit: 3 }).toSQL();
      const inlined = query.sql.replace(/\$(\d+)/g, (_m, n: string) => {
        const value = query.params[Number(n) - 1];
        return typeof value === "number" ? String(value) : `'${String(value)}'`;
      });
      const rows = await queryRows<{ "QUERY PLAN": string }>(tx, sql.raw(`EXPLAIN ${inlined}`));
      return rows.map((row) => row["QUERY PLAN"]).join("\n");
    });
    expect(plan).toContain("blog_posts_published_order_idx");
    expect(plan).not.toMatch(/\bSort\b/);
  });
});

describe("pages of the list (docs/rules/blog.md#pages)", () => {
  beforeEach(async () => {
    // 30 published posts, one a day, plus a draft; "guide" in the title of every third.
    await resetPosts([
      ...Array.from({ length: 30 }, (_, i) =>
        postRow(`inlagg-${i + 1}`, {
          title: i % 3 === 0 ? `Guide ${i + 1}` : `Titel ${i + 1}`,
          published_at: new Date(Date.UTC(2025, 0, i + 1)),
        }),
      ),
      postRow("utkast", { status: "draft" }),
    ]);
  });

  it("pages in list order with the total, and the pages together are the whole list", async () => {
    const first = await pagePublishedPosts(database.db, { page: 1, pageSize: 12 });
    expect(first).toMatchObject({ page: 1, pageCount: 3, total: 30 });
    expect(first.posts.map((post) => post.slug).slice(0, 2)).toEqual(["inlagg-30", "inlagg-29"]);
    const pages = await Promise.all([1, 2, 3].map((page) => pagePublishedPosts(database.db, { page, pageSize: 12 })));
    expect(pages.map((result) => result.posts.length)).toEqual([12, 12, 6]);
    const all = (await listPublishedPosts(database.db)).map((post) => post.slug);
    expect(pages.flatMap((result) => result.posts.map((post) => post.slug))).toEqual(all);
  });

  it("filters before paging and counts the matches on every page", async () => {
    const result = await pagePublishedPosts(database.db, { search: "guide", pageSize: 4, page: 3 });
    expect(result).toMatchObject({ page: 3, pageCount: 3, total: 10 });
    expect(result.posts.map((post) => post.slug)).toEqual(["inlagg-4", "inlagg-1"]);
  });

  it("a page past the end is empty and keeps its number; nonsense pages are clamped", async () => {
    expect(await pagePublishedPosts(database.db, { page: 9 })).toMatchObject({ page: 9, posts: [], total: 30 });
    expect((await pagePublishedPosts(database.db, { page: -3 })).page).toBe(1);
    expect((await pagePublishedPosts(database.db, { page: Number.NaN })).page).toBe(1);
  });

  it("cards never read a post's body; the feed lists every post unpaged", async () => {
    const [card] = (await pagePublishedPosts(database.db, {})).posts;
    expect(card).not.toHaveProperty("content");
    expect(Object.keys(card!).sort()).toEqual(
      ["alt_text", "categories", "created_at", "excerpt", "featured_image_url", "published_at", "reading_minutes", "slug", "title"],
    );
    expect(await feedPosts(database.db)).toHaveLength(30);
  });
});

describe("stored reading time (docs/rules/blog.md#reading-time)", () => {
  const long = `<p>${"ord ".repeat(450)}</p><script>${"dold ".repeat(900)}</script>`;

  it("is computed when a post is written", async () => {
    await resetPosts([]);
    await database.db.insert(blog_posts).values(blogPostValues(postRow("lang", { content: long })));
    const [stored] = await listPublishedPosts(database.db);
    expect(stored!.reading_minutes).toBe(3);
    expect(stored!.reading_minutes).toBe(readingTimeMinutes(long));
  });

  it("the migration's backfill gives existing posts the same figure as the code", async () => {
    const contents = [
      long,
      "",
      "<p>ett</p>",
      `<div>${"a&nbsp;b ".repeat(150)}</div><!-- ${"kommentar ".repeat(500)} -->`,
      `<h2>Rubrik</h2>\n<p>${"ord\n".repeat(401)}</p><style>p{color:red}</style>`,
      `<p>${"ord ".repeat(200)}</p>`,
    ];
    await resetPosts(contents.map((content, i) => postRow(`post-${i}`, { content, reading_minutes: 99 })));
    const migration = readFileSync(path.resolve("drizzle/0011_blog-reading-time.sql"), "utf8");
    const backfill = migration.split("--> statement-breakpoint").find((statement) => statement.includes("UPDATE"));
    await database.db.execute(sql.raw(backfill!.replace(/^--.*$/gm, "")));
    const rows = await database.db.select({ slug: blog_posts.slug, content: blog_posts.content, minutes: blog_posts.reading_minutes }).from(blog_posts);
    for (const row of rows) expect({ slug: row.slug, minutes: row.minutes }).toEqual({ slug: row.slug, minutes: readingTimeMinutes(row.content) });
  });
});

describe("scheduled posts (docs/rules/blog.md#scheduled-publishing)", () => {
  const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1_000);
  const CHROME_VIEW = { ip: "203.0.113.80", userAgent: CHROME, salt: "test-salt" };

  /** Every public read, as the slugs it returns. */
  async function publicSlugs(slug: string) {
    const [list, page, searched, category, latest, popular, feed, stamps, post] = await Promise.all([
      listPublishedPosts(database.db),
      pagePublishedPosts(database.db, {}),
      listPublishedPosts(database.db, { search: "Schemalagd" }),
      listPublishedPosts(database.db, { category: "News" }),
      latestPublishedPosts(database.db),
      popularPublishedPosts(database.db),
      feedPosts(database.db),
      publishedPostStamps(database.db),
      getPublishedPost(database.db, slug),
    ]);
    return {
      list: list.some((row) => row.slug === slug),
      page: page.posts.some((row) => row.slug === slug),
      pageTotal: page.total,
      search: searched.some((row) => row.slug === slug),
      category: category.some((row) => row.slug === slug),
      latest: latest.some((row) => row.slug === slug),
      popular: popular.some((row) => row.slug === slug),
      feed: feed.some((row) => row.slug === slug),
      sitemap: stamps.some((row) => row.slug === slug),
      post: post !== null,
    };
  }

  const everywhere = (present: boolean, total: number) => ({
    list: present,
    page: present,
    pageTotal: total,
    search: present,
    category: present,
    latest: present,
    popular: present,
    feed: present,
    sitemap: present,
    post: present,
  });

  beforeEach(async () => {
    await database.db.delete(blog_post_views);
    await database.db.delete(rate_limits);
    await resetPosts([
      postRow("redan-ute", { published_at: new Date("2025-01-01T00:00:00Z") }),
      postRow("utan-datum", { published_at: null }),
      // Pinned and newest, so it would top every list, popular included, once due.
      postRow("schemalagd", {
        title: "Schemalagd nyhet",
        categories: ["News"],
        is_pinned: true,
        view_count: 500,
        published_at: inSeconds(3_600),
      }),
    ]);
  });

  it("is absent from every public read before it is due, and its views are not counted", async () => {
    expect(await publicSlugs("schemalagd")).toEqual(everywhere(false, 2));
    expect(await recordPostView(database.db, { slug: "schemalagd", ...CHROME_VIEW })).toBe("not-found");
    // A published post without a date counts as published now.
    expect((await publicSlugs("utan-datum")).post).toBe(true);
  });

  it("is present in every public read once due by the database's clock", async () => {
    await database.db.update(blog_posts).set({ published_at: inSeconds(2) }).where(eq(blog_posts.slug, "schemalagd"));
    expect((await publicSlugs("schemalagd")).list).toBe(false);
    await expect.poll(async () => (await publicSlugs("schemalagd")).list, { timeout: 15_000, interval: 250 }).toBe(true);
    expect(await publicSlugs("schemalagd")).toEqual(everywhere(true, 3));
    expect(await recordPostView(database.db, { slug: "schemalagd", ...CHROME_VIEW })).toBe("counted");
  });
});
