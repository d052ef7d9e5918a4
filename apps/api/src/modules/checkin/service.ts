import { randomUUID } from 'node:crypto';
import {
  type CheckinManifest,
  checkinFr,
  datesFr,
  fr,
  isCodeOfEvent,
  MAX_SCAN_BATCH,
  type ScanBatchRequest,
  type ScanInput,
  type ScannableEvent,
  type ScanOutcome,
  ticketShortCode,
} from '@guichet/shared';
import type { AppDeps } from '../../app-deps';
import { AppError, badRequest } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { can, type Viewer } from '../../policy/can';
import { authorizeEvent } from '../../policy/event-access';
import type { EventAccessRow } from '../../policy/event-access.repository';
import { type SessionCopy, sessionGuardOf } from '../auth/session-copy';
import * as listsRepo from '../checkin-lists/repository';
import * as lists from '../checkin-lists/service';
import { findDates } from '../dates/dates.repository';
import { verifyTicketCode } from '../ticket-codes/codes';
import { loadTicketKeys } from '../ticket-codes/keys';
import { findUserName } from '../users/users.repository';
import { doorAccess, doorList } from './door-copies';
import * as repo from './repository';

const m = checkinFr;

/** How far ahead of the server's clock a device's scan time may be (clock drift), beyond which it is the server's. */
const MAX_CLOCK_AHEAD_MS = 5 * 60_000;

type Deps = Pick<AppDeps, 'db' | 'config' | 'clock'>;

/**
 * What the code says, before the database is asked: a genuine code of this event (by its
 * signature and its event), a participant picked by name or short code on the scanner, or neither.
 */
function verdictOf(
  deps: Deps,
  eventId: string,
  scan: ScanInput,
): Pick<repo.ScanToRecord, 'verdict' | 'participationId' | 'group'> {
  if (scan.code?.trim()) {
    const payload = verifyTicketCode(scan.code, loadTicketKeys(deps.config).publicKey);
    if (!payload) return { verdict: 'invalid', participationId: null, group: false };
    if (!isCodeOfEvent(payload, eventId)) return { verdict: 'other_event', participationId: null, group: false };
    // Codes of several places were signed before each place had its own (docs/decisions.md).
    return { verdict: 'check', participationId: payload.participationId, group: payload.quantity > 1 };
  }
  if (scan.participationId && isUuid(scan.participationId)) {
    return { verdict: 'check', participationId: scan.participationId, group: false };
  }
  if (scan.participationId) return { verdict: 'invalid', participationId: null, group: false };
  throw badRequest(m.codeRequired, 'code');
}

function toRecord(deps: Deps, eventId: string, scan: ScanInput, list: { id: string } | null): repo.ScanToRecord {
  const now = deps.clock.now().getTime();
  // A device's own time is kept for scans it made offline, unless it runs ahead of ours.
  const told = scan.offline && scan.scannedAt ? Date.parse(scan.scannedAt) : Number.NaN;
  const scannedAt = Number.isFinite(told) && told <= now + MAX_CLOCK_AHEAD_MS ? told : now;
  return {
    id: scan.id ?? randomUUID(),
    scannedAt: new Date(scannedAt).toISOString(),
    offline: scan.offline ?? false,
    listId: list?.id ?? null,
    direction: scan.direction ?? 'in',
    ...verdictOf(deps, eventId, scan),
  };
}

function outcomeOf(recorded: repo.RecordedScan, offline: boolean): ScanOutcome {
  return {
    ...recorded,
    lastScanAt: recorded.lastScanAt ? new Date(recorded.lastScanAt).toISOString() : null,
    conflict: offline && recorded.result === 'already_scanned',
  };
}

type ListOfScan = listsRepo.ListRow | null;

/**
 * Records scans in one statement, on the process's copies of the session, the scan permission and
 * the lists (door-copies.ts), which that statement confirms; a stale copy is read again and the
 * scans sent once more (nothing was written). `prepare` turns the scans into records, given the
 * event and a lookup of each scan's list.
 */
