import { randomUUID } from 'node:crypto';
import { checkinFr, ticketShortCode } from '@guichet/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminCookie, createUser, getAs, loginAs, raceMode } from '../../../test/helpers';
import { doorEvent, participationWithCode } from '../../../test/modules/checkin/support';
import { buyAndPay } from '../../../test/modules/checkout/support';
import { useListeningTestApp } from '../../../test/use-test-app';
import { eventStaff, participations, scans, sessions } from '../../db/schema';
import { scanGroupSize } from '../../lib/metrics';
import { sha256 } from '../../lib/tokens';
import { cancelParticipations, removeRefundedPlaces } from '../orders/participations';
import { signTicketCode } from '../ticket-codes/codes';
import { loadTicketKeys } from '../ticket-codes/keys';

// The door (issue 9): one entry per scan, never twice, with a clear answer for anything else.
const t = useListeningTestApp();

const m = checkinFr;
const scan = (eventId: string, cookie: string | undefined, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/checkin/events/${eventId}/scans`,
    payload,
    headers: cookie ? { cookie } : {},
  });
const batch = (eventId: string, cookie: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/checkin/events/${eventId}/scans/batch`, payload, headers: { cookie } });
const manifest = (eventId: string, cookie: string) => getAs(t, `/api/checkin/events/${eventId}/manifest`, cookie);

async function withStaff() {
  const door = await doorEvent(t);
  const member = await createUser(t, { firstName: 'Sam', lastName: 'Portier' });
  const ownerCookie = await loginAs(t, door.organizer.email);
  await t.app.inject({
    method: 'POST',
    url: `/api/console/events/${door.event.id}/staff`,
    payload: { email: member.email },
    headers: { cookie: ownerCookie },
  });
  return { ...door, member, ownerCookie, staffCookie: await loginAs(t, member.email) };
}

