/**
 * Benchmark (issue 6): open a hazard assessment with 200 hazards and 1,000 actions.
 * - server time: `GET /api/hazardanalysis/:id` (the editor's record with all hazards and ratings) and
 *   `GET /api/actions?sourceType=hazard&sourceId=…` (one hazard's actions, as the editor loads them),
 *   30 sequential requests each over real HTTP, median and p95;
 * - page time: headless Chromium (`/usr/bin/chromium`) opens `/hazardanalysis/:id` until the first hazard's
 *   row is shown, then scrolls the (virtualised) hazards table to its end until the last hazard's row is
 *   shown, five loads, median (the web app must be built: `npm run build`).
 * Runs on PGlite (BENCH_DB=postgres for the PostgreSQL server on 127.0.0.1:5432, a fresh database).
 *
 *   npm run bench:hazardanalysis
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import {
  actions,
  employees,
  hazardAnalysisHazards,
  hazardBricks,
  locations,
} from '../apps/server/src/db/schema.ts';
import { ensureBaseData, seedDemoData } from '../apps/server/src/db/seed/bootstrap.ts';

const HAZARDS = 200;
const ACTIONS = 1_000;
const REQUESTS = 30;
const PAGE_LOADS = 5;
const ADMIN_PASSWORD = 'Bench-Admin-2026!';
const KIND = process.env.BENCH_DB === 'postgres' ? 'postgres' : 'pglite';
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)]!;
const round = (x: number) => Math.round(x * 10) / 10;

let database: Database;
let cleanup = async () => {};
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'schutzwerk-bench-ha-'));
if (KIND === 'pglite') {
  database = await openDatabase({ kind: 'pglite', dataDir });
} else {
  const name = `schutzwerk_bench_ha_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const u = new URL(PG_URL);
  u.pathname = `/${name}`;
  database = await openDatabase({ kind: 'postgres', url: u.toString() });
  cleanup = async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
}
await database.migrate();
await ensureBaseData(database.db, ADMIN_PASSWORD);
await seedDemoData(database.db, { employees: 2_000, password: ADMIN_PASSWORD });

const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir });
const app = await buildApp({ config, database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

// Sign in as the administrator through the API, as the web app does.
const csrfResponse = await fetch(`${base}/api/auth/csrf`);
const csrf = /XSRF-TOKEN=([^;]+)/.exec(csrfResponse.headers.get('set-cookie') ?? '')?.[1] ?? '';
const jsonHeaders = {
  'content-type': 'application/json',
  'x-xsrf-token': csrf,
  cookie: `XSRF-TOKEN=${csrf}`,
};
const login = await fetch(`${base}/api/auth/login_local`, {
  method: 'POST',
  headers: jsonHeaders,
  body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
});
const { token } = (await login.json()) as { token?: string };
if (!token) throw new Error(`sign-in failed: ${login.status}`);
const auth = { ...jsonHeaders, authorization: `Bearer ${token}` };

// An assessment with 200 hazards from the starter catalogue, each rated, and 1,000 actions on them.
const bricks = await database.db.select({ id: hazardBricks.id }).from(hazardBricks);
const [responsible] = await database.db
  .select({ id: employees.id, portalId: employees.portalId })
  .from(employees)
  .where(eq(employees.loginName, 'sifa'));
if (!responsible) throw new Error('demo employee sifa missing');
const [location] = await database.db
  .select({ id: locations.id })
  .from(locations)
  .where(eq(locations.portalId, responsible.portalId))
  .limit(1);
if (!location) throw new Error('no location in the demo portal');
const created = await fetch(`${base}/api/hazardanalysis`, {
  method: 'POST',
  headers: auth,
  body: JSON.stringify({
    bezeichnung: 'Benchmark: Produktionshalle mit 200 Gefährdungen',
    locationId: location.id,
    brickIds: Array.from({ length: HAZARDS }, (_, i) => bricks[i % bricks.length]!.id),
    responsibleId: responsible.id,
  }),
});
if (created.status !== 201 && created.status !== 200)
  throw new Error(`create failed: ${created.status} ${await created.text()}`);
const analysisId = ((await created.json()) as { data: { id: number } }).data.id;
const hazards = await database.db
  .select({ id: hazardAnalysisHazards.id })
  .from(hazardAnalysisHazards)
  .where(eq(hazardAnalysisHazards.analysisId, analysisId));
if (hazards.length !== HAZARDS) throw new Error(`expected ${HAZARDS} hazards, got ${hazards.length}`);
const types = ['substitution', 'technical', 'organisational', 'personal'];
await database.db.insert(actions).values(
  Array.from({ length: ACTIONS }, (_, i) => ({
    portalId: responsible.portalId,
    sourceType: 'hazard',
    sourceId: hazards[i % HAZARDS]!.id,
    designation: `Maßnahme ${i + 1}: Schutzeinrichtung prüfen und dokumentieren`,
    type: types[i % types.length],
    dueDate: '2027-03-31',
    responsibleId: responsible.id,
  })),
);
await database.db.execute('analyze');

async function timed(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers: auth });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
  return performance.now() - started;
}
await timed(`${base}/api/hazardanalysis/${analysisId}`); // warm-up
const recordMs: number[] = [];
for (let i = 0; i < REQUESTS; i++) recordMs.push(await timed(`${base}/api/hazardanalysis/${analysisId}`));
const recordBytes = (
  await (await fetch(`${base}/api/hazardanalysis/${analysisId}`, { headers: auth })).arrayBuffer()
).byteLength;
const actionsMs: number[] = [];
for (let i = 0; i < REQUESTS; i++)
  actionsMs.push(
    await timed(`${base}/api/actions?sourceType=hazard&sourceId=${hazards[i % HAZARDS]!.id}&limit=100`),
  );

// Page time in the real browser: from navigation to the last hazard's row being visible.
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const context = await browser.newContext();
await context.addInitScript(
  (t) =>
    (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
      'schutzwerk.token',
      t,
    ),
  token,
);
const page = await context.newPage();
const pageMs: number[] = [];
const firstRowMs: number[] = [];
for (let i = 0; i <= PAGE_LOADS; i++) {
  const started = performance.now();
  await page.goto(`${base}/hazardanalysis/${analysisId}`);
  await page.getByTestId('hazard-row-0').waitFor({ timeout: 60_000 });
  const firstRow = performance.now() - started;
  // The hazards table is virtualised: scroll it to its end, as a user would, until the last row shows.
  await page.getByTestId('hazards-scroller').evaluate((element) => {
    element.scrollTop = element.scrollHeight;
  });
  await page.getByTestId(`hazard-row-${HAZARDS - 1}`).waitFor({ timeout: 60_000 });
  if (i > 0) {
    // the first load fills the HTTP cache
    pageMs.push(performance.now() - started);
    firstRowMs.push(firstRow);
  }
}
await browser.close();

const results = {
  database: KIND,
  hazards: HAZARDS,
  actions: ACTIONS,
  record: {
    medianMs: round(median(recordMs)),
    p95Ms: round(p95(recordMs)),
    kib: Math.round(recordBytes / 1024),
  },
  hazardActions: { medianMs: round(median(actionsMs)), p95Ms: round(p95(actionsMs)) },
  page: { medianMs: Math.round(median(pageMs)), maxMs: Math.round(Math.max(...pageMs)) },
  firstRow: { medianMs: Math.round(median(firstRowMs)), maxMs: Math.round(Math.max(...firstRowMs)) },
};
console.info('\n| what | median | p95 / max |');
console.info('|---|---:|---:|');
console.info(
  `| GET assessment (200 hazards, ${results.record.kib} KiB) | ${results.record.medianMs} ms | ${results.record.p95Ms} ms |`,
);
console.info(
  `| GET one hazard's actions (5 of 1,000) | ${results.hazardActions.medianMs} ms | ${results.hazardActions.p95Ms} ms |`,
);
console.info(
  `| page /hazardanalysis/:id until row 1 shows | ${results.firstRow.medianMs} ms | ${results.firstRow.maxMs} ms |`,
);
console.info(
  `| page /hazardanalysis/:id until row 200 shows (scrolled to the end) | ${results.page.medianMs} ms | ${results.page.maxMs} ms |`,
);
const out = path.join(import.meta.dirname, 'results', `hazard-analysis-open-${KIND}.json`);
fs.writeFileSync(
  out,
  `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: os.cpus().length, ...results }, null, 2)}\n`,
);
console.info(`\nwritten to ${path.relative(process.cwd(), out)}`);
await app.close();
await database.close();
await cleanup();
fs.rmSync(dataDir, { recursive: true, force: true });
