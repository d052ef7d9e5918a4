/**
 * Thrown by a job whose subject no longer exists (a ticket refunded before its confirmation was
 * sent, an order deleted): trying again can never succeed, so the runner ends the job at once,
 * without retry and without counting it as failed, and records `reason` on it.
 */
export class SubjectGone extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'SubjectGone';
  }
}
