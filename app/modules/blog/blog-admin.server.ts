/**
 * The staff side of the blog (docs/rules/blog.md#editing): the Blog tab's list, one post with
 * its revisions, saving (with the version it was based on, so no write is lost), autosave,
 * restoring a revision and deleting an archived post. Every write records its audit row in
 * its own transaction; a change to what the public blog shows publishes the `blog` content
 * event there too, so open /blog lists refresh and every instance drops its cached pages
 * (docs/decisions/020-anonymous-html-cache.md).
 *
 * The public queries stay in blog.server.ts; this module only writes through `blogPostValues`
 * (the stored reading time) and `sanitizeBlogHtml` / `sanitizeSeoScript` (sanitised on write).
 */
import { and, desc, eq, ilike, inArray, notInArray, or, sql, type SQL } from "drizzle-orm";
import type { Role } from "~/modules/accounts/accounts-constants";
import { BLOG_EDITOR, BLOG_IMAGE_WIDTH, BLOG, type BlogRevisionKind } from "~/modules/blog/blog-constants";
import { wholeBetween } from "~/lib/paging";
import { cappedCount, keysetPage, LIST_COUNT_CAP, type CappedCount, type KeysetLinks } from "~/lib/keyset";
import { cappedCountSql, cursorValueSql, keysetSql, type KeysetOrder } from "~/platform/db/keyset.server";
import { recordAudit } from "~/platform/audit/audit.server";
import { queryRows, type Db, type Tx } from "~/platform/db/client.server";
import { hasPgCode, PG_ERRORS } from "~/platform/db/errors";
import { likePattern } from "~/platform/db/like";
import { blog_post_revisions, blog_posts, user } from "~/platform/db/schema";
import { storeImage } from "~/platform/images/images.server";
import { imageUrl } from "~/platform/images/images";
import { publishEvent } from "~/platform/realtime/publisher.server";
import {
  BLOG_EDITOR_MESSAGES,
  canEditWholePost,
  SEO_FIELDS,
  type AdminPostQuery,
  type BlogPostInput,
  type BlogPostSeoInput,
} from "./blog-post-schema";
import { blogPostValues } from "./blog.server";
import { sanitizeBlogHtml } from "./sanitize.server";
import { sanitizeSeoScript } from "./seo-script";

type PostRow = typeof blog_posts.$inferSelect;

/** The fields a save writes and a revision keeps. */
export interface PostSnapshot {
  title: string;
  slug: string;
  excerpt: string | null;
  content: string;
  featured_image_url: string | null;
  categories: string[];
  tags: string[];
  is_pinned: boolean;
  author_name: string | null;
  status: string;
  /** ISO time, or null. */
  published_at: string | null;
  meta_title: string | null;
  meta_description: string | null;
  canonical_url: string | null;
  alt_text: string | null;
  seo_script: string | null;
}

const SNAPSHOT_KEYS = [
  "title", "slug", "excerpt", "content", "featured_image_url", "categories", "tags", "is_pinned",
  "author_name", "status", "published_at", "meta_title", "meta_description", "canonical_url", "alt_text", "seo_script",
] as const satisfies readonly (keyof PostSnapshot)[];

type BlogAdminFailureCode = "not_found" | "conflict" | "forbidden" | "slug_taken" | "invalid";

export type BlogAdminFailure = { ok: false; code: BlogAdminFailureCode; message: string; fieldErrors?: Record<string, string> };

const fail = (code: BlogAdminFailureCode, message: string, fieldErrors?: Record<string, string>): BlogAdminFailure => ({
  ok: false,
  code,
  message,
  fieldErrors,
});

/** A post's version as the editor holds it: `updated_at` to the millisecond. */
const versionOf = (updatedAt: Date): string => updatedAt.toISOString();

function snapshotOf(row: PostRow): PostSnapshot {
  return {
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    content: row.content,
    featured_image_url: row.featured_image_url,
    categories: row.categories,
    tags: row.tags,
    is_pinned: row.is_pinned,
    author_name: row.author_name,
    status: row.status,
    published_at: row.published_at ? row.published_at.toISOString() : null,
    meta_title: row.meta_title,
    meta_description: row.meta_description,
    canonical_url: row.canonical_url,
    alt_text: row.alt_text,
    seo_script: row.seo_script,
  };
}

