import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  checkVatNumber,
  isPayableIban,
  isValidBic,
  isValidSiren,
  isValidSiret,
  normalizeBic,
  normalizeIban,
  normalizeVatNumber,
  readRegistration,
  sirenOfVatNumber,
} from '@guichet/shared';
import { z } from 'zod';
import {
  type PaymentSettings,
  paymentSettingsProblems,
  paymentSettingsSchema,
  sandboxEnabled,
} from './payments/config';

const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const ipOrCidr = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-f:]+)(\/\d{1,3})?$/i;
/**
 * Which proxies stand in front of the server, so that a client's address is read from
 * X-Forwarded-For only as far as they wrote it (issue 15: trusting the whole header let anyone
 * pick their address and escape every limit). `true` is one hop (the load balancer in front); a
 * number is that many hops; otherwise the proxies' addresses or networks, comma-separated.
 */
const proxies = z
  .string()
  .trim()
  .transform((value, context): false | number | string[] => {
    if (value === '' || value === 'false' || value === '0') return false;
    if (value === 'true') return 1;
    if (/^\d+$/.test(value)) return Number(value);
    const list = value.split(',').map((part) => part.trim());
    if (list.every((part) => ipOrCidr.test(part))) return list;
    context.addIssue({ code: 'custom', message: 'true, a number of hops, or proxy addresses (a.b.c.d[/n], …)' });
    return z.NEVER;
  });

/** Every setting of the application: docs/operations.md lists each of them (a test compares). */
export const environment = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.string().url().optional(),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).default(10),
  // A streaming replica the event list, its search and the event page read from (issue 34).
  DATABASE_REPLICA_URL: z.string().optional(),
  DATABASE_REPLICA_MAX_LAG_SECONDS: z.coerce.number().positive().max(3600).default(5),
  DATA_DIR: z.string().default('data'),
  BRAND_NAME: z.string().min(1).default('Guichet'),
  CONTACT_EMAIL: z.string().email().default('contact@guichet.test'),
  SHOP_EMAIL: z.string().email().default('boutique@guichet.test'),
  SOCIAL_LINKS: z.string().optional(),
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
  API_PROCESSES: z.coerce.number().int().min(1).max(64).default(1),
  JOB_LEASE_SECONDS: z.coerce.number().int().min(1).default(120),
  // Graceful shutdown behind a load balancer: readiness answers 503 this long before the server
  // stops accepting, so that the balancer's health checks take it out first (issue 34).
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(60).default(0),
  TRUST_PROXY: proxies.optional(),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  // Webhooks (issue 33): a receiver's answer awaited at most this long; deliveries per second to
  // one endpoint; consecutive failed attempts before an endpoint is disabled.
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().positive().max(60).default(10),
  WEBHOOK_RATE_PER_SECOND: z.coerce.number().positive().max(10_000).default(10),
  WEBHOOK_DISABLE_AFTER: z.coerce.number().int().min(1).default(20),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TICKET_SIGNING_KEY: z.string().optional(),
  // The platform's own account, debited by the payouts' SEPA file (pain.001).
  PAYOUT_DEBTOR_NAME: z.string().max(70).optional(),
  PAYOUT_DEBTOR_IBAN: z.string().optional(),
  PAYOUT_DEBTOR_BIC: z.string().optional(),
  // The platform's own identity, printed on the invoices it issues (issue 29).
  PLATFORM_LEGAL_NAME: z.string().optional(),
  PLATFORM_ADDRESS: z.string().optional(),
  PLATFORM_SIRET: z.string().optional(),
  PLATFORM_VAT_NUMBER: z.string().optional(),
  // Wallet passes (issue 30): each wallet is offered only when all its settings are given.
  APPLE_PASS_TYPE_ID: z.string().optional(),
  APPLE_TEAM_ID: z.string().optional(),
  APPLE_PASS_CERT: z.string().optional(),
  APPLE_PASS_KEY: z.string().optional(),
  APPLE_PASS_KEY_PASSPHRASE: z.string().optional(),
  APPLE_WWDR_CERT: z.string().optional(),
  APPLE_APNS_KEY_ID: z.string().optional(),
  APPLE_APNS_KEY: z.string().optional(),
  GOOGLE_WALLET_ISSUER_ID: z.string().optional(),
  GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: z.string().optional(),
  GOOGLE_WALLET_PRIVATE_KEY: z.string().optional(),
  ...paymentSettingsSchema.shape,
});

/**
 * The settings a real server cannot run without: signed tickets, mail, a database that is not the
 * embedded one, links that point at the site, and a way to be paid.
 */
const REQUIRED_IN_PRODUCTION = [
  'TICKET_SIGNING_KEY',
  'SMTP_URL',
  'DATABASE_URL',
  'PUBLIC_URL',
  'PLATFORM_LEGAL_NAME',
  'PLATFORM_ADDRESS',
  'PLATFORM_SIRET',
  'PLATFORM_VAT_NUMBER',
] as const;

