import { fr } from '@guichet/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';
import { soldOutRefusals } from '../lib/metrics';

type ErrorBody = { code: string; message: string; field?: string; requestId?: string };

/** Maps every failure to `{ code, message }` with a French message and a 4xx/5xx status. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const { status, body } = describe(error);
    if (body.code === 'SOLD_OUT') soldOutRefusals.inc();
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    if (error instanceof AppError && error.retryAfterSeconds) reply.header('retry-after', error.retryAfterSeconds);
    // The request id leads from a user's report to the log lines of that request.
    return reply.status(status).send({ ...body, requestId: request.id });
  });
}

/** The SQLSTATE of a database error, raised by the driver or wrapped by the query builder. */
function databaseCode(error: FastifyError): string | undefined {
  return error.code ?? (error.cause as { code?: string } | undefined)?.code;
}

function describe(error: FastifyError | AppError): { status: number; body: ErrorBody } {
  if (error instanceof AppError) {
    return { status: error.status, body: { code: error.code, message: error.message, field: error.field } };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const [issue] = error.validation;
    const field = issue?.instancePath.replace(/^\//, '').replace(/\//g, '.') || undefined;
    if (issue?.keyword === 'unrecognized_keys') {
      const keys = (issue.params as { keys?: string[] }).keys ?? [];
      return { status: 400, body: { code: 'UNKNOWN_FIELD', message: fr.common.unknownField(keys.join(', ')) } };
    }
    return {
      status: 400,
      body: { code: 'VALIDATION_ERROR', message: issue?.message ?? fr.common.invalidRequest, field },
    };
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, body: { code: 'BODY_TOO_LARGE', message: fr.common.bodyTooLarge } };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, body: { code: 'UNSUPPORTED_MEDIA_TYPE', message: fr.common.invalidRequest } };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, body: { code: 'INVALID_JSON', message: fr.common.invalidRequest } };
  }
  // A lock given up at its timeout (PostgreSQL's lock_not_available): nothing was written, and the
  // same request may go through a moment later.
  if (databaseCode(error) === '55P03') {
    return { status: 503, body: { code: 'BUSY', message: fr.common.busy } };
  }
  if (error.statusCode === 429) {
    return { status: 429, body: { code: 'RATE_LIMITED', message: fr.common.tooManyRequests } };
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return { status: error.statusCode, body: { code: 'BAD_REQUEST', message: fr.common.invalidRequest } };
  }
  return { status: 500, body: { code: 'SERVER_ERROR', message: fr.common.serverError } };
}
