import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { DEMO, logInAs, registerViaApi, uniqueEmail } from './accounts';
import { choiceTicket, organiserEvent } from './events';
import { lastMail } from './mail';
import { buy } from './purchases';
import { screenshotBothThemes } from './screenshots';

/** An event of the demo organiser with a paid ticket and a choice ticket, opened in the console on a tab. */
async function consoleOn(page: Page, tab: string) {
  // The form first: creating the event logs the page's context in, and the login page then sends it away.
  await logInAs(page, DEMO.organizer, DEMO.password);
  const title = `Guichet ${Math.random().toString(36).slice(2, 7)}`;
  const eventId = await organiserEvent(page.request, {
    title,
    ticketList: [
      { title: 'Standard', price: 12, quantity: 3 },
      choiceTicket('Pass', [
        ['Samedi', 20, 5],
        ['Week-end', 35, 5],
      ]),
    ],
  });
  await page.goto(`/event_management?event=${eventId}&tab=${tab}`);
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  return { eventId, title, panel: page.getByRole('tabpanel') };
}

test.describe('staff', () => {
  test('the organiser adds a member by e-mail, is told why an addition fails, sees their scans and removes them', async ({
    page,
  }) => {
    const { eventId, panel } = await consoleOn(page, 'staff');
    await expect(panel.getByText("Aucun staff n'a été ajouté à cet évènement.")).toBeVisible();

    await panel.getByRole('button', { name: 'Ajouter', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter un membre du staff' });
    await dialog.getByRole('button', { name: 'Confirmer' }).click();
    await expect(dialog.getByText('Entrez une adresse email valide.')).toBeVisible();
    await dialog.getByRole('textbox').fill('personne@nulle-part.fr');
    await dialog.getByRole('textbox').press('Enter');
    await expect(dialog.getByText(/Aucun compte n'est associé à cet email/)).toBeVisible();

    const email = await registerViaApi(page.request);
    await dialog.getByRole('textbox').fill(email.toUpperCase());
    await dialog.getByRole('textbox').press('Enter');
    await expect(page.getByText('Le staff a été ajouté.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(panel.getByText('Camille Durand')).toBeVisible();
    const member = panel.getByRole('listitem').filter({ hasText: 'Camille Durand' });
    await expect(member.getByText('Staff', { exact: true })).toBeVisible();
    expect((await lastMail(page.request, email)).subject).toMatch(/vous faites partie du staff/);
    await expectAccessible(page);

    await member.getByRole('button', { name: /^Camille Durand/ }).click();
    const detail = page.getByRole('complementary', { name: 'Camille Durand' });
    await expect(detail.getByText("Aucun billet n'a été scanné par ce staff.")).toBeVisible();
    await expect(detail.getByText('0 billet(s) scanné(s)')).toBeVisible();

    await panel.getByRole('button', { name: 'Retirer Camille Durand' }).click();
    await page.getByRole('dialog', { name: 'Retirer du staff' }).getByRole('button', { name: 'Retirer' }).click();
    await expect(page.getByText('Le membre du staff a été retiré.')).toBeVisible();
    await expect(panel.getByText("Aucun staff n'a été ajouté à cet évènement.")).toBeVisible();
    expect((await (await page.request.get(`/api/console/events/${eventId}/staff`)).json()).length).toBe(1);
  });
});

test.describe('in-person sale', () => {
  test('the organiser sells at the door: the spec checks in order, the ticket mailed, the lists refreshed', async ({
    page,
  }) => {
    const { eventId, panel } = await consoleOn(page, 'manual');
    const add = panel.getByRole('button', { name: 'Ajouter', exact: true });
    const alert = panel.getByRole('alert');
    await add.click();
    await expect(alert).toHaveText('Veuillez sélectionner un billet.');

    // A choice ticket preselects its cheapest option, the count at 0.
    await panel.getByRole('button', { name: /^Pass/ }).click();
    await expect(panel.getByRole('radio', { name: /Samedi/ })).toBeChecked();
    await panel.getByRole('button', { name: /^Standard/ }).click();
    await add.click();
    await expect(alert).toHaveText('Le mail est obligatoire.');
    const email = uniqueEmail('porte');
    await panel.getByRole('textbox', { name: 'Email' }).fill(email);
    await panel.getByRole('textbox', { name: 'Prénom' }).fill('Léa');
    await panel.getByRole('textbox', { name: 'Nom', exact: true }).fill('Martin');
    await panel.getByRole('textbox', { name: 'Téléphone' }).fill('0512');
    await add.click();
    await expect(alert).toHaveText("Votre numéro de téléphone n'est pas valide.");
    await panel.getByRole('textbox', { name: 'Téléphone' }).fill('06 12 34 56 78');
    await panel.getByLabel('Date de naissance').fill('2015-05-05');
    await add.click();
    await expect(alert).toHaveText('Veuillez saisir une date de naissance comprise entre 16 ans et 100 ans.');
    await panel.getByLabel('Date de naissance').fill('2001-05-05');
    await add.click();
    await expect(alert).toHaveText('Vous devez choisir un nombre de billets.');
    await panel.getByRole('button', { name: /^Ajouter un billet Standard/ }).click();
    await panel.getByRole('button', { name: /^Ajouter un billet Standard/ }).click();
    await expect(panel.getByText('Total à encaisser : 24,00 €')).toBeVisible();
    await add.click();
    await expect(alert).toHaveText('Indiquez comment le participant a payé.');
    await panel.getByRole('radio', { name: 'Espèces' }).check();
    await expectAccessible(page);
    await add.click();
    await expect(page.getByText("L'ajout du billet a bien été effectué.")).toBeVisible();
    await expect(panel.getByTestId('door-sales')).toContainText('Léa Martin · 2 × Standard');
    await expect(panel.getByTestId('door-sales')).toContainText('Espèces');
    // One place left: the stepper stops there, without reloading the page.
    await panel.getByRole('button', { name: /^Standard/ }).click();
    await panel.getByRole('button', { name: /^Standard/ }).click();
    await panel.getByRole('button', { name: /^Ajouter un billet Standard/ }).click();
    await expect(panel.getByRole('button', { name: /^Ajouter un billet Standard/ })).toBeDisabled();

    const mail = await lastMail(page.request, email);
    expect(mail.subject).toMatch(/vos billets/);
    const participants = await (await page.request.get(`/api/console/events/${eventId}/manual-entries`)).json();
    expect(participants).toMatchObject([{ email, quantity: 2, payment: 'cash', totalCents: 2400 }]);
  });

  test('on an event that names its tickets, the door asks a holder per place; the setting and the holder editor', async ({
    page,
  }) => {
    const { eventId, panel } = await consoleOn(page, 'manual');
    // Named tickets are set in the event's form (not when it is created).
    const named = await page.request.patch(`/api/events/${eventId}`, { data: { isNamedTickets: true } });
    expect(named.status(), await named.text()).toBeLessThan(300);
    await page.reload();
    await panel.getByRole('button', { name: /^Standard/ }).click();
    await panel.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('nominatif'));
    await panel.getByRole('textbox', { name: 'Prénom' }).fill('Léa');
    await panel.getByRole('textbox', { name: 'Nom', exact: true }).fill('Martin');
    await panel.getByLabel('Date de naissance').fill('2001-05-05');
    await panel.getByRole('button', { name: /^Ajouter un billet Standard/ }).click();
    await panel.getByRole('button', { name: /^Ajouter un billet Standard/ }).click();
    await panel.getByRole('radio', { name: 'Carte bancaire' }).check();
    const holders = panel.getByRole('group', { name: 'Titulaires des billets' });
    await holders
      .getByRole('group', { name: 'Place 1' })
      .getByRole('textbox', { name: 'Prénom du titulaire', exact: true })
      .fill('Léa');
    await holders
      .getByRole('group', { name: 'Place 1' })
      .getByRole('textbox', { name: 'Nom du titulaire', exact: true })
      .fill('Martin');
    await holders
      .getByRole('group', { name: 'Place 2' })
      .getByRole('textbox', { name: 'Prénom du titulaire', exact: true })
      .fill('Noé');
    const add = panel.getByRole('button', { name: 'Ajouter', exact: true });
    await add.click();
    await expect(panel.getByRole('alert')).toHaveText('Veuillez saisir le nom du titulaire.');
    await expectAccessible(page);
    await screenshotBothThemes(page, holders, 'door-holders');
    await holders
      .getByRole('group', { name: 'Place 2' })
      .getByRole('textbox', { name: 'Nom du titulaire', exact: true })
      .fill('Durand');
    await add.click();
    await expect(page.getByText("L'ajout du billet a bien été effectué.")).toBeVisible();

    // The setting in the event's form.
    await page.goto(`/event_management?event=${eventId}&tab=edit`);
    const setting = page.getByRole('switch', { name: 'Demander le nom du titulaire de chaque place' });
    await expect(setting).toBeChecked();
    await screenshotBothThemes(page, setting, 'named-tickets-setting');

    // The organiser's own places, named at booking, and the editor of a holder on /myTickets.
    const ticketId = (await (await page.request.get(`/api/console/events/${eventId}/door-tickets`)).json())[0].id;
    await buy(page.request, eventId, {
      ticketId,
      quantity: 1,
      holders: [{ firstName: 'Inès', lastName: 'Moreau' }],
    } as Parameters<typeof buy>[2]);
    await page.goto('/myTickets');
    await page
      .getByRole('button', { name: /Billet : Standard/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Modifier le titulaire' }).click();
    const editor = page.getByRole('dialog', { name: 'Titulaire du billet' });
    await expect(editor.getByRole('textbox', { name: 'Prénom du titulaire', exact: true })).toHaveValue('Inès');
    await expectAccessible(page);
    // A dialog covers the theme's button: each theme is photographed with the dialog opened again.
    // The page is left light by the setting's screenshots above.
    for (const theme of ['light', 'dark']) {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: test.info().outputPath(`holder-editor-${theme}-${width}.png`) });
      }
      await page.keyboard.press('Escape');
      await expect(editor).toBeHidden();
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.getByRole('button', { name: /Passer au thème/ }).click();
      await page.getByRole('button', { name: 'Modifier le titulaire' }).click();
    }
  });

  test('the page /addParticipationManual sells for the event it names, and sends others to the event page', async ({
    page,
  }) => {
    // Logs the page's context in as the organiser.
    const eventId = await organiserEvent(page.request, { ticketList: [{ title: 'Entrée', price: 0, quantity: 10 }] });
    await page.goto(`/addParticipationManual?event=${eventId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Ajout Manuel' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Entrée/ })).toBeVisible();

    const outsider = await registerViaApi(page.request);
    await page.context().clearCookies();
    await logInAs(page, outsider);
    await page.goto(`/addParticipationManual?event=${eventId}`);
    await expect(page).toHaveURL(new RegExp(`/billetterie/${eventId}$`));
  });
});
