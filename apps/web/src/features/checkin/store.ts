import {
  afterScan,
  type CheckinListRules,
  type CheckinManifest,
  type ListVerdict,
  listVerdict,
  type ManifestParticipation,
  type PlaceOnList,
  type ScanDirection,
} from '@guichet/shared';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/**
 * What a scanner keeps on the device to work without network (IndexedDB): the event's list and
 * key, the scans not yet sent, and the conflicts the last syncs reported. It holds the names and
 * e-mails of the event's participants, which the staff needs at the door, and of its user only
 * the name the server gave with the list (the entries taken offline are theirs).
 */
export type QueuedScan = {
  id: string;
  eventId: string;
  code?: string;
  participationId?: string;
  /** The check-in list it was made on (none: the whole event), and 'out' for a check-out. */
  listId?: string;
  direction?: ScanDirection;
  scannedAt: string;
  /** This device let the person in (a scan it refused is reported, but is never a conflict). */
  acceptedOffline?: boolean;
};

export type Conflict = { id: string; eventId: string; holderName: string; scannedAt: string };

/** Entries this device took offline for a ticket missing from its list (bought after the last sync). */
export type UnlistedEntries = {
  participationId: string;
  quantity: number;
  entriesUsed: number;
  lastScanAt: string;
  lastScanBy: string;
};

type StoredEvent = {
  /** The scope of the manifest: the event, or the event and one of its check-in lists (`scopeOf`). */
  eventId: string;
  manifest: CheckinManifest;
  unlisted: Record<string, UnlistedEntries>;
};

interface ScannerDb extends DBSchema {
  events: { key: string; value: StoredEvent };
  queue: { key: string; value: QueuedScan; indexes: { byEvent: string } };
  conflicts: { key: string; value: Conflict; indexes: { byEvent: string } };
}

let opened: Promise<IDBPDatabase<ScannerDb>> | undefined;

function db(): Promise<IDBPDatabase<ScannerDb>> {
  opened ??= openDB<ScannerDb>('guichet-scanner', 1, {
    upgrade(database) {
      database.createObjectStore('events', { keyPath: 'eventId' });
      database.createObjectStore('queue', { keyPath: 'id' }).createIndex('byEvent', 'eventId');
      database.createObjectStore('conflicts', { keyPath: 'id' }).createIndex('byEvent', 'eventId');
    },
  });
  return opened;
}

/**
 * Where a manifest is kept: per event, and per check-in list (issue 31), so that a device may
 * switch lists offline and each keeps its own entries. The whole event's key is the event's id,
 * as before lists existed.
 */
export const scopeOf = (eventId: string, listId: string | null | undefined) =>
  listId ? `${eventId}#${listId}` : eventId;

export async function loadEvent(scope: string): Promise<StoredEvent | undefined> {
  return (await db()).get('events', scope);
}

/** A fresh list from the server replaces the device's (its scans were sent first). */
export async function saveManifest(manifest: CheckinManifest): Promise<StoredEvent> {
  const stored: StoredEvent = { eventId: scopeOf(manifest.event.id, manifest.list?.id), manifest, unlisted: {} };
  await (await db()).put('events', stored);
  return stored;
}

export type LocalVerdict = ListVerdict | 'not_on_list';

/**
 * Takes an entry (or, on a check-in list, a check-out) on the device: the list's count, or a
 * ticket not in the list yet. On a check-in list, the list's rule (shared `listVerdict`).
 */
export async function takeEntryLocally(
  scope: string,
  participationId: string,
  quantityFromCode: number,
  at: string,
  direction: ScanDirection = 'in',
): Promise<{
  accepted: boolean;
  verdict: LocalVerdict;
  participation?: ManifestParticipation;
  unlisted?: UnlistedEntries;
}> {
  const database = await db();
  const tx = database.transaction('events', 'readwrite');
  const stored = await tx.store.get(scope);
  if (!stored) {
    await tx.done;
    return { accepted: false, verdict: 'already_scanned' };
  }
  const list = stored.manifest.list;
  if (list) {
    const result = takeOnList(stored, list, participationId, quantityFromCode, at, direction);
    await tx.store.put(stored);
    await tx.done;
    return result;
  }
  // A code signed for several places (before each place had its own) lets in any unused place of
  // its group, as the server does (docs/decisions.md, "One ticket per place").
  const listed = stored.manifest.participations;
  const group =
    quantityFromCode > 1 ? listed.filter((p) => p.id === participationId || p.splitFrom === participationId) : [];
  const participation =
    group.find((p) => p.entriesUsed < p.quantity) ??
    group.find((p) => p.id === participationId) ??
    listed.find((p) => p.id === participationId);
  let result: {
    accepted: boolean;
    verdict: LocalVerdict;
    participation?: ManifestParticipation;
    unlisted?: UnlistedEntries;
  };
  if (participation) {
    const accepted = participation.entriesUsed < participation.quantity;
    if (accepted) {
      participation.entriesUsed += 1;
      participation.lastScanAt = at;
      participation.lastScanBy = stored.manifest.scannerName;
    }
    result = { accepted, verdict: accepted ? 'accepted' : 'already_scanned', participation };
  } else {
    result = takeUnlisted(stored, participationId, quantityFromCode, at);
  }
  await tx.store.put(stored);
  await tx.done;
  return result;
}