/** What a save writes: the body and seo_script sanitised on write (docs/rules/blog.md#sanitising). */
function cleaned(values: PostSnapshot): PostSnapshot {
  return { ...values, content: sanitizeBlogHtml(values.content), seo_script: sanitizeSeoScript(values.seo_script) };
}

/** A whole post as a save sends it; an autosave carries no status (docs/rules/blog.md#autosave). */
type WholePost = Omit<BlogPostInput, "version" | "status"> & { status?: BlogPostInput["status"] };

function fromInput(input: WholePost, status: string): PostSnapshot {
  return {
    title: input.title,
    slug: input.slug,
    excerpt: input.excerpt,
    content: input.content,
    featured_image_url: input.featured_image_url,
    categories: input.categories,
    tags: input.tags,
    is_pinned: input.is_pinned,
    author_name: input.author_name,
    status,
    published_at: input.published_at ? input.published_at.toISOString() : null,
    meta_title: input.meta_title,
    meta_description: input.meta_description,
    canonical_url: input.canonical_url,
    alt_text: input.alt_text,
    seo_script: input.seo_script,
  };
}

/** The public sees a post only while it is published (scheduled ones when due). */
const isPublic = (status: string | undefined) => status === "published";

function changedKeys(before: PostSnapshot | null, after: PostSnapshot): string[] {
  return SNAPSHOT_KEYS.filter((key) => JSON.stringify(before?.[key] ?? null) !== JSON.stringify(after[key] ?? null));
}

/** The audit's view of a post: what identifies it, not its whole body. */
const auditView = (snapshot: PostSnapshot | null) =>
  snapshot && { title: snapshot.title, slug: snapshot.slug, status: snapshot.status, published_at: snapshot.published_at };

// ---------------------------------------------------------------------------
// The list
// ---------------------------------------------------------------------------

export interface AdminPostRow {
  id: string;
  title: string;
  slug: string;
  status: string;
  scheduled: boolean;
  publishedAt: string | null;
  updatedAt: string;
  views: number;
  categories: string[];
  isPinned: boolean;
}

export interface AdminPostPage {
  posts: AdminPostRow[];
  links: KeysetLinks;
  /** Posts the filter matches, counted up to LIST_COUNT_CAP. */
  count: CappedCount;
}

const ADMIN_POST_ORDER: KeysetOrder = { column: sql`${blog_posts.updated_at}`, kind: "timestamp", id: sql`${blog_posts.id}`, direction: "desc" };

/** docs/rules/blog.md#the-blog-tab: every post, filtered and paged in SQL, newest change first. */
export async function listAdminPosts(db: Db, query: AdminPostQuery): Promise<AdminPostPage> {
  const pageSize = wholeBetween(query.pageSize, 1, BLOG_EDITOR.pageSize, BLOG_EDITOR.pageSize);
  const position = query.position ?? null;
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = likePattern(query.q);
    conditions.push(or(ilike(blog_posts.title, pattern), ilike(blog_posts.excerpt, pattern))!);
  }
  if (query.category) conditions.push(sql`${blog_posts.categories} @> ARRAY[${query.category}]::text[]`);
  // Scheduled: published with a publish time still ahead, by the database's clock.
  if (query.status === "scheduled") conditions.push(sql`${blog_posts.status} = 'published' AND ${blog_posts.published_at} > now()`);
  if (query.status === "published") {
    conditions.push(sql`${blog_posts.status} = 'published' AND (${blog_posts.published_at} IS NULL OR ${blog_posts.published_at} <= now())`);
  }
  if (query.status === "draft" || query.status === "archived") conditions.push(eq(blog_posts.status, query.status));
  const where = conditions.length ? and(...conditions) : undefined;
  const keyset = keysetSql(ADMIN_POST_ORDER, position);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: blog_posts.id,
        title: blog_posts.title,
        slug: blog_posts.slug,
        status: blog_posts.status,
        scheduled: sql<boolean>`(${blog_posts.status} = 'published' AND ${blog_posts.published_at} > now())`,
        publishedAt: blog_posts.published_at,
        updatedAt: blog_posts.updated_at,
        views: blog_posts.view_count,
        categories: blog_posts.categories,
        isPinned: blog_posts.is_pinned,
        cursor: sql<string>`${cursorValueSql(ADMIN_POST_ORDER)}`,
      })
      .from(blog_posts)
      .where(and(where, keyset.where))
      .orderBy(keyset.terms)
      .limit(pageSize + 1),
    queryRows<{ n: number | string }>(db, cappedCountSql(sql`FROM ${blog_posts} WHERE ${where ?? sql`TRUE`}`, LIST_COUNT_CAP)),
  ]);
  const page = keysetPage(rows, pageSize, position, (row) => ({ value: row.cursor, id: row.id }));
  return {
    posts: page.rows.map(({ cursor: _cursor, ...row }) => ({
      ...row,
      scheduled: Boolean(row.scheduled),
      publishedAt: row.publishedAt ? row.publishedAt.toISOString() : null,
      updatedAt: row.updatedAt.toISOString(),
    })),
    links: page.links,
    count: cappedCount(counted?.n),
  };
}

