import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { DEMO, logInAs, otherPerson, registerViaApi, uniqueEmail } from './accounts';
import { eventDetail, organiserEvent } from './events';
import { qrCodeVideo } from './fake-camera';
import { buy } from './purchases';

const HOUR = 3_600_000;

/** An event of the demo organiser that starts in a few minutes (the scanner lists today's events), with a staff member. */
async function tonight(page: Page) {
  const start = Date.now() + 10 * 60_000;
  const title = `Porte ${Math.random().toString(36).slice(2, 7)}`;
  const eventId = await organiserEvent(page.request, {
    title,
    dateBegin: new Date(start).toISOString(),
    dateEnd: new Date(start + 5 * HOUR).toISOString(),
    ticketList: [
      { title: 'Duo', price: 20, quantity: 50 },
      { title: 'Solo', price: 10, quantity: 50 },
    ],
  });
  const staffEmail = await registerViaApi(page.request);
  const added = await page.request.post(`/api/console/events/${eventId}/staff`, { data: { email: staffEmail } });
  expect(added.status()).toBe(201);
  const { ticketId } = await eventDetail(page.request, eventId);
  return { eventId, title, staffEmail, duo: ticketId('Duo'), solo: ticketId('Solo') };
}

/** A buyer's ticket: its signed code and short code, bought through the sandbox bank. */
async function ticketOf(page: Page, eventId: string, ticketId: string, quantity: number, lastName: string) {
  const { context: buyer } = await otherPerson(page.context().browser(), {
    email: uniqueEmail('porte'),
    firstName: 'Nina',
    lastName,
    birthDate: '1998-02-03',
  });
  await buy(buyer.request, eventId, { ticketId, quantity });
  const [participation] = (await (await buyer.request.get('/api/me/participations')).json()) as { id: string }[];
  const codes = await (await buyer.request.get(`/api/me/participations/${participation?.id}/code`)).json();
  await buyer.close();
  return { code: codes.code as string, shortCode: codes.shortCode as string, name: `Nina ${lastName}` };
}

test('the staff scans a ticket with the camera, then types a short code, and is told when it is used up', async ({
  page,
}) => {
  await logInAs(page, DEMO.organizer, DEMO.password);
  const door = await tonight(page);
  const holder = await ticketOf(page, door.eventId, door.duo, 2, 'Camera');

  // A phone whose camera sees the ticket's QR code.
  const folder = test.info().outputPath('camera');
  mkdirSync(folder, { recursive: true });
  const video = path.join(folder, 'qr.y4m');
  await qrCodeVideo(video, holder.code);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  const phone = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 390, height: 844 },
    permissions: ['camera'],
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
  });
  const staff = await phone.newPage();
  await logInAs(staff, door.staffEmail);

  // The profile menu leads the staff of today's event to the scanner.
  await staff.getByRole('button', { name: 'Ouvrir le menu' }).click();
  await staff.getByRole('link', { name: 'Scanner les billets' }).click();
  await staff.getByRole('link', { name: new RegExp(door.title) }).click();
  await expect(staff.getByRole('heading', { name: door.title, level: 1 })).toBeVisible();
  await expect(staff.getByTestId('remaining-count')).toHaveText('2');

  await staff.getByRole('button', { name: 'Activer la caméra' }).click();
  const result = staff.getByTestId('scan-result');
  await expect(result).toContainText('Entrée validée', { timeout: 20_000 });
  await expect(result).toContainText(holder.name);
  // Each of the 2 places is its own ticket (issue 30): this one's single entry is taken.
  await expect(result).toContainText('Plus aucune entrée sur ce billet');
  await expect(result).toHaveAttribute('data-tone', 'accepted');
  await expect(staff.getByTestId('scanned-count')).toHaveText('1');
  await staff.getByRole('button', { name: 'Arrêter la caméra' }).click();
  await expectAccessible(staff);

  await staff.getByRole('textbox', { name: 'Code du billet' }).fill(holder.shortCode.toLowerCase());
  await staff.getByRole('button', { name: 'Vérifier' }).click();
  await expect(result).toHaveAttribute('data-tone', 'already');
  await expect(result).toContainText('Déjà scanné');
  await expect(result).toContainText(/Le .* par Camille Durand/);

  // A forged code is refused on the phone itself.
  await staff
    .getByRole('textbox', { name: 'Code du billet' })
    .fill(`${holder.code.slice(0, 60)}AAAA${holder.code.slice(64)}`);
  await staff.getByRole('button', { name: 'Vérifier' }).click();
  await expect(result).toHaveAttribute('data-tone', 'refused');
  await expect(result).toContainText('Billet invalide');
  await browser.close();
});

