import { z } from 'zod';
import { eventSummary } from '../events/schemas';

/** The door (2-organiser.md §4 "Scan status", §8): what the scanner sends and gets. */
export const MAX_SCAN_BATCH = 500;

/** One scan: the code as read (or the participant picked by name), with the device's scan id. */
export const scanInput = z.strictObject({
  /** Chosen by the device: the same scan sent twice is recorded, and takes an entry, once. */
  id: z.uuid().optional(),
  code: z.string().max(2048).optional(),
  participationId: z.string().max(64).optional(),
  /** When the device scanned it (offline scans are sent later); the server's time otherwise. */
  scannedAt: z.iso.datetime({ offset: true }).optional(),
  offline: z.boolean().optional(),
  deviceId: z.string().max(100).optional(),
});
export type ScanInput = z.infer<typeof scanInput>;

export const scanBatchRequest = z.strictObject({
  deviceId: z.string().max(100).optional(),
  scans: z.array(scanInput.extend({ id: z.uuid() })),
});
export type ScanBatchRequest = z.infer<typeof scanBatchRequest>;

/**
 * The last entry taken on a participation, and who took it: the scanner says "already scanned" with
 * them, online from the answer, offline from its manifest.
 */
const lastScanFields = {
  lastScanAt: z.string().nullable(),
  lastScanBy: z.string().nullable(),
};

const scanResult = z.enum(['accepted', 'already_scanned', 'invalid', 'other_event', 'cancelled', 'transferred']);

export const scanOutcome = z.object({
  id: z.string(),
  result: scanResult,
  participationId: z.string().nullable(),
  remaining: z.number().int().nullable(),
  quantity: z.number().int().nullable(),
  holderName: z.string().nullable(),
  ticketTitle: z.string().nullable(),
  ...lastScanFields,
  /** This scan had been received before: its first answer. */
  replay: z.boolean(),
  /** Let in offline although the entry was already used elsewhere. */
  conflict: z.boolean(),
});
export type ScanOutcome = z.infer<typeof scanOutcome>;

/** One participation as the scanner keeps it, to work offline and to find a name. */
const manifestParticipation = z.object({
  id: z.string(),
  shortCode: z.string(),
  holderName: z.string(),
  email: z.string(),
  ticketTitle: z.string(),
  quantity: z.number().int(),
  entriesUsed: z.number().int(),
  ...lastScanFields,
});
export type ManifestParticipation = z.infer<typeof manifestParticipation>;

export const checkinManifest = z.object({
  event: eventSummary,
  /** Ed25519 public key, raw 32 bytes in base64: the scanner checks codes with it offline. */
  publicKey: z.string(),
  participations: z.array(manifestParticipation),
  /**
   * The ids of the event's participations whose codes are revoked (transferred to someone else):
   * their signatures still verify, so an offline scanner refuses them from this list.
   */
  revoked: z.array(z.string()),
  /** The name of whoever syncs: the entries this device takes offline are theirs. */
  scannerName: z.string(),
  syncedAt: z.string(),
});
export type CheckinManifest = z.infer<typeof checkinManifest>;

/** The events a person may scan now (the scanner's menu entry): today's, as staff, organiser or administrator. */
export const scannableEvent = eventSummary.extend({
  /** The person also sells at this event's door (organiser, administrator, box office). */
  canSell: z.boolean(),
});
export type ScannableEvent = z.infer<typeof scannableEvent>;
