// @vitest-environment jsdom
import {
  checkinFr,
  formatDateTime,
  fr,
  MAX_SCAN_BATCH,
  type ManifestParticipation,
  type ScanBatchRequest,
  transfersFr,
} from '@guichet/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  EVENT_ID,
  leaveDevice,
  manifestOf,
  newDevice,
  OTHER_EVENT_ID,
  outcome,
  participation,
  ticketKeys,
} from '../../../test/checkin-fixtures';
import { type ApiRequest, networkDown, ok, refusal, stubApi } from '../../../test/fetch-stub';

const m = checkinFr.scanner;
const ZOE = 'aaaaaaaa-0000-4000-8000-000000000001';
const LATE = 'aaaaaaaa-0000-4000-8000-000000000002';
const SPLIT_A = 'aaaaaaaa-0000-4000-8000-000000000003';
const SPLIT_B = 'aaaaaaaa-0000-4000-8000-000000000004';
const SCAN_PATH = `POST /checkin/events/${EVENT_ID}/scans`;
const BATCH_PATH = `POST /checkin/events/${EVENT_ID}/scans/batch`;
const MANIFEST_PATH = `GET /checkin/events/${EVENT_ID}/manifest`;

let scanner: typeof import('./scanner');
let store: typeof import('./store');
let keys: Awaited<ReturnType<typeof ticketKeys>>;

/** The device's list, as the last sync left it. */
async function deviceHas(participations: ManifestParticipation[]) {
  const manifest = manifestOf(keys.publicKey, participations);
  await store.saveManifest(manifest);
  return manifest;
}

const offline = () => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
const at = (time: string) => vi.setSystemTime(new Date(`2030-06-01T${time}.000Z`));

beforeEach(async () => {
  newDevice();
  scanner = await import('./scanner');
  store = await import('./store');
  keys ??= await ticketKeys();
  vi.useFakeTimers({ toFake: ['Date'] });
  at('20:00:00');
});

afterEach(leaveDevice);

