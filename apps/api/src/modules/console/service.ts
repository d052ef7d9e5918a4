import type { ConsoleEvent, ConsoleOrganizer } from '@guichet/shared';
import type { AppDeps } from '../../app-deps';
import { isUuid } from '../../lib/ids';
import { imageUrl } from '../images/processing';
import type { SignedInUser } from '../users/users.repository';
import { assertAdmin, assertCanViewOrganizer, assertConsoleAccess } from './policy';
import * as repo from './repository';

const byName = new Intl.Collator('fr', { sensitivity: 'base' });

type EventRow = Awaited<ReturnType<typeof repo.findEventsOfOrganizer>>[number];

function toConsoleEvent({ bannerPath, dateBegin, dateEnd, cancelledAt, ...row }: EventRow): ConsoleEvent {
  return {
    ...row,
    dateBegin: dateBegin.toISOString(),
    dateEnd: dateEnd.toISOString(),
    isCancelled: cancelledAt !== null,
    bannerUrl: imageUrl(bannerPath),
  };
}

/** The organiser's events, newest created first; the administrator may ask for any organiser's. */
export async function listConsoleEvents(
  deps: Pick<AppDeps, 'db'>,
  user: SignedInUser,
  organizerId = user.id,
): Promise<ConsoleEvent[]> {
  assertConsoleAccess(user);
  assertCanViewOrganizer(user, organizerId);
  // A malformed id is an unknown organiser: no events, like any other unknown id.
  if (!isUuid(organizerId)) return [];
  return (await repo.findEventsOfOrganizer(deps.db, organizerId)).map(toConsoleEvent);
}

/**
 * The caller's own events, for their profile: any account that created one, verified or not, may
 * reach its edit page from there (the console is for verified organisers only).
 */
export async function listOwnEvents(deps: Pick<AppDeps, 'db'>, user: SignedInUser): Promise<ConsoleEvent[]> {
  return (await repo.findEventsOfOrganizer(deps.db, user.id)).map(toConsoleEvent);
}

/** The administrator's organiser dropdown, sorted by last then first name the French way (accents ignored). */
export async function listConsoleOrganizers(
  deps: Pick<AppDeps, 'db'>,
  user: SignedInUser,
): Promise<ConsoleOrganizer[]> {
  assertAdmin(user);
  const rows = await repo.findOrganizers(deps.db);
  return rows.sort(
    (a, b) =>
      byName.compare(a.lastName, b.lastName) || byName.compare(a.firstName, b.firstName) || a.id.localeCompare(b.id),
  );
}
