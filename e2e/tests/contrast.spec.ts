import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { DEMO, logInAs } from './accounts';

/**
 * axe in both themes, error states included: field errors were 3.3:1 in the light theme, links in
 * the legal texts 1.5:1 against the text around them in the dark one, the quote requests' badges
 * 2.8 to 3.7:1 in the light one.
 */
const themes = ['dark', 'light'] as const;

async function inTheme(page: Page, theme: (typeof themes)[number]) {
  await page.addInitScript((scheme) => {
    localStorage.setItem('guichet.visited', '1');
    localStorage.setItem('guichet.theme', scheme);
  }, theme);
}

/** Sends the form empty: every field error and the form's banner are on the page. */
async function withErrors(page: Page, path: string, submit: string) {
  await page.goto(path);
  await page.getByRole('button', { name: submit, exact: true }).click();
  await expect(page.getByText(/^Veuillez /).first()).toBeVisible();
  await expectAccessible(page);
}

for (const theme of themes) {
  test.describe(`the ${theme} theme`, () => {
    test.beforeEach(async ({ page }) => inTheme(page, theme));

    test('@phone forms with their errors shown pass axe', async ({ page }) => {
      await withErrors(page, '/shoppingCart', 'Envoyer ma demande');
      await expect(page.getByText('Veuillez saisir un email.').first()).toBeVisible();
      await withErrors(page, '/connexion', 'Se connecter');
      await withErrors(page, '/contact', 'Envoyer');
      await withErrors(page, '/inscription', "S'inscrire");
    });

    test('@phone the about page and the legal texts pass axe', async ({ page }) => {
      for (const path of ['/about', '/termsAndConditions', '/privacyPolicy']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectAccessible(page);
      }
    });

    test('the quote requests of the back office pass axe', async ({ page }) => {
      await logInAs(page, DEMO.admin, DEMO.password);
      await page.goto('/admin/devis');
      await expect(page.getByRole('article').first()).toBeVisible();
      await expectAccessible(page);
    });
  });
}