describe('a scan without network', () => {
  it('lets a listed ticket in on the device and queues the scan, asking nothing of the server', async () => {
    offline();
    stubApi({});
    const manifest = await deviceHas([participation(ZOE, { quantity: 2 })]);
    const code = await keys.sign({ id: ZOE, quantity: 2 });

    const shown = await scanner.scan(EVENT_ID, manifest, { code });

    expect(shown).toEqual({
      tone: 'accepted',
      title: m.accepted,
      detail: m.remaining(1),
      holderName: 'Zoé Lefèvre',
      ticketTitle: 'Entrée',
      offline: true,
    });
    expect(await store.queued(EVENT_ID)).toEqual([
      { id: expect.any(String), code, eventId: EVENT_ID, scannedAt: '2030-06-01T20:00:00.000Z', acceptedOffline: true },
    ]);
  });

  it('refuses the same ticket scanned twice offline, saying when and by whom, and queues both', async () => {
    offline();
    stubApi({});
    const manifest = await deviceHas([participation(ZOE)]);
    const code = await keys.sign({ id: ZOE });
    await scanner.scan(EVENT_ID, manifest, { code });
    at('20:03:00');

    const shown = await scanner.scan(EVENT_ID, manifest, { code });

    expect(shown).toMatchObject({
      tone: 'already',
      title: m.alreadyScanned,
      detail: m.alreadyScannedAt(formatDateTime('2030-06-01T20:00:00.000Z'), 'Porte A'),
      offline: true,
    });
    expect((await store.queued(EVENT_ID)).map((s) => s.acceptedOffline)).toEqual([true, false]);
  });

  it('lets in an older code of 3 places once per place of its group, and no place twice with its own code', async () => {
    offline();
    stubApi({});
    const manifest = await deviceHas([
      participation(ZOE),
      participation(SPLIT_A, { splitFrom: ZOE }),
      participation(SPLIT_B, { splitFrom: ZOE }),
    ]);
    const oldCode = await keys.sign({ id: ZOE, quantity: 3 });
    const ownCode = await keys.sign({ id: SPLIT_B });

    expect((await scanner.scan(EVENT_ID, manifest, { code: ownCode })).tone).toBe('accepted');
    const tones = [];
    for (let i = 0; i < 3; i++) tones.push((await scanner.scan(EVENT_ID, manifest, { code: oldCode })).tone);
    expect(tones).toEqual(['accepted', 'accepted', 'already']);
    expect((await scanner.scan(EVENT_ID, manifest, { code: ownCode })).tone).toBe('already');
    const places = (await store.loadEvent(EVENT_ID))?.manifest.participations;
    expect(places?.map((p) => p.entriesUsed)).toEqual([1, 1, 1]);
  });

  it('lets in a ticket bought after the last sync, as many times as its code says', async () => {
    offline();
    stubApi({});
    const manifest = await deviceHas([participation(ZOE)]);
    const code = await keys.sign({ id: LATE, quantity: 2 });

    const first = await scanner.scan(EVENT_ID, manifest, { code });
    const second = await scanner.scan(EVENT_ID, manifest, { code });
    const third = await scanner.scan(EVENT_ID, manifest, { code });

    expect([first, second, third].map((s) => [s.tone, s.detail])).toEqual([
      ['accepted', m.remaining(1)],
      ['accepted', m.remaining(0)],
      ['already', m.alreadyScannedAt(formatDateTime('2030-06-01T20:00:00.000Z'), 'Porte A')],
    ]);
    expect(first.holderName).toBeNull();
  });

  it('refuses a code its holder transferred, from the revocations of the last sync, and queues the scan', async () => {
    offline();
    stubApi({});
    const manifest = manifestOf(keys.publicKey, [participation(ZOE)], [LATE]);
    await store.saveManifest(manifest);
    const code = await keys.sign({ id: LATE, quantity: 1 });

    const shown = await scanner.scan(EVENT_ID, manifest, { code });

    expect(shown).toMatchObject({
      tone: 'refused',
      title: transfersFr.scanner.transferred,
      detail: transfersFr.scanner.transferredHelp,
      offline: true,
    });
    expect(await store.queued(EVENT_ID)).toMatchObject([{ code, acceptedOffline: false }]);
  });

  it('refuses a revoked invitation and a refunded place with their own words, not as transferred', async () => {
    offline();
    stubApi({});
    const manifest = manifestOf(keys.publicKey, [participation(ZOE)], [LATE, SPLIT_A, SPLIT_B], {
      [LATE]: 'invitation_revoked',
      [SPLIT_A]: 'cancelled',
      [SPLIT_B]: 'transferred',
    });
    await store.saveManifest(manifest);
    const shown = async (id: string) => scanner.scan(EVENT_ID, manifest, { code: await keys.sign({ id }) });

    expect(await shown(LATE)).toMatchObject({
      tone: 'refused',
      title: m.invitationRevoked,
      detail: m.invitationRevokedHelp,
      offline: true,
    });
    at('20:00:01');
    expect(await shown(SPLIT_A)).toMatchObject({ tone: 'refused', title: m.cancelled, detail: m.cancelledHelp });
    at('20:00:02');
    expect(await shown(SPLIT_B)).toMatchObject({
      tone: 'refused',
      title: transfersFr.scanner.transferred,
      detail: transfersFr.scanner.transferredHelp,
    });
    expect(await store.queued(EVENT_ID)).toMatchObject([
      { acceptedOffline: false },
      { acceptedOffline: false },
      { acceptedOffline: false },
    ]);
  });

  it('says a revoked invitation the server refuses as cancelled is a revoked invitation', async () => {
    const manifest = manifestOf(keys.publicKey, [participation(ZOE)], [LATE], { [LATE]: 'invitation_revoked' });
    await store.saveManifest(manifest);
    stubApi({
      [SCAN_PATH]: () =>
        refusal(
          409,
          'TICKET_CANCELLED',
          checkinFr.cancelled,
          outcome('s', { result: 'cancelled', participationId: LATE }),
        ),
    });

    const shown = await scanner.scan(EVENT_ID, manifest, { code: await keys.sign({ id: LATE }) });

    expect(shown).toMatchObject({ tone: 'refused', title: m.invitationRevoked, offline: false });
  });

  it('refuses a forged code and another event’s at once, queued to be reported, with no entry taken', async () => {
    offline();
    stubApi({});
    const manifest = await deviceHas([participation(ZOE)]);
    const genuine = await keys.sign({ id: ZOE });
    const forged = `${genuine.slice(0, -4)}AAAA`;
    const otherEvent = await keys.sign({ id: ZOE, eventId: OTHER_EVENT_ID });

    expect(await scanner.scan(EVENT_ID, manifest, { code: forged })).toMatchObject({
      tone: 'refused',
      title: m.invalid,
      detail: m.invalidHelp,
      offline: false,
    });
    at('20:00:01');
    expect(await scanner.scan(EVENT_ID, manifest, { code: otherEvent })).toMatchObject({
      tone: 'refused',
      title: m.otherEvent,
    });
    const queue = await store.queued(EVENT_ID);
    expect(queue.map((s) => [s.code, s.acceptedOffline])).toEqual([
      [forged, undefined],
      [otherEvent, undefined],
    ]);
    expect((await store.loadEvent(EVENT_ID))?.manifest.participations[0]?.entriesUsed).toBe(0);
  });

  it('lets in a participant found by the short code typed at the door', async () => {
    offline();
    stubApi({});
    const manifest = await deviceHas([participation(ZOE)]);
    const typed = scanner.resolveTyped(participation(ZOE).shortCode.replace('-', '').toLowerCase(), manifest);
    expect(typed).toEqual({ participationId: ZOE });
    if (!typed) return;

    expect(await scanner.scan(EVENT_ID, manifest, typed)).toMatchObject({ tone: 'accepted', offline: true });
    expect((await store.queued(EVENT_ID))[0]).toMatchObject({ participationId: ZOE, acceptedOffline: true });
  });

  it('decides on the device when the network is said to be there but the server cannot be reached', async () => {
    stubApi({ [SCAN_PATH]: networkDown });
    const manifest = await deviceHas([participation(ZOE)]);

    const shown = await scanner.scan(EVENT_ID, manifest, { code: await keys.sign({ id: ZOE }) });

    expect(shown).toMatchObject({ tone: 'accepted', offline: true });
    expect(await store.queued(EVENT_ID)).toHaveLength(1);
  });
});

