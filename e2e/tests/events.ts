import { type APIRequestContext, expect } from '@playwright/test';
import { DEMO, logInApi } from './accounts';

export const DAY = 86_400_000;
const HOUR = 3_600_000;

/**
 * A public event of the demo organiser, made through the API so that each test has its own: a
 * free 'Entrée' ticket unless `overrides` says otherwise. Logs `request` in as that organiser.
 * Answers its id.
 */
export async function organiserEvent(request: APIRequestContext, overrides: Record<string, unknown> = {}) {
  await logInApi(request, DEMO.organizer, DEMO.password);
  return createEvent(request, overrides);
}

/** A public event of the organiser logged in on `request` (see organiserEvent). Answers its id. */
export async function createEvent(request: APIRequestContext, overrides: Record<string, unknown> = {}) {
  const id = await createPrivateEvent(request, overrides);
  // Every event starts private: the organiser publishes it.
  expect((await request.patch(`/api/events/${id}`, { data: { isPublic: true } })).status()).toBeLessThan(300);
  return id;
}

/** An event of the account logged in on `request`, left private as every event starts (any account may make one). Answers its id. */
export async function createPrivateEvent(request: APIRequestContext, overrides: Record<string, unknown> = {}) {
  // After every demo event (the last begins in 45 days): the many events the journeys make never
  // push the demo's off the list's first page, which the browsing journeys read.
  const start = Date.now() + 50 * DAY;
  const response = await request.post('/api/events', {
    data: {
      title: `Réservation ${Math.random().toString(36).slice(2, 8)}`,
      description: 'Un événement de test.',
      address: '5 Place du Capitole, 31000 Toulouse',
      type: 'Soirée',
      dateBegin: new Date(start).toISOString(),
      dateEnd: new Date(start + 5 * HOUR).toISOString(),
      nbMaxParticipants: 100,
      isUserPaysFees: false,
      ticketList: [{ title: 'Entrée', price: 0, quantity: 50 }],
      acceptTerms: true,
      ...overrides,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** A ticket type as the tests write it: [title, price in euros, places]. */
type TicketRow = [title: string, price: number, places: number];
const ticketInput = ([title, price, quantity]: TicketRow) => ({ title, price, quantity });

/**
 * A choice ticket for an event's `ticketList` (the API's multipart ticket): its buyer picks one of
 * its options.
 */
export const choiceTicket = (title: string, options: TicketRow[]) => ({
  title,
  isMultipart: true,
  options: options.map(ticketInput),
});

/**
 * An event of the demo organiser (see organiserEvent) selling `shown` and keeping `hidden` off its
 * page, for a private link or a gift to open. Answers its id.
 */
export const eventWithHiddenTicket = (request: APIRequestContext, shown: TicketRow, hidden: TicketRow) =>
  organiserEvent(request, { ticketList: [ticketInput(shown), { ...ticketInput(hidden), isHidden: true }] });

type Ticket = { id: string; title: string; options?: { id: string; title: string }[] };

/** An event as its public page reads it, with the id of a ticket or a choice ticket's option by its title. */
export async function eventDetail(request: APIRequestContext, eventId: string) {
  const response = await request.get(`/api/events/${eventId}`);
  expect(response.status()).toBe(200);
  const detail = (await response.json()) as { id: string; title: string; dateEnd: string; tickets: Ticket[] };
  const ticketId = (title: string) => {
    const ticket = detail.tickets.flatMap((t) => [t, ...(t.options ?? [])]).find((t) => t.title === title);
    if (!ticket) throw new Error(`no ticket ${title} on event ${eventId}`);
    return ticket.id;
  };
  const first = detail.tickets[0];
  if (!first) throw new Error(`no ticket on event ${eventId}`);
  return { ...detail, ticketId, firstTicketId: first.id };
}

/**
 * A public concert of the demo organiser in 20 days, refundable until two days before it starts,
 * titled `titlePrefix` and a random word. Answers it as its page reads it.
 */
export async function refundableConcert(
  request: APIRequestContext,
  titlePrefix: string,
  ticketList: Record<string, unknown>[],
) {
  const start = Date.now() + 20 * DAY;
  const id = await organiserEvent(request, {
    title: `${titlePrefix} ${Math.random().toString(36).slice(2, 8)}`,
    type: 'Concert',
    dateBegin: new Date(start).toISOString(),
    dateEnd: new Date(start + 5 * HOUR).toISOString(),
    dateMaxRefund: new Date(start - 2 * DAY).toISOString(),
    ticketList,
  });
  return eventDetail(request, id);
}

export type ListedEvent = { id: string; title: string; isPublic: boolean; organizerId: string };

/**
 * An event of the list by its exact title, through the list's text search (the list is paged:
 * other tests' events may push it past the first page).
 */
export async function findListedEvent(request: APIRequestContext, title: string): Promise<ListedEvent> {
  const response = await request.get(`/api/events?q=${encodeURIComponent(title)}&limit=48`);
  expect(response.status()).toBe(200);
  const { items } = (await response.json()) as { items: ListedEvent[] };
  const event = items.find((item) => item.title === title);
  if (!event) throw new Error(`no listed event ${title}`);
  return event;
}
