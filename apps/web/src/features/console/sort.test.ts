import { describe, expect, it } from 'vitest';
import type { ConsoleEvent } from '../../api/console';
import { sortConsoleEvents } from './sort';

const event = (id: string, dateBegin: string): ConsoleEvent => ({
  id,
  title: id,
  dateBegin,
  dateEnd: dateBegin,
  isPublic: true,
  isCancelled: false,
  bannerUrl: null,
});

describe('console event order', () => {
  const events = [
    event('march', '2026-03-01T20:00:00.000Z'),
    event('june', '2026-06-01T20:00:00.000Z'),
    event('march-too', '2026-03-01T20:00:00.000Z'),
    event('january', '2026-01-01T20:00:00.000Z'),
  ];

  it('puts the latest start first for newest, and keeps the server order on ties', () => {
    expect(sortConsoleEvents(events, 'newest').map((e) => e.id)).toEqual(['june', 'march', 'march-too', 'january']);
  });

  it('puts the earliest start first for oldest, without touching the input', () => {
    expect(sortConsoleEvents(events, 'oldest').map((e) => e.id)).toEqual(['january', 'march', 'march-too', 'june']);
    expect(events[0]?.id).toBe('march');
  });
});
