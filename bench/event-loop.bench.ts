/**
 * Benchmark (issue 16 item 4, decision 039): the event loop under load. Starts the real server
 * (`node apps/server/src/server.ts`, as `npm start` does, 10,000 demo employees) in a child process, signs in
 * as the administrator, then drives a mix with autocannon — one instance per route, all at the same time —
 * for BENCH_SECONDS (default 30) with BENCH_CONNECTIONS (default 50) in all:
 *   the static start page `/` (index.html, 10 connections), `GET /api/auth/user`, the employee list (first
 *   page), the employee list at offset 5,000 sorted by last name, one hazard assessment, the caller's tasks
 *   (8 connections each for the five API routes, scaled with BENCH_CONNECTIONS).
 * Prints per route req/s, p50/p99/max latency, errors, timeouts (autocannon's 10 s) and non-2xx answers, plus
 * the start-up times (first start with the demo seed, second start on the existing data; PGlite only).
 * BENCH_STATIC_RATE=50 caps the static page at 50 requests/s: a served static page costs CPU that the
 * database then lacks on a 2-core machine, so the API figures compare fairly only with it capped.
 * Runs on PGlite (a fresh DATA_DIR) in its worker thread and, for comparison, in the main thread
 * (PGLITE_THREAD=main, as before decision 039), and on PostgreSQL when a server answers on 127.0.0.1:5432
 * (a fresh database, dropped afterwards). The web app must be built (`npm run build`) for the static page.
 *
 *   npm run bench:event-loop
 *   BENCH_DB=pglite BENCH_PGLITE_THREADS=worker BENCH_SECONDS=10 BENCH_CONNECTIONS=20 npm run bench:event-loop
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 10_000);
/** Caps the static page's requests per second (0: as fast as it answers, as in issue 16's measurement). */
const STATIC_RATE = Number(process.env.BENCH_STATIC_RATE ?? 0);
const PGLITE_THREADS = (process.env.BENCH_PGLITE_THREADS ?? 'worker,main').split(',') as (
  | 'worker'
  | 'main'
)[];
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ADMIN_PASSWORD = 'Bench-Admin-2026!';
const ROOT = path.join(import.meta.dirname, '..');
const SERVER = path.join(ROOT, 'apps', 'server', 'src', 'server.ts');
const WEB_DIST = path.join(ROOT, 'apps', 'web', 'dist');

