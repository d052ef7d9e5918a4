import type { EventDetail } from '@guichet/shared';
import { type EventDeps, getEvent } from '../events/service';
import type { SignedInUser } from '../users/repository';

/**
 * The tickets of an event that its reader may follow: those of the event page, with the same
 * rules (a private event for its organiser, an administrator, its participants or a private
 * link; hidden tickets only through the link that opens them). Asked once per reader, when it
 * starts following; the figures themselves are shared.
 */
export async function visibleTickets(
  deps: EventDeps,
  eventId: string,
  viewer: SignedInUser | null,
  shareKey?: string,
): Promise<{ event: EventDetail; visible: ReadonlySet<string> }> {
  const event = await getEvent(deps, eventId, viewer, shareKey);
  const visible = new Set(event.tickets.flatMap((ticket) => [ticket.id, ...ticket.options.map((option) => option.id)]));
  return { event, visible };
}
