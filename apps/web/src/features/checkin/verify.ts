import { decodeTicketCode, isCodeOfEvent } from '@guichet/shared';
// Bundled with the scanner, not loaded on demand: it must be there when the network is not.
import { verifyAsync } from '@noble/ed25519';

/** What a scanned code says on this device alone: a genuine ticket of this event, or not. */
export type LocalVerdict =
  | { kind: 'ticket'; participationId: string; quantity: number }
  | { kind: 'invalid' }
  | { kind: 'other_event' };

const keys = new Map<string, Uint8Array>();

function keyBytes(publicKeyBase64: string): Uint8Array {
  let key = keys.get(publicKeyBase64);
  if (!key) {
    key = Uint8Array.from(atob(publicKeyBase64), (c) => c.charCodeAt(0));
    keys.set(publicKeyBase64, key);
  }
  return key;
}

/**
 * Checks a code's Ed25519 signature with the event's public key, with no network: a forged code or
 * another event's is refused at once.
 */
export async function verifyLocally(code: string, eventId: string, publicKeyBase64: string): Promise<LocalVerdict> {
  const decoded = decodeTicketCode(code);
  if (!decoded) return { kind: 'invalid' };
  let genuine = false;
  try {
    genuine = await verifyAsync(decoded.signature, decoded.signed, keyBytes(publicKeyBase64));
  } catch {
    genuine = false;
  }
  if (!genuine) return { kind: 'invalid' };
  if (!isCodeOfEvent(decoded, eventId)) return { kind: 'other_event' };
  return { kind: 'ticket', participationId: decoded.participationId, quantity: decoded.quantity };
}
