import { expect, test } from '@playwright/test';
import { DEMO, logInAs } from './accounts';

test('address suggestions come after a pause in typing and are picked with the keyboard', async ({ page }) => {
  await logInAs(page, DEMO.organizer, DEMO.password);
  await page.goto('/createevents');
  const address = page.getByRole('textbox', { name: 'Adresse', exact: true });
  const searches: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/addresses')) searches.push(new URL(request.url()).searchParams.get('q') ?? '');
  });
  await address.pressSequentially('jardin des pl', { delay: 30 });
  await expect(page.getByRole('option', { name: /Jardin des Plantes/ })).toBeVisible();
  // A request after a pause, not one per key: on a loaded machine a key may come late enough to
  // make a pause of its own, so a few are allowed among the thirteen keys.
  expect(searches.at(-1)).toBe('jardin des pl');
  expect(searches.length).toBeLessThanOrEqual(3);
  await address.press('ArrowDown');
  await address.press('Enter');
  await expect(address).toHaveValue('Jardin des Plantes, 31400 Toulouse');
  await expect(page.getByRole('option')).toHaveCount(0);
});