test('without network the door goes on from its list, syncs on return, and shows the entries two doors both let in', async ({
  page,
  browser,
}) => {
  await logInAs(page, DEMO.organizer, DEMO.password);
  const door = await tonight(page);
  await ticketOf(page, door.eventId, door.solo, 1, 'Seule');
  const twice = await ticketOf(page, door.eventId, door.solo, 1, 'Double');

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const staff = await phone.newPage();
  await logInAs(staff, door.staffEmail);
  await staff.goto(`/scan/${door.eventId}`);
  await expect(staff.getByTestId('remaining-count')).toHaveText('2');
  // The scanner installs itself: once its worker runs the page, it opens again without network.
  await staff.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
  await staff
    .evaluate(() => document.querySelector('link[rel=manifest]')?.getAttribute('href'))
    .then((href) => expect(href).toBe('/scan.webmanifest'));

  await phone.setOffline(true);
  await staff.reload();
  await expect(staff.getByRole('heading', { name: door.title, level: 1 })).toBeVisible();
  await expect(staff.getByText('Hors connexion', { exact: true })).toBeVisible();
  // By name, from the list kept on the phone.
  await staff.getByLabel('Rechercher un participant').fill('seule');
  await staff.getByRole('button', { name: 'Faire entrer : Nina Seule' }).click();
  const result = staff.getByTestId('scan-result');
  await expect(result).toHaveAttribute('data-tone', 'accepted');
  await expect(result).toContainText('Nina Seule');
  // Scanned again offline: the phone says when and by whom (its own user), never 'par —'.
  await staff.getByLabel('Rechercher un participant').fill('seule');
  await staff.getByRole('button', { name: 'Faire entrer : Nina Seule' }).click();
  await expect(result).toHaveAttribute('data-tone', 'already');
  await expect(result).toContainText(/Le .+ par Camille Durand/);
  await expect(result).not.toContainText('—');
  await staff.getByRole('textbox', { name: 'Code du billet' }).fill(twice.code);
  await staff.getByRole('button', { name: 'Vérifier' }).click();
  await expect(result).toContainText('Nina Double');
  await expect(staff.getByText("3 scans en attente d'envoi")).toBeVisible();

  // Meanwhile another door, online, lets the second ticket in.
  const other = await page.request.post(`/api/checkin/events/${door.eventId}/scans`, { data: { code: twice.code } });
  expect(other.status()).toBe(200);

  await phone.setOffline(false);
  await staff.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(staff.getByRole('alert').filter({ hasText: 'Conflits après synchronisation' })).toBeVisible();
  await expect(staff.getByText(/Nina Double : entrée acceptée hors connexion/)).toBeVisible();
  // The second scan of Nina Seule was refused on the phone: nobody went in, no conflict.
  await expect(staff.getByText(/Nina Seule : entrée acceptée hors connexion/)).toHaveCount(0);
  await expect(staff.getByText(/scans? en attente/)).toHaveCount(0);
  await expect(staff.getByTestId('remaining-count')).toHaveText('0');
  await staff.getByRole('button', { name: "J'ai compris" }).click();
  await expect(staff.getByText('Conflits après synchronisation')).toHaveCount(0);

  // The organiser sees both scans of the staff member in the console's list.
  const list = await (await page.request.get(`/api/console/events/${door.eventId}/staff`)).json();
  const member = list.find((s: { email: string }) => s.email === door.staffEmail);
  expect(member.scannedCount).toBe(1);
  await phone.close();
});

test('someone who is not on the staff is told so', async ({ page }) => {
  await logInAs(page, DEMO.organizer, DEMO.password);
  const door = await tonight(page);
  const outsider = await registerViaApi(page.request);
  await page.context().clearCookies();
  await logInAs(page, outsider);
  await page.goto(`/scan/${door.eventId}`);
  await expect(page.getByRole('alert')).toContainText('Vous ne faites pas partie du staff de cet événement.');
});
