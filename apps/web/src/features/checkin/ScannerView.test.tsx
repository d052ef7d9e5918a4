import { checkinFr, formatDateTime, fr, type ScanBatchRequest } from '@guichet/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  EVENT_ID,
  leaveDevice,
  manifestOf,
  newDevice,
  outcome,
  participation,
  ticketKeys,
} from '../../../test/checkin-fixtures';
import { ok, stubApi } from '../../../test/fetch-stub';
import { label, renderApp } from '../../../test/render-app';

// The camera's QR reader (native or WebAssembly) is warmed up as the page opens: not for jsdom.
vi.mock('./qr-detector', () => ({
  warmUpQrDetector: () => {},
  createQrDetector: async () => ({ detect: async () => [] }),
}));

const m = checkinFr.scanner;
const ZOE = 'aaaaaaaa-0000-4000-8000-000000000001';
const BATCH = `POST /checkin/events/${EVENT_ID}/scans/batch`;
const MANIFEST = `GET /checkin/events/${EVENT_ID}/manifest`;

let ScannerView: ComponentType<{ eventId: string }>;
let online = false;

beforeEach(async () => {
  newDevice();
  // Imported after the device is new: the store keeps its open database in the module.
  ({ ScannerView } = await import('./ScannerView'));
  const store = await import('./store');
  const keys = await ticketKeys();
  await store.saveManifest(manifestOf(keys.publicKey, [participation(ZOE)]));
  online = false;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});

afterEach(leaveDevice);

const shortCode = participation(ZOE).shortCode;

describe('the scanner page', () => {
  it('lets a ticket in offline by its typed code, counts it, and refuses it the second time', async () => {
    stubApi({ 'GET /meta': ok({}) });
    const { user } = renderApp(<ScannerView eventId={EVENT_ID} />);
    expect(await screen.findByRole('heading', { name: 'Gala' })).toBeInTheDocument();
    expect(screen.getByText(fr.common.offline)).toBeInTheDocument();
    expect(screen.getByText(m.progress(0, 1))).toBeInTheDocument();

    const check = screen.getByRole('button', { name: m.check });
    expect(check).toBeDisabled();
    await user.type(screen.getByLabelText(label(m.typedCode)), shortCode.toLowerCase());
    await user.click(check);

    const result = await screen.findByTestId('scan-result');
    expect(result).toHaveTextContent(m.accepted);
    expect(result).toHaveTextContent('Zoé Lefèvre');
    expect(result).toHaveTextContent(m.remaining(0));
    expect(await screen.findByText(m.pending(1))).toBeInTheDocument();
    expect(screen.getByText(m.progress(1, 1))).toBeInTheDocument();

    await user.click(within(result).getByRole('button', { name: m.next }));
    await user.type(screen.getByLabelText(label(m.search)), 'zoe');
    await user.click(screen.getByRole('button', { name: `${m.admit} : Zoé Lefèvre` }));

    await waitFor(() => expect(screen.getByTestId('scan-result')).toHaveTextContent(m.alreadyScanned));
    expect(await screen.findByText(m.pending(2))).toBeInTheDocument();
  });

  it("counts tonight's places and the passes on an event of several dates", async () => {
    const store = await import('./store');
    const keys = await ticketKeys();
    const [tonight, other] = ['d0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000002'];
    await store.saveManifest({
      ...manifestOf(keys.publicKey, [
        participation(ZOE, { dateId: tonight, entriesUsed: 1 }),
        participation('aaaaaaaa-0000-4000-8000-000000000002', { dateId: tonight }),
        participation('aaaaaaaa-0000-4000-8000-000000000003', { dateId: other, entriesUsed: 1 }),
        participation('aaaaaaaa-0000-4000-8000-000000000004', { dateId: other }),
        participation('aaaaaaaa-0000-4000-8000-000000000005', { dateId: null, entriesUsed: 1 }),
      ]),
      doorDateId: tonight,
    });
    stubApi({ 'GET /meta': ok({}) });
    renderApp(<ScannerView eventId={EVENT_ID} />);
    expect(await screen.findByText(m.progress(2, 3))).toBeInTheDocument();
    expect(screen.getByTestId('remaining-count')).toHaveTextContent('1');
  });

  it('says when a typed short code is no ticket of this event', async () => {
    stubApi({ 'GET /meta': ok({}) });
    const { user } = renderApp(<ScannerView eventId={EVENT_ID} />);
    await screen.findByRole('heading', { name: 'Gala' });

    await user.type(screen.getByLabelText(label(m.typedCode)), 'AAAAA-AAAAA');
    await user.click(screen.getByRole('button', { name: m.check }));

    expect(screen.getByLabelText(label(m.typedCode))).toHaveAccessibleDescription(
      expect.stringContaining(m.unknownShortCode),
    );
    expect(screen.queryByTestId('scan-result')).not.toBeInTheDocument();
  });

  it('sends the queue when the network is back, and shows the conflicts until they are read', async () => {
    const store = await import('./store');
    const api = stubApi({
      'GET /meta': ok({}),
      [BATCH]: ({ body }) =>
        ok({
          results: (body as ScanBatchRequest).scans.map((scan) =>
            outcome(scan.id, { result: 'already_scanned', conflict: true, holderName: 'Zoé Lefèvre' }),
          ),
        }),
      [MANIFEST]: async () => ok((await store.loadEvent(EVENT_ID))?.manifest),
    });
    const { user } = renderApp(<ScannerView eventId={EVENT_ID} />);
    await screen.findByRole('heading', { name: 'Gala' });
    await user.type(screen.getByLabelText(label(m.search)), 'Lefèvre');
    await user.click(screen.getByRole('button', { name: `${m.admit} : Zoé Lefèvre` }));
    expect(await screen.findByText(m.pending(1))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: m.syncNow })).toBeDisabled();
    const [scanned] = await store.queued(EVENT_ID);

    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });

    const conflicts = await screen.findByRole('alert');
    expect(conflicts).toHaveTextContent(m.conflictsTitle);
    expect(conflicts).toHaveTextContent(m.conflict('Zoé Lefèvre', formatDateTime(scanned?.scannedAt ?? '')));
    expect(screen.queryByText(m.pending(1))).not.toBeInTheDocument();
    expect(screen.getByText(m.online)).toBeInTheDocument();
    expect(api.bodiesOf(BATCH)).toHaveLength(1);

    await user.click(within(conflicts).getByRole('button', { name: m.dismissConflicts }));
    await waitFor(() => expect(screen.queryByText(m.conflictsTitle)).not.toBeInTheDocument());
  });
});

