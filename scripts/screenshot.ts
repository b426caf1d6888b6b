/**
 * Screenshots of pages as a person sees them, at desktop and phone widths, light and dark.
 *   npx tsx scripts/screenshot.ts http://localhost:3000 / /blog
 * Writes PNGs to ./screenshots (ignored by git).
 *
 * Signed-in pages: SCREENSHOT_COOKIE="name=value" sends that session cookie, and
 * SCREENSHOT_PREFIX names the files apart (e.g. "bronze-"). SCREENSHOT_CONSENT=1 saves a
 * cookie choice first, so the consent banner does not cover the page.
 */
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS } from "../playwright.config";

const [base = "http://localhost:3000", ...paths] = process.argv.slice(2);
const targets = paths.length ? paths : ["/"];
const widths = (process.env.WIDTHS ?? "1280,375").split(",").map(Number);
const themes = (process.env.THEMES ?? "light,dark").split(",") as Array<"light" | "dark">;
const fullPage = process.env.FULL_PAGE !== "0";
const cookie = process.env.SCREENSHOT_COOKIE;
const prefix = process.env.SCREENSHOT_PREFIX ?? "";

mkdirSync("screenshots", { recursive: true });
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
for (const width of widths) {
  for (const theme of themes) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: theme, locale: "sv-SE" });
    if (cookie) {
      const [name = "", ...rest] = cookie.split("=");
      await context.addCookies([{ name, value: rest.join("="), url: base }]);
    }
    if (process.env.SCREENSHOT_CONSENT === "1") {
      await context.addInitScript(() => {
        localStorage.setItem("cookie-consent", JSON.stringify({ necessary: true, analytics: false, marketing: false, functional: false }));
        localStorage.setItem("cookie-consent-date", new Date().toISOString());
      });
    }
    const page = await context.newPage();
    for (const target of targets) {
      await page.goto(new URL(target, base).toString(), { waitUntil: "networkidle" });
      const name = `${prefix}${target.replace(/[^a-z0-9]+/gi, "_") || "home"}-${width}-${theme}.png`;
      await page.screenshot({ path: `screenshots/${name}`, fullPage });
      process.stdout.write(`screenshots/${name}\n`);
    }
    await context.close();
  }
}
await browser.close();
