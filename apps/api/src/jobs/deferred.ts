/**
 * Thrown by a handler whose job must wait without having failed (a webhook endpoint's rate is
 * spent): the runner sets it due again after `delayMs`, gives it its attempt back, and merges
 * `note` into its payload (what the wait reserved, for the next run to read).
 */
export class Deferred extends Error {
  constructor(
    readonly delayMs: number,
    readonly note: Record<string, string> = {},
  ) {
    super(`deferred by ${delayMs} ms`);
    this.name = 'Deferred';
  }
}
