import { type ErrorCode, errorCatalogue, generalMessages } from '@schutzwerk/shared/errors.ts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** The one way to fail a request: a code from the shared catalogue, optionally a more specific German message. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: unknown;
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    options: {
      message?: string;
      details?: unknown;
      status?: number;
      headers?: Record<string, string>;
      /** The underlying failure, for the log only (never sent). */
      cause?: unknown;
    } = {},
  ) {
    super(options.message ?? errorCatalogue[code].message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = options.status ?? errorCatalogue[code].status;
    this.details = options.details;
    this.headers = options.headers ?? {};
  }
}

export type ValidationIssue = { path: (string | number)[]; message: string };

export function errorBody(code: ErrorCode, message: string, details?: unknown) {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}

/** Central error handler: typed code on the wire, German message, field paths for validation; 5xx never leak. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
      return reply.status(error.status).send(errorBody(error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details: ValidationIssue[] = error.validation.map((v) => {
        const path = v.instancePath
          .split('/')
          .filter((p) => p !== '')
          .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
        return {
          path: [error.validationContext ?? 'body', ...path],
          message: v.message ?? generalMessages.fieldInvalidValue,
        };
      });
      return reply
        .status(400)
        .send(errorBody('INPUT_VALIDATION_ERROR', errorCatalogue.INPUT_VALIDATION_ERROR.message, details));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response does not match its schema');
      return reply.status(500).send(errorBody('INTERNAL', errorCatalogue.INTERNAL.message));
    }
    const pgCode = postgresErrorCode(error);
    if (pgCode === '22021' || pgCode === '22P05' || (pgCode === '22P02' && isIllFormedJsonText(error))) {
      return reply.status(400).send(errorBody('INPUT_VALIDATION_ERROR', generalMessages.illegalCharacters));
    }
    if (pgCode === '23505') {
      return reply.status(409).send(errorBody('DUPLICATE', errorCatalogue.DUPLICATE.message));
    }
    if (pgCode === '23503') {
      // A concurrent change removed or still uses the referenced record.
      return reply.status(409).send(errorBody('CONFLICT', errorCatalogue.CONFLICT.message));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (status === 429) {
        return reply
          .status(429)
          .send(errorBody('TOO_MANY_REQUESTS', errorCatalogue.TOO_MANY_REQUESTS.message));
      }
      if (status === 413) {
        return reply.status(413).send(errorBody('INVALID_REQUEST', generalMessages.requestTooLarge));
      }
      return reply.status(status).send(errorBody('INVALID_REQUEST', errorCatalogue.INVALID_REQUEST.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody('INTERNAL', errorCatalogue.INTERNAL.message));
  });
}

/** The SQLSTATE of a database error, also when drizzle wrapped it. */
export function postgresErrorCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * PostgreSQL 18 (PGlite) refuses a lone surrogate escape in jsonb with 22P02 and a detail about Unicode
 * surrogates; PostgreSQL 15 with 22P05. Other 22P02 errors are programming errors and stay 500.
 */
function isIllFormedJsonText(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    const { message, detail } = e as { message?: unknown; detail?: unknown };
    const text = `${typeof message === 'string' ? message : ''} ${typeof detail === 'string' ? detail : ''}`;
    if (/surrogate|unicode/i.test(text)) return true;
  }
  return false;
}

/** PostgreSQL unique_violation, for services that turn a race into a clear message. */
export function isUniqueViolation(error: unknown): boolean {
  return postgresErrorCode(error) === '23505';
}
