import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { formatDateTime } from '../../packages/shared/src/rules/dates';
import { expectAccessible } from './accessibility';
import { DEMO, NEW_PASSWORD, newOrganiser } from './accounts';
import { openConsole } from './console-steps';
import { createEvent, eventDetail, organiserEvent } from './events';
import { mailMatching } from './mail';
import { askPayout, saveBankAccount } from './payout-steps';
import { sellPlaces } from './purchases';

const fullPrice = (price: number) => [{ title: 'Plein tarif', price, quantity: 50 }];

/** A paid event of the organiser of `request`, with one ticket type at `price` euros. */
const paidEvent = async (request: APIRequestContext, price: number) =>
  eventDetail(request, await createEvent(request, { ticketList: fullPrice(price) }));

/** `quantity` places of the event's ticket bought and paid by a new buyer. */
const sell = (page: Page, event: { id: string; firstTicketId: string }, quantity: number) =>
  sellPlaces(page.context().browser(), event.id, { ticketId: event.firstTicketId, quantity });

/** The follow-up tab, where the payout is asked for, as an organiser made by newOrganiser. */
const openFollowUp = (page: Page, email: string, eventId: string) =>
  openConsole(page, { event: eventId, tab: 'stats', email, password: NEW_PASSWORD });

type Balance = { availableCents: number; organizerBalanceCents: number; requestableCents: number };
const balanceOf = async (request: APIRequestContext, eventId: string) =>
  ((await (await request.get(`/api/console/events/${eventId}/payouts`)).json()) as { balance: Balance }).balance;

test('the organiser keeps bank details and asks once for the balance of a paid event', async ({ page, playwright }) => {
  // The event has not ended: the administrator's allowance of 100 % lets the organiser ask now.
  const organiser = await newOrganiser(playwright, { advancePercent: 100 });
  const event = await paidEvent(organiser.request, 20);
  await sell(page, event, 2);

  await openFollowUp(page, organiser.email, event.id);
  const button = page.getByRole('button', { name: 'Demande de virement' });
  await button.focus();
  await expect(page.getByRole('tooltip')).toHaveText('Versement du solde sous 5 à 10 jours ouvrés.');
  await button.click();

  const dialog = page.getByRole('dialog', { name: 'Demande de virement' });
  // 2 × (20,00 € − 0,36 € − 0,30 €).
  await expect(dialog.getByTestId('available')).toHaveText('38,68 €');
  // The commission's VAT (20 % of 1,32 €) is not deducted yet: the payout deducts it with its invoice.
  await expect(dialog.getByRole('row', { name: /TVA sur la commission/ })).toHaveCount(0);
  await expect(dialog.getByTestId('commission-vat-due')).toHaveText(
    'Le prochain virement déduira aussi la TVA sur la commission (0,26 €), avec sa facture de commission.',
  );
  await expect(dialog.getByText('Avance possible avant la fin de l’événement : 38,42 €.')).toBeVisible();
  const ask = dialog.getByRole('button', { name: 'Demander le virement de 38,42 €' });
  await expect(ask).toBeDisabled();
  await expect(
    dialog.getByText('Veuillez enregistrer vos coordonnées bancaires avant de demander un virement.'),
  ).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Titulaire du compte' }).fill('Association Les Organisateurs');
  await dialog.getByRole('textbox', { name: 'IBAN' }).fill('FR76 3000 6000 0112 3456 7890 188');
  await dialog.getByRole('button', { name: 'Enregistrer les coordonnées' }).click();
  await expect(dialog.getByText("Cet IBAN n'est pas valide.")).toBeVisible();
  await dialog.getByRole('textbox', { name: 'IBAN' }).fill('FR76 3000 6000 0112 3456 7890 189');
  await dialog.getByRole('button', { name: 'Enregistrer les coordonnées' }).click();
  await expect(dialog.getByText('FR76 3000 6000 0112 3456 7890 189')).toBeVisible();
  await expectAccessible(page);

  await ask.click();
  await expect(page.getByText('Votre demande de virement a bien été effectuée.')).toBeVisible();
  await expect(dialog.getByTestId('available')).toHaveText('0,00 €');
  await expect(dialog.getByRole('button', { name: 'Demander le virement de 0,00 €' })).toBeDisabled();
  await expect(dialog.getByText('En attente')).toBeVisible();
  // The commission TTC it deducted, and its invoice to download.
  await expect(dialog.getByRole('row', { name: /TVA sur la commission/ })).toContainText('0,26 €');
  await expect(dialog.getByTestId('commission-vat-due')).toHaveCount(0);
  await expect(dialog.getByTestId('payout-commission')).toContainText('Commission TTC déduite : 1,58 €');
  const invoice = dialog.getByRole('link', { name: /Télécharger la facture de commission du virement du/ });
  await expect(invoice).toHaveText('Facture de commission');
  const pdf = await page.request.get((await invoice.getAttribute('href')) ?? '');
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  await expectAccessible(page);
  // Another tab asking again finds nothing left, and says so in French.
  const again = await page.request.post(`/api/console/events/${event.id}/payouts`);
  expect(again.status()).toBe(409);
  expect(await again.json()).toMatchObject({
    code: 'NOTHING_TO_PAY',
    message: 'Aucun solde à virer pour cet événement.',
  });
  await mailMatching(
    page.request,
    organiser.email,
    (mail) => mail.text.includes('38,42 €') && mail.text.includes('FR76 3000 6000 0112 3456 7890 189'),
  );
  await organiser.dispose();
});

