/**
 * Benchmark (issue 17): instruction assignments.
 * - assigning: one topic to 2,000 employees in requests of 500 (the limit of one request), time and rows/s;
 * - "Meine Unterweisungen" for an employee with 200 assignments: `GET /api/instructions/mine` (first page of
 *   100, the server time until the first row reaches the client), 30 sequential requests over real HTTP,
 *   median and p95.
 * Runs on PGlite (BENCH_DB=postgres for the PostgreSQL server on 127.0.0.1:5432, a fresh database).
 *
 *   npm run bench:instructions
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, ne } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { employees, instructionTopics } from '../apps/server/src/db/schema.ts';
import { seedDemoData } from '../apps/server/src/db/seed/bootstrap.ts';
import { KIND, median, openBenchDatabase, p95, round } from './support.ts';

const EMPLOYEES = 2_000;
const PER_REQUEST = 500;
const OWN_ASSIGNMENTS = 200;
const REQUESTS = 30;
const PASSWORD = 'Bench-Admin-2026!';
const { database, dataDir, cleanup } = await openBenchDatabase('instr', PASSWORD);
await seedDemoData(database.db, { employees: EMPLOYEES, password: PASSWORD });

const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir });
const app = await buildApp({ config, database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

/** Signs in through the API as the web app does; answers the headers of later requests. */
async function signIn(username: string): Promise<Record<string, string>> {
  const csrfResponse = await fetch(`${base}/api/auth/csrf`);
  const csrf = /XSRF-TOKEN=([^;]+)/.exec(csrfResponse.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const headers = { 'content-type': 'application/json', 'x-xsrf-token': csrf, cookie: `XSRF-TOKEN=${csrf}` };
  const login = await fetch(`${base}/api/auth/login_local`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  const { token } = (await login.json()) as { token?: string };
  if (!token) throw new Error(`sign-in of ${username} failed: ${login.status}`);
  return { ...headers, authorization: `Bearer ${token}` };
}
const admin = await signIn('admin');
const post = async (url: string, body: unknown) => {
  const response = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: admin,
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
};

const [demo] = await database.db
  .select({ id: employees.id, portalId: employees.portalId })
  .from(employees)
  .where(eq(employees.loginName, 'mitarbeiter'));
if (!demo) throw new Error('demo employee mitarbeiter missing');
const staff = (
  await database.db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.portalId, demo.portalId), ne(employees.id, demo.id)))
    .limit(EMPLOYEES)
).map((e) => e.id);

// 1. One topic to every employee, in requests of 500.
const bulkTopic = await post('/api/topics', {
  label: 'Benchmark: Jahresunterweisung',
  identifier: 'BENCH-ALL',
});
const started = performance.now();
let assigned = 0;
for (let i = 0; i < staff.length; i += PER_REQUEST) {
  const result = await post('/api/instructions/assignments', {
    topicId: bulkTopic.id,
    employeeIds: staff.slice(i, i + PER_REQUEST),
  });
  assigned += result.created as number;
}
const assignMs = performance.now() - started;

// 2. 200 topics assigned to the demo employee (beside the three of the demo data).
const topicValues = Array.from({ length: OWN_ASSIGNMENTS }, (_, i) => ({
  portalId: demo.portalId,
  identifier: `BENCH-${String(i + 1).padStart(3, '0')}`,
  label: `Benchmark-Thema ${i + 1}: Sicheres Arbeiten an Anlage ${i + 1}`,
  minutes: 20,
  released: true,
}));
const topics = await database.db
  .insert(instructionTopics)
  .values(topicValues)
  .returning({ id: instructionTopics.id });
for (const [i, topic] of topics.entries())
  await post('/api/instructions/assignments', {
    topicId: topic.id,
    employeeIds: [demo.id],
    dueDate: `2027-${String((i % 12) + 1).padStart(2, '0')}-15`,
  });
await database.db.execute('analyze');

const employee = await signIn('mitarbeiter');
async function timed(url: string): Promise<number> {
  const start = performance.now();
  const response = await fetch(url, { headers: employee });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
  return performance.now() - start;
}
const mineUrl = `${base}/api/instructions/mine?limit=100`;
await timed(mineUrl); // warm-up
const mineMs: number[] = [];
for (let i = 0; i < REQUESTS; i++) mineMs.push(await timed(mineUrl));
const total = (
  (await (await fetch(mineUrl, { headers: employee })).json()) as { data: { filteredCount: number } }
).data.filteredCount;

const results = {
  database: KIND,
  assign: {
    employees: assigned,
    requests: Math.ceil(staff.length / PER_REQUEST),
    totalMs: Math.round(assignMs),
    rowsPerSecond: Math.round((assigned / assignMs) * 1000),
  },
  mine: { assignments: total, medianMs: round(median(mineMs)), p95Ms: round(p95(mineMs)) },
};
console.info(`\n| ${KIND} | what | figure |\n|---|---|---:|`);
console.info(
  `| assign one topic to ${assigned} employees (${results.assign.requests} requests of ${PER_REQUEST}) | ${results.assign.totalMs} ms, ${results.assign.rowsPerSecond} rows/s |`,
);
console.info(
  `| GET /api/instructions/mine, first 100 of ${total} | median ${results.mine.medianMs} ms, p95 ${results.mine.p95Ms} ms |`,
);
const out = path.join(import.meta.dirname, 'results', `my-instructions-${KIND}.json`);
fs.writeFileSync(
  out,
  `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: os.cpus().length, ...results }, null, 2)}\n`,
);
console.info(`\nwritten to ${path.relative(process.cwd(), out)}`);
await app.close();
await database.close();
await cleanup();