// ---------------------------------------------------------------------------
// One post
// ---------------------------------------------------------------------------

export interface RevisionEntry {
  id: string;
  kind: BlogRevisionKind;
  createdAt: string;
  savedBy: string | null;
}

export interface AdminPost {
  id: string;
  version: string;
  values: PostSnapshot;
  scheduled: boolean;
  views: number;
  readingMinutes: number;
  createdAt: string;
  revisions: RevisionEntry[];
  /** An autosave newer than the stored post (a published post's unsaved changes). */
  pendingAutosave: { id: string; createdAt: string; values: PostSnapshot } | null;
}

export async function getAdminPost(db: Db, postId: string): Promise<AdminPost | null> {
  const [row] = await db
    .select({ post: blog_posts, scheduled: sql<boolean>`(${blog_posts.status} = 'published' AND ${blog_posts.published_at} > now())` })
    .from(blog_posts)
    .where(eq(blog_posts.id, postId))
    .limit(1);
  if (!row) return null;
  const revisions = await db
    .select({
      id: blog_post_revisions.id,
      kind: blog_post_revisions.kind,
      createdAt: blog_post_revisions.created_at,
      savedBy: sql<string | null>`coalesce(nullif(${user.name}, ''), ${user.email})`,
      snapshot: blog_post_revisions.snapshot,
    })
    .from(blog_post_revisions)
    .leftJoin(user, eq(user.id, blog_post_revisions.saved_by))
    .where(eq(blog_post_revisions.post_id, postId))
    .orderBy(desc(blog_post_revisions.created_at), desc(blog_post_revisions.id))
    .limit(BLOG_EDITOR.revisionsKept);
  const newest = revisions[0];
  const post = row.post;
  return {
    id: post.id,
    version: versionOf(post.updated_at),
    values: snapshotOf(post),
    scheduled: Boolean(row.scheduled),
    views: post.view_count,
    readingMinutes: post.reading_minutes,
    createdAt: post.created_at.toISOString(),
    revisions: revisions.map(({ snapshot: _snapshot, ...entry }) => ({
      ...entry,
      kind: entry.kind as BlogRevisionKind,
      createdAt: entry.createdAt.toISOString(),
    })),
    pendingAutosave:
      newest && newest.kind === "autosave" && newest.createdAt > post.updated_at
        ? { id: newest.id, createdAt: newest.createdAt.toISOString(), values: newest.snapshot as PostSnapshot }
        : null,
  };
}

/** A revision's snapshot, for the preview of unsaved changes. */
export async function getRevisionSnapshot(db: Db, postId: string, revisionId: string): Promise<PostSnapshot | null> {
  const [row] = await db
    .select({ snapshot: blog_post_revisions.snapshot })
    .from(blog_post_revisions)
    .where(and(eq(blog_post_revisions.id, revisionId), eq(blog_post_revisions.post_id, postId)))
    .limit(1);
  return (row?.snapshot as PostSnapshot | undefined) ?? null;
}

/** Whether a slug is free (the editor's live check); the unique key decides on save. */
export async function slugAvailable(db: Db, slug: string, exceptPostId: string | null): Promise<boolean> {
  const [row] = await db
    .select({ id: blog_posts.id })
    .from(blog_posts)
    .where(exceptPostId ? and(eq(blog_posts.slug, slug), sql`${blog_posts.id} <> ${exceptPostId}`) : eq(blog_posts.slug, slug))
    .limit(1);
  return !row;
}

// ---------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------

/** Keeps the newest saves of a post and removes the rest, in the saving transaction. */
async function pruneRevisions(tx: Tx, postId: string): Promise<void> {
  const keep = tx
    .select({ id: blog_post_revisions.id })
    .from(blog_post_revisions)
    .where(eq(blog_post_revisions.post_id, postId))
    .orderBy(desc(blog_post_revisions.created_at), desc(blog_post_revisions.id))
    .limit(BLOG_EDITOR.revisionsKept);
  await tx.delete(blog_post_revisions).where(and(eq(blog_post_revisions.post_id, postId), notInArray(blog_post_revisions.id, keep)));
}

