import { type EventDeclarations, formatDateTime, formatEuros, invoicesFr } from '@guichet/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, refusal, stubApi } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import DeclarationsTab from './DeclarationsTab';

const m = invoicesFr.declarations;
const DECLARATIONS = 'GET /console/events/evt-1/declarations';
const MANAGED = 'GET /events/evt-1/manage';

const figures: EventDeclarations = {
  rates: [
    { vatRate: '5.5', revenueExclVatCents: 4739, vatCents: 261 },
    { vatRate: '20', revenueExclVatCents: 1000, vatCents: 200 },
  ],
  vatCents: 461,
  paidTickets: 3,
  freeTickets: 1,
  cnmBaseCents: 5739,
  cnmTaxCents: 201,
  dates: [],
  passes: null,
};
const none: EventDeclarations = {
  rates: [],
  vatCents: 0,
  paidTickets: 0,
  freeTickets: 0,
  cnmBaseCents: 0,
  cnmTaxCents: 0,
  dates: [],
  passes: null,
};
const managed = (type: string) => ok({ id: 'evt-1', type, dateEnd: '2026-06-01T20:00:00.000Z' });

describe('the Déclarations section', () => {
  it('shows the revenue and VAT per rate with their totals, the places and the CNM tax of a concert', async () => {
    stubApi({ [DECLARATIONS]: ok(figures), [MANAGED]: managed('Concert') });
    renderApp(<DeclarationsTab eventId="evt-1" />);

    const table = await screen.findByRole('table', { name: m.ratesCaption });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      `${m.columns.rate}${m.columns.revenue}${m.columns.vat}`,
      `${m.rate('5.5')}${formatEuros(4739)}${formatEuros(261)}`,
      `${m.rate('20')}${formatEuros(1000)}${formatEuros(200)}`,
      `${m.total}${formatEuros(5739)}${formatEuros(461)}`,
    ]);
    expect(within(table).getByRole('rowheader', { name: m.total })).toBeInTheDocument();
    expect(screen.getByText(m.paidTickets).nextSibling).toHaveTextContent('3');
    expect(screen.getByText(m.freeTickets).nextSibling).toHaveTextContent('1');
    expect(screen.getByText(m.cnmTax).nextSibling).toHaveTextContent(formatEuros(201));
    expect(screen.queryByText(m.cnmNotConcerned)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: m.exportXlsx })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: m.exportCsv })).toBeInTheDocument();
  });

  it('asks for one month when one is picked, says when nothing was invoiced and that a conference bears no CNM tax', async () => {
    const api = stubApi({
      [DECLARATIONS]: (request) => ok(request.query.get('month') ? none : figures),
      [MANAGED]: managed('Conférence'),
    });
    const { user } = renderApp(<DeclarationsTab eventId="evt-1" />);

    await screen.findByRole('table', { name: m.ratesCaption });
    expect(screen.getByText(m.cnmNotConcerned)).toBeInTheDocument();
    const picker = screen.getByRole('combobox', { name: m.periodLabel });
    expect(picker).toHaveValue('all');
    await user.selectOptions(picker, m.month('2026-05'));

    expect(await screen.findByText(m.empty)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const months = api.calls.filter((call) => `${call.method} ${call.path}` === DECLARATIONS);
    expect(months.map((call) => call.query.get('month'))).toEqual([null, '2026-05']);
  });

  it('says when the figures could not be read, with a way to try again', async () => {
    stubApi({
      [DECLARATIONS]: refusal(500, 'INTERNAL', 'Erreur interne.'),
      [MANAGED]: managed('Concert'),
    });
    renderApp(<DeclarationsTab eventId="evt-1" />);
    expect(await screen.findByText(m.loadFailed)).toBeInTheDocument();
  });

  it('shows an event of several dates for all its dates, then each date, then its passes apart', async () => {
    const { dates: _dates, passes: _passes, ...block } = figures;
    const { dates: _none, passes: _nonePasses, ...empty } = none;
    const saturday = '2026-06-13T18:00:00.000Z';
    const sunday = '2026-06-14T18:00:00.000Z';
    const dated: EventDeclarations = {
      ...figures,
      dates: [
        { ...block, dateId: 'd-1', dateBegin: saturday, isCancelled: false, paidTickets: 2 },
        { ...empty, dateId: 'd-2', dateBegin: sunday, isCancelled: true },
      ],
      passes: { ...block, paidTickets: 1, freeTickets: 0 },
    };
    stubApi({ [DECLARATIONS]: ok(dated), [MANAGED]: managed('Concert') });
    renderApp(<DeclarationsTab eventId="evt-1" />);

    expect(await screen.findByRole('heading', { name: m.allDates })).toBeInTheDocument();
    const first = screen.getByRole('region', { name: m.dateTitle(formatDateTime(saturday), false) });
    expect(within(first).getByText(m.paidTickets).nextSibling).toHaveTextContent('2');
    const second = screen.getByRole('region', { name: m.dateTitle(formatDateTime(sunday), true) });
    expect(within(second).getByText(m.empty)).toBeInTheDocument();
    const passes = screen.getByRole('region', { name: m.passesTitle });
    expect(within(passes).getByText(m.paidTickets).nextSibling).toHaveTextContent('1');
    expect(within(passes).getByRole('table', { name: m.ratesCaption })).toBeInTheDocument();
  });
});
