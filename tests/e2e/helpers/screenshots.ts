import { expect, type Page } from "@playwright/test";

/**
 * A full-page screenshot to `path` (under screenshots/, to be looked at), and the page no wider
 * than its viewport: nothing may push a 375 px screen sideways.
 */
export async function screenshotFits(page: Page, path: string): Promise<void> {
  await page.screenshot({ path, fullPage: true });
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} is wider than the screen`).toBeLessThanOrEqual(width);
}
