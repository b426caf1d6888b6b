import { expect, type Locator } from "@playwright/test";

/**
 * Opens a header menu (theme, profile, mobile). Their code loads after the page
 * (docs/decisions/023-request-work-and-front-end-weight.md), so a click that lands before the
 * menu has hydrated does nothing; it is tried again until what the menu opens is visible.
 */
export async function openMenu(trigger: Locator, opened: Locator): Promise<void> {
  await expect(async () => {
    if (await opened.isVisible()) return;
    await trigger.click();
    await expect(opened).toBeVisible({ timeout: 1000 });
  }).toPass();
}
