import { createPublicKey, type KeyObject, sign, verify } from 'node:crypto';
import { z } from 'zod';
import { isUuid } from '../../lib/ids';

/**
 * A ticket code: `G1.<base64url(payload)>.<base64url(Ed25519 signature)>`. The signature covers
 * `G1.<payload>`, version included, so a scanner holding only the public key can tell a real
 * ticket from a forged one without reaching the server.
 */
export const TICKET_CODE_VERSION = 'G1';

/** Participation, event, number of places, holder's name: what the door needs to know. */
export type TicketCodePayload = { p: string; e: string; q: number; n: string };

export type SignableParticipation = { id: string; eventId: string; quantity: number; holderName: string };

/** Names are cut so that the code, and its QR code, stay small. */
const MAX_NAME_LENGTH = 40;

const base64url = /^[A-Za-z0-9_-]+$/;
const payloadSchema = z.strictObject({
  p: z.string().refine(isUuid),
  e: z.string().refine(isUuid),
  q: z.number().int().positive(),
  n: z.string().max(MAX_NAME_LENGTH),
});

export function signTicketCode(participation: SignableParticipation, privateKey: KeyObject): string {
  const payload: TicketCodePayload = {
    p: participation.id,
    e: participation.eventId,
    q: participation.quantity,
    n: Array.from(participation.holderName.trim()).slice(0, MAX_NAME_LENGTH).join(''),
  };
  const signed = `${TICKET_CODE_VERSION}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${signed}.${sign(null, Buffer.from(signed), privateKey).toString('base64url')}`;
}

/** The payload of a genuine code; null for a tampered code, another key's code, or no code at all. */
export function verifyTicketCode(code: string, publicKey: KeyObject | string): TicketCodePayload | null {
  const parts = code.trim().split('.');
  if (parts.length !== 3) return null;
  const [version, payload = '', signature = ''] = parts;
  if (version !== TICKET_CODE_VERSION || !base64url.test(payload) || !base64url.test(signature)) return null;
  const signatureBytes = Buffer.from(signature, 'base64url');
  if (signatureBytes.length !== 64) return null;
  try {
    const key = typeof publicKey === 'string' ? createPublicKey(publicKey) : publicKey;
    if (!verify(null, Buffer.from(`${version}.${payload}`), key, signatureBytes)) return null;
    const parsed = payloadSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
