import { ticketsFr } from '@guichet/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, refusal, stubApi } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { WalletButtons } from './WalletButtons';

const w = ticketsFr.wallet;

afterEach(() => vi.unstubAllGlobals());

describe('the wallet buttons of a ticket', () => {
  it('show nothing when the server offers no wallet', async () => {
    const api = stubApi({ 'GET /wallet': ok({ apple: false, google: false }) });
    renderApp(<WalletButtons participationId="p-1" />);
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(screen.queryByRole('link', { name: w.addToApple })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: w.addToGoogle })).not.toBeInTheDocument();
  });

  it("link to the ticket's Apple Wallet pass, and only that when Google Wallet is off", async () => {
    stubApi({ 'GET /wallet': ok({ apple: true, google: false }) });
    renderApp(<WalletButtons participationId="p-1" />);
    const apple = await screen.findByRole('link', { name: w.addToApple });
    expect(apple).toHaveAttribute('href', '/api/me/participations/p-1/pass.pkpass');
    expect(screen.queryByRole('button', { name: w.addToGoogle })).not.toBeInTheDocument();
  });

  it('open the Google Wallet save link made at the click, or say it failed', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    let fails = false;
    stubApi({
      'GET /wallet': ok({ apple: false, google: true }),
      'GET /me/participations/p-1/google-wallet': () =>
        fails
          ? refusal(404, 'TICKET_NOT_FOUND', ticketsFr.ticket.notFound)
          : ok({ url: 'https://pay.google.com/gp/v/save/jwt' }),
    });
    const { user } = renderApp(<WalletButtons participationId="p-1" />);
    await user.click(await screen.findByRole('button', { name: w.addToGoogle }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.google.com/gp/v/save/jwt'));

    fails = true;
    await user.click(screen.getByRole('button', { name: w.addToGoogle }));
    expect(await screen.findByRole('alert')).toHaveTextContent(w.googleFailed);
  });
});
