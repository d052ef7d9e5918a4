import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import createClient from 'openapi-fetch';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';
import type { paths } from '../../../test/generated/api-types';
import { createEvent, createUser } from '../../../test/helpers';
import { tempFolders } from '../../../test/temp-folders';
import { useListeningTestApp } from '../../../test/use-test-app';

const t = useListeningTestApp();
const newFolder = tempFolders('openapi');

/** The published document, as an integrator downloads it. */
async function contract(): Promise<OpenAPI3> {
  const response = await t.app.inject({ url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('the contract as integrators’ tools read it', () => {
  it('passes Redocly’s recommended rules without an error', async () => {
    const file = path.join(newFolder(), 'openapi.json');
    writeFileSync(file, JSON.stringify(await contract()));
    const redocly = path.join(process.cwd(), 'node_modules/.bin/redocly');
    let output: string;
    try {
      output = execFileSync(redocly, ['lint', file, '--format=json'], { encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      // Redocly exits 1 when it finds errors: its report is still on stdout.
      output = String((error as { stdout?: string }).stdout ?? '');
    }
    const report = JSON.parse(output) as {
      totals: { errors: number };
      problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
    };
    const errors = report.problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer}: ${problem.message}`);
    expect(errors).toEqual([]);
    expect(report.totals.errors).toBe(0);
  }, 120_000);

  it('gives every operation a unique operationId, a summary, a tag and its security', async () => {
    const document = (await contract()) as unknown as {
      servers: { url: string }[];
      paths: Record<
        string,
        Record<string, { operationId?: string; summary?: string; tags?: string[]; security?: unknown[] }>
      >;
    };
    expect(document.servers).toEqual([{ url: t.config.publicUrl }]);
    const ids: string[] = [];
    for (const [url, item] of Object.entries(document.paths)) {
      expect(url).not.toContain('*');
      for (const [method, operation] of Object.entries(item)) {
        const name = `${method.toUpperCase()} ${url}`;
        expect(operation.operationId, name).toMatch(/^(get|post|put|patch|delete)[A-Z]\w+$/);
        expect(operation.summary, name).toBeTruthy();
        expect(operation.tags?.length, name).toBe(1);
        expect(Array.isArray(operation.security), name).toBe(true);
        ids.push(operation.operationId ?? '');
      }
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('generates a typed client, which calls the API', async () => {
    // The types this test compiles against are written by test/generate-api-types.ts before the type check.
    const types = astToString(await openapiTS(await contract()));
    expect(types).toContain('"/api/events/{id}": {');

    const organizer = await createUser(t, { isVerified: true });
    const { event } = await createEvent(t, organizer.id, { title: 'Client typé' }, [
      { title: 'Entrée', priceCents: 1500 },
    ]);
    const client = createClient<paths>({ baseUrl: t.base });
    const { data, error, response } = await client.GET('/api/events/{id}', { params: { path: { id: event.id } } });
    expect(response.status).toBe(200);
    expect(error).toBeUndefined();
    expect(data?.title).toBe('Client typé');
    expect(data?.tickets.map((ticket) => [ticket.title, ticket.priceCents])).toEqual([['Entrée', 1500]]);
    const missing = await client.GET('/api/events/{id}', {
      params: { path: { id: '00000000-0000-0000-0000-000000000000' } },
    });
    expect(missing.response.status).toBe(404);
  });
});
