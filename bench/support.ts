/**
 * What the database benches share: the database they run on (PGlite in a temporary directory, or a fresh
 * database on the PostgreSQL server with BENCH_DB=postgres), migrated and with the base data, and the figures
 * they report (median, p95, one decimal).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { ensureBaseData } from '../apps/server/src/db/seed/bootstrap.ts';

export const KIND: 'pglite' | 'postgres' = process.env.BENCH_DB === 'postgres' ? 'postgres' : 'pglite';
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
export const p95 = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)]!;
export const round = (x: number) => Math.round(x * 10) / 10;

export type BenchDatabase = {
  database: Database;
  /** The temporary data directory (PGlite's files, the app's file store). */
  dataDir: string;
  /** Drops the PostgreSQL database and removes the data directory. */
  cleanup: () => Promise<void>;
  /** The PostgreSQL database's address (a second app instance opens its own pool on it); undefined on PGlite. */
  url: string | undefined;
};

/**
 * A fresh database for one bench run, migrated and with the base data (the administrator with `password`).
 * `label` names the temporary directory and the PostgreSQL database (`schutzwerk_bench_<label>_<pid>`).
 */
export async function openBenchDatabase(label: string, password: string): Promise<BenchDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `schutzwerk-bench-${label}-`));
  let database: Database;
  let dropDatabase = async () => {};
  let url: string | undefined;
  if (KIND === 'pglite') {
    database = await openDatabase({ kind: 'pglite', dataDir });
  } else {
    const name = `schutzwerk_bench_${label}_${process.pid}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const u = new URL(PG_URL);
    u.pathname = `/${name}`;
    url = u.toString();
    database = await openDatabase({ kind: 'postgres', url });
    dropDatabase = async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  await database.migrate();
  await ensureBaseData(database.db, password);
  return {
    database,
    dataDir,
    url,
    cleanup: async () => {
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
