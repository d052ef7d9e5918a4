import type { AddressSuggestion } from '@guichet/shared';
import { z } from 'zod';

/** The part of the national service's GeoJSON answer that is used (3-showcase-and-shell.md §7). */
const addressBaseFeature = z.object({
  geometry: z.object({ coordinates: z.tuple([z.number(), z.number()]).rest(z.number()) }),
  properties: z.object({
    label: z.string(),
    name: z.string(),
    postcode: z.string().default(''),
    city: z.string().default(''),
    score: z.number().default(0),
  }),
});
const banAnswer = z.object({ features: z.array(z.unknown()) });

type AddressBaseMatch = { suggestion: AddressSuggestion; score: number };
type AddressBaseAnswer = { ok: true; features: AddressBaseMatch[] } | { ok: false; reason: string };

/** One search on the national service; any failure (network, timeout, status, shape) is a reason, not a throw. */
export async function searchAddressBase(
  ban: { baseUrl: string; timeoutMs: number },
  search: { q: string; limit: number; autocomplete: boolean },
): Promise<AddressBaseAnswer> {
  const url = new URL('search/', ban.baseUrl.endsWith('/') ? ban.baseUrl : `${ban.baseUrl}/`);
  url.searchParams.set('q', search.q);
  url.searchParams.set('limit', String(search.limit));
  url.searchParams.set('autocomplete', search.autocomplete ? '1' : '0');
  let body: unknown;
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(ban.timeoutMs),
    });
    if (!response.ok) {
      await response.body?.cancel();
      return { ok: false, reason: `status ${response.status}` };
    }
    body = await response.json();
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    const reason = name === 'TimeoutError' ? 'timeout' : name === 'SyntaxError' ? 'invalid JSON' : 'network';
    return { ok: false, reason };
  }
  const answer = banAnswer.safeParse(body);
  if (!answer.success) return { ok: false, reason: 'unexpected answer' };
  // A malformed feature is skipped rather than failing the whole answer.
  const features = answer.data.features.flatMap((raw) => {
    const parsed = addressBaseFeature.safeParse(raw);
    if (!parsed.success) return [];
    const { geometry, properties } = parsed.data;
    const [longitude, latitude] = geometry.coordinates;
    const { label, name, postcode, city, score } = properties;
    return [{ suggestion: { label, name, postcode, city, latitude, longitude }, score }];
  });
  return { ok: true, features };
}
