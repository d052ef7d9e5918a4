import {
  checkoutStepsFr,
  type DoorSale as DoorSaleRow,
  type DoorTicket,
  doorSalesFr,
  formatEuros,
  fr,
  ticketsFr,
} from '@guichet/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, refusal, stubApi } from '../../../test/fetch-stub';
import { label, renderApp } from '../../../test/render-app';
import { DoorSale } from './DoorSale';

const m = doorSalesFr;
const TICKETS = 'GET /console/events/evt-1/door-tickets';
const SALES = 'GET /console/events/evt-1/manual-entries';
/** A one-date event: no date filter. */
const DATES = 'GET /console/events/evt-1/dates';
const SELL = 'POST /console/events/evt-1/manual-entries';

function doorTicket(id: string, title: string, priceCents: number, extra: Partial<DoorTicket> = {}): DoorTicket {
  return {
    id,
    title,
    description: '',
    priceCents,
    vatRate: '20',
    remaining: 50,
    isSoldOut: false,
    isAvailable: true,
    isHidden: false,
    isNamed: false,
    minToBuy: 1,
    maxToBuy: 5,
    isMultipart: false,
    options: [],
    ...extra,
  };
}

const entry = doorTicket('t-entry', 'Entrée', 1500);
const guest = doorTicket('t-guest', 'Invité', 0);
const gone = doorTicket('t-gone', 'Early bird', 1000, { isSoldOut: true, remaining: 0 });

const field = (text: string) => screen.getByLabelText(label(text));
const submit = () => screen.getByRole('button', { name: m.submit });

async function fillParticipant(user: ReturnType<typeof renderApp>['user'], values: { email?: string; phone?: string }) {
  await user.type(field(m.email), values.email ?? 'paul@exemple.fr');
  if (values.phone) await user.type(field(m.phone), values.phone);
  await user.type(field(m.firstName), 'Paul');
  await user.type(field(m.lastName), 'Martin');
  await user.type(field(m.birthDate), '1990-04-12');
}

