import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { createEvent, createUser, getAs, loginAs } from '../../../test/helpers';
import { payAtSandboxBank, postOrder } from '../../../test/modules/checkout/support';
import { useTestApp } from '../../../test/use-test-app';
import { participations } from '../../db/schema';
import { issueOrderDocuments } from '../invoices/issue';
import { sellersFrom } from '../invoices/sellers';

// An order's places in one PDF, a page each (issue 30), beside each place's own PDF.
const t = useTestApp();

const HOLDERS = [
  { firstName: 'Alix', lastName: 'Acheteur' },
  { firstName: 'Camille', lastName: 'Durand' },
  { firstName: 'Дмитрий', lastName: 'Иванов' },
];

/** A paid order of three named places on an event of its own, numbered as after the sale. */
async function paidNamedOrder() {
  const organizer = await createUser(t, { isVerified: true });
  const { event, tickets } = await createEvent(
    t,
    organizer.id,
    { title: 'Nuit « Blanche » à Lyon', isNamedTickets: true },
    [{ title: 'Fosse', priceCents: 1500, quantity: 20 }],
  );
  const buyer = await createUser(t, { firstName: 'Alix', lastName: 'Acheteur' });
  const cookie = await loginAs(t, buyer.email);
  const created = await postOrder(t, cookie, {
    eventId: event.id,
    acceptTerms: true,
    lines: [{ ticketId: tickets[0]?.id, quantity: 3, holders: HOLDERS }],
  });
  expect(created.statusCode, created.body).toBe(201);
  const orderId: string = created.json().id;
  await payAtSandboxBank(t, orderId, { cookie });
  // Numbered as the confirmation's job does, without running every due job of a shared database.
  await issueOrderDocuments(t.database.db, orderId, { sellers: sellersFrom(t.config) });
  const places = await t.database.db.select().from(participations).where(eq(participations.orderId, orderId));
  return { event, orderId, cookie, places };
}

/** Each page's text, spaces made single. */
async function pagesOf(pdf: Buffer): Promise<string[]> {
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: false });
  return text.map((page) => page.replace(/\s+/g, ' '));
}

describe("an order's places in one PDF", () => {
  it('has one page per place, each with its holder, its number and its code', async () => {
    const { orderId, cookie, places } = await paidNamedOrder();
    const response = await getAs(t, `/api/me/orders/${orderId}/tickets.pdf`, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['content-disposition']).toBe('attachment; filename="billets-nuit-blanche-a-lyon.pdf"');
    const document = await PDFDocument.load(response.rawPayload);
    expect(document.getPageCount()).toBe(3);
    expect(document.getTitle()).toBe('Billets - Nuit « Blanche » à Lyon');

    const pages = await pagesOf(response.rawPayload);
    const numbers = places.map((place) => place.firstTicketNumber).sort((a, b) => (a ?? 0) - (b ?? 0));
    expect(numbers.every((number) => number !== null)).toBe(true);
    // In number order, each page its own place: one holder, one number.
    pages.forEach((page, index) => {
      const place = places.find((p) => p.firstTicketNumber === numbers[index]);
      expect(page).toContain(`Numéro de billet ${numbers[index]}`);
      expect(page).toContain(`Titulaire ${place?.holderFirstName} ${place?.holderLastName}`);
      expect(page).toContain('Nombre de places 1');
    });
    expect(new Set(pages.map((page) => page.match(/Titulaire (\S+ \S+)/)?.[1])).size).toBe(3);

    // Each place's own PDF still answers, one page.
    const one = await getAs(t, `/api/me/participations/${places[0]?.id}/ticket.pdf`, cookie);
    expect(one.statusCode).toBe(200);
    expect((await PDFDocument.load(one.rawPayload)).getPageCount()).toBe(1);
  });

  it('leaves out a place no longer valid, and does not exist for anyone else or for a wrong id', async () => {
    const { orderId, cookie, places } = await paidNamedOrder();
    const [gone] = places;
    await t.database.db
      .update(participations)
      .set({ cancelledAt: new Date() })
      .where(eq(participations.id, gone?.id ?? ''));
    const kept = await getAs(t, `/api/me/orders/${orderId}/tickets.pdf`, cookie);
    expect(kept.statusCode).toBe(200);
    const pages = await pagesOf(kept.rawPayload);
    expect(pages).toHaveLength(2);
    expect(pages.join(' ')).not.toContain(`${gone?.holderFirstName} ${gone?.holderLastName}`);

    const stranger = await loginAs(t, (await createUser(t)).email);
    for (const [url, cookieOf] of [
      [`/api/me/orders/${orderId}/tickets.pdf`, stranger],
      ['/api/me/orders/not-an-id/tickets.pdf', cookie],
    ] as const) {
      const refused = await getAs(t, url, cookieOf);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ code: 'TICKET_NOT_FOUND', message: 'Billet introuvable.' });
    }
  });
});
