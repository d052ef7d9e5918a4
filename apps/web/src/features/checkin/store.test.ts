// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  EVENT_ID,
  leaveDevice,
  manifestOf,
  newDevice,
  OTHER_EVENT_ID,
  participation,
} from '../../../test/checkin-fixtures';

const ZOE = 'aaaaaaaa-0000-4000-8000-000000000001';
const LATE = 'aaaaaaaa-0000-4000-8000-000000000002';

let store: typeof import('./store');

beforeEach(async () => {
  newDevice();
  store = await import('./store');
});

afterEach(leaveDevice);

const queuedScan = (id: string, scannedAt: string, eventId = EVENT_ID) => ({ id, eventId, code: 'X', scannedAt });

describe('the pending-scan queue', () => {
  it('gives an event’s scans in the order they were made, whatever their ids', async () => {
    await store.enqueue(queuedScan('ffff', '2030-06-01T20:00:02.000Z'));
    await store.enqueue(queuedScan('0000', '2030-06-01T20:00:03.000Z'));
    await store.enqueue(queuedScan('8888', '2030-06-01T20:00:01.000Z'));
    await store.enqueue(queuedScan('1111', '2030-06-01T20:00:00.000Z', OTHER_EVENT_ID));
    expect((await store.queued(EVENT_ID)).map((s) => s.id)).toEqual(['8888', 'ffff', '0000']);
    expect((await store.queued(OTHER_EVENT_ID)).map((s) => s.id)).toEqual(['1111']);
  });

  it('keeps a scan queued twice once, and removes only the scans sent', async () => {
    await store.enqueue(queuedScan('a', '2030-06-01T20:00:00.000Z'));
    await store.enqueue(queuedScan('a', '2030-06-01T20:00:00.000Z'));
    await store.enqueue(queuedScan('b', '2030-06-01T20:00:01.000Z'));
    await store.dequeue(['a']);
    expect((await store.queued(EVENT_ID)).map((s) => s.id)).toEqual(['b']);
  });
});

describe('entries taken on the device', () => {
  it('lets a listed ticket in as many times as its places, in the name of whoever synced', async () => {
    await store.saveManifest(manifestOf('key', [participation(ZOE, { quantity: 2 })]));
    const first = await store.takeEntryLocally(EVENT_ID, ZOE, 2, '2030-06-01T20:00:00.000Z');
    const second = await store.takeEntryLocally(EVENT_ID, ZOE, 2, '2030-06-01T20:01:00.000Z');
    const third = await store.takeEntryLocally(EVENT_ID, ZOE, 2, '2030-06-01T20:02:00.000Z');
    expect([first.accepted, second.accepted, third.accepted]).toEqual([true, true, false]);
    // The refusal leaves the last entry's time, which the door reads out.
    expect(third.participation).toMatchObject({
      entriesUsed: 2,
      lastScanAt: '2030-06-01T20:01:00.000Z',
      lastScanBy: 'Porte A',
    });
    const stored = await store.loadEvent(EVENT_ID);
    expect(stored?.manifest.participations[0]?.entriesUsed).toBe(2);
  });

  it('counts a ticket bought after the last sync by the places its code carries', async () => {
    await store.saveManifest(manifestOf('key', [participation(ZOE)]));
    const taken = [];
    for (const minute of [0, 1, 2]) {
      taken.push(await store.takeEntryLocally(EVENT_ID, LATE, 2, `2030-06-01T20:0${minute}:00.000Z`));
    }
    expect(taken.map((t) => t.accepted)).toEqual([true, true, false]);
    expect(taken[2]?.unlisted).toMatchObject({ quantity: 2, entriesUsed: 2, lastScanBy: 'Porte A' });
    const stored = await store.loadEvent(EVENT_ID);
    expect(stored?.manifest.participations.map((p) => p.id)).toEqual([ZOE]);
  });

  it('lets nobody in for an event whose list the device does not have', async () => {
    expect(await store.takeEntryLocally(EVENT_ID, ZOE, 1, '2030-06-01T20:00:00.000Z')).toEqual({
      accepted: false,
      verdict: 'already_scanned',
    });
  });

  it('takes the server’s count over its own, and a fresh list drops the entries it counted alone', async () => {
    await store.saveManifest(manifestOf('key', [participation(ZOE, { quantity: 3 })]));
    await store.takeEntryLocally(EVENT_ID, LATE, 1, '2030-06-01T20:00:00.000Z');
    await store.recordServerEntries(EVENT_ID, ZOE, 3, '2030-06-01T20:05:00.000Z');
    expect((await store.takeEntryLocally(EVENT_ID, ZOE, 3, '2030-06-01T20:06:00.000Z')).accepted).toBe(false);

    await store.saveManifest(manifestOf('key', [participation(ZOE, { quantity: 3 })]));
    expect((await store.loadEvent(EVENT_ID))?.unlisted).toEqual({});
    expect((await store.takeEntryLocally(EVENT_ID, ZOE, 3, '2030-06-01T20:07:00.000Z')).accepted).toBe(true);
  });
});

describe('conflicts', () => {
  it('are kept per event until the door dismisses them', async () => {
    const conflict = (id: string, eventId: string) => ({ id, eventId, holderName: 'Zoé', scannedAt: 'x' });
    await store.addConflicts([conflict('1', EVENT_ID), conflict('2', OTHER_EVENT_ID)]);
    await store.addConflicts([conflict('3', EVENT_ID)]);
    expect((await store.conflictsOf(EVENT_ID)).map((c) => c.id)).toEqual(['1', '3']);
    await store.clearConflicts(EVENT_ID);
    expect(await store.conflictsOf(EVENT_ID)).toEqual([]);
    expect((await store.conflictsOf(OTHER_EVENT_ID)).map((c) => c.id)).toEqual(['2']);
  });
});

it('names the device once, and the same name after', () => {
  localStorage.clear();
  const id = store.deviceId();
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  expect(store.deviceId()).toBe(id);
});