describe('scanning a ticket', () => {
  it('takes one entry per scan, then answers already scanned with when and by whom', async () => {
    const { event, ticket, staffCookie } = await withStaff();
    const { code, participation } = await participationWithCode(t, event.id, ticket.id, 3);
    for (const remaining of [2, 1, 0]) {
      const response = await scan(event.id, staffCookie, { code });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: 'accepted', remaining, holderName: 'Zoé Lefèvre', quantity: 3 });
    }
    const again = await scan(event.id, staffCookie, { code });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'ALREADY_SCANNED',
      message: m.alreadyScanned,
      remaining: 0,
      lastScanBy: 'Sam Portier',
    });
    expect(Date.parse(again.json().lastScanAt)).toBeGreaterThan(Date.now() - 60_000);
    // Each of the code's places took one entry.
    const places = await t.database.db
      .select()
      .from(participations)
      .where(eq(participations.orderId, participation.orderId ?? ''));
    expect(places.map((p) => p.entriesUsed)).toEqual([1, 1, 1]);
    const log = await t.database.db.select().from(scans).where(eq(scans.eventId, event.id));
    expect(log.map((s) => s.result).sort()).toEqual(['accepted', 'accepted', 'accepted', 'already_scanned']);
  });

  it('refuses forged codes, codes of another event, garbage and cancelled tickets, and logs them', async () => {
    const { event, ticket, staffCookie } = await withStaff();
    const other = await doorEvent(t);
    const { code } = await participationWithCode(t, event.id, ticket.id, 1);
    const foreign = await participationWithCode(t, other.event.id, other.ticket.id, 1);
    const flipped = code.slice(0, 40) + (code[40] === 'A' ? 'B' : 'A') + code.slice(41);
    for (const bad of [flipped, foreign.code, 'garbage', code.slice(0, 100), 'é'.repeat(300), `${code}\u0000`]) {
      const response = await scan(event.id, staffCookie, { code: bad });
      expect(response.statusCode, bad.slice(0, 20)).toBe(422);
      expect(response.json()).toMatchObject({ code: 'INVALID_TICKET', message: m.invalidTicket });
    }
    const oversized = await scan(event.id, staffCookie, { code: 'A'.repeat(2049) });
    expect(oversized.statusCode).toBe(400);
    expect(oversized.json().code).toBe('VALIDATION_ERROR');
    expect((await scan(event.id, staffCookie, {})).json()).toMatchObject({ message: m.codeRequired });

    const cancelled = await participationWithCode(t, event.id, ticket.id, 1);
    await t.database.db
      .update(participations)
      .set({ cancelledAt: new Date() })
      .where(eq(participations.id, cancelled.participation.id));
    const refused = await scan(event.id, staffCookie, { code: cancelled.code });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'TICKET_CANCELLED', message: m.cancelled });
    const logged = await t.database.db.select().from(scans).where(eq(scans.eventId, event.id));
    expect(logged.filter((s) => s.result === 'invalid' || s.result === 'other_event')).toHaveLength(6);
  });

  it('accepts a participant picked by name, and answers a scan sent twice as it was, taking one entry', async () => {
    const { event, ticket, staffCookie } = await withStaff();
    const { participation } = await participationWithCode(t, event.id, ticket.id, 1);
    const id = randomUUID();
    const first = await scan(event.id, staffCookie, { id, participationId: participation.id });
    const second = await scan(event.id, staffCookie, { id, participationId: participation.id });
    expect(first.json()).toMatchObject({ status: 'accepted', remaining: 0, replay: false });
    expect(second.json()).toMatchObject({ status: 'accepted', replay: true });
    const [row] = await t.database.db.select().from(participations).where(eq(participations.id, participation.id));
    expect(row?.entriesUsed).toBe(1);
  });

  it(`lets two doors race for the last entry: exactly one is let in${raceMode}`, async () => {
    const { event, ticket, staffCookie, ownerCookie } = await withStaff();
    const holders = await Promise.all(
      Array.from({ length: 20 }, () => participationWithCode(t, event.id, ticket.id, 1)),
    );
    const fire = (cookie: string, code: string) =>
      fetch(`${t.base}/api/checkin/events/${event.id}/scans`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ code }),
      }).then((response) => response.status);
    const statuses = await Promise.all(
      holders.flatMap(({ code }) => [fire(staffCookie, code), fire(ownerCookie, code), fire(staffCookie, code)]),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    const rows = await t.database.db.select().from(participations).where(eq(participations.eventId, event.id));
    expect(rows.every((r) => r.entriesUsed === 1)).toBe(true);
  });

  it(`answers the same scan sent five times at once as one, taking one entry and logging one scan${raceMode}`, async () => {
    const { event, ticket, staffCookie } = await withStaff();
    const holders = await Promise.all(
      Array.from({ length: 10 }, () => participationWithCode(t, event.id, ticket.id, 1)),
    );
    const fire = (id: string, code: string) =>
      fetch(`${t.base}/api/checkin/events/${event.id}/scans`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: staffCookie },
        body: JSON.stringify({ id, code }),
      }).then(async (response) => ({ status: response.status, body: (await response.json()) as { replay?: boolean } }));
    const answers = await Promise.all(
      holders.map(async ({ code }) => {
        const id = randomUUID();
        return Promise.all(Array.from({ length: 5 }, () => fire(id, code)));
      }),
    );
    for (const sends of answers) {
      expect(sends.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
      expect(sends.filter((answer) => !answer.body.replay)).toHaveLength(1);
    }
    const rows = await t.database.db.select().from(participations).where(eq(participations.eventId, event.id));
    expect(rows.map((r) => r.entriesUsed)).toEqual(rows.map(() => 1));
    const log = await t.database.db.select().from(scans).where(eq(scans.eventId, event.id));
    expect(log.map((row) => row.result)).toEqual(holders.map(() => 'accepted'));
  });
});

