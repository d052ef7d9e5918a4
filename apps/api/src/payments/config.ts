import { z } from 'zod';
import type { EtransactionsSettings } from './etransactions';
import { BANK_PUBLIC_KEY_PEM } from './etransactions-ipn';
import type { PaymentProviderName } from './provider';
import { createSandboxBank, type SandboxBank } from './sandbox-bank-core';
import type { StripeSettings } from './stripe';

export type PaymentConfig = {
  /** The provider a new payment uses; always one that is configured. */
  defaultProvider: PaymentProviderName;
  /** Each undefined when its settings are absent. */
  etransactions: EtransactionsSettings | undefined;
  stripe: StripeSettings | undefined;
  sandbox: SandboxBank | undefined;
};

const BANK_HOSTS = 'https://tpeweb.e-transactions.fr,https://tpeweb1.e-transactions.fr';
const PPPS_URL = 'https://ppps.e-transactions.fr/PPPS.php';

const optional = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined);

/** The payment settings, part of the one configuration schema of `config.ts`. */
export const paymentSettingsSchema = z.object({
  PAYMENT_PROVIDER_DEFAULT: z.enum(['sandbox', 'etransactions', 'stripe']).optional(),
  ETRANSACTIONS_SITE: optional.pipe(
    z
      .string()
      .regex(/^\d{7}$/, '7 digits')
      .optional(),
  ),
  ETRANSACTIONS_RANG: optional.pipe(
    z
      .string()
      .regex(/^\d{1,3}$/, 'up to 3 digits')
      .optional(),
  ),
  ETRANSACTIONS_IDENTIFIANT: optional.pipe(
    z
      .string()
      .regex(/^\d{1,9}$/, 'digits')
      .optional(),
  ),
  ETRANSACTIONS_HMAC_KEY: optional.pipe(
    z
      .string()
      .regex(/^[0-9A-Fa-f]{128}$/, '128 hex characters')
      .optional(),
  ),
  ETRANSACTIONS_HOSTS: optional,
  ETRANSACTIONS_PUBLIC_KEY: optional,
  ETRANSACTIONS_PPPS_URL: optional.pipe(z.string().url().optional()),
  STRIPE_SECRET_KEY: optional,
  STRIPE_PUBLISHABLE_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_API_HOST: optional,
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  SANDBOX_PAYMENTS: z.enum(['true', 'false', '1', '0']).optional(),
  SANDBOX_BANK_URL: optional.pipe(z.string().url().optional()),
  SANDBOX_BANK_HMAC_KEY: optional.pipe(
    z
      .string()
      .regex(/^[0-9A-Fa-f]{128}$/, '128 hex characters')
      .optional(),
  ),
  SANDBOX_BANK_PRIVATE_KEY: optional,
});

export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;
type Env = PaymentSettings;

const environment = paymentSettingsSchema.extend({ PUBLIC_URL: optional, PORT: optional });

/** All or nothing: a half-configured provider stops the start instead of failing at the first payment. */
function allOrNone<K extends keyof Env>(env: Env, names: K[], label: string): boolean {
  const present = names.filter((name) => env[name] !== undefined);
  if (present.length > 0 && present.length < names.length) {
    const missing = names.filter((name) => env[name] === undefined);
    throw new Error(`Invalid payment configuration: ${label} needs ${missing.join(', ')}`);
  }
  return present.length === names.length;
}

const pem = (value: string) => value.replace(/\\n/g, '\n');

