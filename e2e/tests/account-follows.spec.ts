import { type APIRequestContext, expect, test } from '@playwright/test';
import { expectAccessible } from './accessibility';
import {
  apiContext,
  logInApi,
  newBuyer,
  type RequestFactory,
  registerViaApi,
  sessionUserId,
  uniqueEmail,
} from './accounts';

/** A fresh account with a known name; `settle` does what it does first, on its own API session. */
async function createAccount(
  playwright: RequestFactory,
  firstName: string,
  lastName: string,
  settle?: (request: APIRequestContext) => Promise<void>,
) {
  const request = await apiContext(playwright);
  const email = await registerViaApi(request, { email: uniqueEmail(firstName.toLowerCase()), firstName, lastName });
  await logInApi(request, email);
  const id = await sessionUserId(request);
  await settle?.(request);
  await request.dispose();
  return { id, email };
}

test.describe('follows', () => {
  test('following an organiser updates both counts, and the lists lead to the profile', async ({
    page,
    playwright,
  }) => {
    const target = await createAccount(playwright, 'Octave', 'Suivi');
    await newBuyer(page);

    await page.goto(`/profileOrganizer/${target.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Octave Suivi' })).toBeVisible();
    const counts = page.getByRole('navigation', { name: 'Statistiques du profil' });
    await expect(counts.getByRole('link', { name: '0 abonné', exact: true })).toBeVisible();
    // A non-verified account organises no public sale: the count is for verified organisers only.
    await expect(counts.getByRole('link', { name: /événements? organisés?/ })).toHaveCount(0);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Suivre', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Ne plus suivre' })).toBeVisible();
    await expect(counts.getByRole('link', { name: '1 abonné', exact: true })).toBeVisible();

    await page.goto('/profil');
    const mine = page.getByRole('navigation', { name: 'Statistiques du profil' });
    await expect(mine.getByRole('link', { name: '1 abonnement', exact: true })).toBeVisible();
    await page.getByRole('tab', { name: 'Abonnements' }).click();
    await expect(page.getByRole('link', { name: /Octave Suivi/ })).toBeVisible();

    await mine.getByRole('link', { name: '1 abonnement', exact: true }).click();
    await expect(page).toHaveURL(/\/follows\/follows\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Abonnements' })).toBeVisible();
    const card = page.getByRole('link', { name: /Octave Suivi/ });
    await expect(card).toContainText('1 abonné');
    await expectAccessible(page);
    await card.click();
    await expect(page).toHaveURL(new RegExp(`/profileOrganizer/${target.id}$`));

    await page.getByRole('button', { name: 'Ne plus suivre' }).click();
    await expect(page.getByRole('button', { name: 'Suivre', exact: true })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Statistiques du profil' }).getByRole('link', { name: '0 abonné' }),
    ).toBeVisible();
    await page.goto('/profil');
    await expect(page.getByRole('link', { name: '0 abonnement', exact: true })).toBeVisible();
  });

  test('a non-public profile shows the spec notice to others and sends no personal data', async ({
    page,
    playwright,
  }) => {
    const hidden = await createAccount(playwright, 'Hortense', 'Discrète', async (request) => {
      const privacy = await request.put('/api/me/privacy', {
        data: { showEmail: true, isPublic: false, newsletter: false },
      });
      expect(privacy.status()).toBe(200);
    });

    await newBuyer(page);
    const answer = page.waitForResponse((r) => r.url().endsWith(`/api/users/${hidden.id}`));
    await page.goto(`/profileOrganizer/${hidden.id}`);
    const body = await (await answer).text();
    expect(JSON.parse(body)).toEqual({ id: hidden.id, isPublic: false, isPrivate: true });
    await expect(
      page.getByText('Cet utilisateur ne souhaite pas partager ses informations personnelles.'),
    ).toBeVisible();
    await expect(page.getByText('Hortense')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Suivre', exact: true })).toHaveCount(0);
    await expectAccessible(page);

    await page.goto(`/follows/followers/${hidden.id}`);
    await expect(
      page.getByText('Cet utilisateur ne souhaite pas partager ses informations personnelles.'),
    ).toBeVisible();
  });

  test('a visitor sees a public profile without the follow button, and empty lists', async ({ page, playwright }) => {
    const target = await createAccount(playwright, 'Victor', 'Public');
    await page.goto(`/profileOrganizer/${target.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Victor Public' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Suivre', exact: true })).toHaveCount(0);
    await page.getByRole('link', { name: '0 abonnement', exact: true }).click();
    await expect(page.getByText("Cet utilisateur n'est abonné à aucun compte.")).toBeVisible();
    await page.goto(`/profileOrganizer/00000000-0000-4000-8000-000000000000`);
    await expect(page.getByRole('heading', { level: 1, name: 'Utilisateur introuvable' })).toBeVisible();
  });
});