describe('a scan with network', () => {
  it('shows the server’s answer and keeps its count on the device, with nothing queued', async () => {
    const api = stubApi({
      [SCAN_PATH]: ({ body }) =>
        ok(
          outcome((body as { id: string }).id, {
            participationId: ZOE,
            quantity: 3,
            remaining: 1,
            holderName: 'Zoé Lefèvre',
            ticketTitle: 'Entrée',
          }),
        ),
    });
    // An older code of 3 places, split since into 3 tickets (issue 30): the server took one of them.
    const manifest = await deviceHas([
      participation(ZOE),
      participation(SPLIT_A, { splitFrom: ZOE }),
      participation(SPLIT_B, { splitFrom: ZOE }),
    ]);
    const code = await keys.sign({ id: ZOE, quantity: 3 });

    const shown = await scanner.scan(EVENT_ID, manifest, { code });

    expect(shown).toMatchObject({
      tone: 'accepted',
      detail: m.remaining(1),
      holderName: 'Zoé Lefèvre',
      offline: false,
    });
    expect(api.bodiesOf(SCAN_PATH)).toEqual([{ id: expect.any(String), code, deviceId: store.deviceId() }]);
    const places = (await store.loadEvent(EVENT_ID))?.manifest.participations;
    expect(places?.map((p) => p.entriesUsed)).toEqual([1, 0, 0]);
    expect(await store.queued(EVENT_ID)).toEqual([]);
  });

  it('says a ticket was already scanned at another door, with the server’s time and scanner', async () => {
    stubApi({
      [SCAN_PATH]: ({ body }) =>
        refusal(409, 'ALREADY_SCANNED', checkinFr.alreadyScanned, {
          ...outcome((body as { id: string }).id, {
            result: 'already_scanned',
            participationId: ZOE,
            quantity: 1,
            remaining: 0,
            lastScanAt: '2030-06-01T19:45:00.000Z',
            lastScanBy: 'Porte B',
          }),
        }),
    });
    const manifest = await deviceHas([participation(ZOE)]);

    const shown = await scanner.scan(EVENT_ID, manifest, { code: await keys.sign({ id: ZOE }) });

    expect(shown).toMatchObject({
      tone: 'already',
      detail: m.alreadyScannedAt(formatDateTime('2030-06-01T19:45:00.000Z'), 'Porte B'),
    });
    expect(await store.queued(EVENT_ID)).toEqual([]);
  });

  it('refuses a cancelled ticket in red, with what to tell its holder', async () => {
    stubApi({
      [SCAN_PATH]: ({ body }) =>
        refusal(409, 'TICKET_CANCELLED', checkinFr.cancelled, {
          ...outcome((body as { id: string }).id, { result: 'cancelled', participationId: ZOE, holderName: 'Zoé' }),
        }),
    });
    const manifest = await deviceHas([participation(ZOE)]);

    expect(await scanner.scan(EVENT_ID, manifest, { code: await keys.sign({ id: ZOE }) })).toMatchObject({
      tone: 'refused',
      title: m.cancelled,
      detail: m.cancelledHelp,
      holderName: 'Zoé',
    });
    expect(await store.queued(EVENT_ID)).toEqual([]);
  });

  it('passes on a refusal of the request itself, without letting anyone in on the device', async () => {
    stubApi({ [SCAN_PATH]: refusal(403, 'FORBIDDEN', fr.common.genericError) });
    const manifest = await deviceHas([participation(ZOE)]);

    await expect(scanner.scan(EVENT_ID, manifest, { code: await keys.sign({ id: ZOE }) })).rejects.toMatchObject({
      status: 403,
      message: fr.common.genericError,
    });
    expect(await store.queued(EVENT_ID)).toEqual([]);
    expect((await store.loadEvent(EVENT_ID))?.manifest.participations[0]?.entriesUsed).toBe(0);
  });

  it('reports a forged code to the server at once, and queues the report when it cannot be reached', async () => {
    let reachable = true;
    const api = stubApi({
      [SCAN_PATH]: ({ body }) =>
        reachable
          ? refusal(422, 'INVALID_TICKET', checkinFr.invalidTicket, {
              ...outcome((body as { id: string }).id, { result: 'invalid' }),
            })
          : networkDown,
    });
    const manifest = await deviceHas([participation(ZOE)]);

    await scanner.scan(EVENT_ID, manifest, { code: 'NOT-A-TICKET' });
    expect(api.bodiesOf(SCAN_PATH)).toMatchObject([{ code: 'NOT-A-TICKET' }]);
    expect(await store.queued(EVENT_ID)).toEqual([]);

    reachable = false;
    await scanner.scan(EVENT_ID, manifest, { code: 'NOT-A-TICKET' });
    expect((await store.queued(EVENT_ID)).map((s) => s.code)).toEqual(['NOT-A-TICKET']);
  });
});