test('before the event’s end, the request stays in sight, disabled, saying from which day it can be asked', async ({
  page,
  playwright,
}) => {
  const organiser = await newOrganiser(playwright);
  const event = await paidEvent(organiser.request, 20);
  await sell(page, event, 1);
  const notYet = `Le virement pourra être demandé à partir du ${formatDateTime(event.dateEnd)}, à la fin de l’événement.`;

  await openFollowUp(page, organiser.email, event.id);
  const button = page.getByRole('button', { name: 'Demande de virement' });
  await expect(button).toBeVisible();
  await expect(button).toBeDisabled();
  // The button names the sentence that says why: a screen reader reads it with the button.
  await expect(button).toHaveAccessibleDescription(notYet);
  const notice = page.getByRole('note').filter({ hasText: notYet });
  await expect(notice).toBeVisible();
  await expectAccessible(page);

  // The balance and the bank details can still be looked at before the day.
  await notice.getByRole('button', { name: 'Voir le solde' }).click();
  const dialog = page.getByRole('dialog', { name: 'Demande de virement' });
  // 20,00 € − 0,36 € − 0,30 €.
  await expect(dialog.getByTestId('available')).toHaveText('19,34 €');
  await expect(dialog.getByText(notYet)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Demande de virement' })).toBeDisabled();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Fermer' }).click();
  await expect(dialog).toHaveCount(0);

  // Asked anyway, the server refuses with the same sentence.
  await saveBankAccount(organiser.request);
  const asked = await organiser.request.post(`/api/console/events/${event.id}/payouts`);
  expect(asked.status()).toBe(409);
  expect(await asked.json()).toMatchObject({ code: 'PAYOUT_NOT_YET_ALLOWED', message: notYet });
  await organiser.dispose();
});

