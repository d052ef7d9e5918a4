import { base32nopad } from '@scure/base';

/**
 * A ticket code, as printed in its QR code: one version byte, the participation's id (16 bytes),
 * the first 8 bytes of its event's id, the number of places (1 byte), then the Ed25519 signature
 * of those 26 bytes (64 bytes), all in base32 without padding: 144 characters of the QR code's
 * alphanumeric set (A–Z, 2–7), which packs them at 5.5 bits each. The JSON format it replaces took
 * about 240 characters in byte mode, twice the modules at the door (issue 16, docs/decisions.md).
 * The event's prefix lets a scanner that has not synced a late buyer still tell an event's code
 * from another's; the signature makes it unforgeable. Shared by the server, which signs, and the
 * browser scanner, which verifies offline with the public key.
 */
const TICKET_CODE_VERSION = 2;
const SIGNED_LENGTH = 26;
const SIGNATURE_LENGTH = 64;
const EVENT_PREFIX_BYTES = 8;

export type TicketCodePayload = {
  participationId: string;
  /** The first 16 hex digits of the event id. */
  eventPrefix: string;
  quantity: number;
};

type DecodedTicketCode = TicketCodePayload & { signed: Uint8Array; signature: Uint8Array };

const hexOf = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

function uuidBytes(uuid: string): Uint8Array {
  const hex = uuid.replace(/-/g, '');
  if (!/^[0-9a-f]{32}$/i.test(hex)) throw new Error('not a uuid');
  return Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
}

function uuidOf(bytes: Uint8Array): string {
  const hex = hexOf(bytes);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The bytes a code signs. Quantities above 255 places do not exist (5 per order). */
export function ticketCodeSignedBytes(participation: { id: string; eventId: string; quantity: number }): Uint8Array {
  const bytes = new Uint8Array(SIGNED_LENGTH);
  bytes[0] = TICKET_CODE_VERSION;
  bytes.set(uuidBytes(participation.id), 1);
  bytes.set(uuidBytes(participation.eventId).subarray(0, EVENT_PREFIX_BYTES), 17);
  bytes[25] = Math.min(255, Math.max(1, participation.quantity));
  return bytes;
}

export function encodeTicketCode(signed: Uint8Array, signature: Uint8Array): string {
  const all = new Uint8Array(SIGNED_LENGTH + SIGNATURE_LENGTH);
  all.set(signed, 0);
  all.set(signature, SIGNED_LENGTH);
  return base32nopad.encode(all);
}

/**
 * The parts of a code as typed or scanned (case and spaces ignored), or null when it cannot be
 * one. Says nothing about authenticity: the signature is checked by the caller.
 */
export function decodeTicketCode(code: string): DecodedTicketCode | null {
  const text = code.replace(/[\s-]/g, '').toUpperCase();
  if (text.length !== 144 || !/^[A-Z2-7]+$/.test(text)) return null;
  let bytes: Uint8Array;
  try {
    bytes = base32nopad.decode(text);
  } catch {
    return null;
  }
  if (bytes.length !== SIGNED_LENGTH + SIGNATURE_LENGTH || bytes[0] !== TICKET_CODE_VERSION) return null;
  const quantity = bytes[25] ?? 0;
  if (quantity < 1) return null;
  return {
    participationId: uuidOf(bytes.subarray(1, 17)),
    eventPrefix: hexOf(bytes.subarray(17, 25)),
    quantity,
    signed: bytes.subarray(0, SIGNED_LENGTH),
    signature: bytes.subarray(SIGNED_LENGTH),
  };
}

/** Whether a decoded code names this event (by its id's first 8 bytes, which the signature covers). */
export function isCodeOfEvent(code: TicketCodePayload, eventId: string): boolean {
  return eventId.replace(/-/g, '').toLowerCase().startsWith(code.eventPrefix);
}

/**
 * A short reference of a participation for people: printed under the QR code and typed at the
 * door when a ticket cannot be scanned (the first 10 characters of its id in base32, grouped).
 */
export function ticketShortCode(participationId: string): string {
  const text = base32nopad.encode(uuidBytes(participationId)).slice(0, 10);
  return `${text.slice(0, 5)}-${text.slice(5)}`;
}

/**
 * How every ticket QR code is drawn, on the server (mail, PDF) and in the browser: level Q (a
 * quarter of the code may be damaged; the spec's highest level would double the modules again,
 * see docs/decisions.md), the standard quiet zone of 4 modules, black on white whatever the theme.
 */
export const TICKET_QR_OPTIONS = {
  errorCorrectionLevel: 'Q',
  margin: 4,
  color: { dark: '#000000ff', light: '#ffffffff' },
} as const;

/** How wide QR codes are shown, in px (1-attendee.md §9): a ticket's or a person's code 200, an event's link 230. */
export const QR_CODE_SIZE = { code: 200, link: 230 } as const;
