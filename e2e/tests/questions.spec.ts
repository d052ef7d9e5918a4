import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { apiContext, DEMO, logInAs, newBuyer } from './accounts';
import { organiserEvent } from './events';
import { payHeldOrder } from './purchases';
import { screenshotBothThemes } from './screenshots';

// Attendee questions (issue 30): the organiser asks two, the buyer answers them at booking and
// changes one on /myTickets, the organiser reads them in the participant's detail.
test.describe.configure({ timeout: 480_000 });

async function addQuestion(page: Page, label: string, choices: { kind?: string; scope?: string; required?: boolean }) {
  await page.getByRole('button', { name: 'Ajouter une question' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ajouter une question' });
  await dialog.getByRole('textbox', { name: /^Intitulé de la question/ }).fill(label);
  for (const [field, value] of [
    ['Type de réponse', choices.kind],
    ['Posée', choices.scope],
  ] as const) {
    if (!value) continue;
    await dialog.getByLabel(field, { exact: true }).click();
    await page.getByRole('option', { name: value, exact: true }).click();
  }
  if (choices.required) await dialog.getByRole('switch', { name: 'Réponse obligatoire' }).check({ force: true });
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('La question a été ajoutée.').last()).toBeVisible();
  await expect(dialog).toHaveCount(0);
}

test('the organiser asks two questions, the buyer answers them and changes one, the organiser reads them', async ({
  page,
  browser,
  playwright,
}) => {
  const organiser = await apiContext(playwright);
  const eventId = await organiserEvent(organiser, { ticketList: [{ title: 'Fosse', price: 15, quantity: 10 }] });

  // The organiser's editor, in the event's edit area.
  await logInAs(page, DEMO.organizer, DEMO.password);
  await page.goto(`/editevents/${eventId}`);
  const editor = page.getByRole('region', { name: 'Questions aux participants' });
  // The list loads after the form (a busy machine takes seconds).
  await expect(editor.getByText('Aucune question pour le moment.')).toBeVisible({ timeout: 30_000 });
  await addQuestion(page, 'Entreprise', { required: true });
  await addQuestion(page, 'Navette depuis la gare', { kind: 'Oui / non', scope: 'Pour chaque place', required: true });
  await expect(editor.getByRole('listitem')).toHaveCount(2);
  await expect(editor.getByRole('listitem').nth(1)).toContainText('Pour chaque place');
  await expectAccessible(page);
  await screenshotBothThemes(page, editor, 'questions-editor');

  // The buyer books two places: the order's question once, the place's beside each place.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'fr-FR' });
  const buyer = await context.newPage();
  await newBuyer(buyer);
  await buyer.goto(`/billetterie/${eventId}`);
  const main = buyer.getByRole('main');
  await main.getByRole('button', { name: /^Fosse/ }).click();
  for (let i = 0; i < 2; i++) await main.getByRole('button', { name: 'Ajouter un billet Fosse' }).click();
  await main.getByRole('checkbox', { name: /conditions générales de vente/ }).check();
  await main.getByRole('button', { name: 'Suivant' }).click();
  await expect(main.getByRole('heading', { name: 'Vos informations' })).toBeFocused();
  await main.getByRole('button', { name: 'Suivant' }).click();
  await expect(main.getByRole('alert')).toContainText('Veuillez répondre à la question « Entreprise ».');
  await main.getByRole('textbox', { name: /^Entreprise/ }).fill('ACME');
  await main.getByRole('group', { name: 'Place 1 : questions' }).getByRole('radio', { name: 'Oui' }).check();
  await main.getByRole('group', { name: 'Place 2 : questions' }).getByRole('radio', { name: 'Non' }).check();
  await expectAccessible(buyer);
  await screenshotBothThemes(
    buyer,
    main.getByRole('group', { name: 'Questions de l’organisateur' }),
    'questions-booking',
  );
  await buyer.setViewportSize({ width: 1280, height: 900 });
  const created = buyer.waitForResponse(
    (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/orders',
  );
  await main.getByRole('button', { name: 'Suivant' }).click();
  await expect(main.getByRole('heading', { name: 'Récapitulatif et paiement' })).toBeVisible();
  const response = await created;
  expect(response.status(), await response.text()).toBe(201);
  await payHeldOrder(buyer.request, ((await response.json()) as { id: string }).id);

  // On /myTickets, the buyer changes the order's answer until the deadline.
  await buyer.goto('/myTickets');
  await buyer
    .getByRole('button', { name: /Billet : Fosse/ })
    .first()
    .click();
  await buyer.getByRole('button', { name: 'Mes réponses' }).first().click();
  const dialog = buyer.getByRole('dialog', { name: 'Réponses aux questions' });
  const company = dialog.getByRole('textbox', { name: /^Entreprise/ });
  await expect(company).toHaveValue('ACME');
  await company.fill('Globex');
  await expectAccessible(buyer);
  for (const width of [390, 1280]) {
    await buyer.setViewportSize({ width, height: 900 });
    await buyer.screenshot({ path: test.info().outputPath(`questions-my-tickets-${width}.png`) });
  }
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(buyer.getByText('Vos réponses ont été enregistrées.')).toBeVisible();
  await context.close();

  // The organiser reads them in the participant's detail.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/event_management?event=${eventId}&tab=participants`);
  await page.getByRole('button', { name: 'Voir les détails de Camille Durand' }).click();
  const detail = page.getByRole('complementary', { name: 'Camille Durand' });
  await expect(detail).toContainText('Réponses de la commande');
  await expect(detail).toContainText('Globex');
  await expect(detail.getByText('Navette depuis la gare')).toHaveCount(2);
  await expect(detail).toContainText('Oui');
  await expect(detail).toContainText('Non');
  await expectAccessible(page);
});