describe('one ticket per place (issue 30)', () => {
  it('gives an order of 3 places 3 tickets with 3 different codes, each accepted once', async () => {
    const { event, ticket, staffCookie } = await withStaff();
    const buyer = await createUser(t);
    const cookie = await loginAs(t, buyer.email);
    await buyAndPay(t, cookie, event.id, { ticketId: ticket.id, quantity: 3 });
    const mine = (await getAs(t, '/api/me/participations', cookie)).json() as { id: string; quantity: number }[];
    expect(mine).toHaveLength(3);
    expect(mine.every((p) => p.quantity === 1)).toBe(true);
    const codes = await Promise.all(
      mine.map(async (p) => (await getAs(t, `/api/me/participations/${p.id}/code`, cookie)).json().code as string),
    );
    expect(new Set(codes).size).toBe(3);
    for (const code of codes) {
      expect((await scan(event.id, staffCookie, { code })).json()).toMatchObject({ status: 'accepted', remaining: 0 });
    }
    for (const code of codes) expect((await scan(event.id, staffCookie, { code })).statusCode).toBe(409);
  });

  it("lets in 3 people at most with an older code of 3 places and its places' own codes, whichever are shown", async () => {
    const { event, ticket, staffCookie } = await withStaff();
    const { code: oldCode, places } = await participationWithCode(t, event.id, ticket.id, 3);
    const { privateKey } = loadTicketKeys(t.config);
    const [first, second, third] = places.map((p) =>
      signTicketCode({ id: p.id, eventId: event.id, quantity: 1 }, privateKey),
    );
    const status = async (code: string | undefined) => (await scan(event.id, staffCookie, { code })).statusCode;
    expect(await status(second)).toBe(200);
    expect(await status(oldCode)).toBe(200);
    expect(await status(oldCode)).toBe(200);
    // The old code took the two other places: neither it nor their own codes let anyone else in,
    // and each refusal says who let the last person in, for the group and for one place.
    for (const shown of [oldCode, first, third]) {
      const refused = await scan(event.id, staffCookie, { code: shown });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'ALREADY_SCANNED', lastScanBy: 'Sam Portier' });
      expect(Date.parse(refused.json().lastScanAt)).toBeGreaterThan(Date.now() - 60_000);
    }
    const rows = await t.database.db.select().from(participations).where(eq(participations.eventId, event.id));
    expect(rows.map((r) => r.entriesUsed)).toEqual([1, 1, 1]);
  });

  it('answers an older code of several places with the entries left in its group', async () => {
    const { event, ticket, staffCookie } = await withStaff();
    const { code, places } = await participationWithCode(t, event.id, ticket.id, 2);
    await t.database.db
      .update(participations)
      .set({ cancelledAt: new Date() })
      .where(eq(participations.id, places[0]?.id ?? ''));
    expect((await scan(event.id, staffCookie, { code })).json()).toMatchObject({
      status: 'accepted',
      quantity: 1,
      remaining: 0,
    });
    expect((await scan(event.id, staffCookie, { code })).json()).toMatchObject({ code: 'ALREADY_SCANNED' });
  });
});

describe('scanning offline, then syncing', () => {
  it('records a batch once however often it is sent, and reports the entries two doors both let in', async () => {
    const { event, ticket, staffCookie, ownerCookie } = await withStaff();
    const single = await participationWithCode(t, event.id, ticket.id, 1);
    const pair = await participationWithCode(t, event.id, ticket.id, 2);
    const at = new Date(Date.now() - 10 * 60_000).toISOString();
    const doorA = [
      { id: randomUUID(), code: single.code, scannedAt: at, offline: true },
      { id: randomUUID(), code: pair.code, scannedAt: at, offline: true },
    ];
    const doorB = [{ id: randomUUID(), code: single.code, scannedAt: at, offline: true }];

    const a = await batch(event.id, staffCookie, { deviceId: 'porte-a', scans: doorA });
    expect(a.statusCode).toBe(200);
    expect(a.json().results.map((r: { result: string }) => r.result)).toEqual(['accepted', 'accepted']);
    const b = await batch(event.id, ownerCookie, { deviceId: 'porte-b', scans: doorB });
    expect(b.json().results).toMatchObject([{ result: 'already_scanned', conflict: true, holderName: 'Zoé Lefèvre' }]);
    // The same queue sent again (the answer was lost): nothing taken twice.
    const again = await batch(event.id, staffCookie, { deviceId: 'porte-a', scans: doorA });
    expect(again.json().results).toMatchObject([
      { result: 'accepted', replay: true },
      { result: 'accepted', replay: true },
    ]);
    const rows = await t.database.db.select().from(participations).where(eq(participations.eventId, event.id));
    expect(rows.map((r) => r.entriesUsed).sort()).toEqual([0, 1, 1]);
    const log = await t.database.db.select().from(scans).where(eq(scans.eventId, event.id));
    expect(log).toHaveLength(3);
    expect(log.filter((s) => s.conflict)).toHaveLength(1);
    // The device's time is kept for offline scans.
    expect(log.every((s) => s.offline && s.scannedAt.toISOString() === at)).toBe(true);
  });

  it('refuses a batch of 10,000 scans with a French message, writing nothing', async () => {
    const { event, ticket, staffCookie } = await withStaff();
    const { code } = await participationWithCode(t, event.id, ticket.id, 1);
    const scansList = Array.from({ length: 10_000 }, () => ({ id: randomUUID(), code: code.slice(0, 20) }));
    const response = await batch(event.id, staffCookie, { scans: scansList });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'BATCH_TOO_LARGE', message: m.batchTooLarge(500) });
    expect(await t.database.db.select().from(scans).where(eq(scans.eventId, event.id))).toHaveLength(0);
  });
});