async function recordAtDoor(
  deps: Deps,
  viewer: Viewer | null,
  eventId: string,
  door: SessionCopy | undefined,
  deviceId: string,
  prepare: (
    event: EventAccessRow,
    listOf: (scan: ScanInput, isOffline: boolean) => Promise<ListOfScan>,
  ) => Promise<repo.ScanToRecord[]>,
): Promise<{ event: EventAccessRow; records: repo.ScanToRecord[]; recorded: repo.RecordedScan[] }> {
  let who = viewer;
  let sessionGuessed = door?.guessed ?? false;
  for (let attempt = 0; attempt < 3; attempt++) {
    if (!who) throw new AppError('UNAUTHENTICATED', fr.shell.notLoggedIn, 401);
    const scanner = who;
    const fresh = attempt > 0;
    const access = await doorAccess(deps.db, scanner, eventId, fresh);
    const guessedLists = new Map<string, listsRepo.ListRow>();
    const records = await prepare(access.event, async (scan, isOffline) => {
      if (!scan.listId) {
        if (scan.direction === 'out') {
          throw new AppError('CHECKOUT_NOT_ALLOWED', m.checkoutNotAllowed, 400, 'direction');
        }
        return null;
      }
      const { list, guessed } = await doorList(deps.db, access.event.id, scan, isOffline, fresh);
      if (guessed) guessedLists.set(list.id, list);
      return list;
    });
    if (records.length === 0) return { event: access.event, records, recorded: [] };
    const guard: repo.DoorGuard = {
      ...(sessionGuessed && sessionGuardOf(door, scanner, deps.clock.now())),
      ...(access.guessed && { organizerId: access.event.organizerId, isStaff: access.event.isStaff }),
      ...(guessedLists.size > 0 && {
        lists: [...guessedLists.values()].map((list) => ({
          id: list.id,
          live: !list.deletedAt,
          allowCheckout: list.allowCheckout,
          name: list.name,
        })),
      }),
    };
    const recorded = await repo.recordScans(deps.db, {
      eventId: access.event.id,
      staffUserId: scanner.id,
      deviceId,
      scans: records,
      ...(Object.keys(guard).length > 0 && { guard }),
    });
    if (Array.isArray(recorded)) return { event: access.event, records, recorded };
    if (recorded.stale === 'session') {
      who = door ? await door.again() : null;
      sessionGuessed = false;
    }
  }
  throw new Error('the door kept finding its copies stale');
}

/** One scan at the door, online: an entry taken, or why not. */
export async function scanOne(
  deps: Deps,
  viewer: Viewer | null,
  eventId: string,
  scan: ScanInput,
  door?: SessionCopy,
): Promise<ScanOutcome & { listName?: string }> {
  let list: ListOfScan = null;
  const { event, records, recorded } = await recordAtDoor(
    deps,
    viewer,
    eventId,
    door,
    scan.deviceId ?? '',
    async (found, listOf) => {
      list = await listOf(scan, scan.offline ?? false);
      return [toRecord(deps, found.id, scan, list)];
    },
  );
  const [done] = recorded;
  const record = records[0];
  if (!done || !record) throw new Error('the scan was not recorded');
  const outcome = outcomeOf(done, record.offline);
  if (outcome.result === 'not_on_list' && outcome.participationId) {
    outcome.validLists = await listsRepo.findValidListNames(deps.db, event.id, outcome.participationId);
  }
  return { ...outcome, listName: (list as ListOfScan)?.name };
}

/**
 * Scans sent together: a device's offline queue, or a busy door. Each is recorded once whatever
 * the number of times it is sent; the answers come back in order.
 */
export async function scanBatch(
  deps: Deps,
  viewer: Viewer | null,
  eventId: string,
  batch: ScanBatchRequest,
  door?: SessionCopy,
): Promise<ScanOutcome[]> {
  const { records, recorded } = await recordAtDoor(
    deps,
    viewer,
    eventId,
    door,
    batch.deviceId ?? '',
    async (event, listOf) => {
      if (batch.scans.length > MAX_SCAN_BATCH) {
        throw new AppError('BATCH_TOO_LARGE', m.batchTooLarge(MAX_SCAN_BATCH), 413, 'scans');
      }
      // The lists the batch names, each checked once: a device works on one list at a time.
      const listsByKey = new Map<string, ListOfScan>();
      const records: repo.ScanToRecord[] = [];
      for (const given of batch.scans) {
        const scan = { ...given, listId: given.listId ?? batch.listId, direction: given.direction ?? batch.direction };
        const key = `${scan.listId ?? ''}:${scan.direction ?? 'in'}:${scan.offline ?? false}`;
        if (!listsByKey.has(key)) listsByKey.set(key, await listOf(scan, scan.offline ?? false));
        records.push(toRecord(deps, event.id, scan, listsByKey.get(key) ?? null));
      }
      return records;
    },
  );
  return recorded.map((outcome, index) => outcomeOf(outcome, records[index]?.offline ?? false));
}

