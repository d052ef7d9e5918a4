import { expect, test } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { apiContext, login, newBuyer, registerViaApi } from './accounts';
import { openConsole } from './console-steps';
import { eventDetail, organiserEvent } from './events';
import { mailMatching } from './mail';
import { buy } from './purchases';
import { screenshotBothThemes } from './screenshots';

// Two people, the organiser's door and screenshots in both themes.
test.describe.configure({ timeout: 300_000 });

test('a holder sends a ticket from /myTickets; the receiver signs in and accepts it; the old code is refused at the door', async ({
  page,
  browser,
  playwright,
}) => {
  const organiser = await apiContext(playwright);
  const eventId = await organiserEvent(organiser, { ticketList: [{ title: 'Fosse', price: 15, quantity: 10 }] });
  const { ticketId } = await eventDetail(organiser, eventId);

  await newBuyer(page);
  await buy(page.request, eventId, { ticketId: ticketId('Fosse'), quantity: 1 });
  const [place] = (await (await page.request.get('/api/me/participations')).json()) as { id: string }[];
  const oldCode = (await (await page.request.get(`/api/me/participations/${place?.id}/code`)).json()).code as string;

  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'fr-FR' });
  const receiverEmail = await registerViaApi(context.request, { firstName: 'Rémi', lastName: 'Petit' });

  // The holder sends it from the ticket's card; a wrong address is said at once.
  await page.goto('/myTickets');
  await page.getByRole('button', { name: /Billet : Fosse/ }).click();
  await page.getByRole('button', { name: 'Transférer', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Transférer ce billet' });
  const field = dialog.getByRole('textbox', { name: 'Adresse e-mail du destinataire' });
  await field.fill('pas-une-adresse');
  await dialog.getByRole('button', { name: 'Envoyer le billet' }).click();
  await expect(dialog.getByText('Indiquez une adresse e-mail valide.')).toBeVisible();
  await expectAccessible(page);
  // The theme switch sits behind the dialog's overlay: the dialog in the default theme, both widths.
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`transfer-dialog-${width}.png`) });
  }
  await field.fill(receiverEmail);
  await dialog.getByRole('button', { name: 'Envoyer le billet' }).click();
  await expect(page.getByText(`Le billet a été envoyé à ${receiverEmail}.`)).toBeVisible();
  const pending = page.getByRole('status').filter({ hasText: 'Transfert en attente' });
  await expect(pending).toContainText(receiverEmail);
  await expect(page.getByRole('button', { name: 'Annuler le transfert' })).toBeVisible();
  await expectAccessible(page);
  await screenshotBothThemes(page, pending, 'transfer-pending');

  // The receiver opens the mailed link, signs in, comes back to it and accepts.
  const mail = await mailMatching(page.request, receiverEmail, (m) => m.subject.includes('vous transfère un billet'));
  const link = /\/transfert\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0] ?? '';
  expect(link).not.toBe('');
  const receiver = await context.newPage();
  await receiver.goto(link);
  await expect(receiver.getByText(/vous transfère son billet « Fosse »/)).toBeVisible();
  await expectAccessible(receiver);
  await screenshotBothThemes(receiver, receiver.getByRole('main'), 'transfer-receiver');
  await receiver.setViewportSize({ width: 1280, height: 900 });
  await receiver.getByRole('link', { name: 'Se connecter' }).click();
  await login(receiver, receiverEmail, 'Motdepasse1');
  await expect(receiver).toHaveURL(new RegExp(`${link}$`));
  await receiver.getByRole('button', { name: 'Accepter le billet' }).click();
  await expect(receiver.getByText('Le billet est à vous : retrouvez-le dans « Mes billets ».')).toBeVisible();
  await receiver.getByRole('link', { name: 'Voir mes billets' }).click();
  await expect(receiver.getByRole('button', { name: /Billet : Fosse/ })).toBeVisible();
  const [theirs] = (await (await context.request.get('/api/me/participations')).json()) as { id: string }[];
  expect(theirs?.id).not.toBe(place?.id);

  // The sender's card is gone; at the door the old code is refused, the new one let in.
  await page.reload();
  await expect(page.getByRole('button', { name: /Billet : Fosse/ })).toHaveCount(0);
  const scan = (code: string) => organiser.post(`/api/checkin/events/${eventId}/scans`, { data: { code } });
  const refused = await scan(oldCode);
  expect(refused.status()).toBe(409);
  expect((await refused.json()).code).toBe('TICKET_TRANSFERRED');
  const newCode = (await (await context.request.get(`/api/me/participations/${theirs?.id}/code`)).json()).code;
  expect((await scan(newCode)).status()).toBe(200);

  // The organiser reads the transfer in the participant's detail.
  const consolePage = await context
    .browser()
    ?.newContext({ baseURL: test.info().project.use.baseURL, locale: 'fr-FR' });
  const console = await consolePage?.newPage();
  if (!console) throw new Error('no console page');
  await openConsole(console, { event: eventId, tab: 'participants' });
  // The participants list shows the order's buyer (Camille Durand); the place is the receiver's now.
  const buyerCell = console.getByRole('button', { name: /^Voir les détails de / });
  await buyerCell.first().focus();
  await console.keyboard.press('Enter');
  const details = console.getByRole('complementary', { name: 'Camille Durand' });
  await expect(details).toContainText('Historique des transferts');
  await expect(details).toContainText(receiverEmail);
  await expect(details).toContainText('Accepté');
  await expectAccessible(console);
  await details.screenshot({ path: test.info().outputPath('transfer-history-1280.png') });
  await consolePage?.close();
  await context.close();
  await organiser.dispose();
});
