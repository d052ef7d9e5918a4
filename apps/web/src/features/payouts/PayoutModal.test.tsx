import { invoicesFr } from '@guichet/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, stubApi } from '../../../test/fetch-stub';
import { eventPayouts } from '../../../test/payout-fixtures';
import { renderApp } from '../../../test/render-app';
import PayoutModal from './PayoutModal';

const c = invoicesFr.commission;
const URL = '/api/payouts/p-1/commission-invoice.pdf';

const answer = eventPayouts(
  {
    salesCents: 6000,
    commissionCents: 198,
    commissionVatCents: 26,
    commissionVatDueCents: 13,
    payoutsCents: 3842,
    availableCents: 1934,
    requestableCents: 1921,
  },
  {
    payouts: [
      {
        id: 'p-1',
        amountCents: 3842,
        status: 'requested',
        iban: 'FR7630006000011234567890189',
        createdAt: '2030-05-02T10:00:00.000Z',
        decidedAt: null,
        bankReference: null,
        rejectReason: null,
        commissionInclVatCents: 158,
        commissionInvoiceUrl: URL,
      },
      {
        id: 'p-0',
        amountCents: 1000,
        status: 'paid',
        iban: 'FR7630006000011234567890189',
        createdAt: '2030-05-01T10:00:00.000Z',
        decidedAt: '2030-05-01T12:00:00.000Z',
        bankReference: 'VIR-1',
        rejectReason: null,
        commissionInclVatCents: 0,
        commissionInvoiceUrl: null,
      },
    ],
  },
);

describe('the payout panel', () => {
  it('shows the commission’s VAT, deducted and due, and each payout’s commission TTC with its invoice', async () => {
    stubApi({
      'GET /console/events/evt-1/payouts': ok(answer),
      'GET /me/bank-account': ok({ account: null }),
    });
    renderApp(<PayoutModal eventId="evt-1" dateEnd="2030-05-01T00:00:00.000Z" onClose={() => {}} />);

    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('row', { name: /TVA sur la commission/ })).toHaveTextContent('0,26 €');
    expect(within(dialog).getByTestId('commission-vat-due')).toHaveTextContent(c.vatDue('0,13 €'));
    const [withInvoice, without] = within(dialog).getAllByTestId('past-payout');
    expect(withInvoice).toHaveTextContent(c.payoutLine('1,58 €'));
    const link = within(withInvoice as HTMLElement).getByRole('link', { name: c.downloadLabel('02/05/2030') });
    expect(link).toHaveAttribute('href', URL);
    expect(link).toHaveTextContent(c.download);
    // A payout that invoiced nothing (asked before the commission was invoiced) has no line.
    expect(within(without as HTMLElement).queryByRole('link')).not.toBeInTheDocument();
  });
});
