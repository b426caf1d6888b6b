import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BLOG_EDITOR } from "~/modules/blog/blog-constants";
import { createStaff } from "~/modules/loyalty/test-fixtures";
import { audit_log, blog_post_revisions, blog_posts, image_variants } from "~/platform/db/schema";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import {
  deletePost,
  getAdminPost,
  listAdminPosts,
  restoreRevision,
  savePost,
  slugAvailable,
  storeFeaturedImage,
  type SaveSuccess,
} from "./blog-admin.server";
import { BLOG_EDITOR_MESSAGES, blogPostSchema, blogPostSeoSchema } from "./blog-post-schema";
import { getPublishedPost } from "./blog.server";

let database: TestDatabase;
const db = () => database.db;
let blogUser: string;
let seoUser: string;

beforeAll(async () => {
  database = await createTestDatabase();
  blogUser = await createStaff(db(), "blog");
  seoUser = await createStaff(db(), "seo");
});
afterAll(async () => {
  await database?.close();
});

const unique = () => crypto.randomUUID().slice(0, 8);

function whole(overrides: Record<string, unknown> = {}) {
  const { version: _version, ...values } = blogPostSchema.parse({
    title: "Så säljer du skins",
    slug: `sa-saljer-du-skins-${unique()}`,
    excerpt: "En kort guide.",
    content: "<h2>Steg ett</h2><p>Text</p>",
    categories: ["Guides"],
    tags: ["guide"],
    is_pinned: false,
    author_name: "Redaktionen",
    status: "draft",
    published_at: "",
    ...overrides,
  });
  return values;
}

async function created(overrides: Record<string, unknown> = {}): Promise<SaveSuccess> {
  const result = await savePost(db(), { actorUserId: blogUser, roles: ["blog"], postId: null, values: { whole: whole(overrides) } });
  if (!result.ok) throw new Error(result.message);
  return result;
}

describe("saving a post (docs/rules/blog.md#editing)", () => {
  it("creates a draft with its reading time, a revision and an audit row", async () => {
    const post = await created({ content: `<p>${"ord ".repeat(450)}</p>` });
    const stored = await getAdminPost(db(), post.postId);
    expect(stored!.values.status).toBe("draft");
    expect(stored!.readingMinutes).toBe(3);
    expect(stored!.revisions).toHaveLength(1);
    const audits = await db().select().from(audit_log).where(eq(audit_log.entity_id, post.postId));
    expect(audits.map((row) => row.action)).toEqual(["blog_post.create"]);
  });

  it("sanitises the body and seo_script on write", async () => {
    const post = await created({
      content: `<h2>Rubrik</h2><img src=x onerror=alert(1)><script>alert(2)</script><a href="javascript:alert(3)">länk</a>`,
      seo_script: `<script>alert(1)</script><script type="application/ld+json">{"@context":"https://schema.org","@type":"Article"}</script>`,
    });
    const [row] = await db().select().from(blog_posts).where(eq(blog_posts.id, post.postId));
    expect(row!.content).toContain("<h2>Rubrik</h2>");
    expect(row!.content.toLowerCase()).not.toMatch(/onerror|<script|javascript:/);
    expect(row!.seo_script).toBe(`<script type="application/ld+json">{"@context":"https://schema.org","@type":"Article"}</script>`);
  });

  it("leaves updated_at (the version, lastmod and dateModified) alone when a save changes nothing, and moves it when one does", async () => {
    const slug = `oforandrad-${unique()}`;
    const post = await created({ slug, status: "published" });
    const [before] = await db().select().from(blog_posts).where(eq(blog_posts.id, post.postId));
    const same = { ...whole({ slug, status: "published" }), published_at: before!.published_at };
    const unchanged = await savePost(db(), { actorUserId: blogUser, roles: ["blog"], postId: post.postId, version: post.version, values: { whole: same } });
    expect(unchanged).toMatchObject({ ok: true, version: post.version });
    const [after] = await db().select().from(blog_posts).where(eq(blog_posts.id, post.postId));
    expect(after!.updated_at.getTime()).toBe(before!.updated_at.getTime());

    const edited = await savePost(db(), {
      actorUserId: blogUser,
      roles: ["blog"],
      postId: post.postId,
      version: post.version,
      values: { whole: { ...same, title: "Ny rubrik" } },
    });
    expect(edited.ok).toBe(true);
    const [changed] = await db().select().from(blog_posts).where(eq(blog_posts.id, post.postId));
    expect(changed!.updated_at.getTime()).toBeGreaterThan(before!.updated_at.getTime());
    expect((edited as SaveSuccess).version).toBe(changed!.updated_at.toISOString());
  });

  it("answers a stale version with 409 and overwrites nothing", async () => {
    const post = await created();
    const first = await savePost(db(), {
      actorUserId: blogUser,
      roles: ["blog"],
      postId: post.postId,
      version: post.version,
      values: { whole: whole({ title: "Först", slug: `forst-${unique()}` }) },
    });
    expect(first.ok).toBe(true);
    const second = await savePost(db(), {
      actorUserId: blogUser,
      roles: ["blog"],
      postId: post.postId,
      version: post.version,
      values: { whole: whole({ title: "Andra" }) },
    });
    expect(second).toMatchObject({ ok: false, code: "conflict", message: BLOG_EDITOR_MESSAGES.conflict });
    expect((await getAdminPost(db(), post.postId))!.values.title).toBe("Först");
  });

  it("refuses a slug another post has, by the database's unique key", async () => {
    const first = await created();
    const firstSlug = (await getAdminPost(db(), first.postId))!.values.slug;
    expect(await slugAvailable(db(), firstSlug, null)).toBe(false);
    expect(await slugAvailable(db(), firstSlug, first.postId)).toBe(true);
    const result = await savePost(db(), { actorUserId: blogUser, roles: ["blog"], postId: null, values: { whole: whole({ slug: firstSlug }) } });
    expect(result).toMatchObject({ ok: false, code: "slug_taken", message: BLOG_EDITOR_MESSAGES.slugTaken });
  });

  it("requires alt text when an image is set", () => {
    const parsed = blogPostSchema.safeParse({ ...whole(), published_at: "", featured_image_url: "/images/blog/x.jpg", alt_text: "" });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]).toMatchObject({ path: ["alt_text"], message: BLOG_EDITOR_MESSAGES.altRequired });
  });
});

