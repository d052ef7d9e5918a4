import { type HolderUpdated, type HolderUpdateRequest, holderIssue, ticketsFr, trimmedHolder } from '@guichet/shared';
import type { AppDeps } from '../../app-deps';
import { AppError, badRequest } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { SignedInUser } from '../users/users.repository';
import * as repo from './holder.repository';

const m = ticketsFr.holders;

/**
 * The buyer names who uses one of their places (issue 30), on an event whose tickets are named,
 * until the organiser's deadline (the event's start by default). Someone else's place reads as
 * not found; the place is locked so that its last change wins whole.
 */
export async function changeHolder(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  user: SignedInUser,
  participationId: string,
  request: HolderUpdateRequest,
): Promise<HolderUpdated> {
  if (!isUuid(participationId)) throw notFound();
  const issue = holderIssue(request);
  if (issue) throw badRequest(issue.message, issue.field);
  const holder = trimmedHolder(request);
  return deps.db.transaction(async (tx) => {
    const place = await repo.lockOwnPlace(tx, participationId, user.id);
    if (!place) throw notFound();
    if (!place.isNamedTickets) throw new AppError('TICKETS_NOT_NAMED', m.notNamed, 409);
    if (deps.clock.now() >= place.editableUntil) throw new AppError('HOLDER_DEADLINE_PASSED', m.deadlinePassed, 409);
    await repo.setHolder(tx, place.id, holder);
    return { ...holder, message: m.saved };
  });
}

function notFound() {
  return new AppError('TICKET_NOT_FOUND', ticketsFr.ticket.notFound, 404);
}
