/**
 * Benchmark (issue 22, decision 073): the evaluations of instructions over 10,000 employees × 20 topics × 3 years
 * of history. Every employee–topic pair has an item due in 2024 and in 2025 (done) and in 2026 (four in five done
 * with the next item due in 2027, the rest unfinished: overdue or still open) — about 760,000 assignments, written
 * with `insert … select … from generate_series`. 40 departments, 20 locations, every 50th employee inactive,
 * every 20th external.
 * - `GET /api/instructions/evaluations/statistics?year=2026` as the administrator (every employee) — the
 *   statistics tab: key figures and the four tables against 2025, the overdue count;
 * - the same filtered by one topic and one location;
 * - the same as a supervisor responsible for 10 of the 40 departments (the reach of decision 069);
 * - the first page of the overdue list (100 rows) and the topic table as XLSX;
 * - the dashboard tab (decision 077) for one month and for 365 days, as the administrator and the supervisor;
 * - the master data, profiles (30 profiles on departments and locations, as the administrator and the supervisor)
 *   and employee info tabs (decision 076).
 * Done items carry a completion day from 20 days before to 9 days after their due day (two in three in time),
 * never after today.
 * Server time per request: Fastify's `reply.elapsedTime` taken in an onResponse hook, BENCH_REQUESTS (default 20) sequential requests each
 * over real HTTP after a warm-up, median and p95. Runs on PGlite (BENCH_DB=postgres for the PostgreSQL server on
 * 127.0.0.1:5432, a fresh database).
 *
 *   npm run bench:instruction-statistics
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { queryRows } from '../apps/server/src/db/query.ts';
import { hashPassword } from '../apps/server/src/platform/password.ts';
import { P } from '../packages/shared/src/permissions.ts';
import { KIND, median, openBenchDatabase, p95, round } from './support.ts';

const EMPLOYEES = 10_000;
const TOPICS = 20;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20);
const PASSWORD = 'Bench-Admin-2026!';
const { database, dataDir, cleanup } = await openBenchDatabase('evaluations', PASSWORD);
const db = database.db;

// ── The company: 40 departments below a root, 20 locations, 20 topics, 10,000 employees ─────────────
const seedStart = performance.now();
const [portal] = await queryRows<{ id: number }>(db, sql`select id from portals where is_main`);
const portalId = portal!.id;
const [root] = await queryRows<{ id: number }>(
  db,
  sql`insert into departments (portal_id, name) values (${portalId}, 'Bench AG') returning id`,
);
const deps = await queryRows<{ id: number }>(
  db,
  sql`insert into departments (portal_id, parent_id, name)
      select ${portalId}, ${root!.id}, 'Abteilung ' || g from generate_series(1, 40) g returning id`,
);
const locs = await queryRows<{ id: number }>(
  db,
  sql`insert into locations (portal_id, name) select ${portalId}, 'Werk ' || g from generate_series(1, 20) g
      returning id`,
);
const topics = await queryRows<{ id: number }>(
  db,
  sql`insert into instruction_topics (portal_id, label, identifier, interval_days, released)
      select ${portalId}, 'Jahresunterweisung ' || g, 'BENCH-' || g, 365, true from generate_series(1, ${TOPICS}) g
      returning id`,
);
const depIds = `{${deps.map((d) => d.id).join(',')}}`;
const locIds = `{${locs.map((l) => l.id).join(',')}}`;
const topicIds = `{${topics.map((t) => t.id).join(',')}}`;
await db.execute(sql`
  insert into employees (portal_id, personnel_number, last_name, first_name, active, is_external,
                         department_id, location_id)
  select ${portalId}, 'E' || lpad(g::text, 6, '0'), 'Nachname ' || g, 'Vorname', g % 50 <> 0, g % 20 = 0,
         (${depIds}::int[])[1 + g % 40], (${locIds}::int[])[1 + (g * 7) % 20]
    from generate_series(1, ${EMPLOYEES}) g`);
// Pairs: every employee × every topic; k = a hash of the pair spreads due days and outcomes.
const pairs = sql`(select e.id as employee_id, t.topic_id, (e.id * 31 + t.n::int * 7) as k
                     from employees e
                     cross join unnest(${topicIds}::int[]) with ordinality as t(topic_id, n)
                    where e.portal_id = ${portalId} and e.personnel_number like 'E%') p`;
const dueIn = (year: number) => sql`(make_date(${year}, 1, 1) + (p.k % 365))`;
const completedIn = (year: number) => sql`least(${dueIn(year)} + (p.k % 30) - 20, current_date)`;
for (const year of [2024, 2025]) {
  await db.execute(sql`
    insert into instruction_assignments (portal_id, employee_id, topic_id, status, due_date, original_due_date,
                                         valid_until, completed_on)
    select ${portalId}, p.employee_id, p.topic_id, 'E', ${dueIn(year)}, ${dueIn(year)}, ${dueIn(year + 1)},
           ${completedIn(year)}
      from ${pairs}`);
}
// 2026: four in five done (and the next one open in 2027), the rest unfinished (overdue or still open).
await db.execute(sql`
  insert into instruction_assignments (portal_id, employee_id, topic_id, status, due_date, original_due_date,
                                       valid_until, completed_on)
  select ${portalId}, p.employee_id, p.topic_id, case when p.k % 5 = 0 then 'O' else 'E' end,
         ${dueIn(2026)}, ${dueIn(2026)}, case when p.k % 5 = 0 then null else ${dueIn(2027)} end,
         case when p.k % 5 = 0 then null else ${completedIn(2026)} end
    from ${pairs}`);
await db.execute(sql`
  insert into instruction_assignments (portal_id, employee_id, topic_id, status, due_date, original_due_date)
  select ${portalId}, p.employee_id, p.topic_id, 'O', ${dueIn(2027)}, ${dueIn(2027)}
    from ${pairs} where p.k % 5 <> 0`);
// A supervisor responsible for 10 of the 40 departments, with the evaluation right.
const [boss] = await queryRows<{ id: number }>(
  db,
  sql`insert into employees (portal_id, personnel_number, last_name, first_name, login_name, password_hash)
      values (${portalId}, 'BOSS', 'Leitung', 'Bench', 'bench.boss', ${await hashPassword(PASSWORD)})
      returning id`,
);
const [role] = await queryRows<{ id: number }>(
  db,
  sql`insert into roles (portal_id, name) values (${portalId}, 'Bench-Auswertung') returning id`,
);
await db.execute(
  sql`insert into role_permissions (role_id, permission_id) values (${role!.id}, ${P.TOPICS_EVALUATE})`,
);
await db.execute(sql`insert into employee_roles (employee_id, role_id) values (${boss!.id}, ${role!.id})`);
await db.execute(sql`insert into employee_department_responsibilities (employee_id, department_id)
                     select ${boss!.id}, d from unnest(${`{${deps
                       .slice(0, 10)
                       .map((d) => d.id)
                       .join(',')}}`}::int[]) d`);
// 30 profiles (decision 040) for the profiles tab: one per department of the first 20 (the root's: every
// employee, through „gilt auch für untergeordnete Einheiten“), one per location of the first 10, three topics each.
const profiles = await queryRows<{ id: number }>(
  db,
  sql`insert into instruction_profiles (portal_id, label)
      select ${portalId}, 'Profil ' || g from generate_series(1, 30) g returning id`,
);
const profileIds = `{${profiles.map((x) => x.id).join(',')}}`;
await db.execute(sql`insert into instruction_profile_topics (profile_id, topic_id)
  select (${profileIds}::int[])[g], (${topicIds}::int[])[1 + (g + t) % ${TOPICS}]
    from generate_series(1, 30) g cross join generate_series(0, 2) t`);
await db.execute(sql`insert into instruction_profile_sources (profile_id, kind, department_id)
  select (${profileIds}::int[])[g], 'department',
         case when g = 1 then ${root!.id} else (${depIds}::int[])[g] end
    from generate_series(1, 20) g`);
await db.execute(sql`insert into instruction_profile_sources (profile_id, kind, location_id)
  select (${profileIds}::int[])[20 + g], 'location', (${locIds}::int[])[g] from generate_series(1, 10) g`);
const [{ id: someEmployee } = { id: 0 }] = await queryRows<{ id: number }>(
  db,
  sql`select id from employees where personnel_number = 'E000123'`,
);
const [{ n: assignments } = { n: 0 }] = await queryRows<{ n: number }>(
  db,
  sql`select count(*)::int as n from instruction_assignments`,
);
await db.execute(sql`analyze`);
const seedMs = performance.now() - seedStart;

const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir });
const app = await buildApp({ config, database, logger: false });
// Server time of each answer (arrival → sent), keyed by URL.
const serverMs = new Map<string, number>();
app.addHook('onResponse', async (request, reply) => {
  serverMs.set(request.url, reply.elapsedTime);
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

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
const supervisor = await signIn('bench.boss');

/** Server times of REQUESTS sequential requests after one warm-up; checks the answer. */
async function measure(
  url: string,
  headers: Record<string, string>,
  check: (body: { data: unknown }) => boolean,
) {
  const times: number[] = [];
  for (let i = 0; i <= REQUESTS; i++) {
    const response = await fetch(`${base}${url}`, { headers });
    const body = (response.headers.get('content-type') ?? '').includes('json')
      ? ((await response.json()) as { data: unknown })
      : { data: (await response.arrayBuffer()).byteLength };
    if (response.status !== 200 || !check(body))
      throw new Error(`${url}: ${response.status} ${JSON.stringify(body).slice(0, 500)}`);
    const ms = serverMs.get(url);
    if (ms === undefined) throw new Error(`${url}: no server time`);
    if (i > 0) times.push(ms);
  }
  return { medianMs: round(median(times)), p95Ms: round(p95(times)) };
}
type Stats = {
  data: { totals: { due: number; done: number }; overdueNow: number; tables: { topic: unknown[] } };
};
const stats = await measure('/api/instructions/evaluations/statistics?year=2026', admin, (b) => {
  const s = (b as Stats).data;
  return s.totals.due > 150_000 && s.tables.topic.length === TOPICS && s.overdueNow > 0;
});
const filtered = await measure(
  `/api/instructions/evaluations/statistics?year=2026&topicId=${topics[0]!.id}&locationId=${locs[0]!.id}`,
  admin,
  (b) => (b as Stats).data.totals.due > 0,
);
const reach = await measure('/api/instructions/evaluations/statistics?year=2026', supervisor, (b) => {
  const s = (b as Stats).data;
  return s.totals.due > 30_000 && s.totals.due < 60_000;
});
const overdue = await measure(
  '/api/instructions/evaluations/overdue?limit=100',
  admin,
  (b) => (b.data as { rows: unknown[] }).rows.length === 100,
);
const xlsx = await measure(
  '/api/instructions/evaluations/export?year=2026&table=topic&format=xlsx',
  admin,
  (b) => (b.data as number) > 1000,
);
type Dashboard = { data: { figures: { due: number; done: number }; trend: unknown[]; topTopics: unknown[] } };
const dashboardMonth = await measure('/api/instructions/evaluations/dashboard?range=month', admin, (b) => {
  const d = (b as Dashboard).data;
  return d.figures.due > 0 && d.figures.done > 0 && d.topTopics.length === 5;
});
const dashboardYear = await measure('/api/instructions/evaluations/dashboard?range=year365', admin, (b) => {
  const d = (b as Dashboard).data;
  return d.figures.due > 150_000 && d.trend.length === 13;
});
const dashboardReach = await measure(
  '/api/instructions/evaluations/dashboard?range=year365',
  supervisor,
  (b) => (b as Dashboard).data.figures.due > 30_000 && (b as Dashboard).data.figures.due < 60_000,
);

