import type { EventAvailability, EventDetail, TicketRead } from '@guichet/shared';
import { describe, expect, it } from 'vitest';
import { ticketRead } from '../../test/event-fixtures';
import { needsReload, newlySoldOut, withAvailability } from './live-availability';

const ticket = (id: string, placesLeft: number, extra: Partial<TicketRead> = {}): TicketRead =>
  ticketRead(id, { isSoldOut: placesLeft === 0, placesLeft, maxToBuy: Math.min(5, placesLeft), ...extra });

const event = (tickets: TicketRead[], extra: Partial<EventDetail> = {}) =>
  ({ id: 'e', isOpen: true, isSoldOut: false, status: 'open', tickets, ...extra }) as EventDetail;

const figures = (isSoldOut: boolean, tickets: [string, number][]): EventAvailability => ({
  eventId: 'e',
  isSoldOut,
  tickets: tickets.map(([id, placesLeft]) => ({ id, placesLeft, isSoldOut: placesLeft === 0 })),
});

describe('live availability on the event page', () => {
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
