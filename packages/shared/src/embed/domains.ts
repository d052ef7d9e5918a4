import { embedFr } from '../messages/fr-embed';

/** A reference the shop drew at random for one booking window: 128 bits or more, base64url. */
export const EMBED_BOOKING_REF = /^[A-Za-z0-9_-]{22,64}$/;

/** The most sites one event's shop may be framed by: a header, not a directory. */
export const MAX_EMBED_DOMAINS = 20;

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
/**
 * A host as a CSP source expression reads it: a name (a `*.` prefix for every subdomain), or
 * `localhost`, or an IPv4 address, with an optional port. Nothing else gets through, so that no
 * declared domain can add a directive (`;`), a source (space) or a scheme to the header.
 */
const HOST = new RegExp(
  `^(?:\\*\\.)?(?:${LABEL}\\.)+[a-z](?:[a-z0-9-]*[a-z0-9])?$|^localhost$|^(?:\\d{1,3}\\.){3}\\d{1,3}$`,
);

/** The host an organiser typed, as declared: lowercase, without a pasted scheme, path or final dot. */
export function normalizeEmbedDomain(input: string): string {
  return input
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/\/+$/, '')
    .replace(/\.(?=:|$)/, '');
}

/** Whether a normalized host may be declared (a valid name, an address of valid bytes, a valid port). */
export function isEmbedDomain(host: string): boolean {
  const [, name = '', port] = /^([^:]*)(?::(\d{1,5}))?$/.exec(host) ?? [];
  if (!name || name.length > 253 || !HOST.test(name)) return false;
  if (/^[\d.]+$/.test(name) && name.split('.').some((byte) => Number(byte) > 255)) return false;
  return port === undefined || (Number(port) >= 1 && Number(port) <= 65535);
}

/**
 * The domains of the console's form, checked in order: each must be valid, at most twenty once
 * duplicates are dropped. Either the hosts to store or the first error's French text.
 */
export function checkEmbedDomains(inputs: readonly string[]): { domains: string[] } | { error: string } {
  const domains: string[] = [];
  for (const input of inputs) {
    if (!input.trim()) continue;
    const host = normalizeEmbedDomain(input);
    if (!isEmbedDomain(host)) return { error: embedFr.domains.invalid(input.trim()) };
    if (!domains.includes(host)) domains.push(host);
  }
  if (domains.length > MAX_EMBED_DOMAINS) return { error: embedFr.domains.tooMany(MAX_EMBED_DOMAINS) };
  return { domains };
}
