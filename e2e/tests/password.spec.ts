import { expect, test } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { fillNewPassword, logInAs, registerViaApi } from './accounts';
import { submitExpectingAlert } from './forms';
import { mailedCode } from './mail';

test('a user resets a forgotten password with the code from the mailbox', async ({ page, request }) => {
  const email = await registerViaApi(request);
  await page.goto('/connexion');
  await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
  await expect(page.getByRole('heading', { name: 'Mot de passe oublié' })).toBeVisible();
  await expectAccessible(page);

  await submitExpectingAlert(page, 'Envoyer', 'Veuillez saisir votre email.');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('personne-ici@e2e.guichet.fr');
  await submitExpectingAlert(page, 'Envoyer', 'Aucun compte associé à cet email.');

  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('button', { name: 'Envoyer' }).click();
  await expect(page).toHaveURL(/\/changepassword$/);

  const code = await mailedCode(request, email);

  await submitExpectingAlert(page, 'Valider', 'Veuillez saisir le code envoyé par mail.');
  const wrong = code === '999999' ? '888888' : '999999';
  const codeInput = page.getByRole('textbox', { name: 'Code reçu par mail' });
  await codeInput.fill(wrong);
  await submitExpectingAlert(page, 'Valider', 'Le code est incorrect.');

  await codeInput.fill(code);
  await page.getByRole('button', { name: 'Valider' }).click();

  await fillNewPassword(page, 'Nouveau2026', 'Nouveau2027');
  await submitExpectingAlert(page, 'Valider', 'Le mot de passe ne correspond pas.');
  await page.getByRole('textbox', { name: 'Confirmation du mot de passe', exact: true }).fill('Nouveau2026');
  await page.getByRole('button', { name: 'Valider' }).click();

  await expect(page).toHaveURL(/\/connexion$/);
  await expect(page.getByText('Votre mot de passe a été correctement modifié.')).toBeVisible();
  await logInAs(page, email, 'Nouveau2026');
});
