import { expect, test } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { apiContext, uniqueEmail } from './accounts';
import { openConsole } from './console-steps';
import { organiserEvent } from './events';
import { mailMatching } from './mail';
import { screenshotBothThemes } from './screenshots';

// A journey through the job runner (the ticket mail) and screenshots in both themes.
test.describe.configure({ timeout: 180_000 });

const csv = (lines: string[]) => ({
  name: 'invites.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8'),
});

test('the organiser invites one person, imports a list after its preview, and revokes an invitation', async ({
  page,
  playwright,
}) => {
  const organiser = await apiContext(playwright);
  const eventId = await organiserEvent(organiser, {
    ticketList: [
      { title: 'Entrée', price: 15, quantity: 20 },
      { title: 'Presse', price: 0, quantity: 5, isHidden: true },
    ],
  });

  await openConsole(page, { event: eventId, tab: 'invitations' });
  const panel = page.getByRole('tabpanel');
  // The tab is its own chunk, loaded when opened.
  await expect(panel.getByRole('heading', { name: 'Inviter une personne' })).toBeVisible({ timeout: 30_000 });
  await expect(panel.getByText("Aucune invitation n'a encore été envoyée pour cet événement.")).toBeVisible();

  // One person, without choosing a ticket: the first free one is given.
  const guest = uniqueEmail('invite');
  await panel.getByRole('textbox', { name: 'Email' }).fill(guest);
  await panel.getByRole('textbox', { name: 'Prénom' }).fill('Inès');
  await panel.getByRole('textbox', { name: 'Nom', exact: true }).fill('Invitée');
  await panel.getByRole('button', { name: 'Inviter' }).click();
  await expect(page.getByText("L'invitation a été envoyée.")).toBeVisible();
  const list = panel.getByRole('region', { name: 'Invitations envoyées' });
  await expect(list.getByRole('row').filter({ hasText: guest })).toContainText('Presse');
  await expect(list.getByRole('row').filter({ hasText: guest })).toContainText('Valide');
  const mail = await mailMatching(organiser, guest, (m) => m.text.includes('Inès'));
  expect(mail.subject).toContain('vos billets pour');

  // A file with an error: each row is shown with its French error, nothing can be imported.
  const [first, second] = [uniqueEmail('liste'), uniqueEmail('liste')];
  const fileInput = panel.locator('input[type="file"]');
  await fileInput.setInputFiles(
    csv(['Email;Prénom;Nom;Billet', `${first};Ana;Lopez;Entrée`, `${second};=HYPERLINK("x");Durand;`]),
  );
  await panel.getByRole('button', { name: 'Vérifier le fichier' }).click();
  await expect(panel.getByText(/1 ligne\(s\) en erreur sur 2/)).toBeVisible();
  await expect(panel.getByText('Une cellule commence par =, +, - ou @')).toBeVisible();
  await expect(panel.getByText(`'=HYPERLINK("x")`)).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Envoyer 1 invitation(s)' })).toBeDisabled();
  await expectAccessible(page);
  await screenshotBothThemes(page, panel, 'invitations-preview');
  // Back to the desktop's table (the screenshots end on a phone's cards).
  await page.setViewportSize({ width: 1280, height: 900 });

  // The corrected file: previewed, then imported whole.
  await fileInput.setInputFiles(csv(['Email;Prénom;Nom;Billet', `${first};Ana;Lopez;Entrée`, `${second};Bob;Durand;`]));
  await panel.getByRole('button', { name: 'Vérifier le fichier' }).click();
  await expect(panel.getByText('2 invitation(s) prête(s) à être envoyée(s).')).toBeVisible();
  await panel.getByRole('button', { name: 'Envoyer 2 invitation(s)' }).click();
  await expect(page.getByText('2 invitation(s) envoyée(s).')).toBeVisible();
  await expect(list.getByRole('row').filter({ hasText: first })).toContainText('Entrée');
  await expect(list.getByRole('row').filter({ hasText: second })).toContainText('Presse');

  // Revoked after confirming: its code is refused at the door from then on.
  await list.getByRole('button', { name: "Révoquer l'invitation de Inès Invitée" }).click();
  const dialog = page.getByRole('dialog', { name: "Révoquer l'invitation" });
  await expect(dialog).toContainText('y compris par les scanners hors ligne');
  await dialog.getByRole('button', { name: 'Révoquer' }).click();
  await expect(page.getByText("L'invitation a été révoquée.")).toBeVisible();
  await expect(list.getByRole('row').filter({ hasText: guest })).toContainText('Révoquée');
  const manifest = await (await organiser.get(`/api/checkin/events/${eventId}/manifest`)).json();
  expect(manifest.revoked).toHaveLength(1);
  await expectAccessible(page);
  await screenshotBothThemes(page, panel, 'invitations-list');

  // The statistics show the invitations apart.
  const stats = await (await organiser.get(`/api/console/events/${eventId}/stats`)).json();
  expect(stats.bySource.invitation).toBe(2);
});

