import { type EventListItem, eventDatesFr } from '@guichet/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { EventCard } from './EventCard';

const item = (extra: Partial<EventListItem> = {}): EventListItem => ({
  id: 'evt-1',
  title: 'Festival',
  dateBegin: '2099-05-01T18:00:00.000Z',
  dateEnd: '2099-05-03T23:00:00.000Z',
  type: null,
  minPriceCents: 1000,
  isFree: false,
  isPublic: true,
  organizerId: 'org-1',
  organizerName: 'BDE',
  city: 'Paris',
  bannerUrl: null,
  bannerSrcset: null,
  isSoldOut: false,
  ...extra,
});

describe('the card of an event in the list', () => {
  it('says how many dates a multi-date event has, after its next date', () => {
    renderApp(<EventCard event={item({ dateCount: 12 })} />);
    expect(screen.getByText(/ven\. 20:00 · 12 dates · Paris/)).toBeInTheDocument();
    expect(screen.getByText(new RegExp(eventDatesFr.card.dateCount(12)))).toBeInTheDocument();
  });

  it('says nothing of dates when the list gives no count', () => {
    renderApp(<EventCard event={item()} />);
    expect(screen.queryByText(/dates/)).not.toBeInTheDocument();
  });
});