/**
 * Records a save as a revision. Autosaves by the same person in a row are one revision (the
 * newest is refreshed), so the history shows saves rather than every pause in typing.
 */
async function addRevision(tx: Tx, input: { postId: string; kind: BlogRevisionKind; snapshot: PostSnapshot; actorUserId: string }) {
  if (input.kind === "autosave") {
    const [newest] = await tx
      .select({ id: blog_post_revisions.id, kind: blog_post_revisions.kind, savedBy: blog_post_revisions.saved_by })
      .from(blog_post_revisions)
      .where(eq(blog_post_revisions.post_id, input.postId))
      .orderBy(desc(blog_post_revisions.created_at), desc(blog_post_revisions.id))
      .limit(1);
    if (newest?.kind === "autosave" && newest.savedBy === input.actorUserId) {
      await tx
        .update(blog_post_revisions)
        .set({ snapshot: input.snapshot, created_at: sql`clock_timestamp()` })
        .where(eq(blog_post_revisions.id, newest.id));
      return;
    }
  }
  await tx.insert(blog_post_revisions).values({
    post_id: input.postId,
    kind: input.kind,
    snapshot: input.snapshot,
    saved_by: input.actorUserId,
    created_at: sql`clock_timestamp()`,
  });
  await pruneRevisions(tx, input.postId);
}

/** The audit action for a save, by how the status moved. */
function saveAction(before: PostSnapshot | null, after: PostSnapshot, kind: BlogRevisionKind): string {
  if (!before) return "blog_post.create";
  if (kind === "restore") return "blog_post.restore";
  if (before.status !== after.status) {
    if (after.status === "published") return "blog_post.publish";
    if (after.status === "archived") return "blog_post.archive";
    if (before.status === "published") return "blog_post.unpublish";
    return "blog_post.update";
  }
  return kind === "autosave" ? "blog_post.autosave" : "blog_post.update";
}

export interface SaveSuccess {
  ok: true;
  postId: string;
  version: string;
  /** False when an autosave of a published post was kept only as a revision. */
  live: boolean;
  status: string;
  action: string;
}

export type SaveResult = SaveSuccess | BlogAdminFailure;

export interface SaveInput {
  actorUserId: string;
  roles: readonly Role[];
  /** Null creates a post. */
  postId: string | null;
  /** A whole post (admin, blog) or only the SEO fields (seo). */
  values: { whole: WholePost } | { seo: Omit<BlogPostSeoInput, "version"> };
  /** The version the editor loaded; required for an existing post. */
  version?: string;
  kind?: "save" | "autosave";
}

/** Locks the post and checks the version the change was based on (docs/rules/blog.md#no-lost-writes). */
async function lockPost(tx: Tx, postId: string, version: string | undefined): Promise<PostRow | BlogAdminFailure> {
  const [row] = await tx.select().from(blog_posts).where(eq(blog_posts.id, postId)).for("update").limit(1);
  if (!row) return fail("not_found", BLOG_EDITOR_MESSAGES.notFound);
  if (!version || Number.isNaN(Date.parse(version)) || row.updated_at.getTime() !== Date.parse(version)) {
    return fail("conflict", BLOG_EDITOR_MESSAGES.conflict);
  }
  return row;
}

/** A newer `updated_at`, distinct at the millisecond the editor's version holds. */
const nextUpdatedAt = sql`GREATEST(date_trunc('milliseconds', clock_timestamp()), date_trunc('milliseconds', ${blog_posts.updated_at}) + interval '1 millisecond')`;

function rowValues(snapshot: PostSnapshot) {
  return blogPostValues({
    ...snapshot,
    published_at: snapshot.published_at ? new Date(snapshot.published_at) : null,
  });
}

class Rollback extends Error {
  constructor(readonly failure: BlogAdminFailure) {
    super(failure.message);
  }
}

/**
 * The status a save stores. An autosave never moves it, whatever it carries: a new post is a
 * draft and an existing one keeps its stored status, so only a deliberate save publishes,
 * schedules, unpublishes or archives (docs/rules/blog.md#autosave).
 */
