import {
  checkoutFr,
  checkoutStepsFr,
  type EventDetail,
  formatEuros,
  fr,
  invoicesFr,
  type TicketRead,
} from '@guichet/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { eventDetail, ticketRead } from '../../../test/event-fixtures';
import { type ApiReply, ok, refusal, stubApi } from '../../../test/fetch-stub';
import { label, renderApp } from '../../../test/render-app';
import { sessionUser } from '../../../test/session-fixtures';
import { CheckoutPanel } from './CheckoutPanel';

const s = checkoutStepsFr;
const SESSION = 'GET /auth/session';

function ticket(id: string, title: string, priceCents: number, extra: Partial<TicketRead> = {}): TicketRead {
  return ticketRead(id, { title, priceCents, maxToBuy: 3, ...extra });
}

function eventWith(extra: Partial<EventDetail> = {}): EventDetail {
  return eventDetail({ tickets: [ticket('t-entry', 'Entrée', 2000)], ...extra });
}

const visitor = { [SESSION]: ok({ user: null }) };

function basket() {
  return within(screen.getByRole('region', { name: s.basket.title }));
}

/** The ticket step filled in as a buyer would: the ticket opened, `count` places, the terms. */
type User = ReturnType<typeof renderApp>['user'];

async function chooseTickets(user: User, count: number) {
  await user.click(screen.getByRole('button', { name: /Entrée/ }));
  for (let i = 0; i < count; i += 1) {
    await user.click(screen.getByRole('button', { name: s.tickets.increase('Entrée') }));
  }
  await user.click(screen.getByRole('checkbox', { name: new RegExp(s.tickets.acceptTermsBefore) }));
}

/** From the ticket step to the information step, `count` places chosen. */
async function toInformation(user: User, count = 1) {
  await chooseTickets(user, count);
  await user.click(screen.getByRole('button', { name: fr.common.next }));
  await screen.findByRole('heading', { name: s.steps.information });
}

/** The buyer's fields, as a visitor fills them in. */
async function fillBuyer(user: User, email = 'zoe@exemple.fr') {
  await user.type(screen.getByLabelText(label(fr.auth.lastName)), 'Lefèvre');
  await user.type(screen.getByLabelText(label(fr.auth.firstName)), 'Zoé');
  await user.type(screen.getByLabelText(label(fr.auth.email)), email);
  await user.type(screen.getByLabelText(label(fr.auth.birthDate)), '2000-02-29');
}

describe('the ticket step', () => {
  it('asks for a number of tickets, then for the terms, before going on', async () => {
    stubApi(visitor);
    const { user } = renderApp(<CheckoutPanel event={eventWith()} shareKey={null} />);

    expect(screen.getByRole('heading', { name: s.steps.tickets })).toBeInTheDocument();
    expect(basket().getByText(s.basket.empty)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: fr.common.next }));
    expect(screen.getByRole('alert')).toHaveTextContent(checkoutFr.ticketCountRequired);

    await user.click(screen.getByRole('button', { name: /Entrée/ }));
    await user.click(screen.getByRole('button', { name: s.tickets.increase('Entrée') }));
    await user.click(screen.getByRole('button', { name: fr.common.next }));
    expect(screen.getByRole('alert')).toHaveTextContent(checkoutFr.termsRequired);

    await user.click(screen.getByRole('checkbox', { name: new RegExp(s.tickets.acceptTermsBefore) }));
    await user.click(screen.getByRole('button', { name: fr.common.next }));
    expect(await screen.findByRole('heading', { name: s.steps.information })).toBeInTheDocument();
  });

  it('counts between the ticket’s bounds, and the basket follows the count', async () => {
    stubApi(visitor);
    const { user } = renderApp(<CheckoutPanel event={eventWith()} shareKey={null} />);
    await user.click(screen.getByRole('button', { name: /Entrée/ }));
    const fewer = screen.getByRole('button', { name: s.tickets.decrease('Entrée') });
    const more = screen.getByRole('button', { name: s.tickets.increase('Entrée') });

    expect(fewer).toBeDisabled();
    expect(screen.getByText(s.tickets.limits(1, 3))).toBeInTheDocument();
    for (let i = 0; i < 3; i += 1) await user.click(more);

    expect(more).toBeDisabled();
    expect(fewer).toBeEnabled();
    expect(screen.getByText(s.tickets.quantityValue(3))).toBeInTheDocument();
    expect(basket().getByText(s.basket.line(3, 'Entrée'))).toBeInTheDocument();
    expect(basket().getAllByText(formatEuros(6000))).toHaveLength(2);
  });

  it('adds the service fee to the basket when the buyer pays it', async () => {
    stubApi(visitor);
    const { user } = renderApp(<CheckoutPanel event={eventWith({ isUserPaysFees: true })} shareKey={null} />);
    await chooseTickets(user, 1);
    expect(basket().getByText(s.basket.serviceFee)).toBeInTheDocument();
  });

  it('shows a closed event’s tickets without a way to buy them', async () => {
    stubApi(visitor);
    renderApp(<CheckoutPanel event={eventWith({ status: 'closed', isOpen: false })} shareKey={null} />);
    expect(screen.getByText('Entrée')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: fr.common.next })).not.toBeInTheDocument();
  });
});