describe('the scanner list', () => {
  it('gives the staff what they need offline: the public key and every live participation with its short code', async () => {
    const { event, ticket, staffCookie } = await withStaff();
    const { participation, places } = await participationWithCode(t, event.id, ticket.id, 2);
    const response = await manifest(event.id, staffCookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const body = response.json();
    expect(Buffer.from(body.publicKey, 'base64')).toHaveLength(32);
    // One line per place; a place split from an older participation says so, for its old code.
    const listed = (id: string, splitFrom: string | null) => ({
      id,
      splitFrom,
      ticketNumber: null,
      // A one-date event's places name no date.
      dateId: null,
      shortCode: ticketShortCode(id),
      holderName: 'Zoé Lefèvre',
      email: expect.stringContaining('@'),
      ticketTitle: ticket.title,
      quantity: 1,
      entriesUsed: 0,
      lastScanAt: null,
      lastScanBy: null,
    });
    expect(body.participations).toHaveLength(2);
    expect(body.participations).toEqual(
      expect.arrayContaining(places.map((p) => listed(p.id, p.id === participation.id ? null : participation.id))),
    );
    // The device's own offline entries are its user's.
    expect(body.scannerName).toBe('Sam Portier');
  });

  it('revokes the codes of refunded and cancelled places, so that a scanner offline refuses them', async () => {
    const { event, ticket, staffCookie } = await withStaff();
    const refunded = await participationWithCode(t, event.id, ticket.id, 1);
    const left = await participationWithCode(t, event.id, ticket.id, 1);
    const kept = await participationWithCode(t, event.id, ticket.id, 1);
    // An older code of two places whose first place is refunded: it still lets the other in.
    const group = await participationWithCode(t, event.id, ticket.id, 2);
    await t.database.db.transaction(async (tx) => {
      await removeRefundedPlaces(tx, refunded.participation.id, 1, new Date());
      await cancelParticipations(tx, [left.participation.id], new Date());
      await removeRefundedPlaces(tx, group.participation.id, 1, new Date());
    });
    const body = (await manifest(event.id, staffCookie)).json();
    expect(body.revoked).toEqual(expect.arrayContaining([refunded.participation.id, left.participation.id]));
    expect(body.revoked).not.toContain(kept.participation.id);
    expect(body.revoked).not.toContain(group.participation.id);
    // Said as the server says it online: cancelled.
    expect(body.revokedReasons).toMatchObject({
      [refunded.participation.id]: 'cancelled',
      [left.participation.id]: 'cancelled',
    });
    expect(body.participations.map((p: { id: string }) => p.id)).not.toContain(refunded.participation.id);
    // Online, the same codes are refused as cancelled.
    for (const { code } of [refunded, left]) {
      expect((await scan(event.id, staffCookie, { code })).json()).toMatchObject({ code: 'TICKET_CANCELLED' });
    }
    expect((await scan(event.id, staffCookie, { code: group.code })).json()).toMatchObject({ status: 'accepted' });
  });

  it('says who took the last entry, so that a scanner offline can say by whom', async () => {
    const { event, ticket, staffCookie } = await withStaff();
    const { code } = await participationWithCode(t, event.id, ticket.id, 2);
    const scanned = await scan(event.id, staffCookie, { code });
    expect(scanned.statusCode, scanned.body).toBe(200);
    const body = (await manifest(event.id, staffCookie)).json();
    expect(body.participations[0]).toMatchObject({
      entriesUsed: 1,
      lastScanAt: expect.stringMatching(/^\d{4}-/),
      lastScanBy: 'Sam Portier',
    });
  });

  it("lists a staff member's events of today for the menu", async () => {
    const { event, member } = await withStaff();
    const response = await getAs(t, '/api/checkin/events', await loginAs(t, member.email));
    // The test event starts in 10 days: not today's.
    expect(response.json().map((e: { id: string }) => e.id)).not.toContain(event.id);
    const today = await doorEvent(t, {
      dateBegin: new Date(Date.now() - 3_600_000),
      dateEnd: new Date(Date.now() + 3_600_000),
    });
    const organiserList = await getAs(t, '/api/checkin/events', await loginAs(t, today.organizer.email));
    expect(organiserList.json().map((e: { id: string }) => e.id)).toEqual([today.event.id]);
    // Who also sells there: the (verified) organiser and the box office, not a scanner.
    expect(organiserList.json()[0].canSell).toBe(true);
    const [cashier, scanner] = [await createUser(t), await createUser(t)];
    await t.database.db.insert(eventStaff).values([
      { eventId: today.event.id, userId: cashier.id, role: 'box-office' },
      { eventId: today.event.id, userId: scanner.id },
    ]);
    const canSell = async (email: string) =>
      (await getAs(t, '/api/checkin/events', await loginAs(t, email)))
        .json()
        .map((e: { canSell: boolean }) => e.canSell);
    expect(await canSell(cashier.email)).toEqual([true]);
    expect(await canSell(scanner.email)).toEqual([false]);
  });
});

describe('who may scan', () => {
  it('staff, organiser and administrator; others 403 on a public event, 404 on a private one; visitors 401', async () => {
    const { event, ticket, staffCookie, ownerCookie } = await withStaff();
    const { code } = await participationWithCode(t, event.id, ticket.id, 5);
    const admin = await adminCookie(t);
    for (const cookie of [staffCookie, ownerCookie, admin]) {
      expect((await scan(event.id, cookie, { code })).statusCode).toBe(200);
    }
    const stranger = await loginAs(t, (await createUser(t, { isVerified: true })).email);
    const refused = await scan(event.id, stranger, { code });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    expect((await scan(event.id, undefined, { code })).statusCode).toBe(401);

    const hidden = await doorEvent(t, { isPublic: false });
    expect((await scan(hidden.event.id, stranger, { code })).statusCode).toBe(404);
    for (const eventId of [hidden.event.id, event.id]) {
      const response = await manifest(eventId, stranger);
      expect([403, 404]).toContain(response.statusCode);
    }
    expect((await batch(event.id, stranger, { scans: [] })).statusCode).toBe(403);
  });
});

describe(`doors scanning at once${raceMode}`, () => {
  it('share a statement, each answered on its own session: a scanner logged out elsewhere is refused, the others let in', async () => {
    const { event, ticket, staffCookie, ownerCookie } = await withStaff();
    const holders = await Promise.all(
      Array.from({ length: 9 }, () => participationWithCode(t, event.id, ticket.id, 1)),
    );
    const [warm, ...rest] = holders;
    // The scanner's session is then this process's copy; another server's logout removes its row.
    expect((await scan(event.id, staffCookie, { code: warm?.code })).statusCode).toBe(200);
    const token = staffCookie.split('guichet_session=')[1]?.split(';')[0] ?? '';
    await t.database.db.delete(sessions).where(eq(sessions.tokenHash, sha256(token)));
    const fire = (cookie: string, code: string) =>
      fetch(`${t.base}/api/checkin/events/${event.id}/scans`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ code }),
      }).then(async (response) => ({ status: response.status, body: (await response.json()) as { status?: string } }));
    const before = await scanStatements();
    const answers = await Promise.all(rest.map(({ code }, i) => fire(i === 3 ? staffCookie : ownerCookie, code)));
    expect(answers.map((answer) => answer.status)).toEqual(rest.map((_, i) => (i === 3 ? 401 : 200)));
    expect(answers.filter((answer) => answer.status === 200).map((answer) => answer.body.status)).toEqual(
      rest.slice(1).map(() => 'accepted'),
    );
    const rows = await t.database.db.select().from(participations).where(eq(participations.eventId, event.id));
    const loggedOut = rest[3]?.participation.id;
    expect(rows.map((r) => [r.id, r.entriesUsed]).sort()).toEqual(
      holders.map((h) => [h.participation.id, h.participation.id === loggedOut ? 0 : 1]).sort(),
    );
    // On PGlite the requests reach the database one at a time; on PostgreSQL they meet.
    if (process.env.DATABASE_URL) expect((await scanStatements()) - before).toBeLessThan(rest.length);
  });
});

