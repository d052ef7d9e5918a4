import { resaleFr, transfersFr } from '@guichet/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, stubApi } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { TicketRulesForm } from './TicketRulesForm';

const TRANSFER = '/console/events/e-1/transfer-settings';
const RESALE = '/console/events/e-1/resale-settings';

describe('the organiser’s rules of transfers and resale', () => {
  it('refuses an empty transfer delay, then saves the rules the form holds', async () => {
    const saved = { transfersAllowed: true, transferDeadline: null, transferExpiryDays: 7 };
    const api = stubApi({
      [`GET ${TRANSFER}`]: ok(saved),
      [`PUT ${TRANSFER}`]: ok({ ...saved, transfersAllowed: false }),
    });
    const m = transfersFr.settings;
    const { user } = renderApp(<TicketRulesForm kind="transfer" eventId="e-1" />);
    const form = await screen.findByRole('region', { name: m.title });
    const days = await within(form).findByLabelText(m.expiryDays);
    // A figure out of range is brought back within it when the field loses focus: only an empty one stays refused.
    await user.clear(days);
    expect(await within(form).findByText(transfersFr.errors.expiryDays(30))).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: m.save }));
    expect(api.bodiesOf(`PUT ${TRANSFER}`)).toEqual([]);

    await user.clear(days);
    await user.type(days, '3');
    await user.click(within(form).getByRole('switch', { name: new RegExp(`^${m.allowed}`) }));
    await user.click(within(form).getByRole('button', { name: m.save }));
    expect(await screen.findByText(m.saved)).toBeInTheDocument();
    expect(api.bodiesOf(`PUT ${TRANSFER}`)).toEqual([
      { transfersAllowed: false, transferDeadline: null, transferExpiryDays: 3 },
    ]);
  });

  it('shows the resale fee in euros and saves it in cents', async () => {
    const saved = { resaleAllowed: true, resaleDeadline: null, resaleFeeCents: 150 };
    const api = stubApi({ [`GET ${RESALE}`]: ok(saved), [`PUT ${RESALE}`]: ok({ ...saved, resaleFeeCents: 225 }) });
    const m = resaleFr.settings;
    const { user } = renderApp(<TicketRulesForm kind="resale" eventId="e-1" />);
    const form = await screen.findByRole('region', { name: m.title });
    const fee = await within(form).findByLabelText(m.fee);
    expect(fee).toHaveValue('1,5');
    await user.clear(fee);
    await user.type(fee, '2,25');
    await user.click(within(form).getByRole('button', { name: m.save }));
    expect(await screen.findByText(m.saved)).toBeInTheDocument();
    expect(api.bodiesOf(`PUT ${RESALE}`)).toEqual([{ resaleAllowed: true, resaleDeadline: null, resaleFeeCents: 225 }]);
  });
});