describe('the promo code', () => {
  it('asks for a code, says the server’s refusal, and applies a valid one to the basket', async () => {
    let answer: ApiReply = refusal(400, 'VALIDATION_ERROR', checkoutFr.promoInvalid, { field: 'code' });
    const api = stubApi({ ...visitor, 'GET /events/evt-1/discounts/check': () => answer });
    const { user } = renderApp(<CheckoutPanel event={eventWith()} shareKey={null} />);
    await chooseTickets(user, 2);

    await user.click(screen.getByRole('button', { name: s.promo.open }));
    const dialog = await screen.findByRole('dialog', { name: s.promo.title });
    await user.click(within(dialog).getByRole('button', { name: s.promo.submit }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(checkoutFr.promoRequired);

    await user.type(within(dialog).getByLabelText(s.promo.label), ' MOINS10 ');
    await user.click(within(dialog).getByRole('button', { name: s.promo.submit }));
    expect(await within(dialog).findByText(checkoutFr.promoInvalid)).toBeInTheDocument();

    answer = ok({ percent: 10 });
    await user.click(within(dialog).getByRole('button', { name: s.promo.submit }));

    expect(await screen.findByText(s.promo.capsule('MOINS10', 10))).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path.endsWith('/check')).map((c) => c.query.get('code'))).toEqual([
      'MOINS10',
      'MOINS10',
    ]);
    expect(basket().getByText(s.basket.discount('MOINS10', 10))).toBeInTheDocument();
    expect(basket().getByText(formatEuros(3600))).toBeInTheDocument();
    // Checking the code did not submit the ticket step behind the dialog.
    expect(screen.getByRole('heading', { name: s.steps.tickets })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: s.promo.remove('MOINS10') }));
    expect(screen.getByRole('button', { name: s.promo.open })).toBeInTheDocument();
    expect(basket().queryByText(s.basket.discount('MOINS10', 10))).not.toBeInTheDocument();
  });
});

