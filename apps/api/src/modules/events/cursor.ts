import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ListPosition } from './listing.repository';

/**
 * The list's cursor: the position of a page's last event (its start to the microsecond, its id),
 * base64url, and an HMAC of it. A cursor is not a secret, but one that was altered is refused
 * with a 400 rather than read as some other position, and its parts never reach SQL unchecked.
 */
const VERSION = 'c1';
const ISO_MICROS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function createCursorCodec(key: Buffer) {
  const sign = (payload: string) =>
    createHmac('sha256', key).update(`${VERSION}.${payload}`).digest().subarray(0, 12).toString('base64url');
  return {
    encode(position: ListPosition): string {
      const payload = Buffer.from(`${position.dateBegin}|${position.id}`).toString('base64url');
      return `${VERSION}.${payload}.${sign(payload)}`;
    },
    /** The position, or null for anything that is not a cursor this server made. */
    decode(cursor: string): ListPosition | null {
      const [version, payload, signature, ...rest] = cursor.split('.');
      if (version !== VERSION || !payload || !signature || rest.length) return null;
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const [dateBegin, id] = Buffer.from(payload, 'base64url').toString('utf8').split('|');
      if (!dateBegin || !id || !ISO_MICROS.test(dateBegin) || !UUID.test(id)) return null;
      return { dateBegin, id };
    },
  };
}
export type CursorCodec = ReturnType<typeof createCursorCodec>;
