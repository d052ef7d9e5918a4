/**
 * The one error type of the API: a stable machine code, a French message, an HTTP status. It is
 * an answer, not a fault: no stack trace is captured (the 1,500 'sold out' answers of an on-sale
 * rush paid for one each).
 */
export class AppError extends Error {
  /** Sent as `Retry-After` (a refusal that time lifts: a rate limit). */
  retryAfterSeconds?: number;

  constructor(
    readonly code: string,
    message: string,
    readonly status = 400,
    readonly field?: string,
  ) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, field?: string) => new AppError('VALIDATION_ERROR', message, 400, field);

/** An error as a line to keep: drivers wrap the database's own message ("division by zero") as the cause. */
export function describeError(error: unknown): string {
  return error instanceof Error && error.cause !== undefined ? `${error} (${String(error.cause)})` : String(error);
}
