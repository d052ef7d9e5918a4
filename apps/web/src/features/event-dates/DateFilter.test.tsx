import {
  checkinFr,
  checkoutStepsFr,
  type DoorTicket,
  datesFr,
  doorSalesFr,
  eventDatesFr,
  followUpFr,
  formatDateTime,
} from '@guichet/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { consoleDate } from '../../../test/date-fixtures';
import { type ApiRequest, ok, refusal, stubApi } from '../../../test/fetch-stub';
import { label, renderApp } from '../../../test/render-app';
import { CheckinListsSection } from '../console/CheckinListsSection';
import { DoorSale } from '../console/DoorSale';
import ParticipantsTab from '../follow-up/ParticipantsTab';
import StatsTab from '../follow-up/StatsTab';

const f = eventDatesFr.filter;
const DATES = 'GET /console/events/evt-1/dates';

const FRI = consoleDate('d-fri', '2099-05-01T18:00:00.000Z');
const SAT = consoleDate('d-sat', '2099-05-02T18:00:00.000Z');

const dateOf = (request: ApiRequest) => request.query.get('dateId');

async function chooseDate(user: ReturnType<typeof renderApp>['user'], start: string) {
  await user.click(await screen.findByRole('textbox', { name: f.label }));
  await user.click(await screen.findByRole('option', { name: formatDateTime(start) }));
}

const doorTicket = (id: string, title: string, extra: Partial<DoorTicket> = {}): DoorTicket => ({
  id,
  title,
  description: '',
  priceCents: 0,
  vatRate: '20',
  remaining: 50,
  isSoldOut: false,
  isAvailable: true,
  isHidden: false,
  isNamed: false,
  minToBuy: 1,
  maxToBuy: 5,
  isMultipart: false,
  options: [],
  ...extra,
});

describe('the console’s date filter', () => {
  it('is not there for a one-date event', async () => {
    const seen: (string | null)[] = [];
    stubApi({
      [DATES]: ok([FRI]),
      'GET /console/events/evt-1/refunds': ok({ items: [] }),
      'GET /console/events/evt-1/participants': (request) => {
        seen.push(dateOf(request));
        return ok({ items: [], total: 0, places: 0 });
      },
    });
    renderApp(<ParticipantsTab eventId="evt-1" />);
    expect(await screen.findByText(followUpFr.participants.empty)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: f.label })).not.toBeInTheDocument();
    expect(seen).toEqual([null]);
  });

  it('lists the participants of the date chosen, from every date at first', async () => {
    const seen: (string | null)[] = [];
    stubApi({
      [DATES]: ok([FRI, SAT]),
      'GET /console/events/evt-1/refunds': ok({ items: [] }),
      'GET /console/events/evt-1/participants': (request) => {
        seen.push(dateOf(request));
        return ok({ items: [], total: 0, places: 0 });
      },
    });
    const { user } = renderApp(<ParticipantsTab eventId="evt-1" />);
    expect(await screen.findByRole('textbox', { name: f.label })).toHaveValue(f.all);
    await chooseDate(user, SAT.dateBegin);
    await waitFor(() => expect(seen.at(-1)).toBe('d-sat'));
    expect(seen[0]).toBeNull();
  });

  it('counts the check-in lists of the date chosen', async () => {
    const seen: (string | null)[] = [];
    stubApi({
      [DATES]: ok([FRI, SAT]),
      'GET /console/events/evt-1/checkin-lists': (request) => {
        seen.push(dateOf(request));
        return ok({ lists: [], event: { inside: dateOf(request) ? 4 : 9, total: 12 } });
      },
    });
    const { user } = renderApp(<CheckinListsSection eventId="evt-1" />);
    expect(await screen.findByText(new RegExp(checkinFr.scanner.inside(9)))).toBeInTheDocument();
    await chooseDate(user, FRI.dateBegin);
    expect(await screen.findByText(new RegExp(checkinFr.scanner.inside(4)))).toBeInTheDocument();
    expect(seen.at(-1)).toBe('d-fri');
  });

  it('sells at the door for the date chosen: its tickets, and the date on the sale', async () => {
    const m = doorSalesFr;
    const api = stubApi({
      [DATES]: ok([FRI, SAT]),
      'GET /console/events/evt-1/door-tickets': (request) =>
        ok(dateOf(request) === 'd-sat' ? [doorTicket('t-sat', 'Entrée samedi')] : [doorTicket('t-any', 'Entrée')]),
      'GET /console/events/evt-1/manual-entries': ok([]),
      'POST /console/events/evt-1/manual-entries': ok({
        orderId: 'o-1',
        participationId: 'p-1',
        totalCents: 0,
        message: m.success,
      }),
    });
    const { user } = renderApp(<DoorSale eventId="evt-1" />);
    const fill = async () => {
      await user.type(screen.getByLabelText(label(m.email)), 'paul@exemple.fr');
      await user.type(screen.getByLabelText(label(m.firstName)), 'Paul');
      await user.type(screen.getByLabelText(label(m.lastName)), 'Martin');
      await user.type(screen.getByLabelText(label(m.birthDate)), '1990-04-12');
    };

    // No date chosen yet: the sale is refused here, before the server.
    await user.click(await screen.findByRole('button', { name: /^Entrée/ }));
    await user.click(screen.getByRole('button', { name: checkoutStepsFr.tickets.increase('Entrée') }));
    await fill();
    await user.click(screen.getByRole('button', { name: m.submit }));
    expect(await screen.findByText(datesFr.dateRequired)).toBeInTheDocument();
    expect(api.bodiesOf('POST /console/events/evt-1/manual-entries')).toEqual([]);

    await chooseDate(user, SAT.dateBegin);
    await user.click(await screen.findByRole('button', { name: /Entrée samedi/ }));
    await user.click(screen.getByRole('button', { name: checkoutStepsFr.tickets.increase('Entrée samedi') }));
    await user.click(screen.getByRole('button', { name: m.submit }));
    await waitFor(() => expect(api.bodiesOf('POST /console/events/evt-1/manual-entries')).toHaveLength(1));
    expect(api.bodiesOf('POST /console/events/evt-1/manual-entries')[0]).toMatchObject({
      ticketId: 't-sat',
      dateId: 'd-sat',
      quantity: 1,
    });
  });

  it('reads the statistics of the date chosen', async () => {
    const seen: (string | null)[] = [];
    stubApi({
      [DATES]: ok([FRI, SAT]),
      // Not this test's subject: the payout panel says it cannot read them.
      'GET /console/events/evt-1/payouts': refusal(404, 'NOT_FOUND', 'Introuvable'),
      'GET /console/events/evt-1/stats': (request) => {
        seen.push(dateOf(request));
        return ok(STATS);
      },
    });
    const { user } = renderApp(<StatsTab eventId="evt-1" dateEnd="2099-05-02T22:00:00.000Z" />);
    await chooseDate(user, FRI.dateBegin);
    await waitFor(() => expect(seen.at(-1)).toBe('d-fri'));
    expect(seen[0]).toBeNull();
  });
});

const STATS = {
  participants: 0,
  capacity: 100,
  unsold: 100,
  grossCents: 0,
  regulars: 0,
  holders: 0,
  regularsPercent: 0,
  scanned: 0,
  remainingScans: 0,
  absentees: 0,
  promoUses: 0,
  discountCents: 0,
  byTicket: [],
  bySource: { web: 0, presentiel: 0, invendu: 0, invitation: 0 },
  promoCodes: [],
  soldByHour: [],
  soldByDay: [],
  scannedByHour: [],
  ages: [],
};
