import { expect, test } from '@playwright/test';
import { buy, DEMO, expectAccessible, login, newBuyer, organiserEvent } from './support';

test('the organiser keeps bank details and asks once for the balance of a paid event', async ({ page, request }) => {
  const id = await organiserEvent(request, { ticketList: [{ title: 'Plein tarif', price: 20, quantity: 50 }] });
  const detail = (await (await request.get(`/api/events/${id}`)).json()) as { tickets: { id: string }[] };
  const buyer = await page.context().browser()?.newContext({ baseURL: test.info().project.use.baseURL });
  if (!buyer) throw new Error('no browser');
  await newBuyer(await buyer.newPage());
  await buy(buyer.request, id, { ticketId: detail.tickets[0]?.id, quantity: 2 });
  await buyer.close();

  await login(page, DEMO.organizer, DEMO.password);
  await expect(page).not.toHaveURL(/\/connexion/);
  await page.goto(`/event_management?event=${id}&tab=stats`);
  const button = page.getByRole('button', { name: 'Demande de virement' });
  await button.focus();
  await expect(page.getByRole('tooltip')).toHaveText('Versement du solde sous 5 à 10 jours ouvrés.');
  await button.click();

  const dialog = page.getByRole('dialog', { name: 'Demande de virement' });
  // 2 × (20,00 € − 0,36 € − 0,30 €).
  await expect(dialog.getByTestId('available')).toHaveText('38,68 €');
  const ask = dialog.getByRole('button', { name: 'Demander le virement de 38,68 €' });
  const holder = dialog.getByRole('textbox', { name: 'Titulaire du compte' });
  if (await holder.isVisible()) {
    await expect(ask).toBeDisabled();
  } else {
    // Details kept from an earlier run: change them through the same form.
    await dialog.getByRole('button', { name: 'Modifier les coordonnées' }).click();
  }
  await holder.fill('Association Les Organisateurs');
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
  await expect(dialog.getByRole('button', { name: /Demander le virement/ })).toBeDisabled();
  await expect(dialog.getByText('En attente')).toBeVisible();
  // Another tab asking again finds nothing left.
  const again = await page.request.post(`/api/console/events/${id}/payouts`);
  expect(again.status()).toBe(409);
  expect((await again.json()).message).toBe('Aucun solde à virer pour cet événement.');
  await expect
    .poll(async () => {
      const mails = (await (await request.get(`/api/dev/mail?to=${encodeURIComponent(DEMO.organizer)}`)).json()) as {
        text: string;
      }[];
      return mails.some(
        (mail) => mail.text.includes('38,68 €') && mail.text.includes('FR76 3000 6000 0112 3456 7890 189'),
      );
    })
    .toBe(true);
});

test('a free event has no payout button', async ({ page, request }) => {
  const id = await organiserEvent(request);
  await login(page, DEMO.organizer, DEMO.password);
  await expect(page).not.toHaveURL(/\/connexion/);
  await page.goto(`/event_management?event=${id}&tab=stats`);
  await expect(page.getByRole('button', { name: 'Ajouter une place' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Demande de virement' })).toHaveCount(0);
});

test('an administrator sees the balance and is told that the request is the organiser’s', async ({ page, request }) => {
  const id = await organiserEvent(request, { ticketList: [{ title: 'Plein tarif', price: 20, quantity: 50 }] });
  const detail = (await (await request.get(`/api/events/${id}`)).json()) as { tickets: { id: string }[] };
  const buyer = await page.context().browser()?.newContext({ baseURL: test.info().project.use.baseURL });
  if (!buyer) throw new Error('no browser');
  await newBuyer(await buyer.newPage());
  await buy(buyer.request, id, { ticketId: detail.tickets[0]?.id, quantity: 1 });
  await buyer.close();

  await login(page, DEMO.admin, DEMO.password);
  await expect(page).not.toHaveURL(/\/connexion/);
  await page.goto(`/event_management?event=${id}&tab=stats`);
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
  const asked = await page.request.post(`/api/console/events/${id}/payouts`);
  expect(asked.status()).toBe(403);
  expect((await asked.json()).message).toBe(reason);
});
