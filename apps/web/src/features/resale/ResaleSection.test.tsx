import { resaleFr } from '@guichet/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, refusal, stubApi } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { myPlace } from '../../../test/ticket-fixtures';
import { ResaleSection, ResoldNotice } from './ResaleSection';

const m = resaleFr.myTickets;
const LIST = 'POST /me/participations/p-1/resale';
const WITHDRAW = 'DELETE /me/participations/p-1/resale';
const MINE = 'GET /me/participations';

const participation = myPlace({ resaleOffer: { priceCents: 2500, feeCents: 150 } });

describe('the resale of a ticket on its card', () => {
  it('shows the price and the fee before listing, and sends no price', async () => {
    const api = stubApi({ [LIST]: { status: 201, body: { priceCents: 2500, feeCents: 150 } }, [MINE]: ok([]) });
    const { user } = renderApp(<ResaleSection participation={participation} />);
    await user.click(screen.getByRole('button', { name: m.resell }));
    const dialog = await screen.findByRole('dialog', { name: m.dialogTitle });
    expect(within(dialog).getByText(m.dialogHelp(2500, 150))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: m.confirm }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.bodiesOf(LIST)).toEqual([{}]);
  });

  it('shows the server’s refusal in the dialog', async () => {
    stubApi({ [LIST]: refusal(409, 'TICKET_SCANNED', resaleFr.errors.scanned) });
    const { user } = renderApp(<ResaleSection participation={participation} />);
    await user.click(screen.getByRole('button', { name: m.resell }));
    const dialog = await screen.findByRole('dialog', { name: m.dialogTitle });
    await user.click(within(dialog).getByRole('button', { name: m.confirm }));
    expect(await within(dialog).findByText(resaleFr.errors.scanned)).toBeInTheDocument();
  });

  it('shows nothing when the organiser does not allow resale', () => {
    stubApi({});
    renderApp(<ResaleSection participation={{ ...participation, resaleOffer: null }} />);
    expect(screen.queryByRole('button', { name: m.resell })).not.toBeInTheDocument();
  });

  it('shows a listed ticket with a button to withdraw it, and the refusal once it is being sold', async () => {
    stubApi({ [WITHDRAW]: refusal(409, 'BEING_SOLD', resaleFr.errors.beingSold) });
    const listed = { status: 'listed' as const, priceCents: 2500, feeCents: 150 };
    const { user } = renderApp(<ResaleSection participation={{ ...participation, resale: listed }} />);
    expect(screen.getByText(m.listed)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: m.withdraw }));
    expect(await screen.findByRole('alert')).toHaveTextContent(resaleFr.errors.beingSold);
  });

  it('says a sold ticket was resold, with what comes back', () => {
    stubApi({});
    const sold = { status: 'sold' as const, priceCents: 2500, feeCents: 150 };
    renderApp(<ResoldNotice participation={{ ...participation, resale: sold }} />);
    expect(screen.getByText(m.soldHelp(2350))).toBeInTheDocument();
  });
});
