import { type CheckinLists, checkinFr } from '@guichet/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, refusal, stubApi } from '../../../test/fetch-stub';
import { label, renderApp } from '../../../test/render-app';
import { CheckinListsSection } from './CheckinListsSection';

const m = checkinFr.lists;
const LISTS = 'GET /console/events/evt-1/checkin-lists';
/** A one-date event: no date filter. */
const DATES = 'GET /console/events/evt-1/dates';
const CREATE = 'POST /console/events/evt-1/checkin-lists';
const managed = {
  tickets: [
    { id: 't-general', parentId: null, title: 'Général' },
    { id: 't-vip', parentId: null, title: 'VIP' },
  ],
};
const figures: CheckinLists = {
  lists: [
    {
      id: 'l-vip',
      name: 'Carré VIP',
      ticketIds: ['t-vip'],
      allowReentry: true,
      allowCheckout: true,
      inside: 4,
      entered: 6,
    },
  ],
  event: { inside: 12, total: 80 },
};

describe('the check-in lists of the console', () => {
  it('shows each list with its people inside, and the whole event’s', async () => {
    stubApi({ [DATES]: ok([]), [LISTS]: ok(figures) });
    renderApp(<CheckinListsSection eventId="evt-1" />);
    const item = (await screen.findByText('Carré VIP')).closest('li') as HTMLElement;
    expect(within(item).getByText(m.reentry)).toBeInTheDocument();
    expect(within(item).getByTestId('list-inside')).toHaveTextContent(
      `${checkinFr.scanner.inside(4)} · ${m.entered(6)}`,
    );
    expect(screen.getByTestId('event-inside')).toHaveTextContent(checkinFr.scanner.inside(12));
  });

  it('creates a list of the tickets ticked, and says the server’s refusal of a list without ticket', async () => {
    const api = stubApi({
      [DATES]: ok([]),
      [LISTS]: ok({ lists: [], event: { inside: 0, total: 0 } }),
      'GET /events/evt-1/manage': ok(managed),
      [CREATE]: ({ body }) =>
        (body as { ticketIds: string[] }).ticketIds.length === 0
          ? refusal(400, 'VALIDATION_ERROR', m.noTicket, { field: 'ticketIds' })
          : { status: 201, body: { id: 'l-new' } },
    });
    const { user } = renderApp(<CheckinListsSection eventId="evt-1" />);
    expect(await screen.findByText(m.empty)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: m.add }));
    const dialog = await screen.findByRole('dialog', { name: m.add });
    await user.type(within(dialog).getByLabelText(label(m.name)), 'VIP');
    await user.click(within(dialog).getByRole('button', { name: m.add }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(m.noTicket);

    await user.click(await within(dialog).findByRole('checkbox', { name: 'VIP' }));
    await user.click(within(dialog).getByRole('switch', { name: m.allowReentry }));
    // Coming back needs leaving: the check-out switch follows.
    expect(within(dialog).getByRole('switch', { name: new RegExp(m.allowCheckout) })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: m.add }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.bodiesOf(CREATE).at(-1)).toEqual({
      name: 'VIP',
      ticketIds: ['t-vip'],
      allowReentry: true,
      allowCheckout: true,
    });
  });
});
