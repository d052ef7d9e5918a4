import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { DEMO, logInAs, uniqueEmail } from './accounts';
import { mailMatching, mailsTo } from './mail';

const SHOP_ADDRESS = 'boutique@guichet.test';

/** A returning visitor: the first visit's redirect to the events is behind them. */
async function returning(page: Page) {
  await page.addInitScript(() => localStorage.setItem('guichet.visited', '1'));
}

test.describe('showcase', () => {
  test('the first visit goes once to the events; the landing page turns its 12 items and stops on hover', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/billetterie$/);
    // The page's timers run on a clock the test moves: no waiting, no timing.
    await page.clock.install();
    await page.goto('/');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('la billetterie de vos événements');
    const hero = page.locator('img[src="/showcase/hero.svg"]');
    await expect(hero).toHaveAttribute('fetchpriority', 'high');
    await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    const carousel = page.getByRole('region', { name: 'Ce que vous pouvez faire' });
    const firstSlide = carousel.getByRole('group').first();
    await expect(carousel.getByRole('button', { name: /^Afficher :/ })).toHaveCount(12);
    await expect(firstSlide).toHaveAccessibleName('1 sur 12');
    // It turns by itself every 4 s...
    await page.clock.runFor(4_000);
    await expect(firstSlide).toHaveAccessibleName('2 sur 12');
    // ... stops while the pointer is on it, and goes on when it leaves.
    await carousel.hover();
    await page.clock.runFor(12_000);
    await expect(firstSlide).toHaveAccessibleName('2 sur 12');
    await page.mouse.move(0, 0);
    await page.clock.runFor(4_000);
    await expect(firstSlide).toHaveAccessibleName('3 sur 12');
    // It stops while it holds the focus; arrow keys move it, its buttons too.
    await carousel.getByRole('button', { name: 'Fonctionnalité suivante' }).focus();
    await page.clock.runFor(12_000);
    await expect(firstSlide).toHaveAccessibleName('3 sur 12');
    await page.keyboard.press('ArrowRight');
    await expect(firstSlide).toHaveAccessibleName('4 sur 12');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(firstSlide).toHaveAccessibleName('2 sur 12');
    await carousel.getByRole('button', { name: 'Afficher : Codes promo' }).click();
    await expect(firstSlide).toHaveAccessibleName('6 sur 12');
    await expect(firstSlide).toContainText('Codes promo');

    for (const name of ['App Store', 'Google Play']) await expect(page.getByRole('link', { name })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Devenir partenaire' })).toHaveAttribute('href', '/devenirPartenaire');
    await expect(page.getByRole('link', { name: 'Nous contacter' })).toHaveAttribute('href', '/contact');
    await expect(page.getByText('Ils nous font confiance')).toBeVisible();
    await expectAccessible(page);
  });

  test('the reduced-motion visitor sees a still carousel', async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    await returning(page);
    await page.clock.install();
    await page.goto('/');
    const firstSlide = page.getByRole('region', { name: 'Ce que vous pouvez faire' }).getByRole('group').first();
    await expect(firstSlide).toHaveAccessibleName('1 sur 12');
    await page.clock.runFor(12_000);
    await expect(firstSlide).toHaveAccessibleName('1 sur 12');
    await context.close();
  });

  test('the catalogue has three tabs, a category filter and a search by title', async ({ page }) => {
    await returning(page);
    await page.goto('/services');
    await expect(page.getByRole('heading', { level: 1, name: 'Nos offres' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Location' })).toHaveAttribute('aria-selected', 'true');
    const cards = page.getByRole('main').getByRole('heading', { level: 2 });
    await expect(cards).toHaveCount(7);
    const terminal = page.getByRole('article', { name: 'Terminal de paiement 3G' });
    await expect(terminal.getByTestId('product-price')).toHaveText('15,50 €');
    await expectAccessible(page);

    // "Voir plus" / "Voir moins" open and close a description.
    const more = page.getByRole('button', { name: 'Voir plus' }).first();
    await more.click();
    await expect(page.getByRole('button', { name: 'Voir moins' }).first()).toHaveAttribute('aria-expanded', 'true');

    await page.getByRole('button', { name: 'Sécurité', exact: true }).click();
    await expect(cards).toHaveText(["Location d'éthylotest électronique"]);
    await page.getByRole('button', { name: 'Toutes', exact: true }).click();
    // Accents and case do not matter; at most 50 characters.
    const search = page.getByRole('searchbox', { name: 'Rechercher' });
    await search.fill('MACHINE A BARBE');
    await expect(cards).toHaveText(['Machine à barbe à papa']);
    await expect(search).toHaveAttribute('maxlength', '50');
    await search.fill('introuvable');
    await expect(page.getByText('Aucune offre ne correspond à votre recherche.')).toBeVisible();
    await search.fill('');

    await page.getByRole('tab', { name: 'Achat' }).click();
    await expect(page.getByRole('heading', { name: 'Gobelets', exact: true })).toBeVisible();
    // The card gives the price as the product page does: cups are priced by the 50.
    const cups = page.getByRole('article', { name: 'Gobelets', exact: true });
    await expect(cups.getByTestId('product-price')).toHaveText('5,00 € les 50');
    // "Voir plus" only where the description is cut.
    await expect(cups.getByRole('button', { name: 'Voir plus' })).toBeVisible();
    const sticks = page.getByRole('article', { name: 'Bâtonnets pour barbe à papa' });
    await expect(sticks.getByText('Des bâtonnets en bois')).toBeVisible();
    await expect(sticks.getByRole('button', { name: 'Voir plus' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Table de beer pong' })).toHaveCount(0);
    await page.getByRole('tab', { name: 'Services photos et autres' }).click();
    await expect(page.getByText("À partir de 25 € de l'heure")).toBeVisible();
    await expect(page.getByText('0,50 €')).toBeVisible();
  });

  test('a product page shows its gallery, its type price, and never goes below 0', async ({ page }) => {
    await returning(page);
    await page.goto('/services?offre=achat');
    await page.getByRole('link', { name: 'Poudre colorée', exact: true }).click();
    await expect(page).toHaveURL(/\/servicesDetails\/achat-[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Poudre colorée' })).toBeVisible();
    // The gallery: arrows and thumbnails over at most 4 pictures.
    await expect(page.getByRole('button', { name: /^Afficher l'image/ })).toHaveCount(3);
    await page.getByRole('button', { name: 'Image suivante' }).click();
    await expect(page.getByRole('button', { name: "Afficher l'image 2" })).toHaveAttribute('aria-current', 'true');

    const price = page.getByTestId('detail-price');
    await expect(price).toHaveText('7,80 €');
    await page.getByRole('combobox', { name: 'Type' }).selectOption('Carton de 10 sachets de 1 kg');
    await expect(price).toHaveText('80,00 €');

    const quantity = page.getByTestId('quantity');
    await expect(page.getByRole('button', { name: 'Diminuer la quantité' })).toBeDisabled();
    await page.getByRole('button', { name: 'Ajouter au panier' }).click();
    await expect(page.getByText('Choisissez une quantité supérieure à 0.')).toBeVisible();
    await page.getByRole('button', { name: 'Augmenter la quantité' }).click();
    await page.getByRole('button', { name: 'Augmenter la quantité' }).click();
    await page.getByRole('button', { name: 'Diminuer la quantité' }).click();
    await expect(quantity).toHaveText('1');
    await expectAccessible(page);

    // Cups come from a fixed list, up to 5000.
    await page.goto('/services?offre=achat');
    await page.getByRole('link', { name: 'Gobelets', exact: true }).click();
    await expect(page.getByTestId('detail-price')).toHaveText('5,00 € les 50');
    await page.getByRole('button', { name: 'Augmenter la quantité' }).click();
    await expect(quantity).toHaveText('50');
    await page.getByRole('button', { name: 'Augmenter la quantité' }).click();
    await expect(quantity).toHaveText('100');
  });

  test('the cart survives a reload, and a quote request reaches the shop and the visitor', async ({ page }) => {
    await returning(page);
    await page.goto('/shoppingCart');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mon panier (0 article)');
    await expect(page.getByText('Votre panier est vide...')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Découvrir nos services' })).toHaveAttribute('href', '/services');

    // The ten checks of the spec, in its order, in one banner; the empty cart is the last.
    await page.getByRole('button', { name: 'Envoyer ma demande' }).click();
    const banner = page.getByTestId('quote-errors');
    await expect(banner.getByRole('listitem')).toHaveText([
      'Veuillez indiquer si vous êtes partenaire Guichet.',
      'Veuillez saisir un nom de structure.',
      'Veuillez saisir un email.',
      'Veuillez saisir une date de début.',
      'Veuillez saisir une date de fin.',
      'Veuillez saisir la ville de facturation.',
      'Veuillez saisir le code postal de facturation.',
      "Veuillez saisir l'adresse de facturation.",
      'Veuillez saisir une numéro de téléphone.',
      'Veuillez saisir la ville de livraison.',
      'Veuillez saisir le code postal de livraison.',
      "Veuillez saisir l'adresse de livraison.",
      'Veuillez cocher les conditions.',
      'Votre panier est vide.',
    ]);
    await expectAccessible(page);

    await page.goto('/services');
    await page.getByRole('link', { name: 'Terminal de paiement 3G', exact: true }).click();
    await page.getByRole('button', { name: 'Augmenter la quantité' }).click();
    await page.getByRole('button', { name: 'Augmenter la quantité' }).click();
    await page.getByRole('button', { name: 'Ajouter au panier' }).click();
    await expect(page.getByText('« Terminal de paiement 3G » ajouté au panier.')).toBeVisible();
    await page.getByRole('link', { name: 'Voir le panier' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mon panier (1 article)');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mon panier (1 article)');
    const line = page.getByRole('listitem').filter({ hasText: 'Terminal de paiement 3G' });
    await expect(line).toContainText('15,50 €');
    await expect(line.getByTestId('line-quantity')).toHaveText('2');
    await line.getByRole('button', { name: 'Augmenter la quantité de « Terminal de paiement 3G »' }).click();
    await expect(line.getByTestId('line-quantity')).toHaveText('3');
    await expect(line).toContainText('46,50 €');

    // The partner radio reveals the structure, labelled for a partner.
    await page.getByRole('radio', { name: 'Oui' }).check();
    await page.getByRole('textbox', { name: 'Nom de la structure partenaire' }).fill('BDE Centrale');
    await expect(page.getByTestId('quote-estimate')).toContainText('-23,25 €');
    const email = uniqueEmail('devis');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Date et heure de début').fill('2030-06-20T18:00');
    await page.getByLabel('Date et heure de fin').fill('2030-06-21T02:00');
    const [billingAddress, deliveryAddress] = await page.getByRole('textbox', { name: 'Adresse', exact: true }).all();
    await billingAddress?.pressSequentially('rue de rivoli', { delay: 20 });
    await page.getByRole('option', { name: /Rue de Rivoli/ }).click();
    await expect(page.getByRole('textbox', { name: 'Code postal' }).first()).toHaveValue('75001');
    await expect(page.getByRole('textbox', { name: 'Ville' }).first()).toHaveValue('Paris');
    await page.getByRole('textbox', { name: 'Téléphone' }).fill('0612345678');
    await deliveryAddress?.fill('8 boulevard du Port');
    await page.getByRole('textbox', { name: 'Code postal' }).last().fill('95000');
    await page.getByRole('textbox', { name: 'Ville' }).last().fill('Cergy');
    const token = randomUUID();
    await page.getByRole('textbox', { name: 'Commentaires' }).fill(`Soirée de gala (${token})`);
    await page.getByRole('button', { name: 'Envoyer ma demande' }).click();
    await expect(banner.getByRole('listitem')).toHaveText(['Veuillez cocher les conditions.']);
    await expect(page.getByRole('link', { name: "conditions générales d'utilisation" })).toHaveAttribute(
      'href',
      '/termsAndConditions',
    );
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Envoyer ma demande' }).click();

    await expect(
      page.getByRole('status').filter({ hasText: 'Votre demande de devis a bien été envoyée.' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mon panier (0 article)');
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('');

    const shopMail = await mailMatching(page.request, SHOP_ADDRESS, (mail) => mail.text.includes(token));
    expect(shopMail.subject).toContain('BDE Centrale');
    expect(shopMail.text).toContain('3 × Terminal de paiement 3G : 46,50 €');
    const visitor = await mailsTo(page.request, email);
    expect(visitor[0]?.text).toContain('sous 24 heures');
    expect(visitor[0]?.text).toContain('Remise partenaire (50 % sur la location de matériel) : -23,25 €');

    // The administrator finds it in the list and moves it along.
    await logInAs(page, DEMO.admin, DEMO.password);
    await page.goto('/admin/devis');
    await expect(page.getByRole('heading', { level: 1, name: 'Demandes de devis' })).toBeVisible();
    const request = page.getByRole('article').filter({ hasText: email });
    await expect(request).toContainText('BDE Centrale');
    // The reference both mails give, to find the request a visitor writes about.
    const reference = /Référence : ([0-9a-f-]{36})/.exec(shopMail.text)?.[1];
    await expect(request).toContainText(`Référence : ${reference}`);
    await request.getByRole('combobox', { name: 'Statut de la demande de BDE Centrale' }).selectOption('answered');
    await expect(page.getByText('Le statut a été mis à jour.')).toBeVisible();
    await expectAccessible(page);
  });

  test('@phone the quote form takes a phone typed in pairs, and clears an error once its field is right', async ({
    page,
  }) => {
    await returning(page);
    await page.goto('/shoppingCart');
    const phone = page.getByRole('textbox', { name: 'Téléphone' });
    await phone.pressSequentially('06 12 34 56 78');
    await expect(phone).toHaveValue('06 12 34 56 78');
    // Past the tenth digit nothing more is taken.
    await phone.pressSequentially('9');
    await expect(phone).toHaveValue('06 12 34 56 78');

    await page.getByRole('button', { name: 'Envoyer ma demande' }).click();
    const banner = page.getByTestId('quote-errors');
    const email = page.getByRole('textbox', { name: 'Email' });
    await expect(banner).toContainText('Veuillez saisir un email.');
    await expect(email).toHaveAccessibleDescription('Veuillez saisir un email.');
    // After the first send, each field is checked again as it changes: right, its error goes...
    await email.fill('bde@centrale.fr');
    await expect(email).not.toHaveAccessibleDescription(/Veuillez/);
    await expect(banner).not.toContainText('Veuillez saisir un email.');
    // ... wrong again, the new error shows at once.
    await email.fill('bde@');
    await expect(email).toHaveAccessibleDescription('Veuillez saisir un email valide.');
    await expect(banner).not.toContainText('Veuillez saisir une numéro de téléphone.');
    await expect(banner.getByRole('listitem').first()).toHaveText('Veuillez indiquer si vous êtes partenaire Guichet.');
    await page.getByRole('radio', { name: 'Non' }).check();
    await expect(banner.getByRole('listitem').first()).toHaveText('Veuillez saisir un nom de structure.');
    await expectAccessible(page);
  });

  test('the partner page opens the contact form on Partenariat', async ({ page }) => {
    await returning(page);
    await page.goto('/devenirPartenaire');
    await expect(page.getByRole('heading', { level: 1, name: 'Devenir partenaire' })).toBeVisible();
    await expect(page.getByText('Associations')).toBeVisible();
    await expect(page.getByText('50 % de réduction sur la location de matériel')).toBeVisible();
    await expect(page.getByText("L'adhésion est gratuite, sans engagement.")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Devenir partenaire' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole('combobox', { name: 'Objet' }).locator('option:checked')).toHaveText('Partenariat');
  });

  test('@phone the catalogue and the cart fit a phone', async ({ page }) => {
    await returning(page);
    await page.goto('/services');
    await expect(page.getByRole('heading', { name: 'Terminal de paiement 3G' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });
});