describe('check-in lists at the door (issue 31)', () => {
  const VIP = 'bbbbbbbb-0000-4000-8000-0000000000f1';
  const LISTS = `GET /checkin/events/${EVENT_ID}/lists`;
  const vipList = { id: VIP, name: 'VIP', allowReentry: true, allowCheckout: true };
  const figures = (inside: number) => ({
    lists: [{ ...vipList, ticketIds: ['t-vip'], inside, entered: inside }],
    event: { inside: 0, total: 2 },
  });
  const PAUL = 'aaaaaaaa-0000-4000-8000-000000000002';

  /** The device's copy of the VIP list: Zoé's ticket is on it, Paul's only on the main door's list. */
  async function keepVipManifest() {
    const store = await import('./store');
    const keys = await ticketKeys();
    await store.saveManifest({
      ...manifestOf(keys.publicKey, [
        participation(ZOE, { isOnList: true, inside: 0, validLists: ['VIP'] }),
        participation(PAUL, {
          holderName: 'Paul Martin',
          isOnList: false,
          inside: 0,
          validLists: ['Entrée principale'],
        }),
      ]),
      list: vipList,
    });
  }

  it('starts by choosing a list, each with its people inside, then scans on it', async () => {
    online = true;
    await keepVipManifest();
    const store = await import('./store');
    stubApi({
      'GET /meta': ok({}),
      [LISTS]: ok(figures(3)),
      [MANIFEST]: async () => ok((await store.loadEvent(store.scopeOf(EVENT_ID, VIP)))?.manifest),
    });
    const { user } = renderApp(<ScannerView eventId={EVENT_ID} />, { path: `/scan/${EVENT_ID}` });
    expect(await screen.findByRole('heading', { name: m.chooseList })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: new RegExp(m.wholeEvent) })).toHaveTextContent(m.inside(0));
    const vip = screen.getByRole('button', { name: /VIP/ });
    expect(vip).toHaveTextContent(m.inside(3));

    await user.click(vip);
    expect(await screen.findByText(m.currentList('VIP'))).toBeInTheDocument();
    expect(screen.getByTestId('inside-count')).toHaveTextContent(m.inside(3));
    expect(screen.getByRole('radio', { name: m.directionOut })).toBeInTheDocument();
  });

  it('offline on a list: refuses a ticket of another list by name, lets someone out and back in, counting who is inside', async () => {
    await keepVipManifest();
    stubApi({ 'GET /meta': ok({}) });
    const { user } = renderApp(<ScannerView eventId={EVENT_ID} />, { path: `/scan/${EVENT_ID}?list=${VIP}` });
    expect(await screen.findByText(m.currentList('VIP'))).toBeInTheDocument();
    expect(screen.getByTestId('inside-count')).toHaveTextContent(m.inside(0));

    const admit = async (name: string) => {
      // The previous answer is put away first, so that the one found is this scan's.
      const previous = screen.queryByTestId('scan-result');
      if (previous) await user.click(within(previous).getByRole('button', { name: m.next }));
      await user.clear(screen.getByLabelText(label(m.search)));
      await user.type(screen.getByLabelText(label(m.search)), name);
      await user.click(screen.getByRole('button', { name: `${m.admit} : ${name}` }));
      return screen.findByTestId('scan-result');
    };
    const refused = await admit('Paul Martin');
    expect(refused).toHaveTextContent(m.notOnList);
    expect(refused).toHaveTextContent(checkinFr.notOnList('VIP', ['Entrée principale']));

    expect(await admit('Zoé Lefèvre')).toHaveTextContent(m.accepted);
    await waitFor(() => expect(screen.getByTestId('inside-count')).toHaveTextContent(m.inside(1)));

    await user.click(screen.getByRole('radio', { name: m.directionOut }));
    expect(await admit('Zoé Lefèvre')).toHaveTextContent(m.checkedOut);
    await waitFor(() => expect(screen.getByTestId('inside-count')).toHaveTextContent(m.inside(0)));
    expect(await admit('Zoé Lefèvre')).toHaveTextContent(m.alreadyOut);

    await user.click(screen.getByRole('radio', { name: m.directionIn }));
    expect(await admit('Zoé Lefèvre')).toHaveTextContent(m.accepted);
    await waitFor(() => expect(screen.getByTestId('inside-count')).toHaveTextContent(m.inside(1)));
    const store = await import('./store');
    const queued = await store.queued(EVENT_ID);
    expect(queued.map((scan) => [scan.listId, scan.direction ?? 'in'])).toEqual([
      [VIP, 'in'],
      [VIP, 'in'],
      [VIP, 'out'],
      [VIP, 'out'],
      [VIP, 'in'],
    ]);
  });
});
