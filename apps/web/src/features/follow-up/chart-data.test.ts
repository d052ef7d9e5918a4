import type { EventStats } from '@guichet/shared';
import { describe, expect, it } from 'vitest';
import {
  compactDateTime,
  dayHourLabel,
  dayLabel,
  hoursOfDay,
  monthLabel,
  salesByMonth,
  soldOutOf,
  ticketSlices,
} from './chart-data';

const sources = { web: 'Web', presentiel: 'Présentiel', invitation: 'Invitations', invendu: 'Invendu' };

const stats = {
  participants: 7,
  capacity: 30,
  byTicket: [
    {
      ticketId: 'a',
      title: 'Fosse - debout',
      label: 'Fosse',
      sold: 5,
      available: 20,
      bySource: { web: 3, presentiel: 2, invitation: 0, invendu: 0 },
    },
    {
      ticketId: 'b',
      title: 'Balcon',
      label: 'Balcon',
      sold: 4,
      available: 10,
      bySource: { web: 0, presentiel: 1, invitation: 2, invendu: 1 },
    },
  ],
} as unknown as EventStats;

describe('ticket pie', () => {
  it('shows every ticket by its label for all tickets, and the whole event in the subtitle', () => {
    expect(ticketSlices(stats, 'all', sources).map((s) => [s.name, s.value])).toEqual([
      ['Fosse', 5],
      ['Balcon', 4],
    ]);
    expect(soldOutOf(stats, 'all')).toEqual({ sold: 7, capacity: 30 });
  });

  it('breaks one ticket down by source, with its own places', () => {
    expect(ticketSlices(stats, 'b', sources).map((s) => [s.name, s.value])).toEqual([
      ['Web', 0],
      ['Présentiel', 1],
      ['Invitations', 2],
      ['Invendu', 1],
    ]);
    expect(soldOutOf(stats, 'b')).toEqual({ sold: 4, capacity: 10 });
  });

  it('falls back to all tickets when the chosen one is gone', () => {
    expect(soldOutOf(stats, 'zzz')).toEqual({ sold: 7, capacity: 30 });
  });
});

describe('sales over time', () => {
  it('sums days into months in order', () => {
    expect(
      salesByMonth([
        { at: '2026-11-30', quantity: 2 },
        { at: '2026-12-01', quantity: 3 },
        { at: '2026-12-15', quantity: 4 },
      ]),
    ).toEqual([
      { at: '2026-11', quantity: 2 },
      { at: '2026-12', quantity: 7 },
    ]);
  });

  it("keeps only the chosen day's hours", () => {
    const hours = [
      { at: '2026-12-01T09:00', quantity: 1 },
      { at: '2026-12-01T21:00', quantity: 2 },
      { at: '2026-12-02T09:00', quantity: 5 },
    ];
    expect(hoursOfDay(hours, '2026-12-01').map((h) => h.quantity)).toEqual([1, 2]);
  });

  it('labels Paris local times as written, whatever the browser zone', () => {
    expect(dayLabel('2026-12-01', '?')).toBe('1 déc.');
    expect(dayHourLabel('2026-12-01T00:00', '?')).toBe('1 déc. 0 h');
    expect(monthLabel('2026-12', '?')).toBe('déc. 2026');
    expect(dayLabel('pas une date', 'Date invalide')).toBe('Date invalide');
  });
});

describe('table dates', () => {
  it('shows an instant in Paris time, compactly', () => {
    expect(compactDateTime('2026-11-23T05:23:00Z', '?')).toBe('23/11/2026 06:23');
    expect(compactDateTime('nope', 'Date invalide')).toBe('Date invalide');
  });
});
