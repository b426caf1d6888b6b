/**
 * Scheduled publishing and the SEO Dashboard in Chromium against the production build
 * (docs/rules/blog.md#scheduled-publishing, docs/rules/admin.md#seo-dashboard): a post scheduled
 * well under a minute ahead appears in an already open /blog tab, the feed and the sitemap once
 * due (the server's own job runner announces it); a `seo` staff member finds the post with the
 * most problems first, filters the list and follows a problem to the editor field. Screenshots
 * at 1280 and 375 px go to screenshots/seo-dashboard-*.png. Refusals and hostile queries are the HTTP
 * tests' (server/admin-seo.test.ts).
 */
import { expect, test } from "@playwright/test";
import { blogPostValues } from "../../app/modules/blog/blog.server";
import { blog_posts } from "../../app/platform/db/schema";
import { startTestServer, type TestServer } from "../../server/test-server";
import { presetCookieChoice } from "./helpers/cookie-consent";
import { createAccount } from "./helpers/loyalty-members";
import { screenshotFits } from "./helpers/screenshots";
import { expectAccessible, signedIn } from "./helpers/staff";

test.describe.configure({ mode: "serial" });

const SEO_STAFF = "seo-redaktor@example.se";
const SCHEDULED = "Schemalagd nyhet om marknaden";
const SCHEDULED_SLUG = "schemalagd-nyhet-om-marknaden";
const BROKEN = "Inlägg med SEO-problem";

let server: TestServer;
let brokenId = "";

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startTestServer(
    { LOG_LEVEL: "warn" },
    {
      prepare: async (database) => {
        await createAccount(database, { email: SEO_STAFF, firstName: "Sara", lastName: "Sökord", role: "seo" });
        // Due ~50 s from now: after the page below is open (even on a busy machine), and before the job runner's second tick, about a minute after start.
        await database.db.insert(blog_posts).values(
          blogPostValues({
            slug: SCHEDULED_SLUG,
            title: SCHEDULED,
            excerpt: "Priserna rör sig inför nästa major.",
            content: "<h2>Läget</h2><p>Marknaden rör sig.</p>",
            categories: ["News"],
            status: "published",
            published_at: new Date(Date.now() + 50_000),
          }),
        );
        const [broken] = await database.db
          .insert(blog_posts)
          .values(
            blogPostValues({
              slug: "inlagg-med-seo-problem",
              title: BROKEN,
              content: '<h1>Egen rubrik</h1><h4>Hoppar över nivåer</h4><p>Kort.</p><img src="/images/blog/guide.webp">',
              canonical_url: "/inte-absolut",
              status: "draft",
            }),
          )
          .returning({ id: blog_posts.id });
        brokenId = broken!.id;
      },
    },
  );
});

test.afterAll(async () => {
  await server?.stop();
});

const url = (pathname: string) => `${server.url}${pathname}`;

test("a scheduled post appears in an open /blog tab, the feed and the sitemap once due", async ({ browser }) => {
  test.setTimeout(150_000);
  const context = await browser.newContext({ locale: "sv-SE" });
  await presetCookieChoice(context);
  const page = await context.newPage();
  await page.goto(url("/blog"));
  const card = page.getByTestId("blog-grid").getByTestId("blog-card").filter({ hasText: SCHEDULED });
  // The only published post is the scheduled one (the demo posts are seeded only into an empty table).
  await expect(page.getByRole("heading", { name: "Inga blogginlägg har publicerats ännu" })).toBeVisible();
  await expect(card).toHaveCount(0);
  expect(await (await context.request.get(url("/blog/rss.xml"))).text()).not.toContain(SCHEDULED_SLUG);
  expect((await context.request.get(url(`/blog/${SCHEDULED_SLUG}`))).status()).toBe(404);

  // No reload: the announcement reaches the open tab through the live stream.
  await expect(card).toHaveCount(1, { timeout: 120_000 });
  await expect(card.getByRole("link", { name: /^Läs mer/ })).toHaveAttribute("href", `/blog/${SCHEDULED_SLUG}`);
  expect(await (await context.request.get(url("/blog/rss.xml"))).text()).toContain(`/blog/${SCHEDULED_SLUG}</link>`);
  expect(await (await context.request.get(url("/sitemap.xml"))).text()).toContain(`/blog/${SCHEDULED_SLUG}</loc>`);
  await context.close();
});

test("a seo staff member finds the worst post first, filters, and follows a problem to its field", async ({ browser }) => {
  const context = await signedIn(browser, server.url, SEO_STAFF);
  const page = await context.newPage();
  await page.goto(url("/admin/seo"));
  const posts = page.getByTestId("seo-post");
  await expect(posts.first()).toHaveAttribute("data-post-id", brokenId);
  await expect(posts.first()).toContainText("Utkast");
  await expect(posts.first().getByTestId("search-snippet")).toContainText(BROKEN);
  await expect(page.getByTestId("seo-site-checks").locator('[data-status="ok"]')).toHaveCount(5);
  await expectAccessible(page, { wcag: true });
  await screenshotFits(page, "screenshots/seo-dashboard-1280.png");

  await page.getByTestId("seo-status-filter").getByRole("link", { name: /^Utkast/ }).click();
  await expect(page).toHaveURL(url("/admin/seo?status=draft"));
  await expect(posts).toHaveCount(1);
  await page.getByTestId("seo-only-problems").click();
  await expect(page).toHaveURL(url("/admin/seo?status=draft&problem=1"));
  await expect(page.getByTestId("seo-only-problems")).toHaveAttribute("aria-checked", "true");

  await posts.first().locator('[data-check="h1"]').getByRole("link", { name: /^Åtgärda/ }).click();
  await expect(page).toHaveURL(url(`/admin/blog/${brokenId}#post-content`));
  await context.close();

  const narrow = await signedIn(browser, server.url, SEO_STAFF, { width: 375, height: 800 });
  const phone = await narrow.newPage();
  await phone.goto(url("/admin/seo"));
  await expect(phone.getByTestId("seo-post").first()).toBeVisible();
  await screenshotFits(phone, "screenshots/seo-dashboard-375.png");
  await phone.goto(url("/admin/seo?status=archived"));
  await expect(phone.getByTestId("seo-empty")).toContainText("Inga inlägg matchar filtret");
  await screenshotFits(phone, "screenshots/seo-dashboard-empty-375.png");
  await narrow.close();
});
