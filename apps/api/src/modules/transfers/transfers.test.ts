import { transfersFr } from '@guichet/shared';
import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs, uniqueEmail } from '../../../test/helpers';
import { buyAndPay, raceEvent } from '../../../test/modules/checkout/support';
import { useTestApp } from '../../../test/use-test-app';
import { eventStaff, events, jobs, mailOutbox, participations, ticketTransfers, walletPasses } from '../../db/schema';

const e = transfersFr.errors;
const t = useTestApp();
let organizer: Awaited<ReturnType<typeof createUser>>;
let organizerCookie: string;
beforeAll(async () => {
  organizer = await createUser(t, { isVerified: true });
  organizerCookie = await loginAs(t, organizer.email);
});

type Mine = {
  id: string;
  firstName: string;
  lastName: string;
  ticketNumbers: number[];
  pendingTransfer: { id: string; toEmail: string } | null;
};

const myTickets = async (cookie: string): Promise<Mine[]> =>
  (await t.app.inject({ method: 'GET', url: '/api/me/participations', headers: { cookie } })).json();

/** A buyer holding one paid place (one participation of quantity 1) of a new event. */
async function holderOfOnePlace(quantity = 1) {
  const { event, a } = await raceEvent(t, organizer.id, { a: 10, b: 1, c1: 1, c2: 1 });
  const buyer = await createUser(t, { firstName: 'Inès' });
  const cookie = await loginAs(t, buyer.email);
  await buyAndPay(t, cookie, event.id, { ticketId: a.id, quantity });
  const [place] = await myTickets(cookie);
  if (!place) throw new Error('no place bought');
  return { event, buyer, cookie, place };
}

async function receiver() {
  const user = await createUser(t, { firstName: 'Rémi' });
  return { user, cookie: await loginAs(t, user.email) };
}

const send = (participationId: string, email: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/me/participations/${participationId}/transfer`,
    headers: cookie ? { cookie } : {},
    payload: { email },
  });

const accept = (token: string, cookie?: string) =>
  t.app.inject({ method: 'POST', url: `/api/transfers/${token}/accept`, headers: cookie ? { cookie } : {} });

/** The token of the last transfer link mailed to `email`. */
async function mailedToken(email: string): Promise<string> {
  const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  const link = mails
    .map((mail) => /\/transfert\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1])
    .filter(Boolean)
    .at(-1);
  if (!link) throw new Error(`no transfer link mailed to ${email}`);
  return link;
}

const codeOf = async (participationId: string, cookie: string) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/me/participations/${participationId}/code`, headers: { cookie } })
  ).json().code as string;

