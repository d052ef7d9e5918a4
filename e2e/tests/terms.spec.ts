import { expect, test } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { DEMO, login } from './accounts';

// The deployment that publishes terms version 2: its demo users accepted version 1.
const TERMS_SERVER = `http://localhost:${Number(process.env.E2E_PORT ?? 3210) + 1}`;

test.use({ baseURL: TERMS_SERVER });

test('a user accepts the new terms and keeps browsing', async ({ page }) => {
  await login(page, DEMO.user, DEMO.password);
  const modal = page.getByRole('dialog', { name: 'Modification des CGU' });
  await expect(modal).toBeVisible();
  await expectAccessible(page);
  await modal.getByRole('button', { name: 'Accepter' }).click();
  await expect(modal).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Ursule Utilisatrice' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Modification des CGU' })).toHaveCount(0);
});

test('closing the terms modal logs the user out', async ({ page }) => {
  await login(page, DEMO.organizer, DEMO.password);
  const modal = page.getByRole('dialog', { name: 'Modification des CGU' });
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: /Fermer|close/i }).click();
  await expect(page).toHaveURL(/\/billetterie$/);
  await expect(page.getByRole('link', { name: 'Connexion/Inscription' })).toBeVisible();
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
});
