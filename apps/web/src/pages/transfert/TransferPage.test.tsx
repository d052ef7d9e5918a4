import { formatDateTime, transfersFr } from '@guichet/shared';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ok, refusal, stubApi } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { sessionUser } from '../../../test/session-fixtures';
import TransferPage from './TransferPage';

const m = transfersFr.accept;
const SESSION = 'GET /auth/session';
const OFFER = 'GET /transfers/jeton';
const ACCEPT = 'POST /transfers/jeton/accept';

const offer = {
  status: 'pending',
  eventId: 'evt-1',
  eventTitle: 'Gala',
  dateBegin: '2030-06-01T18:00:00.000Z',
  ticketTitle: 'Fosse',
  senderName: 'Inès Martin',
  toEmail: 'remi@exemple.fr',
  expiresAt: '2030-05-08T10:00:00.000Z',
};

const renderTransfer = () =>
  renderApp(
    <Routes>
      <Route path="/transfert/:token" element={<TransferPage />} />
    </Routes>,
    { path: '/transfert/jeton' },
  );

describe('the page of a transferred ticket', () => {
  it('shows the ticket to a visitor and asks them to sign in or create an account', async () => {
    stubApi({ [SESSION]: ok({ user: null }), [OFFER]: ok(offer) });
    renderTransfer();
    expect(await screen.findByText(m.summary('Inès Martin', 'Fosse', 'Gala'))).toBeInTheDocument();
    expect(screen.getByText(m.deadline(formatDateTime(offer.expiresAt), offer.toEmail))).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: m.signIn })).toHaveAttribute('href', '/connexion');
    expect(screen.getByRole('link', { name: m.register })).toHaveAttribute('href', '/inscription');
  });

  it('accepts the ticket for the signed-in receiver and links to their tickets', async () => {
    stubApi({
      [SESSION]: ok({ user: sessionUser() }),
      [OFFER]: ok(offer),
      [ACCEPT]: { status: 201, body: { participationId: 'p-2' } },
    });
    const { user } = renderTransfer();
    await user.click(await screen.findByRole('button', { name: m.accept }));
    expect(await screen.findByText(m.accepted)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: m.myTickets })).toHaveAttribute('href', '/myTickets');
  });

  it('says in French why the ticket cannot be accepted', async () => {
    const notYours = transfersFr.errors.notForYou(offer.toEmail);
    stubApi({
      [SESSION]: ok({ user: sessionUser() }),
      [OFFER]: ok(offer),
      [ACCEPT]: refusal(403, 'TRANSFER_NOT_YOURS', notYours),
    });
    const { user } = renderTransfer();
    await user.click(await screen.findByRole('button', { name: m.accept }));
    expect(await screen.findByRole('alert')).toHaveTextContent(notYours);
  });

  it('says when the transfer was cancelled, with no button', async () => {
    stubApi({ [SESSION]: ok({ user: sessionUser() }), [OFFER]: ok({ ...offer, status: 'cancelled' }) });
    renderTransfer();
    expect(await screen.findByText(m.ended.cancelled)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: m.accept })).not.toBeInTheDocument();
  });
});
