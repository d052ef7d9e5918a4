import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { logInAs, newOrganiser } from './accounts';
import { createPrivateEvent } from './events';
import { screenshotBothThemes } from './screenshots';

test('an organiser makes an API token, sees it once, uses it, revokes it; adds a webhook and tests it', async ({
  page,
  playwright,
}) => {
  test.slow();
  const organiser = await newOrganiser(playwright);
  const eventId = await createPrivateEvent(organiser.request);
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('bien reçu');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/guichet`;

  try {
    await logInAs(page, organiser.email);
    await page.goto('/parameters');
    const tokens = page.getByRole('region', { name: 'Jetons d’API' });
    await expect(tokens).toBeVisible();
    await expect(tokens.getByText('Aucun jeton pour l’instant.')).toBeVisible();
    // No scope: refused in French.
    await tokens.getByRole('textbox', { name: 'Nom du jeton' }).fill('Logiciel de caisse');
    await tokens.getByRole('button', { name: 'Créer le jeton' }).click();
    await expect(tokens.getByText('Cochez au moins une autorisation.')).toBeVisible();
    await tokens.getByRole('checkbox', { name: /Lire les commandes et les participants/ }).check();
    await tokens.getByRole('button', { name: 'Créer le jeton' }).click();
    await expect(tokens.getByRole('alert')).toHaveText('Copiez ce jeton maintenant : il ne sera plus jamais affiché.');
    const token = await tokens.getByTestId('secret-once').inputValue();
    expect(token).toMatch(/^gch_/);
    await screenshotBothThemes(page, tokens, 'api-token-shown-once');

    const read = (value: string) =>
      page.request.get(`/api/console/events/${eventId}/participants`, {
        headers: { authorization: `Bearer ${value}` },
      });
    expect((await read(token)).status()).toBe(200);

    await tokens.getByRole('button', { name: 'J’ai copié le jeton' }).click();
    const row = tokens.getByRole('listitem').filter({ hasText: 'Logiciel de caisse' });
    await expect(row).toBeVisible();
    await expect(row).not.toContainText(token);
    await expectAccessible(page);
    await row.getByRole('button', { name: 'Révoquer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Révoquer ce jeton ?' });
    await dialog.getByRole('button', { name: 'Révoquer' }).click();
    await expect(tokens.getByText('Aucun jeton pour l’instant.')).toBeVisible();
    expect((await read(token)).status()).toBe(401);

    const hooks = page.getByRole('region', { name: 'Webhooks' });
    await hooks.getByRole('textbox', { name: 'Adresse de réception (URL)' }).fill(hookUrl);
    await hooks.getByRole('checkbox', { name: /Commande payée/ }).check();
    await hooks.getByRole('button', { name: 'Ajouter le webhook' }).click();
    await expect(hooks.getByRole('alert')).toHaveText(
      'Copiez ce secret de signature maintenant : il ne sera plus affiché.',
    );
    expect(await hooks.getByTestId('secret-once').inputValue()).toMatch(/^whsec_/);
    await hooks.getByRole('button', { name: 'J’ai copié le secret' }).click();
    const card = hooks.getByRole('listitem').filter({ hasText: hookUrl });
    await expect(card.getByText('Actif')).toBeVisible();
    await card.getByRole('button', { name: 'Envoyer un test' }).click();
    // A card per delivery on a phone (the token's screenshots left the page at 390 px), a table above.
    await expect(card.getByRole('article')).toContainText('bien reçu');
    await expect(card.getByRole('article')).toContainText('webhook.test');
    expect(received).toHaveLength(1);
    expect(String(received[0]?.headers['guichet-signature'])).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    await expectAccessible(page);
    await screenshotBothThemes(page, hooks, 'webhook-tested');
  } finally {
    receiver.close();
    await organiser.dispose();
  }
});