/** The platform as the seller of its services (the fees, the refund option, the commission). */
export type PlatformIdentity = {
  legalName: string;
  street: string;
  postcode: string;
  city: string;
  country: string;
  siren: string;
  /** Null when only the SIREN was configured. */
  siret: string | null;
  vatNumber: string;
};

/**
 * Outside production an obvious example company (its SIRET and VAT number only pass their keys),
 * so that invoices can be made and read; production names the real one.
 */
const EXAMPLE_PLATFORM = {
  PLATFORM_ADDRESS: '1 Place du Capitole, 31000 Toulouse',
  PLATFORM_SIRET: '12345678200002',
  PLATFORM_VAT_NUMBER: 'FR11123456782',
};

/**
 * PLATFORM_ADDRESS is "street, postcode city" (the last comma parts the street from the town);
 * the SIRET (or SIREN) must pass its Luhn key and the VAT number its format, a French one its key
 * and the same SIREN.
 */
function parsePlatformIdentity(
  e: { BRAND_NAME: string } & Partial<Record<keyof typeof EXAMPLE_PLATFORM | 'PLATFORM_LEGAL_NAME', string>>,
  production: boolean,
  problems: string[],
): PlatformIdentity | undefined {
  const setting = (name: keyof typeof EXAMPLE_PLATFORM) =>
    e[name]?.trim() || (production ? '' : EXAMPLE_PLATFORM[name]);
  const legalName = e.PLATFORM_LEGAL_NAME?.trim() || (production ? '' : `${e.BRAND_NAME} SAS`);
  const address = /^(.+),\s*(\S+)\s+(.+)$/.exec(setting('PLATFORM_ADDRESS'));
  const registration = readRegistration(setting('PLATFORM_SIRET'));
  const vatNumber = normalizeVatNumber(setting('PLATFORM_VAT_NUMBER'));
  const before = problems.length;
  if (setting('PLATFORM_ADDRESS') && !address)
    problems.push('PLATFORM_ADDRESS is not "street, postcode city" (e.g. "1 Place du Capitole, 31000 Toulouse")');
  const siren = registration.kind === 'siret' || registration.kind === 'siren' ? registration.siren : '';
  if (
    setting('PLATFORM_SIRET') &&
    (registration.kind === 'siret' ? !isValidSiret(registration.siret) : !siren || !isValidSiren(siren))
  )
    problems.push('PLATFORM_SIRET is not a valid SIRET (14 digits) or SIREN (9 digits): its Luhn key fails');
  if (vatNumber && checkVatNumber(vatNumber) !== 'valid')
    problems.push('PLATFORM_VAT_NUMBER is not a valid EU VAT number (a French one: FR, its key, the SIREN)');
  else if (vatNumber && siren && sirenOfVatNumber(vatNumber) && sirenOfVatNumber(vatNumber) !== siren)
    problems.push("PLATFORM_VAT_NUMBER does not hold PLATFORM_SIRET's SIREN");
  if (problems.length > before || !legalName || !address || !siren || !vatNumber) return undefined;
  return {
    legalName,
    street: (address[1] ?? '').trim(),
    postcode: address[2] ?? '',
    city: (address[3] ?? '').trim(),
    country: 'France',
    siren,
    siret: registration.kind === 'siret' ? registration.siret : null,
    vatNumber,
  };
}

/** Apple Wallet's pass signing identity, and how pass updates are pushed through APNs. */
export type AppleWalletSettings = {
  passTypeId: string;
  teamId: string;
  /** PEM texts (a setting may name a file holding it). */
  signerCert: string;
  signerKey: string;
  signerKeyPassphrase: string | undefined;
  wwdr: string;
  /** APNs token authentication (a .p8 key); without it, the pass certificate authenticates. */
  apnsToken: { keyId: string; key: string } | undefined;
};

export type GoogleWalletSettings = { issuerId: string; serviceAccountEmail: string; privateKey: string };

type WalletEnvironment = Partial<Record<Exclude<keyof z.infer<typeof environment>, 'NODE_ENV'>, unknown>>;

/** A PEM setting's text: the PEM itself (`\n` escapes allowed, for one-line variables) or a file's path. */
function pemSetting(name: string, value: string, problems: string[]): string {
  const text = value.trim();
  if (text.startsWith('-----BEGIN')) return text.replace(/\\n/g, '\n');
  try {
    const file = readFileSync(text, 'utf8');
    if (file.includes('-----BEGIN')) return file;
    problems.push(`${name}: ${text} holds no PEM`);
  } catch {
    problems.push(`${name} is neither PEM nor a readable file (${text})`);
  }
  return '';
}

/**
 * Each wallet is on when its settings are all given and off when none is; some of them only is
 * a mistake worth stopping for, named with the others.
 */
