import { expect, test } from '@playwright/test';
import { organiserEvent } from './events';

test.describe('what search engines read', () => {
  test('the site files: robots.txt, the sitemap, security.txt, the favicon and the manifest', async ({ request }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    expect(robots.headers()['content-type']).toContain('text/plain');
    expect(await robots.text()).toMatch(/^Sitemap: https?:\/\/.+\/sitemap\.xml$/m);

    const eventId = await organiserEvent(request);
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()['content-type']).toContain('xml');
    const xml = await sitemap.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain(`/billetterie/${eventId}</loc>`);

    const security = await request.get('/.well-known/security.txt');
    expect(security.headers()['content-type']).toContain('text/plain');
    expect(await security.text()).toMatch(/^Contact: mailto:/m);

    const favicon = await request.get('/favicon.ico');
    expect(favicon.status()).toBe(200);
    expect(favicon.headers()['content-type']).not.toContain('text/html');
    const manifest = await request.get('/manifest.webmanifest');
    expect(manifest.status()).toBe(200);
    expect(await manifest.json()).toMatchObject({ lang: 'fr', start_url: '/' });
  });

  test('an unknown page or event answers 404 with the French page; an event page holds its listing', async ({
    page,
    request,
  }) => {
    const unknown = await page.goto('/nope/nope');
    expect(unknown?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Oups ! Page non trouvée' })).toBeVisible();

    const noEvent = await page.goto('/billetterie/00000000-0000-0000-0000-000000000000');
    expect(noEvent?.status()).toBe(404);
    await expect(page.getByText('Événement introuvable')).toBeVisible();

    const eventId = await organiserEvent(request, { ticketList: [{ title: 'Entrée', price: 12, quantity: 10 }] });
    const response = await page.goto(`/billetterie/${eventId}`);
    expect(response?.status()).toBe(200);
    const scripts = page.locator('script[type="application/ld+json"]');
    await expect(scripts).toHaveCount(1);
    const data = JSON.parse((await scripts.textContent()) ?? '{}');
    expect(data).toMatchObject({
      '@type': 'Event',
      offers: [{ '@type': 'Offer', name: 'Entrée', price: '12.00', priceCurrency: 'EUR' }],
    });
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/billetterie\/[0-9a-f-]{36}$/);
  });
});
