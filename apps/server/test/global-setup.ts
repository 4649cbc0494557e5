import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { ensureBaseData, seedDemoData } from '../src/db/seed/bootstrap.ts';
import { TEST_ADMIN_PASSWORD, TEST_DEMO_EMPLOYEES, TEST_DEMO_PASSWORD } from './constants.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate:
      | { kind: 'pglite'; dumpPath: string }
      | { kind: 'postgres'; baseUrl: string; template: string };
  }
}

/**
 * Migrates and seeds one template database per run; every test file starts from a copy of it:
 * PGlite from a data-directory dump, PostgreSQL with CREATE DATABASE … TEMPLATE.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = `schutzwerk_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${template}`);
    const templateUrl = withDatabase(url, template);
    const database = await openDatabase({ kind: 'postgres', url: templateUrl, poolSize: 2 });
    await prepare(database);
    await database.close();
    project.provide('dbTemplate', { kind: 'postgres', baseUrl: url, template });
    return async () => {
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }

  const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
  await prepare(database);
  const dump = await (
    database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }
  ).$client.dumpDataDir('none');
  await database.close();
  const dumpPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'schutzwerk-test-')), 'template.tar');
  fs.writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  project.provide('dbTemplate', { kind: 'pglite', dumpPath });
  return () => fs.rmSync(path.dirname(dumpPath), { recursive: true, force: true });
}

async function prepare(database: Awaited<ReturnType<typeof openDatabase>>) {
  await database.migrate();
  await ensureBaseData(database.db, TEST_ADMIN_PASSWORD);
  await seedDemoData(database.db, { employees: TEST_DEMO_EMPLOYEES, password: TEST_DEMO_PASSWORD });
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
