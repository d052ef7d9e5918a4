import { randomBytes } from 'node:crypto';
import { ticketsFr } from '@guichet/shared';
import type { AppDeps } from '../../app-deps';
import { badRequest } from '../../lib/errors';
import type { UserRow } from '../auth/repository';
import { loadManagedEvent } from '../organiser/service';
import * as repo from './repository';

const m = ticketsFr.privateLink;

export type HiddenTicket = { id: string; title: string; description: string; priceCents: number };

/** The organiser's list of hidden tickets, from which a private link is made. */
export async function listHiddenTickets(deps: AppDeps, user: UserRow, eventId: string): Promise<HiddenTicket[]> {
  const event = await loadManagedEvent(deps, user, eventId);
  return repo.findHiddenHeadTickets(deps.db, event.id);
}

/**
 * A private link opens the chosen hidden tickets of one event. Its key is 128 random bits:
 * knowing the link is the only permission it needs, so it must not be guessable.
 */
export async function createShareLink(
  deps: AppDeps,
  user: UserRow,
  eventId: string,
  ticketIds: string[],
): Promise<{ key: string; url: string }> {
  const event = await loadManagedEvent(deps, user, eventId);
  const wanted = [...new Set(ticketIds)];
  if (wanted.length === 0) throw badRequest(m.noTicketChosen, 'ticketIds');
  const hidden = new Set((await repo.findHiddenHeadTickets(deps.db, event.id)).map((t) => t.id));
  if (wanted.some((id) => !hidden.has(id))) throw badRequest(m.notHiddenTicket, 'ticketIds');

  const key = randomBytes(16).toString('base64url');
  await repo.insertShareLink(deps.db, { key, eventId: event.id, ticketIds: wanted, createdBy: user.id });
  return { key, url: `${deps.config.publicUrl}/billetterie/${event.id}?share=${key}` };
}
