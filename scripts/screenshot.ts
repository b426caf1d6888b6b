/**
 * Screenshots of pages as a person sees them, at desktop and phone widths, light and dark.
 *   npx tsx scripts/screenshot.ts http://localhost:3000 / /blog
 * Writes PNGs to ./screenshots (ignored by git). Signed-in pages: COOKIE="name=value; …"
 * (e.g. a staff member's session cookie) is sent with every page.
 */
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS } from "../playwright.config";

const [base = "http://localhost:3000", ...paths] = process.argv.slice(2);
const targets = paths.length ? paths : ["/"];
const widths = (process.env.WIDTHS ?? "1280,375").split(",").map(Number);
const themes = (process.env.THEMES ?? "light,dark").split(",") as Array<"light" | "dark">;
const fullPage = process.env.FULL_PAGE !== "0";

mkdirSync("screenshots", { recursive: true });
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
for (const width of widths) {
  for (const theme of themes) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: theme, locale: "sv-SE" });
    if (process.env.COOKIE) {
      await context.addCookies(
        process.env.COOKIE.split(";").map((pair) => {
          const [name = "", ...value] = pair.trim().split("=");
          return { name, value: value.join("="), url: base };
        }),
      );
    }
    const page = await context.newPage();
    for (const target of targets) {
      await page.goto(new URL(target, base).toString(), { waitUntil: "networkidle" });
      const name = `${process.env.PREFIX ?? ""}${target.replace(/[^a-z0-9]+/gi, "_") || "home"}-${width}-${theme}.png`;
      await page.screenshot({ path: `screenshots/${name}`, fullPage });
      process.stdout.write(`screenshots/${name}\n`);
    }
    await context.close();
  }
}
await browser.close();
