/**
 * Benchmark (issue 17, decision 040): instruction profiles and the assignment matrix.
 * - a profile with 3 topics assigned to an activity that 10,000 employees have: `POST /api/instructions/profiles`
 *   (one request; the set-based reconcile writes 30,000 open items and their change-log rows), time and rows/s;
 *   then the same profile saved without the activity (`PUT`, removes the 30,000 open items again);
 * - one employee's activity changed (`PUT /api/employee/:id/activities`, the per-employee reconcile), median;
 * - the matrix for 1,000 employees × 30 topics (each employee with an item per topic): the first page of 100
 *   (`POST /api/instructions/matrix/list`, server time until the answer is read), median and p95 over 30
 *   requests, and all 10 pages of a department filter of 1,000 employees in turn.
 * Runs on PGlite (BENCH_DB=postgres for the PostgreSQL server on 127.0.0.1:5432, a fresh database).
 *
 *   npm run bench:profiles
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { activities, departments, employees, instructionTopics } from '../apps/server/src/db/schema.ts';
import { seedDemoData } from '../apps/server/src/db/seed/bootstrap.ts';
import { KIND, median, openBenchDatabase, p95, round } from './support.ts';

const EMPLOYEES = 10_000;
/** The demo seed sets some employees inactive: seed more so that 10,000 active ones take part. */
const SEEDED = 10_400;
const MATRIX_EMPLOYEES = 1_000;
const MATRIX_TOPICS = 30;
const PROFILE_TOPICS = 3;
const REQUESTS = 30;
const PASSWORD = 'Bench-Admin-2026!';
const { database, dataDir, cleanup } = await openBenchDatabase('profiles', PASSWORD);
await seedDemoData(database.db, { employees: SEEDED, password: PASSWORD });

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
async function call(method: string, url: string, body: unknown, status: number) {
  const response = await fetch(`${base}${url}`, { method, headers: admin, body: JSON.stringify(body) });
  if (response.status !== status) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

const [adminRow] = await database.db
  .select({ id: employees.id, portalId: employees.portalId })
  .from(employees)
  .where(eq(employees.loginName, 'admin'));
const portalId = adminRow!.portalId;
const staff = (
  await database.db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.portalId, portalId), eq(employees.active, true)))
    .orderBy(employees.id)
    .limit(EMPLOYEES)
).map((e) => e.id);

// Setup (not timed): 30 released topics, an activity every employee has, a department of 1,000 employees.
const topics = await database.db
  .insert(instructionTopics)
  .values(
    Array.from({ length: MATRIX_TOPICS }, (_, i) => ({
      portalId,
      identifier: `BP-${String(i + 1).padStart(2, '0')}`,
      label: `Profilthema ${i + 1}`,
      released: true,
    })),
  )
  .returning({ id: instructionTopics.id });
const [activity] = await database.db
  .insert(activities)
  .values({ portalId, name: 'Benchmark-Tätigkeit' })
  .returning({ id: activities.id });
await database.db.execute(
  sql`insert into employee_activities (employee_id, activity_id)
      select e, ${activity!.id} from unnest(${sql.param(staff)}::int[]) e`,
);
const [department] = await database.db
  .insert(departments)
  .values({ portalId, name: 'Benchmark-Abteilung' })
  .returning({ id: departments.id });
const matrixStaff = staff.slice(0, MATRIX_EMPLOYEES);
await database.db.execute(
  sql`update employees set department_id = ${department!.id} where id = any(${sql.param(matrixStaff)}::int[])`,
);
await database.db.execute('analyze');

// 1. The profile reaches 10,000 employees in one request.
const profileTopics = topics.slice(0, PROFILE_TOPICS).map((t) => t.id);
let started = performance.now();
const saved = await call(
  'POST',
  '/api/instructions/profiles',
  { label: 'Benchmark-Profil', topicIds: profileTopics, sources: [{ kind: 'activity', id: activity!.id }] },
  201,
);
const createMs = performance.now() - started;
const created = (saved.assignments as { created: number }).created;
const profile = saved.profile as { id: number; version: number };

// 2. Saved without the activity: the 30,000 open items go again.
started = performance.now();
const removedAnswer = await call(
  'PUT',
  `/api/instructions/profiles/${profile.id}`,
  {
    version: profile.version,
    label: 'Benchmark-Profil',
    description: '',
    topicIds: profileTopics,
    sources: [],
  },
  200,
);
const removeMs = performance.now() - started;
const removed = (removedAnswer.assignments as { removed: number }).removed;
// Back on the activity for the rest.
await call(
  'PUT',
  `/api/instructions/profiles/${profile.id}`,
  {
    version: profile.version + 1,
    label: 'Benchmark-Profil',
    description: '',
    topicIds: profileTopics,
    sources: [{ kind: 'activity', id: activity!.id }],
  },
  200,
);

// 3. One employee's activities changed: the per-employee reconcile inside the activities save.
const oneMs: number[] = [];
const one = staff[staff.length - 1]!;
for (let i = 0; i < 10; i++) {
  const current = (await (
    await fetch(`${base}/api/employee/${one}/activities`, { headers: admin })
  ).json()) as {
    data: { revision: string; activities: { id: number }[] };
  };
  const has = current.data.activities.some((a) => a.id === activity!.id);
  const start = performance.now();
  await call(
    'PUT',
    `/api/employee/${one}/activities`,
    { revision: current.data.revision, roleIds: [], activityIds: has ? [] : [activity!.id] },
    200,
  );
  oneMs.push(performance.now() - start);
}

