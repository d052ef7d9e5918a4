import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { DEMO, logInAs, login, NEW_PASSWORD, registerViaApi, uniqueEmail } from './accounts';

async function fillRegistration(page: Page, values: Record<string, string | boolean>) {
  const fields: Record<string, string> = {
    email: 'Email',
    firstName: 'Prénom',
    lastName: 'Nom',
    birthDate: 'Date de naissance',
    password: 'Mot de passe',
    passwordConfirmation: 'Confirmation du mot de passe',
  };
  for (const [name, label] of Object.entries(fields)) {
    const value = values[name];
    if (typeof value === 'string') await page.getByRole('textbox', { name: label, exact: true }).fill(value);
  }
  if (values.acceptTerms) await page.getByRole('checkbox', { name: /J'accepte les/ }).check();
}

const valid = {
  firstName: 'Inès',
  lastName: 'Moreau',
  birthDate: '2001-09-30',
  password: NEW_PASSWORD,
  passwordConfirmation: NEW_PASSWORD,
  acceptTerms: true,
};

test.describe('registration', () => {
  const refused: [string, Record<string, string | boolean>, string][] = [
    ['no e-mail', { ...valid, email: '' }, 'Veuillez saisir votre email.'],
    ['a malformed e-mail', { ...valid, email: 'ines@' }, "Veuillez saisir un format d'adresse mail valide."],
    ['no first name', { ...valid, firstName: '' }, 'Veuillez saisir votre prénom.'],
    ['no last name', { ...valid, lastName: '' }, 'Veuillez saisir votre nom.'],
    ['no birth date', { ...valid, birthDate: '' }, 'Veuillez saisir votre date de naissance.'],
    [
      'an age under 16',
      { ...valid, birthDate: '2015-01-01' },
      'Veuillez saisir une date de naissance comprise entre 16 ans et 100 ans.',
    ],
    ['no password', { ...valid, password: '' }, 'Veuillez saisir votre mot de passe.'],
    ['no confirmation', { ...valid, passwordConfirmation: '' }, 'Veuillez saisir votre confirmation de mot de passe.'],
    ['different passwords', { ...valid, passwordConfirmation: 'Autre1234' }, 'Le mot de passe ne correspond pas.'],
    [
      'a weak password',
      { ...valid, password: 'faible1', passwordConfirmation: 'faible1' },
      "Le mot de passe n'est pas valide",
    ],
    ['unticked terms', { ...valid, acceptTerms: false }, 'Veuillez accepter les conditions générales.'],
  ];
  for (const [name, values, message] of refused) {
    test(`refuses ${name}`, async ({ page }) => {
      await page.goto('/inscription');
      await fillRegistration(page, { email: uniqueEmail('refus'), ...values });
      await page.getByRole('button', { name: "S'inscrire" }).click();
      await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
      await expect(page).toHaveURL(/\/inscription$/);
    });
  }

  test('refuses an e-mail that already has an account', async ({ page, request }) => {
    const email = await registerViaApi(request);
    await page.goto('/inscription');
    await fillRegistration(page, { ...valid, email });
    await page.getByRole('button', { name: "S'inscrire" }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Un compte existe déjà avec cet email.' })).toBeVisible();
  });

  test('a new user registers, logs in, reaches the profile and logs out', async ({ page }) => {
    const email = uniqueEmail('inscrit');
    await page.goto('/inscription');
    await expectAccessible(page);
    await fillRegistration(page, { ...valid, email, password: 'abc' });
    await expect(page.getByText('Trop court')).toBeVisible();
    await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill('abcdefgh');
    await expect(page.getByText('Faible')).toBeVisible();
    await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill('Abcdefgh');
    await expect(page.getByText('Bon', { exact: true })).toBeVisible();
    await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(NEW_PASSWORD);
    await expect(page.getByText('Fort', { exact: true })).toBeVisible();
    await page.getByRole('checkbox', { name: /newsletter/ }).check();
    await page.getByRole('button', { name: "S'inscrire" }).click();

    await expect(page).toHaveURL(/\/connexion$/);
    await expect(page.getByText(`Vous pouvez vous connecter avec l'adresse ${email}`)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(email);
    await expectAccessible(page);
    await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Se connecter' }).click();

    await expect(page).toHaveURL(/\/profil$/);
    await expect(page.getByRole('heading', { name: 'Inès Moreau' })).toBeVisible();
    // Nothing personal in browser storage.
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(stored).not.toContain(email);
    expect(stored).not.toContain(NEW_PASSWORD);

    await page.getByRole('button', { name: /Profil : Inès/ }).click();
    await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
    await expect(page.getByRole('link', { name: 'Connexion/Inscription' })).toBeVisible();
    await page.goto('/profil');
    await expect(page).toHaveURL(/\/connexion$/);
  });
});

test.describe('login', () => {
  test('wrong credentials get the spec message', async ({ page }) => {
    await login(page, DEMO.user, 'Mauvais123');
    await expect(page.getByRole('alert')).toHaveText('Votre email ou mot de passe est incorrect.');
    await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill('');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByText('Veuillez saisir votre mot de passe.')).toBeVisible();
  });

  test('a protected page sends a visitor to log in, then back', async ({ page }) => {
    await page.goto('/profil');
    await expect(page).toHaveURL(/\/connexion$/);
    await expect(
      page.getByText("Vous n'êtes pas connecté. Merci de vous reconnecter ou vous inscrire pour accéder à cette page."),
    ).toBeVisible();
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(DEMO.user);
    await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page).toHaveURL(/\/profil$/);
  });

  test('the open ticketing link brings a visitor back to the event after login', async ({ page }) => {
    await page.goto(`/billetterie?q=${encodeURIComponent("Gala d'hiver des étudiants")}`);
    await page.getByRole('link', { name: /Gala d'hiver des étudiants/ }).click();
    await page.waitForURL(/\/billetterie\/[0-9a-f-]{36}$/);
    const eventUrl = page.url();
    await page.getByRole('link', { name: 'Billetterie ouverte' }).click();
    await expect(page).toHaveURL(/\/connexion$/);
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(DEMO.user);
    await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page).toHaveURL(eventUrl);
    await expect(page.getByRole('main').getByText('Billetterie ouverte')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Olivier Organisateur' })).toBeVisible();
  });

  test('the navigation follows the role', async ({ page }) => {
    await logInAs(page, DEMO.user, DEMO.password);
    await page.getByRole('button', { name: 'Événements' }).click();
    await expect(page.getByRole('menuitem', { name: 'Découvrir' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Créer un événement' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Gérer mes événements' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /Profil : Ursule/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Dashboard Admin' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Mon QR code' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Mon QR code' }).getByRole('img', { name: 'Mon QR code' }),
    ).toBeVisible();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: /Profil : Ursule/ }).click();
    await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
    await logInAs(page, DEMO.admin, DEMO.password);
    await page.getByRole('button', { name: 'Événements' }).click();
    await expect(page.getByRole('menuitem', { name: 'Gérer mes événements' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /Profil : Alice/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Dashboard Admin' })).toBeVisible();
  });

  test('the organiser sees Gestion on a private event of theirs', async ({ page }) => {
    await logInAs(page, DEMO.organizer, DEMO.password);
    const { items } = await (await page.request.get('/api/events?q=Anniversaire')).json();
    // Their own private event is in their list, marked private.
    expect(items.find((e: { title: string }) => e.title.includes('Anniversaire'))?.isPublic).toBe(false);
    await page.goto(`/billetterie?q=${encodeURIComponent("Gala d'hiver des étudiants")}`);
    await page.getByRole('link', { name: /Gala d'hiver des étudiants/ }).click();
    await expect(page.getByRole('main').getByRole('link', { name: 'Gestion' })).toBeVisible();
  });
});
