import { ticketsFr } from '@guichet/shared';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { cancelParticipations } from '../orders/participations';
import type { SignedInUser } from '../users/users.repository';
import * as repo from './leave.repository';

const m = ticketsFr.leave;

const notParticipating = () => new AppError('NOT_PARTICIPATING', m.notParticipating, 404);

/**
 * Leaving an event (1-attendee.md §6: "a ticket holder cannot leave an event, a user without a
 * ticket can"): only free participations can be left. They are all cancelled at once and their
 * places given back, in one transaction.
 */
export async function leaveEvent(deps: AppDeps, user: SignedInUser, eventId: string): Promise<void> {
  if (!isUuid(eventId)) throw notParticipating();
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const live = await repo.lockLiveParticipations(tx, eventId, user.id);
    if (live.length === 0) throw notParticipating();
    if (live.some((participation) => participation.isPaid)) {
      throw new AppError('PAID_TICKET_HELD', m.paidTicketHeld, 409);
    }
    await cancelParticipations(
      tx,
      live.map((participation) => participation.id),
      now,
    );
  });
}