type Tab = { data: { rows: { employees: number }[] } };
const masterData = await measure('/api/instructions/evaluations/master-data?year=2026', admin, (b) => {
  const rows = (b as Tab).data.rows;
  return rows.length === TOPICS && rows.every((r) => r.employees > 9000);
});
const profileTab = await measure('/api/instructions/evaluations/profiles?year=2026', admin, (b) => {
  const rows = (b as Tab).data.rows;
  return rows.length === 30 && rows.some((r) => r.employees > 9000);
});
const profileReach = await measure('/api/instructions/evaluations/profiles?year=2026', supervisor, (b) => {
  const rows = (b as Tab).data.rows;
  return rows.length === 30 && rows.every((r) => r.employees < 3000);
});
type Info = { data: { items: unknown[]; profiles: string[] } };
const employeeInfo = await measure(
  `/api/instructions/evaluations/employees/${someEmployee}?year=2026`,
  admin,
  (b) => (b as Info).data.items.length >= TOPICS * 3 && (b as Info).data.profiles.length > 0,
);

const results = {
  database: KIND,
  employees: EMPLOYEES,
  topics: TOPICS,
  assignments,
  seedMs: Math.round(seedMs),
  stats,
  filtered,
  reach,
  overdue,
  xlsx,
  dashboardMonth,
  dashboardYear,
  dashboardReach,
  masterData,
  profileTab,
  profileReach,
  employeeInfo,
};
console.info(
  `\n| ${KIND}, ${EMPLOYEES} employees × ${TOPICS} topics, ${assignments} assignments | server time median | p95 |\n|---|---:|---:|`,
);
console.info(
  `| statistics of 2026 (all tables, previous year, overdue count) | ${stats.medianMs} ms | ${stats.p95Ms} ms |`,
);
console.info(`| the same, one topic and one location | ${filtered.medianMs} ms | ${filtered.p95Ms} ms |`);
console.info(
  `| the same as a supervisor (10 of 40 departments) | ${reach.medianMs} ms | ${reach.p95Ms} ms |`,
);
console.info(`| overdue list, first 100 | ${overdue.medianMs} ms | ${overdue.p95Ms} ms |`);
console.info(`| topic table as XLSX | ${xlsx.medianMs} ms | ${xlsx.p95Ms} ms |`);
console.info(`| dashboard, 1 month | ${dashboardMonth.medianMs} ms | ${dashboardMonth.p95Ms} ms |`);
console.info(`| dashboard, 365 days | ${dashboardYear.medianMs} ms | ${dashboardYear.p95Ms} ms |`);
console.info(
  `| dashboard, 365 days, as the supervisor | ${dashboardReach.medianMs} ms | ${dashboardReach.p95Ms} ms |`,
);
console.info(`| master data tab of 2026 | ${masterData.medianMs} ms | ${masterData.p95Ms} ms |`);
console.info(`| profiles tab (30 profiles) | ${profileTab.medianMs} ms | ${profileTab.p95Ms} ms |`);
console.info(`| profiles tab as the supervisor | ${profileReach.medianMs} ms | ${profileReach.p95Ms} ms |`);
console.info(
  `| one employee’s info (60–80 items) | ${employeeInfo.medianMs} ms | ${employeeInfo.p95Ms} ms |`,
);
const out = path.join(import.meta.dirname, 'results', `instruction-statistics-${KIND}.json`);
fs.writeFileSync(
  out,
  `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: os.cpus().length, ...results }, null, 2)}\n`,
);
console.info(`\nwritten to ${path.relative(process.cwd(), out)}`);
await app.close();
await database.close();
await cleanup();
