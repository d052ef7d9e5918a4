import { and, eq, gt, inArray, isNotNull, isNull } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createUser, DAY, uniqueEmail } from '../../../test/helpers';
import { type Action, type Pick, step } from '../../../test/modules/ledger/sequence-arbitrary';
import { useTestApp } from '../../../test/use-test-app';
import { discountCodes, orders, participations, sessions } from '../../db/schema';
import { httpDuration } from '../../lib/metrics';
import { randomToken, sha256 } from '../../lib/tokens';
import { SESSION_COOKIE } from '../../plugins/session';
import { findLedgerDifferences } from './invariants';

/**
 * Random sequences of what moves money or places (holds, payments, door sales, refunds,
 * cancellations, payout requests and batches, adjustments), each through the HTTP API, some of
 * them two at once; after every step the ledger agrees with the rest of the database
 * (invariants.ts) and no answer was a 5xx. Deterministic: LEDGER_SEED, LEDGER_RUNS and
 * LEDGER_STEPS change the seed, the number of sequences and their length; a failure names the
 * seed and the sequence; LEDGER_TRACE=1 prints how often each route answered each code, to see
 * what the mix reached. On PGlite (no DATABASE_URL) fewer sequences run, one statement at a time.
 */
const SEED = Number(process.env.LEDGER_SEED ?? 20_270_127);
const RUNS = Number(process.env.LEDGER_RUNS ?? (process.env.DATABASE_URL ? 12 : 10));
const STEPS = Number(process.env.LEDGER_STEPS ?? 40);

let offset = 0;
const clock = { now: () => new Date(Date.now() + offset) };

// A database of its own: the steps run the job queue, and the check reads every table whole.
const t = useTestApp({ clock, isolated: true, config: { logLevel: 'error' } });
let admin: string;
beforeAll(async () => {
  admin = await cookieOf((await createUser(t, { role: 'admin' })).id);
}, 120_000);

/** A session that outlives the test clock's jumps past the events' ends. */
async function cookieOf(userId: string): Promise<string> {
  const token = randomToken();
  await t.database.db
    .insert(sessions)
    .values({ tokenHash: sha256(token), userId, expiresAt: new Date(Date.now() + 3650 * DAY) });
  return `${SESSION_COOKIE}=${token}`;
}

type Ticket = { id: string; priceCents: number };
type World = {
  organizerId: string;
  organizer: string;
  buyers: { id: string; cookie: string }[];
  events: { id: string; dateEnd: Date; tickets: Ticket[] }[];
  orders: { id: string; cookie: string }[];
  payouts: string[];
  batches: string[];
};

/** With LEDGER_TRACE set, the answers of the whole test by route and code, printed at its end. */
const TRACE = Boolean(process.env.LEDGER_TRACE);
const answers = new Map<string, number>();
function countAnswer(method: string, url: string, response: { statusCode: number; body: string }) {
  const refusal = response.statusCode >= 400 ? /"code":"([A-Z_]+)"/.exec(response.body)?.[1] : '';
  const key = `${method} ${url.replace(/[0-9a-f-]{36}/g, ':id')} ${response.statusCode} ${refusal ?? ''}`;
  answers.set(key, (answers.get(key) ?? 0) + 1);
}
const IBAN = 'FR7630006000011234567890189';

/** An organiser with a bank account, two paid events (one whose buyers pay the fee), three buyers. */
async function newWorld(): Promise<World> {
  offset = 0;
  const organizer = await createUser(t, { isVerified: true });
  const organizerCookie = await cookieOf(organizer.id);
  const bank = await send('PUT', '/api/me/bank-account', organizerCookie, { holderName: 'Jeanne Test', iban: IBAN });
  expect(bank.statusCode).toBe(200);
  const refundable = { dateMaxRefund: new Date(Date.now() + 5 * DAY) };
  const first = await createEvent(t, organizer.id, refundable, [
    { priceCents: 1500, quantity: 8 },
    { priceCents: 2500, quantity: 4 },
    { priceCents: 0, quantity: 3 },
  ]);
  const second = await createEvent(t, organizer.id, { ...refundable, isUserPaysFees: true }, [
    { priceCents: 1000, quantity: 5 },
  ]);
  await t.database.db
    .insert(discountCodes)
    .values({ eventId: first.event.id, code: 'MOINS25', percent: 25, isSingleUse: false, quantity: 3 });
  const buyers = [];
  for (let i = 0; i < 3; i++) {
    const buyer = await createUser(t);
    buyers.push({ id: buyer.id, cookie: await cookieOf(buyer.id) });
  }
  return {
    organizerId: organizer.id,
    organizer: organizerCookie,
    buyers,
    events: [first, second].map(({ event, tickets }) => ({
      id: event.id,
      dateEnd: event.dateEnd,
      tickets: tickets.map((ticket) => ({ id: ticket.id, priceCents: ticket.priceCents })),
    })),
    orders: [],
    payouts: [],
    batches: [],
  };
}

