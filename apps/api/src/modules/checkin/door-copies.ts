import type { Database } from '../../db/client';
import { isUuid } from '../../lib/ids';
import type { Viewer } from '../../policy/can';
import { authorizeEventRow } from '../../policy/event-access';
import { type EventAccessRow, findEventAccess } from '../../policy/event-access.repository';
import * as listsRepo from '../checkin-lists/repository';
import { checkListOfScan } from '../checkin-lists/service';

/**
 * The door's recent copies, per process: the row the scan permission was granted on, per event
 * and scanner, and the lists scans name. A scan uses a copy younger than 10 s without asking the
 * database; the statement that records it confirms the copy (guichet_record_scans' guard), and a
 * copy found stale is read again (docs/decisions.md, "Check-in": one statement a scan).
 */
const COPY_TTL_MS = 10_000;
const COPIES = 10_000;

type Copy<T> = { row: T; at: number };
type Copies = { access: Map<string, Copy<EventAccessRow>>; lists: Map<string, Copy<listsRepo.ListRow>> };

const byDatabase = new WeakMap<Database, Copies>();

function copiesOf(db: Database): Copies {
  let copies = byDatabase.get(db);
  if (!copies) {
    copies = { access: new Map(), lists: new Map() };
    byDatabase.set(db, copies);
  }
  return copies;
}

function keep<T>(map: Map<string, Copy<T>>, key: string, row: T): void {
  map.delete(key);
  if (map.size >= COPIES) map.delete(map.keys().next().value as string);
  map.set(key, { row, at: Date.now() });
}

function young<T>(map: Map<string, Copy<T>>, key: string): T | undefined {
  const copy = map.get(key);
  return copy && Date.now() - copy.at < COPY_TTL_MS ? copy.row : undefined;
}

/**
 * The event, if the viewer may scan it, as authorizeEvent answers; `guessed` when it came from the
 * copy (to be confirmed). Only a granted access is kept: a refusal is always read again.
 */
export async function doorAccess(
  db: Database,
  viewer: Viewer,
  eventId: string,
  fresh: boolean,
): Promise<{ event: EventAccessRow; guessed: boolean }> {
  const { access } = copiesOf(db);
  const key = `${eventId}:${viewer.id}`;
  const copy = fresh ? undefined : young(access, key);
  if (copy) return { event: authorizeEventRow(copy, viewer, 'scan'), guessed: true };
  access.delete(key);
  const row = isUuid(eventId) ? await findEventAccess(db, eventId, viewer.id) : undefined;
  const event = authorizeEventRow(row, viewer, 'scan');
  keep(access, key, event);
  return { event, guessed: false };
}

/** The list a scan names, checked as listOfScan does; `guessed` when it came from the copy. */
export async function doorList(
  db: Database,
  eventId: string,
  scan: { listId?: string; direction?: 'in' | 'out' },
  isOffline: boolean,
  fresh: boolean,
): Promise<{ list: listsRepo.ListRow; guessed: boolean }> {
  const { lists } = copiesOf(db);
  const key = `${eventId}:${scan.listId}`;
  const copy = fresh ? undefined : young(lists, key);
  if (copy) return { list: checkListOfScan(copy, scan, isOffline), guessed: true };
  lists.delete(key);
  const row = scan.listId && isUuid(scan.listId) ? await listsRepo.findList(db, eventId, scan.listId) : undefined;
  if (row) keep(lists, key, row);
  return { list: checkListOfScan(row, scan, isOffline), guessed: false };
}
