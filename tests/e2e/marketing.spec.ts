import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { sql } from "drizzle-orm";
import { review_sources } from "../../app/platform/db/schema";
import { startTestServer, type TestServer } from "../../server/test-server";

const SUCCESS = "Tack! Vi meddelar dig så snart funktionen är klar.";

/** Each marketing page with its h1 and a few facts that must be on it. */
const PAGES = [
  { path: "/", h1: "Sälj dina CS2-skins", texts: ["Varför Skinhamnen", "Sälja skins", "Köpa skins", "Vad våra kunder säger"] },
  { path: "/salja-skins", h1: "Sälj dina CS2-skins för riktiga pengar", texts: ["Så säljer du dina skins", "Därför säljer du till oss", "Vanliga frågor om att sälja"] },
  { path: "/kop-skins", h1: "Köp CS2-skins tryggt och enkelt", texts: ["Kommer snart", "09:00-22:00", "Tryggt att handla hos oss", "Vanliga frågor om att köpa"] },
  { path: "/om-oss", h1: "Spelare som blev skinhandlare", texts: ["2019", "2021", "2023", "2025", "Sex löften till varje kund", "VD och grundare"] },
  { path: "/omdomen", h1: "Omdömen från våra kunder", texts: ["Utvalda", "Fler omdömen"] },
  { path: "/point-system", h1: "Poäng på varje affär", texts: ["Poäng per krona", "Vad kan jag göra med poängen?"] },
  { path: "/xp-system", h1: "Samla XP och nå VIP-nivåerna", texts: ["Bronze", "Silver", "Gold", "Platinum", "Framgångshistorier"] },
  { path: "/success", h1: "Tack för din betalning!", texts: ["handläggare"] },
] as const;

/** Swedish number grouping uses a no-break space; compare with plain spaces. */
async function mainText(page: Page): Promise<string> {
  return ((await page.locator("main").textContent()) ?? "").replace(/\s+/g, " ");
}

