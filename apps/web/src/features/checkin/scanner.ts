import {
  MAX_SCAN_BATCH as BATCH,
  type CheckinListRules,
  type CheckinManifest,
  checkinFr,
  formatDateTime,
  type ManifestParticipation,
  type RevocationReason,
  type ScanDirection,
  type ScanOutcome,
  transfersFr,
} from '@guichet/shared';
import { fetchManifest, sendScan, sendScanBatch } from '../../api/checkin';
import { ApiError } from '../../api/client';
import { scanOutcome } from './scan-outcome';
import * as store from './store';
import { verifyLocally } from './verify';

const m = checkinFr.scanner;

/** What the door sees: green (in), orange (already used), red (not a ticket of this event). */
export type ScanDisplay = {
  tone: 'accepted' | 'already' | 'refused';
  title: string;
  detail: string | null;
  holderName: string | null;
  ticketTitle: string | null;
  /** Decided on this device (no network); the server will be told. */
  offline: boolean;
};

/** A scan as it arrives: a code read or typed, or a participant picked in the list. */
export type ScanRequest = { code: string } | { participationId: string };

const ONLINE_TIMEOUT_MS = 4_000;

function displayOf(outcome: ScanOutcome, offline: boolean, listName = '', reason?: RevocationReason): ScanDisplay {
  const person = { holderName: outcome.holderName, ticketTitle: outcome.ticketTitle, offline };
  // The server answers a revoked invitation as cancelled; the last sync says which it is.
  if (outcome.result === 'cancelled' && reason === 'invitation_revoked') {
    return { tone: 'refused', title: m.invitationRevoked, detail: m.invitationRevokedHelp, ...person };
  }
  switch (outcome.result) {
    case 'accepted':
      if (outcome.direction === 'out') return { tone: 'accepted', title: m.checkedOut, detail: null, ...person };
      return { tone: 'accepted', title: m.accepted, detail: m.remaining(outcome.remaining ?? 0), ...person };
    case 'not_on_list':
      return {
        tone: 'refused',
        title: m.notOnList,
        detail: checkinFr.notOnList(listName, outcome.validLists ?? []),
        ...person,
      };
    case 'not_checked_in':
      return { tone: 'refused', title: m.notCheckedIn, detail: checkinFr.notCheckedIn, ...person };
    case 'already_out':
      return { tone: 'already', title: m.alreadyOut, detail: checkinFr.alreadyOut, ...person };
    case 'already_scanned':
      return {
        tone: 'already',
        title: m.alreadyScanned,
        detail: outcome.lastScanAt
          ? outcome.lastScanBy
            ? m.alreadyScannedAt(formatDateTime(outcome.lastScanAt), outcome.lastScanBy)
            : m.alreadyScannedOn(formatDateTime(outcome.lastScanAt))
          : null,
        ...person,
      };
    case 'cancelled':
      return { tone: 'refused', title: m.cancelled, detail: m.cancelledHelp, ...person };
    case 'other_date':
      return { tone: 'refused', title: m.otherDate, detail: checkinFr.otherDate, ...person };
    case 'transferred':
      return {
        tone: 'refused',
        title: transfersFr.scanner.transferred,
        detail: transfersFr.scanner.transferredHelp,
        ...person,
      };
    case 'other_event':
      return { tone: 'refused', title: m.otherEvent, detail: m.invalidHelp, ...person };
    default:
      return { tone: 'refused', title: m.invalid, detail: m.invalidHelp, ...person };
  }
}

/** The short code printed under a QR code (ABCDE-FGHIJ), typed at the door. */
const SHORT_CODE = /^[A-Z2-7]{5}-?[A-Z2-7]{5}$/;

/**
 * Finds the participant a typed short code names, in the device's list. Full codes and scanned
 * codes go through the signature check instead.
 */
export function resolveTyped(text: string, manifest: CheckinManifest): ScanRequest | null {
  const typed = text.trim().toUpperCase();
  if (SHORT_CODE.test(typed)) {
    const short = typed.includes('-') ? typed : `${typed.slice(0, 5)}-${typed.slice(5)}`;
    const found = manifest.participations.find((p) => p.shortCode === short);
    return found ? { participationId: found.id } : null;
  }
  return typed ? { code: text.trim() } : null;
}

/** A participant found by name or e-mail, accents and case ignored. */
export function searchParticipants(manifest: CheckinManifest, query: string, limit = 20) {
  const fold = (text: string) =>
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return manifest.participations
    .filter((p) => {
      const haystack = fold(`${p.holderName} ${p.email} ${p.shortCode}`);
      return words.every((word) => haystack.includes(word));
    })
    .slice(0, limit);
}

/**
 * One scan at the door: the signature first, on the device; then the server decides when it can
 * be reached (it is the only one that knows the other doors); otherwise the device decides from
 * its list and queues the scan, to be sent when the network comes back.
 */