const scan = (eventId: string, code: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/checkin/events/${eventId}/scans`,
    headers: { cookie: organizerCookie },
    payload: { code },
  });

async function transferred() {
  const holder = await holderOfOnePlace();
  const to = await receiver();
  const sent = await send(holder.place.id, to.user.email, holder.cookie);
  expect(sent.statusCode).toBe(201);
  return { ...holder, to, transferId: sent.json().id as string, token: await mailedToken(to.user.email) };
}

describe('sending a ticket', () => {
  it('sends a link by e-mail and shows the pending transfer on the card until it is accepted', async () => {
    const { place, cookie, to, transferId, token } = await transferred();
    const [card] = await myTickets(cookie);
    expect(card?.pendingTransfer).toMatchObject({ id: transferId, toEmail: to.user.email });
    const [row] = await t.database.db.select().from(ticketTransfers).where(eq(ticketTransfers.id, transferId));
    // Only the token's hash is kept.
    expect(row?.tokenHash).not.toContain(token);
    expect(row?.participationId).toBe(place.id);
    // The link's page is readable before signing in.
    const page = await t.app.inject({ method: 'GET', url: `/api/transfers/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ status: 'pending', toEmail: to.user.email, senderName: expect.any(String) });
  });

  it('refuses one clear answer for each bad transfer, and writes nothing', async () => {
    const { place, cookie, buyer } = await holderOfOnePlace();
    const to = await receiver();
    const self = await send(place.id, buyer.email.toUpperCase(), cookie);
    expect(self.statusCode).toBe(409);
    expect(self.json()).toMatchObject({ code: 'TRANSFER_TO_SELF', message: e.toSelf });
    const invalid = await send(place.id, 'pas-une-adresse', cookie);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe(e.emailInvalid);
    const stranger = await send(place.id, to.user.email, to.cookie);
    expect(stranger.statusCode).toBe(404);
    expect((await send(place.id, to.user.email)).statusCode).toBe(401);
    expect(
      await t.database.db.select().from(ticketTransfers).where(eq(ticketTransfers.participationId, place.id)),
    ).toEqual([]);
    expect((await send(place.id, to.user.email, cookie)).statusCode).toBe(201);
    const twice = await send(place.id, uniqueEmail('autre'), cookie);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'TRANSFER_PENDING', message: e.alreadyPending });
  });

  it('refuses a scanned ticket and a refunded one, and sends one place of an order of two alone', async () => {
    const scanned = await holderOfOnePlace();
    expect((await scan(scanned.event.id, await codeOf(scanned.place.id, scanned.cookie))).statusCode).toBe(200);
    const refused = await send(scanned.place.id, uniqueEmail('ami'), scanned.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'TICKET_SCANNED', message: e.scanned });

    // One ticket per place: a place of an order of two goes alone, the other stays.
    const several = await holderOfOnePlace(2);
    const one = await send(several.place.id, uniqueEmail('ami'), several.cookie);
    expect(one.statusCode).toBe(201);
    expect(
      (await myTickets(several.cookie)).filter((p: { pendingTransfer: unknown }) => !p.pendingTransfer),
    ).toHaveLength(1);

    const cancelled = await holderOfOnePlace();
    await t.database.db
      .update(participations)
      .set({ cancelledAt: new Date() })
      .where(eq(participations.id, cancelled.place.id));
    const gone = await send(cancelled.place.id, uniqueEmail('ami'), cancelled.cookie);
    expect(gone.statusCode).toBe(409);
    expect(gone.json()).toMatchObject({ code: 'TICKET_NOT_LIVE', message: e.notLive });
  });

  it('follows the organiser: transfers forbidden, or past their last date', async () => {
    const { event, place, cookie } = await holderOfOnePlace();
    const settings = (body: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/console/events/${event.id}/transfer-settings`,
        headers: { cookie: organizerCookie },
        payload: body,
      });
    const defaults = await t.app.inject({
      method: 'GET',
      url: `/api/console/events/${event.id}/transfer-settings`,
      headers: { cookie: organizerCookie },
    });
    expect(defaults.json()).toEqual({ transfersAllowed: true, transferDeadline: null, transferExpiryDays: 7 });
    const badDelay = await settings({ transfersAllowed: true, transferDeadline: null, transferExpiryDays: 0 });
    expect(badDelay.statusCode).toBe(400);
    expect(badDelay.json().message).toBe(e.expiryDays(30));

    expect(
      (await settings({ transfersAllowed: false, transferDeadline: null, transferExpiryDays: 3 })).statusCode,
    ).toBe(200);
    const forbidden = await send(place.id, uniqueEmail('ami'), cookie);
    expect(forbidden.json()).toMatchObject({ code: 'TRANSFERS_FORBIDDEN', message: e.forbidden });

    const past = new Date(Date.now() - 60_000).toISOString();
    await settings({ transfersAllowed: true, transferDeadline: past, transferExpiryDays: 3 });
    const late = await send(place.id, uniqueEmail('ami'), cookie);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('TRANSFER_DEADLINE_PASSED');

    await settings({ transfersAllowed: true, transferDeadline: null, transferExpiryDays: 3 });
    expect((await send(place.id, uniqueEmail('ami'), cookie)).statusCode).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(ticketTransfers)
      .where(eq(ticketTransfers.participationId, place.id));
    const days = ((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)) / 86_400_000;
    expect(Math.round(days)).toBe(3);
  });
});

describe('accepting a ticket', () => {
  it('gives the receiver a new code with the same number; the old code is refused as transferred', async () => {
    const { event, place, cookie, to, token } = await transferred();
    const oldCode = await codeOf(place.id, cookie);

    expect((await accept(token)).statusCode).toBe(401);
    const intruder = await receiver();
    const notYours = await accept(token, intruder.cookie);
    expect(notYours.statusCode).toBe(403);
    expect(notYours.json().code).toBe('TRANSFER_NOT_YOURS');

    const accepted = await accept(token, to.cookie);
    expect(accepted.statusCode).toBe(201);
    const newId = accepted.json().participationId as string;
    expect(newId).not.toBe(place.id);

    expect(await myTickets(cookie)).toEqual([]);
    const [theirs] = await myTickets(to.cookie);
    expect(theirs?.id).toBe(newId);
    // The ticket is in the receiver's name, no longer the buyer's.
    expect(theirs).toMatchObject({ firstName: 'Rémi', lastName: to.user.lastName });
    expect(theirs?.ticketNumbers).toHaveLength(1);
    const [old] = await t.database.db.select().from(participations).where(eq(participations.id, place.id));
    expect(theirs?.ticketNumbers).toEqual([old?.firstTicketNumber]);
    expect(old?.transferredTo).toBe(newId);

    const refused = await scan(event.id, oldCode);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('TICKET_TRANSFERRED');
    const newCode = await codeOf(newId, to.cookie);
    expect(newCode).not.toBe(oldCode);
    expect((await scan(event.id, newCode)).statusCode).toBe(200);

    // The offline scanners learn it at their next synchronisation.
    const manifest = (
      await t.app.inject({
        method: 'GET',
        url: `/api/checkin/events/${event.id}/manifest`,
        headers: { cookie: organizerCookie },
      })
    ).json();
    expect(manifest.revoked).toContain(place.id);
    expect(manifest.participations.map((p: { id: string }) => p.id)).toEqual([newId]);

    const again = await accept(token, to.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'TRANSFER_USED', message: e.linkUsed });
    expect((await t.app.inject({ method: 'GET', url: `/api/transfers/${token}` })).json().status).toBe('accepted');

    // The organiser's history of the place, along the chain.
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/console/events/${event.id}/participations/${newId}/transfers`,
      headers: { cookie: organizerCookie },
    });
    expect(history.statusCode).toBe(200);
    expect(history.json()).toMatchObject([{ status: 'accepted', toEmail: to.user.email, endedAt: expect.any(String) }]);
  });

  it('can be sent on again by the receiver, and the history keeps both transfers', async () => {
    const { event, to, token } = await transferred();
    const first = (await accept(token, to.cookie)).json().participationId as string;
    const third = await receiver();
    expect((await send(first, third.user.email, to.cookie)).statusCode).toBe(201);
    const second = await accept(await mailedToken(third.user.email), third.cookie);
    expect(second.statusCode).toBe(201);
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/console/events/${event.id}/participations/${second.json().participationId}/transfers`,
      headers: { cookie: organizerCookie },
    });
    expect(history.json().map((x: { toEmail: string }) => x.toEmail)).toEqual([to.user.email, third.user.email]);
  });

  it('is refused once the sender cancelled it, and the place stays theirs', async () => {
    const { place, cookie, to, token } = await transferred();
    const cancel = () =>
      t.app.inject({ method: 'DELETE', url: `/api/me/participations/${place.id}/transfer`, headers: { cookie } });
    expect((await cancel()).statusCode).toBe(204);
    const refused = await accept(token, to.cookie);
    expect(refused.statusCode).toBe(410);
    expect(refused.json()).toMatchObject({ code: 'TRANSFER_CANCELLED', message: e.linkCancelled });
    expect((await cancel()).statusCode).toBe(404);
    expect((await myTickets(cookie))[0]).toMatchObject({ id: place.id, pendingTransfer: null });
  });

  it('is refused after its delay, and a new one may then be sent', async () => {
    const { place, cookie, to, transferId, token } = await transferred();
    await t.database.db
      .update(ticketTransfers)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(ticketTransfers.id, transferId));
    const refused = await accept(token, to.cookie);
    expect(refused.statusCode).toBe(410);
    expect(refused.json()).toMatchObject({ code: 'TRANSFER_EXPIRED', message: e.linkExpired });
    expect((await t.app.inject({ method: 'GET', url: `/api/transfers/${token}` })).json().status).toBe('expired');
    expect((await myTickets(cookie))[0]?.pendingTransfer).toBeNull();
    expect((await send(place.id, to.user.email, cookie)).statusCode).toBe(201);
  });

  it('is refused when the ticket was scanned in the meantime, and nothing moves', async () => {
    const { event, place, cookie, to, token } = await transferred();
    expect((await scan(event.id, await codeOf(place.id, cookie))).statusCode).toBe(200);
    const refused = await accept(token, to.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('TICKET_SCANNED');
    expect(await myTickets(to.cookie)).toEqual([]);
    const live = await t.database.db
      .select()
      .from(participations)
      .where(and(eq(participations.eventId, event.id)));
    expect(live.map((p) => [p.id, p.transferredAt])).toEqual([[place.id, null]]);
  });

  it('voids the old ticket’s wallet pass and queues its push, in the acceptance’s transaction', async () => {
    const { place, to, token } = await transferred();
    const before = new Date(Date.now() - 60_000);
    await t.database.db.insert(walletPasses).values({ participationId: place.id, updatedAt: before });
    expect((await accept(token, to.cookie)).statusCode).toBe(201);
    const [pass] = await t.database.db.select().from(walletPasses).where(eq(walletPasses.participationId, place.id));
    expect(pass?.updatedAt.getTime()).toBeGreaterThan(before.getTime());
    const pushes = await t.database.db.select().from(jobs).where(eq(jobs.kind, 'wallet_push'));
    expect(pushes.some((job) => (job.payload as { participationId?: string }).participationId === place.id)).toBe(true);
  });

  it('gives the place once when the link is accepted twice at the same moment', async () => {
    const { event, to, token } = await transferred();
    const answers = await Promise.all([accept(token, to.cookie), accept(token, to.cookie)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const live = await t.database.db
      .select()
      .from(participations)
      .where(and(eq(participations.eventId, event.id), isNull(participations.cancelledAt)));
    expect(live).toHaveLength(1);
  });

  it('numbers a place sold a moment ago before handing it on, so the receiver keeps its number', async () => {
    const { event, place, to, token } = await transferred();
    // As just after the sale, before the documents job gave the place its number.
    await t.database.db.update(participations).set({ firstTicketNumber: null }).where(eq(participations.id, place.id));
    const accepted = await accept(token, to.cookie);
    expect(accepted.statusCode).toBe(201);
    const rows = await t.database.db.select().from(participations).where(eq(participations.eventId, event.id));
    const [old] = rows.filter((row) => row.id === place.id);
    const [fresh] = rows.filter((row) => row.id === accepted.json().participationId);
    expect(old?.firstTicketNumber).not.toBeNull();
    expect(fresh?.firstTicketNumber).toBe(old?.firstTicketNumber);
  });

  it('answers an unknown link as not found', async () => {
    const { cookie } = await receiver();
    expect((await accept('inconnu', cookie)).json()).toMatchObject({
      code: 'TRANSFER_NOT_FOUND',
      message: e.linkNotFound,
    });
  });
});

describe('the organiser side', () => {
  it('hides the settings and the history from anyone not running the event', async () => {
    const { event, place } = await holderOfOnePlace();
    const other = await createUser(t, { isVerified: true });
    const cookie = await loginAs(t, other.email);
    await t.database.db.insert(eventStaff).values({ eventId: event.id, userId: other.id, addedBy: organizer.id });
    for (const url of [
      `/api/console/events/${event.id}/transfer-settings`,
      `/api/console/events/${event.id}/participations/${place.id}/transfers`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url, headers: { cookie } })).statusCode).toBe(404);
    }
    const [row] = await t.database.db.select().from(events).where(eq(events.id, event.id));
    expect(row?.transfersAllowed).toBe(true);
  });
});
