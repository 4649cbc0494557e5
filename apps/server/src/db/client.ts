import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { acquireDirectoryLock, type DirectoryLock } from './lock.ts';
import { PgliteWorkerClient } from './pglite-client.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** One database type for both drivers (PGlite and node-postgres). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Data-access functions take either the database or an open transaction. */
export type Executor = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Runs start-up work (migrations, base and demo data) so that several app instances starting at once on
   * one PostgreSQL do it one after the other (advisory lock). PGlite has one process per directory anyway.
   */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>;
  /**
   * PGlite only: calls `onPayload` for each notification on `channel`, before the statement whose commit sent
   * it returns (one process, one connection: decision 038); answers the function that stops listening.
   * PostgreSQL delivers notifications asynchronously, so it offers none here.
   */
  listen?(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

const STARTUP_LOCK_KEY = 74_110_521;

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | {
      kind: 'pglite';
      dataDir: string | undefined;
      loadDataDir?: Blob | File;
      /**
       * Where PGlite computes: in a worker thread (default, decision 039: the main thread keeps serving
       * while a query runs) or in the calling thread (`'main'`, for comparisons in tests and benches).
       */
      thread?: 'worker' | 'main';
    };

/**
 * Opens PGlite (embedded, data under DATA_DIR/pg, guarded by a lock file; in a worker thread, decision 039)
 * or a PostgreSQL server.
 * Inside `db.transaction(tx => …)` always use `tx`: touching `db` there deadlocks PGlite.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    pool.on('error', () => {
      /* idle client errors are reported by the next query */
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder }),
      async withStartupLock(work) {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
          return await work();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => undefined);
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }

  let lock: DirectoryLock | undefined;
  let dataPath: string | undefined;
  if (options.dataDir) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    lock = acquireDirectoryLock(options.dataDir);
    dataPath = path.join(options.dataDir, 'pg');
  }
  try {
    const client =
      options.thread === 'main'
        ? await PGlite.create({
            ...(dataPath ? { dataDir: dataPath } : {}),
            ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
            extensions: { pg_trgm },
          })
        : await PgliteWorkerClient.create({
            ...(dataPath ? { dataDir: dataPath } : {}),
            ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
          });
    // drizzle's pglite driver uses query/transaction only, which the worker's client offers alike.
    const drizzleDb = drizzlePglite(client as PGlite, { schema });
    return {
      db: drizzleDb as unknown as Db,
      kind: 'pglite',
      migrate: () => migratePglite(drizzleDb, { migrationsFolder }),
      withStartupLock: (work) => work(),
      listen: (channel, onPayload) => client.listen(channel, onPayload),
      close: async () => {
        await client.close();
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}
