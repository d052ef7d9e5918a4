import { normalizeEmail } from '@guichet/shared';
import { eq } from 'drizzle-orm';
import { orders, participations, tickets, users } from '../../../src/db/schema';
import { applyPaymentResult } from '../../../src/modules/orders/payment-result';
import { createEvent, createUser, DAY, loginAs, sessionCookie, type TestApp } from '../../helpers';

/** A public paid event with plain tickets and a choice ticket whose options hold the places. */
export async function raceEvent(
  t: TestApp,
  organizerId: string,
  capacities: { a: number; b: number; c1: number; c2: number },
) {
  const {
    event,
    tickets: [a, b, c],
  } = await createEvent(t, organizerId, { dateMaxRefund: new Date(Date.now() + 5 * DAY) }, [
    { title: 'A', priceCents: 1000, quantity: capacities.a },
    { title: 'B', priceCents: 2500, quantity: capacities.b },
    { title: 'C', priceCents: 3000, quantity: capacities.c1 + capacities.c2, isMultipart: true },
  ]);
  const options = await t.database.db
    .insert(tickets)
    .values([
      { eventId: event.id, parentId: c?.id, title: 'C1', priceCents: 3000, quantity: capacities.c1, position: 3 },
      { eventId: event.id, parentId: c?.id, title: 'C2', priceCents: 4000, quantity: capacities.c2, position: 4 },
    ])
    .returning();
  if (!a || !b || !c) throw new Error('tickets missing');
  return { event, a, b, c, c1: options[0], c2: options[1] };
}

export async function createBuyers(t: TestApp, count: number, passwordHash: string) {
  const buyers = [];
  for (let i = 0; i < count; i++) buyers.push(createUser(t, { passwordHash, firstName: `Acheteur${i}` }));
  return Promise.all(buyers);
}

/**
 * The Cookie header of the payload's buyer, signed in (every order needs the proof of its e-mail,
 * issue 15); none when the payload names no buyer or nobody has that e-mail.
 */
export async function buyerCookie(t: TestApp, payload: object): Promise<string | undefined> {
  const email = (payload as { buyer?: { email?: string } }).buyer?.email;
  if (!email) return undefined;
  const user = await t.database.db.query.users.findFirst({ where: eq(users.email, normalizeEmail(email)) });
  return user ? sessionCookie(t, user.id) : undefined;
}

export function guestBuyer(user: { email: string }) {
  return { email: user.email, firstName: 'Alex', lastName: 'Martin', birthDate: '1999-04-02' };
}

/**
 * A new buyer, signed in (a session written directly), who orders `lines` of the event under the
 * guest form's name: the answer, the order's id, the buyer and their Cookie header.
 */
export async function placeGuestOrder(
  t: TestApp,
  eventId: string,
  lines: { ticketId: string | undefined; quantity: number }[],
  buyerValues: Parameters<typeof createUser>[1] = {},
) {
  const buyer = await createUser(t, buyerValues);
  const cookie = await sessionCookie(t, buyer.id);
  const response = await postOrder(t, cookie, { eventId, buyer: guestBuyer(buyer), lines });
  return { response, id: response.json().id as string, buyer, cookie };
}

/** A new race event whose ticket A has `places`, `quantity` of them held by a new guest buyer. */
export async function heldGuestOrder(t: TestApp, organizerId: string, places: number, quantity: number) {
  const { event, a } = await raceEvent(t, organizerId, { a: places, b: 1, c1: 1, c2: 1 });
  return { event, a, ...(await placeGuestOrder(t, event.id, [{ ticketId: a.id, quantity }])) };
}

/** A new event's tickets A and B, `a` and `b` of them bought by a new buyer and paid at the sandbox bank. */
export async function paidGuestOrder(
  t: TestApp,
  [a, b]: [number, number],
  buyerValues: Parameters<typeof createUser>[1] = {},
) {
  const organizerId = (await createUser(t, { isVerified: true })).id;
  const race = await raceEvent(t, organizerId, { a: 5, b: 5, c1: 1, c2: 1 });
  const order = await placeGuestOrder(
    t,
    race.event.id,
    [
      { ticketId: race.a.id, quantity: a },
      { ticketId: race.b.id, quantity: b },
    ],
    buyerValues,
  );
  if (order.response.statusCode !== 201)
    throw new Error(`the order answered ${order.response.statusCode}: ${order.response.body}`);
  await payAtSandboxBank(t, order.id, { cookie: order.cookie });
  return { ...order, event: race.event };
}