function etransactionsFrom(env: Env): EtransactionsSettings | undefined {
  const names = [
    'ETRANSACTIONS_SITE',
    'ETRANSACTIONS_RANG',
    'ETRANSACTIONS_IDENTIFIANT',
    'ETRANSACTIONS_HMAC_KEY',
  ] as const;
  if (!allOrNone(env, [...names], 'e-Transactions')) return undefined;
  return {
    site: env.ETRANSACTIONS_SITE ?? '',
    rang: (env.ETRANSACTIONS_RANG ?? '').padStart(3, '0'),
    identifiant: env.ETRANSACTIONS_IDENTIFIANT ?? '',
    hmacKeyHex: (env.ETRANSACTIONS_HMAC_KEY ?? '').toUpperCase(),
    hosts: (env.ETRANSACTIONS_HOSTS ?? BANK_HOSTS)
      .split(',')
      .map((host) => host.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    publicKeyPem: env.ETRANSACTIONS_PUBLIC_KEY ? pem(env.ETRANSACTIONS_PUBLIC_KEY) : BANK_PUBLIC_KEY_PEM,
    pppsUrl: env.ETRANSACTIONS_PPPS_URL ?? PPPS_URL,
  };
}

function stripeFrom(env: Env): StripeSettings | undefined {
  const names = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;
  if (!allOrNone(env, [...names], 'Stripe')) return undefined;
  return {
    secretKey: env.STRIPE_SECRET_KEY ?? '',
    publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? '',
    webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
    api: env.STRIPE_API_HOST
      ? { host: env.STRIPE_API_HOST, port: env.STRIPE_API_PORT, protocol: env.STRIPE_API_PROTOCOL ?? 'https' }
      : undefined,
  };
}

/** The sandbox bank is on outside production unless switched off, and in production only when asked for. */
export function sandboxEnabled(env: Env, production: boolean): boolean {
  const flag = env.SANDBOX_PAYMENTS;
  return flag === undefined ? !production : flag === 'true' || flag === '1';
}

function sandboxFrom(env: Env, production: boolean, publicUrl: string): SandboxBank | undefined {
  if (!sandboxEnabled(env, production)) return undefined;
  return createSandboxBank({
    baseUrl: env.SANDBOX_BANK_URL ?? `${publicUrl}/sandbox-bank`,
    hmacKeyHex: env.SANDBOX_BANK_HMAC_KEY?.toUpperCase(),
    privateKeyPem: env.SANDBOX_BANK_PRIVATE_KEY ? pem(env.SANDBOX_BANK_PRIVATE_KEY) : undefined,
  });
}

function defaultProviderOf(env: Env, configured: PaymentProviderName[]): PaymentProviderName {
  const defaultProvider = env.PAYMENT_PROVIDER_DEFAULT ?? configured[0];
  if (!defaultProvider || !configured.includes(defaultProvider)) {
    throw new Error(
      `Invalid payment configuration: PAYMENT_PROVIDER_DEFAULT=${defaultProvider ?? '(none)'} is not configured`,
    );
  }
  return defaultProvider;
}

/**
 * What is wrong with the payment settings, checked at boot without making anything (the sandbox
 * bank's key is made when the application is built).
 */
export function paymentSettingsProblems(env: Env, production: boolean): string[] {
  const problems: string[] = [];
  const configured: PaymentProviderName[] = sandboxEnabled(env, production) ? ['sandbox'] : [];
  for (const [name, read] of [
    ['etransactions', etransactionsFrom],
    ['stripe', stripeFrom],
  ] as const) {
    try {
      if (read(env)) configured.push(name);
    } catch (error) {
      problems.push((error as Error).message);
    }
  }
  if (problems.length > 0) return problems;
  if (configured.length === 0) {
    return [
      'no payment provider: set ETRANSACTIONS_SITE, ETRANSACTIONS_RANG, ETRANSACTIONS_IDENTIFIANT and ETRANSACTIONS_HMAC_KEY, or STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET',
    ];
  }
  try {
    defaultProviderOf(env, configured);
  } catch (error) {
    problems.push((error as Error).message);
  }
  return problems;
}

/** The providers of validated settings; the sandbox is on outside production and, in production, only with SANDBOX_PAYMENTS=true. */
export function paymentConfigFrom(env: Env, options: { production: boolean; publicUrl: string }): PaymentConfig {
  const config = {
    etransactions: etransactionsFrom(env),
    stripe: stripeFrom(env),
    sandbox: sandboxFrom(env, options.production, options.publicUrl.replace(/\/+$/, '')),
  };
  const configured = (['sandbox', 'etransactions', 'stripe'] as const).filter((name) => config[name]);
  return { defaultProvider: defaultProviderOf(env, configured), ...config };
}

/** Payment settings read from a set of variables (tests and benchmarks; the server goes through `config.ts`). */
export function paymentConfigFromEnv(
  source: Record<string, string | undefined>,
  nodeEnv: string = source.NODE_ENV ?? 'development',
): PaymentConfig {
  const parsed = environment.safeParse(source);
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid payment configuration:\n${details.join('\n')}`);
  }
  const env = parsed.data;
  return paymentConfigFrom(env, {
    production: nodeEnv === 'production',
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? 3000}`,
  });
}

/**
 * Where the app's pages may post a payment form (the CSP's form-action, besides 'self'): the bank's
 * servers by origin (a source with a path would match that path only, not the form's `php/` under
 * it), and the sandbox bank when it is served elsewhere than at PUBLIC_URL (served here, its form
 * goes to the page's own origin).
 */
export function paymentFormOrigins(config: PaymentConfig, publicUrl: string): string[] {
  const urls = [...(config.etransactions?.hosts ?? []), ...(config.sandbox ? [config.sandbox.baseUrl] : [])];
  const here = new URL(publicUrl).origin;
  const origins = urls.filter((url) => URL.canParse(url)).map((url) => new URL(url).origin);
  return [...new Set(origins)].filter((origin) => origin !== here);
}
