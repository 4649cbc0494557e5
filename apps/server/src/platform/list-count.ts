import { is, type SQL, sql } from 'drizzle-orm';
import { type PgTable, PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.ts';
import { queryRows } from '../db/query.ts';

/**
 * The count of a list (`filteredCount`), cached while the database has not changed (decision 035, amended).
 *
 * The count is exact: a list's scrollbar, its "Einträge: N" line and the back-half paging of `runList` rest on
 * it. At a million rows it is the dearest part of a page (a parallel index-only count, about 90 ms), and it is
 * the same for every page of the same filters until something commits. PostgreSQL tells exactly that:
 * `pg_current_snapshot()` (xmin:xmax:in-progress ids) is unchanged as long as no transaction that writes has
 * started or ended, and any commit changes it. So a count is stored with the snapshot it was taken in (both
 * in one statement) and reused while a one-round-trip `select pg_current_snapshot()` answers the same text.
 *
 * Only counts on the database itself are cached: inside a transaction the snapshot does not show the
 * transaction's own writes. The cache belongs to one database object (a WeakMap on it, so test databases
 * never share entries), holds the last {@link MAX_ENTRIES} queries, and works alike on several app instances:
 * each has its own cache and asks the same database whether anything has committed.
 */
const MAX_ENTRIES = 256;

type Entry = { snapshot: string; count: number };
const caches = new WeakMap<object, Map<string, Entry>>();

type CountFields = { count: SQL<number>; snapshot: SQL<string> };
export type CountQuery = PromiseLike<{ count: number; snapshot: string }[]> & {
  toSQL(): { sql: string; params: unknown[] };
};

/** `count(*)` of `table` under `where`: from the cache while nothing has committed since it was counted. */
export function countRows(ex: Executor, table: PgTable, where: SQL | undefined): Promise<number> {
  return countOf(ex, (fields) => ex.select(fields).from(table).where(where));
}

/**
 * The same for a count that needs joins: `build` selects the given fields from the list's tables with its
 * filters (`(fields) => ex.select(fields).from(a).innerJoin(b, …).where(where)`).
 */
export async function countOf(ex: Executor, build: (fields: CountFields) => CountQuery): Promise<number> {
  const query = build({
    count: sql<number>`cast(count(*) as integer)`,
    snapshot: sql<string>`pg_current_snapshot()::text`,
  });
  if (is(ex, PgTransaction)) return (await query)[0]?.count ?? 0;

  let cache = caches.get(ex);
  if (!cache) {
    cache = new Map();
    caches.set(ex, cache);
  }
  const compiled = query.toSQL();
  const key = `${compiled.sql}\u0000${JSON.stringify(compiled.params)}`;
  const cached = cache.get(key);
  if (cached) {
    const [now] = await queryRows<{ snapshot: string }>(
      ex,
      sql`select pg_current_snapshot()::text as snapshot`,
    );
    if (now?.snapshot === cached.snapshot) {
      cache.delete(key); // most recently used last
      cache.set(key, cached);
      return cached.count;
    }
  }
  const [row] = await query;
  const count = row?.count ?? 0;
  if (row) {
    cache.delete(key);
    cache.set(key, { snapshot: row.snapshot, count });
    if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  }
  return count;
}
