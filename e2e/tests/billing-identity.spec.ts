import { expect, test } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { adminApi, applicant, BILLING_IDENTITY, logInAs } from './accounts';
import { createPrivateEvent } from './events';
import { screenshotBothThemes } from './screenshots';

test('a paid event opens once its organiser gave the billing identity the console asks for', async ({
  page,
  playwright,
}) => {
  test.slow();
  // A verified organiser without a billing identity (newOrganiser gives one).
  const { request, email, id } = await applicant(playwright, 'facturation');
  const admin = await adminApi(playwright);
  expect((await admin.post(`/api/admin/users/${id}/verify`)).status()).toBe(200);
  const eventId = await createPrivateEvent(request, { ticketList: [{ title: 'Entrée', price: 12, quantity: 50 }] });

  const refused = await request.patch(`/api/events/${eventId}`, { data: { isPublic: true } });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).message).toContain('renseignez d’abord vos informations de facturation');

  await logInAs(page, email);
  await page.goto(`/event_management?event=${eventId}`);
  const notice = page.getByRole('status').filter({ hasText: 'Informations de facturation à compléter' });
  await expect(notice).toBeVisible();
  await notice.getByRole('link', { name: 'Renseigner mes informations de facturation' }).click();
  await expect(page).toHaveURL(/\/parameters#facturation$/);

  const section = page.getByRole('region', { name: 'Facturation' });
  await expect(section).toBeVisible();
  await section.getByRole('textbox', { name: 'Raison sociale ou nom légal' }).fill(BILLING_IDENTITY.legalName);
  await section.getByRole('textbox', { name: 'Adresse', exact: true }).fill(BILLING_IDENTITY.street);
  // Typed by hand: the address service's suggestions are closed.
  await page.keyboard.press('Escape');
  await section.getByRole('textbox', { name: 'Code postal' }).fill(BILLING_IDENTITY.postcode);
  await section.getByRole('textbox', { name: 'Ville' }).fill(BILLING_IDENTITY.city);
  const registration = section.getByRole('textbox', { name: 'SIRET, SIREN ou numéro RNA' });
  await registration.fill('542 051 180 00067');
  await section.getByRole('textbox', { name: 'Numéro de TVA intracommunautaire' }).fill('FR64 443061841');
  const submit = section.getByRole('button', { name: 'Enregistrer les informations de facturation' });
  await submit.click();
  await expect(section.getByText("Ce SIRET n'est pas valide : sa clé de contrôle ne correspond pas.")).toBeVisible();
  await expect(registration).toBeFocused();
  await registration.fill('542 051 180 00066');
  await submit.click();
  await expect(section.getByText('Ce numéro de TVA ne correspond pas à votre SIREN.')).toBeVisible();
  await expectAccessible(page);

  await section.getByRole('textbox', { name: 'Numéro de TVA intracommunautaire' }).fill('FR59 542051180');
  await submit.click();
  await expect(page.getByText('Vos informations de facturation ont bien été enregistrées.')).toBeVisible();
  await page.reload();
  await expect(section.getByRole('textbox', { name: 'SIRET, SIREN ou numéro RNA' })).toHaveValue('54205118000066');
  await expect(section.getByRole('textbox', { name: 'Numéro de TVA intracommunautaire' })).toHaveValue('FR59542051180');
  await screenshotBothThemes(page, section, 'billing-identity-saved');

  // The franchise hides the VAT number.
  await section.getByRole('radio', { name: 'Franchise en base de TVA' }).check();
  await expect(section.getByRole('textbox', { name: 'Numéro de TVA intracommunautaire' })).toHaveCount(0);
  await expect(section.getByText('TVA non applicable, art. 293 B du CGI')).toBeVisible();

  expect((await request.patch(`/api/events/${eventId}`, { data: { isPublic: true } })).status()).toBe(200);
  await page.goto(`/event_management?event=${eventId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Informations de facturation à compléter')).toHaveCount(0);
  await request.dispose();
  await admin.dispose();
});
