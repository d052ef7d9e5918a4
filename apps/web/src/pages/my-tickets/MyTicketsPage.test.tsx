import { accountFr, eventDatesFr, formatDateTime } from '@guichet/shared';
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

describe('the date of a place of a multi-date event on /myTickets', () => {
  it('shows the place’s own date, a cancelled or moved one said so, and a pass’s count of dates', async () => {
    const d = eventDatesFr.myTickets;
    showPlaces([
      myPlace({
        id: 'p-1',
        ticketTitle: 'Entrée samedi',
        eventDate: {
          id: 'd-sat',
          dateBegin: '2030-06-06T18:00:00.000Z',
          dateEnd: '2030-06-06T22:00:00.000Z',
          status: 'onsale',
          movedFrom: '2030-06-05T18:00:00.000Z',
        },
      }),
      myPlace({
        id: 'p-2',
        ticketTitle: 'Entrée dimanche',
        eventDate: {
          id: 'd-sun',
          dateBegin: '2030-06-07T18:00:00.000Z',
          dateEnd: '2030-06-07T22:00:00.000Z',
          status: 'cancelled',
          movedFrom: null,
        },
      }),
      myPlace({ id: 'p-3', ticketTitle: 'Pass', eventDate: null, passDateCount: 3 }),
    ]);
    const saturday = (await screen.findByText(/Entrée samedi/)).closest('button') as HTMLElement;
    expect(within(saturday).getByText(new RegExp(formatDateTime('2030-06-06T18:00:00.000Z')))).toBeInTheDocument();
    expect(within(saturday).getByText(d.moved(formatDateTime('2030-06-05T18:00:00.000Z')))).toBeInTheDocument();
    const sunday = screen.getByText(/Entrée dimanche/).closest('button') as HTMLElement;
    expect(within(sunday).getByText(d.cancelled)).toBeInTheDocument();
    const pass = screen.getByText(d.passDates(3)).closest('button') as HTMLElement;
    expect(within(pass).getByText(/Pass · Zoé|Billet : Pass/)).toBeInTheDocument();
  });
});
