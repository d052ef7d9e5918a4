import { datesFr, eventDatesFr, formatDateTime } from '@guichet/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { consoleDate } from '../../../test/date-fixtures';
import { ok, refusal, stubApi } from '../../../test/fetch-stub';
import { label, renderApp } from '../../../test/render-app';
import { DatesTab } from './DatesTab';
import { repeatCount } from './repeat';

const m = eventDatesFr.console;
const DATES = 'GET /console/events/evt-1/dates';

const FRI = consoleDate('d-fri', '2099-05-01T18:00:00.000Z', { capacity: 200, sold: 37, placesLeft: 163 });
const SAT = consoleDate('d-sat', '2099-05-02T18:00:00.000Z');

function row(start: string) {
  const cell = screen.getByText(formatDateTime(start));
  return within(cell.closest('tr') as HTMLElement);
}

const page = (orderIds: (string | null)[]) => ({
  items: orderIds.map((orderId, index) => ({ id: `p-${index}`, orderId })),
  total: orderIds.length,
  places: orderIds.length,
});

describe('the Dates tab', () => {
  it('lists each date with its start, end, places, sold and status', async () => {
    stubApi({ [DATES]: ok([FRI, SAT, consoleDate('d-sun', '2099-05-03T18:00:00.000Z', { status: 'cancelled' })]) });
    renderApp(<DatesTab eventId="evt-1" />);
    await screen.findByText(formatDateTime(FRI.dateBegin));

    const friday = row(FRI.dateBegin);
    expect(friday.getByText(formatDateTime(FRI.dateEnd))).toBeInTheDocument();
    expect(friday.getByText('200')).toBeInTheDocument();
    expect(friday.getByText('37')).toBeInTheDocument();
    expect(friday.getByText(m.status.onsale)).toBeInTheDocument();
    expect(row(SAT.dateBegin).getByText(m.noCapacity)).toBeInTheDocument();
    const sunday = row('2099-05-03T18:00:00.000Z');
    expect(sunday.getByText(m.status.cancelled)).toBeInTheDocument();
    expect(sunday.queryByRole('button')).not.toBeInTheDocument();
  });

  it('offers to delete a date only before sales; after, to cancel it', async () => {
    stubApi({ [DATES]: ok([FRI, SAT]) });
    const { user } = renderApp(<DatesTab eventId="evt-1" />);
    await user.click(await screen.findByRole('button', { name: m.actionsOf(formatDateTime(FRI.dateBegin)) }));
    expect(await screen.findByRole('menuitem', { name: m.cancel })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: m.remove })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: m.actionsOf(formatDateTime(SAT.dateBegin)) }));
    expect(await screen.findByRole('menuitem', { name: m.remove })).toBeInTheDocument();
  });

  it('refuses an end before the start without asking the server, then adds the date', async () => {
    const api = stubApi({
      [DATES]: ok([FRI]),
      'POST /console/events/evt-1/dates': { status: 201, body: { id: 'd-new' } },
    });
    const { user } = renderApp(<DatesTab eventId="evt-1" />);
    await user.click(await screen.findByRole('button', { name: m.add }));
    const dialog = await screen.findByRole('dialog', { name: m.add });
    fireEvent.change(within(dialog).getByLabelText(label(m.fields.dateBegin)), {
      target: { value: '2099-06-05T20:00' },
    });
    fireEvent.change(within(dialog).getByLabelText(label(m.fields.dateEnd)), {
      target: { value: '2099-06-05T19:00' },
    });
    await user.click(within(dialog).getByRole('button', { name: m.create }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(datesFr.endBeforeStart);
    expect(api.bodiesOf('POST /console/events/evt-1/dates')).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText(label(m.fields.dateEnd)), {
      target: { value: '2099-06-05T23:00' },
    });
    await user.type(within(dialog).getByLabelText(label(m.fields.capacity)), '150');
    await user.click(within(dialog).getByRole('button', { name: m.create }));
    await waitFor(() => expect(api.bodiesOf('POST /console/events/evt-1/dates')).toHaveLength(1));
    expect(api.bodiesOf('POST /console/events/evt-1/dates')[0]).toEqual({
      dateBegin: new Date('2099-06-05T20:00').toISOString(),
      dateEnd: new Date('2099-06-05T23:00').toISOString(),
      capacity: 150,
      dateMaxRefund: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('previews how many dates a repeating rule makes, and sends the rule', async () => {
    const api = stubApi({
      [DATES]: ok([FRI]),
      'POST /console/events/evt-1/dates/repeat': { status: 201, body: { ids: ['a', 'b'] } },
    });
    const { user } = renderApp(<DatesTab eventId="evt-1" />);
    await user.click(await screen.findByRole('button', { name: m.addRepeat }));
    const dialog = await screen.findByRole('dialog', { name: m.addRepeat });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Vendredi' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Samedi' }));
    fireEvent.change(within(dialog).getByLabelText(label(m.fields.fromDay)), {
      target: { value: '2099-05-01' },
    });
    fireEvent.change(within(dialog).getByLabelText(label(m.fields.toDay)), {
      target: { value: '2099-05-31' },
    });
    // May 2099 starts on a Friday: five Fridays and five Saturdays.
    expect(within(dialog).getByRole('status')).toHaveTextContent(m.preview(10));

    await user.click(within(dialog).getByRole('button', { name: m.createRepeat }));
    await waitFor(() => expect(api.bodiesOf('POST /console/events/evt-1/dates/repeat')).toHaveLength(1));
    expect(api.bodiesOf('POST /console/events/evt-1/dates/repeat')[0]).toEqual({
      weekdays: [5, 6],
      fromDay: '2099-05-01',
      toDay: '2099-05-31',
      startTime: '20:00',
      endTime: '22:00',
      capacity: null,
    });
  });

  it('refuses a rule that makes more dates than an event may hold', () => {
    expect(repeatCount({ weekdays: [0, 1, 2, 3, 4, 5, 6], fromDay: '2099-01-01', toDay: '2100-06-30' })).toBe(546);
    expect(repeatCount({ weekdays: [5], fromDay: '2099-05-31', toDay: '2099-05-01' })).toBe(0);
  });

  it('names the orders a cancellation refunds, and sends the message', async () => {
    const api = stubApi({
      [DATES]: ok([FRI, SAT]),
      'GET /console/events/evt-1/participants': (request) =>
        request.query.get('dateId') === 'd-fri' ? ok(page(['o-1', 'o-1', 'o-2', null])) : ok(page([])),
      'POST /console/events/evt-1/dates/d-fri/cancel': ok({ ...FRI, status: 'cancelled' }),
    });
    const { user } = renderApp(<DatesTab eventId="evt-1" />);
    await user.click(await screen.findByRole('button', { name: m.actionsOf(formatDateTime(FRI.dateBegin)) }));
    await user.click(await screen.findByRole('menuitem', { name: m.cancel }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(m.cancelText(2, false))).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(m.fields.message), 'Intempéries');
    await user.click(within(dialog).getByRole('button', { name: m.cancelConfirm }));
    await waitFor(() => expect(api.bodiesOf('POST /console/events/evt-1/dates/d-fri/cancel')).toHaveLength(1));
    expect(api.bodiesOf('POST /console/events/evt-1/dates/d-fri/cancel')[0]).toEqual({ message: 'Intempéries' });
  });

  it('says the server’s refusal of a move in the form, which stays open', async () => {
    stubApi({
      [DATES]: ok([FRI, SAT]),
      'POST /console/events/evt-1/dates/d-fri/move': refusal(
        409,
        'DATES_OVERLAP',
        'Cette date chevauche une autre date.',
      ),
    });
    const { user } = renderApp(<DatesTab eventId="evt-1" />);
    await user.click(await screen.findByRole('button', { name: m.actionsOf(formatDateTime(FRI.dateBegin)) }));
    await user.click(await screen.findByRole('menuitem', { name: m.move }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(m.moveText)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: m.move }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Cette date chevauche une autre date.');
  });
});