test('on an event of several dates, an invitation is for the date chosen, and a file names each row’s date', async ({
  page,
  playwright,
}) => {
  const organiser = await apiContext(playwright);
  const hour = 3_600_000;
  // 08:00 UTC, 60 days ahead: its second date, 4 h later, is the same day in Paris whatever the
  // hour the test runs (started at the run's own hour, it fell on the next day after 20:00).
  const day60 = new Date(Date.now() + 60 * 86_400_000);
  const start = Date.UTC(day60.getUTCFullYear(), day60.getUTCMonth(), day60.getUTCDate(), 8);
  const eventId = await organiserEvent(organiser, {
    dateBegin: new Date(start).toISOString(),
    dateEnd: new Date(start + 3 * hour).toISOString(),
    ticketList: [{ title: 'Entrée', price: 15, quantity: 20 }],
  });
  // A second date, later the same day: a file's row must then say the time.
  const added = await organiser.post(`/api/console/events/${eventId}/dates`, {
    data: { dateBegin: new Date(start + 4 * hour).toISOString(), dateEnd: new Date(start + 6 * hour).toISOString() },
  });
  expect(added.status(), await added.text()).toBe(201);

  await openConsole(page, { event: eventId, tab: 'invitations' });
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('heading', { name: 'Inviter une personne' })).toBeVisible({ timeout: 30_000 });
  const guest = uniqueEmail('invite');
  await panel.getByRole('textbox', { name: 'Email' }).fill(guest);
  await panel.getByRole('textbox', { name: 'Prénom' }).fill('Inès');
  await panel.getByRole('textbox', { name: 'Nom', exact: true }).fill('Invitée');
  await panel.getByRole('button', { name: 'Inviter' }).click();
  await expect(panel.getByRole('textbox', { name: 'Date', exact: true })).toHaveAccessibleDescription(
    'Choisissez la date de chaque billet.',
  );
  await screenshotBothThemes(
    page,
    panel.getByRole('textbox', { name: 'Date', exact: true }),
    'invitations-date-required',
  );
  await page.setViewportSize({ width: 1280, height: 900 });
  await panel.getByRole('textbox', { name: 'Date', exact: true }).click();
  await page.getByRole('option').nth(2).click();
  await panel.getByRole('button', { name: 'Inviter' }).click();
  await expect(page.getByText("L'invitation a été envoyée.")).toBeVisible();
  const list = panel.getByRole('region', { name: 'Invitations envoyées' });
  const secondStart = new Intl.DateTimeFormat('fr-FR', {
    timeZone: 'Europe/Paris',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(start + 4 * hour));
  await expect(list.getByRole('row').filter({ hasText: guest })).toContainText(secondStart);

  const day = new Intl.DateTimeFormat('fr-FR', {
    timeZone: 'Europe/Paris',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(start));
  const [first, second] = [uniqueEmail('liste'), uniqueEmail('liste')];
  await panel
    .locator('input[type="file"]')
    .setInputFiles(csv(['Email;Prénom;Nom;Date', `${first};Ana;Lopez;${day}`, `${second};Bob;Durand;01/01/2099`]));
  await panel.getByRole('button', { name: 'Vérifier le fichier' }).click();
  await expect(panel.getByText(/2 ligne\(s\) en erreur sur 2/)).toBeVisible();
  await expect(
    panel.getByText("L'événement a 2 dates ce jour-là : ajoutez l'heure (par exemple 12/07/2027 20:30)."),
  ).toBeVisible();
  await expect(panel.getByText("Aucune date de l'événement ne correspond à cette date.")).toBeVisible();
  await expectAccessible(page);
  await screenshotBothThemes(page, panel, 'invitations-dates');
});
