import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { fillNewPassword, logInApi, login, NEW_PASSWORD, newBuyer, uniqueEmail } from './accounts';
import { submitExpectingAlert } from './forms';
import { mailedCode } from './mail';

async function openSettings(page: Page) {
  const email = await newBuyer(page);
  await page.goto('/parameters');
  await expect(page.getByRole('heading', { level: 1, name: 'Paramètres' })).toBeVisible();
  return email;
}

const section = (page: Page, name: string) => page.getByRole('region', { name });

test.describe('settings', () => {
  test('each group saves on its own, with the spec messages', async ({ page }) => {
    await openSettings(page);
    await expectAccessible(page);
    const profile = section(page, 'Informations personnelles');
    const firstName = profile.getByRole('textbox', { name: 'Prénom', exact: true });
    await expect(firstName).toHaveValue('Camille');

    await firstName.fill('');
    await submitExpectingAlert(profile, 'Enregistrer les informations', 'Veuillez saisir un prénom.');
    await firstName.fill('Camila');
    await profile.getByRole('textbox', { name: 'Date de naissance' }).fill('2015-04-01');
    await submitExpectingAlert(
      profile,
      'Enregistrer les informations',
      'Votre âge doit être compris entre 16 ans et 100 ans.',
    );
    await profile.getByRole('textbox', { name: 'Date de naissance' }).fill('1999-06-15');
    await profile.getByRole('combobox', { name: 'Genre' }).selectOption({ label: 'Femme' });
    await profile.getByRole('textbox', { name: 'Description' }).fill('Fan de jazz.');
    await expect(profile.getByText('12/200 caractères')).toBeVisible();
    await profile.getByRole('button', { name: 'Enregistrer les informations' }).click();
    await expect(page.getByText('Votre profil a été modifié.')).toBeVisible();

    const travel = section(page, 'Moyens de transport');
    await travel.getByRole('switch', { name: 'Voiture' }).check({ force: true });
    await travel.getByRole('button', { name: 'Enregistrer les moyens de transport' }).click();
    await expect(page.getByText('Votre profil a été modifié.').last()).toBeVisible();

    const privacy = section(page, 'Confidentialité');
    await privacy.getByRole('switch', { name: 'Afficher mon email publiquement' }).check({ force: true });
    await privacy.getByRole('button', { name: 'Enregistrer la confidentialité' }).click();
    await expect(page.getByText('Votre profil a été modifié.').last()).toBeVisible();

    await page.reload();
    await expect(
      section(page, 'Informations personnelles').getByRole('textbox', { name: 'Prénom', exact: true }),
    ).toHaveValue('Camila');
    await expect(section(page, 'Informations personnelles').getByRole('combobox', { name: 'Genre' })).toHaveValue(
      'female',
    );
    await expect(section(page, 'Moyens de transport').getByRole('switch', { name: 'Voiture' })).toBeChecked();
    await expect(section(page, 'Moyens de transport').getByRole('switch', { name: 'Moto' })).not.toBeChecked();
    await expect(
      section(page, 'Confidentialité').getByRole('switch', { name: 'Afficher mon email publiquement' }),
    ).toBeChecked();
    // The header follows the new first name.
    await expect(page.getByRole('button', { name: /Profil : Camila/ })).toBeVisible();
  });

  test('changes the password and asks for the professional verification', async ({ page }) => {
    const email = await openSettings(page);
    const security = section(page, 'Sécurité');
    await fillNewPassword(security, 'Autre1234');
    await submitExpectingAlert(security, 'Réinitialiser', 'Veuillez saisir votre mot de passe actuel.');
    await security.getByRole('textbox', { name: 'Mot de passe actuel', exact: true }).fill('PasLeBon1');
    await submitExpectingAlert(security, 'Réinitialiser', 'Le mot de passe actuel est incorrect.');
    await security.getByRole('textbox', { name: 'Mot de passe actuel', exact: true }).fill(NEW_PASSWORD);
    await security.getByRole('textbox', { name: 'Confirmation du mot de passe', exact: true }).fill('Autre1235');
    await submitExpectingAlert(security, 'Réinitialiser', 'Le mot de passe ne correspond pas.');
    await security.getByRole('textbox', { name: 'Confirmation du mot de passe', exact: true }).fill('Autre1234');
    await security.getByRole('button', { name: 'Réinitialiser' }).click();
    await expect(page.getByText('Votre mot de passe a été correctement modifié.')).toBeVisible();

    const pro = section(page, 'Compte professionnel');
    await pro.getByRole('button', { name: 'Demander la vérification' }).click();
    const dialog = page.getByRole('dialog', { name: 'Demande de vérification' });
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Envoyer' }).click();
    await expect(page.getByText('Votre demande a bien été envoyée.')).toBeVisible();
    await expect(pro.getByText('Votre demande de vérification est en cours de traitement.')).toBeVisible();
    await expect(pro.getByRole('button', { name: 'Demander la vérification' })).toHaveCount(0);

    const relog = await page.request.post('/api/auth/login', { data: { email, password: 'Autre1234' } });
    expect(relog.status()).toBe(200);
  });

  test('changes the e-mail only once the code mailed to it is confirmed', async ({ page }) => {
    const email = await openSettings(page);
    const next = uniqueEmail('nouvelle');
    const profile = section(page, 'Informations personnelles');
    await profile.getByRole('textbox', { name: 'Email', exact: true }).fill(next);
    // A new address is confirmed with the current password.
    await profile.getByRole('textbox', { name: 'Mot de passe actuel', exact: true }).fill(NEW_PASSWORD);
    await profile.getByRole('button', { name: 'Enregistrer les informations' }).click();
    await expect(page.getByText('Votre profil a été modifié.')).toBeVisible();
    await expect(profile.getByText(`Un code a été envoyé à ${next}.`)).toBeVisible();
    await expect(profile.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(email);
    expect((await (await page.request.get('/api/auth/me')).json()).email).toBe(email);

    const code = await mailedCode(page.request, next);
    const codeInput = profile.getByRole('textbox', { name: 'Code de vérification' });
    await codeInput.fill(code === '000000' ? '111111' : '000000');
    await submitExpectingAlert(profile, 'Confirmer le nouvel email', 'Le code est incorrect.');
    await codeInput.fill(code);
    await profile.getByRole('button', { name: 'Confirmer le nouvel email' }).click();
    await expect(page.getByText('Votre email a bien été modifié.')).toBeVisible();
    await expect(profile.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(next);
    expect((await (await page.request.get('/api/auth/me')).json()).email).toBe(next);
  });

  test('lists the open sessions and closes the others', async ({ page, browser }) => {
    const email = await openSettings(page);
    const other = await browser.newContext({
      userAgent:
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    });
    await logInApi(other.request, email);
    await page.reload();
    const sessions = section(page, 'Sessions actives');
    await expect(sessions.getByText('Cet appareil')).toBeVisible();
    await expect(sessions.getByText(/Android/)).toBeVisible();
    await expectAccessible(page);
    await sessions.getByRole('button', { name: 'Se déconnecter partout ailleurs' }).click();
    await expect(page.getByText('Vos autres sessions ont été fermées.')).toBeVisible();
    await expect(sessions.getByText(/Android/)).toHaveCount(0);
    await expect(sessions.getByText('Aucune autre session ouverte.')).toBeVisible();
    expect((await other.request.get('/api/auth/me')).status()).toBe(401);
    await other.close();
  });

  test('downloads the personal data, then deletes the account and logs out', async ({ page }) => {
    const email = await openSettings(page);
    const data = section(page, 'Mes données');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      data.getByRole('link', { name: 'Télécharger mes données' }).click(),
    ]);
    const exported = JSON.parse(await readFile((await download.path()) ?? '', 'utf8'));
    expect(exported.profile).toMatchObject({ email, firstName: 'Camille' });
    expect(exported).toHaveProperty('participations');

    await data.getByRole('button', { name: 'Supprimer mon compte' }).click();
    const dialog = page.getByRole('dialog', { name: 'Supprimer mon compte' });
    await expect(dialog.getByText(/Cette action est définitive/)).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Supprimer définitivement' }).click();
    await expect(page).toHaveURL(/\/billetterie$/);
    await expect(page.getByText('Votre compte a été supprimé.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Connexion/Inscription' })).toBeVisible();

    await login(page, email, NEW_PASSWORD);
    await expect(page.getByRole('alert')).toHaveText('Votre compte a été supprimé.');
  });
});
