import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

/**
 * Optimistic locking (decision 031) in one place: a write lands only when the caller's `version` is the row's
 * current one, and then bumps it and `updatedAt`. A miss answers false/undefined; the service turns it into 409
 * `CONFLICT` (after telling "gone" from "stale" where it needs to).
 */

/** A table with an integer key and the `versioned` columns of `columns.ts`. */
export type VersionedTable = PgTable & { id: PgColumn; version: PgColumn; updatedAt: PgColumn };

function matching(table: VersionedTable, id: number, version: number, extra?: SQL): SQL {
  return and(eq(table.id, id), eq(table.version, version), extra) as SQL;
}

function bumped<T extends VersionedTable>(table: T, patch: PgUpdateSetSource<T>): PgUpdateSetSource<T> {
  return { ...patch, version: sql`${table.version} + 1`, updatedAt: new Date() } as PgUpdateSetSource<T>;
}

/** Updates row `id` with `patch` when `version` matches; false when nothing was updated. */
export async function updateVersioned<T extends VersionedTable>(
  ex: Executor,
  table: T,
  id: number,
  version: number,
  patch: PgUpdateSetSource<T>,
  /** A further condition on the row (e.g. its portal). */
  where?: SQL,
): Promise<boolean> {
  const rows = await ex
    .update(table as VersionedTable)
    .set(bumped(table, patch) as PgUpdateSetSource<VersionedTable>)
    .where(matching(table, id, version, where))
    .returning({ id: table.id });
  return rows.length > 0;
}

/** As `updateVersioned`, answering the updated row (undefined on a miss). */
export async function updateVersionedReturning<T extends VersionedTable>(
  ex: Executor,
  table: T,
  id: number,
  version: number,
  patch: PgUpdateSetSource<T>,
  where?: SQL,
): Promise<T['$inferSelect'] | undefined> {
  const rows = await ex
    .update(table as VersionedTable)
    .set(bumped(table, patch) as PgUpdateSetSource<VersionedTable>)
    .where(matching(table, id, version, where))
    .returning();
  return rows[0] as T['$inferSelect'] | undefined;
}

/** Deletes row `id` when `version` matches; false when nothing was deleted. */
export async function deleteVersioned(
  ex: Executor,
  table: VersionedTable,
  id: number,
  version: number,
  where?: SQL,
): Promise<boolean> {
  const rows = await ex
    .delete(table)
    .where(matching(table, id, version, where))
    .returning({ id: table.id });
  return rows.length > 0;
}
