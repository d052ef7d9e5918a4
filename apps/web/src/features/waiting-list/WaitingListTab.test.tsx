import { type WaitingListOfTicket, type WaitingListStatus, waitingListFr } from '@guichet/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, stubApi } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { WaitingListTab } from './WaitingListTab';

const m = waitingListFr.console;
const LISTS = 'GET /console/events/evt-1/waiting-list';

const person = (id: string, firstName: string, position: number | null, status: WaitingListStatus) => ({
  id,
  position,
  firstName,
  lastName: 'Martin',
  email: `${firstName.toLowerCase()}@exemple.fr`,
  quantity: 2,
  status,
  joinedAt: '2030-05-01T10:00:00.000Z',
});

describe('the waiting list tab of the console', () => {
  it('lists each ticket’s line in order, with its counts and statuses', async () => {
    const list: WaitingListOfTicket = {
      ticketId: 't-1',
      dateId: null,
      title: 'Fosse',
      waiting: 1,
      offered: 2,
      converted: 1,
      people: [
        person('w-1', 'Alice', null, 'converted'),
        person('w-2', 'Bruno', 1, 'accepted'),
        person('w-3', 'Chloé', 2, 'waiting'),
      ],
    };
    stubApi({ [LISTS]: ok([list]) });
    renderApp(<WaitingListTab eventId="evt-1" />);

    const table = await screen.findByRole('table', { name: 'Fosse' });
    expect(screen.getByText(m.counts(1, 2, 1))).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual([
      'Alice Martin',
      'Bruno Martin',
      'Chloé Martin',
    ]);
    expect(within(rows[2] as HTMLElement).getByText(m.statuses.waiting)).toBeInTheDocument();
    // Opened the link, paying: in line, not converted yet.
    expect(within(rows[1] as HTMLElement).getByText(m.statuses.accepted)).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText(m.statuses.converted)).toBeInTheDocument();
  });

  it('says when nobody waits', async () => {
    stubApi({ [LISTS]: ok([]) });
    renderApp(<WaitingListTab eventId="evt-1" />);
    expect(await screen.findByText(m.empty)).toBeInTheDocument();
  });
});
