import type { EventAvailability, EventDetail, TicketRead } from '@guichet/shared';
import { describe, expect, it } from 'vitest';
import { ticketRead } from '../../test/event-fixtures';
import { needsReload, newlySoldOut, newlySoldOutDates, withAvailability } from './live-availability';

const ticket = (id: string, placesLeft: number, extra: Partial<TicketRead> = {}): TicketRead =>
  ticketRead(id, { isSoldOut: placesLeft === 0, placesLeft, maxToBuy: Math.min(5, placesLeft), ...extra });

const event = (tickets: TicketRead[], extra: Partial<EventDetail> = {}) =>
  ({ id: 'e', isOpen: true, isSoldOut: false, status: 'open', tickets, ...extra }) as EventDetail;

const figures = (isSoldOut: boolean, tickets: [string, number][]): EventAvailability => ({
  eventId: 'e',
  isSoldOut,
  tickets: tickets.map(([id, placesLeft]) => ({ id, placesLeft, isSoldOut: placesLeft === 0 })),
  dates: [],
});

describe('live availability on the event page', () => {
  it('lays each date’s figures over the dates (issue 32), a cancelled one staying cancelled', () => {
    const date = (id: string, status: 'onsale' | 'cancelled') => ({
      id,
      dateBegin: '2099-05-01T18:00:00.000Z',
      dateEnd: '2099-05-01T22:00:00.000Z',
      dateMaxRefund: null,
      placesLeft: 50,
      status,
      movedFrom: null,
    });
    const loaded = event([ticket('a', 40)], {
      dates: [date('d-1', 'onsale'), date('d-2', 'onsale'), date('d-3', 'cancelled')],
    });
    const live = {
      ...figures(false, [['a', 40]]),
      dates: [
        { id: 'd-1', placesLeft: 0, isSoldOut: true },
        { id: 'd-2', placesLeft: 7, isSoldOut: false },
        { id: 'd-3', placesLeft: 50, isSoldOut: false },
      ],
    };
    const shown = withAvailability(loaded, live);
    expect(shown.dates?.map((d) => [d.id, d.placesLeft, d.status])).toEqual([
      ['d-1', 0, 'soldOut'],
      ['d-2', 7, 'onsale'],
      ['d-3', 50, 'cancelled'],
    ]);
    const before = { ...live, dates: live.dates.map((d) => ({ ...d, isSoldOut: false })) };
    expect(newlySoldOutDates(before, live)).toEqual(['d-1']);
  });

  it('lays the figures over the tickets and caps the count at the places left', () => {
    const shown = withAvailability(
      event([ticket('a', 40), ticket('b', 8)]),
      figures(false, [
        ['a', 3],
        ['b', 0],
      ]),
    );
    expect(shown.tickets.map((t) => [t.placesLeft, t.isSoldOut, t.maxToBuy])).toEqual([
      [3, false, 3],
      [0, true, 0],
    ]);
    expect(shown.status).toBe('open');
  });

  it('says the event is full, and open again when places come back', () => {
    const loaded = event([ticket('a', 2)]);
    const full = withAvailability(loaded, figures(true, [['a', 0]]));
    expect([full.isSoldOut, full.status]).toEqual([true, 'soldOut']);
    const soldOutAtLoad = event([ticket('a', 0)], { isSoldOut: true, status: 'soldOut' });
    expect(withAvailability(soldOutAtLoad, figures(false, [['a', 2]])).status).toBe('open');
    expect(withAvailability(loaded, figures(false, [['other-event', 0]]))).toBeTruthy();
    expect(withAvailability(loaded, { ...figures(true, []), eventId: 'x' })).toBe(loaded);
  });

  it('reads the event again only when places come back past the count it was cut to', () => {
    const loaded = event([ticket('a', 2), ticket('b', 40)]);
    expect(
      needsReload(
        loaded,
        figures(false, [
          ['a', 1],
          ['b', 41],
        ]),
      ),
    ).toBe(false);
    expect(
      needsReload(
        loaded,
        figures(false, [
          ['a', 4],
          ['b', 40],
        ]),
      ),
    ).toBe(true);
  });

  it('names the tickets that just sold out, not those sold out from the start', () => {
    expect(newlySoldOut(null, figures(true, [['a', 0]]))).toEqual([]);
    expect(
      newlySoldOut(
        figures(false, [
          ['a', 1],
          ['b', 0],
        ]),
        figures(true, [
          ['a', 0],
          ['b', 0],
        ]),
      ),
    ).toEqual(['a']);
  });
});
