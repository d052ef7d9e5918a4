import { fr } from '@guichet/shared';
import type { Database } from '../db/client';
import { AppError } from '../lib/errors';
import { isUuid } from '../lib/ids';
import { can, type EventAction, type EventRelation, type Viewer } from './can';
import { type EventAccessRow, findEventAccess } from './event-access.repository';

export const eventNotFound = () => new AppError('EVENT_NOT_FOUND', fr.events.notFoundText, 404);

/**
 * The event, if the viewer may do `action` on it. Someone who may not even see it is told it does
 * not exist (404, no hint); someone who sees it but may not act gets 403, unless `hideRefusal`
 * (the console's pages answer 404 to anyone not running the event).
 */
export async function authorizeEvent(
  db: Database,
  viewer: Viewer | null,
  eventId: string,
  action: EventAction,
  options: { hideRefusal?: boolean } = {},
): Promise<EventAccessRow> {
  if (!viewer) throw new AppError('UNAUTHENTICATED', fr.shell.notLoggedIn, 401);
  const event = isUuid(eventId) ? await findEventAccess(db, eventId, viewer.id) : undefined;
  return authorizeEventRow(event, viewer, action, options);
}

/** authorizeEvent's answer on an event's row already read (the door's copy, modules/checkin/door-copies.ts). */
export function authorizeEventRow(
  event: EventAccessRow | undefined,
  viewer: Viewer,
  action: EventAction,
  options: { hideRefusal?: boolean } = {},
): EventAccessRow {
  if (!event) throw eventNotFound();
  const relation: EventRelation = event;
  if (can(viewer, action, relation)) return event;
  if (options.hideRefusal || !can(viewer, 'see', relation)) throw eventNotFound();
  throw new AppError('FORBIDDEN', fr.common.forbidden, 403);
}
