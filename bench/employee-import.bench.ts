/**
 * Benchmark: the employee CSV import (parse, check, hash, write in one transaction) with generated
 * Windows-1252 files, through the import service as the routes call it. On PGlite always; on PostgreSQL
 * when the server is reachable (a fresh database is created on it and dropped afterwards), like every bench.
 *
 * Scenarios (rows/s over the whole run, phases in ms):
 *   new-10k          10,000 new employees, each with its own password: argon2id for every row
 *   new-100k-nohash  100,000 new employees with the hash replaced by a constant — isolates the write path;
 *                    the real figure adds 100,000 hashes (see hash rate in the output)
 *   update-100k      100,000 existing employees (with passwords: none is hashed) re-imported with changed
 *                    names and e-mails, mode "set others inactive" (1,000 absent ones get inactivated)
 *   new-10k-nodecrypto  (named only) the same with Node's own crypto.argon2, the hash used before 2026-11-26
 *   new-100k         (BENCH_FULL=1 only) 100,000 new employees with real hashing — about an hour here
 *
 *   npm run bench:import            (PGlite, and PostgreSQL on BENCH_PG_URL / DATABASE_URL / 127.0.0.1:5432 if reachable)
 *   BENCH_DB=pglite BENCH_SCENARIOS=new-10k npm run bench:import
 */
import { argon2, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SUPERUSER_ID } from '@schutzwerk/shared/permissions.ts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { queryRows } from '../apps/server/src/db/query.ts';
import { ensureBaseData } from '../apps/server/src/db/seed/bootstrap.ts';
import { FIRST_NAMES, LAST_NAMES } from '../apps/server/src/db/seed/names.ts';
import { employeeImportRepository } from '../apps/server/src/modules/employee-import/employee-import.repository.ts';
import { createEmployeeImportService } from '../apps/server/src/modules/employee-import/employee-import.service.ts';
import {
  DEFAULT_MAIL_TEMPLATES,
  enqueueMail,
  mailDateTime,
  renderTemplateMail,
} from '../apps/server/src/modules/mail/index.ts';
import type { Actor } from '../apps/server/src/platform/access.ts';
import { hashPassword } from '../apps/server/src/platform/password.ts';

const PG_URL =
  process.env.BENCH_PG_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const FULL = process.env.BENCH_FULL === '1';
const SCENARIOS = (
  process.env.BENCH_SCENARIOS ?? `new-10k,new-100k-nohash,update-100k${FULL ? ',new-100k' : ''}`
).split(',');
const MAPPING = {
  personnelNumber: 0,
  lastName: 1,
  firstName: 2,
  password: 3,
  email: 4,
  hireDate: 5,
  company: 6,
};

type Figures = {
  scenario: string;
  rows: number;
  totalMs: number;
  rowsPerSec: number;
  phases: Record<string, number>;
  result: Record<string, number>;
};

