import type { EventDetail } from '@guichet/shared';
import { type EventDeps, getEvent } from '../events/event.service';
import type { SignedInUser } from '../users/users.repository';

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

/**
 * `visibleTickets` for visitors without a link, kept `ttlMs` per event: what a visitor may follow
 * is the same for all of them, and 10,000 pages reconnecting after a restart would otherwise
 * read the event 10,000 times. Signed-in readers and private links are asked each time.
 */
export function createVisitorViews(deps: EventDeps, ttlMs = 5_000) {
  const kept = new Map<string, { until: number; view: ReturnType<typeof visibleTickets> }>();
  return (eventId: string, viewer: SignedInUser | null, shareKey?: string) => {
    if (viewer || shareKey) return visibleTickets(deps, eventId, viewer, shareKey);
    const now = Date.now();
    const entry = kept.get(eventId);
    if (entry && entry.until > now) return entry.view;
    if (kept.size >= 1_000) {
      for (const [key, old] of kept) if (old.until <= now) kept.delete(key);
    }
    const view = visibleTickets(deps, eventId, null);
    if (kept.size >= 1_000) return view;
    // A failure (not found, a private event) is kept as well: it is the answer for every visitor.
    view.catch(() => {});
    kept.set(eventId, { until: now + ttlMs, view });
    return view;
  };
}