/** Queues scans as the door would make them offline, one second apart. */
async function scanOffline(manifest: ReturnType<typeof manifestOf>, codes: string[]) {
  const spy = offline();
  let second = 0;
  for (const code of codes) {
    at(`20:${String(Math.floor(second / 60)).padStart(2, '0')}:${String(second % 60).padStart(2, '0')}`);
    second += 1;
    await scanner.scan(EVENT_ID, manifest, { code });
  }
  spy.mockRestore();
}

/** A queue longer than a batch, put straight in the store (signing hundreds of codes takes seconds). */
async function queueLong(count: number) {
  const codes = Array.from({ length: count }, (_, i) => `CODE-${String(i).padStart(4, '0')}`);
  for (const [i, code] of codes.entries()) {
    const scannedAt = new Date(Date.UTC(2030, 5, 1, 20, 0, i)).toISOString();
    await store.enqueue({ id: crypto.randomUUID(), eventId: EVENT_ID, code, scannedAt, acceptedOffline: true });
  }
  return codes;
}

/** The batch route of a server that answers each scan with `answer`. */
function batchAnswering(
  answer: (scan: ScanBatchRequest['scans'][number]) => Partial<import('@guichet/shared').ScanOutcome>,
) {
  return ({ body }: ApiRequest) =>
    ok({ results: (body as ScanBatchRequest).scans.map((scan) => outcome(scan.id, answer(scan))) });
}

