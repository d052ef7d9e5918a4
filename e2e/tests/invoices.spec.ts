import { expect, test } from '@playwright/test';
import { paymentFr } from '../../packages/shared/src/messages/fr-payment';
import { expectAccessible } from './accessibility';
import { newBuyer } from './accounts';
import { goToBank } from './booking-steps';
import { refundableConcert } from './events';
import { mailMatching } from './mail';
import { buy } from './purchases';
import { screenshotBothThemes } from './screenshots';

test.describe('invoices and numbered tickets', () => {
  test('a paid order gets its invoices and its places their numbers, on /myTickets and in the mail', async ({
    page,
    request,
  }) => {
    const event = await refundableConcert(request, 'Factures', [{ title: 'Fosse', price: 20, quantity: 40 }]);

    // The event page says the VAT a price includes: a concert is at 5,5 % unless said otherwise.
    await page.goto(`/billetterie/${event.id}`);
    await expect(page.getByText('dont TVA 5,5 %').first()).toBeVisible();

    const email = await newBuyer(page);
    await buy(page.request, event.id, { ticketId: event.ticketId('Fosse'), quantity: 2, refundPlaces: 2 });

    // The confirmation mail says what was paid, as invoiced, once the invoices are issued.
    const mail = await mailMatching(request, email, (m) => m.text.includes('Total payé'));
    expect(mail.text).toContain('2 × Fosse : 40,00 €');

    await page.goto('/myTickets');
    // Two places, two tickets of one number each (issue 30).
    const card = page.getByRole('button', { name: /Billet : Fosse/ }).first();
    await expect(page.getByText(/^N° \d+$/)).toHaveCount(2);
    await card.click();
    const invoice = page.getByRole('link', { name: /Télécharger : Facture F-\d{6}/ });
    await expect(invoice).toBeVisible();
    await expect(page.getByRole('link', { name: /Télécharger : Facture GP-\d{6}/ })).toBeVisible();
    const pdf = await page.request.get((await invoice.getAttribute('href')) ?? '');
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    await expectAccessible(page);
    await screenshotBothThemes(page, page.getByRole('heading', { name: 'Factures' }).first(), 'my-tickets-invoices');
  });

  test('a buyer asks at checkout for invoices in a company’s name: Factur-X, and later another company by a credit note', async ({
    page,
    request,
  }) => {
    const event = await refundableConcert(request, 'Factures entreprise', [
      { title: 'Fosse', price: 20, quantity: 40 },
    ]);
    const email = await newBuyer(page);
    await page.goto(`/billetterie/${event.id}`);
    const main = page.getByRole('main');
    await main.getByRole('button', { name: /^Fosse/ }).click();
    await main.getByRole('button', { name: 'Ajouter un billet Fosse' }).click();
    await main.getByRole('checkbox', { name: /conditions générales de vente/ }).check();
    await main.getByRole('button', { name: 'Suivant' }).click();
    await expect(main.getByRole('heading', { name: 'Vos informations' })).toBeFocused();

    // The checkbox reveals the company's fields; a wrong SIREN is said under its field.
    await main.getByRole('checkbox', { name: 'Je souhaite une facture au nom d’une entreprise' }).check();
    await main.getByLabel('Raison sociale').fill('Comité social Acme');
    await main.getByLabel('Adresse de facturation').fill('5 avenue Jean Jaurès\n69007 Lyon');
    await main.getByLabel('SIREN ou SIRET').fill('552 100 555');
    await main.getByRole('button', { name: 'Suivant' }).click();
    await expect(main.getByLabel('SIREN ou SIRET')).toHaveAccessibleDescription(/clé de contrôle/);
    await main.getByLabel('SIREN ou SIRET').fill('552 100 554');
    await main.getByLabel('N° de TVA intracommunautaire (facultatif)').fill('FR96552100554');
    await expectAccessible(page);
    await screenshotBothThemes(page, main.getByLabel('Raison sociale'), 'company-checkout');
    await main.getByRole('button', { name: 'Suivant' }).click();
    await goToBank(page, '20,00 €');
    await page.getByRole('button', { name: paymentFr.sandbox.pay, exact: true }).click();
    await mailMatching(request, email, (m) => m.text.includes('Total payé'));

    await page.goto('/myTickets');
    await page.getByRole('button', { name: /Billet : Fosse/ }).click();
    const invoice = page.getByRole('link', { name: /Télécharger : Facture F-\d{6}/ });
    const pdf = await page.request.get((await invoice.getAttribute('href')) ?? '');
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    // A Factur-X PDF: PDF/A-3 carrying the invoice's XML as an embedded file.
    expect((await pdf.body()).toString('latin1')).toContain('/EmbeddedFiles');

    // Later, another company: the invoice is cancelled by a credit note and issued again. The
    // dialog in both themes (the page is light since the checkout's screenshots; the theme's
    // button is behind the open dialog).
    const dialog = page.getByRole('dialog', { name: 'Facture au nom d’une entreprise' });
    for (const theme of ['light', 'dark']) {
      await page.setViewportSize({ width: 1280, height: 900 });
      if (theme === 'dark') await page.getByRole('button', { name: 'Passer au thème sombre' }).click();
      await page.getByRole('button', { name: 'Facture au nom d’une entreprise' }).click();
      await dialog.getByLabel('Raison sociale').fill('Autre société');
      await dialog.getByLabel('Adresse de facturation').fill('12 rue des Lois\n31000 Toulouse');
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: test.info().outputPath(`company-dialog-${theme}-${width}.png`) });
      }
      if (theme === 'light') await dialog.getByRole('button', { name: 'Annuler' }).click();
    }
    await dialog.getByLabel('SIREN ou SIRET').fill('732 829 320');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Établir la facture' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('link', { name: /Télécharger : Avoir F-\d{6}/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /Télécharger : Facture F-\d{6}/ })).toHaveCount(2);
  });
});
