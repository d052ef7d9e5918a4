import { checkoutStepsFr, type EventDetail, fr, type QuestionView, questionsFr } from '@guichet/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { eventDetail, ticketRead } from '../../../test/event-fixtures';
import { ok, refusal, stubApi } from '../../../test/fetch-stub';
import { label, renderApp } from '../../../test/render-app';
import { sessionUser } from '../../../test/session-fixtures';
import { CheckoutPanel } from './CheckoutPanel';

// Attendee questions at booking (issue 30): once for the order, and beside each place.
const s = checkoutStepsFr;
const m = questionsFr;

const company: QuestionView = {
  id: 'q-company',
  label: 'Entreprise',
  kind: 'shortText',
  choices: [],
  isRequired: true,
  scope: 'order',
  ticketId: null,
};
const bus: QuestionView = {
  id: 'q-bus',
  label: 'Navette depuis la gare',
  kind: 'yesNo',
  choices: [],
  isRequired: true,
  scope: 'place',
  ticketId: 't-entry',
};
const otherTicket: QuestionView = { ...bus, id: 'q-vip', label: 'Question du carré VIP', ticketId: 't-vip' };

function eventWith(extra: Partial<EventDetail> = {}): EventDetail {
  return eventDetail({
    tickets: [ticketRead('t-entry', { title: 'Entrée', priceCents: 2000, maxToBuy: 3 })],
    questions: [company, bus, otherTicket],
    ...extra,
  });
}

type User = ReturnType<typeof renderApp>['user'];

async function toInformation(user: User, count: number) {
  await screen.findByRole('heading', { name: s.steps.tickets });
  await user.click(screen.getByRole('button', { name: /Entrée/ }));
  for (let i = 0; i < count; i += 1) {
    await user.click(screen.getByRole('button', { name: s.tickets.increase('Entrée') }));
  }
  await user.click(screen.getByRole('checkbox', { name: new RegExp(s.tickets.acceptTermsBefore) }));
  await user.click(screen.getByRole('button', { name: fr.common.next }));
  await screen.findByRole('heading', { name: s.steps.information });
}

describe('the questions at booking', () => {
  it('asks the order’s questions once and the ticket’s beside each place, refusing a missing answer by its question', async () => {
    const api = stubApi({
      'GET /auth/session': ok({ user: sessionUser() }),
      'POST /orders': refusal(409, 'TICKETING_CLOSED', 'Fermé'),
    });
    const { user } = renderApp(<CheckoutPanel event={eventWith()} shareKey={null} />);
    await toInformation(user, 2);

    expect(screen.getByRole('group', { name: m.booking.orderTitle })).toBeInTheDocument();
    const place1 = within(screen.getByRole('group', { name: m.booking.placeTitle(1) }));
    const place2 = within(screen.getByRole('group', { name: m.booking.placeTitle(2) }));
    expect(place1.getByRole('radiogroup', { name: label(bus.label) })).toBeInTheDocument();
    // Another ticket's question is not asked.
    expect(screen.queryByText(otherTicket.label)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: fr.common.next }));
    const field = screen.getByLabelText(label(company.label));
    expect(field).toHaveAccessibleDescription(m.answers.required('Entreprise'));
    expect(field).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent(m.answers.required('Entreprise'));

    await user.type(field, ' ACME ');
    await user.click(place1.getByRole('radio', { name: m.yes }));
    await user.click(screen.getByRole('button', { name: fr.common.next }));
    expect(screen.getByRole('alert')).toHaveTextContent(m.answers.required(bus.label));
    expect(api.bodiesOf('POST /orders')).toEqual([]);

    await user.click(place2.getByRole('radio', { name: m.no }));
    await user.click(screen.getByRole('button', { name: fr.common.next }));

    await screen.findByRole('heading', { name: s.steps.payment });
    await vi.waitFor(() => expect(api.bodiesOf('POST /orders')).toHaveLength(1));
    expect(api.bodiesOf('POST /orders')[0]).toMatchObject({
      answers: { 'q-company': 'ACME' },
      lines: [{ ticketId: 't-entry', quantity: 2, answers: [{ 'q-bus': true }, { 'q-bus': false }] }],
    });
  });

  it('asks nothing more on an event without questions', async () => {
    stubApi({ 'GET /auth/session': ok({ user: sessionUser() }) });
    const { user } = renderApp(<CheckoutPanel event={eventWith({ questions: [] })} shareKey={null} />);
    await toInformation(user, 1);
    expect(screen.queryByRole('group', { name: m.booking.orderTitle })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: m.booking.placeTitle(1) })).not.toBeInTheDocument();
  });
});
