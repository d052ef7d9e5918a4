import { waitingListFr } from '@guichet/shared';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ok, refusal, stubApi } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { sessionUser } from '../../../test/session-fixtures';
import OfferPage from './OfferPage';

const m = waitingListFr.offer;
const SESSION = 'GET /auth/session';
const OFFER = 'GET /waiting-list/offers/jeton';
const ACCEPT = 'POST /waiting-list/offers/jeton/accept';

const offer = {
  eventId: 'evt-1',
  eventTitle: 'Gala',
  ticketTitle: 'Fosse',
  quantity: 2,
  totalCents: 3000,
  expiresAt: '2030-05-02T10:00:00.000Z',
};

const renderOffer = () =>
  renderApp(
    <Routes>
      <Route path="/liste-attente/:token" element={<OfferPage />} />
    </Routes>,
    { path: '/liste-attente/jeton' },
  );

describe('the page of an offer from the waiting list', () => {
  it('asks a visitor to sign in first', async () => {
    stubApi({ [SESSION]: ok({ user: null }) });
    renderOffer();
    expect(await screen.findByRole('link', { name: m.signIn })).toHaveAttribute('href', '/connexion');
  });

  it('shows the offer, takes a free place at once, and links to the tickets', async () => {
    stubApi({
      [SESSION]: ok({ user: sessionUser() }),
      [OFFER]: ok({ ...offer, totalCents: 0 }),
      [ACCEPT]: {
        status: 201,
        body: { id: 'o-1', expiresAt: offer.expiresAt, totalCents: 0, provider: 'free', status: 'paid' },
      },
    });
    const { user } = renderOffer();
    expect(await screen.findByText(m.summary(2, 'Fosse', 'Gala'))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: m.take }));
    expect(await screen.findByText(m.free)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: m.myTickets })).toHaveAttribute('href', '/myTickets');
  });

  it('says in French why the link cannot be used', async () => {
    stubApi({
      [SESSION]: ok({ user: sessionUser() }),
      [OFFER]: ok(offer),
      [ACCEPT]: refusal(410, 'OFFER_EXPIRED', waitingListFr.errors.offerExpired),
    });
    const { user } = renderOffer();
    await user.click(await screen.findByRole('button', { name: m.take }));
    expect(await screen.findByRole('alert')).toHaveTextContent(waitingListFr.errors.offerExpired);
  });
});