/** A user holding a free ticket of a new event, booked through the API as the event page does. */
export async function bookFreeTicket(t: TestApp, title: string) {
  const organizer = await createUser(t, { isVerified: true });
  const { event, tickets } = await createEvent(t, organizer.id, { title }, [{ title: 'Entrée libre', priceCents: 0 }]);
  const user = await createUser(t, { firstName: 'Zoé', lastName: 'Lefèvre' });
  const cookie = await loginAs(t, user.email);
  const order = await postOrder(t, cookie, {
    eventId: event.id,
    lines: [{ ticketId: tickets[0]?.id, quantity: 1 }],
    acceptTerms: true,
  });
  if (order.statusCode !== 201) throw new Error(`the order answered ${order.statusCode}: ${order.body}`);
  const [participation] = await t.database.db.select().from(participations).where(eq(participations.userId, user.id));
  if (!participation) throw new Error('no participation');
  return { event, user, cookie, participation, reference: order.json().reference as string };
}

/** An order posted to the API as the buyer whose Cookie header is given: the answer. */
export function postOrder(t: TestApp, cookie: string, payload: object) {
  return t.app.inject({ method: 'POST', url: '/api/orders', headers: { cookie }, payload });
}

/** A signed-in buyer's order of one line, paid at the sandbox bank: its id. */
export async function buyAndPay(
  t: TestApp,
  cookie: string,
  eventId: string,
  line: { ticketId: string; quantity: number; refundPlaces?: number; dateId?: string },
) {
  const created = await postOrder(t, cookie, { eventId, lines: [line], acceptTerms: true });
  if (created.statusCode !== 201) throw new Error(`the order answered ${created.statusCode}: ${created.body}`);
  await payAtSandboxBank(t, created.json().id, { cookie });
  return created.json().id as string;
}

const urlencoded = { 'content-type': 'application/x-www-form-urlencoded' };

/** Pays a held order at the sandbox bank (signed form, bank page, 'pay'), as the buyer's browser does. */
export async function payAtSandboxBank(t: TestApp, orderId: string, auth: { cookie?: string; token?: string }) {
  const { token } = await openSandboxBank(t, orderId, auth.cookie ? { cookie: auth.cookie } : {}, auth.token);
  const decision = await decideAtSandbox(t, token, 'pay');
  if (decision.statusCode !== 303) throw new Error(`the bank answered ${decision.statusCode}`);
}

/**
 * The buyer's browser at the sandbox bank: the payment started (headers as a browser sends them,
 * or a guest's order token), the form posted, the page read.
 */
export async function openSandboxBank(
  t: TestApp,
  orderId: string,
  headers: Record<string, string>,
  orderToken?: string,
) {
  const query = orderToken ? `?token=${orderToken}` : '';
  const start = await t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/payment${query}`, headers });
  if (start.statusCode !== 200) throw new Error(`payment start answered ${start.statusCode}: ${start.body}`);
  const { redirect } = start.json() as { redirect: { action: string; fields: [string, string][] } };
  return { redirect, ...(await postBankForm(t, redirect)) };
}

/** The payment form posted to the sandbox bank as the browser does: its page and the token of its decision. */
export async function postBankForm(t: TestApp, redirect: { action: string; fields: [string, string][] }) {
  const page = await t.app.inject({
    method: 'POST',
    url: new URL(redirect.action).pathname,
    headers: urlencoded,
    payload: new URLSearchParams(redirect.fields).toString(),
  });
  return { page, token: /name="token" value="([^"]+)"/.exec(page.body)?.[1] ?? '' };
}

/** A decision on the sandbox bank's page ('pay', 'refuse' with a motif, 'cancel'); the bank then calls the IPN. */
export function decideAtSandbox(t: TestApp, token: string, decision: string, motif?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/sandbox-bank/decide',
    headers: urlencoded,
    payload: new URLSearchParams({ token, decision, ...(motif ? { motif } : {}) }).toString(),
  });
}

/** The order's payment reference, as the bank sends it back. */
export async function orderReference(t: TestApp, orderId: string): Promise<string> {
  return (await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]?.reference ?? '';
}

/** A sandbox bank notification applied as its IPN route would: the verdict. */
export function notifySandbox(t: TestApp, result: Parameters<typeof applyPaymentResult>[1]) {
  return applyPaymentResult({ db: t.database.db, config: t.config }, result, 'sandbox');
}
