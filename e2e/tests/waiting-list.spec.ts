import { expect, test } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { apiContext, newBuyer, otherPerson, type RequestFactory } from './accounts';
import { openConsole } from './console-steps';
import { eventDetail, organiserEvent } from './events';
import { mailMatching } from './mail';
import { placeOrder, sellPlaces } from './purchases';
import { screenshotBothThemes } from './screenshots';

// Each journey goes through several accounts, the job runner and screenshots in both themes.
test.describe.configure({ timeout: 180_000 });

/** An event of the demo organiser with one ticket type: its id, the ticket's, and the organiser's API session. */
async function eventWithTicket(playwright: RequestFactory, ticket: { title: string; price: number; quantity: number }) {
  const organiser = await apiContext(playwright);
  const eventId = await organiserEvent(organiser, { ticketList: [ticket] });
  const { ticketId } = await eventDetail(organiser, eventId);
  return { organiser, eventId, ticketId: ticketId(ticket.title) };
}

test('a sold-out ticket takes a waiting list: a buyer joins, sees their line, leaves; the organiser follows it', async ({
  page,
  browser,
  playwright,
}) => {
  const { organiser, eventId, ticketId } = await eventWithTicket(playwright, {
    title: 'Fosse',
    price: 12,
    quantity: 2,
  });
  await sellPlaces(browser, eventId, { ticketId, quantity: 2 });

  // A visitor is asked to sign in first, as for every account action.
  await page.goto(`/billetterie/${eventId}`);
  const panel = page.getByRole('region', { name: 'Liste d’attente' });
  await expect(panel.getByRole('link', { name: 'Se connecter pour rejoindre la liste d’attente' })).toBeVisible();

  const email = await newBuyer(page);
  await page.goto(`/billetterie/${eventId}`);
  await expect(page.getByText('Complet').first()).toBeVisible();
  await screenshotBothThemes(page, panel, 'waiting-list-join');
  await panel.getByLabel('Nombre de places').selectOption('2');
  await panel.getByRole('button', { name: 'Rejoindre la liste d’attente' }).click();
  await expect(panel.getByText('Vous êtes sur la liste d’attente (2 places)')).toBeVisible();
  await expectAccessible(page);
  await screenshotBothThemes(page, panel, 'waiting-list-event');

  // The line survives a reload; leaving it brings the button back, and joining again is possible.
  await page.reload();
  await expect(panel.getByText('Vous êtes sur la liste d’attente (2 places)')).toBeVisible();
  await panel.getByRole('button', { name: 'Quitter la liste d’attente' }).click();
  await expect(panel.getByRole('button', { name: 'Rejoindre la liste d’attente' })).toBeVisible();
  await expect(panel.getByText(/Vous êtes sur la liste d’attente \(/)).toHaveCount(0);
  await panel.getByRole('button', { name: 'Rejoindre la liste d’attente' }).click();
  await expect(panel.getByText('Vous êtes sur la liste d’attente (1 place)')).toBeVisible();

  // The organiser sees the line in order, who left and who waits.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'fr-FR' });
  const console = await context.newPage();
  await openConsole(console, { event: eventId, tab: 'waitingList' });
  const table = console.getByRole('table', { name: 'Fosse' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row').nth(1)).toContainText(email);
  await expect(table.getByRole('row').nth(1)).toContainText('Parti');
  await expect(table.getByRole('row').nth(2)).toContainText('En attente');
  await expect(console.getByText('1 en attente · 0 offre envoyée · 0 converti')).toBeVisible();
  await expectAccessible(console);
  await screenshotBothThemes(console, table, 'waiting-list-console');

  // The organiser sets how long an offer keeps its places, on the edit form.
  await console.goto(`/editevents/${eventId}`);
  const delay = console.getByRole('textbox', { name: 'Délai pour prendre des places libérées (heures)' });
  await delay.fill('200');
  await expect(console.getByText('Indiquez un nombre entier d’heures, entre 1 et 168.')).toBeVisible();
  await delay.fill('48');
  await delay.scrollIntoViewIfNeeded();
  await console.screenshot({ path: test.info().outputPath('waiting-list-settings-390.png') });
  await console.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(console.getByText('Votre événement a bien été sauvegardé.').first()).toBeVisible();
  const managed = await (await console.request.get(`/api/events/${eventId}/manage`)).json();
  expect(managed.waitingListOfferHours).toBe(48);
  await context.close();
  await organiser.dispose();
});

test('places given back go to the next in line: the mailed link takes them, once, for its person only', async ({
  page,
  browser,
  playwright,
}) => {
  const { organiser, eventId, ticketId } = await eventWithTicket(playwright, { title: 'Place', price: 0, quantity: 1 });
  const holder = await otherPerson(browser);
  await placeOrder(holder.request, eventId, { ticketId, quantity: 1 });

  const email = await newBuyer(page);
  await page.goto(`/billetterie/${eventId}`);
  const panel = page.getByRole('region', { name: 'Liste d’attente' });
  // A free ticket: one place per account, so no number to choose.
  await expect(panel.getByLabel('Nombre de places')).toHaveCount(0);
  await panel.getByRole('button', { name: 'Rejoindre la liste d’attente' }).click();
  await expect(panel.getByText('Vous êtes sur la liste d’attente (1 place)')).toBeVisible();

  // The holder leaves: their place comes back and is offered to the line by the job runner.
  expect((await holder.request.delete(`/api/events/${eventId}/participation`)).status()).toBe(204);
  const mail = await mailMatching(page.request, email, (m) => m.subject.includes('des places se sont libérées'));
  const link = /\/liste-attente\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0] ?? '';
  expect(link).not.toBe('');
  // The place is kept for them: the page still reads full.
  await page.goto(`/billetterie/${eventId}`);
  await expect(page.getByText('Complet').first()).toBeVisible();

  // Someone else cannot use the link.
  const stranger = await holder.request.post(`/api${link.replace('/liste-attente/', '/waiting-list/offers/')}/accept`);
  expect(stranger.status()).toBe(403);
  expect((await stranger.json()).message).toBe(
    'Cette offre est réservée à la personne qui l’a reçue : connectez-vous avec son compte.',
  );
  await holder.context.close();

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Votre offre de la liste d’attente' })).toBeVisible();
  await expect(page.getByText(/1 place « Place » pour « /)).toBeVisible();
  await expectAccessible(page);
  await screenshotBothThemes(page, page.getByRole('main'), 'waiting-list-offer');
  await page.getByRole('button', { name: 'Prendre mes places' }).click();
  await expect(page.getByText('Vos places sont à vous : retrouvez vos billets dans « Mes billets ».')).toBeVisible();

  // The same link a second time: one clear answer.
  await page.reload();
  await page.getByRole('button', { name: 'Prendre mes places' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Ce lien a déjà été utilisé : vos places sont dans votre réservation en cours ou dans « Mes billets ».',
  );
  const participations = await (await page.request.get('/api/me/participations')).json();
  expect(JSON.stringify(participations)).toContain(eventId);

  // Converted once the order is paid (a free place: at once), as the organiser counts it.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'fr-FR' });
  const console = await context.newPage();
  await openConsole(console, { event: eventId, tab: 'waitingList' });
  const table = console.getByRole('table', { name: 'Place' });
  await expect(table.getByRole('row').nth(1)).toContainText(email);
  await expect(table.getByRole('row').nth(1)).toContainText('Converti');
  await expect(console.getByText('0 en attente · 1 offre envoyée · 1 converti')).toBeVisible();
  await screenshotBothThemes(console, table, 'waiting-list-converted');
  await context.close();
  await organiser.dispose();
});
