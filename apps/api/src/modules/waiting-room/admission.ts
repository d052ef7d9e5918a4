import { createHmac } from 'node:crypto';
import { safeEqual } from '../../lib/tokens';

/**
 * The admission a buyer carries from the waiting room to the hold: `eventId.visitorId.expiry.mac`,
 * an HMAC-SHA256 over the rest. Symmetric and stateless, so that any process checks it without
 * asking Redis; short-lived (ADMISSION_SECONDS) so that a copied one soon stops working, and
 * tied to its first account by the store (a copy cannot serve a second account).
 */
export const ADMISSION_SECONDS = 600;

type Admission = { eventId: string; visitorId: string; expiresAt: number };

/** A key of its own derived from the server's signing secret, as the list cursor's is. */
export function admissionKeyFrom(secret: Buffer | string): Buffer {
  return createHmac('sha256', secret).update('guichet waiting room admission').digest();
}

const mac = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

export function signAdmission(key: Buffer, admission: Admission): string {
  const payload = `${admission.eventId}.${admission.visitorId}.${Math.floor(admission.expiresAt / 1000)}`;
  return `${payload}.${mac(key, payload)}`;
}

/** The admission if the token is ours, whole and unexpired; null otherwise. */
export function verifyAdmission(key: Buffer, token: string | undefined, now: number): Admission | null {
  if (!token || token.length > 300) return null;
  const parts = token.split('.');
  if (parts.length !== 4) return null;
  const [eventId, visitorId, expiry, signature] = parts as [string, string, string, string];
  if (!safeEqual(mac(key, `${eventId}.${visitorId}.${expiry}`), signature)) return null;
  const expiresAt = Number(expiry) * 1000;
  if (!Number.isFinite(expiresAt) || expiresAt <= now) return null;
  return { eventId, visitorId, expiresAt };
}
