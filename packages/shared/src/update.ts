import { z } from 'zod';

/**
 * Update schemas never fill a field the request did not name (decision 024). Create schemas may default
 * fields; an update built from the same fields uses one of these helpers:
 *
 * - `partialFields` (PATCH): every field optional, defaults removed — a field left out stays unchanged.
 * - `requiredFields` (whole-record PUT): every field required, defaults removed — a request without a
 *   field is a 400 and changes nothing.
 *
 * Only the top level is rewritten: items of a list field are whole values (the list is the field).
 */

/** A field schema without its default and without being optional (top level only). */
type Bare<S> = S extends z.ZodDefault<infer I> ? Bare<I> : S extends z.ZodOptional<infer I> ? Bare<I> : S;

function bare(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodOptional)
    return bare(schema.unwrap() as z.ZodType);
  return schema;
}

/** Every field optional (undefined = unchanged), no defaults. */
export function partialFields<T extends z.ZodRawShape>(
  shape: T,
): { [K in keyof T]: z.ZodOptional<Bare<T[K]>> } {
  return Object.fromEntries(
    Object.entries(shape).map(([k, s]) => [k, bare(s as z.ZodType).optional()]),
  ) as unknown as {
    [K in keyof T]: z.ZodOptional<Bare<T[K]>>;
  };
}

/** Every field required, no defaults (a whole-record update). */
export function requiredFields<T extends z.ZodRawShape>(shape: T): { [K in keyof T]: Bare<T[K]> } {
  return Object.fromEntries(Object.entries(shape).map(([k, s]) => [k, bare(s as z.ZodType)])) as unknown as {
    [K in keyof T]: Bare<T[K]>;
  };
}

/** The entries of a partial update that were named (undefined = leave unchanged). */
export function namedFields<T extends Record<string, unknown>>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<T>;
}
