import { formatDateTime, transfersFr } from '@guichet/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, refusal, stubApi } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { myPlace } from '../../../test/ticket-fixtures';
import { TransferSection } from './TransferSection';

const m = transfersFr.myTickets;
const SEND = 'POST /me/participations/p-1/transfer';
const CANCEL = 'DELETE /me/participations/p-1/transfer';
const MINE = 'GET /me/participations';

const participation = myPlace();

describe('the transfer of a ticket on its card', () => {
  it('asks the receiver’s e-mail, checks it, and sends the ticket', async () => {
    const api = stubApi({ [SEND]: { status: 201, body: { id: 'x-1' } }, [MINE]: ok([]) });
    const { user } = renderApp(<TransferSection participation={participation} />);
    await user.click(screen.getByRole('button', { name: m.transfer }));
    const dialog = await screen.findByRole('dialog', { name: m.dialogTitle });
    await user.type(within(dialog).getByLabelText(m.email, { exact: false }), 'pas-une-adresse');
    await user.click(within(dialog).getByRole('button', { name: m.send }));
    expect(await within(dialog).findByText(transfersFr.errors.emailInvalid)).toBeInTheDocument();
    expect(api.bodiesOf(SEND)).toEqual([]);

    const field = within(dialog).getByLabelText(m.email, { exact: false });
    await user.clear(field);
    await user.type(field, 'remi@exemple.fr');
    await user.click(within(dialog).getByRole('button', { name: m.send }));
    expect(await screen.findByText(m.sent('remi@exemple.fr'))).toBeInTheDocument();
    expect(api.bodiesOf(SEND)).toEqual([{ email: 'remi@exemple.fr' }]);
  });

  it('shows the server’s refusal in the dialog', async () => {
    stubApi({ [SEND]: refusal(409, 'TICKET_SCANNED', transfersFr.errors.scanned) });
    const { user } = renderApp(<TransferSection participation={participation} />);
    await user.click(screen.getByRole('button', { name: m.transfer }));
    const dialog = await screen.findByRole('dialog', { name: m.dialogTitle });
    await user.type(within(dialog).getByLabelText(m.email, { exact: false }), 'remi@exemple.fr');
    await user.click(within(dialog).getByRole('button', { name: m.send }));
    expect(await within(dialog).findByText(transfersFr.errors.scanned)).toBeInTheDocument();
  });

  it('shows a pending transfer with a button to cancel it', async () => {
    const api = stubApi({ [CANCEL]: ok(), [MINE]: ok([]) });
    const pending = { id: 'x-1', toEmail: 'remi@exemple.fr', expiresAt: '2030-05-08T10:00:00.000Z' };
    const { user } = renderApp(<TransferSection participation={{ ...participation, pendingTransfer: pending }} />);
    expect(screen.getByText(m.pending(pending.toEmail, formatDateTime(pending.expiresAt)))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: m.transfer })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: m.cancelTransfer }));
    expect(await screen.findByText(m.cancelled)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });
});