/** The statements that have carried the doors' one-scan requests so far. */
async function scanStatements(): Promise<number> {
  const { values } = await scanGroupSize.get();
  return values.find((v) => v.metricName?.endsWith('_count'))?.value ?? 0;
}

// Issue 34: a scan uses the process's copies of the session and of the scan permission, which its
// statement confirms; what ended a moment ago must be refused at once, with nothing taken.
describe("the door's copies", () => {
  const entriesOf = async (participationId: string) =>
    (await t.database.db.select().from(participations).where(eq(participations.id, participationId)))[0]?.entriesUsed;
  const scansOf = async (participationId: string) =>
    t.database.db.select().from(scans).where(eq(scans.participationId, participationId));

  it('refuses a scan and a batch right after the scanner logged out on another server, taking no entry', async () => {
    const { event, ticket, staffCookie } = await withStaff();
    const first = await participationWithCode(t, event.id, ticket.id, 1);
    const second = await participationWithCode(t, event.id, ticket.id, 1);
    expect((await scan(event.id, staffCookie, { code: first.code })).statusCode).toBe(200);
    // Another server's logout: the session's row is gone, this process was not told.
    const token = staffCookie.split('guichet_session=')[1]?.split(';')[0] ?? '';
    await t.database.db.delete(sessions).where(eq(sessions.tokenHash, sha256(token)));
    const refused = await scan(event.id, staffCookie, { code: second.code });
    expect(refused.statusCode).toBe(401);
    const refusedBatch = await batch(event.id, staffCookie, { scans: [{ id: randomUUID(), code: second.code }] });
    expect(refusedBatch.statusCode).toBe(401);
    expect(await entriesOf(second.participation.id)).toBe(0);
    expect(await scansOf(second.participation.id)).toHaveLength(0);
  });

  it('refuses a scanner removed from the staff a moment after their last scan, taking no entry', async () => {
    const { event, ticket, member, staffCookie, ownerCookie } = await withStaff();
    const first = await participationWithCode(t, event.id, ticket.id, 1);
    const second = await participationWithCode(t, event.id, ticket.id, 1);
    expect((await scan(event.id, staffCookie, { code: first.code })).statusCode).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/console/events/${event.id}/staff/${member.id}`,
      headers: { cookie: ownerCookie },
    });
    expect(removed.statusCode).toBe(204);
    const refused = await scan(event.id, staffCookie, { code: second.code });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    expect((await batch(event.id, staffCookie, { scans: [{ id: randomUUID(), code: second.code }] })).statusCode).toBe(
      403,
    );
    expect(await entriesOf(second.participation.id)).toBe(0);
    expect(await scansOf(second.participation.id)).toHaveLength(0);
    // Taken back on the staff: let in at once.
    await t.app.inject({
      method: 'POST',
      url: `/api/console/events/${event.id}/staff`,
      payload: { email: member.email },
      headers: { cookie: ownerCookie },
    });
    expect((await scan(event.id, staffCookie, { code: second.code })).statusCode).toBe(200);
  });
});
