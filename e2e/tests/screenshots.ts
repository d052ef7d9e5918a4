import { type Locator, type Page, test } from '@playwright/test';

/**
 * Screenshots of `target` in both themes (dark first, the default) at 1280 and 390 px, to be
 * looked at by hand; the page is not reloaded, so what it holds stays (and so does its theme, which is switched as needed). Saved as
 * `<name>-<theme>-<width>.png` in the test's output folder.
 */
export async function screenshotBothThemes(page: Page, target: Locator, name: string) {
  for (const theme of ['dark', 'light'] as const) {
    await page.setViewportSize({ width: 1280, height: 900 });
    // The theme a page is in stays from one call to the next: switch only to the other one.
    const toggle = page.getByRole('button', {
      name: theme === 'light' ? 'Passer au thème clair' : 'Passer au thème sombre',
    });
    if (await toggle.isVisible()) await toggle.click();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await target.scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`${name}-${theme}-${width}.png`) });
    }
  }
}
