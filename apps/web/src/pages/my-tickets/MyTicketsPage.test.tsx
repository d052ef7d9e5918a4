import { accountFr } from '@guichet/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, stubApi } from '../../../test/fetch-stub';
import { organiser } from '../../../test/organiser-fixtures';
import { renderApp } from '../../../test/render-app';
import { myPlace } from '../../../test/ticket-fixtures';
import MyTicketsPage from './MyTicketsPage';

const m = accountFr.myTickets;

function showPlaces(places: ReturnType<typeof myPlace>[]) {
  stubApi({ 'GET /auth/session': ok({ user: organiser() }), 'GET /me/participations': ok(places) });
  renderApp(<MyTicketsPage />);
}

describe('downloading an order’s places in one PDF on /myTickets', () => {
  it('offers one link per order of two places or more, to the order’s PDF', async () => {
    showPlaces([myPlace({ id: 'p-1' }), myPlace({ id: 'p-2', ticketNumbers: [13] })]);
    const section = await screen.findByRole('region', { name: 'Gala' });
    const link = within(section).getByRole('link', { name: m.downloadAll });
    expect(link).toHaveAttribute('href', '/api/me/orders/o-1/tickets.pdf');
    expect(link).toHaveAttribute('download');
  });

  it('names each order when the event’s places come from several, and none for a single place', async () => {
    showPlaces([
      myPlace({ id: 'p-1' }),
      myPlace({ id: 'p-2' }),
      myPlace({ id: 'p-3', orderId: 'o-2', orderReference: 'GUI-XYZ789' }),
      myPlace({ id: 'p-4', orderId: 'o-2', orderReference: 'GUI-XYZ789' }),
      myPlace({ id: 'p-5', eventId: 'evt-2', eventTitle: 'Bal', orderId: 'o-3', orderReference: 'GUI-ONE' }),
    ]);
    const gala = await screen.findByRole('region', { name: 'Gala' });
    expect(within(gala).getByRole('link', { name: m.downloadOrder('GUI-ABC123') })).toHaveAttribute(
      'href',
      '/api/me/orders/o-1/tickets.pdf',
    );
    expect(within(gala).getByRole('link', { name: m.downloadOrder('GUI-XYZ789') })).toHaveAttribute(
      'href',
      '/api/me/orders/o-2/tickets.pdf',
    );
    const bal = screen.getByRole('region', { name: 'Bal' });
    expect(within(bal).queryByRole('link', { name: /Télécharger toutes les places/ })).not.toBeInTheDocument();
  });
});
