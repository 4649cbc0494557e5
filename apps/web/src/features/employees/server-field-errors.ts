import { errorCatalogue } from '@schutzwerk/shared/errors.ts';
import { isApiError } from '#lib/api-client.ts';

export type FieldError<F extends string> = { field: F; message: string };

/**
 * The field messages of an API error whose details point at body fields (`path: ['body', 'field']`).
 * A specific top-level message (e.g. 'Die Personalnummer 4711 ist bereits vergeben. …') is shown at its
 * single field; otherwise (schema validation) each detail's own message is.
 */
export function serverFieldErrors<F extends string>(error: unknown, fields: readonly F[]): FieldError<F>[] {
  if (!isApiError(error) || !error.details) return [];
  const known = new Set<string>(fields);
  const targeted = error.details.filter(
    (detail) => Array.isArray(detail?.path) && detail.path[0] === 'body' && known.has(String(detail.path[1])),
  );
  const generic = (errorCatalogue as Record<string, { message: string } | undefined>)[error.code]?.message;
  const specific = error.message !== '' && error.message !== generic ? error.message : null;
  const result: FieldError<F>[] = [];
  const seen = new Set<string>();
  for (const detail of targeted) {
    const field = String(detail.path[1]) as F;
    if (seen.has(field)) continue;
    seen.add(field);
    result.push({ field, message: specific && targeted.length === 1 ? specific : detail.message });
  }
  return result;
}
