import { expect, test } from '@playwright/test';
import { buy, DEMO, login, NEW_PASSWORD, organiserEvent, registerViaApi } from './support';

const OUT = '/tmp/money-shots';

test('screens', async ({ browser, request }) => {
  test.setTimeout(240_000);
  // Some data: a paid event with a sale and a payout, a pending verification, a contact message.
  const id = await organiserEvent(request, { ticketList: [{ title: 'Plein tarif', price: 20, quantity: 50 }] });
  const detail = (await (await request.get(`/api/events/${id}`)).json()) as { tickets: { id: string }[] };
  const buyerCtx = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const email = await registerViaApi(buyerCtx.request);
  await buyerCtx.request.post('/api/auth/login', { data: { email, password: NEW_PASSWORD } });
  await buy(buyerCtx.request, id, { ticketId: detail.tickets[0]?.id, quantity: 2 });
  await buyerCtx.request.post('/api/me/verification-request');
  await buyerCtx.close();
  const id2 = await organiserEvent(request, { ticketList: [{ title: 'Entrée', price: 8, quantity: 50 }] });
  const d2 = (await (await request.get(`/api/events/${id2}`)).json()) as { tickets: { id: string }[] };
  const b2 = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const e2 = await registerViaApi(b2.request);
  await b2.request.post('/api/auth/login', { data: { email: e2, password: NEW_PASSWORD } });
  await buy(b2.request, id2, { ticketId: d2.tickets[0]?.id, quantity: 3 });
  await b2.close();
  await request.put('/api/me/bank-account', { data: { holderName: 'Association Les Organisateurs', iban: 'FR7630006000011234567890189' } });
  await request.post(`/api/console/events/${id2}/payouts`);

  for (const scheme of ['dark', 'light']) {
    for (const width of [390, 1280]) {
      const ctx = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width, height: 900 } });
      await ctx.addInitScript((s) => localStorage.setItem('guichet.theme', s), scheme);
      const page = await ctx.newPage();
      const shot = async (name: string) => {
        await page.waitForTimeout(400);
        await page.screenshot({ path: `${OUT}/${name}-${width}-${scheme}.png`, fullPage: true });
      };
      await page.goto('/tarifs');
      await page.getByRole('textbox', { name: 'Prix du billet (€)' }).fill('10');
      await page.getByRole('textbox', { name: 'Montant souhaité (€)' }).fill('25');
      await shot('rates');
      await login(page, DEMO.organizer, DEMO.password);
      await expect(page).not.toHaveURL(/\/connexion/);
      await page.goto(`/event_management?event=${id}&tab=stats`);
      await page.getByRole('button', { name: 'Demande de virement' }).click();
      await expect(page.getByTestId('available')).toBeVisible();
      await shot('payout-modal');
      await page.goto('/connexion');
      await page.request.post('/api/auth/logout');
      await login(page, DEMO.admin, DEMO.password);
      await expect(page).toHaveURL(/\/profil$/);
      for (const [path, name] of [
        ['/admin', 'admin-home'],
        ['/admin/verifications', 'admin-verif'],
        ['/admin/utilisateurs', 'admin-users'],
        ['/admin/evenements', 'admin-events'],
        ['/admin/virements', 'admin-payouts'],
        ['/admin/messages', 'admin-messages'],
        ['/admin/journal', 'admin-audit'],
      ]) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        await shot(name);
      }
      await page.goto('/admin/utilisateurs');
      await page.getByRole('button', { name: /Gérer/ }).first().click();
      await shot('admin-user-modal');
      await ctx.close();
    }
  }
});