describe("the seo role (docs/rules/blog.md#roles)", () => {
  it("changes only the SEO fields and keeps the rest", async () => {
    const post = await created();
    const seo = blogPostSeoSchema.parse({
      version: post.version,
      meta_title: "Ny metatitel",
      meta_description: "Beskrivning",
      canonical_url: "https://example.se/guide",
      alt_text: "",
      seo_script: "",
    });
    const { version, ...values } = seo;
    const result = await savePost(db(), { actorUserId: seoUser, roles: ["seo"], postId: post.postId, version, values: { seo: values } });
    expect(result.ok).toBe(true);
    const stored = (await getAdminPost(db(), post.postId))!.values;
    expect(stored).toMatchObject({ meta_title: "Ny metatitel", canonical_url: "https://example.se/guide", title: "Så säljer du skins" });
  });

  it("is refused a whole post, a restore and a delete", async () => {
    const post = await created();
    const save = await savePost(db(), {
      actorUserId: seoUser,
      roles: ["seo"],
      postId: post.postId,
      version: post.version,
      values: { whole: whole({ content: "<p>Kapat</p>" }) },
    });
    expect(save).toMatchObject({ ok: false, code: "forbidden", message: BLOG_EDITOR_MESSAGES.seoOnly });
    const revision = (await getAdminPost(db(), post.postId))!.revisions[0]!;
    expect(await restoreRevision(db(), { actorUserId: seoUser, roles: ["seo"], postId: post.postId, revisionId: revision.id, version: post.version })).toMatchObject({
      code: "forbidden",
    });
    expect(await deletePost(db(), { actorUserId: seoUser, roles: ["seo"], postId: post.postId })).toMatchObject({ code: "forbidden" });
    expect((await getAdminPost(db(), post.postId))!.values.content).toBe("<h2>Steg ett</h2><p>Text</p>");
  });
});

