import { accountFr, refundStateOf, ticketsFr } from '@guichet/shared';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { queueMail } from '../../mail/outbox';
import type { SignedInUser } from '../users/users.repository';
import * as repo from './refund.repository';

const m = accountFr.myTickets;

const refusals = {
  notRefundable: () => new AppError('NOT_REFUNDABLE', m.notRefundable, 409),
  deadlinePassed: () => new AppError('REFUND_DEADLINE_PASSED', m.deadlinePassed, 409),
  requested: () => new AppError('REFUND_ALREADY_REQUESTED', m.alreadyRequested, 409),
} as const;

/**
 * A holder's refund request (1-attendee.md §4, terms article 9): recorded once, while the
 * refund window is open, with the organiser told by e-mail in the same transaction, since
 * the organiser is who refunds. Someone else's ticket reads as not found.
 */
export async function requestRefund(deps: AppDeps, user: SignedInUser, participationId: string) {
  if (!isUuid(participationId)) throw notFound();
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const ticket = await repo.lockOwnParticipation(tx, participationId, user.id);
    if (!ticket) throw notFound();
    const state = refundStateOf(
      {
        refundPlaces: ticket.refundPlaces,
        refundRequested: ticket.refundRequestedAt !== null,
        dateMaxRefund: ticket.dateMaxRefund?.toISOString() ?? null,
        dateBegin: ticket.dateBegin.toISOString(),
      },
      now,
    );
    if (state !== 'available') throw refusals[state]();
    await repo.markRefundRequested(tx, ticket.id, now);
    const { brandName, publicUrl } = deps.config;
    await queueMail(tx, {
      to: ticket.organizerEmail,
      subject: m.organiserMail.subject(brandName, ticket.eventTitle),
      text: m.organiserMail.body({
        event: ticket.eventTitle,
        holder: ticket.holderName,
        email: ticket.holderEmail,
        ticket: ticket.ticketTitle,
        quantity: ticket.quantity,
        refundPlaces: ticket.refundPlaces,
        reference: ticket.reference,
        consoleUrl: `${publicUrl}/event_management?event=${ticket.eventId}&tab=participants`,
      }),
    });
    await queueMail(tx, {
      to: ticket.holderEmail,
      subject: m.holderMail.subject(brandName, ticket.eventTitle),
      text: m.holderMail.body(ticket.holderFirstName, ticket.eventTitle),
    });
  });
  return { message: m.requested };
}

function notFound() {
  return new AppError('TICKET_NOT_FOUND', ticketsFr.ticket.notFound, 404);
}