describe('sync', () => {
  it('sends the queue in the order it was scanned, as offline scans, then keeps the fresh list', async () => {
    const manifest = await deviceHas([participation(ZOE, { quantity: 2 })]);
    const code = await keys.sign({ id: ZOE, quantity: 2 });
    await scanOffline(manifest, [code, code]);
    const queue = await store.queued(EVENT_ID);
    const fresh = manifestOf(keys.publicKey, [participation(ZOE, { quantity: 2, entriesUsed: 2 })]);
    const api = stubApi({ [BATCH_PATH]: batchAnswering(() => ({})), [MANIFEST_PATH]: ok(fresh) });

    expect(await scanner.sync(EVENT_ID)).toEqual(fresh);

    expect(api.bodiesOf(BATCH_PATH)).toEqual([
      {
        deviceId: store.deviceId(),
        scans: queue.map((s) => ({ id: s.id, code, scannedAt: s.scannedAt, offline: true })),
      },
    ]);
    expect(queue.map((s) => s.scannedAt)).toEqual(['2030-06-01T20:00:00.000Z', '2030-06-01T20:00:01.000Z']);
    expect(await store.queued(EVENT_ID)).toEqual([]);
    expect((await store.loadEvent(EVENT_ID))?.manifest).toEqual(fresh);
    // The batch goes first: the fresh list must count the entries this device took.
    expect(api.calls.map((c) => c.method)).toEqual(['POST', 'GET']);
  });

  it('sends a long queue in batches the server accepts, oldest first', async () => {
    const manifest = await deviceHas([]);
    const codes = await queueLong(MAX_SCAN_BATCH + 1);
    const api = stubApi({ [BATCH_PATH]: batchAnswering(() => ({})), [MANIFEST_PATH]: ok(manifest) });

    await scanner.sync(EVENT_ID);

    const batches = api.bodiesOf(BATCH_PATH) as ScanBatchRequest[];
    // The server refuses a batch over its limit (413): the scanner keeps under it.
    expect(batches.map((b) => b.scans.length)).toEqual([MAX_SCAN_BATCH, 1]);
    expect(batches.flatMap((b) => b.scans.map((s) => s.code))).toEqual(codes);
  });

  it('keeps the whole queue when the network is gone, and sends the same scans when it is back', async () => {
    const manifest = await deviceHas([participation(ZOE)]);
    await scanOffline(manifest, [await keys.sign({ id: ZOE })]);
    const [waiting] = await store.queued(EVENT_ID);
    stubApi({ [BATCH_PATH]: networkDown });

    await expect(scanner.sync(EVENT_ID)).rejects.toMatchObject({ status: 0 });
    expect(await store.queued(EVENT_ID)).toEqual([waiting]);

    const api = stubApi({ [BATCH_PATH]: batchAnswering(() => ({})), [MANIFEST_PATH]: ok(manifest) });
    await scanner.sync(EVENT_ID);
    // The same id: the server records a scan once however many times it is sent.
    expect((api.bodiesOf(BATCH_PATH) as ScanBatchRequest[])[0]?.scans.map((s) => s.id)).toEqual([waiting?.id]);
    expect(await store.queued(EVENT_ID)).toEqual([]);
  });

  it('does not send again the batches the server answered before the network went', async () => {
    await deviceHas([]);
    const codes = await queueLong(MAX_SCAN_BATCH + 1);
    let sends = 0;
    const answer = batchAnswering(() => ({}));
    stubApi({ [BATCH_PATH]: (request) => (++sends === 1 ? answer(request) : networkDown) });

    await expect(scanner.sync(EVENT_ID)).rejects.toMatchObject({ status: 0 });

    expect((await store.queued(EVENT_ID)).map((s) => s.code)).toEqual([codes[MAX_SCAN_BATCH]]);
  });

  it('keeps the queue when the server refuses the batch', async () => {
    const manifest = await deviceHas([participation(ZOE)]);
    await scanOffline(manifest, [await keys.sign({ id: ZOE })]);
    stubApi({ [BATCH_PATH]: refusal(403, 'FORBIDDEN', fr.common.genericError) });

    await expect(scanner.sync(EVENT_ID)).rejects.toMatchObject({ status: 403 });
    expect(await store.queued(EVENT_ID)).toHaveLength(1);
  });

  it('does not send the scans again when only the fresh list failed to come', async () => {
    const manifest = await deviceHas([participation(ZOE)]);
    await scanOffline(manifest, [await keys.sign({ id: ZOE })]);
    stubApi({ [BATCH_PATH]: batchAnswering(() => ({})), [MANIFEST_PATH]: networkDown });

    await expect(scanner.sync(EVENT_ID)).rejects.toMatchObject({ status: 0 });
    expect(await store.queued(EVENT_ID)).toEqual([]);
    // Until a list comes, the device goes on counting the entry it took itself.
    expect((await store.loadEvent(EVENT_ID))?.manifest.participations[0]?.entriesUsed).toBe(1);
  });
});

