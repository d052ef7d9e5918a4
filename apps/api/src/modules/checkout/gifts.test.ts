import { checkoutFr } from '@guichet/shared';
import { eq } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createUser, DAY, loginAs } from '../../../test/helpers';
import { payAtSandboxBank } from '../../../test/modules/checkout/support';
import { useTestApp } from '../../../test/use-test-app';
import { orderLines, orders, participations, tickets } from '../../db/schema';

const c = checkoutFr;

const t = useTestApp();
let organizer: { id: string; cookie: string };
beforeAll(async () => {
  const user = await createUser(t, { isVerified: true });
  organizer = { id: user.id, cookie: await loginAs(t, user.email) };
});

/** A paid 'Standard' ticket that offers the hidden 'Invitation' (one place), and an 'Autre' ticket that offers nothing. */
async function giftEvent(options: { standardPriceCents?: number; invitations?: number } = {}) {
  const {
    event,
    tickets: [standard, invitation, other],
  } = await createEvent(t, organizer.id, { dateMaxRefund: new Date(Date.now() + 5 * DAY) }, [
    { title: 'Standard', priceCents: options.standardPriceCents ?? 2000, quantity: 10 },
    { title: 'Invitation', priceCents: 1500, quantity: options.invitations ?? 1, isHidden: true },
    { title: 'Autre', priceCents: 1000, quantity: 10 },
  ]);
  if (!standard || !invitation || !other) throw new Error('tickets missing');
  const offer = await t.app.inject({
    method: 'PATCH',
    url: `/api/tickets/${standard.id}`,
    headers: { cookie: organizer.cookie },
    payload: { giftTicketIds: [invitation.id] },
  });
  expect(offer.statusCode).toBe(204);
  return { event, standard, invitation, other };
}

async function buyer() {
  const user = await createUser(t);
  return { ...user, cookie: await loginAs(t, user.email) };
}

