/**
 * Benchmark: paging at scale (issue 16, decision 035). Generates 100,000 and 1,000,000 employees with bulk SQL
 * (`generate_series`, the employee indexes dropped meanwhile and rebuilt after) and measures the server time
 * (`app.inject`, no network) of the employee list: first, middle and last page of 100, sorted by name and with
 * a search, before and after `ANALYZE`, and after `VACUUM (ANALYZE)` (what the job Datenbankpflege runs) — the
 * bulk insert leaves the planner with the statistics of the small demo company, as after an import without
 * maintenance, and no visibility map for index-only scans.
 *
 *   npm run bench:scale                                 PGlite at 100,000; PostgreSQL at 100,000 and 1,000,000
 *   BENCH_DB=postgres BENCH_SIZES=1000000 npm run bench:scale
 *   BENCH_PGLITE_SIZES=100000,1000000 BENCH_REPEAT=9 npm run bench:scale
 *
 * PostgreSQL: a database of its own on BENCH_PG_URL's server (default 127.0.0.1:5432), dropped afterwards.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { vacuumAnalyze } from '../apps/server/src/db/maintenance.ts';
import { queryRows } from '../apps/server/src/db/query.ts';
import { ensureBaseData, seedDemoData } from '../apps/server/src/db/seed/bootstrap.ts';
import { FIRST_NAMES, LAST_NAMES } from '../apps/server/src/db/seed/names.ts';

const ADMIN_PASSWORD = 'Bench-Admin-2026!';
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REPEAT = Number(process.env.BENCH_REPEAT ?? 7);
const sizes = (value: string | undefined, fallback: number[]) =>
  value ? value.split(',').map((s) => Number(s.trim())) : fallback;
const PG_SIZES = sizes(process.env.BENCH_SIZES, [100_000, 1_000_000]);
const PGLITE_SIZES = sizes(process.env.BENCH_PGLITE_SIZES ?? process.env.BENCH_SIZES, [100_000]);
const SEARCH = process.env.BENCH_SEARCH ?? 'mei';

type Figure = { scenario: string; offset: number; filteredCount: number; medianMs: number; maxMs: number };
type Phase = { phase: string; figures: Figure[] };

const load = () => os.loadavg()[0]!.toFixed(2);

/**
 * N employees in the demo company's main portal, names drawn from the seed's lists by a multiplicative hash
 * of the row number (deterministic), every 7th with a login name and e-mail, every 20th inactive. The employee
 * indexes (except the primary key and unique constraints' own) are dropped first and rebuilt after: one sort
 * per index instead of N index insertions.
 */