function parseWalletSettings(e: WalletEnvironment, problems: string[]) {
  const given = (names: readonly (keyof WalletEnvironment)[]) => {
    const missing = names.filter((name) => !String(e[name] ?? '').trim());
    if (missing.length === names.length) return false;
    if (missing.length > 0) problems.push(`${missing.join(', ')} missing: ${names.join(', ')} go together`);
    return missing.length === 0;
  };
  const text = (name: keyof WalletEnvironment) => String(e[name] ?? '').trim();
  const pem = (name: keyof WalletEnvironment) => pemSetting(name, text(name), problems);
  const apple: AppleWalletSettings | undefined = given([
    'APPLE_PASS_TYPE_ID',
    'APPLE_TEAM_ID',
    'APPLE_PASS_CERT',
    'APPLE_PASS_KEY',
    'APPLE_WWDR_CERT',
  ])
    ? {
        passTypeId: text('APPLE_PASS_TYPE_ID'),
        teamId: text('APPLE_TEAM_ID'),
        signerCert: pem('APPLE_PASS_CERT'),
        signerKey: pem('APPLE_PASS_KEY'),
        signerKeyPassphrase: text('APPLE_PASS_KEY_PASSPHRASE') || undefined,
        wwdr: pem('APPLE_WWDR_CERT'),
        apnsToken: given(['APPLE_APNS_KEY_ID', 'APPLE_APNS_KEY'])
          ? { keyId: text('APPLE_APNS_KEY_ID'), key: pem('APPLE_APNS_KEY') }
          : undefined,
      }
    : undefined;
  const google: GoogleWalletSettings | undefined = given([
    'GOOGLE_WALLET_ISSUER_ID',
    'GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL',
    'GOOGLE_WALLET_PRIVATE_KEY',
  ])
    ? {
        issuerId: text('GOOGLE_WALLET_ISSUER_ID'),
        serviceAccountEmail: text('GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL'),
        privateKey: pem('GOOGLE_WALLET_PRIVATE_KEY'),
      }
    : undefined;
  return { apple, google };
}

const socialNetworks = ['instagram', 'facebook', 'tiktok', 'linkedin', 'x', 'youtube'] as const;
type SocialLink = { network: (typeof socialNetworks)[number]; url: string };

/**
 * SOCIAL_LINKS is a comma-separated list of `network=https://…` pairs; an unknown network or an
 * address that is not https is reported with the other problems.
 */
function parseSocialLinks(value: string | undefined, problems: string[]): SocialLink[] {
  const links: SocialLink[] = [];
  for (const pair of (value ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [network = '', url = ''] = pair.split(/=(.*)/s).map((p) => p.trim());
    const known = (socialNetworks as readonly string[]).includes(network);
    if (!known || !/^https:\/\/[^\s]+$/.test(url)) {
      problems.push(
        `SOCIAL_LINKS: "${pair}" is not network=https://… with network one of ${socialNetworks.join(', ')}`,
      );
    } else links.push({ network: network as SocialLink['network'], url });
  }
  return links;
}

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
  /** A PostgreSQL streaming replica of DATABASE_URL, for the reads that may be a little stale. */
  databaseReplicaUrl: string | undefined;
  /** Beyond this lag behind the primary, the replica is not read. */
  databaseReplicaMaxLagMs: number;
  dataDir: string;
  brandName: string;
  contactEmail: string;
  /** Where quote requests are mailed (3-showcase-and-shell.md, the quote request). */
  shopEmail: string;
  /** The footer's social links, shown only when configured. */
  socialLinks: SocialLink[];
  mailFrom: string;
  smtpUrl: string | undefined;
  sessionTtlMs: number;
  cookieSecure: boolean;
  termsVersion: number;
  seedDemo: boolean;
  rateLimitMax: number;
  /**
   * Webhook deliveries. `publicOnly`: https addresses on public IPs only (production), checked
   * at registration and again, after DNS resolution, at each delivery.
   */
  webhooks: { timeoutMs: number; ratePerSecond: number; disableAfter: number; publicOnly: boolean };
  redisUrl: string | undefined;
  /** Server processes sharing the port (node's cluster), PostgreSQL and Redis. */
  apiProcesses: number;
  /** How long a process keeps a job it took; past it, another process may take the job again. */
  jobLeaseMs: number;
  /** How long a stopping server answers 503 to readiness before it stops accepting connections. */
  shutdownDrainMs: number;
  /** The French address service, or the offline gazetteer (the default outside production). */
  addressProvider: 'ban' | 'offline';
  addressApiUrl: string | undefined;
  appStoreUrl: string;
  playStoreUrl: string;
  /** Fastify's `trustProxy`: hops, or the proxies' addresses; false reads the socket's address. */
  trustProxy: false | number | string[];
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
  /**
   * The platform's identity on its invoices (PLATFORM_*): an example company outside production,
   * required in production, so it is always set once the configuration loaded.
   */
  platform: PlatformIdentity;
  /** The wallets passes are offered for: each undefined until all its settings are given. */
  wallet: { apple: AppleWalletSettings | undefined; google: GoogleWalletSettings | undefined };
};

