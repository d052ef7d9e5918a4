import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { logInAs, NEW_PASSWORD, newBuyer, otherPerson, registerViaApi, uniqueEmail } from './accounts';
import { choiceTicket, DAY, eventDetail, organiserEvent } from './events';
import { submitExpectingAlert } from './forms';
import { lastMail, mailedCode } from './mail';
import { placeOrder } from './purchases';
import { screenshotBothThemes } from './screenshots';

const paidTickets = [
  { title: 'Standard', price: 12.5, quantity: 40 },
  choiceTicket('Pass', [
    ['2 jours', 35, 5],
    ['1 jour', 20, 10],
  ]),
];

const booking = (page: Page) => page.getByRole('main');

async function chooseTickets(page: Page, title: string, count: number) {
  const main = booking(page);
  await main.getByRole('button', { name: new RegExp(`^${title}`) }).click();
  for (let i = 0; i < count; i++)
    await main.getByRole('button', { name: new RegExp(`^Ajouter un billet ${title}`) }).click();
}

async function next(page: Page) {
  await booking(page).getByRole('button', { name: 'Suivant' }).click();
}

/** The ticket step's last move: the terms of sale accepted, on to the next step. */
async function acceptTermsAndGoOn(page: Page) {
  await booking(page)
    .getByRole('checkbox', { name: /conditions générales de vente/ })
    .check();
  await next(page);
}

/** The information step of a buyer who is not logged in, filled and sent. */
async function fillInformation(
  page: Page,
  person: { lastName: string; firstName: string; email: string; birthDate: string },
) {
  const main = booking(page);
  await main.getByRole('textbox', { name: 'Nom', exact: true }).fill(person.lastName);
  await main.getByRole('textbox', { name: 'Prénom', exact: true }).fill(person.firstName);
  await main.getByRole('textbox', { name: 'Email', exact: true }).fill(person.email);
  await main.getByLabel('Date de naissance').fill(person.birthDate);
  await next(page);
}