/** Every answer of the sequence: a 5xx fails the test with its body. */
async function send(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  cookie: string | null,
  payload?: object,
  form?: boolean,
) {
  const response = await t.app.inject({
    method,
    url,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(payload === undefined
      ? {}
      : { payload: form ? new URLSearchParams(payload as Record<string, string>).toString() : payload }),
  });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(500);
  if (TRACE) countAnswer(method, url, response);
  return response;
}

const of = <T>(list: readonly T[], index: Pick): T | undefined =>
  list.length === 0 ? undefined : list[index % list.length];

/** Pays (or abandons) a held order at the sandbox bank, as the buyer's browser does; any refusal on the way ends it. */
async function atTheBank(order: { id: string; cookie: string }, decision: 'pay' | 'cancel') {
  const start = await send('POST', `/api/orders/${order.id}/payment`, order.cookie);
  if (start.statusCode !== 200) return;
  const { redirect } = start.json() as { redirect: { action: string; fields: Record<string, string> } };
  const page = await send('POST', new URL(redirect.action).pathname, null, redirect.fields, true);
  const token = /name="token" value="([^"]+)"/.exec(page.body)?.[1];
  if (token) await send('POST', '/sandbox-bank/decide', null, { token, decision }, true);
}

/** The run's orders still awaiting their payment (their hold may have expired). */
async function awaitingPayment(world: World) {
  if (world.orders.length === 0) return [];
  const rows = await t.database.db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        inArray(
          orders.id,
          world.orders.map((order) => order.id),
        ),
        eq(orders.status, 'awaiting_payment'),
      ),
    );
  const ids = new Set(rows.map((row) => row.id));
  return world.orders.filter((order) => ids.has(order.id));
}

/** The run's participations held by its buyers (door sales have no session), oldest first. */
async function buyersParticipations(world: World, which: 'insured' | 'requested') {
  const rows = await t.database.db
    .select({ id: participations.id, userId: participations.userId, eventId: participations.eventId })
    .from(participations)
    .where(
      and(
        inArray(
          participations.eventId,
          world.events.map((event) => event.id),
        ),
        isNull(participations.cancelledAt),
        which === 'insured' ? gt(participations.refundPlaces, 0) : isNotNull(participations.refundRequestedAt),
      ),
    )
    .orderBy(participations.createdAt, participations.id);
  return rows.flatMap((row) => {
    const buyer = world.buyers.find((b) => b.id === row.userId);
    return buyer ? [{ ...row, cookie: buyer.cookie }] : [];
  });
}

async function perform(world: World, a: Action): Promise<void> {
  switch (a.kind) {
    case 'hold':
    case 'buy': {
      const [buyer, event] = [of(world.buyers, a.buyer), of(world.events, a.event)];
      const ticket = event && of(event.tickets, a.ticket);
      if (!buyer || !event || !ticket) return;
      const created = await send('POST', '/api/orders', buyer.cookie, {
        eventId: event.id,
        lines: [{ ticketId: ticket.id, quantity: a.quantity, refundPlaces: Math.min(a.insured, a.quantity) }],
        acceptTerms: true,
        ...(a.promo && event === world.events[0] ? { discountCode: 'MOINS25' } : {}),
      });
      if (created.statusCode !== 201) return;
      const order = { id: created.json().id as string, cookie: buyer.cookie };
      world.orders.push(order);
      if (a.kind === 'buy' && created.json().status === 'awaiting_payment') await atTheBank(order, 'pay');
      return;
    }
    case 'pay':
    case 'abandon': {
      const order = of(await awaitingPayment(world), a.order);
      if (order) await atTheBank(order, a.kind === 'pay' ? 'pay' : 'cancel');
      return;
    }
    case 'expire':
      offset += 4 * 60_000;
      return;
    case 'door': {
      const event = of(world.events, a.event);
      const ticket = event && of(event.tickets, a.ticket);
      if (!event || !ticket) return;
      await send('POST', `/api/console/events/${event.id}/manual-entries`, world.organizer, {
        ticketId: ticket.id,
        quantity: a.quantity,
        participant: {
          email: uniqueEmail('porte'),
          firstName: 'Léa',
          lastName: 'Martin',
          phone: '',
          birthDate: '2000-03-04',
        },
        payment: ticket.priceCents === 0 ? 'free' : a.method,
      });
      return;
    }
    case 'askRefund': {
      const held = of(await buyersParticipations(world, 'insured'), a.participation);
      if (held) await send('POST', `/api/me/participations/${held.id}/refund-request`, held.cookie);
      return;
    }
    case 'acceptRefund':
    case 'refuseRefund': {
      const asked = of(await buyersParticipations(world, 'requested'), a.participation);
      if (!asked) return;
      const decision = a.kind === 'acceptRefund' ? 'accept' : 'refuse';
      const body = decision === 'refuse' ? { reason: 'Hors délai.' } : undefined;
      await send('POST', `/api/console/events/${asked.eventId}/refunds/${asked.id}/${decision}`, world.organizer, body);
      return;
    }
    case 'cancel': {
      const event = of(world.events, a.event);
      if (event)
        await send('POST', `/api/console/events/${event.id}/cancellation`, world.organizer, {
          message: 'Salle indisponible.',
        });
      return;
    }
    case 'runJobs':
      await t.app.jobs.runDue();
      return;
    case 'allowAdvance':
      await send('PUT', `/api/admin/users/${world.organizerId}/payout-advance`, admin, { percent: a.percent });
      return;
    case 'endEvents': {
      const lastEnd = Math.max(...world.events.map((event) => event.dateEnd.getTime()));
      offset = Math.max(offset, lastEnd - Date.now() + 60_000);
      return;
    }
    case 'requestPayout': {
      const event = of(world.events, a.event);
      return event ? void (await requestPayout(world, event.id)) : undefined;
    }
    case 'payoutThrough': {
      // One payout's whole way to the bank, as far as `until`, in a batch of its own.
      const event = of(world.events, a.event);
      const payout = event && (await requestPayout(world, event.id));
      const batch = payout && (await makeBatch(world, [payout]));
      const stages = ['download', 'batchPaid', 'returned'] as const;
      for (const stage of batch ? stages.slice(0, stages.indexOf(a.until) + 1) : []) {
        await (stage === 'returned' ? payoutDecision(payout as string, 'returned') : batchStep(batch as string, stage));
      }
      return;
    }
    case 'batch':
      if (world.payouts.length > 0) await makeBatch(world, world.payouts);
      return;
    case 'download':
    case 'batchPaid': {
      const batch = of(world.batches, a.batch);
      return batch ? batchStep(batch, a.kind) : undefined;
    }
    case 'returned':
    case 'reject': {
      const payout = of(world.payouts, a.payout);
      return payout ? payoutDecision(payout, a.kind) : undefined;
    }
    case 'adjust':
      await send('POST', `/api/admin/users/${world.organizerId}/ledger-adjustments`, admin, {
        amountCents: a.amountCents,
        reason: a.withReason ? 'Remboursement reçu par virement.' : ' ',
      });
      return;
  }
}

