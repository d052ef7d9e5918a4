import type { Config } from '../../config';

/**
 * A route's rate limit per address: `perWindow` times the configured RATE_LIMIT_MAX within
 * `minutes`, as the auth routes do (docs/decisions.md).
 */
export function perAddress(config: Config, perWindow: number, minutes: number) {
  return {
    rateLimit: {
      max: Math.max(1, Math.round(config.rateLimitMax * perWindow)),
      timeWindow: minutes * 60_000,
    },
  };
}