test('a payout sent to the bank before a cancellation is owed, and taken back from the next payout', async ({
  page,
  playwright,
}) => {
  const organiser = await newOrganiser(playwright, { advancePercent: 100 });
  await saveBankAccount(organiser.request);
  const cancelled = await paidEvent(organiser.request, 20);
  await sell(page, cancelled, 1);
  const payout = await askPayout(organiser.request, cancelled.id);
  // 20,00 € − 0,66 € of commission − 0,13 € of its VAT.
  expect(payout.amountCents).toBe(1921);
  // The payout leaves for the bank: its batch's file is downloaded.
  const batch = await organiser.admin.post('/api/admin/payout-batches', { data: { payoutIds: [payout.id] } });
  expect(batch.status()).toBe(201);
  const { id: batchId } = (await batch.json()) as { id: string };
  expect((await organiser.admin.get(`/api/admin/payout-batches/${batchId}/sepa.xml`)).status()).toBe(200);
  const cancel = await organiser.request.post(`/api/console/events/${cancelled.id}/cancellation`, {
    data: { message: 'La salle a brûlé.' },
  });
  expect(cancel.status(), await cancel.text()).toBe(202);
  // The buyer gets their 20,00 € back; the 19,21 € already sent are owed, with the commission TTC.
  await expect
    .poll(async () => (await balanceOf(organiser.request, cancelled.id)).availableCents, { timeout: 30_000 })
    .toBe(-2000);

  await openFollowUp(page, organiser.email, cancelled.id);
  const notice = page.getByRole('note').filter({ hasText: 'Montant dû : 20,00 €.' });
  await expect(notice).toContainText('Ce montant sera déduit de vos prochains virements');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Demande de virement' }).click();
  let dialog = page.getByRole('dialog', { name: 'Demande de virement' });
  await expect(dialog.getByRole('row', { name: /Montant dû/ })).toContainText('20,00 €');
  await expect(dialog.getByTestId('available')).toHaveText('20,00 €');
  await expect(
    dialog.getByText('Cet événement est annulé : son solde sert au remboursement des participants.'),
  ).toBeVisible();
  await expect(dialog.getByText('En cours de virement')).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Fermer' }).click();

  // The next event's payout pays the debt back first.
  const next = await paidEvent(organiser.request, 50);
  await sell(page, next, 1);
  await page.goto(`/event_management?event=${next.id}&tab=stats`);
  await page.getByRole('button', { name: 'Demande de virement' }).click();
  dialog = page.getByRole('dialog', { name: 'Demande de virement' });
  // 50,00 € − 0,90 € − 0,30 €, of which 20,00 € go to the debt and 0,24 € to the commission's VAT.
  await expect(dialog.getByTestId('available')).toHaveText('48,80 €');
  await expect(dialog.getByRole('row', { name: /tous événements confondus/ })).toContainText('28,80 €');
  await dialog.getByRole('button', { name: 'Demander le virement de 28,56 €' }).click();
  await expect(page.getByText('Votre demande de virement a bien été effectuée.')).toBeVisible();
  await expect(dialog.getByTestId('available')).toHaveText('0,00 €');
  expect((await balanceOf(organiser.request, cancelled.id)).availableCents).toBe(0);
  expect((await balanceOf(organiser.request, next.id)).organizerBalanceCents).toBe(0);
  await organiser.dispose();
});

test('a free event has no payout button', async ({ page, request }) => {
  const id = await organiserEvent(request);
  await openConsole(page, { event: id, tab: 'stats' });
  await expect(page.getByRole('button', { name: 'Ajouter une place' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Demande de virement' })).toHaveCount(0);
});

test('an administrator sees the balance and is told that the request is the organiser’s', async ({ page, request }) => {
  const event = await eventDetail(request, await organiserEvent(request, { ticketList: fullPrice(20) }));
  await sell(page, event, 1);

  await openConsole(page, { event: event.id, tab: 'stats', email: DEMO.admin });
  await page.getByRole('button', { name: 'Demande de virement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Demande de virement' });
  // 20,00 € − 0,36 € − 0,30 €.
  await expect(dialog.getByTestId('available')).toHaveText('19,34 €');
  const reason =
    "Seul l'organisateur de l'événement peut demander le virement de son solde : il est versé sur son propre compte bancaire.";
  await expect(dialog.getByText(reason)).toBeVisible();
  await expect(dialog.getByRole('button', { name: /Demander le virement/ })).toHaveCount(0);
  await expect(dialog.getByRole('textbox', { name: 'IBAN' })).toHaveCount(0);
  await expectAccessible(page);
  // Asked anyway, the server gives the same reason, never 'this event does not exist'.
  const asked = await page.request.post(`/api/console/events/${event.id}/payouts`);
  expect(asked.status()).toBe(403);
  expect((await asked.json()).message).toBe(reason);
});
