/**
 * The SEO Dashboard's reads (docs/rules/admin.md#seo-dashboard). Posts are checked in batches of
 * `SEO.batchSize`, newest change first and at most `SEO.maxPosts` of them: a batch's bodies are
 * read, sanitised as the public page renders them, checked (seo-checks.ts) and dropped, so only
 * the small reports stay in memory. The site-wide checks read the served sitemap, RSS feed and
 * robots.txt on every load and the public pages' heads at most once a minute per instance.
 */
import { and, desc, eq, gt, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { SEO } from "~/modules/seo/seo-constants";
import { z } from "~/lib/zod";
import { PUBLIC_PAGES } from "~/lib/public-pages";
import { parseSeoScript, sanitizeBlogHtml } from "~/modules/blog/sanitize.server";
import type { Db } from "~/platform/db/client.server";
import { blog_posts, image_variants } from "~/platform/db/schema";
import { singleton } from "~/platform/singleton.server";
import {
  byMostProblems,
  checkPost,
  checkSite,
  pageHead,
  postUrl,
  POST_STATES,
  rssLinks,
  sitemapLocations,
  type PostSeoReport,
  type PostState,
  type PublicPageMeta,
  type SiteCheck,
} from "./seo-checks";
import type { PublicDocumentReader } from "./public-documents.server";

export interface SeoDashboardQuery {
  status?: PostState;
  /** Only posts with at least one error or warning. */
  problems: boolean;
  page: number;
}

const querySchema = z.object({
  status: z.enum(POST_STATES).optional().catch(undefined),
  problems: z
    .literal("1")
    .optional()
    .catch(undefined)
    .transform((value) => value === "1"),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
});

/** The tab's view from its URL (`status`, `problem=1`, `page`); anything malformed means "no filter". */
export function parseSeoDashboardQuery(params: URLSearchParams): SeoDashboardQuery {
  const parsed = querySchema.parse({
    status: params.get("status") ?? undefined,
    problems: params.get("problem") ?? undefined,
    page: params.get("page") ?? undefined,
  });
  return { status: parsed.status, problems: parsed.problems, page: parsed.page ?? 1 };
}

export interface SeoPostRow {
  id: string;
  slug: string;
  title: string;
  viewCount: number;
  updatedAt: string;
  report: PostSeoReport;
}

export interface SeoDashboard {
  rows: SeoPostRow[];
  page: number;
  pageCount: number;
  /** Posts matching the filter. */
  total: number;
  /** Posts checked per state (before the filters), and how many of them have problems. */
  counts: Record<PostState, number> & { all: number; withProblems: number };
  /** More posts exist than the tab checks. */
  truncated: boolean;
  averageScore: number | null;
  site: SiteCheck[];
  top: Array<{ id: string; slug: string; title: string; viewCount: number; score: number | null }>;
}

export interface SeoSiteContext {
  publicUrl: string;
  siteName: string;
  readDocument: PublicDocumentReader;
  now?: Date;
}

/** `/images/<uuid>/<width>.webp`: a picture from our image service, whose size we know. */
const OWN_IMAGE = /^\/images\/([0-9a-f-]{36})\/(\d+)\.webp$/i;

function ownImage(url: string | null, publicUrl: string): { imageId: string; width: number } | null {
  if (!url) return null;
  const path = url.startsWith(publicUrl) ? url.slice(publicUrl.length) : url;
  const match = OWN_IMAGE.exec(path);
  return match ? { imageId: match[1]!.toLowerCase(), width: Number(match[2]) } : null;
}

/** What a check reads of a post: everything but the counters' neighbours and the categories. */
const CHECK_COLUMNS = {
  id: blog_posts.id,
  slug: blog_posts.slug,
  title: blog_posts.title,
  status: blog_posts.status,
  published_at: blog_posts.published_at,
  updated_at: blog_posts.updated_at,
  // The mark as text: a Date would drop the microseconds and skip rows changed within one millisecond.
  updated_mark: sql<string>`${blog_posts.updated_at}::text`,
  meta_title: blog_posts.meta_title,
  meta_description: blog_posts.meta_description,
  excerpt: blog_posts.excerpt,
  content: blog_posts.content,
  featured_image_url: blog_posts.featured_image_url,
  alt_text: blog_posts.alt_text,
  canonical_url: blog_posts.canonical_url,
  seo_script: blog_posts.seo_script,
  reading_minutes: blog_posts.reading_minutes,
  view_count: blog_posts.view_count,
};

type Cursor = { updatedAt: string; id: string } | null;

/** One batch, newest change first; keyset paging starts after the previous batch's last post. */
function postBatch(db: Db, cursor: Cursor, limit: number) {
  return db
    .select(CHECK_COLUMNS)
    .from(blog_posts)
    .where(cursor ? sql`(${blog_posts.updated_at}, ${blog_posts.id}) < (${cursor.updatedAt}::timestamptz, ${cursor.id}::uuid)` : undefined)
    .orderBy(desc(blog_posts.updated_at), desc(blog_posts.id))
    .limit(limit);
}

async function checkPosts(db: Db, sitemapUrls: ReadonlySet<string> | null, context: SeoSiteContext, now: Date) {
  const reports: SeoPostRow[] = [];
  const site = { publicUrl: context.publicUrl, siteName: context.siteName, now, sitemapUrls };
  let cursor: Cursor = null;
  let truncated = false;
  while (reports.length < SEO.maxPosts) {
    const batch = await postBatch(db, cursor, Math.min(SEO.batchSize, SEO.maxPosts - reports.length + 1));
    if (batch.length === 0) break;

    const images = batch.flatMap((post) => ownImage(post.featured_image_url, context.publicUrl) ?? []);
    const sizes = images.length
      ? await db
          .select({ imageId: image_variants.image_id, width: image_variants.width, height: image_variants.height, bytes: image_variants.byte_size })
          .from(image_variants)
          .where(inArray(image_variants.image_id, [...new Set(images.map((image) => image.imageId))]))
      : [];

    for (const post of batch) {
      if (reports.length >= SEO.maxPosts) {
        truncated = true;
        break;
      }
      const own = ownImage(post.featured_image_url, context.publicUrl);
      const size = own ? sizes.find((row) => row.imageId === own.imageId && row.width === own.width) : undefined;
      const report = checkPost(
        {
          ...post,
          content: sanitizeBlogHtml(post.content),
          jsonLd: {
            scripts: (post.seo_script?.match(/<script\b/gi) ?? []).length,
            blocks: parseSeoScript(post.seo_script).length,
          },
          image: size ? { width: size.width, height: size.height, bytes: size.bytes } : null,
        },
        site,
      );
      reports.push({
        id: post.id,
        slug: post.slug,
        title: post.title,
        viewCount: post.view_count,
        updatedAt: new Date(post.updated_at).toISOString(),
        report,
      });
    }
    if (truncated || batch.length < SEO.batchSize) break;
    const last = batch[batch.length - 1]!;
    cursor = { updatedAt: last.updated_mark, id: last.id };
  }
  return { reports, truncated };
}

const pageCache = singleton("seo-page-heads", () => new Map<string, { at: number; pages: PublicPageMeta[] }>());

/** The public pages' titles and descriptions as served; reused for `SEO.siteChecksTtlMs`. */
async function publicPageHeads(context: SeoSiteContext, now: number): Promise<PublicPageMeta[]> {
  const cached = pageCache.get(context.publicUrl);
  if (cached && now - cached.at < SEO.siteChecksTtlMs) return cached.pages;
  const pages: PublicPageMeta[] = [];
  // A few at a time: each is a full render.
  for (let i = 0; i < PUBLIC_PAGES.length; i += 4) {
    const slice = PUBLIC_PAGES.slice(i, i + 4);
    pages.push(
      ...(await Promise.all(
        slice.map(async (page) => {
          try {
            const document = await context.readDocument(page.path);
            return { path: page.path, status: document.status, ...(document.status === 200 ? pageHead(document.body) : { title: null, description: null }) };
          } catch {
            return { path: page.path, status: 0, title: null, description: null };
          }
        }),
      )),
    );
  }
  if (pages.every((page) => page.status === 200)) pageCache.set(context.publicUrl, { at: now, pages });
  return pages;
}

async function readXml(context: SeoSiteContext, path: string, read: (body: string) => Set<string>): Promise<Set<string> | null> {
  try {
    const document = await context.readDocument(path);
    return document.status === 200 ? read(document.body) : null;
  } catch {
    return null;
  }
}

/** Every published, due post's URL (what the sitemap and the feed must list). */
async function publishedUrls(db: Db, publicUrl: string): Promise<string[]> {
  const rows = await db
    .select({ slug: blog_posts.slug })
    .from(blog_posts)
    .where(and(eq(blog_posts.status, "published"), or(isNull(blog_posts.published_at), lte(blog_posts.published_at, sql`now()`))));
  return rows.map((row) => postUrl(publicUrl, row.slug));
}

export async function loadSeoDashboard(db: Db, query: SeoDashboardQuery, context: SeoSiteContext): Promise<SeoDashboard> {
  const now = context.now ?? new Date();
  const [sitemapUrls, rssUrls, robots, pages, published, top] = await Promise.all([
    readXml(context, "/sitemap.xml", sitemapLocations),
    readXml(context, "/blog/rss.xml", rssLinks),
    context
      .readDocument("/robots.txt")
      .then((document) => (document.status === 200 ? document.body : null))
      .catch(() => null),
    publicPageHeads(context, now.getTime()),
    publishedUrls(db, context.publicUrl),
    db
      .select({ id: blog_posts.id, slug: blog_posts.slug, title: blog_posts.title, viewCount: blog_posts.view_count })
      .from(blog_posts)
      .where(and(eq(blog_posts.status, "published"), gt(blog_posts.view_count, 0)))
      .orderBy(desc(blog_posts.view_count), desc(blog_posts.id))
      .limit(SEO.topCount),
  ]);

  const { reports, truncated } = await checkPosts(db, sitemapUrls, context, now);
  const counts = { draft: 0, scheduled: 0, published: 0, archived: 0, all: reports.length, withProblems: 0 };
  for (const row of reports) {
    counts[row.report.state]++;
    if (row.report.problems > 0) counts.withProblems++;
  }
  const filtered = reports
    .filter((row) => (query.status ? row.report.state === query.status : true))
    .filter((row) => (query.problems ? row.report.problems > 0 : true))
    .sort(byMostProblems);
  const pageCount = Math.max(1, Math.ceil(filtered.length / SEO.pageSize));
  const offset = (query.page - 1) * SEO.pageSize;
  const scores = new Map(reports.map((row) => [row.id, row.report.score]));

  return {
    rows: filtered.slice(offset, offset + SEO.pageSize),
    page: query.page,
    pageCount,
    total: filtered.length,
    counts,
    truncated,
    averageScore: reports.length ? Math.round(reports.reduce((sum, row) => sum + row.report.score, 0) / reports.length) : null,
    site: checkSite({ publicUrl: context.publicUrl, publishedUrls: published, sitemapUrls, rssUrls, robots, pages }),
    top: top.map((row) => ({ ...row, score: scores.get(row.id) ?? null })),
  };
}
