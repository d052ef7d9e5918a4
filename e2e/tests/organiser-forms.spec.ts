import { expect, test } from '@playwright/test';
import { DEMO, login } from './support';

test('a price is rounded to the cent as the API rounds it, never cut', async ({ page }) => {
  await login(page, DEMO.organizer, DEMO.password);
  await expect(page).toHaveURL(/\/profil$/);
  await page.goto('/createevents');
  const price = page.getByRole('group').nth(0).getByRole('textbox', { name: 'Prix (€)' });
  await price.fill('12.345');
  await price.blur();
  await expect(price).toHaveValue('12.35');
  await expect(page.getByRole('region', { name: "Aperçu de l'événement" })).toContainText('12,35 €');
});