async function generateEmployees(db: Database['db'], count: number): Promise<number> {
  const started = performance.now();
  const indexes = await queryRows<{ name: string; def: string }>(
    db,
    sql`select i.indexname as name, i.indexdef as def from pg_indexes i
         where i.tablename = 'employees' and i.schemaname = current_schema()
           and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
  );
  for (const index of indexes) await db.execute(sql.raw(`drop index "${index.name}"`));
  const [portal] = await queryRows<{ id: number }>(db, sql`select id from portals where is_main`);
  const departments = await queryRows<{ id: number }>(
    db,
    sql`select id from departments where portal_id = ${portal!.id} order by id`,
  );
  const locations = await queryRows<{ id: number }>(
    db,
    sql`select id from locations where portal_id = ${portal!.id} order by id`,
  );
  const lastNames = `{${LAST_NAMES.map((n) => `"${n}"`).join(',')}}`;
  const firstNames = `{${FIRST_NAMES.map((n) => `"${n}"`).join(',')}}`;
  const departmentIds = `{${departments.map((d) => d.id).join(',')}}`;
  const locationIds = `{${locations.map((d) => d.id).join(',')}}`;
  await db.execute(sql`
    insert into employees (portal_id, personnel_number, last_name, first_name, login_name, email, active,
                           department_id, location_id)
    select ${portal!.id}, 'B' || lpad(g::text, 7, '0'),
           (${lastNames}::text[])[1 + (g * 2654435761) % ${LAST_NAMES.length}],
           (${firstNames}::text[])[1 + (g * 40503 + 7) % ${FIRST_NAMES.length}],
           case when g % 7 = 0 then 'bench.' || g end,
           case when g % 7 = 0 then 'bench.' || g || '@rheinwerk-chemie.example' end,
           g % 20 <> 0,
           (${departmentIds}::int[])[1 + (g * 69069) % ${departments.length}],
           (${locationIds}::int[])[1 + (g * 1103515245) % ${locations.length}]
      from generate_series(1::bigint, ${count}::bigint) g`);
  for (const index of indexes) await db.execute(sql.raw(index.def));
  return Math.round(performance.now() - started);
}

/** Run before each timed request: nothing, or a commit that ends the cached count (decision 035, amended). */
type Before = (() => Promise<unknown>) | undefined;

async function measure(
  app: Awaited<ReturnType<typeof buildApp>>,
  token: string,
  url: string,
  before?: Before,
) {
  const times: number[] = [];
  let body: { data: { rows: unknown[]; filteredCount: number } } | undefined;
  for (let i = 0; i <= REPEAT; i++) {
    await before?.();
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    const ms = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    body = res.json();
    if (i > 0) times.push(ms); // the first is a warm-up
  }
  times.sort((a, b) => a - b);
  return {
    medianMs: Math.round(times[Math.floor(times.length / 2)]! * 10) / 10,
    maxMs: Math.round(times.at(-1)! * 10) / 10,
    filteredCount: body!.data.filteredCount,
  };
}

async function pages(
  app: Awaited<ReturnType<typeof buildApp>>,
  token: string,
  before?: Before,
): Promise<Figure[]> {
  const figures: Figure[] = [];
  const scenarios: [string, string][] = [
    ['sorted by last name', 'orderBy=lastName'],
    ['sorted by first name, descending', 'orderBy=firstName&orderDirection=desc'],
    ['sorted by personnel number', 'orderBy=personnelNumber'],
    [`search "${SEARCH}", sorted by last name`, `orderBy=lastName&search=${encodeURIComponent(SEARCH)}`],
  ];
  for (const [scenario, query] of scenarios) {
    const first = await measure(app, token, `/api/employee/list?${query}&offset=0&limit=100`, before);
    const count = first.filteredCount;
    const last = Math.max(0, Math.floor((count - 1) / 100) * 100);
    const middle = Math.floor(count / 200) * 100;
    figures.push({ scenario, offset: 0, ...first });
    for (const offset of [middle, last]) {
      const page = await measure(
        app,
        token,
        `/api/employee/list?${query}&offset=${offset}&limit=100`,
        before,
      );
      figures.push({ scenario, offset, ...page });
    }
  }
  // A picker (another list source) at its end.
  const picker = await measure(app, token, '/api/employee/picker?offset=0&limit=100', before);
  figures.push({ scenario: 'employee picker', offset: 0, ...picker });
  const lastPicker = Math.floor((picker.filteredCount - 1) / 100) * 100;
  figures.push({
    scenario: 'employee picker',
    offset: lastPicker,
    ...(await measure(app, token, `/api/employee/picker?offset=${lastPicker}&limit=100`, before)),
  });
  return figures;
}

async function benchOn(kind: 'pglite' | 'postgres', employees: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'schutzwerk-bench-scale-'));
  let database: Database;
  let cleanup = async () => {};
  if (kind === 'pglite') {
    database = await openDatabase({ kind: 'pglite', dataDir });
  } else {
    const name = `schutzwerk_bench_scale_${process.pid}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const u = new URL(PG_URL);
    u.pathname = `/${name}`;
    database = await openDatabase({ kind: 'postgres', url: u.toString() });
    cleanup = async () => {
      if (process.env.BENCH_KEEP) console.info(`kept database ${name}`);
      else await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  try {
    await database.migrate();
    await ensureBaseData(database.db, ADMIN_PASSWORD);
    // The demo company (departments, locations, a few staff), analysed at its end; then the bulk.
    await seedDemoData(database.db, { employees: 50, password: ADMIN_PASSWORD });
    const generateMs = await generateEmployees(database.db, employees);
    console.info(`${kind}: ${employees.toLocaleString('en')} employees generated in ${generateMs} ms`);

    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, SCHEDULER: 'false' });
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    const csrf = await app.inject({ method: 'GET', url: '/api/auth/csrf' });
    const cookie = String(csrf.headers['set-cookie'] ?? '').split(';')[0] ?? '';
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login_local',
      headers: { cookie, 'x-xsrf-token': cookie.split('=')[1] ?? '' },
      payload: { username: 'admin', password: ADMIN_PASSWORD },
    });
    const { token } = login.json<{ token: string }>();
    if (!token) throw new Error(`login failed: ${login.body}`);

    const phases: Phase[] = [];
    const loadBefore = load();
    phases.push({ phase: `before ANALYZE (load ${loadBefore})`, figures: await pages(app, token) });
    const analyzeStarted = performance.now();
    await database.db.execute(sql`analyze`);
    const analyzeMs = Math.round(performance.now() - analyzeStarted);
    const loadAfter = load();
    phases.push({ phase: `after ANALYZE (load ${loadAfter})`, figures: await pages(app, token) });
    // What the nightly Datenbankpflege adds: the visibility map, so index-only scans skip the heap.
    const vacuumStarted = performance.now();
    await vacuumAnalyze(database.db);
    const vacuumMs = Math.round(performance.now() - vacuumStarted);
    phases.push({ phase: `after VACUUM (ANALYZE) (load ${load()})`, figures: await pages(app, token) });
    // The same with a commit before every request (`txid_current()` takes a transaction id): the list's count
    // cannot come from the cache, as on the first page after any write.
    phases.push({
      phase: `after VACUUM (ANALYZE), a commit before each request (load ${load()})`,
      figures: await pages(app, token, () => database.db.execute(sql`select txid_current()`)),
    });
    await app.close();
    return { kind, employees, generateMs, analyzeMs, vacuumMs, phases };
  } finally {
    await database.close();
    await cleanup();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

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

const wanted = process.env.BENCH_DB;
const runs: ['pglite' | 'postgres', number][] = [];
if (!wanted || wanted === 'pglite') for (const n of PGLITE_SIZES) runs.push(['pglite', n]);
if ((!wanted || wanted === 'postgres') && (await postgresReachable()))
  for (const n of PG_SIZES) runs.push(['postgres', n]);

const report = [];
for (const [kind, n] of runs) {
  const r = await benchOn(kind, n);
  report.push(r);
  console.info(
    `\n${kind}, ${n.toLocaleString('en')} employees (generated in ${(r.generateMs / 1000).toFixed(1)} s, ANALYZE ${r.analyzeMs} ms, VACUUM (ANALYZE) ${r.vacuumMs} ms); server time per page of 100, median of ${REPEAT}`,
  );
  console.info('| phase | list | offset | rows matching | median ms | max ms | ÷ first page |');
  console.info('|---|---|---:|---:|---:|---:|---:|');
  for (const phase of r.phases) {
    let first = 1;
    for (const f of phase.figures) {
      if (f.offset === 0) first = f.medianMs;
      console.info(
        `| ${phase.phase} | ${f.scenario} | ${f.offset.toLocaleString('en')} | ${f.filteredCount.toLocaleString('en')} | ${f.medianMs} | ${f.maxMs} | ${(f.medianMs / first).toFixed(2)} |`,
      );
    }
  }
}
const out = path.join(import.meta.dirname, 'results', 'list-scale.json');
fs.writeFileSync(
  out,
  `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: os.cpus().length, repeat: REPEAT, report }, null, 2)}\n`,
);
console.info(`\nwritten to ${path.relative(process.cwd(), out)}`);
process.exit(0);
