import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { integrationsFr } from '@guichet/shared';
import { AppError, badRequest } from '../../lib/errors';

const m = integrationsFr.errors;

/**
 * Addresses a webhook must never reach in production: private networks, loopback, link-local
 * (the cloud metadata service at 169.254.169.254), shared and reserved ranges, multicast, and
 * IPv6's forms that carry an IPv4 address inside (mapped, NAT64, 6to4, Teredo).
 */
const refused = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const) {
  refused.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  refused.addSubnet(network, prefix, 'ipv6');
}

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !refused.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** A webhook's address as typed: http(s), a host, no more than the URL parser accepts. */
export function parseWebhookUrl(raw: string, publicOnly: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw badRequest(m.urlInvalid, 'url');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw badRequest(m.urlInvalid, 'url');
  if (!url.hostname) throw badRequest(m.urlInvalid, 'url');
  if (publicOnly && url.protocol !== 'https:') throw badRequest(m.urlNotHttps, 'url');
  return url;
}

export type Resolve = (hostname: string) => Promise<{ address: string; family: number }[]>;
const systemResolve: Resolve = (hostname) => lookup(hostname, { all: true, verbatim: true });

/**
 * The one address a delivery connects to, resolved once here: the connection is made to it, so
 * a name that answers a public address to this check and a private one to the next (DNS
 * rebinding) is never asked twice. Every address the name has must be public in production.
 */
export async function resolveWebhookTarget(
  url: URL,
  publicOnly: boolean,
  resolve: Resolve = systemResolve,
): Promise<{ address: string; family: number }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    try {
      addresses = await resolve(host);
    } catch {
      throw new AppError('WEBHOOK_URL_UNRESOLVED', m.urlUnresolved, 400, 'url');
    }
  }
  const [first] = addresses;
  if (!first) throw new AppError('WEBHOOK_URL_UNRESOLVED', m.urlUnresolved, 400, 'url');
  if (publicOnly && addresses.some(({ address }) => !isPublicAddress(address))) {
    throw new AppError('WEBHOOK_URL_PRIVATE', m.urlPrivate, 400, 'url');
  }
  return first;
}
