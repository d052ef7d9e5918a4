// IndexedDB's other globals (IDBKeyRange…) for the scanner's store, which jsdom has not.
import 'fake-indexeddb/auto';
import {
  type CheckinManifest,
  encodeTicketCode,
  type ManifestParticipation,
  ticketCodeSignedBytes,
  ticketShortCode,
} from '@guichet/shared';
import { keygenAsync, signAsync } from '@noble/ed25519';
import { IDBFactory } from 'fake-indexeddb';
import { vi } from 'vitest';
import { scanOutcome } from '../src/features/checkin/scan-outcome';
import { expectEveryRequestHandled } from './fetch-stub';

/**
 * A new device for each test (beforeEach): an empty IndexedDB, and the scanner's modules to be
 * imported again, since the store keeps its open database in the module.
 */
export function newDevice() {
  vi.stubGlobal('indexedDB', new IDBFactory());
  vi.resetModules();
}

/** After each test: the clock, the network and the globals as they were; every request answered. */
export function leaveDevice() {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  expectEveryRequestHandled();
}

export const EVENT_ID = '0e0e0e0e-1111-4222-8333-444455556666';
export const OTHER_EVENT_ID = '9f9f9f9f-1111-4222-8333-444455556666';

/** The event's signing keys, made per test run: codes are signed as the server signs them. */
export async function ticketKeys() {
  const { secretKey, publicKey } = await keygenAsync();
  const sign = async (participation: { id: string; eventId?: string; quantity?: number }) => {
    const signed = ticketCodeSignedBytes({ eventId: EVENT_ID, quantity: 1, ...participation });
    return encodeTicketCode(signed, await signAsync(signed, secretKey));
  };
  return { publicKey: btoa(String.fromCharCode(...publicKey)), sign };
}

export function participation(id: string, extra: Partial<ManifestParticipation> = {}): ManifestParticipation {
  return {
    id,
    splitFrom: null,
    ticketNumber: null,
    shortCode: ticketShortCode(id),
    holderName: 'Zoé Lefèvre',
    email: 'zoe@example.fr',
    ticketTitle: 'Entrée',
    quantity: 1,
    entriesUsed: 0,
    lastScanAt: null,
    lastScanBy: null,
    ...extra,
  };
}

export function manifestOf(
  publicKey: string,
  participations: ManifestParticipation[],
  revoked: string[] = [],
  revokedReasons?: CheckinManifest['revokedReasons'],
): CheckinManifest {
  return {
    event: { id: EVENT_ID, title: 'Gala', dateBegin: '2030-06-01T18:00:00.000Z', dateEnd: '2030-06-01T23:00:00.000Z' },
    publicKey,
    participations,
    revoked,
    ...(revokedReasons && { revokedReasons }),
    scannerName: 'Porte A',
    syncedAt: '2030-06-01T17:00:00.000Z',
  };
}

/** The server's answer to one scan (its fields as the API writes them). */
export const outcome = scanOutcome;
