import { type Browser, expect, test } from '@playwright/test';
import { newBuyer, otherPerson } from './accounts';
import { eventDetail, organiserEvent } from './events';

/** Another buyer, in a browser context of their own, asking the API for the event's only place. */
async function otherBuyer(browser: Browser, eventId: string) {
  const { context, request } = await otherPerson(browser);
  const { firstTicketId } = await eventDetail(request, eventId);
  // The status alone: the test expects a refusal first.
  const hold = async () =>
    (
      await request.post('/api/orders', {
        data: { eventId, lines: [{ ticketId: firstTicketId, quantity: 1 }], acceptTerms: true },
      })
    ).status();
  return { hold, close: () => context.close() };
}

test("'Précédent' from the payment gives the held place back at once", async ({ page, request, browser }) => {
  const eventId = await organiserEvent(request, { ticketList: [{ title: 'Dernière place', price: 15, quantity: 1 }] });
  await newBuyer(page);
  await page.goto(`/billetterie/${eventId}`);
  const main = page.getByRole('main');
  await main.getByRole('button', { name: /^Dernière place/ }).click();
  await main.getByRole('button', { name: /^Ajouter un billet Dernière place/ }).click();
  await main.getByRole('checkbox', { name: /conditions générales de vente/ }).check();
  await main.getByRole('button', { name: 'Suivant' }).click();
  await main.getByRole('button', { name: 'Suivant' }).click();
  // The payment step holds the place.
  await expect(main.getByRole('timer')).toBeVisible();
  const other = await otherBuyer(browser, eventId);
  expect(await other.hold()).toBe(409);

  await main.getByRole('button', { name: 'Précédent' }).click();
  await expect(main.getByRole('heading', { name: 'Vos informations' })).toBeVisible();
  await expect.poll(other.hold).toBe(201);
  await other.close();

  // Coming back to the payment asks for the place again: it is someone else's now.
  await main.getByRole('button', { name: 'Suivant' }).click();
  await expect(page.getByRole('dialog', { name: 'Billet non disponible' })).toBeVisible();
});
