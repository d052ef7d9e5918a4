import {
  type CheckinLists,
  type CreateCheckinListRequest,
  checkinFr,
  createCheckinListRequest,
  datesFr,
  type UpdateCheckinListRequest,
} from '@guichet/shared';
import type { AppDeps } from '../../app-deps';
import { AppError, badRequest } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { Viewer } from '../../policy/can';
import { authorizeEvent } from '../../policy/event-access';
import { findDates } from '../dates/dates.repository';
import * as repo from './repository';

const m = checkinFr;
type Deps = Pick<AppDeps, 'db' | 'clock'>;

export const listNotFound = () => new AppError('LIST_NOT_FOUND', m.listNotFound, 404, 'listId');

type ListFields = {
  name: string;
  ticketIds: string[];
  dateIds: string[];
  allowReentry: boolean;
  allowCheckout: boolean;
};

/** A list's fields as the console sent them, checked: a name, at least one ticket of the event, coming back only with leaving. */
async function checkedFields(deps: Deps, eventId: string, fields: ListFields): Promise<ListFields> {
  const name = fields.name.trim();
  if (!name) throw badRequest(m.lists.nameRequired, 'name');
  const ticketIds = [...new Set(fields.ticketIds)];
  if (ticketIds.length === 0) throw badRequest(m.lists.noTicket, 'ticketIds');
  const known = ticketIds.every(isUuid) ? await repo.findEventTicketIds(deps.db, eventId, ticketIds) : new Set();
  if (known.size !== ticketIds.length) throw badRequest(m.lists.unknownTicket, 'ticketIds');
  if (fields.allowReentry && !fields.allowCheckout) throw badRequest(m.lists.reentryNeedsCheckout, 'allowReentry');
  const dateIds = [...new Set(fields.dateIds)];
  const dates = dateIds.length > 0 ? await findDates(deps.db, eventId) : [];
  if (dateIds.some((id) => !dates.some((date) => date.id === id))) throw badRequest(datesFr.unknownDateIds, 'dateIds');
  return { name, ticketIds, dateIds, allowReentry: fields.allowReentry, allowCheckout: fields.allowCheckout };
}

/** The lists' figures of an event, for whoever was let see them (the live stream reads them again). */
export async function figures(deps: Deps, eventId: string): Promise<CheckinLists> {
  const [lists, event] = await Promise.all([
    repo.findLists(deps.db, eventId),
    repo.findEventPresence(deps.db, eventId, deps.clock.now()),
  ]);
  return { lists, event };
}

/** The console's lists: the organiser's and the administrator's, as editing the event is. */
export async function listsForConsole(deps: Deps, viewer: Viewer | null, eventId: string): Promise<CheckinLists> {
  const event = await authorizeEvent(deps.db, viewer, eventId, 'edit', { hideRefusal: true });
  return figures(deps, event.id);
}

/** The scanner's choice of lists: anyone who scans the event. */
export async function listsForScanner(deps: Deps, viewer: Viewer | null, eventId: string): Promise<CheckinLists> {
  return figures(deps, await authorizeScanner(deps, viewer, eventId));
}

/** The event's id, for anyone who scans it (its staff, its organiser, the administrator). */
export async function authorizeScanner(deps: Deps, viewer: Viewer | null, eventId: string): Promise<string> {
  return (await authorizeEvent(deps.db, viewer, eventId, 'scan')).id;
}

export async function createList(
  deps: Deps,
  viewer: Viewer | null,
  eventId: string,
  request: CreateCheckinListRequest,
): Promise<{ id: string }> {
  const event = await authorizeEvent(deps.db, viewer, eventId, 'edit', { hideRefusal: true });
  const parsed = createCheckinListRequest.parse(request);
  const fields = await checkedFields(deps, event.id, {
    ...parsed,
    allowCheckout: parsed.allowCheckout ?? parsed.allowReentry,
  });
  return { id: await repo.insertList(deps.db, { eventId: event.id, ...fields }) };
}

async function liveList(deps: Deps, eventId: string, listId: string) {
  const list = isUuid(listId) ? await repo.findList(deps.db, eventId, listId) : undefined;
  if (!list || list.deletedAt) throw listNotFound();
  return list;
}

export async function updateList(
  deps: Deps,
  viewer: Viewer | null,
  eventId: string,
  listId: string,
  request: UpdateCheckinListRequest,
): Promise<void> {
  const event = await authorizeEvent(deps.db, viewer, eventId, 'edit', { hideRefusal: true });
  const list = await liveList(deps, event.id, listId);
  const allowReentry = request.allowReentry ?? list.allowReentry;
  const fields = await checkedFields(deps, event.id, {
    name: request.name ?? list.name,
    ticketIds: request.ticketIds ?? list.ticketIds,
    dateIds: request.dateIds ?? list.dateIds,
    allowReentry,
    // Turning re-entry on turns leaving on, as creating does.
    allowCheckout: request.allowCheckout ?? (request.allowReentry ? true : list.allowCheckout),
  });
  await repo.updateList(deps.db, list.id, fields);
}

export async function deleteList(deps: Deps, viewer: Viewer | null, eventId: string, listId: string): Promise<void> {
  const event = await authorizeEvent(deps.db, viewer, eventId, 'edit', { hideRefusal: true });
  const list = await liveList(deps, event.id, listId);
  await repo.softDeleteList(deps.db, list.id, deps.clock.now());
}

/**
 * The list a scan names, checked against its direction. Online, a deleted list and a check-out on
 * a list that records none are refused; an offline batch is recorded as its device decided (the
 * person went in or out), on the list it was made on even if deleted since.
 */
export async function listOfScan(
  deps: Deps,
  eventId: string,
  scan: { listId?: string; direction?: 'in' | 'out' },
  isOffline: boolean,
): Promise<repo.ListRow | null> {
  if (!scan.listId) {
    if (scan.direction === 'out') throw new AppError('CHECKOUT_NOT_ALLOWED', m.checkoutNotAllowed, 400, 'direction');
    return null;
  }
  const list = isUuid(scan.listId) ? await repo.findList(deps.db, eventId, scan.listId) : undefined;
  return checkListOfScan(list, scan, isOffline);
}

/** listOfScan's answer on the list's row already read (the door's copy, checkin/door-copies.ts). */
export function checkListOfScan(
  list: repo.ListRow | undefined,
  scan: { direction?: 'in' | 'out' },
  isOffline: boolean,
): repo.ListRow {
  if (!list || (list.deletedAt && !isOffline)) throw listNotFound();
  if (scan.direction === 'out' && !list.allowCheckout && !isOffline) {
    throw new AppError('CHECKOUT_NOT_ALLOWED', m.checkoutNotAllowed, 400, 'direction');
  }
  return list;
}
