import { z } from 'zod';
import { formText } from '../common/form';
import { eventSummary } from '../events/schemas';

/** The door (2-organiser.md §4 "Scan status", §8): what the scanner sends and gets. */
export const MAX_SCAN_BATCH = 500;

/** Through the door in or out: a check-out is scanned on a list that allows leaving (issue 31). */
export const scanDirection = z.enum(['in', 'out']);
export type ScanDirection = z.infer<typeof scanDirection>;

/** Whom a check-in list lets in and how (issue 31, docs/decisions.md "Check-in lists"). */
const checkinListRules = z.object({
  id: z.string(),
  name: z.string(),
  /** Once out, the same ticket may come in again (implies check-out). */
  allowReentry: z.boolean(),
  /** Leaving is scanned ('out'): the list counts the people inside. */
  allowCheckout: z.boolean(),
});
export type CheckinListRules = z.infer<typeof checkinListRules>;

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
  /** The check-in list scanned for (issue 31); none: the whole event, as before lists existed. */
  listId: z.string().max(64).optional(),
  /** 'out' records someone leaving, on a list that allows it; 'in' by default. */
  direction: scanDirection.optional(),
});
export type ScanInput = z.infer<typeof scanInput>;

export const scanBatchRequest = z.strictObject({
  deviceId: z.string().max(100).optional(),
  /** The list and direction of the scans that name none (an offline scanner works on one list). */
  listId: z.string().max(64).optional(),
  direction: scanDirection.optional(),
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

const scanResult = z.enum([
  'accepted',
  'already_scanned',
  'invalid',
  'other_event',
  'cancelled',
  'transferred',
  // On a check-in list: the ticket is not admitted there, or leaves without being inside.
  'not_on_list',
  'not_checked_in',
  'already_out',
  // On an event of several dates, without a list: a place for another date, a pass not for this one.
  'other_date',
]);
export type ScanResult = z.infer<typeof scanResult>;

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
  /** The scan's direction: 'out' for a check-out. */
  direction: scanDirection.optional(),
  /** Refused as not on the list: the names of the lists where the ticket is valid. */
  validLists: z.array(z.string()).optional(),
});
export type ScanOutcome = z.infer<typeof scanOutcome>;

/** One participation as the scanner keeps it, to work offline and to find a name. */
const manifestParticipation = z.object({
  id: z.string(),
  /** The participation of several places this place was split from: a code signed for it lets any of them in. */
  splitFrom: z.string().nullable(),
  ticketNumber: z.number().int().nullable(),
  /**
   * The date the place is for, on an event of several dates (issue 32: each date numbers its own
   * places, so a number alone may be two dates'); null for a pass and on a one-date event.
   */
  dateId: z.string().nullable().optional(),
  shortCode: z.string(),
  holderName: z.string(),
  email: z.string(),
  ticketTitle: z.string(),
  quantity: z.number().int(),
  entriesUsed: z.number().int(),
  ...lastScanFields,
  /**
   * A list's manifest (issue 31): whether this place's ticket is admitted on the list, the people
   * of this place inside now, and the lists where it is valid (for the refusal's message). Absent
   * from the whole event's manifest, where `entriesUsed` are the event's.
   */
  isOnList: z.boolean().optional(),
  inside: z.number().int().optional(),
  validLists: z.array(z.string()).optional(),
});
export type ManifestParticipation = z.infer<typeof manifestParticipation>;

/** Why a revoked code is refused, as the scanner says it: handed on, cancelled or refunded (a resale too), an invitation revoked. */
export const revocationReason = z.enum(['transferred', 'cancelled', 'invitation_revoked']);
export type RevocationReason = z.infer<typeof revocationReason>;

export const checkinManifest = z.object({
  event: eventSummary,
  /** Ed25519 public key, raw 32 bytes in base64: the scanner checks codes with it offline. */
  publicKey: z.string(),
  participations: z.array(manifestParticipation),
  /**
   * The ids of the event's participations whose codes are revoked (transferred, resold, refunded,
   * cancelled, a revoked invitation): their signatures still verify, so an offline scanner refuses
   * them from this list.
   */
  revoked: z.array(z.string()),
  /**
   * Why each revoked code is refused, by id. A manifest kept from before the reasons has none: its
   * codes are read as transferred, the refusal it showed then.
   */
  revokedReasons: z.record(z.string(), revocationReason).optional(),
  /** The name of whoever syncs: the entries this device takes offline are theirs. */
  scannerName: z.string(),
  syncedAt: z.string(),
  /** The check-in list this manifest is for; none (or absent): the whole event. */
  list: checkinListRules.nullable().optional(),
  /**
   * The whole event's manifest of an event of several dates (issue 32): the date the door lets in
   * when it was made, whose places (and the passes) the scanner's progress counts. Null otherwise.
   */
  doorDateId: z.string().nullable().optional(),
});
export type CheckinManifest = z.infer<typeof checkinManifest>;

/** The events a person may scan now (the scanner's menu entry): today's, as staff, organiser or administrator. */
export const scannableEvent = eventSummary.extend({
  /** The person also sells at this event's door (organiser, administrator, box office). */
  canSell: z.boolean(),
});
export type ScannableEvent = z.infer<typeof scannableEvent>;

export const CHECKIN_LIST_NAME_MAX = 60;

/** The console's list form; `allowCheckout` defaults to `allowReentry` (coming back needs leaving). */
export const createCheckinListRequest = z.strictObject({
  name: formText(CHECKIN_LIST_NAME_MAX),
  ticketIds: z.array(z.string().max(64)).max(200).default([]),
  /** Its dates, on an event of several (issue 32): a place for another date is not on it; empty: every date. */
  dateIds: z.array(z.string().max(64)).max(400).default([]),
  allowReentry: z.boolean().default(false),
  allowCheckout: z.boolean().optional(),
});
export type CreateCheckinListRequest = z.input<typeof createCheckinListRequest>;

export const updateCheckinListRequest = z.strictObject({
  name: z.string().max(CHECKIN_LIST_NAME_MAX).optional(),
  ticketIds: z.array(z.string().max(64)).max(200).optional(),
  dateIds: z.array(z.string().max(64)).max(400).optional(),
  allowReentry: z.boolean().optional(),
  allowCheckout: z.boolean().optional(),
});
export type UpdateCheckinListRequest = z.infer<typeof updateCheckinListRequest>;

/** A list as the console and the scanner show it, with its live figures. */
export const checkinList = checkinListRules.extend({
  ticketIds: z.array(z.string()),
  /** Its dates (issue 32): a pass is admitted once per date, on each date's list; empty: every date. */
  dateIds: z.array(z.string()).optional(),
  /** People inside now (entries less check-outs), and places that entered at least once. */
  inside: z.number().int(),
  entered: z.number().int(),
});
export type CheckinList = z.infer<typeof checkinList>;

/** The scanner's choice of lists, and the whole event's figures (the implicit list). */
export const checkinLists = z.object({
  lists: z.array(checkinList),
  /** The implicit list: scans that name no list. */
  event: z.object({ inside: z.number().int(), total: z.number().int() }),
});
export type CheckinLists = z.infer<typeof checkinLists>;
