import { describe, expect, it } from 'vitest';
import { createEvent, createUser } from '../../../test/helpers';
import { useWebTestApp } from '../../../test/use-test-app';

const t = useWebTestApp();

/** The event page a visitor lands on: its preview, its first paint and its first data in the HTML. */
async function eventPage(values: { title?: string; description?: string }) {
  const organizer = await createUser(t, { isVerified: true });
  const { event } = await createEvent(t, organizer.id, { bannerPath: 'events/x/event-flyer-0a.jpg', ...values });
  const response = await t.app.inject({ method: 'GET', url: `/billetterie/${event.id}` });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('text/html');
  return response.body;
}

const doctypes = (html: string) => html.match(/<!doctype/gi)?.length ?? 0;

describe('an event page whose texts hold what String.replace reads as patterns', () => {
  it("is one document with the title escaped, for a title holding $` and $'", async () => {
    const html = await eventPage({ title: "Fête $` et $' ici <b>" });
    expect(doctypes(html)).toBe(1);
    expect(html.match(/<\/html>/g)).toHaveLength(1);
    expect(html).toContain("<title>Fête $` et $' ici &lt;b&gt; · ");
    expect(html).toContain(`<meta property="og:title" content="Fête $\` et $' ici &lt;b&gt; · `);
    expect(html).toContain(`<h1>Fête $\` et $' ici &lt;b&gt;</h1>`);
    expect(html).not.toContain('<b>');
  });

  it('stays the size of its text, for a description of $` 1,200 times', async () => {
    const description = '$`'.repeat(1_200);
    const html = await eventPage({ description });
    expect(doctypes(html)).toBe(1);
    expect(html).toContain(description);
    // The same page with a plain text of the same length: only the event's own id and title differ.
    const plain = await eventPage({ description: 'ab'.repeat(1_200) });
    expect(Math.abs(html.length - plain.length)).toBeLessThan(200);
  });

  it('is one document for every pattern String.replace knows ($&, $1, $<name>, $$)', async () => {
    const html = await eventPage({ title: 'Bal $& $1 $<x> $$ fin', description: "$'$&$`" });
    expect(doctypes(html)).toBe(1);
    expect(html).toContain('<title>Bal $&amp; $1 $&lt;x&gt; $$ fin · ');
  });

  it('gives the list of events as one document when a listed title holds $`', async () => {
    const organizer = await createUser(t, { isVerified: true });
    // Begun long ago and still on: first in the list (by its start), whatever the other tests have made.
    await createEvent(t, organizer.id, {
      title: "Liste $` et $' ici",
      bannerPath: 'events/x/event-flyer-0b.jpg',
      dateBegin: new Date('2001-01-01T10:00:00Z'),
      dateEnd: new Date(Date.now() + 3_600_000),
    });
    const response = await t.app.inject({ method: 'GET', url: '/billetterie' });
    expect(response.statusCode).toBe(200);
    expect(doctypes(response.body)).toBe(1);
    expect(response.body).toContain("<p>Liste $` et $' ici</p>");
  });
});
