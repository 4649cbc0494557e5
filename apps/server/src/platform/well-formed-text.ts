import { generalMessages } from '@schutzwerk/shared/errors.ts';
import type { FastifyInstance } from 'fastify';
import { AppError, type ValidationIssue } from './errors.ts';

/** The German message for a text that is not well-formed Unicode (a lone UTF-16 surrogate). */
export const ILL_FORMED_TEXT_MESSAGE = generalMessages.illFormedText;

const MAX_DEPTH = 64;

/**
 * The paths of every string (value or object key) in a parsed request part that is not well-formed Unicode.
 * JSON may carry `"\ud800"`: JavaScript keeps it as a lone surrogate, PostgreSQL refuses it inside jsonb
 * (22P05) and cannot store it as UTF-8 text, so such text is refused at validation, before any service runs.
 */
export function illFormedTextPaths(value: unknown, base: (string | number)[] = []): (string | number)[][] {
  const found: (string | number)[][] = [];
  const walk = (v: unknown, path: (string | number)[], depth: number): void => {
    if (typeof v === 'string') {
      if (!v.isWellFormed()) found.push(path);
      return;
    }
    if (v === null || typeof v !== 'object' || depth > MAX_DEPTH) return;
    if (Array.isArray(v)) {
      for (const [i, item] of v.entries()) walk(item, [...path, i], depth + 1);
      return;
    }
    // Buffers (raw bodies) and other binary parts are not text; nor is a body left as a stream (a file upload
    // read by its handler, decision 044) — walking a socket's object graph would block the process.
    if (ArrayBuffer.isView(v) || typeof (v as { pipe?: unknown }).pipe === 'function') return;
    for (const [key, item] of Object.entries(v)) {
      if (!key.isWellFormed()) found.push([...path, key]);
      walk(item, [...path, key], depth + 1);
    }
  };
  walk(value, base, 0);
  return found;
}

/**
 * Refuses ill-formed text in the body, query and route parameters of every API route with 400
 * INPUT_VALIDATION_ERROR and the field paths (like a schema validation error), before the schemas run.
 */
export function registerWellFormedText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (!request.routeOptions.config.access) return;
    const issues: ValidationIssue[] = [
      ...illFormedTextPaths(request.params, ['params']),
      ...illFormedTextPaths(request.query, ['querystring']),
      ...illFormedTextPaths(request.body, ['body']),
    ].map((path) => ({ path, message: ILL_FORMED_TEXT_MESSAGE }));
    if (issues.length > 0) {
      throw new AppError('INPUT_VALIDATION_ERROR', { message: ILL_FORMED_TEXT_MESSAGE, details: issues });
    }
  });
}
