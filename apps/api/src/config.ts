import path from 'node:path';
import { isPayableIban, isValidBic, normalizeBic, normalizeIban } from '@guichet/shared';
import { z } from 'zod';
import { type PaymentSettings, paymentSettingsProblems, paymentSettingsSchema } from './payments/config';

const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/** Every setting of the application: docs/operations.md lists each of them (a test compares). */
export const environment = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.string().url().optional(),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).default(10),
  DATA_DIR: z.string().default('data'),
  BRAND_NAME: z.string().min(1).default('Guichet'),
  CONTACT_EMAIL: z.string().email().default('contact@guichet.test'),
  MAIL_FROM: z.string().default('Guichet <no-reply@guichet.test>'),
  SMTP_URL: z.string().optional(),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(20),
  COOKIE_SECURE: flag.optional(),
  TERMS_VERSION: z.coerce.number().int().min(1).default(1),
  SEED_DEMO: flag.optional(),
  APP_STORE_URL: z.string().url().default('https://apps.apple.com/fr/search?term=Guichet'),
  PLAY_STORE_URL: z.string().url().default('https://play.google.com/store/search?q=Guichet&c=apps'),
  ADDRESS_PROVIDER: z.enum(['ban', 'offline']).optional(),
  ADDRESS_API_URL: z.string().url().optional(),
  REDIS_URL: z.string().optional(),
  TRUST_PROXY: flag.optional(),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TICKET_SIGNING_KEY: z.string().optional(),
  // The platform's own account, debited by the payouts' SEPA file (pain.001).
  PAYOUT_DEBTOR_NAME: z.string().max(70).optional(),
  PAYOUT_DEBTOR_IBAN: z.string().optional(),
  PAYOUT_DEBTOR_BIC: z.string().optional(),
  ...paymentSettingsSchema.shape,
});

/**
 * The settings a real server cannot run without: signed tickets, mail, a database that is not the
 * embedded one, links that point at the site, and a way to be paid.
 */
const REQUIRED_IN_PRODUCTION = ['TICKET_SIGNING_KEY', 'SMTP_URL', 'DATABASE_URL', 'PUBLIC_URL'] as const;

/** Every problem of the configuration at once, so that one restart is enough to fix them. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `Guichet cannot start, the configuration is incomplete or invalid:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  dataDir: string;
  brandName: string;
  contactEmail: string;
  mailFrom: string;
  smtpUrl: string | undefined;
  sessionTtlMs: number;
  cookieSecure: boolean;
  termsVersion: number;
  seedDemo: boolean;
  rateLimitMax: number;
  redisUrl: string | undefined;
  /** The French address service, or the offline gazetteer (the default outside production). */
  addressProvider: 'ban' | 'offline';
  addressApiUrl: string | undefined;
  appStoreUrl: string;
  playStoreUrl: string;
  trustProxy: boolean;
  webDist: string | undefined;
  logLevel: string;
  /** The Ed25519 private key (PEM) that signs ticket codes; outside production a local one is made. */
  ticketSigningKey: string | undefined;
  payments: PaymentSettings;
  /**
   * The account the payouts are sent from, for the SEPA file. Outside production a documented
   * example account, so that the file can be built and read; in production undefined until set.
   */
  payoutDebtor: { name: string; iban: string; bic: string | undefined } | undefined;
};

/** ISO 13616's own example IBAN (a French one): never a real account. */
const EXAMPLE_DEBTOR_IBAN = 'FR7630006000011234567890189';

/** Reads every setting from the environment; invalid settings stop the start with a clear error. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environment.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const problems = production
    ? REQUIRED_IN_PRODUCTION.filter((name) => !e[name]?.trim()).map((name) => `${name} is required in production`)
    : [];
  const payments = Object.fromEntries(
    Object.keys(paymentSettingsSchema.shape).map((name) => [name, e[name as keyof typeof e]]),
  ) as PaymentSettings;
  problems.push(...paymentSettingsProblems(payments, production));
  const debtorIban = normalizeIban(e.PAYOUT_DEBTOR_IBAN ?? '') || (production ? '' : EXAMPLE_DEBTOR_IBAN);
  if (debtorIban && !isPayableIban(debtorIban)) problems.push('PAYOUT_DEBTOR_IBAN is not a valid SEPA IBAN');
  if (e.PAYOUT_DEBTOR_BIC?.trim() && !isValidBic(e.PAYOUT_DEBTOR_BIC))
    problems.push('PAYOUT_DEBTOR_BIC is not a valid BIC');
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL || undefined,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    dataDir: path.resolve(e.DATA_DIR),
    brandName: e.BRAND_NAME,
    contactEmail: e.CONTACT_EMAIL,
    mailFrom: e.MAIL_FROM,
    smtpUrl: e.SMTP_URL || undefined,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3_600_000,
    cookieSecure: e.COOKIE_SECURE ?? true,
    termsVersion: e.TERMS_VERSION,
    // Demo accounts have a known password: never in production, whatever the setting says.
    seedDemo: !production && (e.SEED_DEMO ?? true),
    rateLimitMax: e.RATE_LIMIT_MAX,
    redisUrl: e.REDIS_URL || undefined,
    addressProvider: e.ADDRESS_PROVIDER ?? (production ? 'ban' : 'offline'),
    addressApiUrl: e.ADDRESS_API_URL,
    appStoreUrl: e.APP_STORE_URL,
    playStoreUrl: e.PLAY_STORE_URL,
    trustProxy: e.TRUST_PROXY ?? false,
    webDist: e.WEB_DIST,
    logLevel: e.LOG_LEVEL,
    ticketSigningKey: e.TICKET_SIGNING_KEY?.trim() || undefined,
    payments,
    payoutDebtor: debtorIban
      ? {
          name: e.PAYOUT_DEBTOR_NAME?.trim() || e.BRAND_NAME,
          iban: debtorIban,
          bic: e.PAYOUT_DEBTOR_BIC?.trim() ? normalizeBic(e.PAYOUT_DEBTOR_BIC) : undefined,
        }
      : undefined,
  };
}

/** A configuration for tests: in-memory defaults that a test may override. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false' }), ...overrides };
}
