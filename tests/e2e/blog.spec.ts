import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { sql } from "drizzle-orm";
import { openPglite, queryRows } from "../../app/platform/db/client.server";
import { startTestServer } from "../../server/test-server";
import { waitForHydration } from "./helpers/hydration";

/** A regular desktop browser: the headless one is (rightly) a bot and its views never count. */
const HUMAN_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

const PINNED = "Så säljer du dina CS2-skins säkert – en guide i sex steg";
const FLOAT = "Float-värden och slitage förklarat: FN, MW, FT, WW och BS";
const SEEDED_POSTS = 7;

const cards = (page: Page) => page.getByTestId("blog-grid").getByTestId("blog-card");

async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

test.describe("blog list", () => {
  test("renders every published post with the pinned one first", async ({ page }) => {
    await page.goto("/blog");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(cards(page)).toHaveCount(SEEDED_POSTS);
    const first = cards(page).first();
    await expect(first.getByRole("heading")).toHaveText(PINNED);
    await expect(first).toContainText("Guide");
    await expect(first).toContainText("12 mars 2025");
    await expect(first).toContainText("min läsning");
    await expect(first.getByRole("link", { name: /^Läs mer/ })).toHaveAttribute("href", "/blog/salja-cs2-skins-sakert");
    await expect(page.getByRole("heading", { name: "Populära artiklar" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Senaste inläggen" })).toBeVisible();
    // Lazy images below the fold are not mistaken for broken ones.
    await page.mouse.wheel(0, 4000);
    await expect.poll(() => page.locator("img[loading=lazy]").evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).complete))).toBe(true);
    await expect(page.locator("img[data-fallback]")).toHaveCount(0);
  });

  test("search updates the URL and the list as you type, replacing history", async ({ page }) => {
    await page.goto("/");
    await page.goto("/blog");
    await page.getByRole("searchbox", { name: "Sök i bloggen" }).fill("FLOAT");
    await expect(page).toHaveURL(/\/blog\?q=FLOAT$/);
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first().getByRole("heading")).toHaveText(FLOAT);
    await expect(page.getByText("1 inlägg hittades")).toBeVisible();
    // Typing replaced the history entry: back leaves the blog.
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
  });

  test("category buttons filter the list and keep the search", async ({ page }) => {
    await page.goto("/blog?q=s");
    await page.getByRole("navigation", { name: "Kategorier" }).getByRole("link", { name: "Nyheter" }).click();
    await expect(page).toHaveURL(/\/blog\?q=s&kategori=News$/);
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toContainText("Nyheter");
    await expect(page.getByRole("link", { name: "Nyheter" })).toHaveAttribute("aria-current", "true");
    await expect(page.getByRole("searchbox", { name: "Sök i bloggen" })).toHaveValue("s");

    await page.getByRole("link", { name: "Alla", exact: true }).click();
    await expect(page).toHaveURL(/\/blog\?q=s$/);
  });

  test("says 'Laddar blogginlägg...' while a client navigation loads", async ({ page }) => {
    await page.goto("/blog");
    await page.route(/\/blog\.data/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    const news = page.getByRole("navigation", { name: "Kategorier" }).getByRole("link", { name: "Nyheter" });
    await waitForHydration(news);
    await news.click();
    await expect(page.getByRole("status").filter({ hasText: "Laddar blogginlägg..." })).toBeVisible();
    await expect(cards(page)).toHaveCount(1);
    await expect(page.getByRole("status").filter({ hasText: "Laddar blogginlägg..." })).toHaveCount(0);
  });

  test("shows the empty state when nothing matches, and a way back", async ({ page }) => {
    await page.goto("/blog?kategori=Market&q=Swish");
    await expect(page.getByRole("heading", { name: "Inga blogginlägg hittades" })).toBeVisible();
    await expect(page.getByText("Prova att ändra din sökning eller välja en annan kategori.")).toBeVisible();
    await page.getByRole("link", { name: "Visa alla inlägg" }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(cards(page)).toHaveCount(SEEDED_POSTS);
  });

  test("works without JavaScript: the search is a plain GET form", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/blog");
    await page.getByRole("searchbox", { name: "Sök i bloggen" }).fill("krypto");
    await page.getByRole("button", { name: "Sök", exact: true }).click();
    await expect(page).toHaveURL(/\/blog\?q=krypto$/);
    await expect(cards(page)).toHaveCount(1);
    await context.close();
  });
});

