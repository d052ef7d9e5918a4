// @vitest-environment jsdom
import { fr, type ScanBatchRequest } from '@guichet/shared';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENT_ID, leaveDevice, manifestOf, newDevice, outcome, participation } from '../../../test/checkin-fixtures';
import { type ApiRequest, networkDown, ok, refusal, stubApi } from '../../../test/fetch-stub';

const ZOE = 'aaaaaaaa-0000-4000-8000-000000000001';
const BATCH_PATH = `POST /checkin/events/${EVENT_ID}/scans/batch`;
const MANIFEST_PATH = `GET /checkin/events/${EVENT_ID}/manifest`;
const manifest = manifestOf('key', [participation(ZOE)]);

let store: typeof import('./store');
let useScanner: typeof import('./useScanner').useScanner;
let online = true;

const answerAll = ({ body }: ApiRequest) =>
  ok({ results: (body as ScanBatchRequest).scans.map((scan) => outcome(scan.id)) });

/** A device that holds the event's list and one scan made offline. */
async function deviceWithOnePendingScan() {
  await store.saveManifest(manifest);
  await store.enqueue({
    id: crypto.randomUUID(),
    eventId: EVENT_ID,
    participationId: ZOE,
    scannedAt: '2030-06-01T20:00:00.000Z',
    acceptedOffline: true,
  });
}

beforeEach(async () => {
  newDevice();
  store = await import('./store');
  ({ useScanner } = await import('./useScanner'));
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});

afterEach(leaveDevice);

describe('the scanner of an event', () => {
  it('sends what is pending as it opens with network, and shows the fresh list', async () => {
    await deviceWithOnePendingScan();
    const api = stubApi({ [BATCH_PATH]: answerAll, [MANIFEST_PATH]: ok(manifest) });

    const { result } = renderHook(() => useScanner(EVENT_ID));

    await waitFor(() => expect(api.calls).toHaveLength(2));
    await waitFor(() => expect(result.current.state).toMatchObject({ pending: 0, syncing: false, manifest }));
  });

  it('counts the pending scans offline, and sends them when the network comes back', async () => {
    online = false;
    await deviceWithOnePendingScan();
    const api = stubApi({ [BATCH_PATH]: answerAll, [MANIFEST_PATH]: ok(manifest) });

    const { result } = renderHook(() => useScanner(EVENT_ID));
    await waitFor(() => expect(result.current.state).toMatchObject({ pending: 1, manifest }));
    expect(api.calls).toEqual([]);

    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });

    await waitFor(() => expect(result.current.state).toMatchObject({ online: true, pending: 0 }));
    expect(api.bodiesOf(BATCH_PATH)).toHaveLength(1);
  });

  it('tries again every 30 seconds while the server cannot be reached', async () => {
    // Only the interval is faked; vi.waitFor polls with the real timers (Testing Library's would not).
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await deviceWithOnePendingScan();
    let reachable = false;
    const api = stubApi({
      [BATCH_PATH]: (request) => (reachable ? answerAll(request) : networkDown),
      [MANIFEST_PATH]: ok(manifest),
    });

    const { result } = renderHook(() => useScanner(EVENT_ID));
    await vi.waitFor(() => expect(api.bodiesOf(BATCH_PATH)).toHaveLength(1));
    await vi.waitFor(() => expect(result.current.state).toMatchObject({ syncing: false, pending: 1, failure: null }));

    reachable = true;
    await act(() => vi.advanceTimersByTimeAsync(30_000));

    await vi.waitFor(() => expect(result.current.state.pending).toBe(0));
    expect(api.bodiesOf(BATCH_PATH)).toHaveLength(2);
  });

  it('says why when the server refuses the list, and keeps the scans', async () => {
    await deviceWithOnePendingScan();
    stubApi({ [BATCH_PATH]: refusal(403, 'FORBIDDEN', fr.common.genericError) });

    const { result } = renderHook(() => useScanner(EVENT_ID));

    await waitFor(() => expect(result.current.state.failure).toMatchObject({ status: 403 }));
    expect(result.current.state.pending).toBe(1);
  });

  it('shows the conflicts a sync reported until the door dismisses them', async () => {
    await deviceWithOnePendingScan();
    stubApi({
      [BATCH_PATH]: ({ body }) =>
        ok({
          results: (body as ScanBatchRequest).scans.map((scan) =>
            outcome(scan.id, { result: 'already_scanned', conflict: true, holderName: 'Zoé Lefèvre' }),
          ),
        }),
      [MANIFEST_PATH]: ok(manifest),
    });

    const { result } = renderHook(() => useScanner(EVENT_ID));
    await waitFor(() => expect(result.current.state.conflicts.map((c) => c.holderName)).toEqual(['Zoé Lefèvre']));

    await act(() => result.current.dismissConflicts());
    expect(result.current.state.conflicts).toEqual([]);
  });
});
