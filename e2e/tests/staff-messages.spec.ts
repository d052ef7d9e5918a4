import { expect, test } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { apiContext, DEMO, logInAs, registerViaApi, uniqueEmail } from './accounts';
import { openConsole } from './console-steps';
import { sellAtDoor } from './door-sales';
import { eventDetail, organiserEvent } from './events';
import { mailMatching, openRawMessage } from './mail';
import { screenshotBothThemes } from './screenshots';

// Each journey goes through several accounts, the job runner and screenshots in both themes.
test.describe.configure({ timeout: 180_000 });

test('the organiser adds a box-office member, who sells at the door; a scanner may not; the organiser sees who sold', async ({
  page,
  browser,
  playwright,
}) => {
  const organiser = await apiContext(playwright);
  const eventId = await organiserEvent(organiser, { ticketList: [{ title: 'Entrée', price: 10, quantity: 20 }] });
  const cashier = await registerViaApi(organiser, { firstName: 'Cassandre', lastName: 'Caisse' });
  const scanner = await registerViaApi(organiser, { firstName: 'Simon', lastName: 'Scan' });

  await openConsole(page, { event: eventId, tab: 'staff' });
  const panel = page.getByRole('tabpanel');
  await panel.getByRole('button', { name: 'Ajouter', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Ajouter un membre du staff' });
  await dialog.getByLabel('Rôle').selectOption({ label: 'Billetterie (contrôle et vente sur place)' });
  await dialog.getByRole('textbox').fill(cashier);
  await dialog.getByRole('textbox').press('Enter');
  await expect(page.getByText('Le staff a été ajouté.')).toBeVisible();
  // Without a role chosen: a scanner.
  await panel.getByRole('button', { name: 'Ajouter', exact: true }).click();
  await dialog.getByRole('textbox').fill(scanner);
  await dialog.getByRole('textbox').press('Enter');
  await expect(panel.getByText('Simon Scan')).toBeVisible();
  const cashierRow = panel.getByRole('listitem').filter({ hasText: 'Cassandre Caisse' });
  await expect(cashierRow.getByText('Admin', { exact: true })).toBeVisible();
  await expect(cashierRow.getByLabel('Rôle de Cassandre Caisse')).toHaveValue('box-office');
  const scannerRow = panel.getByRole('listitem').filter({ hasText: 'Simon Scan' });
  await expect(scannerRow.getByText('Staff', { exact: true })).toBeVisible();
  await expect(scannerRow.getByLabel('Rôle de Simon Scan')).toHaveValue('scanner');
  await expectAccessible(page);
  await screenshotBothThemes(page, panel, 'staff-roles');
  expect((await mailMatching(organiser, cashier, (mail) => /staff/.test(mail.subject))).text).toContain(
    `/addParticipationManual?event=${eventId}`,
  );

  // The box office sells from the door-sale page, and sees its own sale.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'fr-FR' });
  const door = await context.newPage();
  await logInAs(door, cashier);
  await door.goto(`/addParticipationManual?event=${eventId}`);
  await expect(door.getByRole('heading', { level: 1, name: 'Ajout Manuel' })).toBeVisible();
  const buyer = uniqueEmail('guichet');
  await door.getByRole('button', { name: /^Entrée/ }).click();
  await door.getByRole('button', { name: /^Ajouter un billet Entrée/ }).click();
  await door.getByRole('textbox', { name: 'Email' }).fill(buyer);
  await door.getByRole('textbox', { name: 'Prénom' }).fill('Léa');
  await door.getByRole('textbox', { name: 'Nom', exact: true }).fill('Martin');
  await door.getByLabel('Date de naissance').fill('2001-05-05');
  await door.getByRole('radio', { name: 'Espèces' }).check();
  await door.getByRole('button', { name: 'Ajouter', exact: true }).click();
  await expect(door.getByText("L'ajout du billet a bien été effectué.")).toBeVisible();
  await expect(door.getByTestId('door-sales')).toContainText('Vendu par Cassandre Caisse');
  await screenshotBothThemes(door, door.getByRole('main'), 'box-office-door-sale');
  await context.close();

  // A scanner is sent to the event's page; the organiser sees the sale and who made it.
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'fr-FR' });
  const scannerPage = await other.newPage();
  await logInAs(scannerPage, scanner);
  await scannerPage.goto(`/addParticipationManual?event=${eventId}`);
  await expect(scannerPage).toHaveURL(new RegExp(`/billetterie/${eventId}$`));
  const { ticketId } = await eventDetail(organiser, eventId);
  const refused = await scannerPage.request.post(`/api/console/events/${eventId}/manual-entries`, {
    data: {
      ticketId: ticketId('Entrée'),
      quantity: 1,
      payment: 'cash',
      participant: {
        email: uniqueEmail('porte'),
        firstName: 'Léo',
        lastName: 'Petit',
        phone: '',
        birthDate: '2000-01-15',
      },
    },
  });
  expect(refused.status()).toBe(404);
  await other.close();

  await sellAtDoor(organiser, eventId, {
    ticketId: ticketId('Entrée'),
    participant: { email: uniqueEmail('porte'), firstName: 'Paul', lastName: 'Durand' },
    payment: 'card',
  });
  await page.goto(`/event_management?event=${eventId}&tab=manual`);
  const sales = page.getByTestId('door-sales');
  await expect(sales).toContainText('Vendu par Cassandre Caisse');
  await expect(sales).toContainText(/Vendu par .+/);
});