describe('conflicts after a sync', () => {
  it('reports a person let in here whose entry another door had taken, with the time of this door’s scan', async () => {
    const manifest = await deviceHas([participation(ZOE)]);
    await scanOffline(manifest, [await keys.sign({ id: ZOE })]);
    const [scanned] = await store.queued(EVENT_ID);
    stubApi({
      [BATCH_PATH]: batchAnswering(() => ({ result: 'already_scanned', conflict: true, holderName: 'Zoé Lefèvre' })),
      [MANIFEST_PATH]: ok(manifest),
    });

    await scanner.sync(EVENT_ID);

    expect(await store.conflictsOf(EVENT_ID)).toEqual([
      { id: scanned?.id, eventId: EVENT_ID, holderName: 'Zoé Lefèvre', scannedAt: '2030-06-01T20:00:00.000Z' },
    ]);
  });

  it('is no conflict when this door had refused the person itself (an offline duplicate)', async () => {
    const manifest = await deviceHas([participation(ZOE)]);
    const code = await keys.sign({ id: ZOE });
    await scanOffline(manifest, [code, code]);
    // The server takes the first scan and, being offline too, marks the second as a conflict.
    stubApi({
      [BATCH_PATH]: ({ body }) => {
        const [first, second] = (body as ScanBatchRequest).scans;
        return ok({
          results: [
            outcome(first?.id ?? '', { participationId: ZOE }),
            outcome(second?.id ?? '', { result: 'already_scanned', conflict: true, holderName: 'Zoé Lefèvre' }),
          ],
        });
      },
      [MANIFEST_PATH]: ok(manifest),
    });

    await scanner.sync(EVENT_ID);

    expect(await store.conflictsOf(EVENT_ID)).toEqual([]);
  });

  it('is no conflict when the ticket was cancelled meanwhile (the server does not mark one)', async () => {
    const manifest = await deviceHas([participation(ZOE)]);
    await scanOffline(manifest, [await keys.sign({ id: ZOE })]);
    stubApi({
      [BATCH_PATH]: batchAnswering(() => ({ result: 'cancelled', conflict: false, holderName: 'Zoé Lefèvre' })),
      [MANIFEST_PATH]: ok(manifestOf(keys.publicKey, [])),
    });

    await scanner.sync(EVENT_ID);

    expect(await store.conflictsOf(EVENT_ID)).toEqual([]);
    expect(await store.queued(EVENT_ID)).toEqual([]);
  });

  it('names a conflict whose holder the server does not know with a dash, and keeps earlier ones', async () => {
    const manifest = await deviceHas([participation(ZOE), participation(LATE)]);
    const conflicting = batchAnswering(() => ({ result: 'already_scanned', conflict: true, holderName: null }));
    await scanOffline(manifest, [await keys.sign({ id: ZOE })]);
    stubApi({ [BATCH_PATH]: conflicting, [MANIFEST_PATH]: ok(manifest) });
    await scanner.sync(EVENT_ID);
    await scanOffline(manifest, [await keys.sign({ id: LATE })]);
    stubApi({ [BATCH_PATH]: conflicting, [MANIFEST_PATH]: ok(manifest) });
    await scanner.sync(EVENT_ID);

    expect((await store.conflictsOf(EVENT_ID)).map((c) => c.holderName)).toEqual(['—', '—']);
  });
});
