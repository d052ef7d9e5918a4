import { randomBytes } from 'node:crypto';
import { ticketsFr } from '@guichet/shared';
import type { AppDeps } from '../../app-deps';
import { badRequest } from '../../lib/errors';
import { loadManagedEvent } from '../organiser/event.service';
import type { SignedInUser } from '../users/users.repository';
import * as repo from './repository';

const m = ticketsFr.privateLink;

type HiddenTicket = { id: string; title: string; description: string; priceCents: number };

/** The organiser's list of hidden tickets, from which a private link is made. */
export async function listHiddenTickets(deps: AppDeps, user: SignedInUser, eventId: string): Promise<HiddenTicket[]> {
  const event = await loadManagedEvent(deps, user, eventId);
  return repo.findHiddenHeadTickets(deps.db, event.id);
}

/**
 * A private link opens the chosen hidden tickets of one event (and the event, when private). Its
 * key is 128 random bits: knowing the link is the only permission it needs, so it must not be
 * guessable.
 */
export async function createShareLink(
  deps: AppDeps,
  user: SignedInUser,
  eventId: string,
  ticketIds: string[],
): Promise<{ key: string; url: string }> {
  const event = await loadManagedEvent(deps, user, eventId);
  const wanted = [...new Set(ticketIds)];
  if (wanted.length === 0) throw badRequest(m.noTicketChosen, 'ticketIds');
  const hidden = new Set((await repo.findHiddenHeadTickets(deps.db, event.id)).map((t) => t.id));
  if (wanted.some((id) => !hidden.has(id))) throw badRequest(m.notHiddenTicket, 'ticketIds');

  const key = newKey();
  await repo.insertShareLink(deps.db, { key, eventId: event.id, ticketIds: wanted, createdBy: user.id });
  return { key, url: linkUrl(deps, event.id, key) };
}

/**
 * A private event is shared with the people its organiser invites: its 'Partager' gives a link
 * that carries a key and opens the event (its public tickets; hidden ones stay behind their own
 * private links). One such link per event, made on first use and given again afterwards.
 */
export async function getInviteLink(
  deps: AppDeps,
  user: SignedInUser,
  eventId: string,
): Promise<{ key: string; url: string }> {
  const event = await loadManagedEvent(deps, user, eventId);
  let key = await repo.findInviteLinkKey(deps.db, event.id);
  if (!key) {
    key = newKey();
    await repo.insertShareLink(deps.db, { key, eventId: event.id, ticketIds: [], createdBy: user.id });
  }
  return { key, url: linkUrl(deps, event.id, key) };
}

const newKey = () => randomBytes(16).toString('base64url');
const linkUrl = (deps: AppDeps, eventId: string, key: string) =>
  `${deps.config.publicUrl}/billetterie/${eventId}?share=${key}`;