describe("autosave and revisions (docs/rules/blog.md#revisions)", () => {
  it("saves a draft directly but keeps a published post's autosave only as a revision", async () => {
    const draft = await created();
    const autosaved = await savePost(db(), {
      actorUserId: blogUser,
      roles: ["blog"],
      postId: draft.postId,
      version: draft.version,
      kind: "autosave",
      values: { whole: whole({ title: "Utkast sparat" }) },
    });
    expect(autosaved).toMatchObject({ ok: true, live: true });
    expect((await getAdminPost(db(), draft.postId))!.values.title).toBe("Utkast sparat");

    const slug = `publicerad-${unique()}`;
    const published = await created({ slug, title: "Publik rubrik", status: "published" });
    const liveBefore = await getPublishedPost(db(), slug);
    const result = await savePost(db(), {
      actorUserId: blogUser,
      roles: ["blog"],
      postId: published.postId,
      version: published.version,
      kind: "autosave",
      values: { whole: whole({ slug, title: "Hemlig ändring", status: "published", published_at: liveBefore!.published_at!.toISOString() }) },
    });
    expect(result).toMatchObject({ ok: true, live: false, version: published.version });
    const live = await getPublishedPost(db(), slug);
    expect(live!.title).toBe("Publik rubrik");
    expect(live!.updated_at.getTime()).toBe(liveBefore!.updated_at.getTime());
    const loaded = await getAdminPost(db(), published.postId);
    expect(loaded!.pendingAutosave!.values.title).toBe("Hemlig ändring");
  });

  it("never publishes, schedules, unpublishes or archives with an autosave, whatever status it carries", async () => {
    const autosave = (postId: string | null, version: string | undefined, overrides: Record<string, unknown>) =>
      savePost(db(), { actorUserId: blogUser, roles: ["blog"], postId, version, kind: "autosave", values: { whole: whole(overrides) } });

    // A draft autosaved with "Publicerad" (and with a future time: scheduling) keeps its text and stays a draft.
    const slug = `utkast-${unique()}`;
    const draft = await created({ slug });
    const published = await autosave(draft.postId, draft.version, { slug, title: "Ny text", status: "published" });
    expect(published).toMatchObject({ ok: true, live: true, status: "draft", action: "blog_post.autosave" });
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const scheduled = await autosave(draft.postId, (published as SaveSuccess).version, { slug, title: "Ny text", status: "published", published_at: later });
    expect(scheduled).toMatchObject({ ok: true, status: "draft" });
    const stored = await getAdminPost(db(), draft.postId);
    expect(stored!.values).toMatchObject({ title: "Ny text", status: "draft", published_at: later });
    expect(stored!.scheduled).toBe(false);
    expect(await getPublishedPost(db(), slug)).toBeNull();
    const audits = await db().select({ action: audit_log.action }).from(audit_log).where(eq(audit_log.entity_id, draft.postId));
    expect(audits.map((row) => row.action)).not.toContain("blog_post.publish");

    // A new post's first autosave is a draft.
    const fresh = await autosave(null, undefined, { status: "published" });
    expect(fresh).toMatchObject({ ok: true, status: "draft" });
    expect((await getAdminPost(db(), (fresh as SaveSuccess).postId))!.values.status).toBe("draft");

    // An archived post stays archived; a published one stays published, even in its autosaved revision.
    const archived = await created({ status: "archived" });
    expect(await autosave(archived.postId, archived.version, { status: "draft" })).toMatchObject({ ok: true, status: "archived" });
    expect((await getAdminPost(db(), archived.postId))!.values.status).toBe("archived");
    const liveSlug = `live-${unique()}`;
    const live = await created({ slug: liveSlug, status: "published" });
    expect(await autosave(live.postId, live.version, { slug: liveSlug, status: "draft" })).toMatchObject({ ok: true, live: false, status: "published" });
    const reopened = await getAdminPost(db(), live.postId);
    expect(reopened!.values.status).toBe("published");
    expect(reopened!.pendingAutosave!.values.status).toBe("published");
    expect(await getPublishedPost(db(), liveSlug)).not.toBeNull();
  });

  it("keeps the last 20 saves and restores one as a new, audited save", async () => {
    const post = await created({ title: "Version 0" });
    let version = post.version;
    for (let index = 1; index <= 24; index += 1) {
      const result = await savePost(db(), {
        actorUserId: blogUser,
        roles: ["blog"],
        postId: post.postId,
        version,
        values: { whole: whole({ title: `Version ${index}`, slug: `version-${post.postId.slice(0, 8)}` }) },
      });
      if (!result.ok) throw new Error(result.message);
      version = result.version;
    }
    const rows = await db().select().from(blog_post_revisions).where(eq(blog_post_revisions.post_id, post.postId));
    expect(rows).toHaveLength(BLOG_EDITOR.revisionsKept);
    const loaded = (await getAdminPost(db(), post.postId))!;
    expect(loaded.revisions).toHaveLength(20);
    // Newest first: version 24 … version 5.
    const oldest = loaded.revisions[19]!;
    const restored = await restoreRevision(db(), { actorUserId: blogUser, roles: ["blog"], postId: post.postId, revisionId: oldest.id, version });
    expect(restored.ok).toBe(true);
    const after = (await getAdminPost(db(), post.postId))!;
    expect(after.values.title).toBe("Version 5");
    expect(after.revisions[0]!.kind).toBe("restore");
    expect(after.revisions).toHaveLength(20);
    const [audit] = await db()
      .select()
      .from(audit_log)
      .where(and(eq(audit_log.entity_id, post.postId), eq(audit_log.action, "blog_post.restore")));
    expect(audit).toBeDefined();
    // The version the restore used is spent.
    expect(await restoreRevision(db(), { actorUserId: blogUser, roles: ["blog"], postId: post.postId, revisionId: oldest.id, version })).toMatchObject({
      code: "conflict",
    });
  });
});

