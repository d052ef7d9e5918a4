import { randomBytes } from 'node:crypto';
import { discoveryFr, fr } from '@guichet/shared';
import { describe, expect, it } from 'vitest';
import { createEvent, createUser, DAY, loginAs } from '../../../test/helpers';
import { useTestApp } from '../../../test/use-test-app';
import { tickets } from '../../db/schema';
import { findListingPage, findSearchNearDay } from './listing.repository';

const t = useTestApp();

type Item = {
  id: string;
  title: string;
  city: string | null;
  minPriceCents: number;
  isFree: boolean;
  dateBegin: string;
};
type Page = { items: Item[]; nextCursor: string | null };

/** A word no other test uses: letters only, so that the search sees one word. */
const word = () => `zx${[...randomBytes(6)].map((b) => String.fromCharCode(97 + (b % 26))).join('')}`;

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

async function page(query: string): Promise<Page> {
  const response = await get(`/api/events?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Page;
}

describe('event list: pages', () => {
  it('answers 24 events a page in start order, and the cursor leads through every page once', async () => {
    const organizer = await createUser(t, { isVerified: true });
    const tag = word();
    const base = Date.now() + 40 * DAY;
    // 30 events, two of them at the same instant: the id breaks the tie.
    for (let i = 0; i < 30; i += 1) {
      const begin = new Date(base + Math.floor(i / 2) * 3_600_000);
      await createEvent(t, organizer.id, {
        title: `Soirée ${tag} ${i}`,
        dateBegin: begin,
        dateEnd: new Date(begin.getTime() + 7_200_000),
      });
    }
    const first = await page(`q=${tag}`);
    expect(first.items).toHaveLength(24);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await page(`q=${tag}&cursor=${encodeURIComponent(first.nextCursor ?? '')}`);
    expect(second.items).toHaveLength(6);
    expect(second.nextCursor).toBeNull();
    const all = [...first.items, ...second.items];
    expect(new Set(all.map((item) => item.id)).size).toBe(30);
    const order = all.map((item) => `${item.dateBegin}|${item.id}`);
    expect([...order].sort()).toEqual(order);

    const small = await page(`q=${tag}&limit=10`);
    expect(small.items).toHaveLength(10);
  });

  it('refuses a cursor that was altered, with a French message', async () => {
    const organizer = await createUser(t, { isVerified: true });
    const tag = word();
    for (let i = 0; i < 3; i += 1) await createEvent(t, organizer.id, { title: `${tag} ${i}` });
    const { nextCursor } = await page(`q=${tag}&limit=1`);
    const cursor = nextCursor ?? '';
    const [version, payload, signature] = cursor.split('.');
    const flipped = `${payload?.slice(0, -2)}${payload?.endsWith('A') ? 'B' : 'A'}${payload?.slice(-1)}`;
    for (const bad of [`${version}.${flipped}.${signature}`, `${cursor}x`, 'nimportequoi', '', `${cursor}.x`]) {
      const response = await get(`/api/events?cursor=${encodeURIComponent(bad)}`);
      if (bad === '') {
        expect(response.statusCode).toBe(200);
        continue;
      }
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'INVALID_CURSOR', message: discoveryFr.query.invalidCursor });
    }
  });
});

describe('event list: search and filters', () => {
  it('finds by title, organiser, city and description, ignoring case and accents', async () => {
    const tag = word();
    const organizer = await createUser(t, { isVerified: true, firstName: 'Hélène', lastName: `Dupré${tag}` });
    const other = await createUser(t, { isVerified: true });
    const byTitle = await createEvent(t, other.id, { title: `Fête des Lumières ${tag}` });
    const byOrganizer = await createEvent(t, organizer.id, { title: 'Sans titre' });
    const byDescription = await createEvent(t, other.id, {
      title: 'Autre',
      description: `Un concert électrique ${tag}rock`,
    });
    const ids = async (q: string) => (await page(`q=${encodeURIComponent(q)}`)).items.map((item) => item.id);

    expect(await ids(`FETE lumiere ${tag}`)).toEqual([byTitle.event.id]);
    expect(await ids(`dupre${tag}`)).toEqual([byOrganizer.event.id]);
    // A prefix of a word: the box is typed letter by letter.
    expect(await ids(`${tag}ro electri`)).toEqual([byDescription.event.id]);
    expect(await ids(`${tag} absent${tag}`)).toEqual([]);
    // Punctuation alone is no search at all.
    expect((await page(`q=${encodeURIComponent('!!! ***')}`)).items.length).toBeGreaterThan(0);
  });

  it('finds a word glued to digits without its accents (issue 26)', async () => {
    const organizer = await createUser(t, { isVerified: true });
    const tag = word();
    const zebra = await createEvent(t, organizer.id, { title: `Zèbre2026 ${tag}` });
    const third = await createEvent(t, organizer.id, { title: `La 3ème édition ${tag}` });
    const hyphen = await createEvent(t, organizer.id, { title: `Nuit Rétro-2ème ${tag}` });
    const ids = async (q: string) => (await page(`q=${encodeURIComponent(q)}`)).items.map((item) => item.id);

    expect(await ids(`zebre2026 ${tag}`)).toEqual([zebra.event.id]);
    expect(await ids(`ZÈBRE2026 ${tag}`)).toEqual([zebra.event.id]);
    expect(await ids(`3eme ${tag}`)).toEqual([third.event.id]);
    expect(await ids(`3eme edition ${tag}`)).toEqual([third.event.id]);
    expect(await ids(`retro-2eme ${tag}`)).toEqual([hyphen.event.id]);
    expect(await ids(`2eme ${tag}`)).toEqual([hyphen.event.id]);
  });

  it('finds words after an elision, with either apostrophe, and without their accents', async () => {
    const organizer = await createUser(t, { isVerified: true });
    const tag = word();
    const summer = await createEvent(t, organizer.id, {
      title: `Nuit de l'été ${tag}`,
      description: 'Au cœur d’Avignon, sous les étoiles.',
    });
    const ids = async (q: string) => (await page(`q=${encodeURIComponent(q)}`)).items.map((item) => item.id);

    for (const q of [
      `l'été ${tag}`,
      `l’ete ${tag}`,
      `L'ÉTÉ ${tag}`,
      `d'avignon ${tag}`,
      `d’Avi ${tag}`,
      `etoile ${tag}`,
    ]) {
      expect(await ids(q), q).toEqual([summer.event.id]);
    }
  });

  it('finds a word typed one letter wrong, never one two letters wrong, and never corrects a known word', async () => {
    const organizer = await createUser(t, { isVerified: true });
    // Ends in letters the French stemmer keeps, so that the word is indexed as written.
    const stem = word();
    const tag = `${stem}lmbrq`;
    const event = await createEvent(t, organizer.id, { title: `Festival ${tag}` });
    const ids = async (q: string) => (await page(`q=${encodeURIComponent(q)}`)).items.map((item) => item.id);

    const slips = {
      changed: `${stem}lmxrq`,
      missing: `${stem}lmrq`,
      added: `${stem}lmborq`,
      swapped: `${stem}lbmrq`,
    };
    for (const [slip, q] of Object.entries(slips)) expect(await ids(q), slip).toEqual([event.event.id]);
    // A slip in a common word, beside an exact one.
    expect(await ids(`festivla ${tag}`)).toEqual([event.event.id]);
    expect(await ids(`FESITVAL ${tag}`)).toEqual([event.event.id]);
    expect(await ids(`${stem}lxxrq`)).toEqual([]);

    // Two events one letter apart: each word finds its own event only; a word known to neither
    // and one slip from both finds both.
    const other = await createEvent(t, organizer.id, { title: `Gala ${stem}lmbsq` });
    expect(await ids(`${stem}lmbrq`)).toEqual([event.event.id]);
    expect(await ids(`${stem}lmbsq`)).toEqual([other.event.id]);
    expect((await ids(`${stem}lmbtq`)).sort()).toEqual([event.event.id, other.event.id].sort());
  });

  it('finds by prefix, and the words of an edited event with its slips', async () => {
    const organizer = await createUser(t, { isVerified: true });
    const tag = word();
    const { event } = await createEvent(t, organizer.id, { title: `Conférence ${tag}` });
    const ids = async (q: string) => (await page(`q=${encodeURIComponent(q)}`)).items.map((item) => item.id);

    expect(await ids(`conf ${tag.slice(0, 5)}`)).toContain(event.id);
    expect(await ids(`${tag} confe`)).toEqual([event.id]);
    const renamed = `${word()}lmbrq`;
    const { eq } = await import('drizzle-orm');
    const { events } = await import('../../db/schema');
    await t.database.db
      .update(events)
      .set({ title: `Atelier ${renamed}` })
      .where(eq(events.id, event.id));
    expect(await ids(renamed)).toEqual([event.id]);
    expect(await ids(`${renamed.slice(0, -3)}mrq`)).toEqual([event.id]);
    expect(await ids(`${tag} conf`)).toEqual([]);
  });

  it('finds every match in order beyond the stretches a search reads inside its index', async () => {
    const organizer = await createUser(t, { isVerified: true });
    const [common, rare, later] = [word(), word(), word()];
    const { sql } = await import('drizzle-orm');
    // 1,500 events two hours apart, each holding the common word, one in a hundred the rare one
    // and two late ones the third, then three rare ones four years on: the near, middle and far
    // stretches all hold some.
    await t.database.db.execute(sql`
      insert into events (organizer_id, title, address, date_begin, date_end, is_public)
      select ${organizer.id}::uuid, ${common}::text || case when i % 100 = 0 then ' ' || ${rare}::text else '' end
                                   || case when i in (1250, 1450) then ' ' || ${later}::text else '' end || ' n° ' || i,
             '1 rue Alsace-Lorraine, 31000 Toulouse', now() + interval '1 day' + i * interval '2 hours',
             now() + interval '1 day' + i * interval '2 hours' + interval '1 hour', true
        from generate_series(0, 1499) i
      union all
      select ${organizer.id}::uuid, ${rare}::text || ' loin ' || i, '1 rue Alsace-Lorraine, 31000 Toulouse',
             now() + interval '4 years' + i * interval '1 day', now() + interval '4 years' + i * interval '1 day', true
        from generate_series(0, 2) i`);
    const all = async (q: string, limit: number) => {
      const titles: string[] = [];
      let cursor: string | null = null;
      do {
        const next: Page = await page(`q=${q}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        titles.push(...next.items.map((item) => item.title));
        cursor = next.nextCursor;
      } while (cursor);
      return titles;
    };
    const rareTitles = [
      ...Array.from({ length: 15 }, (_, k) => `${common} ${rare} n° ${k * 100}`),
      ...[0, 1, 2].map((i) => `${rare} loin ${i}`),
    ];
    expect(await all(rare, 24)).toEqual(rareTitles);
    expect(await all(rare, 4)).toEqual(rareTitles);
    // A word none of the near stretch's events holds, found past it (the middle stretch skipped).
    expect(await all(later, 24)).toEqual([`${common} ${later} n° 1250`, `${common} ${later} n° 1450`]);
    // Wherever the near stretch is said to end (the day kept a few seconds by each process, one
    // long gone, one years ahead, none), a search's first page is the same.
    const now = new Date();
    const firstPage = (search: string[], nearDay?: string) =>
      findListingPage(
        t.database.db,
        { price: 'all', window: null, typeId: null, city: null, search, near: null, after: null, limit: 24 },
        now,
        null,
        nearDay,
      ).then((found) => found.body);
    for (const search of [[rare], [later], [common]]) {
      const expected = await firstPage(search);
      for (const nearDay of [await findSearchNearDay(t.database.db, now), '2001-01-01', '2099-01-01', 'infinity']) {
        expect(await firstPage(search, nearDay)).toBe(expected);
      }
    }
    const commonTitles = await all(common, 48);
    expect(commonTitles).toHaveLength(1500);
    expect(commonTitles.slice(0, 2)).toEqual([`${common} ${rare} n° 0`, `${common} n° 1`]);
    expect(commonTitles.at(-1)).toBe(`${common} n° 1499`);
  });

  it('filters by category, city, distance and price', async () => {
    const organizer = await createUser(t, { isVerified: true });
    const tag = word();
    const lyon = await createEvent(
      t,
      organizer.id,
      {
        title: `${tag} Lyon`,
        address: '20 Place Bellecour, 69002 Lyon',
        latitude: 45.7578,
        longitude: 4.832,
        typeId: 1,
      },
      [{ priceCents: 1500 }],
    );
    const evry = await createEvent(
      t,
      organizer.id,
      {
        title: `${tag} Évry`,
        address: '1 Place des Droits de l’Homme, 91000 Évry-Courcouronnes',
        latitude: 48.6239,
        longitude: 2.4294,
        typeId: 2,
      },
      [{ priceCents: 0 }],
    );
    const ids = async (query: string) => (await page(`q=${tag}&${query}`)).items.map((item) => item.id);

    expect((await page(`q=${tag}`)).items.find((item) => item.id === lyon.event.id)).toMatchObject({
      city: 'Lyon',
      minPriceCents: 1500,
      isFree: false,
    });
    expect(await ids('city=evry-courcouronnes')).toEqual([evry.event.id]);
    expect(await ids('city=LYON')).toEqual([lyon.event.id]);
    expect(await ids('type=1')).toEqual([lyon.event.id]);
    expect(await ids('price=free')).toEqual([evry.event.id]);
    expect(await ids('price=paid')).toEqual([lyon.event.id]);
    // Paris: Évry is 26 km away, Lyon 390 km.
    expect(await ids('lat=48.8566&lon=2.3522&radius=30')).toEqual([evry.event.id]);
    expect(await ids('lat=48.8566&lon=2.3522&radius=20')).toEqual([]);
  });

  it('keeps the lowest visible price up to date as tickets change', async () => {
    const organizer = await createUser(t, { isVerified: true });
    const tag = word();
    const { event, tickets: rows } = await createEvent(t, organizer.id, { title: tag }, [
      { priceCents: 2000 },
      { priceCents: 500 },
    ]);
    expect((await page(`q=${tag}`)).items[0]).toMatchObject({ minPriceCents: 500 });
    const { eq } = await import('drizzle-orm');
    await t.database.db
      .update(tickets)
      .set({ isHidden: true })
      .where(eq(tickets.id, rows[1]?.id ?? ''));
    // A write through the API would clear the kept pages at once; this one went straight to the database.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await page(`q=${tag}`)).items[0]).toMatchObject({ id: event.id, minPriceCents: 2000 });
  });

  it('says which events are sold out, as the event page does, from places sold and not held', async () => {
    const organizer = await createUser(t, { isVerified: true });
    const tag = word();
    const at = (hours: number) => ({
      dateBegin: new Date(Date.now() + 30 * DAY + hours * 3_600_000),
      dateEnd: new Date(Date.now() + 30 * DAY + (hours + 2) * 3_600_000),
    });
    const sold = await createEvent(t, organizer.id, { title: `${tag} vendu`, ...at(1) }, [
      { priceCents: 1800, quantity: 10, sold: 10 },
      // Hidden: offered with a purchase or on a private link, never to the list's visitors.
      { priceCents: 900, quantity: 10, isHidden: true },
    ]);
    const held = await createEvent(t, organizer.id, { title: `${tag} retenu`, ...at(2) }, [
      { priceCents: 1800, quantity: 10, sold: 5, held: 5 },
    ]);
    const capped = await createEvent(t, organizer.id, { title: `${tag} plafond`, nbMaxParticipants: 4, ...at(3) }, [
      { priceCents: 1800, quantity: 10, sold: 4 },
    ]);
    const choice = await createEvent(t, organizer.id, { title: `${tag} formules`, ...at(4) }, [
      { priceCents: 1800, quantity: 20, isMultipart: true },
    ]);
    const head = choice.tickets[0]?.id ?? '';
    await t.database.db.insert(tickets).values([
      { eventId: choice.event.id, parentId: head, title: 'Repas', priceCents: 1800, quantity: 10, sold: 10 },
      {
        eventId: choice.event.id,
        parentId: head,
        title: 'Boisson',
        priceCents: 2000,
        quantity: 10,
        isAvailable: false,
      },
    ]);
    const open = await createEvent(t, organizer.id, { title: `${tag} ouvert`, ...at(5) }, [
      { priceCents: 1800, quantity: 10, sold: 10 },
      { priceCents: 2500, quantity: 10, sold: 9 },
    ]);
    const { items } = await page(`q=${tag}`);
    const soldOut = Object.fromEntries(
      items.map((item) => [item.id, (item as Item & { isSoldOut: boolean }).isSoldOut]),
    );
    expect(soldOut).toEqual({
      [sold.event.id]: true,
      [held.event.id]: false,
      [capped.event.id]: true,
      [choice.event.id]: true,
      [open.event.id]: false,
    });
    // The event page agrees on a sold-out event.
    expect((await get(`/api/events/${sold.event.id}`)).json()).toMatchObject({ isSoldOut: true, status: 'soldOut' });
  });

  it('filters by dates: an event is in a period it overlaps', async () => {
    const organizer = await createUser(t, { isVerified: true });
    const tag = word();
    const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
    const inside = await createEvent(t, organizer.id, {
      title: tag,
      dateBegin: new Date(`${day(20)}T10:00:00Z`),
      dateEnd: new Date(`${day(20)}T12:00:00Z`),
    });
    const spanning = await createEvent(t, organizer.id, {
      title: tag,
      dateBegin: new Date(`${day(18)}T10:00:00Z`),
      dateEnd: new Date(`${day(25)}T12:00:00Z`),
    });
    await createEvent(t, organizer.id, {
      title: tag,
      dateBegin: new Date(`${day(30)}T10:00:00Z`),
      dateEnd: new Date(`${day(30)}T12:00:00Z`),
    });
    const ids = (await page(`q=${tag}&from=${day(19)}&to=${day(21)}`)).items.map((item) => item.id);
    expect(ids.sort()).toEqual([inside.event.id, spanning.event.id].sort());
    expect((await page(`q=${tag}&when=today`)).items).toEqual([]);
  });

  it('refuses bad input with a 400 and a French message', async () => {
    const cases: [string, string][] = [
      [`q=${'a'.repeat(10_000)}`, discoveryFr.query.searchTooLong(100)],
      ['lat=48.8&lon=2.3&radius=-1', discoveryFr.query.invalidRadius(200)],
      ['lat=48.8', discoveryFr.query.pointIncomplete],
      ['lat=91&lon=2', discoveryFr.query.invalidLatitude],
      ['from=2026-02-30', discoveryFr.query.invalidDate],
      ['from=demain', discoveryFr.query.invalidDate],
      ['from=2027-05-02&to=2027-05-01', discoveryFr.query.dateRangeReversed],
      ['from=2027-01-01&to=2029-01-01', discoveryFr.query.dateRangeTooLong],
      ['type=abc', discoveryFr.query.invalidCategory],
      ['limit=1000', discoveryFr.query.invalidLimit(48)],
      ['when=tomorrow', ''],
      ['sort=price', fr.common.unknownField('sort')],
    ];
    for (const [query, message] of cases) {
      const response = await get(`/api/events?${query}`);
      expect(response.statusCode, query).toBe(400);
      if (message) expect(response.json().message, query).toBe(message);
    }
  });
});

describe('event list and page: caching', () => {
  it('answers a visitor with an ETag and a 304, a signed-in viewer with nothing a cache keeps', async () => {
    const first = await get('/api/events');
    expect(first.headers['cache-control']).toContain('s-maxage=');
    expect(first.headers.vary).toContain('Cookie');
    const etag = String(first.headers.etag);
    const again = await get('/api/events', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const user = await createUser(t);
    const mine = await get('/api/events', { cookie: await loginAs(t, user.email) });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.headers.etag).toBeUndefined();
  });

  it('gives a public event page an ETag, never a private one', async () => {
    const organizer = await createUser(t, { isVerified: true });
    const { event } = await createEvent(t, organizer.id);
    const first = await get(`/api/events/${event.id}`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id: event.id, city: 'Toulouse' });
    const again = await get(`/api/events/${event.id}`, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    const asOrganizer = await get(`/api/events/${event.id}`, { cookie: await loginAs(t, organizer.email) });
    expect(asOrganizer.headers['cache-control']).toBe('private, no-store');
  });
});

describe('add to calendar', () => {
  it('answers the event as an iCalendar file, private events only to who may see them', async () => {
    const organizer = await createUser(t, { isVerified: true, firstName: 'Zoé', lastName: 'Martin' });
    const { event } = await createEvent(t, organizer.id, {
      title: 'Bal, masqué; et « fête »',
      description: 'Première ligne\nseconde ligne, très longue '.repeat(5),
      dateBegin: new Date('2027-03-05T19:30:00Z'),
      dateEnd: new Date('2027-03-05T23:00:00Z'),
    });
    const response = await get(`/api/events/${event.id}/calendar.ics`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/calendar');
    const text = response.body;
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(text).toContain('DTSTART:20270305T193000Z\r\n');
    expect(text).toContain('DTEND:20270305T230000Z\r\n');
    expect(text).toContain('SUMMARY:Bal\\, masqué\\; et « fête »\r\n');
    // RFC 5545: a parameter holding a colon or a comma is quoted; the address is a real mailbox.
    expect(text).toContain(`ORGANIZER;CN="Zoé Martin":mailto:${t.config.contactEmail}\r\n`);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(text.replace(/\r\n /g, '')).toContain(`/billetterie/${event.id}`);

    const hidden = await createEvent(t, organizer.id, { isPublic: false });
    expect((await get(`/api/events/${hidden.event.id}/calendar.ics`)).statusCode).toBe(404);
  });
});

describe('link preview of an event page', () => {
  it('names a public event, its date, place and banner in the HTML; nothing for a private one', async () => {
    const { eventPagePreview } = await import('./preview');
    const { withPageHead } = await import('../../plugins/page-head');
    const { systemClock } = await import('../../lib/clock');
    const deps = { db: t.database.db, clock: systemClock, config: t.config };
    const organizer = await createUser(t, { isVerified: true });
    const { event } = await createEvent(t, organizer.id, {
      title: 'Nuit <blanche> & "lumières"',
      bannerPath: 'events/x/event-flyer-0a.jpg',
      dateBegin: new Date('2027-06-21T18:00:00Z'),
      dateEnd: new Date('2027-06-21T23:00:00Z'),
    });
    const preview = await eventPagePreview(deps, `/billetterie/${event.id}`);
    expect(preview).toMatchObject({
      title: `Nuit <blanche> & "lumières" · ${t.config.brandName}`,
      imageUrl: `${t.config.publicUrl}/api/images/events/x/event-flyer-0a.jpg`,
      url: `${t.config.publicUrl}/billetterie/${event.id}`,
    });
    expect(preview?.description).toContain('21 juin 2027');
    expect(preview?.description).toContain('Toulouse');
    const html = withPageHead(
      '<html><head><title>Guichet</title></head><body><div id="root"></div></body></html>',
      { preview: preview ?? undefined, data: { key: 'x', body: '{"a":"</script><script>"}' } },
      [],
    );
    expect(html).not.toContain('</script><script>');
    expect(html).toContain('<title>Nuit &lt;blanche&gt; &amp; &quot;lumières&quot; · ');
    expect(html).toContain('<meta property="og:image" content="');
    expect(html).toContain('<meta property="og:title" content="Nuit &lt;blanche&gt;');

    const hidden = await createEvent(t, organizer.id, { isPublic: false });
    expect(await eventPagePreview(deps, `/billetterie/${hidden.event.id}`)).toBeNull();
    expect(await eventPagePreview(deps, '/billetterie')).toBeNull();
    expect(await eventPagePreview(deps, '/billetterie/pas-un-id')).toBeNull();
  });
});
