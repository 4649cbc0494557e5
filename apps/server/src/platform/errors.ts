import { type ErrorCode, errorCatalogue } from '@schutzwerk/shared/errors.ts';
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
    options: { message?: string; details?: unknown; status?: number; headers?: Record<string, string> } = {},
  ) {
    super(options.message ?? errorCatalogue[code].message);
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
          message: v.message ?? 'Ungültiger Wert',
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
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (status === 429) {
        return reply
          .status(429)
          .send(errorBody('TOO_MANY_REQUESTS', errorCatalogue.TOO_MANY_REQUESTS.message));
      }
      if (status === 413) {
        return reply
          .status(413)
          .send(errorBody('INVALID_REQUEST', 'Die Anfrage ist zu groß. Bitte senden Sie weniger Daten.'));
      }
      return reply.status(status).send(errorBody('INVALID_REQUEST', errorCatalogue.INVALID_REQUEST.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody('INTERNAL', errorCatalogue.INTERNAL.message));
  });
}

/** PostgreSQL unique_violation, for services that turn a race into a clear message. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = (error as { cause?: unknown })?.cause ?? error;
  const pgError = e as { code?: string; constraint?: string };
  return pgError?.code === '23505' && (constraint === undefined || pgError.constraint === constraint);
}
