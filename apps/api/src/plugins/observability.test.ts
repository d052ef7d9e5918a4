import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/use-test-app';

const t = useTestApp();

/** Each metric family of a Prometheus text page: its name, its type and whether it has a help text. */
function familiesOf(text: string) {
  const families = new Map<string, { type: string; hasHelp: boolean }>();
  for (const line of text.split('\n')) {
    const [hash, keyword, name = '', rest = ''] = line.split(' ');
    if (hash !== '#') continue;
    const family = families.get(name) ?? { type: '', hasHelp: false };
    if (keyword === 'TYPE') family.type = rest;
    if (keyword === 'HELP') family.hasHelp = rest.length > 0;
    families.set(name, family);
  }
  return [...families].map(([name, family]) => ({ name, ...family }));
}

describe('GET /metrics', () => {
  it('names metrics as Prometheus asks (what promtool check metrics checks)', async () => {
    // One request first, so that the request histogram has a series.
    await t.app.inject({ url: '/api/health' });
    const response = await t.app.inject({ url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const families = familiesOf(response.body);
    expect(families.length).toBeGreaterThan(20);
    const named = (test: (family: (typeof families)[number]) => boolean) =>
      families.filter(test).map((family) => `${family.name} (${family.type})`);
    // Counters end in _total and nothing else does; _count, _sum, _bucket are histograms' own series.
    expect(named((f) => f.type === 'counter' && !f.name.endsWith('_total'))).toEqual([]);
    expect(named((f) => f.type !== 'counter' && f.name.endsWith('_total'))).toEqual([]);
    expect(named((f) => f.type !== 'histogram' && /_(count|sum|bucket)$/.test(f.name))).toEqual([]);
    // Snake case, base units (seconds, bytes), no abbreviated units, every family explained.
    expect(named((f) => !/^[a-z_:][a-z0-9_:]*$/.test(f.name))).toEqual([]);
    expect(named((f) => /_(ms|milliseconds|us|ns|kb|mb|kilobytes|megabytes|minutes|hours)(_|$)/.test(f.name))).toEqual(
      [],
    );
    expect(named((f) => !f.hasHelp)).toEqual([]);
    expect(families.map((f) => f.name)).toEqual(
      expect.arrayContaining([
        'guichet_http_request_duration_seconds',
        'guichet_holds_total',
        'guichet_jobs_pending',
        'guichet_nodejs_active_handles',
      ]),
    );
  });
});
