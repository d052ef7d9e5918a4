import { ADDRESS_QUERY_MIN_LENGTH, ADDRESS_SUGGESTION_LIMIT } from '@guichet/shared';
import type { Config } from '../../config';
import { searchAddressBase } from './address-base';
import { geocodeGazetteer, searchGazetteer } from './gazetteer';

export type AddressSuggestion = {
  label: string;
  name: string;
  postcode: string;
  city: string;
  latitude: number;
  longitude: number;
};
export type AddressService = {
  suggest(query: string): Promise<AddressSuggestion[]>;
  geocode(label: string): Promise<{ latitude: number; longitude: number } | null>;
};

/** Where the failures of the national service are reported: never the searched text (a home address). */
type AddressLogger = { warn(details: Record<string, unknown>, message: string): void };

const DEFAULT_BAN_URL = 'https://api-adresse.data.gouv.fr';
const DEFAULT_TIMEOUT_MS = 2000;
/** Below this relevance the national service's best answer is a guess, not the address typed. */
const MIN_GEOCODE_SCORE = 0.5;

const offline: AddressService = {
  suggest: async (query) => (query.trim().length < ADDRESS_QUERY_MIN_LENGTH ? [] : searchGazetteer(query)),
  geocode: async (label) => geocodeGazetteer(label),
};

/**
 * Suggestions and coordinates from the national address service (BAN), or from the offline
 * gazetteer. When the national service cannot be reached in time the gazetteer answers, so that
 * typing an address never blocks a form.
 */
export function createAddressService(options: {
  provider: 'ban' | 'offline';
  banUrl?: string;
  timeoutMs?: number;
  logger?: AddressLogger;
}): AddressService {
  if (options.provider === 'offline') return offline;
  const ban = { baseUrl: options.banUrl ?? DEFAULT_BAN_URL, timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS };
  const fallback = (reason: string) =>
    options.logger?.warn({ reason }, 'address service unreachable, answering from the offline gazetteer');

  return {
    async suggest(query) {
      const text = query.trim();
      if (text.length < ADDRESS_QUERY_MIN_LENGTH) return [];
      const answer = await searchAddressBase(ban, { q: text, limit: ADDRESS_SUGGESTION_LIMIT, autocomplete: true });
      if (!answer.ok) {
        fallback(answer.reason);
        return offline.suggest(text);
      }
      return answer.features.slice(0, ADDRESS_SUGGESTION_LIMIT).map((feature) => feature.suggestion);
    },
    async geocode(label) {
      const text = label.trim();
      if (text.length < ADDRESS_QUERY_MIN_LENGTH) return null;
      const answer = await searchAddressBase(ban, { q: text, limit: 1, autocomplete: false });
      if (!answer.ok) {
        fallback(answer.reason);
        return offline.geocode(text);
      }
      const best = answer.features[0];
      if (!best || best.score < MIN_GEOCODE_SCORE) return null;
      return { latitude: best.suggestion.latitude, longitude: best.suggestion.longitude };
    },
  };
}

/** The service chosen by the configuration (see config.ts: ADDRESS_PROVIDER, ADDRESS_API_URL). */
export function addressServiceFromConfig(config: Config, logger?: AddressLogger): AddressService {
  return createAddressService({ provider: config.addressProvider, banUrl: config.addressApiUrl, logger });
}