test.describe("blog post", () => {
  test("shows the post with badge, date, author, tags and body", async ({ page }) => {
    await page.goto("/blog");
    await cards(page).first().getByRole("link", { name: /^Läs mer/ }).click();
    await expect(page).toHaveURL(/\/blog\/salja-cs2-skins-sakert$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(PINNED);
    await expect(page.getByText("12 mars 2025").first()).toBeVisible();
    await expect(page.getByText("av Skinhamnen-teamet")).toBeVisible();
    await expect(page.getByRole("list", { name: "Taggar" }).getByRole("listitem")).toHaveCount(5);
    await expect(page.getByTestId("post-body").getByRole("heading", { name: "1. Förbered ditt Steam-konto" })).toBeVisible();
    await expect(page).toHaveTitle("Sälja CS2-skins säkert – guide i sex steg | Skinhamnen");
  });

  test("a post without an excerpt shows the start of its text", async ({ page }) => {
    await page.goto("/blog/float-varden-och-slitage-forklarat");
    await expect(page.getByTestId("post-excerpt")).toHaveText(/\.\.\.$/);
  });

  test("a missing post answers 404 with 'Blogginlägg hittades inte'", async ({ page }) => {
    const response = await page.goto("/blog/det-har-finns-inte");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Blogginlägg hittades inte" })).toBeVisible();
    await expect(page.getByText("Det blogginlägg du söker efter existerar inte eller har tagits bort.")).toBeVisible();
  });

  test("a broken featured image falls back to the category image", async ({ page }) => {
    await page.route("**/images/blog/salja-cs2-skins-sakert.webp", (route) => route.abort());
    await page.goto("/blog/salja-cs2-skins-sakert");
    const image = page.getByRole("img", { name: /sköldmotiv/ });
    await expect(image).toHaveAttribute("src", "/images/blog/guide.webp");
    await expect(image).toHaveAttribute("data-fallback", "true");
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });

  test("a failed load on a client navigation shows the 'Fel' toast", async ({ page }) => {
    await page.goto("/blog");
    await page.route("**/blog/salja-cs2-skins-sakert.data*", (route) => route.abort());
    await cards(page).first().getByRole("link", { name: /^Läs mer/ }).click();
    await expect(page.getByText("Kunde inte ladda blogginlägget.").first()).toBeVisible();
    await expect(page.getByText("Fel", { exact: true })).toBeVisible();
  });

  test("a visitor's view is counted once", async ({ browser }) => {
    const context = await browser.newContext({ userAgent: HUMAN_UA });
    const page = await context.newPage();
    const slug = "vip-stegen-lanseras";
    const views = async () => Number((await page.getByTestId("post-views").innerText()).replace(/\D/g, ""));

    const beacon = page.waitForResponse((r) => r.url().endsWith(`/api/blog/${slug}/view`));
    // An unknown query parameter bypasses the anonymous HTML cache (docs/rules/http.md#html-cache),
    // so each load shows the count as it is now rather than as the cached page stored it.
    await page.goto(`/blog/${slug}?kontroll=1`);
    const before = await views();
    expect((await beacon).status()).toBe(204);

    for (let visit = 0; visit < 2; visit++) {
      const again = page.waitForResponse((r) => r.url().endsWith(`/api/blog/${slug}/view`));
      await page.reload();
      await again;
      expect(await views()).toBe(before + 1);
    }
    await context.close();
  });
});

test.describe("newsletter", () => {
  test("the footer form shows its Swedish messages and stores an address once", async ({ browser }) => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "skinhamnen-e2e-newsletter-"));
    // Its own server on a database this test can read afterwards.
    const server = await startTestServer({ DATA_DIR: dataDir, DATABASE_URL: "" });
    try {
      const page = await (await browser.newContext({ baseURL: server.url })).newPage();
      await page.goto("/");
      const form = page.getByTestId("newsletter-footer");
      const email = form.getByRole("textbox", { name: "E-postadress" });

      await email.fill("inte-en-adress");
      await form.getByRole("button", { name: "Prenumerera" }).click();
      await expect(form.getByRole("status")).toHaveText("Vänligen ange en giltig e-postadress.");

      for (const address of ["Nyhet@Example.se", "nyhet@example.se"]) {
        await email.fill(address);
        await form.getByRole("button", { name: "Prenumerera" }).click();
        await expect(form.getByRole("status")).toHaveText(
          "Tack! Du har prenumererat på vårt nyhetsbrev.Bekräfta prenumerationen via länken i mejlet vi skickade.",
        );
        await expect(email).toHaveValue("");
      }
    } finally {
      await server.stop();
    }
    const database = openPglite(path.join(dataDir, "pglite"));
    try {
      const rows = await queryRows(
        database.db,
        sql`SELECT email, user_id FROM newsletter_subscriptions WHERE lower(email) = 'nyhet@example.se'`,
      );
      expect(rows).toEqual([{ email: "Nyhet@Example.se", user_id: null }]);
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test("the blog's box works without JavaScript too", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/blog");
    const form = page.getByTestId("newsletter-blog");
    await form.getByRole("textbox", { name: "E-postadress" }).fill("utan-js@example.se");
    await form.getByRole("button", { name: "Prenumerera" }).click();
    await expect(page).toHaveURL(/\/blog\?nyhetsbrev=ok&nyhetsbrev_form=blog#nyhetsbrev-blog$/);
    await expect(form.getByRole("status")).toHaveText(
      "Tack! Du har prenumererat på vårt nyhetsbrev.Bekräfta prenumerationen via länken i mejlet vi skickade.",
    );
    await expect(page.getByTestId("newsletter-footer").getByRole("status")).toHaveText("");
    await context.close();
  });
});

test.describe("home", () => {
  test("shows the three latest posts and a link to all", async ({ page }) => {
    await page.goto("/");
    const section = page.getByTestId("home-latest-posts");
    await expect(section.getByTestId("blog-card")).toHaveCount(3);
    await expect(section.getByRole("link", { name: /^Läs mer/ }).first()).toBeVisible();
    await page.getByRole("link", { name: "Visa alla artiklar" }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });
});

test.describe("accessibility", () => {
  for (const scheme of ["light", "dark"] as const) {
    test(`/blog and a post have no serious or critical axe violations (${scheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto("/blog");
      await expect(cards(page)).toHaveCount(SEEDED_POSTS);
      await expectNoSeriousA11yViolations(page);
      await page.goto("/blog/salja-cs2-skins-sakert");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  }
});
