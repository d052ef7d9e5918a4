import { randomBytes } from 'node:crypto';
import { embedFr } from '@guichet/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminCookie, createEvent, createUser, loginAs } from '../../../test/helpers';
import { bookFreeTicket } from '../../../test/modules/checkout/support';
import { useTestApp } from '../../../test/use-test-app';
import { events, orders } from '../../db/schema';

const t = useTestApp();

async function organiserEvent() {
  const organizer = await createUser(t, { isVerified: true });
  const { event } = await createEvent(t, organizer.id);
  return { event, cookie: await loginAs(t, organizer.email) };
}

const saveDomains = (eventId: string, cookie: string, domains: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/console/events/${eventId}/embed`,
    headers: { cookie },
    payload: { domains },
  });

const frameAncestorsOf = (csp: string | undefined) =>
  (csp ?? '')
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive.startsWith('frame-ancestors'));

const newRef = () => randomBytes(16).toString('base64url');

describe('the sites an event is shown on', () => {
  it('keeps the organiser’s hosts, normalized and once each, and gives them back in their order', async () => {
    const { event, cookie } = await organiserEvent();
    const saved = await saveDomains(event.id, cookie, [
      ' https://WWW.Club-Astro.fr/ ',
      'billetterie.club-astro.fr:8443',
      '',
      'www.club-astro.fr',
      '*.asso.example',
    ]);
    expect(saved.statusCode).toBe(200);
    const expected = ['www.club-astro.fr', 'billetterie.club-astro.fr:8443', '*.asso.example'];
    expect(saved.json()).toEqual({ domains: expected });
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/console/events/${event.id}/embed`,
      headers: { cookie },
    });
    expect(read.json()).toEqual({ domains: expected });
    const admin = await t.app.inject({
      method: 'GET',
      url: `/api/console/events/${event.id}/embed`,
      headers: { cookie: await adminCookie(t) },
    });
    expect(admin.json()).toEqual({ domains: expected });
  });

  it('refuses a host that is not one, or that would write into the header, with its French message', async () => {
    const { event, cookie } = await organiserEvent();
    for (const host of [
      "example.org; script-src 'unsafe-inline'",
      'a.org b.org',
      'exa_mple.org',
      'data:',
      'club',
      '300.1.1.1',
      'x.org:99999',
    ]) {
      const answer = await saveDomains(event.id, cookie, ['ok.example.org', host]);
      expect(answer.statusCode, host).toBe(400);
      expect(answer.json(), host).toMatchObject({ message: embedFr.domains.invalid(host.trim()), field: 'domains' });
    }
    const many = Array.from({ length: 21 }, (_, index) => `site${index}.example.org`);
    const tooMany = await saveDomains(event.id, cookie, many);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(embedFr.domains.tooMany(20));
    expect((await saveDomains(event.id, cookie, many.slice(0, 20))).statusCode).toBe(200);
  });

  it('is the event’s editor’s: another organiser is told there is no such event', async () => {
    const { event } = await organiserEvent();
    const other = await createUser(t, { isVerified: true });
    const answer = await saveDomains(event.id, await loginAs(t, other.email), ['evil.example']);
    expect(answer.statusCode).toBe(404);
  });
});

describe('the embedded shop’s page', () => {
  it('may be framed by exactly the declared hosts, and is not indexed', async () => {
    const { event, cookie } = await organiserEvent();
    await saveDomains(event.id, cookie, ['www.club-astro.fr', 'localhost:4188']);
    const page = await t.app.inject({ method: 'GET', url: `/embed/billetterie/${event.id}?origin=x&theme=dark` });
    expect(frameAncestorsOf(page.headers['content-security-policy'] as string)).toEqual([
      'frame-ancestors www.club-astro.fr localhost:4188',
    ]);
    expect(page.headers['x-frame-options']).toBeUndefined();
    expect(page.headers['x-robots-tag']).toBe('noindex');
    // The rest of the page policy is the site's.
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('is framed by nobody for an event without hosts, an unknown event or a malformed id', async () => {
    const { event } = await organiserEvent();
    const deleted = await organiserEvent();
    await saveDomains(deleted.event.id, deleted.cookie, ['www.example.org']);
    await t.database.db.update(events).set({ deletedAt: new Date() }).where(eq(events.id, deleted.event.id));
    for (const id of [event.id, deleted.event.id, '00000000-0000-0000-0000-000000000000', 'not-an-id']) {
      const page = await t.app.inject({ method: 'GET', url: `/embed/billetterie/${id}` });
      expect(page.statusCode, id).toBeLessThan(500);
      expect(frameAncestorsOf(page.headers['content-security-policy'] as string), id).toEqual([
        "frame-ancestors 'none'",
      ]);
      expect(page.headers['x-frame-options'], id).toBe('DENY');
    }
  });

  it('leaves every other page and the API unframeable, whatever an event declared', async () => {
    const { event, cookie } = await organiserEvent();
    await saveDomains(event.id, cookie, ['www.club-astro.fr']);
    for (const url of [`/billetterie/${event.id}`, '/', `/embed/billetterie/${event.id}/autre`]) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(frameAncestorsOf(page.headers['content-security-policy'] as string), url).toEqual([
        "frame-ancestors 'self'",
      ]);
      expect(page.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
    const api = await t.app.inject({ method: 'GET', url: `/api/events/${event.id}` });
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('is loaded by a script other sites may fetch', async () => {
    const script = await t.app.inject({ method: 'GET', url: '/embed.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(script.body).toContain('/embed/billetterie/');
    expect(script.body).toContain(JSON.stringify(embedFr.widget.fallbackLink));
  });
});

describe('a booking made from the shop', () => {
  it('is reported by its buyer once paid, and the shop polling its reference learns how many places', async () => {
    const { cookie, user } = await bookFreeTicket(t, 'Nuit des étoiles');
    const [order] = await t.database.db.select().from(orders).where(eq(orders.userId, user.id));
    const ref = newRef();
    const poll = () => t.app.inject({ method: 'GET', url: `/api/embed/bookings/${ref}` });
    expect((await poll()).json()).toEqual({ status: 'pending' });
    const report = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/embed/bookings',
        headers: { cookie },
        payload: { ref, orderId: order?.id },
      });
    expect((await report()).json()).toEqual({ status: 'done', places: 1 });
    // A reload of the result page reports it again: nothing changes.
    expect((await report()).statusCode).toBe(200);
    expect((await poll()).json()).toEqual({ status: 'done', places: 1 });
  });

  it('is not reported by someone else, nor before it is paid; a malformed reference is refused', async () => {
    const { user, cookie } = await bookFreeTicket(t, 'Conférence');
    const [order] = await t.database.db.select().from(orders).where(eq(orders.userId, user.id));
    const stranger = await createUser(t);
    const ref = newRef();
    const asStranger = await t.app.inject({
      method: 'POST',
      url: '/api/embed/bookings',
      headers: { cookie: await loginAs(t, stranger.email) },
      payload: { ref, orderId: order?.id },
    });
    expect(asStranger.statusCode).toBe(404);
    expect(asStranger.json().message).toBe(embedFr.bookings.orderNotFound);
    await t.database.db.update(orders).set({ status: 'awaiting_payment' }).where(eq(orders.userId, user.id));
    const unpaid = await t.app.inject({
      method: 'POST',
      url: '/api/embed/bookings',
      headers: { cookie },
      payload: { ref, orderId: order?.id },
    });
    expect(unpaid.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/embed/bookings/${ref}` })).json()).toEqual({
      status: 'pending',
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/embed/bookings/court' })).statusCode).toBe(400);
  });
});
