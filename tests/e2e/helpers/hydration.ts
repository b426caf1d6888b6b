import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Waits until React has hydrated the element: a click before that is a plain browser
 * navigation, not the client-side one a test may mean to watch. React marks every element it
 * has hydrated with its own internal property.
 */
export async function waitForHydration(element: Locator): Promise<void> {
  await expect
    .poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactFiber$"))))
    .toBe(true);
}

/**
 * Waits until the page is what it will be: hydrated, or, for a content page sent without the
 * framework (docs/decisions/042, it carries the enhancement module instead), at once.
 */
export async function waitForPageReady(page: Page): Promise<void> {
  if ((await page.locator("script#enhance").count()) > 0) return;
  await waitForHydration(page.locator("body"));
}
