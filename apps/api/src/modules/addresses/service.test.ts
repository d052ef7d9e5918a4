import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { productionSettings } from '../../../test/helpers';
import { loadConfig } from '../../config';
import { addressServiceFromConfig, createAddressService } from './service';

type Handler = (url: URL, response: ServerResponse) => void;

/** A stand-in for the national address service on 127.0.0.1: tests never reach the internet. */
let server: Server;
let baseUrl: string;
let handler: Handler;
const requests: URL[] = [];

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    requests.push(url);
    handler(url, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
afterEach(() => {
  requests.length = 0;
});

const feature = (i: number, score = 0.9) => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [2.35 + i / 100, 48.85] },
  properties: {
    label: `${i} Rue de la Paix 75002 Paris`,
    name: `${i} Rue de la Paix`,
    postcode: '75002',
    city: 'Paris',
    score,
    type: 'housenumber',
  },
});

const answerJson = (features: unknown[]) => (_url: URL, response: ServerResponse) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ type: 'FeatureCollection', features }));
};

describe('national address service adapter', () => {
  it('asks for 15 autocompleted suggestions and reads label, name, postcode, city and [lon, lat]', async () => {
    handler = answerJson(Array.from({ length: 20 }, (_, i) => feature(i + 1)));
    const service = createAddressService({ provider: 'ban', banUrl: baseUrl });
    const results = await service.suggest('  rue de la paix ');
    expect(requests).toHaveLength(1);
    expect(requests[0]?.pathname).toBe('/search/');
    expect(Object.fromEntries(requests[0]?.searchParams ?? [])).toEqual({
      q: 'rue de la paix',
      limit: '15',
      autocomplete: '1',
    });
    expect(results).toHaveLength(15);
    expect(results[0]).toEqual({
      label: '1 Rue de la Paix 75002 Paris',
      name: '1 Rue de la Paix',
      postcode: '75002',
      city: 'Paris',
      latitude: 48.85,
      longitude: 2.36,
    });
  });

  it('skips malformed features and asks nothing for under 3 characters', async () => {
    handler = answerJson([{ properties: { label: 'sans géométrie' } }, feature(7)]);
    const service = createAddressService({ provider: 'ban', banUrl: `${baseUrl}/` });
    expect((await service.suggest('rue de la paix')).map((s) => s.name)).toEqual(['7 Rue de la Paix']);
    expect(await service.suggest('ru')).toEqual([]);
    expect(requests).toHaveLength(1);
  });

  it('geocodes with the best feature, and answers null when none is relevant', async () => {
    handler = answerJson([feature(3)]);
    const service = createAddressService({ provider: 'ban', banUrl: baseUrl });
    expect(await service.geocode('3 Rue de la Paix 75002 Paris')).toEqual({ latitude: 48.85, longitude: 2.38 });
    expect(requests[0]?.searchParams.get('limit')).toBe('1');
    expect(requests[0]?.searchParams.get('autocomplete')).toBe('0');

    handler = answerJson([feature(3, 0.2)]);
    expect(await service.geocode('azertyuiop')).toBeNull();
    handler = answerJson([]);
    expect(await service.geocode('azertyuiop')).toBeNull();
  });

  it('falls back to the offline gazetteer after the timeout, and says why without the address', async () => {
    handler = () => {}; // never answers
    const warn = vi.fn();
    const service = createAddressService({ provider: 'ban', banUrl: baseUrl, timeoutMs: 100, logger: { warn } });
    const started = Date.now();
    const results = await service.suggest('place du capitole');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(results[0]?.city).toBe('Toulouse');
    expect(await service.geocode('Port Saint-Sauveur, 31000 Toulouse')).toEqual({
      latitude: 43.5946,
      longitude: 1.4571,
    });
    expect(warn).toHaveBeenCalledWith({ reason: 'timeout' }, expect.any(String));
    expect(JSON.stringify(warn.mock.calls)).not.toMatch(/capitole|Sauveur/i);
  });

  it('falls back when the service fails, answers garbage, or cannot be reached', async () => {
    const warn = vi.fn();
    const service = createAddressService({ provider: 'ban', banUrl: baseUrl, logger: { warn } });
    handler = (_url, response) => {
      response.writeHead(503);
      response.end('indisponible');
    };
    expect((await service.suggest('jardin des plantes'))[0]?.label).toBe('Jardin des Plantes, 31400 Toulouse');
    handler = (_url, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"features": 3');
    };
    expect((await service.suggest('jardin des plantes'))[0]?.city).toBe('Toulouse');
    const closed = createAddressService({ provider: 'ban', banUrl: 'http://127.0.0.1:1', logger: { warn } });
    expect((await closed.suggest('jardin des plantes'))[0]?.city).toBe('Toulouse');
    expect(warn.mock.calls.map(([details]) => details.reason)).toEqual(['status 503', 'invalid JSON', 'network']);
  });

  it('never calls the network in offline mode', async () => {
    handler = answerJson([feature(1)]);
    const service = createAddressService({ provider: 'offline', banUrl: baseUrl });
    expect((await service.suggest('rue de metz'))[0]?.label).toBe('12 Rue de Metz, 31000 Toulouse');
    expect(await service.geocode('12 rue de metz 31000 toulouse')).toEqual({ latitude: 43.6001, longitude: 1.4432 });
    expect(requests).toHaveLength(0);
  });
});

describe('address service settings', () => {
  const configFrom = (env: Record<string, string>) => loadConfig({ LOG_LEVEL: 'silent', ...env });

  it('is offline in test and development unless ADDRESS_PROVIDER says otherwise', async () => {
    handler = answerJson([feature(5)]);
    await addressServiceFromConfig(configFrom({ NODE_ENV: 'test' })).suggest('rue de la paix');
    await addressServiceFromConfig(configFrom({ NODE_ENV: 'development' })).suggest('rue de la paix');
    expect(requests).toHaveLength(0);

    const ban = configFrom({ NODE_ENV: 'test', ADDRESS_PROVIDER: 'ban', ADDRESS_API_URL: baseUrl });
    expect((await addressServiceFromConfig(ban).suggest('rue de la paix'))[0]?.name).toBe('5 Rue de la Paix');
    expect(requests).toHaveLength(1);
  });

  it('uses the national service in production, at ADDRESS_API_URL', async () => {
    handler = answerJson([feature(6)]);
    const production = configFrom({ ...productionSettings, ADDRESS_API_URL: baseUrl });
    expect((await addressServiceFromConfig(production).suggest('rue de la paix'))[0]?.name).toBe('6 Rue de la Paix');
    const offline = configFrom({ ...productionSettings, ADDRESS_PROVIDER: 'offline', ADDRESS_API_URL: baseUrl });
    await addressServiceFromConfig(offline).suggest('rue de la paix');
    expect(requests).toHaveLength(1);
  });
});
