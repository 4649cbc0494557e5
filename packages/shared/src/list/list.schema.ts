import { z } from 'zod';
import { LIST_MAX_LIMIT, LIST_SEARCH_MAX_LENGTH, SORT_DIRECTIONS } from '../constants.ts';

/**
 * The list protocol (spec shell.md §2.5, §7): every list source takes these fields, by query string (GET)
 * or body (POST), plus its own filters, and answers `{ data: { rows, filteredCount } }`.
 */
export const listQuerySchema = z.object({
  search: z.string().trim().max(LIST_SEARCH_MAX_LENGTH).optional().default(''),
  orderBy: z.string().max(64).optional(),
  orderDirection: z.enum(SORT_DIRECTIONS).optional().default('asc'),
  offset: z.coerce.number().int().min(0).max(10_000_000).optional().default(0),
  limit: z.coerce.number().int().min(1).max(LIST_MAX_LIMIT).optional().default(LIST_MAX_LIMIT),
});
export type ListQuery = z.infer<typeof listQuerySchema>;
export type ListQueryInput = z.input<typeof listQuerySchema>;

export function listResponseSchema<Row extends z.ZodType>(row: Row) {
  return z.object({ data: z.object({ rows: z.array(row), filteredCount: z.number().int() }) });
}
export type ListResult<Row> = { rows: Row[]; filteredCount: number };

/** Query-string booleans: "true"/"1" and "false"/"0". */
export const booleanFlag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/** PostgreSQL `integer`: ids and versions above it would fail in the database, so they fail validation. */
export const MAX_INT = 2_147_483_647;
export const idSchema = z.coerce.number().int().positive().max(MAX_INT);
export const versionSchema = z.coerce.number().int().min(1).max(MAX_INT);
export const idParamsSchema = z.object({ id: idSchema });
export const versionQuerySchema = z.object({ version: versionSchema });
