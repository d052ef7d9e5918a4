import { EMBED_BOOKING_REF } from '@guichet/shared';

/**
 * The embedded shop opens the event's page in Guichet's own window with `?widget=<ref>`: the
 * reference is kept for the tab (login, the bank and its return page come between), and the
 * order that ends the booking is reported under it once paid.
 */
const keyOf = (eventId: string) => `guichet.embed.${eventId}`;

export function rememberWidgetRef(eventId: string, ref: string | null): void {
  if (!ref || !EMBED_BOOKING_REF.test(ref)) return;
  try {
    sessionStorage.setItem(keyOf(eventId), ref);
  } catch {
    // Storage refused (a private mode): the booking goes on, the shop just is not told.
  }
}

export function widgetRefOf(eventId: string): string | null {
  try {
    return sessionStorage.getItem(keyOf(eventId));
  } catch {
    return null;
  }
}

/** Reported: a second booking in the same window is not the shop's. */
export function forgetWidgetRef(eventId: string): void {
  try {
    sessionStorage.removeItem(keyOf(eventId));
  } catch {
    // nothing kept
  }
}

/** A new reference for one booking window: 128 random bits, base64url. */
export function newWidgetRef(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}
