import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { newBuyer } from './accounts';
import { openConsole } from './console-steps';
import { organiserEvent } from './events';
import { screenshotBothThemes } from './screenshots';

/**
 * An organiser's own site, on another origin than Guichet's (127.0.0.1 and a port of its own,
 * where Guichet is on localhost): a page per theme that embeds the event's shop with the snippet
 * the console gives.
 */
async function hostSite(guichet: string, eventId: string): Promise<{ origin: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const theme = request.url === '/sombre' ? 'dark' : 'light';
    const background = theme === 'dark' ? '#101418' : '#f7f4ee';
    const color = theme === 'dark' ? '#eee' : '#222';
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html>
<html lang="fr" data-theme="${theme}">
<head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>Club Astro</title></head>
<body style="margin:0;font-family:sans-serif;background:${background};color:${color}">
<main style="max-width:760px;margin:0 auto;padding:16px">
<h1>Club Astro : nos soirées</h1>
<p>Réservez votre place ci-dessous.</p>
<script src="${guichet}/embed.js" data-event="${eventId}" async></script>
<p id="after">Merci et à bientôt !</p>
</main>
</body>
</html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const shopFrame = (page: Page) => page.frameLocator('iframe[title="Billetterie"]');

/** The sites the organiser logged in on `request` declares for the event. */
async function declareSites(request: APIRequestContext, eventId: string, domains: string[]) {
  const saved = await request.put(`/api/console/events/${eventId}/embed`, { data: { domains } });
  expect(saved.status(), await saved.text()).toBe(200);
}

test('a site the organiser declared shows the shop, which sizes itself and books a free place in Guichet’s window', async ({
  page,
  request,
  baseURL,
}) => {
  const eventId = await organiserEvent(request, { title: 'Nuit des étoiles' });
  const site = await hostSite(baseURL ?? '', eventId);
  try {
    await declareSites(request, eventId, [new URL(site.origin).host]);
    await newBuyer(page);

    await page.goto(`${site.origin}/clair`);
    const frame = shopFrame(page);
    await expect(frame.getByRole('heading', { name: 'Nuit des étoiles' })).toBeVisible();
    await expect(frame.getByText('Entrée', { exact: true })).toBeVisible();
    // The frame took its content's height: neither the 480 px it starts with nor a scrollbar.
    const iframe = page.locator('iframe[title="Billetterie"]');
    await expect
      .poll(async () => {
        const box = await iframe.boundingBox();
        const content = await frame.locator('body').evaluate((body) => body.scrollHeight);
        return box ? Math.abs(box.height - content) : Number.POSITIVE_INFINITY;
      })
      .toBeLessThanOrEqual(2);
    expect((await iframe.boundingBox())?.height).not.toBe(480);
    await expect(page.getByRole('link', { name: 'Voir la billetterie' })).toBeHidden();
    // The site's light theme, which embed.js passed on.
    await expect(frame.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');

    const popupOpened = page.waitForEvent('popup');
    await frame.getByRole('link', { name: 'Réserver' }).click();
    const popup = await popupOpened;
    await expect(popup).toHaveURL(new RegExp(`/billetterie/${eventId}\\?widget=`));
    await expect(frame.getByText(/Terminez votre réservation dans la fenêtre ouverte/)).toBeVisible();

    // Guichet's own window: the buyer's session, the same checkout as the event page.
    const main = popup.getByRole('main');
    await expect(main.getByText('1 billet', { exact: true })).toBeVisible();
    await main.getByRole('checkbox', { name: /conditions générales de vente/ }).check();
    await main.getByRole('button', { name: 'Suivant' }).click();
    await expect(main.getByRole('heading', { name: 'Vos informations' })).toBeFocused();
    await main.getByRole('button', { name: 'Suivant' }).click();
    await main.getByRole('button', { name: 'Confirmer la réservation' }).click();
    await expect(main.getByText('Votre réservation a bien été effectuée.')).toBeVisible();
    await expect(main.getByText(/vous pouvez fermer cette fenêtre et revenir sur le site/)).toBeVisible();
    await popup.close();

    // The shop learns it by polling the booking's reference.
    await expect(frame.getByText('Réservation confirmée : 1 place.')).toBeVisible({ timeout: 15_000 });
    await page.screenshot({ path: test.info().outputPath('embedded-shop-booked-1280.png'), fullPage: true });

    // The widget in both themes and both widths, on the site's own pages.
    for (const theme of ['sombre', 'clair'] as const) {
      await page.goto(`${site.origin}/${theme}`);
      await expect(shopFrame(page).getByRole('heading', { name: 'Nuit des étoiles' })).toBeVisible();
      await expect(shopFrame(page).locator('html')).toHaveAttribute(
        'data-mantine-color-scheme',
        theme === 'sombre' ? 'dark' : 'light',
      );
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await expect(page.locator('#after')).toBeVisible();
        await page.screenshot({ path: test.info().outputPath(`embedded-shop-${theme}-${width}.png`), fullPage: true });
      }
    }
    // The shop's page itself, as assistive technologies read it.
    await page.goto(`/embed/billetterie/${eventId}`);
    await expect(page.getByRole('heading', { name: 'Nuit des étoiles' })).toBeVisible();
    await expectAccessible(page);
  } finally {
    await site.close();
  }
});

test('a site the organiser did not declare gets the frame refused and shows a plain link', async ({
  page,
  request,
  baseURL,
}) => {
  const eventId = await organiserEvent(request, { title: 'Conférence privée de site' });
  await declareSites(request, eventId, ['www.club-astro.fr']);
  const site = await hostSite(baseURL ?? '', eventId);
  try {
    const refused = page.waitForResponse((response) => response.url().includes(`/embed/billetterie/${eventId}`));
    await page.goto(`${site.origin}/clair`);
    const answer = await refused;
    expect(answer.headers()['content-security-policy']).toContain('frame-ancestors www.club-astro.fr');
    // The browser refused to show it: the frame never says it is ready, and stays hidden.
    await expect(page.getByRole('link', { name: 'Voir la billetterie' })).toHaveAttribute(
      'href',
      `${baseURL}/billetterie/${eventId}`,
    );
    await page.waitForTimeout(1500);
    await expect(page.getByRole('link', { name: 'Voir la billetterie' })).toBeVisible();
    await expect(page.locator('iframe[title="Billetterie"]')).toBeHidden();
  } finally {
    await site.close();
  }
});

test('the console’s Intégration tab declares the sites and gives the snippet', async ({ page, request }) => {
  const eventId = await organiserEvent(request, { title: 'Soirée intégrée' });
  await openConsole(page, { event: eventId, tab: 'embed' });
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByText('Aucun domaine déclaré', { exact: false })).toBeVisible();
  const field = panel.getByRole('textbox', { name: 'Domaines de votre site' });
  await field.fill('https://www.club-astro.fr/\nmauvais domaine');
  await panel.getByRole('button', { name: 'Enregistrer les domaines' }).click();
  await expect(field).toHaveAccessibleDescription(/« mauvais domaine » n’est pas un nom de domaine valide/);
  await field.fill('https://www.club-astro.fr/\nbilletterie.club-astro.fr');
  await panel.getByRole('button', { name: 'Enregistrer les domaines' }).click();
  await expect(page.getByText('Les domaines autorisés ont été enregistrés.')).toBeVisible();
  await expect(field).toHaveValue('www.club-astro.fr\nbilletterie.club-astro.fr');
  await expect(panel.getByText(`data-event="${eventId}"`, { exact: false })).toBeVisible();
  await expectAccessible(page);
  await screenshotBothThemes(page, panel, 'embedded-shop-console');
});
