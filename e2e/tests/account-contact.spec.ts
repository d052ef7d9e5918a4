import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { DEMO, logInAs } from './accounts';
import { submitExpectingAlert } from './forms';
import { mailMatching } from './mail';

const CONTACT_ADDRESS = 'contact@guichet.test';

test.describe('contact', () => {
  test('a visitor sends a message that reaches the contact mailbox', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible();
    await expectAccessible(page);

    await submitExpectingAlert(page, 'Envoyer', 'Veuillez saisir un nom.');
    await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Moreau');
    await submitExpectingAlert(page, 'Envoyer', 'Veuillez saisir un prénom.');
    await page.getByRole('textbox', { name: 'Prénom', exact: true }).fill('Inès');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('ines@exemple.fr');
    await submitExpectingAlert(page, 'Envoyer', 'Veuillez choisir un objet.');
    await page.getByRole('combobox', { name: 'Objet' }).selectOption({ label: 'Informations générales' });
    await submitExpectingAlert(page, 'Envoyer', 'Veuillez saisir un message.');

    const token = randomUUID();
    const text = `Bonjour, une question (${token}).`;
    await page.getByRole('textbox', { name: 'Message' }).fill(text);
    await expect(page.getByText(`${text.length}/600 caractères`)).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Envoyer' }).click();
    await expect(page.getByText('Votre demande a bien été envoyée.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');
    await expect(page.getByRole('textbox', { name: 'Nom', exact: true })).toHaveValue('');

    // Other tests mail the same address: look for this message among the newest ones.
    const found = await mailMatching(page.request, CONTACT_ADDRESS, (mail) => mail.text.includes(token));
    expect(found.subject).toContain('Informations générales');
    expect(found.text).toContain('Inès Moreau <ines@exemple.fr>');
  });

  test('a logged-in user finds the fields filled in', async ({ page }) => {
    await logInAs(page, DEMO.user, DEMO.password);
    await page.goto('/contact');
    await expect(page.getByRole('textbox', { name: 'Prénom', exact: true })).toHaveValue('Ursule');
    await expect(page.getByRole('textbox', { name: 'Nom', exact: true })).toHaveValue('Utilisatrice');
    await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(DEMO.user);
  });

  test('the become-partner flag preselects Partenariat', async ({ page }) => {
    await page.goto('/billetterie');
    await page.evaluate(() => localStorage.setItem('guichet.becomePartner', '1'));
    await page.goto('/contact');
    await expect(page.getByRole('combobox', { name: 'Objet' })).toHaveValue('partnership');
    await expect(page.getByRole('combobox', { name: 'Objet' }).locator('option:checked')).toHaveText('Partenariat');
  });
});
