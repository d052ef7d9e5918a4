import { type CheckinLists, checkinFr } from '@guichet/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, refusal, stubApi } from '../../../test/fetch-stub';
import { label, renderApp } from '../../../test/render-app';
import { CheckinListsSection } from './CheckinListsSection';

const m = checkinFr.lists;
const LISTS = 'GET /console/events/evt-1/checkin-lists';
/** A one-date event: no date filter. */
const DATES = 'GET /console/events/evt-1/dates';
const CREATE = 'POST /console/events/evt-1/checkin-lists';
const managed = {
  tickets: [
    { id: 't-general', parentId: null, title: 'Général' },
    { id: 't-vip', parentId: null, title: 'VIP' },
  ],
};
const figures: CheckinLists = {
  lists: [
    {
      id: 'l-vip',
      name: 'Carré VIP',
      ticketIds: ['t-vip'],
      allowReentry: true,
      allowCheckout: true,
      inside: 4,
      entered: 6,
    },
  ],
  event: { inside: 12, total: 80 },
};

/** The browser's EventSource, driven by the test: the streams opened, and a way to send them a message. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, (message: MessageEvent<string>) => void>();
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(name: string, listener: (message: MessageEvent<string>) => void) {
    this.listeners.set(name, listener);
  }
  close() {
    this.closed = true;
  }
  emit(name: string, data: unknown) {
    this.listeners.get(name)?.(new MessageEvent(name, { data: JSON.stringify(data) }));
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeEventSource.opened = [];
});

describe('the check-in lists of the console', () => {
  it('follows the people inside as the server pushes them, and stops when left', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    stubApi({ [DATES]: ok([]), [LISTS]: ok(figures) });
    const { unmount } = renderApp(<CheckinListsSection eventId="evt-1" />);
    expect(await screen.findByTestId('event-inside')).toHaveTextContent(checkinFr.scanner.inside(12));
    const [stream] = FakeEventSource.opened;
    expect(stream?.url).toBe('/api/checkin/events/evt-1/lists/stream');
    act(() => stream?.emit('figures', { ...figures, event: { inside: 13, total: 80 } }));
    await waitFor(() => expect(screen.getByTestId('event-inside')).toHaveTextContent(checkinFr.scanner.inside(13)));
    unmount();
    expect(stream?.closed).toBe(true);
  });

  it('shows each list with its people inside, and the whole event’s', async () => {
    stubApi({ [DATES]: ok([]), [LISTS]: ok(figures) });
    renderApp(<CheckinListsSection eventId="evt-1" />);
    const item = (await screen.findByText('Carré VIP')).closest('li') as HTMLElement;
    expect(within(item).getByText(m.reentry)).toBeInTheDocument();
    expect(within(item).getByTestId('list-inside')).toHaveTextContent(
      `${checkinFr.scanner.inside(4)} · ${m.entered(6)}`,
    );
    expect(screen.getByTestId('event-inside')).toHaveTextContent(checkinFr.scanner.inside(12));
  });

  it('creates a list of the tickets ticked, and says the server’s refusal of a list without ticket', async () => {
    const api = stubApi({
      [DATES]: ok([]),
      [LISTS]: ok({ lists: [], event: { inside: 0, total: 0 } }),
      'GET /events/evt-1/manage': ok(managed),
      [CREATE]: ({ body }) =>
        (body as { ticketIds: string[] }).ticketIds.length === 0
          ? refusal(400, 'VALIDATION_ERROR', m.noTicket, { field: 'ticketIds' })
          : { status: 201, body: { id: 'l-new' } },
    });
    const { user } = renderApp(<CheckinListsSection eventId="evt-1" />);
    expect(await screen.findByText(m.empty)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: m.add }));
    const dialog = await screen.findByRole('dialog', { name: m.add });
    await user.type(within(dialog).getByLabelText(label(m.name)), 'VIP');
    await user.click(within(dialog).getByRole('button', { name: m.add }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(m.noTicket);

    await user.click(await within(dialog).findByRole('checkbox', { name: 'VIP' }));
    await user.click(within(dialog).getByRole('switch', { name: m.allowReentry }));
    // Coming back needs leaving: the check-out switch follows.
    expect(within(dialog).getByRole('switch', { name: new RegExp(m.allowCheckout) })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: m.add }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.bodiesOf(CREATE).at(-1)).toEqual({
      name: 'VIP',
      ticketIds: ['t-vip'],
      allowReentry: true,
      allowCheckout: true,
    });
  });
});
