/**
 * Scheduled publishing and the SEO Dashboard through the production build
 * (docs/rules/blog.md#scheduled-publishing, docs/rules/admin.md#seo-dashboard): a post due a few
 * seconds ahead is absent from /blog, its page, the feed and the sitemap until the clock passes,
 * and the cached /blog shows it once the announcement job has run; the tab answers staff with
 * the seo or admin role, refuses the others, and takes any query without an error.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_JOBS } from "~/jobs.server";
import { blogPostValues } from "~/modules/blog/blog.server";
import { ANNOUNCE_DUE_POSTS_JOB } from "~/modules/blog/scheduled-posts.server";
import { blog_posts } from "~/platform/db/schema";
import { runJobIfDue } from "~/platform/jobs/job-runner.server";
import { startInProcessServer, type InProcessServer } from "./in-process-server";
import { createMember, type TestMember, makeStaff } from "./test-members";

let server: InProcessServer;
const staff: Partial<Record<"member" | "blog" | "seo" | "admin", TestMember>> = {};
const db = () => server.database.db;

beforeAll(async () => {
  server = await startInProcessServer();
  for (const who of ["member", "blog", "seo", "admin"] as const) {
    staff[who] = await createMember(server, `seo-${who}@example.se`);
    if (who !== "member") await makeStaff(server, staff[who], who);
  }
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const get = (path: string, cookie?: string) =>
  fetch(`${server.url}${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });

async function insertPost(values: Partial<typeof blog_posts.$inferInsert> & { slug: string; title: string }) {
  const [row] = await db()
    .insert(blog_posts)
    .values(blogPostValues({ content: "<p>Text</p>", status: "published", ...values }))
    .returning({ id: blog_posts.id });
  return row!.id;
}

describe("a scheduled post over HTTP (docs/rules/blog.md#scheduled-publishing)", () => {
  it("appears on its page, the feed and the sitemap when due, and on the cached /blog once announced", async () => {
    const slug = "schemalagd-over-http";
    const title = "Schemalagd över HTTP";
    await insertPost({ slug, title, published_at: new Date(Date.now() + 4_000) });

    // /blog is rendered now and kept in the anonymous cache.
    expect((await get("/blog")).headers.get("x-html-cache")).toBe("miss");
    const cached = await get("/blog");
    expect(cached.headers.get("x-html-cache")).toBe("hit");
    expect(await cached.text()).not.toContain(title);
    expect((await get(`/blog/${slug}`)).status).toBe(404);
    expect(await (await get("/blog/rss.xml")).text()).not.toContain(`/blog/${slug}<`);
    expect(await (await get("/sitemap.xml")).text()).not.toContain(`/blog/${slug}<`);

    // The clock passes the post's time: everything rendered per request shows it at once.
    await expect.poll(async () => (await get(`/blog/${slug}`)).status, { timeout: 20_000, interval: 250 }).toBe(200);
    expect(await (await get("/blog/rss.xml")).text()).toContain(`/blog/${slug}</link>`);
    expect(await (await get("/sitemap.xml")).text()).toContain(`/blog/${slug}</loc>`);

    // The cached list does not know yet ...
    const stale = await get("/blog");
    expect(stale.headers.get("x-html-cache")).toBe("hit");
    expect(await stale.text()).not.toContain(title);

    // ... until the job announces the post: every instance drops its blog pages.
    const job = APP_JOBS.find((entry) => entry.name === ANNOUNCE_DUE_POSTS_JOB)!;
    expect(await runJobIfDue(server.database, job, new Date(Date.now() + 1_000))).toEqual({ status: "ran", result: { due: 1 } });
    await expect.poll(async () => (await get("/blog")).headers.get("x-html-cache"), { timeout: 5_000, interval: 100 }).toBe("miss");
    const fresh = await get("/blog");
    expect(await fresh.text()).toContain(title);
  });
});

describe("/admin/seo (docs/rules/admin.md#seo-dashboard)", () => {
  let brokenId = "";
  beforeAll(async () => {
    brokenId = await insertPost({
      slug: "trasig-seo",
      title: "Trasig SEO",
      content: "<h1>Egen H1</h1><h4>Hoppar</h4><p>Kort text.</p><img src=\"/images/blog/guide.webp\">",
      canonical_url: "/relativ",
      seo_script: "<script>alert(1)</script>",
      published_at: new Date(Date.now() - 60_000),
    });
    await insertPost({ slug: "utkast-seo", title: "Utkast om SEO", status: "draft" });
    await insertPost({ slug: "senare-seo", title: "Senare om SEO", published_at: new Date(Date.now() + 3_600_000) });
  });

  it("refuses signed-out visitors, members and the blog role", async () => {
    const anonymous = await get("/admin/seo");
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).toContain("Inloggning krävs");
    for (const who of ["member", "blog"] as const) {
      const response = await get("/admin/seo", staff[who]!.cookie);
      expect(response.status, who).toBe(403);
      expect(await response.text()).toContain("Åtkomst nekad");
    }
  });

  it("shows the seo and admin roles every post, most problems first, with links to the fields to fix", async () => {
    for (const who of ["seo", "admin"] as const) {
      const response = await get("/admin/seo", staff[who]!.cookie);
      expect(response.status, who).toBe(200);
      const html = await response.text();
      const first = html.indexOf('data-testid="seo-post"');
      expect(html.slice(first, first + 300)).toContain(brokenId);
      for (const field of ["content", "canonical_url", "seo_script", "meta_description"]) {
        expect(html).toContain(`/admin/blog/${brokenId}#post-${field}`);
      }
      expect(html).toContain("Utkast om SEO");
      expect(html).toContain("Senare om SEO");
      expect(html).toContain("Schemalagd");
    }
  });

  it("reads the served sitemap, feed, robots.txt and pages for the site-wide checks", async () => {
    const html = await (await get("/admin/seo", staff.seo!.cookie)).text();
    for (const check of ["sitemap-posts", "rss-posts", "robots-blog", "robots-sitemap", "page-meta"]) {
      expect(html, check).toMatch(new RegExp(`data-check="${check}" data-status="ok"`));
    }
  });

  it("filters by state and by problems in the URL", async () => {
    const scheduled = await (await get("/admin/seo?status=scheduled", staff.seo!.cookie)).text();
    expect(scheduled).toContain("Senare om SEO");
    expect(scheduled).not.toContain("Trasig SEO");
    const drafts = await (await get("/admin/seo?status=draft&problem=1", staff.seo!.cookie)).text();
    expect(drafts).toContain("Utkast om SEO");
    expect(drafts).not.toContain("Senare om SEO");
  });

  it("takes a malformed query as no filter and never fails", async () => {
    for (const query of [
      "?status=%3Cscript%3E",
      "?status=published&status=draft",
      "?page=-1",
      "?page=abc",
      "?page=1e309",
      "?page=99999999999999",
      "?problem=ja",
      `?status=${"x".repeat(4_000)}`,
      "?__proto__=1&constructor=2",
    ]) {
      const response = await get(`/admin/seo${query}`, staff.seo!.cookie);
      expect(response.status, query).toBe(200);
    }
    const past = await (await get("/admin/seo?page=500", staff.seo!.cookie)).text();
    expect(past).toContain("Det finns inget på sida 500");
  });

  it("refuses a control character in the address and a post to the tab", async () => {
    const nul = await get("/admin/seo?status=%00", staff.seo!.cookie);
    expect(nul.status).toBe(400);
    expect(await nul.text()).toContain("Ogiltig adress.");
    const posted = await fetch(`${server.url}/admin/seo`, {
      method: "POST",
      headers: { cookie: staff.seo!.cookie, origin: server.url, "content-type": "application/x-www-form-urlencoded" },
      body: "status=draft",
    });
    expect(posted.status).toBe(405);
    const [unchanged] = await db().select({ status: blog_posts.status }).from(blog_posts).where(eq(blog_posts.slug, "utkast-seo"));
    expect(unchanged!.status).toBe("draft");
  });
});