describe('the information step', () => {
  it('checks the fields in the spec’s order, then asks the server whether the e-mail has an account', async () => {
    const api = stubApi({ ...visitor, 'POST /guest/lookup': ok({ hasAccount: false }) });
    const { user } = renderApp(<CheckoutPanel event={eventWith()} shareKey={null} />);
    await toInformation(user);

    await user.click(screen.getByRole('button', { name: fr.common.next }));
    expect(screen.getByRole('alert')).toHaveTextContent(checkoutFr.lastNameRequired);
    expect(screen.getByLabelText(label(fr.auth.lastName))).toHaveAccessibleDescription(checkoutFr.lastNameRequired);

    await fillBuyer(user, 'zoe@exemple');
    await user.click(screen.getByRole('button', { name: fr.common.next }));
    expect(screen.getByRole('alert')).toHaveTextContent(checkoutFr.emailInvalid);

    await user.clear(screen.getByLabelText(label(fr.auth.email)));
    await user.type(screen.getByLabelText(label(fr.auth.email)), 'Zoe@Exemple.fr');
    await user.click(screen.getByRole('button', { name: fr.common.next }));

    expect(await screen.findByRole('heading', { name: s.steps.password })).toBeInTheDocument();
    expect(api.bodiesOf('POST /guest/lookup')).toEqual([{ email: 'zoe@exemple.fr' }]);
  });

  it('sends a known e-mail to sign in first, and goes back to the tickets as they were chosen', async () => {
    stubApi({ ...visitor, 'POST /guest/lookup': ok({ hasAccount: true }) });
    const { user } = renderApp(<CheckoutPanel event={eventWith()} shareKey={null} />);
    await toInformation(user, 2);
    await fillBuyer(user);
    await user.click(screen.getByRole('button', { name: fr.common.next }));
    expect(await screen.findByRole('heading', { name: s.steps.proof })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: fr.common.previous }));
    await user.click(await screen.findByRole('button', { name: fr.common.previous }));

    expect(await screen.findByRole('heading', { name: s.steps.tickets })).toBeInTheDocument();
    expect(screen.getByText(s.tickets.quantityValue(2))).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: new RegExp(s.tickets.acceptTermsBefore) })).toBeChecked();
  });

  it('takes a signed-in buyer’s e-mail and birth date from the account, read-only', async () => {
    stubApi({
      [SESSION]: ok({ user: sessionUser() }),
    });
    const { user } = renderApp(<CheckoutPanel event={eventWith()} shareKey={null} />);
    // Signed in: no invitation to log in.
    await screen.findByRole('heading', { name: s.steps.tickets });
    await toInformation(user);

    expect(screen.getByLabelText(label(fr.auth.email))).toHaveValue('zoe@exemple.fr');
    expect(screen.getByLabelText(label(fr.auth.email))).toHaveAttribute('readonly');
    expect(screen.getByLabelText(label(fr.auth.lastName))).toHaveValue('Lefèvre');
    expect(screen.getByText(s.information.loggedInNote)).toBeInTheDocument();
    expect(screen.queryByText(s.haveAccount)).not.toBeInTheDocument();
  });

  it('asks for studies when the event needs them', async () => {
    stubApi({ ...visitor, 'GET /studies': ok(['Non défini', 'Droit']) });
    const { user } = renderApp(<CheckoutPanel event={eventWith({ isNeedsUserStudies: true })} shareKey={null} />);
    await toInformation(user);
    await fillBuyer(user);

    await user.click(screen.getByRole('button', { name: fr.common.next }));

    expect(screen.getByRole('alert')).toHaveTextContent(checkoutFr.studiesRequired);
    expect(screen.getByRole('combobox', { name: label(s.information.studies) })).toBeInTheDocument();
  });

  it('asks for the company of an invoice in its name, checked, and sends it with the order', async () => {
    const c = invoicesFr.company;
    const api = stubApi({
      [SESSION]: ok({ user: sessionUser() }),
      'POST /orders': refusal(409, 'TICKETING_CLOSED', checkoutFr.ticketingClosed),
    });
    const { user } = renderApp(<CheckoutPanel event={eventWith()} shareKey={null} />);
    await screen.findByRole('heading', { name: s.steps.tickets });
    await toInformation(user);
    expect(screen.queryByLabelText(label(c.name))).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: c.checkbox }));
    await user.click(screen.getByRole('button', { name: fr.common.next }));
    expect(screen.getByRole('alert')).toHaveTextContent(c.errors.nameRequired);
    expect(screen.getByLabelText(label(c.name))).toHaveAccessibleDescription(c.errors.nameRequired);

    await user.type(screen.getByLabelText(label(c.name)), 'Acme');
    await user.type(screen.getByLabelText(new RegExp(`^${c.address}`)), '5 avenue Jean Jaurès{enter}69007 Lyon');
    await user.type(screen.getByLabelText(label(c.siren)), '552100554');
    await user.type(screen.getByLabelText(label(c.vatNumber)), 'FR96552100554');
    await user.click(screen.getByRole('button', { name: fr.common.next }));

    await screen.findByRole('heading', { name: s.steps.payment });
    await vi.waitFor(() => expect(api.bodiesOf('POST /orders')).toHaveLength(1));
    expect(api.bodiesOf('POST /orders')[0]).toMatchObject({
      companyInvoice: {
        name: 'Acme',
        address: '5 avenue Jean Jaurès\n69007 Lyon',
        siren: '552100554',
        vatNumber: 'FR96552100554',
      },
    });
    expect(api.bodiesOf('POST /orders')[0]).not.toHaveProperty('buyer.company');
  });
});