describe('the door sale', () => {
  it('checks the ticket, then the participant, each refusal in French', async () => {
    const api = stubApi({ [DATES]: ok([]), [TICKETS]: ok([entry, gone]), [SALES]: ok([]) });
    const { user } = renderApp(<DoorSale eventId="evt-1" />);
    await screen.findByRole('heading', { name: m.title });
    expect(await screen.findByText(m.recentEmpty)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Early bird/ })).toBeDisabled();

    await user.click(submit());
    expect(screen.getByRole('alert')).toHaveTextContent(m.ticketRequired);

    await user.click(screen.getByRole('button', { name: /Entrée/ }));
    await fillParticipant(user, { email: 'paul@exemple', phone: '01 40 00 00 00' });
    await user.click(submit());
    expect(screen.getByRole('alert')).toHaveTextContent(m.emailInvalid);

    await user.type(field(m.email), '.fr');
    await user.click(submit());
    expect(screen.getByRole('alert')).toHaveTextContent(m.phoneInvalid);

    expect(api.bodiesOf(SELL)).toEqual([]);
  });

  it('asks for the count, then how a paid ticket was paid', async () => {
    const api = stubApi({ [DATES]: ok([]), [TICKETS]: ok([entry]), [SALES]: ok([]) });
    const { user } = renderApp(<DoorSale eventId="evt-1" />);
    await user.click(await screen.findByRole('button', { name: /Entrée/ }));
    await fillParticipant(user, {});
    await user.click(submit());
    expect(screen.getByRole('alert')).toHaveTextContent(m.quantityRequired);

    await user.click(screen.getByRole('button', { name: checkoutStepsFr.tickets.increase('Entrée') }));
    await user.click(submit());
    expect(screen.getByRole('alert')).toHaveTextContent(m.paymentRequired);
    expect(api.bodiesOf(SELL)).toEqual([]);
  });

  it('records a paid sale: the total to take, the body sent, a toast, an empty form, the sale listed', async () => {
    let sales: DoorSaleRow[] = [];
    const api = stubApi({
      [DATES]: ok([]),
      [TICKETS]: ok([entry]),
      [SALES]: () => ok(sales),
      [SELL]: () => {
        sales = [
          {
            participationId: 'p-1',
            firstName: 'Paul',
            lastName: 'Martin',
            email: 'paul@exemple.fr',
            ticket: 'Entrée',
            quantity: 2,
            totalCents: 3000,
            payment: 'cash',
            soldAt: '2030-06-01T20:00:00.000Z',
            soldBy: 'Odile Martin',
          },
        ];
        return ok({ orderId: 'o-1', participationId: 'p-1', totalCents: 3000, message: m.success });
      },
    });
    const { user } = renderApp(<DoorSale eventId="evt-1" />);
    await user.click(await screen.findByRole('button', { name: /Entrée/ }));
    await user.click(screen.getByRole('button', { name: checkoutStepsFr.tickets.increase('Entrée') }));
    await user.click(screen.getByRole('button', { name: checkoutStepsFr.tickets.increase('Entrée') }));
    await fillParticipant(user, {});
    await user.click(screen.getByRole('radio', { name: m.paymentCash }));

    expect(screen.getByText(m.total(formatEuros(3000)))).toBeInTheDocument();
    await user.click(submit());

    expect(await screen.findByText(m.success)).toBeInTheDocument();
    expect(api.bodiesOf(SELL)).toEqual([
      {
        ticketId: 't-entry',
        quantity: 2,
        participant: {
          email: 'paul@exemple.fr',
          firstName: 'Paul',
          lastName: 'Martin',
          phone: '',
          birthDate: '1990-04-12',
        },
        payment: 'cash',
      },
    ]);
    expect(field(m.email)).toHaveValue('');
    expect(screen.getByRole('radio', { name: m.paymentCash })).not.toBeChecked();
    const recent = await screen.findByTestId('door-sales');
    expect(within(recent).getByText(/Paul Martin · 2 × Entrée/)).toBeInTheDocument();
  });

  it('records a free ticket as free, without asking how it was paid', async () => {
    const api = stubApi({
      [DATES]: ok([]),
      [TICKETS]: ok([guest]),
      [SALES]: ok([]),
      [SELL]: ok({ orderId: 'o-1', participationId: 'p-1', totalCents: 0, message: m.success }),
    });
    const { user } = renderApp(<DoorSale eventId="evt-1" />);
    await user.click(await screen.findByRole('button', { name: /Invité/ }));
    await user.click(screen.getByRole('button', { name: checkoutStepsFr.tickets.increase('Invité') }));
    await fillParticipant(user, {});

    expect(screen.queryByRole('radiogroup', { name: m.payment })).not.toBeInTheDocument();
    expect(screen.getByText(m.total(fr.common.free))).toBeInTheDocument();
    await user.click(submit());

    await waitFor(() => expect(api.bodiesOf(SELL)).toMatchObject([{ ticketId: 't-guest', payment: 'free' }]));
  });

  it('shows the server’s refusal and keeps what was typed', async () => {
    stubApi({
      [DATES]: ok([]),
      [TICKETS]: ok([entry]),
      [SALES]: ok([]),
      [SELL]: refusal(409, 'SOLD_OUT', m.soldOutMessage),
    });
    const { user } = renderApp(<DoorSale eventId="evt-1" />);
    await user.click(await screen.findByRole('button', { name: /Entrée/ }));
    await user.click(screen.getByRole('button', { name: checkoutStepsFr.tickets.increase('Entrée') }));
    await fillParticipant(user, {});
    await user.click(screen.getByRole('radio', { name: m.paymentCard }));
    await user.click(submit());

    expect(await screen.findByRole('alert')).toHaveTextContent(m.soldOutMessage);
    expect(field(m.email)).toHaveValue('paul@exemple.fr');
  });

  it('asks a holder per place when the event names its tickets, each refusal under its field, and sends them', async () => {
    const named = doorTicket('t-named', 'Fosse', 1500, { isNamed: true });
    const api = stubApi({
      [DATES]: ok([]),
      [TICKETS]: ok([named]),
      [SALES]: ok([]),
      [SELL]: ok({ orderId: 'o-1', participationId: 'p-1', totalCents: 3000, message: m.success }),
    });
    const h = ticketsFr.holders;
    const { user } = renderApp(<DoorSale eventId="evt-1" />);
    await user.click(await screen.findByRole('button', { name: /Fosse/ }));
    expect(screen.queryByRole('group', { name: h.title })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: checkoutStepsFr.tickets.increase('Fosse') }));
    await user.click(screen.getByRole('button', { name: checkoutStepsFr.tickets.increase('Fosse') }));
    await fillParticipant(user, {});
    await user.click(screen.getByRole('radio', { name: m.paymentCash }));

    const holders = screen.getByRole('group', { name: h.title });
    const place = (index: number) => within(holders).getByRole('group', { name: h.place(index) });
    expect(within(holders).getAllByRole('group')).toHaveLength(2);
    await user.type(within(place(1)).getByLabelText(label(h.firstName)), 'Paul');
    await user.type(within(place(1)).getByLabelText(label(h.lastName)), 'Martin');
    await user.type(within(place(2)).getByLabelText(label(h.firstName)), 'Inès');
    await user.click(submit());
    expect(screen.getByRole('alert')).toHaveTextContent(h.lastNameRequired);
    expect(within(place(2)).getByLabelText(label(h.lastName))).toHaveAccessibleDescription(h.lastNameRequired);
    expect(api.bodiesOf(SELL)).toEqual([]);

    await user.type(within(place(2)).getByLabelText(label(h.lastName)), 'Durand');
    await user.click(submit());
    await waitFor(() =>
      expect(api.bodiesOf(SELL)).toMatchObject([
        {
          ticketId: 't-named',
          quantity: 2,
          holders: [
            { firstName: 'Paul', lastName: 'Martin' },
            { firstName: 'Inès', lastName: 'Durand' },
          ],
        },
      ]),
    );
  });
});