function savedStatus(kind: "save" | "autosave", whole: WholePost, before: PostSnapshot | null): string {
  if (kind === "autosave" || !whole.status) return before?.status ?? "draft";
  return whole.status;
}

/**
 * Saves a post. admin and blog write every field; seo only the SEO fields (anything else is
 * refused before this is called, docs/rules/blog.md#roles). A stale version is 409 and
 * changes nothing. An autosave never changes a post's status; of a published post it keeps
 * the changes only as a revision, so it never changes what the public sees; a draft's (or an
 * archived post's) autosave is saved directly and the post stays as it was.
 */
export async function savePost(db: Db, input: SaveInput): Promise<SaveResult> {
  const kind = input.kind ?? "save";
  const whole = "whole" in input.values ? input.values.whole : null;
  if (whole && !canEditWholePost(input.roles)) return fail("forbidden", BLOG_EDITOR_MESSAGES.seoOnly);
  try {
    return await db.transaction(async (tx): Promise<SaveResult> => {
      if (input.postId === null) {
        if (!whole) return fail("forbidden", BLOG_EDITOR_MESSAGES.seoOnly);
        const after = cleaned(fromInput(whole, savedStatus(kind, whole, null)));
        if (after.status === "published" && !after.published_at) after.published_at = new Date().toISOString();
        const [created] = await tx
          .insert(blog_posts)
          .values({ ...rowValues(after), updated_at: sql`date_trunc('milliseconds', clock_timestamp())` })
          .returning();
        await addRevision(tx, { postId: created!.id, kind, snapshot: after, actorUserId: input.actorUserId });
        await recordAudit(tx, {
          actorUserId: input.actorUserId,
          action: "blog_post.create",
          entityType: "blog_post",
          entityId: created!.id,
          after: auditView(after),
        });
        if (isPublic(after.status)) await publishEvent(tx, { type: "content", tag: "blog" });
        return { ok: true, postId: created!.id, version: versionOf(created!.updated_at), live: true, status: after.status, action: "blog_post.create" };
      }

      const locked = await lockPost(tx, input.postId, input.version);
      if ("ok" in locked) return locked;
      const before = snapshotOf(locked);
      let after: PostSnapshot;
      if (whole) {
        after = cleaned(fromInput(whole, savedStatus(kind, whole, before)));
      } else {
        const seo = (input.values as { seo: Omit<BlogPostSeoInput, "version"> }).seo;
        after = cleaned({ ...before, ...Object.fromEntries(SEO_FIELDS.map((key) => [key, seo[key]])) });
        if (after.featured_image_url && !after.alt_text) {
          throw new Rollback(fail("invalid", BLOG_EDITOR_MESSAGES.altRequired, { alt_text: BLOG_EDITOR_MESSAGES.altRequired }));
        }
      }
      // A post published without a time is published now.
      if (after.status === "published" && !after.published_at) after.published_at = new Date().toISOString();

      // docs/rules/blog.md#autosave: a published (or scheduled) post's autosave is only a revision.
      if (kind === "autosave" && isPublic(before.status)) {
        await addRevision(tx, { postId: locked.id, kind, snapshot: after, actorUserId: input.actorUserId });
        return { ok: true, postId: locked.id, version: versionOf(locked.updated_at), live: false, status: before.status, action: "blog_post.autosave" };
      }

      const changed = changedKeys(before, after);
      // docs/rules/blog.md#no-lost-writes: a save that changes nothing leaves `updated_at` (the
      // version, the sitemap's lastmod and the page's dateModified) where it was.
      const [updated] = await tx
        .update(blog_posts)
        .set({ ...rowValues(after), ...(changed.length > 0 ? { updated_at: nextUpdatedAt } : {}) })
        .where(eq(blog_posts.id, locked.id))
        .returning();
      await addRevision(tx, { postId: locked.id, kind, snapshot: after, actorUserId: input.actorUserId });
      const action = saveAction(before, after, kind);
      await recordAudit(tx, {
        actorUserId: input.actorUserId,
        action,
        entityType: "blog_post",
        entityId: locked.id,
        before: auditView(before),
        after: { ...auditView(after), changed },
      });
      if (isPublic(before.status) || isPublic(after.status)) await publishEvent(tx, { type: "content", tag: "blog" });
      return { ok: true, postId: locked.id, version: versionOf(updated!.updated_at), live: true, status: after.status, action };
    });
  } catch (error) {
    if (error instanceof Rollback) return error.failure;
    if (hasPgCode(error, PG_ERRORS.uniqueViolation)) {
      return fail("slug_taken", BLOG_EDITOR_MESSAGES.slugTaken, { slug: BLOG_EDITOR_MESSAGES.slugTaken });
    }
    throw error;
  }
}