export async function scan(
  eventId: string,
  manifest: CheckinManifest,
  request: ScanRequest,
  direction: ScanDirection = 'in',
): Promise<ScanDisplay> {
  const id = crypto.randomUUID();
  // On a check-in list (issue 31), the scan names it, and its entries are the list's.
  const list = manifest.list ?? null;
  const scope = store.scopeOf(eventId, list?.id);
  const onList = list ? { listId: list.id, ...(direction === 'out' && { direction }) } : {};
  const scannedAt = new Date().toISOString();
  let participationId: string;
  let quantityFromCode = 1;
  if ('code' in request) {
    const verdict = await verifyLocally(request.code, eventId, manifest.publicKey);
    if (verdict.kind !== 'ticket') {
      // Refused at once; still reported, so that the log shows fraud and gate problems.
      await report(eventId, { id, code: request.code, scannedAt });
      return displayOf(scanOutcome(id, { result: verdict.kind }), false);
    }
    participationId = verdict.participationId;
    quantityFromCode = verdict.quantity;
  } else {
    participationId = request.participationId;
  }
  const body = { ...('code' in request ? { id, code: request.code } : { id, participationId }), ...onList };

  if (navigator.onLine) {
    try {
      const outcome = await sendScan(
        eventId,
        { ...body, deviceId: store.deviceId() },
        AbortSignal.timeout(ONLINE_TIMEOUT_MS),
      );
      if (list) {
        if (outcome.result === 'accepted' && outcome.participationId)
          await store.recordServerEntries(scope, outcome.participationId, { accepted: direction }, scannedAt);
      } else if (outcome.participationId && quantityFromCode > 1) {
        // A code of several places: the answer counts its group; the place it took is used.
        if (outcome.result === 'accepted')
          await store.recordServerEntries(scope, outcome.participationId, 1, scannedAt);
      } else if (outcome.participationId && outcome.quantity !== null && outcome.remaining !== null) {
        await store.recordServerEntries(
          scope,
          outcome.participationId,
          outcome.quantity - outcome.remaining,
          scannedAt,
        );
      }
      return displayOf(outcome, false, list?.name, revocationOf(manifest, outcome.participationId));
    } catch (error) {
      // A refusal of the request itself (not a network failure) is shown as it is.
      if (error instanceof ApiError && error.status !== 0) throw error;
    }
  }
  // A code handed on, refunded, cancelled or revoked still verifies: the list of revoked codes
  // refuses it, in the words the server would use (a list kept before revocations existed has none).
  if ((manifest.revoked ?? []).includes(participationId)) {
    await store.enqueue({ ...body, eventId, scannedAt, acceptedOffline: false });
    const reason = revocationOf(manifest, participationId) ?? 'transferred';
    const result = reason === 'transferred' ? 'transferred' : 'cancelled';
    return displayOf(scanOutcome(id, { result, participationId }), true, list?.name, reason);
  }
  const taken = await store.takeEntryLocally(scope, participationId, quantityFromCode, scannedAt, direction);
  await store.enqueue({ ...body, eventId, scannedAt, acceptedOffline: taken.accepted });
  const listed = taken.participation;
  const local = scanOutcome(id, {
    result: taken.verdict,
    participationId,
    direction,
    validLists: listed?.validLists,
    remaining: listed
      ? entriesLeft(listed, list)
      : (taken.unlisted?.quantity ?? 1) - (taken.unlisted?.entriesUsed ?? 1),
    quantity: listed?.quantity ?? taken.unlisted?.quantity ?? quantityFromCode,
    holderName: listed?.holderName ?? null,
    ticketTitle: listed?.ticketTitle ?? null,
    lastScanAt: taken.accepted ? null : (listed?.lastScanAt ?? taken.unlisted?.lastScanAt ?? null),
    lastScanBy: taken.accepted ? null : (listed?.lastScanBy ?? taken.unlisted?.lastScanBy ?? null),
  });
  return displayOf(local, true, list?.name);
}

/** Why the last sync revoked the place's code, if it did (a list kept before the reasons has none). */
function revocationOf(manifest: CheckinManifest, participationId: string | null): RevocationReason | undefined {
  return participationId ? manifest.revokedReasons?.[participationId] : undefined;
}

/** The entries a place has left: the event's, or on a list its rule's (with re-entry, whoever is not inside). */
function entriesLeft(place: ManifestParticipation, list: CheckinListRules | null): number {
  if (!list) return place.quantity - place.entriesUsed;
  return list.allowReentry ? place.quantity - (place.inside ?? 0) : Math.max(0, place.quantity - place.entriesUsed);
}

/** A refused scan is logged by the server when it can be reached; otherwise it waits in the queue. */
async function report(eventId: string, scanToLog: { id: string; code: string; scannedAt: string }) {
  if (navigator.onLine) {
    try {
      await sendScan(
        eventId,
        { id: scanToLog.id, code: scanToLog.code, deviceId: store.deviceId() },
        AbortSignal.timeout(ONLINE_TIMEOUT_MS),
      );
      return;
    } catch (error) {
      if (error instanceof ApiError && error.status !== 0) return;
    }
  }
  await store.enqueue({ ...scanToLog, eventId });
}

/**
 * Sends the scans made offline (the server records each once, in any number of sends), keeps the
 * conflicts it reports, then takes a fresh list. Throws when the network is still away.
 */
export async function sync(eventId: string, listId: string | null = null): Promise<CheckinManifest> {
  let pending = await store.queued(eventId);
  while (pending.length > 0) {
    const chunk = pending.slice(0, BATCH);
    const { results } = await sendScanBatch(eventId, {
      deviceId: store.deviceId(),
      scans: chunk.map(({ eventId: _event, acceptedOffline: _accepted, ...queued }) => ({ ...queued, offline: true })),
    });
    // A conflict is someone let in here whose entry another door had taken; a scan refused here let nobody in.
    const refusedHere = new Set(chunk.filter((c) => c.acceptedOffline === false).map((c) => c.id));
    await store.addConflicts(
      results
        .filter((result) => result.conflict && !refusedHere.has(result.id))
        .map((result) => ({
          id: result.id,
          eventId,
          holderName: result.holderName ?? '—',
          scannedAt: chunk.find((c) => c.id === result.id)?.scannedAt ?? new Date().toISOString(),
        })),
    );
    await store.dequeue(chunk.map((c) => c.id));
    pending = pending.slice(BATCH);
  }
  const manifest = await fetchManifest(eventId, listId);
  await store.saveManifest(manifest);
  return manifest;
}
