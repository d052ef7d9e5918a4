import { accountFr, ticketsFr } from '@guichet/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs } from '../../../test/helpers';
import { buyAndPay, raceEvent } from '../../../test/modules/checkout/support';
import { useTestApp } from '../../../test/use-test-app';
import { events, mailOutbox, participations } from '../../db/schema';

const m = accountFr.myTickets;

const t = useTestApp();
let organizer: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  organizer = await createUser(t, { isVerified: true });
});

/** A logged-in buyer's order paid through the sandbox bank, as the event page makes it. */
const buy = (cookie: string, eventId: string, line: { ticketId: string; quantity: number; refundPlaces?: number }) =>
  buyAndPay(t, cookie, eventId, line);

async function buyerWithTicket(refundPlaces: number) {
  const { event, a } = await raceEvent(t, organizer.id, { a: 10, b: 1, c1: 1, c2: 1 });
  const buyer = await createUser(t, { firstName: 'Inès' });
  const cookie = await loginAs(t, buyer.email);
  await buy(cookie, event.id, { ticketId: a.id, quantity: 2, ...(refundPlaces > 0 && { refundPlaces }) });
  const mine = await t.app.inject({ method: 'GET', url: '/api/me/participations', headers: { cookie } });
  // Each place is its own ticket: the first insured one, if any.
  const places = mine.json() as { refundPlaces: number }[];
  const participation = places.find((place) => place.refundPlaces > 0) ?? places[0];
  return { event, buyer, cookie, participation: participation as { id: string; refundPlaces: number } };
}

const ask = (participationId: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/me/participations/${participationId}/refund-request`,
    headers: cookie ? { cookie } : {},
  });

const mailsTo = async (to: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
const requestedAt = async (id: string) =>
  (await t.database.db.select().from(participations).where(eq(participations.id, id)))[0]?.refundRequestedAt;

describe('a ticket card', () => {
  it('lists the ticket with its holder, refund places and refund date', async () => {
    const { event, participation } = await buyerWithTicket(2);
    expect(participation).toMatchObject({
      eventId: event.id,
      ticketTitle: 'A',
      // One card per place, each with its own refund option (issue 30).
      quantity: 1,
      firstName: 'Inès',
      refundPlaces: 1,
      refundRequested: false,
      isGift: false,
      dateMaxRefund: event.dateMaxRefund?.toISOString(),
    });
  });
});

describe('asking for a refund', () => {
  it('records the request once, e-mails the organiser and the holder, and shows it on the card', async () => {
    const { event, buyer, cookie, participation } = await buyerWithTicket(2);
    const organiserMailsBefore = (await mailsTo(organizer.email)).length;

    const response = await ask(participation.id, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(m.requested);

    const mine = (await t.app.inject({ method: 'GET', url: '/api/me/participations', headers: { cookie } })).json();
    const card = (id: string) => mine.find((place: { id: string }) => place.id === id);
    expect(card(participation.id).refundRequested).toBe(true);
    // The order's other place is a ticket of its own, not asked for.
    expect(mine.filter((place: { refundRequested: boolean }) => !place.refundRequested)).toHaveLength(1);
    const organiserMails = await mailsTo(organizer.email);
    expect(organiserMails).toHaveLength(organiserMailsBefore + 1);
    const organiserMail = organiserMails.find((mail) => mail.subject.includes('remboursement'));
    expect(organiserMail?.subject).toContain(event.title);
    expect(organiserMail?.text).toContain(buyer.email);
    expect(organiserMail?.text).toContain('Places remboursables : 1');
    const holderMails = await mailsTo(buyer.email);
    expect(holderMails.some((mail) => mail.subject === m.holderMail.subject(t.config.brandName, event.title))).toBe(
      true,
    );

    const again = await ask(participation.id, cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'REFUND_ALREADY_REQUESTED', message: m.alreadyRequested });
    expect(await mailsTo(organizer.email)).toHaveLength(organiserMailsBefore + 1);
  });

  it('answers two simultaneous requests for the same ticket once', async () => {
    const { cookie, participation } = await buyerWithTicket(1);
    const answers = await Promise.all([ask(participation.id, cookie), ask(participation.id, cookie)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });

  it('refuses a ticket bought without the refund option, and writes nothing', async () => {
    const { cookie, participation } = await buyerWithTicket(0);
    expect(participation.refundPlaces).toBe(0);
    const response = await ask(participation.id, cookie);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'NOT_REFUNDABLE', message: m.notRefundable });
    expect(await requestedAt(participation.id)).toBeNull();
  });

  it('refuses once the refund date has passed, and writes nothing', async () => {
    const { event, cookie, participation } = await buyerWithTicket(2);
    await t.database.db
      .update(events)
      .set({ dateMaxRefund: new Date(Date.now() - 60_000) })
      .where(eq(events.id, event.id));
    const response = await ask(participation.id, cookie);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'REFUND_DEADLINE_PASSED', message: m.deadlinePassed });
    expect(await requestedAt(participation.id)).toBeNull();
  });

  it("never lets anyone else read or ask for someone's ticket", async () => {
    const { cookie, participation } = await buyerWithTicket(2);
    const other = await createUser(t);
    const otherCookie = await loginAs(t, other.email);
    const organiserCookie = await loginAs(t, organizer.email);

    for (const intruder of [otherCookie, organiserCookie]) {
      const response = await ask(participation.id, intruder);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(ticketsFr.ticket.notFound);
      const theirs = await t.app.inject({
        method: 'GET',
        url: '/api/me/participations',
        headers: { cookie: intruder },
      });
      expect(theirs.json().some((p: { id: string }) => p.id === participation.id)).toBe(false);
    }
    expect((await ask(participation.id)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/me/participations' })).statusCode).toBe(401);
    expect((await ask('not-a-uuid', cookie)).statusCode).toBe(404);
    expect(await requestedAt(participation.id)).toBeNull();
  });
});