/** Restores a revision: itself a save (a new revision, audited), based on the editor's version. */
export async function restoreRevision(
  db: Db,
  input: { actorUserId: string; roles: readonly Role[]; postId: string; revisionId: string; version: string },
): Promise<SaveResult> {
  if (!canEditWholePost(input.roles)) return fail("forbidden", BLOG_EDITOR_MESSAGES.seoOnly);
  try {
    return await db.transaction(async (tx): Promise<SaveResult> => {
      const locked = await lockPost(tx, input.postId, input.version);
      if ("ok" in locked) return locked;
      const [revision] = await tx
        .select({ snapshot: blog_post_revisions.snapshot, createdAt: blog_post_revisions.created_at })
        .from(blog_post_revisions)
        .where(and(eq(blog_post_revisions.id, input.revisionId), eq(blog_post_revisions.post_id, input.postId)))
        .limit(1);
      if (!revision) return fail("not_found", BLOG_EDITOR_MESSAGES.revisionNotFound);
      const before = snapshotOf(locked);
      const after = cleaned({ ...before, ...(revision.snapshot as PostSnapshot) });
      const [updated] = await tx
        .update(blog_posts)
        .set({ ...rowValues(after), ...(changedKeys(before, after).length > 0 ? { updated_at: nextUpdatedAt } : {}) })
        .where(eq(blog_posts.id, locked.id))
        .returning();
      await addRevision(tx, { postId: locked.id, kind: "restore", snapshot: after, actorUserId: input.actorUserId });
      await recordAudit(tx, {
        actorUserId: input.actorUserId,
        action: "blog_post.restore",
        entityType: "blog_post",
        entityId: locked.id,
        before: auditView(before),
        after: { ...auditView(after), revisionId: input.revisionId, revisionSavedAt: revision.createdAt.toISOString(), changed: changedKeys(before, after) },
      });
      if (isPublic(before.status) || isPublic(after.status)) await publishEvent(tx, { type: "content", tag: "blog" });
      return { ok: true, postId: locked.id, version: versionOf(updated!.updated_at), live: true, status: after.status, action: "blog_post.restore" };
    });
  } catch (error) {
    if (hasPgCode(error, PG_ERRORS.uniqueViolation)) {
      return fail("slug_taken", BLOG_EDITOR_MESSAGES.slugTaken, { slug: BLOG_EDITOR_MESSAGES.slugTaken });
    }
    throw error;
  }
}

/** docs/rules/blog.md#status: only an archived post is deleted (with its revisions and views). */
export async function deletePost(
  db: Db,
  input: { actorUserId: string; roles: readonly Role[]; postId: string },
): Promise<{ ok: true } | BlogAdminFailure> {
  if (!canEditWholePost(input.roles)) return fail("forbidden", BLOG_EDITOR_MESSAGES.seoOnly);
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(blog_posts).where(eq(blog_posts.id, input.postId)).for("update").limit(1);
    if (!row) return fail("not_found", BLOG_EDITOR_MESSAGES.notFound);
    if (row.status !== "archived") return fail("conflict", BLOG_EDITOR_MESSAGES.deleteOnlyArchived);
    await tx.delete(blog_posts).where(and(eq(blog_posts.id, row.id), inArray(blog_posts.status, ["archived"])));
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: "blog_post.delete",
      entityType: "blog_post",
      entityId: row.id,
      before: auditView(snapshotOf(row)),
    });
    return { ok: true as const };
  });
}

// ---------------------------------------------------------------------------
// The featured image (docs/rules/blog.md#images)
// ---------------------------------------------------------------------------

/** Re-encodes an upload to a 1200 × 630 WebP through the one image service. */
export async function storeFeaturedImage(db: Db, input: { data: Uint8Array; uploadedBy: string }) {
  const result = await storeImage(db, {
    data: input.data,
    widths: [BLOG_IMAGE_WIDTH],
    uploadedBy: input.uploadedBy,
    crop: { width: BLOG.imageWidth, height: BLOG.imageHeight },
  });
  if (!result.ok) return result;
  return { ok: true as const, imageId: result.image.id, url: imageUrl(result.image.id, BLOG_IMAGE_WIDTH) };
}
