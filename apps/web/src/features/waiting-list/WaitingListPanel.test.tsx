import { type WaitingListEntry, waitingListFr } from '@guichet/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { eventDetail, ticketRead } from '../../../test/event-fixtures';
import { ok, refusal, stubApi } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { sessionUser } from '../../../test/session-fixtures';
import WaitingListPanel from './WaitingListPanel';

const m = waitingListFr.panel;
const SESSION = 'GET /auth/session';
const OWN = 'GET /events/evt-1/waiting-list';

const soldOut = ticketRead('t-fosse', { title: 'Fosse', isSoldOut: true, placesLeft: 0, maxToBuy: 0 });
const onSale = ticketRead('t-balcon', { title: 'Balcon' });
const event = eventDetail({ tickets: [soldOut, onSale] });

const entry = (quantity: number): WaitingListEntry => ({
  ticketId: 't-fosse',
  dateId: null,
  quantity,
  status: 'waiting',
  joinedAt: '2030-05-01T10:00:00.000Z',
});

describe('the waiting list on the event page', () => {
  it('asks a visitor to sign in, and asks the server nothing', async () => {
    const api = stubApi({ [SESSION]: ok({ user: null }) });
    renderApp(<WaitingListPanel event={event} />);

    const signIn = await screen.findByRole('link', { name: m.signInToJoin });
    expect(signIn).toHaveAttribute('href', '/connexion');
    expect(screen.queryByRole('button', { name: m.join })).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.path.includes('waiting-list'))).toEqual([]);
  });

  it('joins with the places chosen, shows the line, then leaves it', async () => {
    let entries: WaitingListEntry[] = [];
    const api = stubApi({
      [SESSION]: ok({ user: sessionUser() }),
      [OWN]: () => ok(entries),
      'POST /events/evt-1/waiting-list': (request) => {
        entries = [entry((request.body as { quantity: number }).quantity)];
        return { status: 201, body: entries[0] };
      },
      'DELETE /events/evt-1/waiting-list': (request) => {
        expect(request.query.get('ticketId')).toBe('t-fosse');
        entries = [];
        return ok();
      },
    });
    const { user } = renderApp(<WaitingListPanel event={event} />);

    // Only the sold-out ticket can be waited for: the other one is bought.
    const join = await screen.findByRole('button', { name: m.join });
    expect(join).toHaveAccessibleDescription('Fosse');
    await waitFor(() => expect(join).toBeEnabled());
    expect(screen.queryByText('Balcon')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(m.quantity), '2');
    await user.click(join);

    expect(await screen.findByText(m.onList(2))).toBeInTheDocument();
    expect(m.onList(2)).toBe('Vous êtes sur la liste d’attente (2 places)');
    expect(api.bodiesOf('POST /events/evt-1/waiting-list')).toEqual([{ ticketId: 't-fosse', quantity: 2 }]);

    await user.click(screen.getByRole('button', { name: m.leave }));
    expect(await screen.findByRole('button', { name: m.join })).toBeInTheDocument();
    expect(screen.queryByText(m.onList(2))).not.toBeInTheDocument();
  });

  it('says the server’s refusal in French', async () => {
    stubApi({
      [SESSION]: ok({ user: sessionUser() }),
      [OWN]: ok([]),
      'POST /events/evt-1/waiting-list': refusal(409, 'TICKET_ON_SALE', waitingListFr.errors.onSale),
    });
    const { user } = renderApp(<WaitingListPanel event={event} />);
    const join = await screen.findByRole('button', { name: m.join });
    // Until the viewer's own lines are known, joining waits.
    await waitFor(() => expect(join).toBeEnabled());
    await user.click(join);
    expect(await screen.findByRole('alert')).toHaveTextContent(waitingListFr.errors.onSale);
  });

  it('tells someone whose places are waiting for them to open their mailed link', async () => {
    stubApi({ [SESSION]: ok({ user: sessionUser() }), [OWN]: ok([{ ...entry(2), status: 'offered' }]) });
    renderApp(<WaitingListPanel event={event} />);
    expect(await screen.findByText(m.offered)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: m.leave })).toBeInTheDocument();
  });

  it('tells someone who opened their link that their places wait for their payment', async () => {
    stubApi({ [SESSION]: ok({ user: sessionUser() }), [OWN]: ok([{ ...entry(1), status: 'accepted' }]) });
    renderApp(<WaitingListPanel event={event} />);
    expect(await screen.findByText(m.accepted)).toBeInTheDocument();
    expect(screen.queryByText(m.offered)).not.toBeInTheDocument();
  });

  it('offers one place of a free ticket, without a picker', async () => {
    stubApi({ [SESSION]: ok({ user: sessionUser() }), [OWN]: ok([]) });
    renderApp(<WaitingListPanel event={eventDetail({ tickets: [{ ...soldOut, priceCents: 0 }] })} />);
    expect(await screen.findByRole('button', { name: m.join })).toBeInTheDocument();
    expect(screen.queryByLabelText(m.quantity)).not.toBeInTheDocument();
  });

  it('shows nothing while every ticket is on sale, or once the sale is closed', async () => {
    const api = stubApi({ [SESSION]: ok({ user: sessionUser() }) });
    const { container } = renderApp(<WaitingListPanel event={eventDetail({ tickets: [onSale] })} />);
    const closed = renderApp(<WaitingListPanel event={{ ...event, isOpen: false }} />);
    // The session is known before the panel decides: nothing is asked about lines.
    await waitFor(() => expect(api.calls.some((c) => c.path === '/auth/session')).toBe(true));
    expect(container).not.toHaveTextContent(m.title);
    expect(closed.container).not.toHaveTextContent(m.title);
  });
});
