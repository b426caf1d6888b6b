/**
 * Reading published blog posts and counting their views. Only `published` posts that are due are
 * ever returned (docs/rules/blog.md#published-posts, #scheduled-publishing); lists use one order (docs/rules/blog.md#order), written to
 * match the partial index `blog_posts_published_order_idx` so PostgreSQL can read it instead of
 * sorting.
 */
import { and, count, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { pageParams } from "~/lib/paging";
import { likePattern } from "~/platform/db/like";
import { isbot } from "isbot";
import { visitorHash } from "~/platform/visitor-hash.server";
import { BLOG, BLOG_VIEW_RATE_LIMIT } from "~/modules/blog/blog-constants";
import { execCount, queryRows, type Db } from "~/platform/db/client.server";
import { consumeRateLimit } from "~/platform/rate-limit/rate-limiter.server";
import { blog_posts } from "~/platform/db/schema";
import { readingTimeMinutes, type BlogCardSource, type CategoryFilter } from "./blog";

export type BlogPostRow = typeof blog_posts.$inferSelect;
type BlogPostInsert = typeof blog_posts.$inferInsert;

export interface ListFilter {
  search?: string;
  category?: CategoryFilter;
  limit?: number;
}

/**
 * What a post is written with (docs/rules/blog.md#reading-time): every insert or update of a
 * post's content goes through here, so the stored reading time always matches the body.
 */
export function blogPostValues<T extends BlogPostInsert>(post: T): T & { reading_minutes: number } {
  return { ...post, reading_minutes: readingTimeMinutes(post.content ?? "") };
}

/** Exactly the columns a card shows (docs/rules/blog.md#post-cards): never a post body. */
const CARD_COLUMNS = {
  slug: blog_posts.slug,
  title: blog_posts.title,
  excerpt: blog_posts.excerpt,
  featured_image_url: blog_posts.featured_image_url,
  alt_text: blog_posts.alt_text,
  categories: blog_posts.categories,
  published_at: blog_posts.published_at,
  created_at: blog_posts.created_at,
  reading_minutes: blog_posts.reading_minutes,
};

export type BlogCardRow = Pick<BlogPostRow, keyof typeof CARD_COLUMNS>;

// A card row is what toCard reads.
const cardRowFitsCard = (row: BlogCardRow): BlogCardSource => row;
void cardRowFitsCard;

/**
 * docs/rules/blog.md#order: is_pinned desc, published_at desc, created_at desc — with NULLS LAST on
 * each key, exactly as the index is defined, so a draft-free index scan gives the order.
 */
const PUBLISHED_ORDER = [
  sql`${blog_posts.is_pinned} DESC NULLS LAST`,
  sql`${blog_posts.published_at} DESC NULLS LAST`,
  sql`${blog_posts.created_at} DESC NULLS LAST`,
];

export { likePattern };

/**
 * docs/rules/blog.md#scheduled-publishing: a published post is public once its `published_at` has
 * come, by the database's clock (so every instance agrees); one published without a date counts
 * as published now. The partial index still serves the order: this is a filter on its rows.
 */
const IS_DUE = sql`(${blog_posts.published_at} IS NULL OR ${blog_posts.published_at} <= now())`;

/** Published and due: what the public may see. */
const IS_PUBLIC = and(eq(blog_posts.status, "published"), IS_DUE)!;

function publishedWhere(filter: ListFilter): SQL {
  const conditions: SQL[] = [IS_PUBLIC];
  const search = filter.search?.trim();
  if (search) {
    const pattern = likePattern(search);
    conditions.push(or(ilike(blog_posts.title, pattern), ilike(blog_posts.excerpt, pattern))!);
  }
  if (filter.category && filter.category !== "all") {
    conditions.push(sql`${blog_posts.categories} @> ARRAY[${filter.category}]::text[]`);
  }
  return and(...conditions)!;
}

/** Upper bound of any list, so one request can never read an unbounded table. */
const MAX_LIST_ROWS = 1_000;

/** The list query itself (exported so a test can check its plan uses the index). */
export function publishedListQuery(db: Db, filter: ListFilter = {}) {
  return db
    .select(CARD_COLUMNS)
    .from(blog_posts)
    .where(publishedWhere(filter))
    .orderBy(...PUBLISHED_ORDER)
    .limit(filter.limit ?? MAX_LIST_ROWS);
}

/** Published posts as cards, newest first with pinned ones on top; search and category filtered in SQL. */
export async function listPublishedPosts(db: Db, filter: ListFilter = {}): Promise<BlogCardRow[]> {
  return publishedListQuery(db, filter);
}

export interface PostPage {
  posts: BlogCardRow[];
  /** The page shown (a page past the end shows nothing and keeps its number). */
  page: number;
  pageCount: number;
  /** Posts matching the filter on all pages. */
  total: number;
}

/** docs/rules/blog.md#pages: one page of the filtered list, in list order, with the total count. */
export async function pagePublishedPosts(
  db: Db,
  filter: Omit<ListFilter, "limit"> & { page?: number; pageSize?: number },
): Promise<PostPage> {
  const { page, pageSize, offset } = pageParams(
    { page: filter.page, pageSize: filter.pageSize },
    { default: BLOG.pageSize, max: 100 },
  );
  const where = publishedWhere(filter);
  const [posts, [counted]] = await Promise.all([
    db.select(CARD_COLUMNS).from(blog_posts).where(where).orderBy(...PUBLISHED_ORDER).limit(pageSize).offset(offset),
    db.select({ total: count() }).from(blog_posts).where(where),
  ]);
  const total = Math.min(Number(counted?.total ?? 0), MAX_LIST_ROWS);
  return { posts, page, pageCount: Math.max(1, Math.ceil(total / pageSize)), total };
}

/** docs/rules/blog.md#popular-and-latest: the first three published posts (the home page and the blog's sidebar). */
export function latestPublishedPosts(db: Db, limit: number = BLOG.latestCount): Promise<BlogCardRow[]> {
  return listPublishedPosts(db, { limit });
}

/** docs/rules/blog.md#popular-and-latest: pinned or more than 100 views, at most three, in list order. */
export async function popularPublishedPosts(db: Db): Promise<BlogCardRow[]> {
  return db
    .select(CARD_COLUMNS)
    .from(blog_posts)
    .where(
      and(
        IS_PUBLIC,
        or(eq(blog_posts.is_pinned, true), sql`${blog_posts.view_count} > ${BLOG.popularMinViews}`),
      ),
    )
    .orderBy(...PUBLISHED_ORDER)
    .limit(BLOG.popularCount);
}

/** One published, due post by slug; drafts, archived and scheduled posts are as absent as missing ones. */
export async function getPublishedPost(db: Db, slug: string): Promise<BlogPostRow | null> {
  const rows = await db
    .select()
    .from(blog_posts)
    .where(and(eq(blog_posts.slug, slug), IS_PUBLIC))
    .limit(1);
  return rows[0] ?? null;
}

/** docs/rules/blog.md#feeds-and-sitemap: newest first by the date a post shows, pinned or not. */
const FEED_ORDER = [
  sql`COALESCE(${blog_posts.published_at}, ${blog_posts.created_at}) DESC`,
  sql`${blog_posts.created_at} DESC`,
];

/** The RSS feed's posts (docs/rules/blog.md#pages: the feed lists them all, unpaged), newest first, with their author. */
export async function feedPosts(db: Db): Promise<Array<BlogCardRow & { author_name: string | null }>> {
  return db
    .select({ ...CARD_COLUMNS, author_name: blog_posts.author_name })
    .from(blog_posts)
    .where(publishedWhere({}))
    .orderBy(...FEED_ORDER)
    .limit(MAX_LIST_ROWS);
}

/**
 * The last moment anything the feed or the sitemap shows of the posts changed: the latest
 * `updated_at` of any post (an unpublished or archived one included: it left the lists then)
 * or the latest date a public post came due (a scheduled post appears without a write). Null
 * without posts.
 */
export async function postsLastChanged(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({
      ms: sql<number | null>`floor(extract(epoch from GREATEST(max(${blog_posts.updated_at}), max(${blog_posts.published_at}) FILTER (WHERE ${IS_PUBLIC}))) * 1000)::float8`,
    })
    .from(blog_posts);
  return row?.ms == null ? null : new Date(Number(row.ms));
}

/** Slugs and last changes of published, due posts, for the sitemap. */
export async function publishedPostStamps(db: Db): Promise<Array<{ slug: string; updated_at: Date }>> {
  return db
    .select({ slug: blog_posts.slug, updated_at: blog_posts.updated_at })
    .from(blog_posts)
    .where(IS_PUBLIC)
    .orderBy(...PUBLISHED_ORDER);
}

// ---------------------------------------------------------------------------
// Views
// ---------------------------------------------------------------------------

export type ViewResult = "counted" | "repeat" | "bot" | "not-found" | "limited";

export interface ViewInput {
  slug: string;
  ip: string;
  userAgent: string;
  salt: string;
  now?: Date;
}

/**
 * Counts a view at most once per visitor per 30 minutes, never for bots. One statement: the
 * upsert only touches the visitor's row when the previous view is older than the window,
 * and only then is the post's counter incremented — atomically, so N identical concurrent
 * views count once (the losers of the insert race see the fresh row and update nothing).
 */
export async function recordPostView(db: Db, input: ViewInput): Promise<ViewResult> {
  if (!input.userAgent.trim() || isbot(input.userAgent)) return "bot";
  // One address cannot inflate the popular list by rotating user agents.
  const limit = await consumeRateLimit(db, BLOG_VIEW_RATE_LIMIT, "ip", input.ip, input.now);
  if (!limit.allowed) return "limited";
  const now = (input.now ?? new Date()).toISOString();
  const hash = visitorHash(input.salt, input.ip, input.userAgent);
  const rows = await queryRows<{ id: string; counted: boolean }>(db, sql`
    WITH post AS (
      SELECT id FROM blog_posts
      WHERE slug = ${input.slug} AND status = 'published' AND (published_at IS NULL OR published_at <= now())
    ),
    viewed AS (
      INSERT INTO blog_post_views (post_id, visitor_hash, viewed_at)
      SELECT id, ${hash}, ${now}::timestamptz FROM post
      ON CONFLICT (post_id, visitor_hash) DO UPDATE SET viewed_at = EXCLUDED.viewed_at
        WHERE blog_post_views.viewed_at <= EXCLUDED.viewed_at - make_interval(mins => ${BLOG.viewDedupeMinutes})
      RETURNING post_id
    ),
    counted AS (
      UPDATE blog_posts SET view_count = view_count + 1
      WHERE id IN (SELECT post_id FROM viewed)
      RETURNING id
    )
    SELECT post.id, EXISTS (SELECT 1 FROM counted) AS counted FROM post
  `);
  const row = rows[0];
  if (!row) return "not-found";
  return row.counted ? "counted" : "repeat";
}

/** Forgets view records older than the dedupe window; run by the scheduled cleanup job. */
export async function purgeOldViews(db: Db, now: Date = new Date()): Promise<number> {
  return execCount(db, sql`
    DELETE FROM blog_post_views
    WHERE viewed_at < ${now.toISOString()}::timestamptz - make_interval(mins => ${BLOG.viewDedupeMinutes})
  `);
}
