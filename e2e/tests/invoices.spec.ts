import { expect, test } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { newBuyer } from './accounts';
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
    const card = page.getByRole('button', { name: /Billet : Fosse/ });
    await expect(page.getByText(/^N° \d+, \d+$/)).toBeVisible();
    await card.click();
    const invoice = page.getByRole('link', { name: /Télécharger : Facture F-\d{6}/ });
    await expect(invoice).toBeVisible();
    await expect(page.getByRole('link', { name: /Télécharger : Facture GP-\d{6}/ })).toBeVisible();
    const pdf = await page.request.get((await invoice.getAttribute('href')) ?? '');
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    await expectAccessible(page);
    await screenshotBothThemes(page, page.getByRole('heading', { name: 'Factures' }), 'my-tickets-invoices');
  });
});
