/**
 * The Blog tab's editor endpoint through the production build (docs/rules/blog.md#editing):
 * saves with their version (409 when stale), the seo role refused anything but SEO fields
 * (a forged body change is 403 and changes nothing), hostile input answered with Swedish 4xx,
 * and the preview never indexed nor cached.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BLOG_EDITOR_MESSAGES } from "~/modules/blog/blog-post-schema";
import { blog_posts } from "~/platform/db/schema";
import { startInProcessServer, type InProcessServer } from "./in-process-server";
import { createMember, type TestMember, makeStaff } from "./test-members";

let server: InProcessServer;
let writer: TestMember;
let seo: TestMember;
const db = () => server.database.db;

beforeAll(async () => {
  server = await startInProcessServer();
  writer = await createMember(server, "blogg.skribent@example.se");
  seo = await createMember(server, "blogg.seo@example.se");
  await makeStaff(server, writer, "blog");
  await makeStaff(server, seo, "seo");
}, 120_000);
afterAll(async () => {
  await server?.close();
});

function save(who: TestMember, postId: string, body: unknown, init: RequestInit = {}) {
  return fetch(`${server.url}/admin/blog/${postId}/spara`, {
    method: "POST",
    headers: { origin: server.url, cookie: who.cookie, "content-type": "application/json", accept: "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
    ...init,
  });
}

const post = (overrides: Record<string, unknown> = {}) => ({
  intent: "save",
  title: "Så handlar du säkert",
  slug: `sa-handlar-du-sakert-${crypto.randomUUID().slice(0, 6)}`,
  excerpt: "Kort",
  content: "<h2>Rubrik</h2><p>Text</p>",
  categories: ["Guides"],
  tags: ["tips"],
  is_pinned: false,
  author_name: "",
  status: "draft",
  published_at: "",
  ...overrides,
});

async function created() {
  const response = await save(writer, "ny", post());
  expect(response.status).toBe(200);
  return (await response.json()) as { postId: string; version: string };
}

describe("saving", () => {
  it("creates a post and answers a save on a stale version with 409, changing nothing", async () => {
    const { postId, version } = await created();
    const first = await save(writer, postId, post({ title: "Ny rubrik", slug: `ny-${postId.slice(0, 8)}`, version }));
    expect(first.status).toBe(200);
    const stale = await save(writer, postId, post({ title: "Gammal", version }));
    expect(stale.status).toBe(409);
    expect((await stale.json()).message).toBe(BLOG_EDITOR_MESSAGES.conflict);
    const [row] = await db().select().from(blog_posts).where(eq(blog_posts.id, postId));
    expect(row!.title).toBe("Ny rubrik");
  });

  it("refuses a seo user's forged body change with 403 and keeps the body", async () => {
    const { postId, version } = await created();
    const forged = await save(seo, postId, { intent: "save", version, meta_title: "Meta", content: "<p>Kapad</p>" });
    expect(forged.status).toBe(403);
    expect((await forged.json()).message).toBe(BLOG_EDITOR_MESSAGES.seoOnly);
    const allowed = await save(seo, postId, { intent: "save", version, meta_title: "Meta", meta_description: "", canonical_url: "", alt_text: "", seo_script: "" });
    expect(allowed.status).toBe(200);
    const [row] = await db().select().from(blog_posts).where(eq(blog_posts.id, postId));
    expect(row).toMatchObject({ meta_title: "Meta", content: "<h2>Rubrik</h2><p>Text</p>" });
  });
});

describe("autosave (docs/rules/blog.md#autosave)", () => {
  it("stores a forged autosave's fields but never its status: the draft stays off /blog", async () => {
    const slug = `autosparat-${crypto.randomUUID().slice(0, 8)}`;
    const first = await save(writer, "ny", post({ intent: "autosave", slug, status: "published" }));
    expect(first.status).toBe(200);
    const { postId, version } = (await first.json()) as { postId: string; version: string };
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const forged = await save(writer, postId, post({ intent: "autosave", version, slug, title: "Autosparad rubrik", status: "published", published_at: later }));
    expect(forged.status).toBe(200);
    expect(await forged.json()).toMatchObject({ ok: true, live: true, status: "draft", autosave: true });
    const [row] = await db().select().from(blog_posts).where(eq(blog_posts.id, postId));
    expect(row).toMatchObject({ title: "Autosparad rubrik", status: "draft" });
    expect(row!.published_at!.toISOString()).toBe(later);
    expect((await fetch(`${server.url}/blog/${slug}`)).status).toBe(404);
    expect(await (await fetch(`${server.url}/blog?q=Autosparad`)).text()).not.toContain(slug);
  });
});

describe("hostile input", () => {
  it("answers a NUL byte, a wrong type, broken JSON and a huge body with Swedish 4xx", async () => {
    const nul = await save(writer, "ny", post({ title: "a\u0000b" }));
    expect(nul.status).toBe(400);
    expect((await nul.json()).message).toBe("Fältet innehåller tecken som inte är tillåtna.");
    const wrongType = await save(writer, "ny", post({ title: ["x"], categories: "Okänd" }));
    expect(wrongType.status).toBe(400);
    expect((await wrongType.json()).message).toMatch(/Ogiltigt värde|Ange en rubrik/);
    const broken = await save(writer, "ny", "{not json");
    expect(broken.status).toBe(400);
    const huge = await save(writer, "ny", post({ content: "x".repeat(70_000) }));
    expect(huge.status).toBe(413);
    expect((await huge.json()).message).toBe("Förfrågan är för stor.");
  });

  it("answers GET and other methods on the save endpoint with 405", async () => {
    const get = await fetch(`${server.url}/admin/blog/ny/spara`, { headers: { cookie: writer.cookie } });
    expect(get.status).toBe(405);
    const put = await save(writer, "ny", post(), { method: "PUT" });
    expect(put.status).toBe(405);
  });
});

describe("preview", () => {
  it("shows a draft to staff with noindex and no caching", async () => {
    const { postId } = await created();
    const response = await fetch(`${server.url}/admin/blog/${postId}/forhandsgranska`, { headers: { cookie: writer.cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-robots-tag")).toContain("noindex");
    expect(response.headers.get("cache-control")).toContain("no-store");
    const html = await response.text();
    expect(html).toContain("Så handlar du säkert");
    expect(html).toMatch(/<meta name="robots" content="noindex/);
    const anonymous = await fetch(`${server.url}/admin/blog/${postId}/forhandsgranska`);
    expect(anonymous.status).toBe(401);
  });
});
