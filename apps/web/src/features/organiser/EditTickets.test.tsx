import { eventDatesFr, formatDateTime, organiserFr } from '@guichet/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, refusal, stubApi } from '../../../test/fetch-stub';
import { managed, savedTicket } from '../../../test/organiser-fixtures';
import { label, renderApp } from '../../../test/render-app';
import { EditTickets } from './EditTickets';

const f = organiserFr.form;
const t = organiserFr.ticket;
const ADD = 'POST /events/evt-1/tickets';
/** A one-date event's dates: its tickets say nothing of dates. */
const ONE_DATE = { 'GET /console/events/evt-1/dates': ok([]) };
const event = managed({ isFree: false, tickets: [savedTicket('t-1', 'Entrée', { sold: 3, isDeletable: false })] });

/** The new ticket's fieldset, named after its title. */
const draft = (title: string) => within(screen.getByRole('group', { name: title }));

describe('the tickets of the edit form', () => {
  it('shows a saved ticket as locked, and sends a new quantity when the field is left', async () => {
    const api = stubApi({ ...ONE_DATE, 'PATCH /tickets/t-1': ok() });
    const { user } = renderApp(<EditTickets event={event} canPrice />);
    expect(screen.getByText(f.locked)).toBeInTheDocument();
    const quantity = screen.getByLabelText(label(f.quantity));
    expect(quantity).toHaveAccessibleDescription(f.sold(3));

    await user.clear(quantity);
    await user.type(quantity, '80');
    await user.tab();

    expect(await screen.findByText(t.updated)).toBeInTheDocument();
    expect(api.bodiesOf('PATCH /tickets/t-1')).toEqual([{ quantity: 80 }]);
  });

  it('puts back the saved quantity when the server refuses the new one', async () => {
    const message = organiserFr.edit.quantityBelowSold(3);
    stubApi({ ...ONE_DATE, 'PATCH /tickets/t-1': refusal(400, 'VALIDATION_ERROR', message, { field: 'quantity' }) });
    const { user } = renderApp(<EditTickets event={event} canPrice />);
    const quantity = screen.getByLabelText(label(f.quantity));

    await user.clear(quantity);
    await user.type(quantity, '2');
    await user.tab();

    expect(await screen.findByText(organiserFr.edit.failedToast(message))).toBeInTheDocument();
    await waitFor(() => expect(quantity).toHaveValue('100'));
  });

  it('saves a new ticket once it has a title, with its price and quantity', async () => {
    const api = stubApi({ ...ONE_DATE, [ADD]: ok({ id: 't-2' }) });
    const { user } = renderApp(<EditTickets event={event} canPrice />);
    await user.click(screen.getByRole('button', { name: f.addTicket }));
    const title = draft(t.defaultTitle(2)).getByLabelText(label(f.ticketTitle));

    await user.clear(title);
    await user.click(screen.getByRole('button', { name: `${f.saveTicket} :` }));
    expect(screen.getByRole('alert')).toHaveTextContent(t.titleEmpty);

    await user.type(title, 'Tarif réduit');
    const fields = draft('Tarif réduit');
    await user.clear(fields.getByLabelText(label(f.price)));
    await user.type(fields.getByLabelText(label(f.price)), '12.5');
    await user.clear(fields.getByLabelText(label(f.quantity)));
    await user.type(fields.getByLabelText(label(f.quantity)), '40');
    await user.click(screen.getByRole('button', { name: `${f.saveTicket} : Tarif réduit` }));

    expect(await screen.findByText(t.saved)).toBeInTheDocument();
    expect(api.bodiesOf(ADD)).toEqual([
      expect.objectContaining({ title: 'Tarif réduit', price: 12.5, quantity: 40, isMultipart: false, options: [] }),
    ]);
    expect(screen.queryByRole('group', { name: 'Tarif réduit' })).not.toBeInTheDocument();
  });

  it('asks a choice ticket for its choices, and adds one only once it is named', async () => {
    const api = stubApi({ ...ONE_DATE, [ADD]: ok({ id: 't-2' }) });
    const { user } = renderApp(<EditTickets event={event} canPrice />);
    await user.click(screen.getByRole('button', { name: f.addTicket }));
    const fields = draft(t.defaultTitle(2));
    await user.click(fields.getByRole('switch', { name: f.choiceTicket }));
    await user.click(screen.getByRole('button', { name: `${f.saveTicket} : ${t.defaultTitle(2)}` }));
    expect(screen.getByRole('alert')).toHaveTextContent(t.choicesRequired);

    const addChoice = fields.getByRole('button', { name: f.addChoice });
    expect(addChoice).toBeDisabled();
    await user.type(fields.getByLabelText(label(f.choiceTitle)), 'Avec repas');
    await user.clear(fields.getByLabelText(label(f.price)));
    await user.type(fields.getByLabelText(label(f.price)), '30');
    expect(addChoice).toBeEnabled();
    await user.click(addChoice);
    await user.click(screen.getByRole('button', { name: `${f.saveTicket} : ${t.defaultTitle(2)}` }));

    await waitFor(() =>
      expect(api.bodiesOf(ADD)).toEqual([
        expect.objectContaining({
          isMultipart: true,
          options: [expect.objectContaining({ title: 'Avec repas', price: 30, quantity: 1 })],
        }),
      ]),
    );
  });

  it('lets only a verified organiser price a new ticket', async () => {
    stubApi(ONE_DATE);
    const { user } = renderApp(<EditTickets event={event} canPrice={false} />);
    await user.click(screen.getByRole('button', { name: f.addTicket }));

    expect(draft(t.defaultTitle(2)).getByLabelText(label(f.price))).toBeDisabled();
    expect(draft(t.defaultTitle(2)).queryByRole('switch', { name: f.choiceTicket })).not.toBeInTheDocument();
  });

  it('on a multi-date event, sets a ticket’s dates and makes it a pass; a new ticket sends its dates', async () => {
    const d = eventDatesFr.tickets;
    const day = (id: string, dateBegin: string) => ({
      id,
      dateBegin,
      dateEnd: dateBegin.replace('T18', 'T22'),
      dateMaxRefund: null,
      placesLeft: null,
      status: 'onsale' as const,
      movedFrom: null,
      capacity: null,
      sold: 0,
      held: 0,
      checkedIn: 0,
    });
    const api = stubApi({
      'GET /console/events/evt-1/dates': ok([
        day('d-1', '2099-05-01T18:00:00.000Z'),
        day('d-2', '2099-05-02T18:00:00.000Z'),
      ]),
      'PATCH /tickets/t-1': ok(),
      [ADD]: ok({ id: 't-2' }),
    });
    const { user } = renderApp(<EditTickets event={event} canPrice />);
    const pass = await screen.findByRole('switch', { name: new RegExp(`^${d.pass}`) });
    await user.click(pass);
    await waitFor(() => expect(api.bodiesOf('PATCH /tickets/t-1')).toEqual([{ isPass: true }]));

    await user.click(screen.getByRole('button', { name: f.addTicket }));
    const fresh = draft(t.defaultTitle(2));
    await user.click(fresh.getByRole('textbox', { name: new RegExp(`^${d.dates}`) }));
    await user.click(await screen.findByRole('option', { name: formatDateTime('2099-05-02T18:00:00.000Z') }));
    await user.click(screen.getByRole('button', { name: new RegExp(`${f.saveTicket}`) }));
    await waitFor(() => expect(api.bodiesOf(ADD)).toHaveLength(1));
    expect(api.bodiesOf(ADD)[0]).toMatchObject({ dateIds: ['d-2'], isPass: false });
  });
});