/** A Windows-1252 CSV like an HR export: header, `;`, quoted company with a separator, German dates. */
function csvFile(rows: number, offset: number, variant: string): Buffer {
  const lines = ['Personalnummer;Nachname;Vorname;Passwort;E-Mail;Eintrittsdatum;Firma'];
  for (let i = 0; i < rows; i++) {
    const n = offset + i;
    const last = `${LAST_NAMES[n % LAST_NAMES.length]}${variant}`;
    const first = FIRST_NAMES[(n * 7) % FIRST_NAMES.length];
    const day = String((n % 28) + 1).padStart(2, '0');
    const month = String((n % 12) + 1).padStart(2, '0');
    lines.push(
      `B${n};${last};${first};Start-${n}-Kennwort;b${n}.${variant || 'x'}@example.de;${day}.${month}.20${String(10 + (n % 15))};"Rheinwerk Chemie; Werk ${n % 5}"`,
    );
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1');
}

async function openBenchDatabase(kind: 'pglite' | 'postgres') {
  if (kind === 'pglite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'schutzwerk-bench-import-'));
    const database = await openDatabase({ kind: 'pglite', dataDir });
    return { database, cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `schutzwerk_bench_import_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const u = new URL(PG_URL);
  u.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: u.toString() });
  return {
    database,
    cleanup: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

async function newPortal(database: Database, name: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    database.db,
    sql`insert into portals (name) values (${name}) returning id`,
  );
  return row!.id;
}

async function runImport(
  database: Database,
  actor: Actor,
  scenario: string,
  file: Buffer,
  portalId: number,
  mode: 'append' | 'deactivateOthers',
  hash?: (p: string) => Promise<string>,
): Promise<Figures> {
  const repository = employeeImportRepository;
  const mail = { renderTemplateMail, enqueueMail, mailDateTime, defaultTemplates: DEFAULT_MAIL_TEMPLATES };
  const service = createEmployeeImportService({
    db: database.db,
    repository,
    mail,
    ...(hash ? { hash } : {}),
  });
  const t0 = performance.now();
  const preview = await service.upload(actor, file, {
    separator: ';',
    hasHeader: true,
    fileName: `${scenario}.csv`,
  });
  const t1 = performance.now();
  const plan = await service.prepare(actor, preview.id, { portalId, mode, mapping: MAPPING });
  const t2 = performance.now();
  let hashEnd = t2;
  let lastLog = 0;
  const result = await service.run(actor, plan, (event) => {
    if (event.type !== 'progress') return;
    if (event.phase === 'hash' && event.done === event.total) hashEnd = performance.now();
    const now = performance.now();
    if (now - lastLog > 10_000) {
      lastLog = now;
      console.info(`  ${scenario}: ${event.phase} ${event.done}/${event.total}`);
    }
  });
  const t3 = performance.now();
  const rows = preview.rowCount;
  return {
    scenario,
    rows,
    totalMs: Math.round(t3 - t0),
    rowsPerSec: Math.round(rows / ((t3 - t0) / 1000)),
    phases: {
      uploadAndPreview: Math.round(t1 - t0),
      parseAndCheck: Math.round(t2 - t1),
      hash: Math.round(hashEnd - t2),
      write: Math.round(t3 - hashEnd),
    },
    result: result as unknown as Record<string, number>,
  };
}

async function benchOn(kind: 'pglite' | 'postgres') {
  const { database, cleanup } = await openBenchDatabase(kind);
  await database.migrate();
  await ensureBaseData(database.db, 'Bench-Admin-2026!');
  const [admin] = await queryRows<{ id: number; portal_id: number }>(
    database.db,
    sql`select id, portal_id from employees where login_name = 'admin'`,
  );
  const actor: Actor = {
    employeeId: admin!.id,
    portalId: admin!.portal_id,
    portalName: 'Hauptportal',
    isMainPortal: true,
    permissions: new Set([SUPERUSER_ID]),
    viaSso: false,
    sessionHash: 'bench',
  };
  const figures: Figures[] = [];
  const report = (f: Figures) => {
    figures.push(f);
    console.info(
      `${kind} ${f.scenario}: ${f.rows} rows in ${(f.totalMs / 1000).toFixed(1)} s = ${f.rowsPerSec} rows/s ${JSON.stringify(f.phases)}`,
    );
  };

  if (SCENARIOS.includes('new-10k')) {
    report(
      await runImport(
        database,
        actor,
        'new-10k',
        csvFile(10_000, 0, ''),
        await newPortal(database, 'Bench neu 10k'),
        'append',
      ),
    );
  }
  if (SCENARIOS.includes('new-10k-nodecrypto')) {
    // The same 10,000 rows hashed with Node's own crypto.argon2, as before 2026-11-26 (the "before" figure).
    const phc = async (password: string) => {
      const key = await nodeCryptoHash(password);
      return `$argon2id$v=19$m=19456,t=2,p=1$${randomBytes(16).toString('base64').replace(/=+$/, '')}$${key.toString('base64').replace(/=+$/, '')}`;
    };
    report(
      await runImport(
        database,
        actor,
        'new-10k-nodecrypto',
        csvFile(10_000, 0, 'C'),
        await newPortal(database, 'Bench neu 10k node:crypto'),
        'append',
        phc,
      ),
    );
  }
  if (SCENARIOS.includes('new-100k-nohash')) {
    const constant = await hashPassword('Bench-Konstante-1');
    report(
      await runImport(
        database,
        actor,
        'new-100k-nohash',
        csvFile(100_000, 0, ''),
        await newPortal(database, 'Bench neu 100k'),
        'append',
        async () => constant,
      ),
    );
  }
  if (SCENARIOS.includes('update-100k')) {
    // 101,000 existing employees with a password; the file has 100,000 of them with changed names.
    const portalId = await newPortal(database, 'Bench Bestand 100k');
    const hash = await hashPassword('Bestand-Kennwort-1');
    await database.db.execute(sql`
      insert into employees (portal_id, personnel_number, last_name, first_name, password_hash)
      select ${portalId}, 'B' || g, 'Alt', 'Bestand', ${hash} from generate_series(0, 100999) g`);
    await database.db.execute(sql`analyze employees`);
    report(
      await runImport(
        database,
        actor,
        'update-100k',
        csvFile(100_000, 0, 'neu'),
        portalId,
        'deactivateOthers',
      ),
    );
  }
  if (SCENARIOS.includes('new-100k')) {
    report(
      await runImport(
        database,
        actor,
        'new-100k',
        csvFile(100_000, 200_000, ''),
        await newPortal(database, 'Bench neu 100k echt'),
        'append',
      ),
    );
  }
  await database.close();
  await cleanup();
  return { kind, figures };
}

// The hash rate on this machine, to read the nohash figures honestly — ours (@node-rs/argon2) against Node's own
// crypto.argon2 (what hashed before 2026-11-26), same parameters, alternating rounds of 40 with 4 in flight so
// that load from other processes hits both alike.
const nodeCryptoHash = (password: string) =>
  new Promise<Buffer>((resolve, reject) =>
    argon2(
      'argon2id',
      { message: password, nonce: randomBytes(16), memory: 19_456, passes: 2, parallelism: 1, tagLength: 32 },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
async function hashRate(hash: (password: string) => Promise<unknown>): Promise<number> {
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < 40) await hash(`Rate-${next++}-Kennwort`);
    }),
  );
  return 40 / ((performance.now() - start) / 1000);
}
const rates = { ours: [] as number[], nodeCrypto: [] as number[] };
for (let round = 0; round < 2; round++) {
  rates.ours.push(await hashRate(hashPassword));
  rates.nodeCrypto.push(await hashRate(nodeCryptoHash));
}
const mean = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) / xs.length);
const hashesPerSec = mean(rates.ours);
const nodeCryptoHashesPerSec = mean(rates.nodeCrypto);
console.info(
  `argon2id (m=19 MiB, t=2), 4 in flight on ${os.cpus().length} cores: ${hashesPerSec} hashes/s (@node-rs/argon2), ` +
    `${nodeCryptoHashesPerSec} hashes/s (node:crypto, before) — ${(hashesPerSec / nodeCryptoHashesPerSec).toFixed(2)}×`,
);

const wanted = process.env.BENCH_DB;
const kinds: ('pglite' | 'postgres')[] = [];
if (!wanted || wanted === 'pglite') kinds.push('pglite');
async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}
if ((!wanted || wanted === 'postgres') && (await postgresReachable())) kinds.push('postgres');

const results = [];
for (const kind of kinds) results.push(await benchOn(kind));

console.info('\n| database | scenario | rows | total s | rows/s | check ms | hash ms | write ms |');
console.info('|---|---|---:|---:|---:|---:|---:|---:|');
for (const r of results) {
  for (const f of r.figures) {
    console.info(
      `| ${r.kind} | ${f.scenario} | ${f.rows} | ${(f.totalMs / 1000).toFixed(1)} | ${f.rowsPerSec} | ${f.phases.parseAndCheck} | ${f.phases.hash} | ${f.phases.write} |`,
    );
  }
}
const out = path.join(import.meta.dirname, 'results', 'employee-import.json');
fs.writeFileSync(
  out,
  `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: os.cpus().length, hashesPerSec, nodeCryptoHashesPerSec, results }, null, 2)}\n`,
);
console.info(`\nwritten to ${path.relative(process.cwd(), out)}`);
process.exit(0);