const order = (cookie: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/orders', headers: { cookie }, payload: { acceptTerms: true, ...payload } });
/** One place of `ticketId` with the gift `giftTicketId`. */
const orderWithGift = (cookie: string, eventId: string, ticketId: string, giftTicketId: string) =>
  order(cookie, { eventId, lines: [{ ticketId, quantity: 1 }], giftTicketId });
const ticketRow = async (id: string) => (await t.database.db.select().from(tickets).where(eq(tickets.id, id)))[0];

describe('gift tickets', () => {
  it('holds the gift with the paid places, free, and issues it as an OFFERT participation once paid', async () => {
    const { event, standard, invitation } = await giftEvent();
    const { cookie, id: userId } = await buyer();
    const created = await order(cookie, {
      eventId: event.id,
      lines: [{ ticketId: standard.id, quantity: 2, refundPlaces: 1 }],
      giftTicketId: invitation.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    // The gift costs nothing: two places at 20 € and the refund option on one place.
    expect(created.json().totalCents).toBe(2 * 2000 + 120);
    expect(await ticketRow(invitation.id)).toMatchObject({ held: 1, sold: 0 });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, created.json().id));
    expect(row?.ticketCount).toBe(2);
    const lines = await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, created.json().id));
    expect(lines.find((l) => l.isGift)).toMatchObject({ ticketId: invitation.id, quantity: 1, unitPriceCents: 0 });

    await payAtSandboxBank(t, created.json().id, { cookie });
    expect(await ticketRow(invitation.id)).toMatchObject({ held: 0, sold: 1 });
    const issued = await t.database.db.select().from(participations).where(eq(participations.userId, userId));
    expect(issued.map((p) => [p.ticketId, p.quantity, p.isGift, p.refundPlaces]).sort()).toEqual(
      [
        // One ticket per place: the refund option goes to the first place.
        [standard.id, 1, false, 1],
        [standard.id, 1, false, 0],
        [invitation.id, 1, true, 0],
      ].sort(),
    );
    const mine = (await t.app.inject({ method: 'GET', url: '/api/me/participations', headers: { cookie } })).json();
    expect(mine.find((p: { ticketId: string }) => p.ticketId === invitation.id)).toMatchObject({
      isGift: true,
      refundPlaces: 0,
    });
  });

  it("prints OFFERT on the gift's PDF ticket, and only on it", async () => {
    const { event, standard, invitation } = await giftEvent();
    const { cookie, id: userId } = await buyer();
    const created = await orderWithGift(cookie, event.id, standard.id, invitation.id);
    expect(created.statusCode, created.body).toBe(201);
    await payAtSandboxBank(t, created.json().id, { cookie });
    const issued = await t.database.db.select().from(participations).where(eq(participations.userId, userId));
    const textOf = async (ticketId: string) => {
      const id = issued.find((p) => p.ticketId === ticketId)?.id;
      const url = `/api/me/participations/${id}/ticket.pdf`;
      const pdf = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(pdf.statusCode).toBe(200);
      const { text } = await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true });
      return text;
    };
    const gift = await textOf(invitation.id);
    expect(gift).toContain('Invitation — OFFERT');
    expect(gift).toContain('Gratuit');
    const paid = await textOf(standard.id);
    expect(paid).not.toContain('OFFERT');
    expect(paid).toContain('20,00 €');
  });

  it('refuses the whole order when the gift has no place left, holding nothing', async () => {
    const { event, standard, invitation } = await giftEvent({ invitations: 1 });
    const first = await buyer();
    expect(
      (
        await order(first.cookie, {
          eventId: event.id,
          lines: [{ ticketId: standard.id, quantity: 1 }],
          giftTicketId: invitation.id,
        })
      ).statusCode,
    ).toBe(201);
    const second = await buyer();
    const refused = await order(second.cookie, {
      eventId: event.id,
      lines: [{ ticketId: standard.id, quantity: 1 }],
      giftTicketId: invitation.id,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'SOLD_OUT', message: c.noPlaceLeft });
    expect(await ticketRow(standard.id)).toMatchObject({ held: 1 });
    // Without the gift, the same buyer gets their place.
    expect(
      (await order(second.cookie, { eventId: event.id, lines: [{ ticketId: standard.id, quantity: 1 }] })).statusCode,
    ).toBe(201);
  });

  it('refuses a gift the ordered ticket does not offer, or one no longer offered, and writes nothing', async () => {
    const { event, standard, invitation, other } = await giftEvent();
    const { cookie } = await buyer();
    const notOffered = await orderWithGift(cookie, event.id, other.id, invitation.id);
    expect(notOffered.statusCode).toBe(409);
    expect(notOffered.json()).toMatchObject({ code: 'TICKET_UNAVAILABLE', message: c.ticketUnavailable });

    // A first order puts the sale in the server's short-lived copy; the organiser then withdraws the gift.
    expect((await order(cookie, { eventId: event.id, lines: [{ ticketId: other.id, quantity: 1 }] })).statusCode).toBe(
      201,
    );
    await t.app.inject({
      method: 'PATCH',
      url: `/api/tickets/${standard.id}`,
      headers: { cookie: organizer.cookie },
      payload: { giftTicketIds: [] },
    });
    const withdrawn = await orderWithGift(cookie, event.id, standard.id, invitation.id);
    expect(withdrawn.json()).toMatchObject({ code: 'TICKET_UNAVAILABLE' });
    expect(await ticketRow(invitation.id)).toMatchObject({ held: 0, sold: 0 });
    expect(await ticketRow(standard.id)).toMatchObject({ held: 0, sold: 0 });
  });

  it('books a free ticket with its gift at once', async () => {
    const { event, standard, invitation } = await giftEvent({ standardPriceCents: 0 });
    const { cookie, id: userId } = await buyer();
    const created = await orderWithGift(cookie, event.id, standard.id, invitation.id);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ status: 'paid', totalCents: 0 });
    const issued = await t.database.db.select().from(participations).where(eq(participations.userId, userId));
    expect(issued.filter((p) => p.isGift).map((p) => p.ticketId)).toEqual([invitation.id]);
    expect(await ticketRow(invitation.id)).toMatchObject({ sold: 1, held: 0 });
  });
});
