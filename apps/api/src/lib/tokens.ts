import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A numeric code of `length` digits, uniformly drawn. */
export function randomDigits(length: number): string {
  return Array.from({ length }, () => randomInt(10)).join('');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
