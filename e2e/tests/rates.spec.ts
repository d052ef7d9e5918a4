import { expect, test } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { adminApi, DEMO, logInAs } from './accounts';

const FREE = 'Les billets gratuits ne sont soumis à aucune commission.';

test('the simulator gives the gain of a price and the price of a desired amount, at the standard rate @phone', async ({
  page,
}) => {
  await page.goto('/tarifs');
  await expect(page.getByRole('heading', { level: 1, name: 'Tarifs' })).toBeVisible();
  await expect(page.getByTestId('rate-line')).toHaveText('1,8 % + 0,30 € HT par billet vendu');
  // Nothing typed yet: both sides say that free tickets pay nothing.
  await expect(page.getByText(FREE)).toHaveCount(2);

  const price = page.getByRole('textbox', { name: 'Prix du billet (€)' });
  await price.fill('10');
  // 10,00 € − (1,8 % (0,18 €) + 0,30 €) HT − its VAT at 20 % (0,096 → 0,10 €).
  await expect(page.getByTestId('gain')).toHaveText('9,42 €');
  await expect(page.getByTestId('commission')).toHaveText('0,48 €');
  await expect(page.getByTestId('commission-incl-vat')).toHaveText('0,58 €');
  await price.fill('12,35');
  // 1,8 % of 12,35 € = 22,23 cents, rounded half up to 22; 0,52 € HT, 0,62 € TTC.
  await expect(page.getByTestId('gain')).toHaveText('11,73 €');

  const desired = page.getByRole('textbox', { name: 'Montant souhaité (€)' });
  await desired.fill('10');
  // 10,00 € + (1,8 % of 10,00 € + 0,30 €) with its VAT.
  await expect(page.getByTestId('price-to-set')).toHaveText('10,58 €');
  await expect(page.getByText(FREE)).toHaveCount(0);

  await price.fill('0');
  await expect(page.getByTestId('gain')).toHaveCount(0);
  await expect(page.getByText(FREE)).toHaveCount(1);
  await expectAccessible(page);
});

test('a logged-in organiser sees their own rate, which the administrator sets', async ({ page, playwright }) => {
  const admin = await adminApi(playwright);
  const users = (await (await admin.get(`/api/admin/users?q=${encodeURIComponent(DEMO.user)}`)).json()) as {
    id: string;
  }[];
  const userId = users[0]?.id ?? '';
  try {
    expect(
      (
        await admin.patch(`/api/admin/users/${userId}`, { data: { commission: { rateBps: 140, fixedCents: 25 } } })
      ).status(),
    ).toBe(200);
    await logInAs(page, DEMO.user, DEMO.password);
    await page.goto('/tarifs');
    await expect(page.getByTestId('rate-line')).toHaveText('1,4 % + 0,25 € HT par billet vendu');
    await expect(page.getByText('Votre tarif réduit')).toBeVisible();
    await page.getByRole('textbox', { name: 'Prix du billet (€)' }).fill('10');
    // 10,00 € − (0,14 € + 0,25 €) HT − 0,08 € of VAT.
    await expect(page.getByTestId('gain')).toHaveText('9,53 €');
  } finally {
    await admin.patch(`/api/admin/users/${userId}`, { data: { commission: null } });
    await admin.dispose();
  }
});
