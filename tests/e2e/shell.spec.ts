import { expect, test } from "@playwright/test";
import { openMenu } from "./helpers/menus";

test.describe("layout shell", () => {
  test("the home page is real Swedish content before JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "sv");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Sälj dina CS2-skins");
    await expect(page.getByRole("link", { name: "Logga in" }).first()).toHaveAttribute("href", "/auth");
    await expect(page.getByRole("link", { name: "Registrera" }).first()).toHaveAttribute(
      "href",
      "/auth?mode=signup",
    );
    await expect(page.getByRole("contentinfo")).toContainText("Valve Corporation");
    await context.close();
  });

  test("an unknown page answers 404 with 'Oops! Sidan kunde inte hittas' and a way home", async ({ page }) => {
    const response = await page.goto("/nagot-som-inte-finns");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("404", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Oops! Sidan kunde inte hittas" })).toBeVisible();
    await page.getByRole("link", { name: "Tillbaka till startsidan" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("a chosen theme persists across reloads without a flash of the wrong theme", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    // Records the theme class at the moment <body> is first inserted, before any paint.
    await page.addInitScript(() => {
      const observer = new MutationObserver(() => {
        if (document.body) {
          (window as unknown as { __themeAtBody: string }).__themeAtBody =
            document.documentElement.classList.contains("dark") ? "dark" : "light";
          observer.disconnect();
        }
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    await page.goto("/");
    await expect(page.locator("html")).not.toHaveClass(/dark/);

    await openMenu(page.getByTestId("theme-switch"), page.getByRole("menuitemradio", { name: "Mörkt" }));
    await page.getByRole("menuitemradio", { name: "Mörkt" }).click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");

    await page.reload();
    expect(await page.evaluate(() => (window as unknown as { __themeAtBody: string }).__themeAtBody)).toBe("dark");
    await expect(page.locator("html")).toHaveClass(/dark/);

    await openMenu(page.getByTestId("theme-switch"), page.getByRole("menuitemradio", { name: "Ljust" }));
    await page.getByRole("menuitemradio", { name: "Ljust" }).click();
    await page.reload();
    expect(await page.evaluate(() => (window as unknown as { __themeAtBody: string }).__themeAtBody)).toBe("light");
  });

  test("a page answered from the HTML cache hydrates and runs under its hash-based policy", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    page.on("pageerror", (error) => violations.push(error.message));
    // The first anonymous request fills the cache; the visit is answered from it.
    await (await page.request.get("/om-oss")).text();
    const response = await page.goto("/om-oss");
    expect(response?.headers()["x-html-cache"]).toMatch(/^(hit|stale)$/);
    expect(response?.headers()["content-security-policy"]).toContain("'sha256-");
    // Interactive only once hydrated: the theme menu opens and applies a choice.
    await openMenu(page.getByTestId("theme-switch"), page.getByRole("menuitemradio", { name: "Mörkt" }));
    await page.getByRole("menuitemradio", { name: "Mörkt" }).click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    // A client-side navigation (a data request, no new document) works as well.
    await page.getByRole("navigation", { name: "Huvudmeny" }).getByRole("link", { name: "FAQ" }).click();
    await expect(page).toHaveURL(/\/faq$/);
    expect(violations).toEqual([]);
  });

  test("'system' follows the operating system's colour scheme", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/");
    await expect(page.locator("html")).toHaveClass(/dark/);
  });

  test("the mobile menu lists every navigation link at 375 px", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/");
    const desktopNav = page.getByRole("navigation", { name: "Huvudmeny" });
    await expect(desktopNav).toBeHidden();
    const button = page.getByRole("button", { name: "Öppna menyn" });
    await expect(button).toBeVisible();
    const menu = page.getByRole("dialog");
    await openMenu(button, menu);
    for (const label of ["Sälj skins", "Köp skins", "Point Shop", "Blogg", "Om oss", "FAQ", "Kontakt"]) {
      await expect(menu.getByRole("link", { name: label })).toBeVisible();
    }
    await expect(menu.getByRole("link", { name: "Registrera" })).toHaveAttribute("href", "/auth?mode=signup");
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    // Nothing overflows horizontally at this width.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test("the desktop header shows the navigation and hides the menu button", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Huvudmeny" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Öppna menyn" })).toBeHidden();
  });
});

test.describe("icons", () => {
  test("icons are drawn from the one hashed sprite, cached for a year", async ({ page, request }) => {
    await page.goto("/");
    const uses = page.locator("svg.lucide > use");
    expect(await uses.count()).toBeGreaterThan(5);
    const hrefs = await uses.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("href") ?? ""));
    const files = new Set(hrefs.map((href) => href.split("#")[0]));
    expect([...files]).toHaveLength(1);
    const [file] = [...files];
    expect(file).toMatch(/^\/assets\/icons-[\w-]+\.svg$/);
    // No icon is inlined as paths any more.
    expect(await page.locator("svg.lucide path").count()).toBe(0);

    const sprite = await request.get(file!);
    expect(sprite.status()).toBe(200);
    expect(sprite.headers()["cache-control"]).toContain("immutable");
    const svg = await sprite.text();
    for (const id of new Set(hrefs.map((href) => href.split("#")[1]))) expect(svg).toContain(`<symbol id="${id}"`);

    // The first icon in the header is painted: its <use> has the symbol's size once the sprite loaded.
    const box = await uses.first().evaluate(async (node) => {
      for (let i = 0; i < 50; i++) {
        const { width, height } = (node as SVGUseElement).getBBox();
        if (width > 0 && height > 0) return { width, height };
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return { width: 0, height: 0 };
    });
    expect(box.width).toBeGreaterThan(0);
    expect(box.height).toBeGreaterThan(0);
  });
});