test('the organiser writes to the attendees: a preview of the recipients, the message sent as text, its progress, the dev mailbox and the back office', async ({
  page,
  playwright,
}) => {
  const organiser = await apiContext(playwright);
  const eventId = await organiserEvent(organiser, { ticketList: [{ title: 'Entrée', price: 10, quantity: 20 }] });
  const { ticketId } = await eventDetail(organiser, eventId);
  const attendees = [uniqueEmail('public'), uniqueEmail('public')];
  for (const email of attendees) {
    await sellAtDoor(organiser, eventId, {
      ticketId: ticketId('Entrée'),
      participant: { email, firstName: 'Léa', lastName: 'Martin' },
      payment: 'cash',
    });
  }

  await openConsole(page, { event: eventId, tab: 'messages' });
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByTestId('message-preview')).toHaveText('Ce message sera envoyé à 2 participants.');
  await panel.getByText('Entrés', { exact: true }).click();
  await expect(panel.getByTestId('message-preview')).toHaveText('Aucun participant ne recevra ce message.');
  await panel.getByText('Tous', { exact: true }).click();
  await expect(panel.getByTestId('message-preview')).toHaveText('Ce message sera envoyé à 2 participants.');
  await expect(panel.getByText("Aucun message n'a encore été envoyé aux participants de cet événement.")).toBeVisible();

  // Empty: said under the field, nothing sent.
  await panel.getByRole('button', { name: 'Envoyer' }).click();
  await expect(panel.getByText("L'objet du message est obligatoire.")).toBeVisible();
  const subject = `Ouverture des portes ${Math.random().toString(36).slice(2, 7)}`;
  await panel.getByRole('textbox', { name: 'Objet' }).fill(subject);
  await panel.getByRole('button', { name: 'Envoyer' }).click();
  await expect(panel.getByText('Le message est vide.')).toBeVisible();
  const body = 'Les portes ouvrent à 19 h.\n<script>alert("x")</script>';
  await panel.getByRole('textbox', { name: 'Message' }).fill(body);
  await expectAccessible(page);
  await panel.getByRole('button', { name: 'Envoyer' }).click();
  await expect(page.getByText("Le message est en cours d'envoi.")).toBeVisible();
  const sent = panel.getByRole('listitem').filter({ hasText: subject });
  // Shown as text: the script is on the screen, not run.
  await expect(sent.getByText('<script>alert("x")</script>')).toBeVisible();
  await expect(sent.getByText('2 / 2 envoyé(s)')).toBeVisible({ timeout: 30_000 });
  await expect(sent.getByText('Envoyé', { exact: true })).toBeVisible();
  await screenshotBothThemes(page, panel, 'attendee-messages');

  for (const email of attendees) {
    const mail = await mailMatching(page.request, email, (m) => m.subject === subject);
    expect(mail.text).toContain(body);
  }
  // The development mailbox shows it, with the organiser's name and the address to answer.
  await page.goto('/dev/mail');
  await page.getByRole('textbox', { name: 'Destinataire' }).fill(attendees[0] as string);
  // The other attendee's copy has the same subject: opened from the recipient's own list.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page
    .getByRole('button', { name: new RegExp(subject) })
    .filter({ hasText: attendees[0] as string })
    .click();
  const opened = page.getByRole('region', { name: new RegExp(subject) });
  await expect(opened.getByText(/Les portes ouvrent à 19 h/)).toBeVisible();
  const raw = await openRawMessage(opened);
  await expect(raw).toContainText(`Reply-To: ${DEMO.organizer}`);
  await expect(raw).toContainText('&lt;script&gt;');

  // The administrator reads what was sent.
  await page.context().clearCookies();
  await logInAs(page, DEMO.admin, DEMO.password);
  await page.goto('/admin/envois');
  // The innermost block holding both the subject and its 'Lire' button: the message's card.
  const card = page
    .getByRole('main')
    .locator('div')
    .filter({ hasText: subject })
    .filter({ has: page.getByRole('button', { name: 'Lire' }) })
    .last();
  await expect(card).toContainText('Envoyés 2');
  await card.getByRole('button', { name: 'Lire' }).click();
  await expect(page.getByRole('dialog').getByText('<script>alert("x")</script>')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByLabel('Messages aux participants par événement et par jour')).toHaveValue(/\d+/);
  await screenshotBothThemes(page, page.getByRole('main'), 'admin-attendee-messages');
});
