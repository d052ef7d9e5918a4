import {
  checkoutStepsFr,
  type EventDateView,
  type EventDetail,
  eventDatesFr,
  formatDateTime,
  fr,
} from '@guichet/shared';
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { eventDetail, ticketRead } from '../../../test/event-fixtures';
import { ok, stubApi } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { sessionUser } from '../../../test/session-fixtures';
import EventPage from '../../pages/event/EventPage';
import { CheckoutPanel } from '../checkout/CheckoutPanel';
import { DatePicker } from './DatePicker';
import { eventForDate, monthGrids } from './dates';

const t = eventDatesFr.picker;

const date = (id: string, dateBegin: string, extra: Partial<EventDateView> = {}): EventDateView => ({
  id,
  dateBegin,
  dateEnd: new Date(new Date(dateBegin).getTime() + 2 * 3600_000).toISOString(),
  dateMaxRefund: null,
  placesLeft: 50,
  status: 'onsale',
  movedFrom: null,
  ...extra,
});

const FRI = date('d-fri', '2099-05-01T18:00:00.000Z');
const SAT = date('d-sat', '2099-05-02T18:00:00.000Z', { placesLeft: 3 });
const SUN = date('d-sun', '2099-05-03T18:00:00.000Z', { placesLeft: 0, status: 'soldOut' });
const MON = date('d-mon', '2099-06-01T18:00:00.000Z', { status: 'cancelled' });
const DATES = [FRI, SAT, SUN, MON];

function Picker({ layout }: { layout: 'list' | 'grid' }) {
  const [value, setValue] = useState<string | null>(null);
  return <DatePicker dates={DATES} value={value} onChange={setValue} layout={layout} />;
}

/** A festival: a ticket for every date, one for Saturday only, and a pass for Friday and Saturday. */
function festival(extra: Partial<EventDetail> = {}): EventDetail {
  return eventDetail({
    dates: DATES,
    tickets: [
      ticketRead('t-day', { title: 'Entrée', priceCents: 2000, dateIds: [], isPass: false, placesLeft: 80 }),
      ticketRead('t-sat', { title: 'Entrée VIP samedi', dateIds: ['d-sat'], isPass: false }),
      ticketRead('t-pass', { title: 'Pass week-end', priceCents: 3500, dateIds: ['d-fri', 'd-sat'], isPass: true }),
    ],
    ...extra,
  });
}

