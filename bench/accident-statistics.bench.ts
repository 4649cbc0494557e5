/**
 * Benchmark (issue 20): the accident statistics over 50,000 reports (two years, 20 locations, 10 departments, one
 * or two injuries each, a tenth reportable with lost days and costs).
 * - `GET /api/accidents/statistics?year=…` (all tables incl. body part and injury type, the quota, the previous
 *   year) as the administrator (health right),
 * - `GET /api/accidents/statistics/xlsx?…&table=location` (one table as XLSX),
 * - `GET /api/accidents/statistics/xlsx?…&table=locationQuota` (the quota per location, decision 071).
 * Both years have monthly staff snapshots with a line per location × department (decision 062), so the quota per
 * location and department reads the history.
 * Server time per request: Fastify's `reply.elapsedTime` taken in an onResponse hook, 30 sequential requests each
 * over real HTTP after a warm-up, median and p95.
 * Runs on PGlite (BENCH_DB=postgres for the PostgreSQL server on 127.0.0.1:5432, a fresh database).
 *
 *   npm run bench:accident-statistics
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import {
  accidentReportInjuries,
  accidentReports,
  accidentStaffSnapshotLines,
  accidentStaffSnapshots,
  departments,
  locations,
  portals,
} from '../apps/server/src/db/schema.ts';
import { KIND, median, openBenchDatabase, p95, round } from './support.ts';

const REPORTS = 50_000;
const BATCH = 1_000;
const REQUESTS = 30;
const PASSWORD = 'Bench-Admin-2026!';
const { database, dataDir, cleanup } = await openBenchDatabase('accidents', PASSWORD);

// ── 50,000 reports over 2025 and 2026 ─────────────────────────────────────────────────────────────
const [main] = await database.db.select({ id: portals.id }).from(portals).where(eq(portals.isMain, true));
if (!main) throw new Error('main portal missing');
const locs = await database.db
  .insert(locations)
  .values(Array.from({ length: 20 }, (_, i) => ({ portalId: main.id, name: `Werk ${i + 1}` })))
  .returning({ id: locations.id });
const deps = await database.db
  .insert(departments)
  .values(
    Array.from({ length: 10 }, (_, i) => ({
      portalId: main.id,
      name: `Abteilung ${i + 1}`,
      isContainer: true,
      monthlyHours: 160,
    })),
  )
  .returning({ id: departments.id });
const EVENT_TYPES = [1, 1, 1, 2, 3, 10];
const seedStart = performance.now();
for (let start = 0; start < REPORTS; start += BATCH) {
  const count = Math.min(BATCH, REPORTS - start);
  await database.db.transaction(async (tx) => {
    const rows = await tx
      .insert(accidentReports)
      .values(
        Array.from({ length: count }, (_, k) => {
          const i = start + k;
          // Spread over 2025-01-01 … 2026-12-31 (UTC), one every ~21 minutes.
          const at = new Date(Date.UTC(2025, 0, 1) + (i * 730 * 86_400_000) / REPORTS);
          const eventType = EVENT_TYPES[i % EVENT_TYPES.length]!;
          const reportable = i % 10 === 0;
          return {
            portalId: main.id,
            eventType,
            externalName: `Person ${i}`,
            externalCompany: 'Fremdfirma',
            accidentAt: at,
            firstAidAt: at,
            locationId: locs[i % locs.length]!.id,
            departmentId: deps[i % deps.length]!.id,
            injuryCategory: eventType <= 2 ? (reportable ? 4 : 2) : null,
            reportable,
            daysLost: reportable ? 5 + (i % 20) : i % 3,
            costReplacement: reportable ? 100_000 : null,
            status: i % 50 === 0 ? 60 : 10,
          };
        }),
      )
      .returning({ id: accidentReports.id });
    await tx.insert(accidentReportInjuries).values(
      rows.flatMap((r, k) => {
        const i = start + k;
        const first = { reportId: r.id, bodyPart: 1 + (i % 51), injuryType: 1 + (i % 26) };
        return i % 2 === 0
          ? [first, { reportId: r.id, bodyPart: 1 + ((i + 7) % 51), injuryType: 1 + ((i + 3) % 26) }]
          : [first];
      }),
    );
  });
}
// The staff history (decision 062): a monthly snapshot for each month of both years, one line per location ×
// department (200 lines a month), so the quota per location and department (decision 071) reads the lines.
for (let m = 0; m < 24; m++) {
  const month = `${2025 + Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}-01`;
  const perLine = 5 + (m % 3);
  const [head] = await database.db
    .insert(accidentStaffSnapshots)
    .values({ portalId: main.id, month, employees: perLine * 200, monthlyHours: perLine * 200 * 160 })
    .returning({ id: accidentStaffSnapshots.id });
  await database.db.insert(accidentStaffSnapshotLines).values(
    locs.flatMap((l) =>
      deps.map((d) => ({
        snapshotId: head!.id,
        locationId: l.id,
        departmentId: d.id,
        employees: perLine,
        monthlyHours: perLine * 160,
      })),
    ),
  );
}
const seedMs = performance.now() - seedStart;
await database.db.execute(sql`analyze`);

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

/** Server times of REQUESTS sequential requests after one warm-up; checks the answer. */
async function measure(url: string, check: (body: { data: unknown }) => boolean) {
  const times: number[] = [];
  for (let i = 0; i <= REQUESTS; i++) {
    const response = await fetch(`${base}${url}`, { headers: admin });
    const body = (response.headers.get('content-type') ?? '').includes('json')
      ? ((await response.json()) as { data: unknown })
      : { data: (await response.arrayBuffer()).byteLength };
    if (response.status !== 200 || !check(body))
      throw new Error(`${url}: ${response.status} ${JSON.stringify(body)}`);
    const ms = serverMs.get(url);
    if (ms === undefined) throw new Error(`${url}: no server time`);
    if (i > 0) times.push(ms);
  }
  return { medianMs: round(median(times)), p95Ms: round(p95(times)) };
}
type Stats = {
  data: {
    totals: { reports: number; quota: number | null; staffSource: string };
    tables: { bodyPart: unknown[] | null };
    quotas: { location: { quota: number | null }[]; department: { quota: number | null }[] };
  };
};
const stats = await measure('/api/accidents/statistics?year=2026', (b) => {
  const s = (b as Stats).data;
  return (
    s.totals.reports > 20_000 &&
    s.totals.quota !== null &&
    s.totals.staffSource === 'history' &&
    s.tables.bodyPart !== null &&
    s.quotas.location.filter((r) => r.quota !== null).length === 20 &&
    s.quotas.department.filter((r) => r.quota !== null).length === 10
  );
});
const statsHours = await measure('/api/accidents/statistics?year=2026&fullTimeHours=1600', (b) =>
  Boolean((b as Stats).data),
);
const xlsx = await measure(
  '/api/accidents/statistics/xlsx?year=2026&table=location',
  (b) => (b.data as number) > 1000,
);
const quotaXlsx = await measure(
  '/api/accidents/statistics/xlsx?year=2026&table=locationQuota',
  (b) => (b.data as number) > 1000,
);

const results = {
  database: KIND,
  reports: REPORTS,
  seedMs: Math.round(seedMs),
  stats,
  statsHours,
  xlsx,
  quotaXlsx,
};
console.info(`\n| ${KIND}, ${REPORTS} reports | server time median | p95 |\n|---|---:|---:|`);
console.info(`| statistics of a year (all tables, quota) | ${stats.medianMs} ms | ${stats.p95Ms} ms |`);
console.info(`| the same with the quota via hours | ${statsHours.medianMs} ms | ${statsHours.p95Ms} ms |`);
console.info(`| one table as XLSX | ${xlsx.medianMs} ms | ${xlsx.p95Ms} ms |`);
console.info(`| the quota per location as XLSX | ${quotaXlsx.medianMs} ms | ${quotaXlsx.p95Ms} ms |`);
const out = path.join(import.meta.dirname, 'results', `accident-statistics-${KIND}.json`);
fs.writeFileSync(
  out,
  `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: os.cpus().length, ...results }, null, 2)}\n`,
);
console.info(`\nwritten to ${path.relative(process.cwd(), out)}`);
await app.close();
await database.close();
await cleanup();
