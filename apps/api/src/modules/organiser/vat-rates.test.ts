import { describe, expect, it } from 'vitest';
import { createUser, loginAs } from '../../../test/helpers';
import { createPayload } from '../../../test/modules/organiser/payloads';
import { useTestApp } from '../../../test/use-test-app';

const t = useTestApp();

type Read = { title: string; vatRate: string; parentId?: string | null; options?: Read[] };

async function organiser() {
  return loginAs(t, (await createUser(t, { isVerified: true })).email);
}

async function createEvent(cookie: string, overrides: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/events',
    payload: createPayload(overrides),
    headers: { cookie },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string }>().id;
}

async function managedTickets(cookie: string, id: string): Promise<(Read & { id: string })[]> {
  const response = await t.app.inject({ method: 'GET', url: `/api/events/${id}/manage`, headers: { cookie } });
  return response.json().tickets;
}

const rateOf = (tickets: Read[], title: string) => tickets.find((ticket) => ticket.title === title)?.vatRate;

describe('a VAT rate per ticket and option', () => {
  it('starts with the category’s usual rate, keeps the one given, and an option takes its ticket’s', async () => {
    const cookie = await organiser();
    const id = await createEvent(cookie, {
      type: 'Concert',
      ticketList: [
        { title: 'Fosse', price: 25, quantity: 100 },
        { title: 'Bar compris', price: 40, quantity: 20, vatRate: '20' },
        {
          title: 'Pass',
          isMultipart: true,
          vatRate: '2.1',
          options: [
            { title: 'Samedi', price: 20, quantity: 10 },
            { title: 'Dimanche', price: 20, quantity: 10, vatRate: 'none' },
          ],
        },
      ],
    });
    const tickets = await managedTickets(cookie, id);
    expect(rateOf(tickets, 'Fosse')).toBe('5.5');
    expect(rateOf(tickets, 'Bar compris')).toBe('20');
    expect(rateOf(tickets, 'Samedi')).toBe('2.1');
    expect(rateOf(tickets, 'Dimanche')).toBe('none');

    const page = await t.app.inject({ method: 'GET', url: `/api/events/${id}`, headers: { cookie } });
    const read: Read[] = page.json().tickets;
    expect(rateOf(read, 'Fosse')).toBe('5.5');
    expect(rateOf(read.find((ticket) => ticket.title === 'Pass')?.options ?? [], 'Dimanche')).toBe('none');
  });

  it('starts a fair at 10 % and a party at 20 %', async () => {
    const cookie = await organiser();
    const fair = await createEvent(cookie, { type: 'Salon' });
    const party = await createEvent(cookie, { type: 'Soirée' });
    expect(rateOf(await managedTickets(cookie, fair), 'Entrée')).toBe('10');
    expect(rateOf(await managedTickets(cookie, party), 'Entrée')).toBe('20');
  });

  it('changes on edit, a choice ticket’s for its options too, and refuses a rate that does not exist', async () => {
    const cookie = await organiser();
    const id = await createEvent(cookie, {
      type: 'Soirée',
      ticketList: [
        { title: 'Entrée', price: 10, quantity: 10 },
        { title: 'Pass', isMultipart: true, options: [{ title: 'Jour', price: 5, quantity: 5 }] },
      ],
    });
    const before = await managedTickets(cookie, id);
    const patch = (ticketId: string | undefined, payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/tickets/${ticketId}`, payload, headers: { cookie } });
    expect((await patch(before.find((x) => x.title === 'Entrée')?.id, { vatRate: '5.5' })).statusCode).toBe(204);
    expect((await patch(before.find((x) => x.title === 'Pass')?.id, { vatRate: '10' })).statusCode).toBe(204);
    const after = await managedTickets(cookie, id);
    expect(rateOf(after, 'Entrée')).toBe('5.5');
    expect(rateOf(after, 'Jour')).toBe('10');
    const wrong = await patch(before.find((x) => x.title === 'Entrée')?.id, { vatRate: '7' });
    expect(wrong.statusCode).toBe(400);
    expect(rateOf(await managedTickets(cookie, id), 'Entrée')).toBe('5.5');
  });
});