describe('the date picker', () => {
  it('is one group of radios whose dates say what is left, Complet or Annulée, and only on-sale ones are chosen', async () => {
    const { user } = renderApp(<Picker layout="list" />);
    const group = screen.getByRole('group', { name: t.title });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(4);
    expect(radios[0]).toHaveAccessibleName(`${formatDateTime(FRI.dateBegin)}, ${t.placesLeft(50)}`);
    expect(radios[1]).toHaveAccessibleName(`${formatDateTime(SAT.dateBegin)}, ${t.fewLeft(3)}`);
    expect(radios[2]).toHaveAccessibleName(`${formatDateTime(SUN.dateBegin)}, ${t.soldOut}`);
    expect(within(group).getByText(t.soldOut)).toBeVisible();
    expect(radios[2]).toBeDisabled();
    expect(radios[3]).toHaveAccessibleName(`${formatDateTime(MON.dateBegin)}, ${t.cancelled}`);
    expect(within(group).getByText(t.cancelled)).toBeVisible();
    expect(radios[3]).toBeDisabled();

    await user.click(within(group).getByText(t.soldOut));
    expect(radios[2]).not.toBeChecked();
    await user.click(within(group).getByText(t.placesLeft(50)));
    expect(radios[0]).toBeChecked();
  });

  it('moves between the dates on sale with the arrow keys, one tab stop for the group', async () => {
    const { user } = renderApp(
      <>
        <Picker layout="list" />
        <button type="button">après</button>
      </>,
    );
    const radios = screen.getAllByRole('radio');
    await user.tab();
    expect(radios[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(radios[1]).toHaveFocus();
    expect(radios[1]).toBeChecked();
    // Sunday is sold out and Monday cancelled: the next one on sale is Friday again.
    await user.keyboard('{ArrowDown}');
    expect(radios[0]).toHaveFocus();
    expect(radios[0]).toBeChecked();
    await user.tab();
    expect(screen.getByRole('button', { name: 'après' })).toHaveFocus();
  });

  it('lays the dates out as month grids from Monday, a group per month', () => {
    renderApp(<Picker layout="grid" />);
    const may = screen.getByRole('group', { name: 'mai 2099' });
    expect(within(may).getAllByRole('radio')).toHaveLength(3);
    expect(within(screen.getByRole('group', { name: 'juin 2099' })).getAllByRole('radio')).toHaveLength(1);
    // 1 May 2099 is a Friday: four blank days before it in a week starting on Monday.
    const [grid] = monthGrids(DATES);
    expect(grid?.weeks[0]?.slice(0, 5).map((cell) => cell?.day ?? null)).toEqual([null, null, null, null, 1]);
  });
});

describe('a date and its tickets', () => {
  it('sells the chosen date’s tickets, the passes apart with their dates, and sends the date on the line', async () => {
    const api = stubApi({
      'GET /auth/session': ok({ user: sessionUser() }),
      'POST /orders': { status: 409, body: { code: 'SOLD_OUT', message: 'Complet' } },
    });
    const event = festival();
    const { user } = renderApp(<CheckoutPanel event={eventForDate(event, 'd-fri')} dateId="d-fri" shareKey={null} />);
    await screen.findByRole('heading', { name: checkoutStepsFr.steps.tickets });

    expect(screen.getByRole('button', { name: /Entrée/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Entrée VIP samedi/ })).not.toBeInTheDocument();
    const passes = screen.getByRole('heading', { name: t.passes });
    expect(passes).toBeInTheDocument();
    const passButton = screen.getByRole('button', { name: /Pass week-end/ });
    expect(passButton).toHaveTextContent(
      t.passCovers(`${formatDateTime(FRI.dateBegin)} ; ${formatDateTime(SAT.dateBegin)}`),
    );

    await user.click(screen.getByRole('button', { name: /^Entrée/ }));
    await user.click(screen.getByRole('button', { name: checkoutStepsFr.tickets.increase('Entrée') }));
    await user.click(screen.getByRole('checkbox', { name: new RegExp(checkoutStepsFr.tickets.acceptTermsBefore) }));
    expect(
      within(screen.getByRole('region', { name: checkoutStepsFr.basket.title })).getByText(
        `${eventDatesFr.myTickets.date} : ${formatDateTime(FRI.dateBegin)}`,
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: fr.common.next }));
    await screen.findByRole('heading', { name: checkoutStepsFr.steps.information });
    await user.click(screen.getByRole('button', { name: fr.common.next }));
    await vi.waitFor(() => expect(api.bodiesOf('POST /orders')).toHaveLength(1));
    expect(api.bodiesOf('POST /orders')[0]).toMatchObject({
      lines: [{ ticketId: 't-day', dateId: 'd-fri', quantity: 1 }],
    });
  });

  it('bounds a date’s tickets by its places, and a pass by the fewest of its dates', () => {
    const forSaturday = eventForDate(festival(), 'd-sat');
    expect(forSaturday.tickets.map((ticket) => [ticket.id, ticket.placesLeft, ticket.maxToBuy])).toEqual([
      ['t-day', 3, 3],
      ['t-sat', 3, 3],
      ['t-pass', 3, 3],
    ]);
    // A pass covering a cancelled date cannot be bought.
    const cancelled = eventForDate(festival({ dates: [FRI, { ...SAT, status: 'cancelled' }, SUN] }), 'd-fri');
    expect(cancelled.tickets.find((ticket) => ticket.id === 't-pass')?.isAvailable).toBe(false);
  });

  it('on the event page, shows the dates first and the chosen date’s tickets; a one-date event shows no picker', async () => {
    stubApi({
      'GET /auth/session': ok({ user: null }),
      'GET /events/evt-1': ok(festival()),
      'GET /meta': ok({
        brandName: 'Guichet',
        environment: 'test',
        termsVersion: 1,
        appStoreUrl: '',
        playStoreUrl: '',
        socialLinks: [],
      }),
    });
    const { user, unmount } = renderApp(
      <Routes>
        <Route path="/billetterie/:eventId" element={<EventPage />} />
      </Routes>,
      { path: '/billetterie/evt-1' },
    );
    const group = await screen.findByRole('group', { name: t.title });
    expect(await screen.findByText(t.chooseFirst)).toBeInTheDocument();
    await user.click(within(group).getByRole('radio', { name: new RegExp(formatDateTime(SAT.dateBegin)) }));
    expect(await screen.findByText(t.chosen(formatDateTime(SAT.dateBegin)))).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Entrée VIP samedi/ })).toBeInTheDocument();
    unmount();

    stubApi({
      'GET /auth/session': ok({ user: null }),
      'GET /events/evt-1': ok(eventDetail({ dates: [FRI] })),
      'GET /meta': ok({
        brandName: 'Guichet',
        environment: 'test',
        termsVersion: 1,
        appStoreUrl: '',
        playStoreUrl: '',
        socialLinks: [],
      }),
    });
    renderApp(
      <Routes>
        <Route path="/billetterie/:eventId" element={<EventPage />} />
      </Routes>,
      { path: '/billetterie/evt-1' },
    );
    expect(await screen.findByRole('button', { name: /Entrée/ })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: t.title })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });
});
