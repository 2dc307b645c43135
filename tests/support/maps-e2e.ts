import { expect, type Page } from '@playwright/test';

/**
 * Maps mount only when their place comes near the screen (LazyMount): scrolls to the map's place
 * (Leaflet, or its "Loading map…" placeholder), then expects the map there.
 */
export async function expectMapShown(page: Page): Promise<void> {
  const place = page
    .locator('.leaflet-container, [role="status"]:has-text("Loading map…")')
    .first();
  await place.scrollIntoViewIfNeeded();
  await expect(page.locator('.leaflet-container')).toBeVisible();
}
