import { type Locator, type Page, test } from '@playwright/test';

/**
 * Screenshots of `target` in both themes (dark first, the default) at 1280 and 390 px, to be
 * looked at by hand; the page is not reloaded, so what it holds stays. Saved as
 * `<name>-<theme>-<width>.png` in the test's output folder.
 */
export async function screenshotBothThemes(page: Page, target: Locator, name: string) {
  for (const theme of ['dark', 'light'] as const) {
    await page.setViewportSize({ width: 1280, height: 900 });
    if (theme === 'light') await page.getByRole('button', { name: 'Passer au thème clair' }).click();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await target.scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`${name}-${theme}-${width}.png`) });
    }
  }
}
