import { expect, type Page, test } from '@playwright/test';
import { DEMO, logInAs } from './accounts';

/** A returning visitor: the first visit's redirect to the events is behind them. */
async function returning(page: Page) {
  await page.addInitScript(() => localStorage.setItem('guichet.visited', '1'));
}

async function addCups(page: Page) {
  await page.goto('/services?offre=achat');
  await page.getByRole('link', { name: 'Gobelets', exact: true }).click();
  await page.getByRole('button', { name: 'Augmenter la quantité' }).click();
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
}

test.describe('the shell', () => {
  test('@phone the header leads back to the cart, with its count, whenever it holds something', async ({ page }) => {
    await returning(page);
    await page.goto('/billetterie');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: /^Panier/ })).toHaveCount(0);

    await addCups(page);
    await expect(header.getByRole('link', { name: 'Panier : 1 article' })).toBeVisible();
    await page.goto('/services?offre=location');
    await page.getByRole('link', { name: 'Terminal de paiement 3G', exact: true }).click();
    await page.getByRole('button', { name: 'Augmenter la quantité' }).click();
    await page.getByRole('button', { name: 'Ajouter au panier' }).click();
    await expect(header.getByRole('link', { name: 'Panier : 2 articles' })).toBeVisible();
    await expect(header.getByTestId('cart-count').filter({ visible: true })).toHaveText('2');

    // From any page, later: the cart is one tap away.
    await page.goto('/about');
    await header.getByRole('link', { name: 'Panier : 2 articles' }).click();
    await expect(page).toHaveURL(/\/shoppingCart$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mon panier (2 articles)');
    for (const title of ['Gobelets (Gobelets rouges)', 'Terminal de paiement 3G']) {
      await page.getByRole('button', { name: `Supprimer « ${title} » du panier` }).click();
    }
    await expect(header.getByRole('link', { name: /^Panier/ })).toHaveCount(0);
  });

  test('@phone the shop is in the navigation and the footer', async ({ page, isMobile }) => {
    await returning(page);
    await page.goto('/billetterie');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Nos offres' })).toHaveAttribute(
      'href',
      '/services',
    );
    if (isMobile) {
      await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
      await page
        .getByRole('navigation', { name: 'Navigation mobile' })
        .getByRole('link', { name: 'Nos offres' })
        .click();
    } else {
      await page
        .getByRole('navigation', { name: 'Navigation principale' })
        .getByRole('link', { name: 'Nos offres' })
        .click();
    }
    await expect(page).toHaveURL(/\/services$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Nos offres' })).toBeVisible();
  });

  test('every page of the showcase names its tab', async ({ page }) => {
    await returning(page);
    const titles: [string, string][] = [
      ['/services', 'Nos offres · Guichet'],
      ['/shoppingCart', 'Mon panier · Guichet'],
      ['/devenirPartenaire', 'Devenir partenaire · Guichet'],
      ['/tarifs', 'Tarifs · Guichet'],
    ];
    for (const [path, title] of titles) {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
    }
    await page.goto('/services?offre=achat');
    await page.getByRole('link', { name: 'Poudre colorée', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Poudre colorée' })).toBeVisible();
    await expect(page).toHaveTitle('Poudre colorée · Guichet');
    // Back to a page titled by its route: the product's name does not linger.
    await page.getByRole('link', { name: 'Retour aux offres' }).click();
    await expect(page).toHaveTitle('Nos offres · Guichet');
  });

  test("@phone a toast leaves the header's buttons free", async ({ page }) => {
    await returning(page);
    await addCups(page);
    const toast = page.getByRole('alert').filter({ hasText: '« Gobelets » ajouté au panier.' });
    await expect(toast).toBeVisible();
    const header = await page.getByRole('banner').boundingBox();
    const headerBottom = (header?.y ?? 0) + (header?.height ?? 0);
    // Where it comes to rest, once it has slid in.
    await expect.poll(async () => (await toast.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(headerBottom);
    // The theme switch under it still takes the click while the toast is shown.
    await page.getByRole('button', { name: 'Passer au thème clair' }).click();
    await expect(page.getByRole('button', { name: 'Passer au thème sombre' })).toBeVisible();
    await expect(toast).toBeVisible();
  });

  test('"Gérer mes événements" opens the console in a new tab, the shop beside the menus', async ({ page }) => {
    await logInAs(page, DEMO.organizer, DEMO.password);
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    await expect(nav.getByRole('link', { name: 'Nos offres' })).toHaveAttribute('href', '/services');
    await nav.getByRole('button', { name: 'Événements' }).click();
    const item = page.getByRole('menuitem', { name: 'Gérer mes événements (nouvel onglet)' });
    const [consoleTab] = await Promise.all([page.context().waitForEvent('page'), item.click()]);
    await expect(consoleTab).toHaveURL(/\/event_management/);
    await expect(page).toHaveURL(/\/profil$/);
    await consoleTab.close();
  });
});
