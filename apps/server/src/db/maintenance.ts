import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';
import { queryRows } from './query.ts';

/**
 * Planner statistics and vacuuming (decision 035). PostgreSQL's autovacuum may be off (CI) or late after a
 * bulk write, and PGlite has no autovacuum at all: without statistics the planner guesses a handful of rows
 * for a table of millions and sorts everything instead of walking an index.
 */

/** The application's tables in the current schema (drizzle's own bookkeeping lives in schema `drizzle`). */
async function appTables(db: Db): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c
         where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p')
         order by c.relname`,
  );
  return rows.map((r) => r.name);
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * `ANALYZE` after a bulk write (demo seed, employee import …): the named tables, or every application table.
 * Samples at most 30,000 rows per table (default_statistics_target 100), so it stays cheap on large tables.
 * Must not run inside a transaction that holds the written rows uncommitted (they would not be seen).
 */
export async function analyzeTables(db: Db, tables?: readonly PgTable[]): Promise<void> {
  const names = tables ? tables.map((t) => getTableName(t)) : await appTables(db);
  for (const name of names) await db.execute(sql.raw(`analyze ${quoteIdent(name)}`));
}

export type TableMaintenance = { table: string; deadRowsBefore: number | null; ms: number };

/**
 * `VACUUM (ANALYZE)` of every application table, one at a time (a table is done before the signal is looked
 * at again): reclaims dead rows and refreshes the statistics. Outside any transaction — VACUUM cannot run in
 * one; on PGlite it holds the single connection while it runs, table by table.
 */
export async function vacuumAnalyze(
  db: Db,
  options: { signal?: AbortSignal; onTable?: (result: TableMaintenance) => void } = {},
): Promise<TableMaintenance[]> {
  const dead = new Map(
    (
      await queryRows<{ name: string; dead: number | string | null }>(
        db,
        sql`select relname as name, n_dead_tup as dead from pg_stat_user_tables
             where schemaname = current_schema()`,
      )
    ).map((r) => [r.name, r.dead === null ? null : Number(r.dead)]),
  );
  const results: TableMaintenance[] = [];
  for (const table of await appTables(db)) {
    options.signal?.throwIfAborted();
    const started = performance.now();
    await db.execute(sql.raw(`vacuum (analyze) ${quoteIdent(table)}`));
    const result = {
      table,
      deadRowsBefore: dead.get(table) ?? null,
      ms: Math.round(performance.now() - started),
    };
    results.push(result);
    options.onTable?.(result);
  }
  return results;
}
