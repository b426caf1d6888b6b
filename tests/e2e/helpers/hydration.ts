import { expect, type Locator } from "@playwright/test";

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
