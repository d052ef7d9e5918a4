import type { Config } from '../config';

type Options = {
  /** The smallest limit whatever RATE_LIMIT_MAX says (routes a page calls several times). */
  floor?: number;
  /** Counted per address and e-mail of the parsed body (login: one person's attempts). */
  keyByEmail?: boolean;
};

/**
 * A route's rate limit per address: `perWindow` times RATE_LIMIT_MAX within `minutes`. It is
 * spread into the route's options (`{ schema, ...limited(...) }`): it returns the whole `config`
 * entry, so that it cannot be put where @fastify/rate-limit does not look.
 */
export function limited(
  config: Pick<Config, 'rateLimitMax'>,
  perWindow: number,
  minutes: number,
  options: Options = {},
) {
  return {
    config: {
      rateLimit: {
        max: Math.max(options.floor ?? 1, Math.round(config.rateLimitMax * perWindow)),
        timeWindow: minutes * 60_000,
        ...(options.keyByEmail && {
          hook: 'preHandler' as const,
          keyGenerator: (request: { ip: string; body?: unknown }) =>
            `${request.ip}:${String((request.body as { email?: unknown } | undefined)?.email ?? '').toLowerCase()}`,
        }),
      },
    },
  };
}