test.describe('booking', () => {
  test('a logged-in user books a free event', async ({ page, request }) => {
    const eventId = await organiserEvent(request);
    const email = await newBuyer(page);
    await page.goto(`/billetterie/${eventId}`);
    const main = booking(page);

    // The event's only ticket is free: it is already chosen, at 1 (issue 14).
    await expect(main.getByText('1 billet', { exact: true })).toBeVisible();
    // A free ticket is capped at one.
    await expect(main.getByRole('button', { name: 'Ajouter un billet Entrée' })).toBeDisabled();
    await acceptTermsAndGoOn(page);

    const heading = main.getByRole('heading', { name: 'Vos informations' });
    await expect(heading).toBeFocused();
    await expect(main.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(email);
    await expect(main.getByRole('textbox', { name: 'Prénom', exact: true })).toHaveValue('Camille');
    await expectAccessible(page);
    await next(page);

    await expect(main.getByRole('heading', { name: 'Récapitulatif et paiement' })).toBeFocused();
    await main.getByRole('button', { name: 'Confirmer la réservation' }).click();
    await expect(main.getByText('Votre réservation a bien été effectuée.')).toBeVisible();
    await expect(main.getByRole('link', { name: 'Mon billet', exact: true })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Voir mon billet' })).toHaveAttribute('href', '/myTickets');
    // The calendar file of the event, ready to add.
    const calendar = main.getByRole('link', { name: 'Ajouter au calendrier' });
    const ics = await page.request.get((await calendar.getAttribute('href')) ?? '');
    expect(ics.headers()['content-type']).toContain('text/calendar');
    expect(await ics.text()).toContain('BEGIN:VEVENT');
    await expect(main.getByRole('link', { name: 'Retour à la billetterie' })).toBeVisible();
  });

  test("an account whose first name is longer than a ticket's 22 characters books with it cut, told so", async ({
    page,
    request,
  }) => {
    const eventId = await organiserEvent(request);
    // The registration takes 50 characters.
    const firstName = 'Anne-Charlotte Marie-Éléonore Joséphine Bernadette';
    const email = await registerViaApi(page.request, { email: uniqueEmail('prenom-long'), firstName });
    await logInAs(page, email);
    await page.goto(`/billetterie/${eventId}`);
    const main = booking(page);
    await acceptTermsAndGoOn(page);

    const field = main.getByRole('textbox', { name: 'Prénom', exact: true });
    await expect(field).toHaveValue('Anne-Charlotte Marie-É');
    const note = 'Le prénom de votre compte est raccourci à 22 caractères, la longueur permise sur un billet.';
    await expect(main.getByText(note)).toBeVisible();
    await expect(field).toHaveAccessibleDescription(note);
    await expect(main.getByText('Le nom de votre compte est raccourci', { exact: false })).toHaveCount(0);
    await expectAccessible(page);
    await screenshotBothThemes(page, field, 'name-cut');
    await expectAccessible(page);

    await next(page);
    await expect(main.getByRole('heading', { name: 'Récapitulatif et paiement' })).toBeFocused();
    await expect(main.getByText(`Anne-Charlotte Marie-É Durand (${email})`, { exact: false })).toBeVisible();
    await main.getByRole('button', { name: 'Confirmer la réservation' }).click();
    await expect(main.getByText('Votre réservation a bien été effectuée.')).toBeVisible();
  });

  test('a guest with an unknown e-mail creates the account and reaches the payment of a paid event', async ({
    page,
    request,
  }) => {
    const eventId = await organiserEvent(request, { ticketList: paidTickets, isUserPaysFees: true });
    await page.goto(`/billetterie/${eventId}`);
    const main = booking(page);
    await expect(main.getByRole('link', { name: 'Se connecter' })).toBeVisible();

    await chooseTickets(page, 'Standard', 2);
    const basket = main.getByRole('region', { name: 'Panier' });
    await expect(basket.getByText('2 × Standard')).toBeVisible();
    await expect(basket.getByText('25,00 €')).toBeVisible();
    // Bank fees: 1.8 % of 25,00 € + 0,30 € per ticket.
    await expect(basket.getByText('1,05 €')).toBeVisible();
    await expect(basket.getByText('26,05 €')).toBeVisible();
    await acceptTermsAndGoOn(page);

    const email = uniqueEmail('invite');
    await fillInformation(page, { lastName: 'Martin', firstName: 'Alex', email, birthDate: '2000-04-02' });

    await expect(main.getByRole('heading', { name: 'Création de votre compte' })).toBeFocused();
    await next(page);
    await expect(main.getByRole('alert')).toHaveText('Veuillez saisir votre mot de passe.');
    await main.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill('Motdepasse1');
    await expect(main.getByText('Fort')).toBeVisible();
    await main.getByRole('textbox', { name: 'Confirmation du mot de passe', exact: true }).fill('Motdepasse2');
    await next(page);
    await expect(main.getByRole('alert')).toHaveText('Le mot de passe ne correspond pas.');
    await main.getByRole('textbox', { name: 'Confirmation du mot de passe', exact: true }).fill('Motdepasse1');
    await expectAccessible(page);
    await next(page);

    await expect(main.getByRole('heading', { name: 'Vérification de votre email' })).toBeFocused();
    await submitExpectingAlert(main, 'Valider', 'Veuillez saisir le code de vérification.');
    const code = await mailedCode(page.request, email);
    await main.getByRole('textbox', { name: 'Code de vérification', exact: true }).fill(code);
    await main.getByRole('button', { name: 'Valider' }).click();

    await expect(main.getByRole('heading', { name: 'Récapitulatif et paiement' })).toBeFocused();
    await expect(main.getByRole('timer')).toHaveText(/^0[23]:[0-5]\d$/);
    await expect(main.getByRole('button', { name: 'Payer 26,05 €' })).toBeVisible();
    await expectAccessible(page);
    // The purchase made the guest a logged-in user.
    await expect(page.getByRole('link', { name: 'Connexion/Inscription' })).toHaveCount(0);
  });

  test('a guest buys two paid tickets with a promo code and refund insurance at the sandbox bank, and gets them by e-mail', async ({
    page,
    request,
  }) => {
    const start = Date.now() + 20 * DAY;
    const title = `Garanties ${Math.random().toString(36).slice(2, 8)}`;
    const eventId = await organiserEvent(request, {
      title,
      ticketList: paidTickets,
      dateBegin: new Date(start).toISOString(),
      dateEnd: new Date(start + 5 * 3_600_000).toISOString(),
      dateMaxRefund: new Date(start - 2 * DAY).toISOString(),
      discountCodeList: [{ code: 'ETUDIANT', discountPercent: 20 }],
    });
    await page.goto(`/billetterie/${eventId}`);
    const main = booking(page);
    await chooseTickets(page, 'Standard', 2);
    await main.getByRole('button', { name: 'Ajouter un code promo' }).click();
    const promo = page.getByRole('dialog', { name: 'Code promo' });
    await promo.getByRole('textbox', { name: 'Code promo' }).fill('ETUDIANT');
    await promo.getByRole('button', { name: 'Valider' }).click();
    await expect(main.getByText('ETUDIANT : -20 %')).toBeVisible();
    // 12,50 € less 20 % is 10,00 €: below 50 €, the insurance is 1,20 € per place.
    await main.getByRole('checkbox', { name: 'Option remboursement (1,20 € par place)' }).check();
    await main.getByRole('combobox', { name: 'Nombre de places remboursables' }).selectOption('2');
    const basket = main.getByRole('region', { name: 'Panier' });
    await expect(basket.getByText('Option remboursement (2 places)')).toBeVisible();
    await expect(basket.getByText('22,40 €')).toBeVisible();
    await acceptTermsAndGoOn(page);

    const email = uniqueEmail('garanti');
    await fillInformation(page, { lastName: 'Petit', firstName: 'Lou', email, birthDate: '2001-09-12' });
    await main.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(NEW_PASSWORD);
    await main.getByRole('textbox', { name: 'Confirmation du mot de passe', exact: true }).fill(NEW_PASSWORD);
    await next(page);
    const code = await mailedCode(page.request, email);
    await main.getByRole('textbox', { name: 'Code de vérification', exact: true }).fill(code);
    await main.getByRole('button', { name: 'Valider' }).click();

    await main.getByRole('button', { name: 'Payer 22,40 €' }).click();
    await expect(page.getByText('22,40 €')).toBeVisible();
    await page.getByRole('button', { name: 'Payer', exact: true }).click();
    await expect(page).toHaveURL(/\/validationpaiement\/accepte\?retour=00000&ref=/);
    await expect(page.getByText('Votre transaction a bien été acceptée.')).toBeVisible();
    // The order's places in one PDF, a page each (issue 30), from the confirmation page.
    const all = page.getByRole('link', { name: 'Télécharger toutes les places (PDF)' });
    await expect(all).toHaveAttribute('href', /^\/api\/me\/orders\/[0-9a-f-]+\/tickets\.pdf$/);
    const pdf = await page.request.get((await all.getAttribute('href')) ?? '');
    expect(pdf.headers()['content-type']).toBe('application/pdf');

    // The confirmation e-mail carries the tickets.
    await expect
      .poll(async () => (await lastMail(page.request, email)).subject)
      .toBe(`Guichet : vos billets pour ${title}`);
    await page.goto('/dev/mail');
    await page.getByRole('textbox', { name: 'Destinataire' }).fill(email);
    await page.getByRole('button', { name: new RegExp(`vos billets pour ${title}`) }).click();
    // One ticket per place (issue 30): one PDF of a page each, and each place's QR code.
    await expect(page.getByRole('link', { name: 'Billets (PDF, une page par place)' })).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'QR code (PNG)' })).toHaveCount(2);

    // The tickets are the buyer's, one per place, each refundable.
    await page.goto('/myTickets');
    await expect(page.getByRole('button', { name: /Billet : Standard/ })).toHaveCount(2);
    await page
      .getByRole('button', { name: /Billet : Standard/ })
      .first()
      .click();
    await expect(page.getByText('1 place remboursable')).toBeVisible();
  });

  test('a named event asks each place its holder and its question, then the paid tickets carry them', async ({
    page,
    request,
  }) => {
    const eventId = await organiserEvent(request, { ticketList: paidTickets });
    expect((await request.patch(`/api/events/${eventId}`, { data: { isNamedTickets: true } })).status()).toBe(200);
    const question = await request.post(`/api/console/events/${eventId}/questions`, {
      data: { label: 'Régime alimentaire', kind: 'shortText', isRequired: true, scope: 'place' },
    });
    expect(question.status(), await question.text()).toBe(201);
    await newBuyer(page);
    await page.goto(`/billetterie/${eventId}`);
    const main = booking(page);
    await chooseTickets(page, 'Standard', 2);
    await acceptTermsAndGoOn(page);

    const holders = main.getByRole('group', { name: 'Titulaires des billets' });
    await expect(holders.getByRole('group', { name: 'Place 1' })).toBeVisible();
    await expect(holders.getByRole('group', { name: 'Place 2' })).toBeVisible();
    // Nothing typed yet: the step names what is missing and stays.
    await next(page);
    await expect(main.getByText('Veuillez saisir le prénom du titulaire.').first()).toBeVisible();
    const people = [
      ['Alex', 'Martin', 'Végétarien'],
      ['Sam', 'Durand', 'Aucun'],
    ];
    for (const [index, [firstName, lastName, diet]] of people.entries()) {
      const place = holders.getByRole('group', { name: `Place ${index + 1}` });
      await place.getByRole('textbox', { name: 'Prénom du titulaire', exact: true }).fill(firstName ?? '');
      await place.getByRole('textbox', { name: 'Nom du titulaire', exact: true }).fill(lastName ?? '');
      await place.getByRole('textbox', { name: /Régime alimentaire/ }).fill(diet ?? '');
    }
    await expectAccessible(page);
    await screenshotBothThemes(page, holders, 'holders');
    await next(page);

    await expect(main.getByRole('heading', { name: 'Récapitulatif et paiement' })).toBeVisible();
    await main.getByRole('button', { name: 'Payer 25,00 €' }).click();
    await page.getByRole('button', { name: 'Payer', exact: true }).click();
    await expect(page.getByText('Votre transaction a bien été acceptée.')).toBeVisible();
    await page.goto('/myTickets');
    await expect(page.getByText('Alex Martin')).toBeVisible();
    await expect(page.getByText('Sam Durand')).toBeVisible();
  });

  test('a known e-mail pays through the sandbox bank and comes back to the result page', async ({ page, request }) => {
    const eventId = await organiserEvent(request, { ticketList: paidTickets });
    const email = await registerViaApi(page.request);
    await page.goto(`/billetterie/${eventId}`);
    const main = booking(page);
    await chooseTickets(page, 'Pass', 1);
    // The cheapest option that can be bought is chosen.
    await expect(main.getByRole('radio', { name: /1 jour/ })).toBeChecked();
    await acceptTermsAndGoOn(page);
    await fillInformation(page, { lastName: 'Durand', firstName: 'Camille', email, birthDate: '1999-06-15' });

    // A known e-mail is its owner's to prove: with the account's password here.
    await expect(main.getByRole('heading', { name: 'Connexion à votre compte' })).toBeFocused();
    await expect(main.getByText(`Un compte existe déjà avec l'adresse ${email}.`, { exact: false })).toBeVisible();
    await main.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill('pas-le-bon');
    await main.getByRole('button', { name: 'Se connecter et continuer' }).click();
    await expect(main.getByRole('alert')).toContainText('Votre email ou mot de passe est incorrect.');
    await main.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(NEW_PASSWORD);
    await main.getByRole('button', { name: 'Se connecter et continuer' }).click();
    await expect(main.getByRole('heading', { name: 'Récapitulatif et paiement' })).toBeVisible();
    await main.getByRole('button', { name: 'Payer 20,00 €' }).click();
    await page.getByRole('button', { name: 'Payer', exact: true }).click();
    await expect(page).toHaveURL(/\/validationpaiement\/accepte\?retour=00000&ref=/);
    await expect(page.getByText('Votre transaction a bien été acceptée.')).toBeVisible();
    await expect(page.getByText(/Référence de la commande : G/)).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Retour à la billetterie' }).click();
    await expect(page).toHaveURL(/\/billetterie$/);
  });

  test('a known e-mail can prove itself with a mailed code instead of the password', async ({ page, request }) => {
    const eventId = await organiserEvent(request);
    const email = await registerViaApi(page.request);
    await page.goto(`/billetterie/${eventId}`);
    const main = booking(page);
    // The event's only ticket is free: it is already chosen, at 1.
    await expect(main.getByText('1 billet', { exact: true })).toBeVisible();
    await acceptTermsAndGoOn(page);
    await fillInformation(page, { lastName: 'Durand', firstName: 'Camille', email, birthDate: '1999-06-15' });

    // Nothing is held or given under the address before the proof.
    const detail = await (await request.get(`/api/events/${eventId}`)).json();
    expect(detail.tickets[0].isSoldOut).toBe(false);
    await main.getByRole('button', { name: 'Recevoir un code par email' }).click();
    await expect(main.getByRole('heading', { name: 'Vérification de votre email' })).toBeFocused();
    const code = await mailedCode(page.request, email);
    await main.getByRole('textbox', { name: 'Code de vérification', exact: true }).fill(code);
    await main.getByRole('button', { name: 'Valider' }).click();
    await expect(main.getByRole('heading', { name: 'Récapitulatif et paiement' })).toBeVisible();
    await expectAccessible(page);
  });

  test('a mailed code says it is incorrect while it can still be right, then erroneous once dead', async ({
    page,
    request,
  }) => {
    const eventId = await organiserEvent(request);
    const email = await registerViaApi(page.request);
    await page.goto(`/billetterie/${eventId}`);
    const main = booking(page);
    await acceptTermsAndGoOn(page);
    await fillInformation(page, { lastName: 'Durand', firstName: 'Camille', email, birthDate: '1999-06-15' });
    await main.getByRole('button', { name: 'Recevoir un code par email' }).click();
    await expect(main.getByRole('heading', { name: 'Vérification de votre email' })).toBeFocused();
    const code = await mailedCode(page.request, email);
    const wrong = code === '000000' ? '111111' : '000000';
    const field = main.getByRole('textbox', { name: 'Code de vérification', exact: true });
    // Five wrong guesses kill the code (docs/decisions.md): each is 'incorrect'.
    for (let i = 0; i < 5; i++) {
      await field.fill(wrong);
      await submitExpectingAlert(main, 'Valider', 'Le code est incorrect.');
      await expect(main.getByRole('button', { name: 'Valider' })).toBeEnabled();
    }
    // The right code comes too late: nothing is left to guess (the spec's 'Lien erroné').
    await field.fill(code);
    await submitExpectingAlert(main, 'Valider', 'Le code est erroné.');
    await expect(main.getByRole('heading', { name: 'Vérification de votre email' })).toBeVisible();
    await expectAccessible(page);
  });

  test('the ticket and information steps say what is missing, in order', async ({ page, request }) => {
    const eventId = await organiserEvent(request, {
      ticketList: paidTickets,
      discountCodeList: [{ code: 'MOINS20', discountPercent: 20, quantity: 5 }],
      dateMaxRefund: new Date(Date.now() + 10 * DAY).toISOString(),
    });
    await page.goto(`/billetterie/${eventId}`);
    const main = booking(page);
    const alert = main.getByRole('alert');

    await next(page);
    await expect(alert).toHaveText('Vous devez choisir un nombre de billets.');
    await chooseTickets(page, 'Standard', 3);
    await main.getByRole('checkbox', { name: 'Option remboursement (1,20 € par place)' }).check();
    await main.getByRole('combobox', { name: 'Nombre de places remboursables' }).selectOption('2');
    await next(page);
    await expect(alert).toHaveText('Veuillez accepter les conditions générales.');

    // Quantity 0 resets the choice: the refund option goes, the error too.
    for (let i = 0; i < 3; i++) await main.getByRole('button', { name: 'Retirer un billet Standard' }).click();
    await expect(alert).toHaveCount(0);
    await expect(main.getByRole('checkbox', { name: /Option remboursement/ })).toHaveCount(0);

    // The promo code: required, refused with the spec's message, then a removable capsule.
    await main.getByRole('button', { name: 'Ajouter un code promo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Code promo' });
    await submitExpectingAlert(dialog, 'Valider', 'Le code promo doit être renseigné pour valider.');
    await dialog.getByRole('textbox', { name: 'Code promo', exact: true }).fill('FAUX');
    await submitExpectingAlert(dialog, 'Valider', "Le code promo n'est pas valide.");
    await dialog.getByRole('textbox', { name: 'Code promo', exact: true }).fill('moins20');
    await dialog.getByRole('button', { name: 'Valider' }).click();
    await expect(main.getByText('moins20 : -20 %')).toBeVisible();

    await main.getByRole('button', { name: 'Ajouter un billet Standard' }).click();
    const basket = main.getByRole('region', { name: 'Panier' });
    await expect(basket.getByText('Réduction moins20 (-20 %)')).toBeVisible();
    await expect(basket.getByText('10,00 €')).toBeVisible();
    await main.getByRole('button', { name: 'Retirer le code promo moins20' }).click();
    await expect(basket.getByText('12,50 €').first()).toBeVisible();
    await expect(basket.getByText(/Réduction/)).toHaveCount(0);

    await acceptTermsAndGoOn(page);
    await expect(main.getByRole('heading', { name: 'Vos informations' })).toBeFocused();
    await next(page);
    await expect(alert).toHaveText('Veuillez saisir votre nom.');
    await main.getByRole('textbox', { name: 'Nom', exact: true }).fill('Martin');
    await main.getByRole('textbox', { name: 'Prénom', exact: true }).fill('Alex');
    await main.getByRole('textbox', { name: 'Email', exact: true }).fill('alex@');
    await next(page);
    await expect(alert).toHaveText("Veuillez saisir un format d'adresse mail valide.");
    await main.getByRole('textbox', { name: 'Email', exact: true }).fill('alex@exemple.fr');
    await main.getByLabel('Date de naissance').fill(new Date(Date.now() - 10 * 365 * DAY).toISOString().slice(0, 10));
    await next(page);
    await expect(alert).toHaveText('Vous devez avoir plus de 16 ans.');
    await expectAccessible(page);

    // 'Précédent' goes back with the choice kept.
    await main.getByRole('button', { name: 'Précédent' }).click();
    await expect(main.getByRole('heading', { name: 'Choix des billets' })).toBeFocused();
    await expect(main.getByText('1 billet', { exact: true })).toBeVisible();
  });

  test('a ticket sold out between the choice and the payment opens the modal', async ({ page, request, browser }) => {
    const eventId = await organiserEvent(request, {
      ticketList: [{ title: 'Dernière place', price: 15, quantity: 1 }],
    });
    await newBuyer(page);
    await page.goto(`/billetterie/${eventId}`);
    await chooseTickets(page, 'Dernière place', 1);
    await acceptTermsAndGoOn(page);

    // Someone else takes the last place meanwhile.
    const other = await otherPerson(browser);
    const { firstTicketId } = await eventDetail(other.request, eventId);
    await placeOrder(other.request, eventId, { ticketId: firstTicketId, quantity: 1, refundPlaces: 0 });
    await other.context.close();

    await next(page);
    const dialog = page.getByRole('dialog', { name: 'Billet non disponible' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Recharger la page' })).toBeVisible();
  });

  test('the payment countdown ends in a modal that only reloads the page', async ({ page, request }) => {
    const eventId = await organiserEvent(request, { ticketList: paidTickets });
    await page.clock.install();
    await newBuyer(page);
    await page.goto(`/billetterie/${eventId}`);
    const main = booking(page);
    await chooseTickets(page, 'Standard', 1);
    await acceptTermsAndGoOn(page);
    await next(page);
    await expect(main.getByRole('timer')).toHaveText(/^0[23]:[0-5]\d$/);
    await expect(main.getByText('Il vous reste 3 minutes pour payer.')).toBeAttached();

    await page.clock.fastForward('01:05');
    await expect(main.getByText('Il vous reste 2 minutes pour payer.')).toBeAttached();
    await page.clock.fastForward('02:00');
    const dialog = page.getByRole('dialog', { name: 'Temps du paiement écoulé' });
    await expect(dialog).toBeVisible();
    await expect(main.getByRole('button', { name: /^Payer/ })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Recharger la page' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(main.getByRole('heading', { name: 'Choix des billets' })).toBeVisible();
  });

  test('the flow fits a 390 px wide phone', async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const eventId = await organiserEvent(request, { ticketList: paidTickets });
    await page.goto(`/billetterie/${eventId}`);
    await chooseTickets(page, 'Standard', 1);
    await expect(booking(page).getByRole('region', { name: 'Panier' }).getByText('1 × Standard')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });
});

test('the payment result page reads the bank code', async ({ page }) => {
  await page.goto('/validationpaiement/refuse?retour=00021&ref=GABC123');
  await expect(page.getByText('Votre transaction a été refusée.')).toBeVisible();
  await expect(page.getByText('Carte non autorisée.')).toBeVisible();
  // A reference the server does not give this visitor is not echoed as theirs (issue 26).
  await expect(page.getByText(/Référence de la commande/)).toHaveCount(0);
  await page.goto('/validationpaiement/annule?retour=00001');
  await expect(page.getByText('Votre transaction a été annulée.')).toBeVisible();
  await page.goto('/validationpaiement/refuse?retour=12345');
  await expect(page.getByText('Votre transaction a rencontré un problème, merci de réessayer.')).toBeVisible();
  await expectAccessible(page);
});

test('a promo code checked after the terms are ticked stays on the ticket step, and a wrong one says so', async ({
  page,
  request,
}) => {
  const eventId = await organiserEvent(request, {
    ticketList: paidTickets,
    discountCodeList: [{ code: 'MOINS10', discountPercent: 10 }],
  });
  await page.goto(`/billetterie/${eventId}`);
  const main = booking(page);
  await chooseTickets(page, 'Standard', 1);
  await main.getByRole('checkbox', { name: /conditions générales de vente/ }).check();
  await main.getByRole('button', { name: 'Ajouter un code promo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Code promo' });
  await dialog.getByRole('textbox', { name: 'Code promo', exact: true }).fill('FAUX');
  await submitExpectingAlert(dialog, 'Valider', "Le code promo n'est pas valide.");
  await expect(main.getByRole('heading', { name: 'Vos informations' })).toHaveCount(0);
  // Enter in the field validates the code, not the ticket step.
  await dialog.getByRole('textbox', { name: 'Code promo', exact: true }).fill('MOINS10');
  await dialog.getByRole('textbox', { name: 'Code promo', exact: true }).press('Enter');
  await expect(main.getByText('MOINS10 : -10 %')).toBeVisible();
  await expect(main.getByRole('region', { name: 'Panier' }).getByText('Réduction MOINS10 (-10 %)')).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Vos informations' })).toHaveCount(0);
  await next(page);
  await expect(main.getByRole('heading', { name: 'Vos informations' })).toBeFocused();
});

test('an account that already has its free ticket is told so at the ticket step', async ({ page, request }) => {
  const eventId = await organiserEvent(request);
  await newBuyer(page);
  const { firstTicketId } = await eventDetail(page.request, eventId);
  await placeOrder(page.request, eventId, { ticketId: firstTicketId, quantity: 1 });

  await page.goto(`/billetterie/${eventId}`);
  const main = booking(page);
  await expect(
    main.getByText('Vous avez déjà un billet pour cet événement : un seul billet par compte sur un événement gratuit.'),
  ).toBeVisible();
  await expect(main.getByRole('link', { name: 'Mon billet' }).first()).toBeVisible();
  await expect(main.getByRole('button', { name: 'Suivant' })).toHaveCount(0);
});

test("a choice ticket's price reads 'À partir de'", async ({ page, request }) => {
  const eventId = await organiserEvent(request, { ticketList: paidTickets });
  await page.goto(`/billetterie/${eventId}`);
  await expect(booking(page).getByRole('button', { name: /^Pass/ })).toContainText('À partir de 20,00 €');
});
