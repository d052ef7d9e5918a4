import { organiserFr } from '@guichet/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, refusal, stubApi } from '../../../test/fetch-stub';
import { discount, managed } from '../../../test/organiser-fixtures';
import { label, renderApp } from '../../../test/render-app';
import { PromoCodes } from './PromoCodes';

const f = organiserFr.form;
const p = organiserFr.promo;
const ADD = 'POST /events/evt-1/discounts';
const event = managed({ isFree: false, discounts: [discount('d-1', 'ETE', { used: 4 })] });

const add = () => screen.getByRole('button', { name: f.promoAdd });

describe('the promo codes of an event', () => {
  it('waits for a code and a reduction, then checks them in the catalog’s words', async () => {
    const api = stubApi({});
    const { user } = renderApp(<PromoCodes event={event} />);
    expect(screen.getByLabelText(label(f.promoQuantity))).toHaveValue('10000');
    expect(add()).toBeDisabled();

    await user.type(screen.getByLabelText(label(f.promoCode)), 'ete');
    expect(add()).toBeDisabled();
    await user.type(screen.getByLabelText(label(f.promoPercent)), '150');
    expect(add()).toBeEnabled();

    await user.click(add());
    expect(screen.getByRole('alert')).toHaveTextContent(p.percentTooHigh);

    await user.clear(screen.getByLabelText(label(f.promoPercent)));
    await user.type(screen.getByLabelText(label(f.promoPercent)), '20');
    await user.click(add());
    expect(screen.getByRole('alert')).toHaveTextContent(p.duplicate);
    expect(api.bodiesOf(ADD)).toEqual([]);
  });

  it('creates a single-use code and empties the fields', async () => {
    const api = stubApi({ [ADD]: ok({ id: 'd-2' }) });
    const { user } = renderApp(<PromoCodes event={event} />);
    await user.type(screen.getByLabelText(label(f.promoCode)), 'HIVER');
    await user.type(screen.getByLabelText(label(f.promoPercent)), '20');

    await user.click(add());

    await waitFor(() => expect(screen.getByLabelText(label(f.promoCode))).toHaveValue(''));
    expect(api.bodiesOf(ADD)).toEqual([
      { code: 'HIVER', discountPercent: 20, quantity: 10_000, isEnabled: true, isSingleUse: true },
    ]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('switches a code off, and keeps its quantity when the server refuses one under its uses', async () => {
    const message = p.quantityBelowUsed(4);
    const api = stubApi({
      'PATCH /discounts/d-1': ({ body }) =>
        'quantity' in (body as object) ? refusal(400, 'VALIDATION_ERROR', message, { field: 'quantity' }) : ok(),
    });
    const { user } = renderApp(<PromoCodes event={event} />);

    await user.click(screen.getByRole('switch', { name: `${f.promoEnabled} ETE` }));
    const quantity = screen.getByRole('textbox', { name: `${f.promoQuantity} ETE` });
    await user.clear(quantity);
    await user.type(quantity, '2');
    await user.tab();

    expect(await screen.findByText(organiserFr.edit.failedToast(message))).toBeInTheDocument();
    await waitFor(() => expect(quantity).toHaveValue('100'));
    expect(api.bodiesOf('PATCH /discounts/d-1')).toEqual([{ isEnabled: false }, { quantity: 2 }]);
  });
});