// 4. The matrix: the 1,000 employees of the department get an item of each of the other 27 topics as well.
await database.db.execute(
  sql`insert into instruction_assignments (portal_id, employee_id, topic_id, status, due_date, original_due_date)
      select ${portalId}, e, t, (array['O','A','E','O'])[1 + (e + t) % 4], date '2027-01-01' + ((e + t) % 300), date '2027-01-01'
      from unnest(${sql.param(matrixStaff)}::int[]) e, unnest(${sql.param(topics.slice(PROFILE_TOPICS).map((t) => t.id))}::int[]) t`,
);
await database.db.execute('analyze');
async function timedMatrix(
  body: Record<string, unknown>,
): Promise<{ ms: number; rows: number; cells: number }> {
  const start = performance.now();
  const response = await fetch(`${base}/api/instructions/matrix/list`, {
    method: 'POST',
    headers: admin,
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { data: { rows: { cells: unknown[] }[] } };
  const ms = performance.now() - start;
  if (response.status !== 200) throw new Error(`matrix: ${response.status}`);
  return { ms, rows: json.data.rows.length, cells: json.data.rows.reduce((n, r) => n + r.cells.length, 0) };
}
const filter = { departmentId: department!.id, limit: 100 };
await timedMatrix(filter); // warm-up
const pageMs: number[] = [];
for (let i = 0; i < REQUESTS; i++) pageMs.push((await timedMatrix(filter)).ms);
started = performance.now();
let matrixRows = 0;
let matrixCells = 0;
for (let offset = 0; offset < MATRIX_EMPLOYEES; offset += 100) {
  const page = await timedMatrix({ ...filter, offset });
  matrixRows += page.rows;
  matrixCells += page.cells;
}
const allPagesMs = performance.now() - started;
// Where the time of a page goes: the repository alone (both queries, no HTTP, no response validation).
const { profilesRepository } = await import('../apps/server/src/modules/instructions/profiles.repository.ts');
const repoMs: number[] = [];
for (let i = 0; i < 10; i++) {
  const start = performance.now();
  await profilesRepository.matrixPage(
    database.db,
    portalId,
    { ...filter, offset: 0, search: '', orderDirection: 'asc', includeInactive: false, subUnits: true },
    '2026-11-26',
  );
  repoMs.push(performance.now() - start);
}
const reconcileMs: number[] = [];
for (let i = 0; i < 10; i++) {
  const start = performance.now();
  await profilesRepository.reconcile(database.db, { employeeIds: [one] }, '2026-11-26', null, 'bench');
  reconcileMs.push(performance.now() - start);
}
const portalPage: number[] = [];
for (let i = 0; i < 10; i++) portalPage.push((await timedMatrix({ limit: 100 })).ms);

const results = {
  database: KIND,
  profileCreate: {
    employees: staff.length,
    topics: PROFILE_TOPICS,
    created,
    totalMs: Math.round(createMs),
    rowsPerSecond: Math.round((created / createMs) * 1000),
  },
  profileRemoveSource: {
    removed,
    totalMs: Math.round(removeMs),
    rowsPerSecond: Math.round((removed / removeMs) * 1000),
  },
  oneEmployeeActivities: {
    medianMs: round(median(oneMs)),
    reconcileAloneMedianMs: round(median(reconcileMs)),
  },
  matrix: {
    employees: matrixRows,
    topics: MATRIX_TOPICS,
    cells: matrixCells,
    firstPageMedianMs: round(median(pageMs)),
    firstPageP95Ms: round(p95(pageMs)),
    allTenPagesMs: Math.round(allPagesMs),
    wholePortalFirstPageMedianMs: round(median(portalPage)),
    repositoryPageMedianMs: round(median(repoMs)),
  },
};
console.info(`\n| ${KIND} | what | figure |\n|---|---|---:|`);
console.info(
  `| profile (${PROFILE_TOPICS} topics) on an activity of ${staff.length} employees: POST | ${results.profileCreate.totalMs} ms, ${created} rows, ${results.profileCreate.rowsPerSecond} rows/s |`,
);
console.info(
  `| the same profile saved without the activity: PUT | ${results.profileRemoveSource.totalMs} ms, ${removed} rows removed |`,
);
console.info(
  `| one employee's activities saved (reconcile inside) | median ${results.oneEmployeeActivities.medianMs} ms (the reconcile alone ${results.oneEmployeeActivities.reconcileAloneMedianMs} ms) |`,
);
console.info(
  `| matrix, department of ${MATRIX_EMPLOYEES} × ${MATRIX_TOPICS} topics, first page of 100 | median ${results.matrix.firstPageMedianMs} ms, p95 ${results.matrix.firstPageP95Ms} ms |`,
);
console.info(
  `| matrix page in the repository alone (two queries) | median ${results.matrix.repositoryPageMedianMs} ms |`,
);
console.info(
  `| matrix, all 10 pages (${matrixRows} employees, ${matrixCells} cells) | ${results.matrix.allTenPagesMs} ms |`,
);
console.info(
  `| matrix, whole portal (${staff.length} employees), first page | median ${results.matrix.wholePortalFirstPageMedianMs} ms |`,
);
const out = path.join(import.meta.dirname, 'results', `instruction-profiles-${KIND}.json`);
fs.writeFileSync(
  out,
  `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: os.cpus().length, ...results }, null, 2)}\n`,
);
console.info(`\nwritten to ${path.relative(process.cwd(), out)}`);
await app.close();
await database.close();
await cleanup();