type Figures = {
  route: string;
  connections: number;
  requests: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  timeouts: number;
  non2xx: number;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Starts the server; resolves once it prints that it is running, with the milliseconds that took. */
async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; startMs: number }> {
  const startedAt = performance.now();
  const child = spawn(process.execPath, [SERVER], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Schutzwerk läuft')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server ended (${code}) before it ran:\n${output}`)));
  });
  return { child, startMs: Math.round(performance.now() - startedAt) };
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function signIn(base: string): Promise<Record<string, string>> {
  const csrfResponse = await fetch(`${base}/api/auth/csrf`);
  const csrf = /XSRF-TOKEN=([^;]+)/.exec(csrfResponse.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const cookie = `XSRF-TOKEN=${csrf}`;
  const login = await fetch(`${base}/api/auth/login_local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-xsrf-token': csrf, cookie },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  return { authorization: `Bearer ${token}`, cookie };
}

async function load(base: string, auth: Record<string, string>): Promise<Figures[]> {
  const list = await fetch(`${base}/api/hazardanalysis?limit=1`, { headers: auth });
  const firstAssessment = ((await list.json()) as { data: { rows: { id: number }[] } }).data.rows[0];
  if (!firstAssessment) throw new Error('the demo data has no hazard assessment');
  const apiConnections = Math.max(1, Math.round((CONNECTIONS * 8) / 50));
  const staticConnections = Math.max(1, CONNECTIONS - 5 * apiConnections);
  const routes: {
    route: string;
    path: string;
    headers: Record<string, string>;
    connections: number;
    rate?: number;
  }[] = [
    {
      route: STATIC_RATE ? `static start page / (at most ${STATIC_RATE}/s)` : 'static start page /',
      path: '/',
      headers: {},
      connections: staticConnections,
      ...(STATIC_RATE ? { rate: STATIC_RATE } : {}),
    },
    { route: 'GET /api/auth/user', path: '/api/auth/user', headers: auth, connections: apiConnections },
    {
      route: 'employee list, first page',
      path: '/api/employee/list?offset=0&limit=100',
      headers: auth,
      connections: apiConnections,
    },
    {
      route: 'employee list, offset 5000 by last name',
      path: '/api/employee/list?offset=5000&limit=100&orderBy=lastName',
      headers: auth,
      connections: apiConnections,
    },
    {
      route: 'one hazard assessment',
      path: `/api/hazardanalysis/${firstAssessment.id}`,
      headers: auth,
      connections: apiConnections,
    },
    { route: 'my tasks', path: '/api/tasks?limit=100', headers: auth, connections: apiConnections },
  ];
  for (const r of routes) {
    const check = await fetch(`${base}${r.path}`, { headers: r.headers });
    if (!check.ok) throw new Error(`${r.path} answers ${check.status}: ${await check.text()}`);
    await check.arrayBuffer();
  }
  const results = await Promise.all(
    routes.map(async (r) => {
      const result = await autocannon({
        url: `${base}${r.path}`,
        connections: r.connections,
        duration: SECONDS,
        headers: r.headers,
        timeout: 10,
        ...(r.rate ? { overallRate: r.rate } : {}),
      });
      return {
        route: r.route,
        connections: r.connections,
        requests: result.requests.total,
        reqPerSec: Math.round(result.requests.average * 10) / 10,
        p50: result.latency.p50,
        p99: result.latency.p99,
        max: result.latency.max,
        errors: result.errors,
        timeouts: result.timeouts,
        non2xx: result.non2xx,
      } satisfies Figures;
    }),
  );
  return results;
}

async function benchOn(kind: 'pglite' | 'postgres', thread: 'worker' | 'main' = 'worker') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'schutzwerk-bench-loop-'));
  const port = await freePort();
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD,
    DEMO_PASSWORD: ADMIN_PASSWORD,
    DEMO_EMPLOYEES: String(EMPLOYEES),
    // No scheduled job (e.g. Datenbankpflege) runs into the measurement.
    SCHEDULER: 'false',
    PGLITE_THREAD: thread,
    ...(fs.existsSync(path.join(WEB_DIST, 'index.html')) ? {} : { WEB_DIST: fakeWebDist(dataDir) }),
  };
  let cleanup = async () => {};
  if (kind === 'postgres') {
    const name = `schutzwerk_bench_loop_${process.pid}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const u = new URL(PG_URL);
    u.pathname = `/${name}`;
    env.DATABASE_URL = u.toString();
    cleanup = async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const startup: { firstStartMs: number; secondStartMs?: number } = { firstStartMs: 0 };
  let server = await startServer(env);
  startup.firstStartMs = server.startMs;
  if (kind === 'pglite') {
    // A second start on the existing data directory: what a restart costs (no seed).
    await stopServer(server.child);
    server = await startServer(env);
    startup.secondStartMs = server.startMs;
  }
  try {
    const base = `http://127.0.0.1:${port}`;
    const auth = await signIn(base);
    const results = await load(base, auth);
    return { kind: kind === 'pglite' ? `pglite (${thread} thread)` : kind, startup, results };
  } finally {
    await stopServer(server.child);
    await cleanup();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Without a built web app: a stand-in index.html of the same order of size, so the static route exists. */
function fakeWebDist(dataDir: string): string {
  const dir = path.join(dataDir, 'web');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><title>Schutzwerk</title>${' '.repeat(1500)}`,
  );
  console.info('(apps/web/dist missing: a stand-in index.html is served; run `npm run build` first)');
  return dir;
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
const runs: (() => ReturnType<typeof benchOn>)[] = [];
if (!wanted || wanted === 'pglite')
  for (const thread of PGLITE_THREADS) runs.push(() => benchOn('pglite', thread));
if ((!wanted || wanted === 'postgres') && (await postgresReachable())) runs.push(() => benchOn('postgres'));

const report = [];
for (const run of runs) {
  const r = await run();
  report.push(r);
  const total = r.results.reduce((sum, f) => sum + f.requests, 0);
  console.info(
    `\n${r.kind}: ${CONNECTIONS} connections for ${SECONDS} s, ${total.toLocaleString('en')} requests; ` +
      `start-up ${r.startup.firstStartMs} ms with the demo seed` +
      (r.startup.secondStartMs !== undefined ? `, ${r.startup.secondStartMs} ms on existing data` : ''),
  );
  console.info(
    '| route | conn. | requests | req/s | p50 ms | p99 ms | max ms | errors | timeouts | non-2xx |',
  );
  console.info('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const f of r.results) {
    console.info(
      `| ${f.route} | ${f.connections} | ${f.requests} | ${f.reqPerSec} | ${f.p50} | ${f.p99} | ${f.max} | ${f.errors} | ${f.timeouts} | ${f.non2xx} |`,
    );
  }
}
const out = path.join(import.meta.dirname, 'results', 'event-loop.json');
fs.writeFileSync(
  out,
  `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: os.cpus().length, connections: CONNECTIONS, seconds: SECONDS, employees: EMPLOYEES, report }, null, 2)}\n`,
);
console.info(`\nwritten to ${path.relative(process.cwd(), out)}`);
process.exit(0);
