import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { companyNumbers, productionSettings } from '../test/helpers';
import { ConfigError, environment, loadConfig } from './config';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');

const production = productionSettings;
const stripe = {
  STRIPE_SECRET_KEY: production.STRIPE_SECRET_KEY,
  STRIPE_PUBLISHABLE_KEY: production.STRIPE_PUBLISHABLE_KEY,
  STRIPE_WEBHOOK_SECRET: production.STRIPE_WEBHOOK_SECRET,
} as Record<string, string>;

function problemsOf(source: Record<string, string>): string[] {
  try {
    loadConfig(source);
    return [];
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.problems;
  }
}

describe('configuration', () => {
  it('names every setting production is missing, at once', () => {
    const problems = problemsOf({ NODE_ENV: 'production' }).join('\n');
    for (const name of [
      'TICKET_SIGNING_KEY',
      'SMTP_URL',
      'DATABASE_URL',
      'PUBLIC_URL',
      'STRIPE_SECRET_KEY',
      'PLATFORM_LEGAL_NAME',
      'PLATFORM_ADDRESS',
      'PLATFORM_SIRET',
      'PLATFORM_VAT_NUMBER',
    ]) {
      expect(problems).toContain(name);
    }
  });

  it('starts production with what it needs, and nothing else', () => {
    expect(problemsOf(production)).toEqual([]);
    const { SMTP_URL: _smtp, ...withoutMail } = production;
    expect(problemsOf(withoutMail)).toEqual(['SMTP_URL is required in production']);
    const { STRIPE_WEBHOOK_SECRET: _webhook, ...halfStripe } = production;
    expect(problemsOf(halfStripe).join('\n')).toMatch(/Stripe needs STRIPE_WEBHOOK_SECRET/);
  });

  it("reads the platform's identity, required in production and checked", () => {
    expect(loadConfig(production).platform).toEqual({
      legalName: 'Billetterie Exemple SAS',
      street: '2 Place Jean Millier',
      postcode: '92400',
      city: 'Courbevoie',
      country: 'France',
      ...companyNumbers,
    });
    const { PLATFORM_VAT_NUMBER: _vat, ...withoutVat } = production;
    expect(problemsOf(withoutVat)).toEqual(['PLATFORM_VAT_NUMBER is required in production']);
    expect(problemsOf({ ...production, PLATFORM_SIRET: '54205118000067' }).join('\n')).toMatch(/PLATFORM_SIRET/);
    expect(problemsOf({ ...production, PLATFORM_VAT_NUMBER: 'FR58542051180' }).join('\n')).toMatch(
      /PLATFORM_VAT_NUMBER is not/,
    );
    expect(problemsOf({ ...production, PLATFORM_VAT_NUMBER: 'FR11123456782' })).toEqual([
      "PLATFORM_VAT_NUMBER does not hold PLATFORM_SIRET's SIREN",
    ]);
    expect(problemsOf({ ...production, PLATFORM_ADDRESS: 'Courbevoie' }).join('\n')).toMatch(/PLATFORM_ADDRESS/);
    // Outside production, an example company whose identifiers pass their keys.
    expect(loadConfig({ NODE_ENV: 'development' }).platform).toMatchObject({
      legalName: 'Guichet SAS',
      siret: '12345678200002',
      vatNumber: 'FR11123456782',
    });
  });

  it('needs nothing outside production', () => {
    expect(problemsOf({ NODE_ENV: 'development' })).toEqual([]);
    expect(loadConfig({ NODE_ENV: 'development' }).ticketSigningKey).toBeUndefined();
  });

  it('refuses to start several servers that would each make their own keys', () => {
    const hmac = 'A1'.repeat(64);
    const bankKey = '-----BEGIN PRIVATE KEY-----\\nMIIC…\\n-----END PRIVATE KEY-----';
    // REDIS_URL (several servers behind a load balancer) or a cluster of processes on one port.
    for (const cluster of [
      { REDIS_URL: 'redis://127.0.0.1:6379' },
      { API_PROCESSES: '3', DATABASE_URL: 'postgres://x/y' },
    ] as Record<string, string>[]) {
      expect(problemsOf({ NODE_ENV: 'development', REDIS_URL: 'redis://127.0.0.1:6379', ...cluster })).toEqual([
        'TICKET_SIGNING_KEY is required: several servers (REDIS_URL or API_PROCESSES above 1) must share it',
        'SANDBOX_BANK_HMAC_KEY is required with the sandbox bank: several servers (REDIS_URL or API_PROCESSES above 1) must share it',
        'SANDBOX_BANK_PRIVATE_KEY is required with the sandbox bank: several servers (REDIS_URL or API_PROCESSES above 1) must share it',
      ]);
    }
    const keys = { TICKET_SIGNING_KEY: 'pem', SANDBOX_BANK_HMAC_KEY: hmac, SANDBOX_BANK_PRIVATE_KEY: bankKey };
    expect(problemsOf({ NODE_ENV: 'development', REDIS_URL: 'redis://127.0.0.1:6379', ...keys })).toEqual([]);
    // Without the sandbox bank, its keys are not asked for; one server alone needs none of them.
    expect(
      problemsOf({
        NODE_ENV: 'development',
        REDIS_URL: 'redis://r',
        TICKET_SIGNING_KEY: 'pem',
        SANDBOX_PAYMENTS: 'false',
        ...stripe,
      }),
    ).toEqual([]);
    expect(problemsOf({ NODE_ENV: 'development' })).toEqual([]);
    // Production names the signing key once, and the sandbox's keys only when the sandbox is on.
    expect(problemsOf({ ...production, REDIS_URL: 'redis://r' })).toEqual([]);
    expect(problemsOf({ ...production, REDIS_URL: 'redis://r', SANDBOX_PAYMENTS: 'true' })).toHaveLength(2);
  });

  it('reports invalid values with the setting they belong to', () => {
    expect(problemsOf({ PORT: 'eighty', ETRANSACTIONS_SITE: '12' }).join('\n')).toMatch(
      /PORT[\s\S]*ETRANSACTIONS_SITE/,
    );
  });

  it('stops a production server at start with one message and no stack trace', () => {
    const started = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, 'server.ts')], {
      cwd: root,
      env: { PATH: process.env.PATH, NODE_ENV: 'production' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(started.status).toBe(1);
    expect(started.stderr).toContain('TICKET_SIGNING_KEY');
    expect(started.stderr).toContain('SMTP_URL');
    expect(started.stderr).not.toMatch(/^\s+at /m);
  });

  it('reads the shop address and the footer social links, and reports a malformed link', () => {
    const config = loadConfig({
      NODE_ENV: 'development',
      SHOP_EMAIL: 'devis@example.org',
      SOCIAL_LINKS: 'instagram=https://instagram.com/guichet, x=https://x.com/guichet',
    });
    expect(config.shopEmail).toBe('devis@example.org');
    expect(config.socialLinks).toEqual([
      { network: 'instagram', url: 'https://instagram.com/guichet' },
      { network: 'x', url: 'https://x.com/guichet' },
    ]);
    expect(loadConfig({ NODE_ENV: 'development' }).socialLinks).toEqual([]);
    expect(problemsOf({ SOCIAL_LINKS: 'myspace=https://myspace.com/g' }).join('\n')).toMatch(/SOCIAL_LINKS/);
    expect(problemsOf({ SOCIAL_LINKS: 'facebook=http://facebook.com/g' }).join('\n')).toMatch(/SOCIAL_LINKS/);
    expect(problemsOf({ SHOP_EMAIL: 'boutique' }).join('\n')).toMatch(/SHOP_EMAIL/);
  });

  it('reads from a replica only beside PostgreSQL, within 5 s of lag unless set', () => {
    const replica = 'postgres://guichet@replica.internal/guichet';
    expect(problemsOf({ DATABASE_REPLICA_URL: replica })).toEqual([
      'DATABASE_REPLICA_URL needs DATABASE_URL: the embedded database has no replica',
    ]);
    const config = loadConfig({
      DATABASE_URL: 'postgres://guichet@primary.internal/guichet',
      DATABASE_REPLICA_URL: replica,
    });
    expect(config).toMatchObject({ databaseReplicaUrl: replica, databaseReplicaMaxLagMs: 5_000 });
    expect(loadConfig({ NODE_ENV: 'development' }).databaseReplicaUrl).toBeUndefined();
    expect(problemsOf({ DATABASE_REPLICA_MAX_LAG_SECONDS: '0' }).join('\n')).toMatch(
      /DATABASE_REPLICA_MAX_LAG_SECONDS/,
    );
  });

  it('is documented setting by setting in docs/operations.md', () => {
    const documented = new Set(
      [...readFileSync(path.join(root, 'docs/operations.md'), 'utf8').matchAll(/^\|\s*`([A-Z][A-Z0-9_]+)`/gm)].map(
        (match) => match[1] ?? '',
      ),
    );
    const settings = Object.keys(environment.shape);
    expect(settings.filter((name) => !documented.has(name))).toEqual([]);
    expect([...documented].filter((name) => !settings.includes(name))).toEqual([]);
  });
});