/**
 * Several servers (REDIS_URL is how they share; API_PROCESSES above 1 needs it) must sign with
 * the same keys: a process that made its own would refuse the tickets, admissions and cursors of
 * the others, and its sandbox bank would reject every payment form another process signed
 * (issue 34). Outside a cluster each process may still make its own.
 */
function sharedKeyProblems(
  e: { REDIS_URL?: string; API_PROCESSES: number; TICKET_SIGNING_KEY?: string },
  payments: PaymentSettings,
  production: boolean,
): string[] {
  const shared = Boolean(e.REDIS_URL?.trim()) || e.API_PROCESSES > 1;
  if (!shared) return [];
  const why = 'several servers (REDIS_URL or API_PROCESSES above 1) must share it';
  const missing: string[] = [];
  // Production already names a missing TICKET_SIGNING_KEY.
  if (!production && !e.TICKET_SIGNING_KEY?.trim()) missing.push(`TICKET_SIGNING_KEY is required: ${why}`);
  if (sandboxEnabled(payments, production)) {
    for (const name of ['SANDBOX_BANK_HMAC_KEY', 'SANDBOX_BANK_PRIVATE_KEY'] as const)
      if (!payments[name]) missing.push(`${name} is required with the sandbox bank: ${why}`);
  }
  return missing;
}

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
  const socialLinks = parseSocialLinks(e.SOCIAL_LINKS, problems);
  const platform = parsePlatformIdentity(e, production, problems);
  const wallet = parseWalletSettings(e, problems);
  const debtorIban = normalizeIban(e.PAYOUT_DEBTOR_IBAN ?? '') || (production ? '' : EXAMPLE_DEBTOR_IBAN);
  if (debtorIban && !isPayableIban(debtorIban)) problems.push('PAYOUT_DEBTOR_IBAN is not a valid SEPA IBAN');
  if (e.PAYOUT_DEBTOR_BIC?.trim() && !isValidBic(e.PAYOUT_DEBTOR_BIC))
    problems.push('PAYOUT_DEBTOR_BIC is not a valid BIC');
  if (e.API_PROCESSES > 1 && !e.DATABASE_URL?.trim())
    problems.push('API_PROCESSES above 1 needs DATABASE_URL: the embedded database serves one process');
  if (e.DATABASE_REPLICA_URL?.trim() && !e.DATABASE_URL?.trim())
    problems.push('DATABASE_REPLICA_URL needs DATABASE_URL: the embedded database has no replica');
  if (e.API_PROCESSES > 1 && !e.REDIS_URL?.trim())
    problems.push(
      'API_PROCESSES above 1 needs REDIS_URL: rate limits, caches and the waiting room are shared through it',
    );
  problems.push(...sharedKeyProblems(e, payments, production));
  if (problems.length > 0 || !platform) throw new ConfigError(problems);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL || undefined,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseReplicaUrl: e.DATABASE_REPLICA_URL?.trim() || undefined,
    databaseReplicaMaxLagMs: e.DATABASE_REPLICA_MAX_LAG_SECONDS * 1000,
    dataDir: path.resolve(e.DATA_DIR),
    brandName: e.BRAND_NAME,
    contactEmail: e.CONTACT_EMAIL,
    shopEmail: e.SHOP_EMAIL,
    socialLinks,
    mailFrom: e.MAIL_FROM,
    smtpUrl: e.SMTP_URL || undefined,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3_600_000,
    // Secure in production; plain HTTP works in development, for a phone on the local network.
    cookieSecure: e.COOKIE_SECURE ?? e.NODE_ENV === 'production',
    termsVersion: e.TERMS_VERSION,
    // Demo accounts have a known password: never in production, whatever the setting says.
    seedDemo: !production && (e.SEED_DEMO ?? true),
    rateLimitMax: e.RATE_LIMIT_MAX,
    webhooks: {
      timeoutMs: e.WEBHOOK_TIMEOUT_SECONDS * 1000,
      ratePerSecond: e.WEBHOOK_RATE_PER_SECOND,
      disableAfter: e.WEBHOOK_DISABLE_AFTER,
      publicOnly: production,
    },
    redisUrl: e.REDIS_URL || undefined,
    apiProcesses: e.API_PROCESSES,
    jobLeaseMs: e.JOB_LEASE_SECONDS * 1000,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_SECONDS * 1000,
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
    platform,
    wallet,
  };
}

/** A configuration for tests: in-memory defaults that a test may override. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false' }), ...overrides };
}
