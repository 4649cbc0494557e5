/**
 * Benchmark: the employee list endpoint (100k employees, pages of 100, with search and sort) against a
 * hello-world route in the same process, with autocannon. Runs on PGlite, and on PostgreSQL when a server
 * answers on 127.0.0.1:5432 (a fresh database, dropped afterwards).
 *
 *   npm run bench                 both databases
 *   BENCH_DB=pglite npm run bench one of them (pglite | postgres)
 *   BENCH_EMPLOYEES=20000 BENCH_SECONDS=5 npm run bench   smaller and shorter
 *   BENCH_SCENARIOS=auth npm run bench:list   only the references and the signed-in call (issue 16 item 3)
 *
 * The references are a hello-world API route and a static file (a 2 KiB script under assets/, served by
 * @fastify/static from a web directory the bench writes, like the built web app's files); the ratios
 * are to the static file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { ensureBaseData, seedDemoData } from '../apps/server/src/db/seed/bootstrap.ts';
import { publicRoute } from '../apps/server/src/platform/access.ts';

const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ADMIN_PASSWORD = 'Bench-Admin-2026!';
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** `auth`: only hello world, the static file and the signed-in call; default: every scenario. */
const ONLY_AUTH = process.env.BENCH_SCENARIOS === 'auth';
const STATIC_PATH = '/assets/bench-static-0123abcd.js';

/** A web directory like the built app's: index.html and one hashed script of 2 KiB. */
function writeWebDist(dir: string): string {
  const webDist = path.join(dir, 'web');
  fs.mkdirSync(path.join(webDist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>bench</title>\n');
  const line = 'export const benchStatic = "a static file served by the same process";\n';
  fs.writeFileSync(path.join(webDist, STATIC_PATH), line.repeat(Math.ceil(2048 / line.length)));
  return webDist;
}

type Figures = { name: string; reqPerSec: number; p50: number; p99: number; errors: number; non2xx: number };

async function run(name: string, url: string, headers: Record<string, string>, requests: { path: string }[]) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers,
    requests: requests.map((r) => ({ method: 'GET' as const, path: r.path })),
  });
  return {
    name,
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  } satisfies Figures;
}

async function benchOn(kind: 'pglite' | 'postgres') {
  let database: Database;
  let cleanup = async () => {};
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'schutzwerk-bench-'));
  if (kind === 'pglite') {
    database = await openDatabase({ kind: 'pglite', dataDir });
  } else {
    const name = `schutzwerk_bench_${process.pid}`;
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
  const seedStart = Date.now();
  await database.migrate();
  await ensureBaseData(database.db, ADMIN_PASSWORD);
  await seedDemoData(database.db, { employees: EMPLOYEES, password: ADMIN_PASSWORD });
  await database.db.execute('analyze');
  const seedMs = Date.now() - seedStart;

  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, WEB_DIST: writeWebDist(dataDir) });
  const app = await buildApp({ config, database, logger: false });
  app.get('/api/bench/hello', { config: { access: publicRoute } }, async () => ({ hello: 'world' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const csrf = await fetch(`${base}/api/auth/csrf`);
  const cookie = (csrf.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const xsrf = cookie.split('=')[1] ?? '';
  const login = await fetch(`${base}/api/auth/login_local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-xsrf-token': xsrf },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const auth = { authorization: `Bearer ${token}`, cookie };

  const offsets = [0, 100, 5_000, 20_000, 50_000, 90_000].filter((o) => o < EMPLOYEES);
  const results: Figures[] = [];
  results.push(await run('hello world (same process)', base, {}, [{ path: '/api/bench/hello' }]));
  results.push(await run('static start page (GET /, index.html)', base, {}, [{ path: '/' }]));
  results.push(await run('static file (a hashed 2 KiB script)', base, {}, [{ path: STATIC_PATH }]));
  results.push(await run('signed-in call (GET /api/auth/user)', base, auth, [{ path: '/api/auth/user' }]));
  if (!ONLY_AUTH) results.push(...(await listScenarios(base, auth, offsets)));
  await app.close();
  await database.close();
  await cleanup();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { kind, employees: EMPLOYEES, seedMs, results };
}

async function listScenarios(base: string, auth: Record<string, string>, offsets: number[]) {
  const results: Figures[] = [];
  results.push(
    await run('list first page of 100 (typical)', base, auth, [
      { path: '/api/employee/list?offset=0&limit=100' },
    ]),
  );
  results.push(
    await run(
      'list page of 100, sorted by last name, deep offsets',
      base,
      auth,
      offsets.map((o) => ({ path: `/api/employee/list?offset=${o}&limit=100&orderBy=lastName` })),
    ),
  );
  results.push(
    await run(
      'list with search + sort',
      base,
      auth,
      ['müller', 'schmidt anna', '1000', 'rheinwerk', 'Özdemir', 'wagner m'].map((s) => ({
        path: `/api/employee/list?search=${encodeURIComponent(s)}&orderBy=firstName&orderDirection=desc&limit=100`,
      })),
    ),
  );
  return results;
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
const kinds: ('pglite' | 'postgres')[] = [];
if (!wanted || wanted === 'pglite') kinds.push('pglite');
if ((!wanted || wanted === 'postgres') && (await postgresReachable())) kinds.push('postgres');

const report = [];
for (const kind of kinds) {
  const r = await benchOn(kind);
  report.push(r);
  const hello = r.results[0]!.reqPerSec;
  const staticFile = r.results[1]!.reqPerSec;
  console.info(
    `\n${kind}: ${r.employees.toLocaleString('en')} employees, seeded in ${(r.seedMs / 1000).toFixed(1)} s`,
  );
  console.info(
    '| scenario | req/s | p50 ms | p99 ms | errors | non-2xx | ratio to hello | ratio to static |',
  );
  console.info('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const f of r.results) {
    console.info(
      `| ${f.name} | ${f.reqPerSec} | ${f.p50} | ${f.p99} | ${f.errors} | ${f.non2xx} | ${(f.reqPerSec / hello).toFixed(3)} | ${(f.reqPerSec / staticFile).toFixed(3)} |`,
    );
  }
}
const out = path.join(
  import.meta.dirname,
  'results',
  ONLY_AUTH ? 'list-endpoint-auth.json' : 'list-endpoint.json',
);
fs.writeFileSync(
  out,
  `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: os.cpus().length, connections: CONNECTIONS, seconds: SECONDS, report }, null, 2)}\n`,
);
console.info(`\nwritten to ${path.relative(process.cwd(), out)}`);
process.exit(0);
