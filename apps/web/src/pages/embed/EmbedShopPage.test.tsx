import { embedFr, fr } from '@guichet/shared';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventDetail, ticketRead } from '../../../test/event-fixtures';
import { ok, refusal, stubApi } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import EmbedShopPage from './EmbedShopPage';

// References drawn in order, so that the test knows the one it polls.
vi.mock('../../features/embed/booking-window', () => {
  let drawn = 0;
  return { newWidgetRef: () => `reference-${String(++drawn).padStart(12, '0')}` };
});

const m = embedFr.widget;
const META = { brandName: 'Guichet' };

const renderShop = (query = '') =>
  renderApp(
    <Routes>
      <Route path="/embed/billetterie/:eventId" element={<EmbedShopPage />} />
    </Routes>,
    { path: `/embed/billetterie/evt-1${query}` },
  );

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the embedded shop', () => {
  it('shows the tickets and books in Guichet’s own window, then says how many places were booked', async () => {
    let done = false;
    stubApi({
      'GET /meta': ok(META),
      'GET /events/evt-1': ok(eventDetail({ tickets: [ticketRead('t-1', { title: 'Entrée', placesLeft: 3 })] })),
      'GET /embed/bookings/reference-000000000001': () =>
        ok(done ? { status: 'done', places: 2 } : { status: 'pending' }),
    });
    const open = vi.fn(() => ({}) as Window);
    vi.stubGlobal('open', open);
    const { user } = renderShop();

    expect(await screen.findByRole('heading', { name: 'Gala de printemps' })).toBeInTheDocument();
    expect(screen.getByText('Entrée')).toBeInTheDocument();
    expect(screen.getByText(fr.events.fewPlacesLeft(3))).toBeInTheDocument();
    const book = screen.getByRole('link', { name: m.book });
    expect(book).toHaveAttribute('target', '_blank');
    expect(book).toHaveAccessibleDescription(m.opensWindow);
    const href = book.getAttribute('href') ?? '';
    expect(href).toMatch(/\/billetterie\/evt-1\?widget=reference-000000000001#reserver$/);

    await user.click(book);
    expect(open).toHaveBeenCalledWith(href, 'guichet-evt-1', expect.stringContaining('popup'));
    expect(await screen.findByText(m.waiting)).toBeInTheDocument();
    done = true;
    expect(await screen.findByText(m.done(2), {}, { timeout: 5000 })).toBeInTheDocument();
    // The next booking gets a reference of its own.
    await waitFor(() => expect(screen.getByRole('link', { name: m.book }).getAttribute('href')).not.toBe(href));
  }, 10_000);

  it('offers no booking for a sold-out event, and says so', async () => {
    stubApi({
      'GET /meta': ok(META),
      'GET /events/evt-1': ok(
        eventDetail({
          status: 'soldOut',
          isSoldOut: true,
          tickets: [ticketRead('t-1', { isSoldOut: true, placesLeft: 0 })],
        }),
      ),
    });
    renderShop();
    expect((await screen.findAllByText(fr.events.soldOut)).length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: m.book })).not.toBeInTheDocument();
  });

  it('says the shop is not available for an event it cannot show', async () => {
    stubApi({
      'GET /meta': ok(META),
      'GET /events/evt-1': refusal(404, 'EVENT_NOT_FOUND', fr.events.notFoundText),
    });
    renderShop();
    expect(await screen.findByText(m.unavailable)).toBeInTheDocument();
  });

  it('takes the site’s theme when embed.js passes it', async () => {
    stubApi({ 'GET /meta': ok(META), 'GET /events/evt-1': ok(eventDetail()) });
    renderShop('?theme=light&origin=https%3A%2F%2Fwww.club-astro.fr');
    await screen.findByRole('heading', { name: 'Gala de printemps' });
    await waitFor(() => expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'light'));
  });
});
