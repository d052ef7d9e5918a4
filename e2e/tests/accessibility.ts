import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe-core: no serious or critical violation on the page as it stands, once its transitions have
 * ended (a button sliding in is half transparent for a moment, which axe would read as low contrast).
 */
export async function expectAccessible(page: Page, options: { exclude?: string } = {}) {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
  const builder = new AxeBuilder({ page });
  if (options.exclude) builder.exclude(options.exclude);
  const results = await builder.analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const describe = (node: { target: unknown[]; failureSummary?: string }) =>
    `${node.target.join(' ')} ${node.failureSummary ?? ''}`.trim();
  expect(blocking.map((v) => `${v.id}: ${v.help} (${v.nodes.map(describe).join(', ')})`)).toEqual([]);
}