/** An entry of a ticket missing from the device's list (bought after the last sync): as many as the code's places. */
function takeUnlisted(stored: StoredEvent, participationId: string, quantityFromCode: number, at: string) {
  const unlisted = stored.unlisted[participationId] ?? {
    participationId,
    quantity: quantityFromCode,
    entriesUsed: 0,
    lastScanAt: at,
    lastScanBy: stored.manifest.scannerName,
  };
  const accepted = unlisted.entriesUsed < unlisted.quantity;
  if (accepted) {
    unlisted.entriesUsed += 1;
    unlisted.lastScanAt = at;
  }
  stored.unlisted[participationId] = unlisted;
  return { accepted, verdict: accepted ? ('accepted' as const) : ('already_scanned' as const), unlisted };
}

/** A place as a check-in list counts it on the device. */
const placeOf = (p: ManifestParticipation): PlaceOnList => ({
  quantity: p.quantity,
  entries: p.entriesUsed,
  inside: p.inside ?? 0,
});

/**
 * The list's rule on the device, as `guichet_take_list_entry` on the server: the code's places
 * that the list admits, the first that may pass; else why not. A ticket missing from the list
 * (bought after the last sync) is let in once, as on the whole event, and never let out.
 */
function takeOnList(
  stored: StoredEvent,
  list: CheckinListRules,
  participationId: string,
  quantityFromCode: number,
  at: string,
  direction: ScanDirection,
): { accepted: boolean; verdict: LocalVerdict; participation?: ManifestParticipation; unlisted?: UnlistedEntries } {
  const listed = stored.manifest.participations;
  const places = listed.filter(
    (p) => p.id === participationId || (quantityFromCode > 1 && p.splitFrom === participationId),
  );
  if (places.length === 0) {
    // Unknown to the list's copy: its ticket type is unknown too. Let in once, never let out.
    if (direction === 'out') return { accepted: false, verdict: 'not_checked_in' };
    return takeUnlisted(stored, participationId, quantityFromCode, at);
  }
  const admitted = places.filter((p) => p.isOnList !== false);
  if (admitted.length === 0) return { accepted: false, verdict: 'not_on_list', participation: places[0] };
  const passing = admitted.find((p) => listVerdict(list, placeOf(p), direction) === 'accepted');
  if (!passing) {
    const first = admitted[0] as ManifestParticipation;
    return { accepted: false, verdict: listVerdict(list, placeOf(first), direction), participation: first };
  }
  const after = afterScan(placeOf(passing), direction);
  passing.entriesUsed = after.entries;
  passing.inside = after.inside;
  if (direction === 'in') {
    passing.lastScanAt = at;
    passing.lastScanBy = stored.manifest.scannerName;
  }
  return { accepted: true, verdict: 'accepted', participation: passing };
}

/**
 * What the server answered for a participation, kept so that the device stays right offline:
 * its entries, or on a check-in list the entry or check-out it accepted.
 */
export async function recordServerEntries(
  scope: string,
  participationId: string,
  entries: number | { accepted: ScanDirection },
  at: string,
) {
  const database = await db();
  const tx = database.transaction('events', 'readwrite');
  const stored = await tx.store.get(scope);
  const participation = stored?.manifest.participations.find((p) => p.id === participationId);
  if (stored && participation) {
    if (typeof entries === 'number') {
      participation.entriesUsed = entries;
    } else {
      const after = afterScan(placeOf(participation), entries.accepted);
      participation.entriesUsed = after.entries;
      participation.inside = after.inside;
    }
    if (typeof entries === 'number' || entries.accepted === 'in') {
      participation.lastScanAt = at;
      participation.lastScanBy = stored.manifest.scannerName;
    }
    await tx.store.put(stored);
  }
  await tx.done;
}

export async function enqueue(scan: QueuedScan): Promise<void> {
  await (await db()).put('queue', scan);
}

/**
 * The scans waiting to be sent, in the order they were made: the server takes entries in the order
 * it receives them, and the index's own order (by random id) would let a later scan take the entry
 * of an earlier one, and report the earlier one as a conflict.
 */
export async function queued(eventId: string): Promise<QueuedScan[]> {
  const scans = await (await db()).getAllFromIndex('queue', 'byEvent', eventId);
  return scans.sort((a, b) => a.scannedAt.localeCompare(b.scannedAt));
}

export async function dequeue(ids: string[]): Promise<void> {
  const database = await db();
  const tx = database.transaction('queue', 'readwrite');
  await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done]);
}

export async function addConflicts(conflicts: Conflict[]): Promise<void> {
  const database = await db();
  const tx = database.transaction('conflicts', 'readwrite');
  await Promise.all([...conflicts.map((c) => tx.store.put(c)), tx.done]);
}

export async function conflictsOf(eventId: string): Promise<Conflict[]> {
  return (await db()).getAllFromIndex('conflicts', 'byEvent', eventId);
}

export async function clearConflicts(eventId: string): Promise<void> {
  const database = await db();
  const tx = database.transaction('conflicts', 'readwrite');
  const keys = await tx.store.index('byEvent').getAllKeys(eventId);
  await Promise.all([...keys.map((key) => tx.store.delete(key)), tx.done]);
}

const DEVICE_KEY = 'guichet.device';

/** A random name for this device, so that the log tells the doors apart (no personal data). */
export function deviceId(): string {
  let id = localStorage.getItem(DEVICE_KEY);
  if (!id) {
    id = crypto.randomUUID();
    localStorage.setItem(DEVICE_KEY, id);
  }
  return id;
}
