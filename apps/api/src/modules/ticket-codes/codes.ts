import { createPublicKey, type KeyObject, sign, verify } from 'node:crypto';
import { decodeTicketCode, encodeTicketCode, type TicketCodePayload, ticketCodeSignedBytes } from '@guichet/shared';

/**
 * Ticket codes (format in packages/shared, tickets/code-format.ts): the participation, its event
 * and its places, signed with Ed25519 so that a scanner holding only the public key can tell a
 * real ticket from a forged one without reaching the server. The holder's name is not in the
 * code: it kept the QR code twice as dense; the door reads it from the participation list.
 */
type SignableParticipation = { id: string; eventId: string; quantity: number };

export function signTicketCode(participation: SignableParticipation, privateKey: KeyObject): string {
  const signed = ticketCodeSignedBytes(participation);
  return encodeTicketCode(signed, sign(null, signed, privateKey));
}

/** The payload of a genuine code; null for a tampered code, another key's code, or no code at all. */
export function verifyTicketCode(code: string, publicKey: KeyObject | string): TicketCodePayload | null {
  const decoded = decodeTicketCode(code);
  if (!decoded) return null;
  try {
    const key = typeof publicKey === 'string' ? createPublicKey(publicKey) : publicKey;
    if (!verify(null, decoded.signed, key, decoded.signature)) return null;
  } catch {
    return null;
  }
  return { participationId: decoded.participationId, eventPrefix: decoded.eventPrefix, quantity: decoded.quantity };
}
