import { describe, expect, it } from 'vitest';
import { createEvent, createUser, loginAs } from '../../../test/helpers';
import { useWebTestApp } from '../../../test/use-test-app';
import { shareLinks } from '../../db/schema';
import { sitemapXml } from './service';

const t = useWebTestApp();

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

/** The JSON-LD objects of a page. */
const structuredData = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1] ?? '{}') as Record<string, unknown>,
  );

describe('the files search engines ask for', () => {
  it('robots.txt is plain text that keeps the private areas out and names the sitemap', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain('User-agent: *');
    expect(response.body).toContain('Disallow: /admin');
    expect(response.body).toContain(`Sitemap: ${t.config.publicUrl}/sitemap.xml`);
  });

  it('sitemap.xml lists the public pages and public events, not private or deleted ones', async () => {
    const organizer = await createUser(t, { isVerified: true });
    const { event: open } = await createEvent(t, organizer.id);
    const { event: hidden } = await createEvent(t, organizer.id, { isPublic: false });
    const { event: gone } = await createEvent(t, organizer.id, { deletedAt: new Date() });
    const response = await get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/xml');
    expect(response.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org/,
    );
    expect(response.body).toContain(`<loc>${t.config.publicUrl}/billetterie</loc>`);
    expect(response.body).toContain(`<loc>${t.config.publicUrl}/billetterie/${open.id}</loc><lastmod>`);
    expect(response.body).not.toContain(hidden.id);
    expect(response.body).not.toContain(gone.id);
    expect(response.body).not.toContain('/admin');
  });

  it('sitemap.xml becomes an index of files past the addresses one file may hold, every address once', async () => {
    const organizer = await createUser(t, { isVerified: true });
    for (let i = 0; i < 3; i++) await createEvent(t, organizer.id);
    const deps = { db: t.database.db, config: t.config };
    const perFile = 4;
    const index = (await sitemapXml(deps, undefined, perFile)) ?? '';
    expect(index).toContain('<sitemapindex');
    const files = [...index.matchAll(/<loc>[^<]*page=(\d+)<\/loc>/g)].map((match) => Number(match[1]));
    expect(files.length).toBeGreaterThan(1);
    const locs: string[] = [];
    for (const page of files) {
      const file = (await sitemapXml(deps, page, perFile)) ?? '';
      const own = [...file.matchAll(/<url><loc>([^<]*)<\/loc>/g)].map((match) => match[1] ?? '');
      expect(own.length).toBeLessThanOrEqual(perFile);
      locs.push(...own);
    }
    expect(new Set(locs).size).toBe(locs.length);
    const whole = (await sitemapXml(deps, 1, 1_000_000)) ?? '';
    expect(locs.length).toBe([...whole.matchAll(/<url>/g)].length);
    expect(await sitemapXml(deps, files.length + 1, perFile)).toBeNull();
    expect((await get('/sitemap.xml?page=999')).statusCode).toBe(404);
  });

  it('security.txt names the contact and expires within a year', async () => {
    const response = await get('/.well-known/security.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain(`Contact: mailto:${t.config.contactEmail}`);
    const expires = new Date(/Expires: (.*)/.exec(response.body)?.[1] ?? '');
    expect(expires.getTime()).toBeGreaterThan(Date.now());
    expect(expires.getTime()).toBeLessThanOrEqual(Date.now() + 366 * 24 * 3_600_000);
  });
});

describe('the status of a page', () => {
  it('is 404 with the app’s page, not indexed, for a path the app has no page for', async () => {
    for (const url of ['/nope/nope', '/billetterie/a/b', '/admin/inconnu']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
      expect(response.body).toContain('<meta name="robots" content="noindex" />');
    }
    expect((await get('/tarifs')).statusCode).toBe(200);
  });

  it('is 404 for an unknown event, and for a private one without its link; served unindexed with it', async () => {
    expect((await get('/billetterie/00000000-0000-0000-0000-000000000000')).statusCode).toBe(404);
    expect((await get('/billetterie/pas-un-id')).statusCode).toBe(404);
    const organizer = await createUser(t, { isVerified: true });
    const { event } = await createEvent(t, organizer.id, { isPublic: false });
    expect((await get(`/billetterie/${event.id}`)).statusCode).toBe(404);
    await t.database.db.insert(shareLinks).values({ key: `k-${event.id}`, eventId: event.id, ticketIds: [] });
    const shared = await get(`/billetterie/${event.id}?share=k-${event.id}`);
    expect(shared.statusCode).toBe(200);
    expect(shared.body).toContain('<meta name="robots" content="noindex" />');
    expect(structuredData(shared.body)).toEqual([]);
    expect((await get(`/billetterie/${event.id}?share=wrong`)).statusCode).toBe(404);
    const own = await get(`/billetterie/${event.id}`, await loginAs(t, organizer.email));
    expect(own.statusCode).toBe(200);
  });

  it('gives a public event its canonical address and its schema.org listing', async () => {
    const organizer = await createUser(t, { isVerified: true, firstName: 'Zoé', lastName: 'Martin' });
    const { event } = await createEvent(
      t,
      organizer.id,
      {
        title: 'Concert </script> du soir',
        address: '12 Rue de la Paix, 75002 Paris',
        bannerPath: 'events/x/event-flyer-0c.jpg',
      },
      [
        { title: 'Fosse', priceCents: 2500, quantity: 10 },
        { title: 'Balcon', priceCents: 4000, quantity: 2, sold: 2 },
      ],
    );
    const response = await get(`/billetterie/${event.id}?utm_source=x`);
    expect(response.statusCode).toBe(200);
    const url = `${t.config.publicUrl}/billetterie/${event.id}`;
    expect(response.body).toContain(`<link rel="canonical" href="${url}" />`);
    expect(response.body).not.toContain('Concert </script>');
    expect(response.body).not.toContain('content="noindex"');
    const [data, ...others] = structuredData(response.body);
    expect(others).toEqual([]);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Concert </script> du soir',
      url,
      startDate: event.dateBegin.toISOString(),
      endDate: event.dateEnd.toISOString(),
      eventStatus: 'https://schema.org/EventScheduled',
      location: {
        '@type': 'Place',
        address: {
          streetAddress: '12 Rue de la Paix',
          postalCode: '75002',
          addressLocality: 'Paris',
          addressCountry: 'FR',
        },
      },
      image: [`${t.config.publicUrl}/api/images/events/x/event-flyer-0c.jpg`],
      organizer: { '@type': 'Organization' },
      offers: [
        {
          '@type': 'Offer',
          name: 'Fosse',
          price: '25.00',
          priceCurrency: 'EUR',
          availability: 'https://schema.org/InStock',
          url,
        },
        {
          '@type': 'Offer',
          name: 'Balcon',
          price: '40.00',
          priceCurrency: 'EUR',
          availability: 'https://schema.org/SoldOut',
          url,
        },
      ],
    });
  });

  it('says a cancelled event is cancelled', async () => {
    const organizer = await createUser(t, { isVerified: true });
    const { event } = await createEvent(t, organizer.id, { cancelledAt: new Date() });
    const [data] = structuredData((await get(`/billetterie/${event.id}`)).body);
    expect(data?.eventStatus).toBe('https://schema.org/EventCancelled');
  });
});
