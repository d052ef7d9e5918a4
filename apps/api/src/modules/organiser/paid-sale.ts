import type { Database } from '../../db/client';
import { assertBillingIdentity } from '../billing/service';
import * as repo from './organiser.repository';

/** Public and open, neither cancelled nor deleted: buyers may pay for its visible tickets. */
export const isOnSale = (event: Pick<repo.EventRow, 'isPublic' | 'isOpen' | 'cancelledAt' | 'deletedAt'>) =>
  event.isPublic && event.isOpen && !event.cancelledAt && !event.deletedAt;

/** The tickets and options a buyer could pay for: above 0 and visible (an option under a visible head). */
export function visiblePaidTicketIds(tickets: repo.TicketRow[]): Set<string> {
  const hidden = new Set(tickets.filter((t) => t.isHidden).map((t) => t.id));
  return new Set(
    tickets.filter((t) => t.priceCents > 0 && !t.isHidden && !(t.parentId && hidden.has(t.parentId))).map((t) => t.id),
  );
}

/**
 * The gate on paid ticketing for a change of an event's tickets, run in its transaction after the
 * change: a paid place newly offered on an event on sale needs the organiser's billing identity
 * (issue 29). Places already offered keep selling.
 */
export async function assertPaidTicketsAllowed(tx: Database, event: repo.EventRow, before: repo.TicketRow[]) {
  if (!isOnSale(event)) return;
  const was = visiblePaidTicketIds(before);
  const now = visiblePaidTicketIds(await repo.findTickets(tx, event.id));
  if ([...now].some((id) => !was.has(id))) await assertBillingIdentity(tx, event.organizerId);
}
