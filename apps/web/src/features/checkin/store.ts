import type { CheckinManifest, ManifestParticipation } from '@guichet/shared';
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

export async function loadEvent(eventId: string): Promise<StoredEvent | undefined> {
  return (await db()).get('events', eventId);
}

/** A fresh list from the server replaces the device's (its scans were sent first). */
export async function saveManifest(manifest: CheckinManifest): Promise<StoredEvent> {
  const stored: StoredEvent = { eventId: manifest.event.id, manifest, unlisted: {} };
  await (await db()).put('events', stored);
  return stored;
}

/** Takes an entry on the device: the list's count, or a ticket not in the list yet. */
export async function takeEntryLocally(
  eventId: string,
  participationId: string,
  quantityFromCode: number,
  at: string,
): Promise<{ accepted: boolean; participation?: ManifestParticipation; unlisted?: UnlistedEntries }> {
  const database = await db();
  const tx = database.transaction('events', 'readwrite');
  const stored = await tx.store.get(eventId);
  if (!stored) {
    await tx.done;
    return { accepted: false };
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
  let result: { accepted: boolean; participation?: ManifestParticipation; unlisted?: UnlistedEntries };
  if (participation) {
    const accepted = participation.entriesUsed < participation.quantity;
    if (accepted) {
      participation.entriesUsed += 1;
      participation.lastScanAt = at;
      participation.lastScanBy = stored.manifest.scannerName;
    }
    result = { accepted, participation };
  } else {
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
    result = { accepted, unlisted };
  }
  await tx.store.put(stored);
  await tx.done;
  return result;
}

/** What the server answered for a participation, kept so that the device stays right offline. */
export async function recordServerEntries(eventId: string, participationId: string, entriesUsed: number, at: string) {
  const database = await db();
  const tx = database.transaction('events', 'readwrite');
  const stored = await tx.store.get(eventId);
  const participation = stored?.manifest.participations.find((p) => p.id === participationId);
  if (stored && participation) {
    participation.entriesUsed = entriesUsed;
    participation.lastScanAt = at;
    participation.lastScanBy = stored.manifest.scannerName;
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
