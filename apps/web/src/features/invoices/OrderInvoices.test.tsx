import { billingFr, invoicesFr, type OrderInvoice } from '@guichet/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, refusal, stubApi } from '../../../test/fetch-stub';
import { label, renderApp } from '../../../test/render-app';
import { OrderInvoices } from './OrderInvoices';

const m = invoicesFr.company;
const LIST = 'GET /orders/ord-1/invoices';
const ASK = 'PUT /orders/ord-1/company-invoice';

const doc = (number: string, kind: OrderInvoice['kind'], totalCents: number): OrderInvoice => ({
  id: number,
  number,
  kind,
  issuer: 'organizer',
  issuedAt: '2026-11-26T10:00:00.000Z',
  totalCents,
  vatCents: 0,
  url: `/api/orders/ord-1/invoices/${number}/pdf`,
});
const first = doc('F-000001', 'invoice', 5000);

async function openDialog() {
  const { user } = renderApp(<OrderInvoices orderId="ord-1" canAskCompany />);
  await user.click(await screen.findByRole('button', { name: m.action }));
  return { user, dialog: await screen.findByRole('dialog', { name: m.action }) };
}

describe('an order’s invoices in a company’s name', () => {
  it('checks the fields, then shows the credit note and the new invoice', async () => {
    const api = stubApi({
      [LIST]: ok([first]),
      [ASK]: ok([first, doc('F-000002', 'credit-note', -5000), doc('F-000003', 'invoice', 5000)]),
    });
    const { user, dialog } = await openDialog();
    const inside = within(dialog);
    await user.click(inside.getByRole('button', { name: m.submit }));
    expect(inside.getByLabelText(label(m.name))).toHaveAccessibleDescription(m.errors.nameRequired);
    expect(api.bodiesOf(ASK)).toEqual([]);

    await user.type(inside.getByLabelText(label(m.name)), 'Acme');
    await user.type(inside.getByLabelText(new RegExp(`^${m.address}`)), '5 avenue Jean Jaurès{enter}69007 Lyon');
    await user.type(inside.getByLabelText(label(m.siren)), '552100555');
    await user.click(inside.getByRole('button', { name: m.submit }));
    expect(inside.getByLabelText(label(m.siren))).toHaveAccessibleDescription(billingFr.errors.sirenInvalid);

    await user.clear(inside.getByLabelText(label(m.siren)));
    await user.type(inside.getByLabelText(label(m.siren)), '552 100 554');
    await user.click(inside.getByRole('button', { name: m.submit }));

    expect(await screen.findByText(invoicesFr.list.creditNote('F-000002'), { exact: false })).toBeInTheDocument();
    expect(screen.getByText(invoicesFr.list.invoice('F-000003'), { exact: false })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.bodiesOf(ASK)).toEqual([
      { name: 'Acme', address: '5 avenue Jean Jaurès\n69007 Lyon', siren: '552 100 554', vatNumber: '' },
    ]);
  });

  it('says the server’s refusal in the dialog', async () => {
    stubApi({ [LIST]: ok([first]), [ASK]: refusal(409, 'ORDER_REFUNDED', m.errors.refunded) });
    const { user, dialog } = await openDialog();
    const inside = within(dialog);
    await user.type(inside.getByLabelText(label(m.name)), 'Acme');
    await user.type(inside.getByLabelText(new RegExp(`^${m.address}`)), '5 avenue Jean Jaurès');
    await user.type(inside.getByLabelText(label(m.siren)), '552100554');
    await user.click(inside.getByRole('button', { name: m.submit }));
    expect(await inside.findByRole('alert')).toHaveTextContent(m.errors.refunded);
  });

  it('offers nothing to ask for on the organiser’s view', async () => {
    stubApi({ [LIST]: ok([first]) });
    renderApp(<OrderInvoices orderId="ord-1" />);
    expect(await screen.findByText(invoicesFr.list.invoice('F-000001'), { exact: false })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: m.action })).not.toBeInTheDocument();
  });
});
