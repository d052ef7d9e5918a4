import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { DEMO, logInAs, otherPerson, registerViaApi, uniqueEmail } from './accounts';
import { eventDetail, organiserEvent } from './events';
import { buy } from './purchases';
import { screenshotBothThemes } from './screenshots';

const HOUR = 3_600_000;

/** A ticket bought by someone, with the short code staff type at the door. */
async function ticketOf(page: Page, eventId: string, ticketId: string, lastName: string) {
  const { context: buyer } = await otherPerson(page.context().browser(), {
    email: uniqueEmail('liste'),
    firstName: 'Nina',
    lastName,
    birthDate: '1998-02-03',
  });
  await buy(buyer.request, eventId, { ticketId, quantity: 1 });
  const [participation] = (await (await buyer.request.get('/api/me/participations')).json()) as { id: string }[];
  const codes = await (await buyer.request.get(`/api/me/participations/${participation?.id}/code`)).json();
  await buyer.close();
  return { shortCode: codes.shortCode as string, name: `Nina ${lastName}` };
}

test('the organiser makes a VIP list; the staff scans on it, lets a guest out and back, and a general ticket is refused by name', async ({
  page,
  browser,
}) => {
  await logInAs(page, DEMO.organizer, DEMO.password);
  const start = Date.now() + 10 * 60_000;
  const title = `Listes ${Math.random().toString(36).slice(2, 7)}`;
  const eventId = await organiserEvent(page.request, {
    title,
    dateBegin: new Date(start).toISOString(),
    dateEnd: new Date(start + 5 * HOUR).toISOString(),
    ticketList: [
      { title: 'Général', price: 10, quantity: 50 },
      { title: 'VIP', price: 40, quantity: 20 },
    ],
  });
  const staffEmail = await registerViaApi(page.request);
  expect(
    (await page.request.post(`/api/console/events/${eventId}/staff`, { data: { email: staffEmail } })).status(),
  ).toBe(201);
  const { ticketId } = await eventDetail(page.request, eventId);
  const guest = await ticketOf(page, eventId, ticketId('VIP'), 'Vip');
  const stranger = await ticketOf(page, eventId, ticketId('Général'), 'Fosse');

  // The organiser makes the VIP list in the console, with leaving and coming back.
  await page.goto(`/event_management?event=${eventId}&tab=staff`);
  const section = page.getByRole('region', { name: "Listes d'entrée" });
  await section.getByRole('button', { name: 'Ajouter la liste' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ajouter la liste' });
  await dialog.getByRole('textbox', { name: 'Nom de la liste' }).fill('Carré VIP');
  await dialog.getByRole('button', { name: 'Ajouter la liste' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Choisissez au moins un billet admis sur cette liste.');
  await dialog.getByRole('checkbox', { name: 'VIP' }).check();
  await dialog.getByRole('switch', { name: 'Autoriser la ré-entrée après une sortie' }).check();
  await dialog.getByRole('button', { name: 'Ajouter la liste' }).click();
  await expect(dialog).toBeHidden();
  const item = section.getByRole('listitem').filter({ hasText: 'Carré VIP' });
  await expect(item.getByTestId('list-inside')).toContainText("0 personne à l'intérieur");
  await expectAccessible(page);
  await screenshotBothThemes(page, section, 'checkin-lists-console');

  // The staff's phone starts by choosing the list.
  const phone = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 390, height: 844 },
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
  });
  const staff = await phone.newPage();
  await logInAs(staff, staffEmail);
  await staff.goto(`/scan/${eventId}`);
  await expect(staff.getByRole('heading', { name: "Choisissez la liste d'entrée" })).toBeVisible();
  await expectAccessible(staff);
  await screenshotBothThemes(staff, staff.locator('main, body').first(), 'checkin-lists-chooser');
  await staff.getByRole('button', { name: /Carré VIP/ }).click();
  await expect(staff.getByText('Liste : Carré VIP')).toBeVisible();

  const typeCode = async (shortCode: string) => {
    await staff.getByRole('textbox', { name: 'Code du billet' }).fill(shortCode);
    await staff.getByRole('button', { name: 'Vérifier' }).click();
  };
  const result = staff.getByTestId('scan-result');
  await typeCode(stranger.shortCode);
  await expect(result).toHaveAttribute('data-tone', 'refused');
  await expect(result).toContainText('Pas sur cette liste');
  await expect(result).toContainText(
    "Ce billet n'est pas valable sur la liste « Carré VIP », ni sur aucune autre liste de l'événement.",
  );

  await typeCode(guest.shortCode);
  await expect(result).toHaveAttribute('data-tone', 'accepted');
  await expect(result).toContainText(guest.name);
  await expect(staff.getByTestId('inside-count')).toHaveText("1 personne à l'intérieur");

  await staff.getByText('Sortie', { exact: true }).click();
  await typeCode(guest.shortCode);
  await expect(result).toContainText('Sortie validée');
  await expect(staff.getByTestId('inside-count')).toHaveText("0 personne à l'intérieur");
  await expectAccessible(staff);
  await screenshotBothThemes(staff, staff.getByTestId('inside-count'), 'checkin-lists-scanner');

  await staff.getByText('Entrée', { exact: true }).click();
  await typeCode(guest.shortCode);
  await expect(result).toContainText('Entrée validée');
  await expect(staff.getByTestId('inside-count')).toHaveText("1 personne à l'intérieur");

  // The console counts the people inside too.
  await expect(item.getByTestId('list-inside')).toContainText("1 personne à l'intérieur", { timeout: 15_000 });
  await phone.close();
});