describe("status and deletion (docs/rules/blog.md#status)", () => {
  it("deletes only an archived post", async () => {
    const post = await created();
    expect(await deletePost(db(), { actorUserId: blogUser, roles: ["blog"], postId: post.postId })).toMatchObject({
      code: "conflict",
      message: BLOG_EDITOR_MESSAGES.deleteOnlyArchived,
    });
    const archived = await savePost(db(), {
      actorUserId: blogUser,
      roles: ["blog"],
      postId: post.postId,
      version: post.version,
      values: { whole: whole({ status: "archived", slug: `arkiv-${unique()}` }) },
    });
    expect(archived).toMatchObject({ ok: true, action: "blog_post.archive" });
    expect(await deletePost(db(), { actorUserId: blogUser, roles: ["blog"], postId: post.postId })).toEqual({ ok: true });
    expect(await getAdminPost(db(), post.postId)).toBeNull();
  });

  it("lists a published post with a future time as scheduled, by the database's clock", async () => {
    const title = `Schemalagd ${unique()}`;
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const post = await created({ title, status: "published", published_at: future });
    const scheduled = await listAdminPosts(db(), { q: title, status: "scheduled" });
    expect(scheduled.posts.map((row) => row.id)).toEqual([post.postId]);
    expect(scheduled.posts[0]!.scheduled).toBe(true);
    expect((await listAdminPosts(db(), { q: title, status: "published" })).count.count).toBe(0);
    expect((await listAdminPosts(db(), { q: title, category: "News" })).count.count).toBe(0);
  });
});

describe("the featured image (docs/rules/blog.md#images)", () => {
  it("is re-encoded to a 1200 × 630 WebP, whatever its size", async () => {
    const png = await sharp({ create: { width: 800, height: 800, channels: 3, background: { r: 10, g: 120, b: 200 } } })
      .png()
      .toBuffer();
    const result = await storeFeaturedImage(db(), { data: new Uint8Array(png), uploadedBy: blogUser });
    if (!result.ok) throw new Error(result.message);
    expect(result.url).toBe(`/images/${result.imageId}/1200.webp`);
    const [variant] = await db().select().from(image_variants).where(eq(image_variants.image_id, result.imageId));
    const meta = await sharp(variant!.data).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: "webp", width: 1200, height: 630 });
  });

  it("refuses a file that is not a picture", async () => {
    const result = await storeFeaturedImage(db(), { data: new TextEncoder().encode("<svg onload=alert(1)>"), uploadedBy: blogUser });
    expect(result).toMatchObject({ ok: false, status: 415 });
  });
});

describe("two saves at once (docs/rules/blog.md#no-lost-writes)", () => {
  it("lets exactly one of two saves based on the same version through", async () => {
    const post = await created();
    const results = await Promise.all(
      ["Ena", "Andra"].map((title) =>
        savePost(db(), {
          actorUserId: blogUser,
          roles: ["blog"],
          postId: post.postId,
          version: post.version,
          values: { whole: whole({ title, slug: `samtidig-${post.postId.slice(0, 8)}` }) },
        }),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toMatchObject([{ code: "conflict" }]);
  });
});