test.describe("marketing pages", () => {
  for (const { path, h1, texts } of PAGES) {
    test(`${path} renders its heading and key content on the server`, async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(h1);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      const text = await mainText(page);
      for (const expected of texts) expect(text).toContain(expected);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${path === "/" ? "/" : path}$`));
      await context.close();
    });
  }

  test("the home hero links carry the analytics labels and the live chat opens in a new tab", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator('[data-analytics-label="Sell Skins Hero"]')).toHaveAttribute("href", "/salja-skins");
    await expect(page.locator('[data-analytics-label="Buy Skins Hero"]')).toHaveAttribute("href", "/kop-skins");
    const chat = page.getByRole("link", { name: /Chatta med oss/ });
    await expect(chat).toHaveAttribute("target", "_blank");
    await expect(chat).toHaveAttribute("rel", "noopener noreferrer");
  });

  test("the number pages show every level, threshold and rate from the constants", async ({ page }) => {
    await page.goto("/point-system");
    const points = await mainText(page);
    expect(points).toContain("1 000 poäng ≈ 500 kr");
    expect(points).toMatch(/2 poäng per krona/);
    expect(points).toMatch(/1 poäng per krona/);
    await expect(page.getByRole("link", { name: "Till Point Shop" }).first()).toHaveAttribute("href", "/point-shop");

    await page.goto("/xp-system");
    const xp = await mainText(page);
    for (const fact of [
      "0–4 999 XP",
      "5 000–99 999 XP",
      "100 000–499 999 XP",
      "500 000+ XP",
      "+1% extra på försäljningar",
      "Rabatterad köpavgift",
      "Månatliga giveaways endast för Gold",
      "Personlig kontaktperson",
      "Unika erbjudanden som inte är publika",
      "Månatliga giveaways endast för Platinum",
      "500 bonus-XP varje månad",
      "2 000 bonus-XP varje månad",
      "10 000 bonus-XP varje månad",
    ]) {
      expect(xp).toContain(fact);
    }
    const ldJson = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(ldJson.join("")).toContain('"FAQPage"');
  });

  test("the reviews page shows no rating while no source is configured", async ({ page }) => {
    await page.goto("/omdomen");
    await expect(page.getByTestId("review-sources")).toHaveCount(0);
    expect(await mainText(page)).not.toMatch(/snittbetyg \d|Källa:/i);
    await expect(page.getByRole("link", { name: "Läs omdömena" })).toHaveAttribute("href", "#alla-omdomen");
    await expect(page.locator('main a[href="/salja-skins"]').first()).toBeVisible();
    await expect(page.locator('main a[href="/kop-skins"]').first()).toBeVisible();
  });

  test("the home page shows no counters and no empty stat without figures", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByTestId("hero-counters")).toHaveCount(0);
    const stats = page.getByRole("definition").filter({ hasText: /^0$/ });
    await expect(stats).toHaveCount(0);
    expect(await mainText(page)).not.toMatch(/\b0\+? (?:kunder|medlemmar|affärer)/);
  });

  test("the thank-you page is not indexed", async ({ page }) => {
    await page.goto("/success");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  });

  test("the old buy and reviews addresses answer 301", async ({ request }) => {
    for (const [from, to] of [
      ["/kopa-skins", "/kop-skins"],
      ["/facebook-recensioner", "/omdomen"],
    ] as const) {
      const response = await request.get(from, { maxRedirects: 0 });
      expect(response.status()).toBe(301);
      expect(new URL(response.headers().location ?? "", "http://x").pathname).toBe(to);
    }
  });
});

/**
 * A shop with figures: 15 321 accounts and two configured review sources, Trustpilot 4,8 of
 * 2 847 and Google 5,0 of 1 394 — on average 4,8 of 4 241 (weighted by count, rounded down).
 */
test.describe("home counters and review sources", () => {
  test.describe.configure({ mode: "serial" });
  let server: TestServer;
  const at = (path: string) => `${server.url}${path}`;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startTestServer(
      { LOG_LEVEL: "warn" },
      {
        prepare: async (database) => {
          await database.db.execute(sql`WITH made AS (
              INSERT INTO "user" (name, email) SELECT 'Medlem', 'figur-' || g || '@example.se' FROM generate_series(1, 15321) AS g RETURNING id, email
            ) INSERT INTO profiles (user_id, email) SELECT id, email FROM made`);
          await database.db.insert(review_sources).values([
            { platform: "Trustpilot", rating_tenths: 48, review_count: 2_847, url: "https://se.trustpilot.com/review/skinhamnen.se" },
            { platform: "Google", rating_tenths: 50, review_count: 1_394, url: "https://g.page/r/skinhamnen/review" },
          ]);
        },
      },
    );
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  /** Records every text the counters show, from the first byte of HTML on. */
  async function recordCounters(page: Page) {
    await page.addInitScript(() => {
      const seen: Record<string, string[]> = { customers: [], rating: [] };
      (window as unknown as { __counters: typeof seen }).__counters = seen;
      const record = () => {
        for (const key of ["customers", "rating"]) {
          const value = document.querySelector(`[data-counter="${key}"]`)?.textContent;
          const list = seen[key]!;
          if (value && list.at(-1) !== value) list.push(value);
        }
      };
      new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true });
    });
  }
  const counters = (page: Page) =>
    page.evaluate(() => (window as unknown as { __counters: Record<string, string[]> }).__counters);

  test("render the final values without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(at("/"));
    await expect(page.locator('[data-counter="customers"]')).toHaveText("15K+");
    await expect(page.locator('[data-counter="rating"]')).toHaveText("4,8");
    await context.close();
  });

  test("count up from 0 and 4,0 in the browser and end on 15K+ and 4,8", async ({ page }) => {
    await recordCounters(page);
    await page.goto(at("/"));
    await expect(page.getByTestId("hero-counters")).toHaveAttribute("data-counter-state", "done", { timeout: 10_000 });
    await expect(page.locator('[data-counter="customers"]')).toHaveText("15K+");
    await expect(page.locator('[data-counter="rating"]')).toHaveText("4,8");
    const seen = await counters(page);
    // Server value first, then restarted from the beginning, then counted up.
    expect(seen.rating![0]).toBe("4,8");
    expect(seen.rating).toContain("4,0");
    // Counted up, not jumped: rising frames from 4,0 to 4,8 (a busy machine may drop some).
    const rising = seen.rating!.slice(seen.rating!.indexOf("4,0")).map((text) => Number(text.replace(",", ".")));
    expect(rising.at(-1)).toBe(4.8);
    expect(rising.length).toBeGreaterThan(3);
    expect(rising).toEqual([...rising].sort((a, b) => a - b));
    expect(seen.customers).toContain("0");
    expect(seen.customers!.length).toBeGreaterThan(4);
    expect(seen.customers!.at(-1)).toBe("15K+");
  });

  test("stay still under prefers-reduced-motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await recordCounters(page);
    await page.goto(at("/"));
    await expect(page.getByTestId("hero-counters")).toHaveAttribute("data-counter-state", "reduced");
    await page.waitForTimeout(2_000);
    const seen = await counters(page);
    expect(seen.customers).toEqual(["15K+"]);
    expect(seen.rating).toEqual(["4,8"]);
  });

  test("the reviews page shows each source with its link and the weighted average", async ({ page }) => {
    await page.goto(at("/omdomen"));
    const ratings = page.getByTestId("review-sources");
    const text = ((await ratings.textContent()) ?? "").replace(/\s+/g, " ");
    expect(text).toContain("2 847");
    expect(text).toContain("1 394");
    expect(text).toContain("4 241");
    await expect(ratings.getByTestId("review-average")).toHaveText("4,8");
    await expect(ratings.getByRole("link", { name: /Källa: Trustpilot/ })).toHaveAttribute("href", "https://se.trustpilot.com/review/skinhamnen.se");
    await expect(ratings.getByRole("link", { name: /Källa: Google/ })).toHaveAttribute("href", "https://g.page/r/skinhamnen/review");
  });
});

test.describe("launch notification on /kop-skins", () => {
  test("signs up without a reload, and the same address again still succeeds", async ({ page }) => {
    const email = `lansering-${Date.now()}@example.se`;
    await page.goto("/kop-skins");
    await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    await page.locator("#kommer-snart").getByLabel("E-postadress", { exact: true }).fill(email);
    await page.getByRole("button", { name: "Meddela mig" }).click();
    await expect(page.getByTestId("launch-notification-success")).toHaveText(SUCCESS);
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);

    await page.reload();
    await page.locator("#kommer-snart").getByLabel("E-postadress", { exact: true }).fill(email.toUpperCase());
    await page.getByRole("button", { name: "Meddela mig" }).click();
    await expect(page.getByTestId("launch-notification-success")).toHaveText(SUCCESS);
  });

  test("explains a bad address in Swedish and stays on the form", async ({ page }) => {
    await page.goto("/kop-skins");
    await page.getByRole("button", { name: "Meddela mig" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Vänligen ange din e-postadress." })).toBeVisible();
    await page.locator("#kommer-snart").getByLabel("E-postadress", { exact: true }).fill("inte-en-adress");
    await page.getByRole("button", { name: "Meddela mig" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Vänligen ange en giltig e-postadress." })).toBeVisible();
    await expect(page.getByTestId("launch-notification-success")).toHaveCount(0);
  });

  test("works as a plain form post without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/kop-skins");
    await page.locator("#kommer-snart").getByLabel("E-postadress", { exact: true }).fill(`utan-js-${Date.now()}@example.se`);
    await page.getByRole("button", { name: "Meddela mig" }).click();
    await expect(page.getByTestId("launch-notification-success")).toHaveText(SUCCESS);

    await page.goto("/kop-skins");
    await page.locator("#kommer-snart").getByLabel("E-postadress", { exact: true }).fill("fel");
    await page.getByRole("button", { name: "Meddela mig" }).click();
    await expect(page.getByText("Vänligen ange en giltig e-postadress.")).toBeVisible();
    await expect(page.locator("#kommer-snart").getByLabel("E-postadress", { exact: true })).toHaveValue("fel");
    await context.close();
  });
});

test.describe("reviews carousel", () => {
  test("is operable with the keyboard and announces the chosen slide", async ({ page }) => {
    await page.goto("/omdomen");
    const carousel = page.getByRole("region", { name: "Utvalda omdömen" });
    await expect(carousel).toHaveAttribute("aria-roledescription", "carousel");
    const slides = carousel.locator('[aria-roledescription="slide"]');
    await expect(slides).toHaveCount(3);
    await expect(carousel.getByRole("group", { name: "1 av 3" })).toBeVisible();

    await carousel.getByRole("button", { name: "Nästa omdöme" }).focus();
    // Focus inside the carousel stops the rotation.
    await expect(carousel).toHaveAttribute("data-rotating", "false");
    await page.keyboard.press("Enter");
    await expect(carousel.getByRole("group", { name: "2 av 3" })).toBeVisible();
    await expect(carousel.getByRole("group", { name: "1 av 3" })).toBeHidden();
    await expect(page.getByTestId("carousel-status")).toHaveText("Omdöme 2 av 3: Hanna Sjöberg");

    await page.keyboard.press("ArrowRight");
    await expect(carousel.getByRole("group", { name: "3 av 3" })).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await expect(carousel.getByRole("group", { name: "1 av 3" })).toBeVisible();

    await carousel.getByRole("button", { name: "Föregående omdöme" }).focus();
    await page.keyboard.press("Space");
    await expect(carousel.getByRole("group", { name: "3 av 3" })).toBeVisible();

    await carousel.getByRole("button", { name: "Visa omdöme 2 av 3" }).focus();
    await page.keyboard.press("Enter");
    await expect(carousel.getByRole("group", { name: "2 av 3" })).toBeVisible();
    await expect(carousel.getByRole("button", { name: "Visa omdöme 2 av 3" })).toHaveAttribute("aria-current", "true");
  });

  test("rotates on its own, pauses on hover and can be paused", async ({ page }) => {
    await page.clock.install();
    await page.goto("/omdomen");
    const carousel = page.getByRole("region", { name: "Utvalda omdömen" });
    await expect(carousel).toHaveAttribute("data-rotating", "true");
    await page.clock.runFor(7_500);
    await expect(carousel.getByRole("group", { name: "2 av 3" })).toBeVisible();

    await carousel.hover();
    await expect(carousel).toHaveAttribute("data-rotating", "false");
    await page.clock.runFor(20_000);
    await expect(carousel.getByRole("group", { name: "2 av 3" })).toBeVisible();

    await page.mouse.move(0, 0);
    await expect(carousel).toHaveAttribute("data-rotating", "true");
    await carousel.getByRole("button", { name: "Pausa automatisk visning" }).click();
    await page.mouse.move(0, 0);
    await page.locator("body").click({ position: { x: 1, y: 1 } });
    await expect(carousel).toHaveAttribute("data-rotating", "false");
    await expect(carousel.getByRole("button", { name: "Starta automatisk visning" })).toBeVisible();
  });

  test("never rotates under prefers-reduced-motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.clock.install();
    await page.goto("/omdomen");
    const carousel = page.getByRole("region", { name: "Utvalda omdömen" });
    await expect(carousel).toHaveAttribute("data-rotating", "false");
    await page.clock.runFor(30_000);
    await expect(carousel.getByRole("group", { name: "1 av 3" })).toBeVisible();
  });
});

test.describe("fixed call to action on /salja-skins", () => {
  for (const width of [375, 1280]) {
    test(`never covers the last content at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 740 });
      await page.goto("/salja-skins");
      const cta = page.getByTestId("fixed-cta");
      await expect(cta).toBeVisible();
      await expect(cta.getByRole("link", { name: /Sälj skins nu/ })).toHaveAttribute("target", "_blank");
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForTimeout(200);
      const ctaBox = (await cta.boundingBox())!;
      const viewport = page.viewportSize()!;
      if (width < 768) {
        // A bar across the whole bottom edge.
        expect(ctaBox.width).toBeGreaterThanOrEqual(viewport.width - 1);
        expect(Math.round(ctaBox.y + ctaBox.height)).toBe(viewport.height);
      } else {
        // A button in the bottom-left corner.
        expect(ctaBox.x).toBeLessThan(64);
        expect(ctaBox.width).toBeLessThan(viewport.width / 2);
      }
      const disclaimer = page.getByRole("contentinfo").getByText("Valve Corporation");
      const lastBox = (await disclaimer.boundingBox())!;
      expect(lastBox.y + lastBox.height).toBeLessThanOrEqual(ctaBox.y);
      // The page's own last section is reachable above the bar too.
      const lastSection = page.getByRole("link", { name: /Starta försäljningen/ });
      await lastSection.scrollIntoViewIfNeeded();
      const sectionBox = (await lastSection.boundingBox())!;
      const ctaNow = (await cta.boundingBox())!;
      expect(sectionBox.y + sectionBox.height).toBeLessThanOrEqual(ctaNow.y);
    });
  }
});

test.describe("accessibility", () => {
  for (const { path } of PAGES) {
    for (const colorScheme of ["light", "dark"] as const) {
      test(`${path} has no serious or critical axe violations (${colorScheme})`, async ({ page }) => {
        await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
        await page.goto(path);
        await expect(page.locator("html")).toHaveClass(colorScheme === "dark" ? /dark/ : /^(?!.*dark)/);
        const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
        const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
        expect(
          serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
        ).toEqual([]);
      });
    }
  }
});
