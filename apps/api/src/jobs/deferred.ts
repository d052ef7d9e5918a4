/**
 * Thrown by a handler whose job must wait without having failed (a webhook endpoint's rate is
 * spent): the runner sets it due again after `delayMs` and gives it its attempt back.
 */
export class Deferred extends Error {
  constructor(readonly delayMs: number) {
    super(`deferred by ${delayMs} ms`);
    this.name = 'Deferred';
  }
}