/**
 * What a scanner keeps to work offline: the event, the public key, every live participation, the
 * revoked codes; for a check-in list, each place's entries on it and whether it admits it.
 */
/** The date a manifest is for (issue 32): one of the event's; a one-date event's own id is the whole event. */
async function manifestDate(deps: Deps, eventId: string, dateId: string) {
  const found = isUuid(dateId) ? (await findDates(deps.db, eventId)).find((date) => date.id === dateId) : undefined;
  if (found) return { id: found.id, dateBegin: found.dateBegin.toISOString(), dateEnd: found.dateEnd.toISOString() };
  if (dateId === eventId) return null;
  throw new AppError('DATE_NOT_FOUND', datesFr.notFound, 404, 'dateId');
}

export async function manifest(
  deps: Deps,
  viewer: Viewer | null,
  eventId: string,
  listId?: string,
  dateId?: string,
): Promise<CheckinManifest> {
  const event = await authorizeEvent(deps.db, viewer, eventId, 'scan');
  const list = listId ? await lists.listOfScan(deps, event.id, { listId }, false) : null;
  const date = dateId ? await manifestDate(deps, event.id, dateId) : null;
  const wholeEvent = !list && !date;
  const [dates, rows, revoked, scanner, onList, doorDateId] = await Promise.all([
    date ? Promise.resolve(date) : repo.findEventDates(deps.db, event.id),
    repo.findManifest(deps.db, event.id, list?.id ?? null, date?.id ?? null, deps.clock.now()),
    repo.findRevoked(deps.db, event.id),
    viewer ? findUserName(deps.db, viewer.id) : undefined,
    list ? listsRepo.findListPlaces(deps.db, event.id, list.id) : undefined,
    wholeEvent ? repo.findDoorDate(deps.db, event.id, deps.clock.now()) : null,
  ]);
  const places = new Map(onList?.map((place) => [place.id, place]));
  const jwk = loadTicketKeys(deps.config).publicKey.export({ format: 'jwk' });
  return {
    event: { id: event.id, title: event.title, dateBegin: dates?.dateBegin ?? '', dateEnd: dates?.dateEnd ?? '' },
    publicKey: Buffer.from(jwk.x ?? '', 'base64url').toString('base64'),
    participations: rows.map((row) => {
      const shown = { ...row, shortCode: ticketShortCode(row.id) };
      if (!list) return shown;
      // On a list, the entries are the list's, and the last entry shown is the event's (any door).
      const place = places.get(row.id);
      return {
        ...shown,
        entriesUsed: place?.entries ?? 0,
        isOnList: place?.isOnList ?? false,
        inside: place?.inside ?? 0,
        validLists: place?.validLists ?? [],
      };
    }),
    revoked: revoked.map((place) => place.id),
    revokedReasons: Object.fromEntries(revoked.map((place) => [place.id, place.reason])),
    scannerName: scanner ? `${scanner.firstName} ${scanner.lastName}` : '',
    syncedAt: deps.clock.now().toISOString(),
    list: list
      ? { id: list.id, name: list.name, allowReentry: list.allowReentry, allowCheckout: list.allowCheckout }
      : null,
    doorDateId,
  };
}

export function scannableEvents(deps: Deps, viewer: Viewer): Promise<ScannableEvent[]> {
  return repo.findScannableEvents(
    deps.db,
    { id: viewer.id, isAdmin: can(viewer, 'administer', null), isVerified: viewer.isVerified },
    deps.clock.now(),
  );
}