async function requestPayout(world: World, eventId: string): Promise<string | undefined> {
  const asked = await send('POST', `/api/console/events/${eventId}/payouts`, world.organizer);
  if (asked.statusCode !== 201) return undefined;
  world.payouts.push(asked.json().id);
  return asked.json().id;
}

/** A batch of the run's payouts (never every requested payout of the database). */
async function makeBatch(world: World, payoutIds: string[]): Promise<string | undefined> {
  const made = await send('POST', '/api/admin/payout-batches', admin, { payoutIds });
  if (made.statusCode !== 201) return undefined;
  world.batches.push(made.json().id);
  return made.json().id;
}

async function batchStep(batchId: string, step: 'download' | 'batchPaid') {
  if (step === 'download') await send('GET', `/api/admin/payout-batches/${batchId}/sepa.xml`, admin);
  else
    await send('POST', `/api/admin/payout-batches/${batchId}/paid`, admin, {
      bankReference: `VIR-${batchId.slice(0, 8)}`,
    });
}

async function payoutDecision(payoutId: string, decision: 'returned' | 'reject') {
  const body = decision === 'reject' ? { reason: 'Coordonnées bancaires à vérifier.' } : undefined;
  await send('POST', `/api/admin/payouts/${payoutId}/${decision}`, admin, body);
}

/** Answers of 5xx counted by the latency histogram: those the sandbox bank's calls to our IPN got too. */
async function serverErrors(): Promise<number> {
  const { values } = await httpDuration.get();
  return values
    .filter((v) => v.metricName?.endsWith('_count') && String(v.labels.status).startsWith('5'))
    .reduce((sum, v) => sum + v.value, 0);
}

describe('the ledger under random sequences of sales, refunds, cancellations and payouts', () => {
  it(`agrees with the orders, payments, refunds, places and payouts after every step (seed ${SEED}, ${RUNS} runs)`, async () => {
    const errorsBefore = await serverErrors();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(0, 50, 100),
        fc.array(step, { minLength: Math.min(20, STEPS), maxLength: STEPS, size: 'max' }),
        async (advancePercent, steps) => {
          const world = await newWorld();
          await perform(world, { kind: 'allowAdvance', percent: advancePercent });
          // A paid place on each event first, so that most sequences have something to pay out.
          for (const event of [0, 1]) {
            await perform(world, {
              kind: 'buy',
              buyer: event,
              event,
              ticket: 0,
              quantity: 1,
              insured: 0,
              promo: false,
            });
          }
          for (const [index, s] of steps.entries()) {
            if (s.kind === 'together') await Promise.all([perform(world, s.first), perform(world, s.second)]);
            else await perform(world, s);
            const differences = await findLedgerDifferences(t.database.db);
            expect(differences, `after step ${index + 1}: ${JSON.stringify(s)}`).toEqual([]);
            expect(await serverErrors(), `a 5xx answered during step ${index + 1}`).toBe(errorsBefore);
          }
        },
      ),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    if (TRACE)
      console.log(
        [...answers]
          .sort()
          .map(([key, count]) => `${count}\t${key}`)
          .join('\n'),
      );
  }, 300_000);
});
