/**
 * Benchmark: reports on PGlite in the report worker (decision 026) on the demo database (10,000 employees,
 * data directory on disk as with `npm start`). Measures what the isolation costs and that the main thread
 * stays free:
 * - snapshot: how long the app's database is held for `dumpDataDir()` (+ copy into an ArrayBuffer), and
 *   the longest event-loop stall of the main thread meanwhile (a 5 ms interval timer's largest gap);
 * - worker start: opening the snapshot in the worker (not on the main thread);
 * - latency of a small report: cold (new snapshot + worker), warm (snapshot reused) and, for comparison,
 *   the same query directly on the app's PGlite;
 * - a runaway report with a 1 s timeout: time to REPORT_TIMEOUT and the main thread's longest stall;
 * - RSS with the worker running and after it was shut down.
 *
 *   node bench/report-isolation.bench.ts        (BENCH_EMPLOYEES, default 10000)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { ensureBaseData, seedDemoData } from '../apps/server/src/db/seed/bootstrap.ts';
import { createReportRunner } from '../apps/server/src/modules/reports/report-runner.ts';
import { checkReportSql } from '../apps/server/src/modules/reports/sql-guard.ts';

const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 10_000);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'schutzwerk-bench-reports-'));

/** The largest gap between ticks of a 5 ms timer while `work` runs: how long the event loop stalled. */
async function stall<T>(work: () => Promise<T>): Promise<{ result: T; ms: number; stallMs: number }> {
  let last = performance.now();
  let worst = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last - 5);
    last = now;
  }, 5);
  const started = performance.now();
  try {
    const result = await work();
    return { result, ms: Math.round(performance.now() - started), stallMs: Math.round(worst) };
  } finally {
    clearInterval(timer);
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const rssMb = () => Math.round(process.memoryUsage().rss / 1024 / 1024);

const database = await openDatabase({ kind: 'pglite', dataDir });
try {
  await database.migrate();
  await ensureBaseData(database.db, 'Bench-Admin-2026!');
  await seedDemoData(database.db, { employees: EMPLOYEES, password: 'Bench-Demo-2026!' });
  const runner = createReportRunner({ db: database.db, kind: 'pglite' });
  await runner.ensureRole();
  const small = checkReportSql(
    'select d.name as "Abteilung", count(*) as "Anzahl" from employees e join departments d on d.id = e.department_id group by d.name',
    [],
  );
  const runaway = checkReportSql('select count(*) from generate_series(1, (select 500000000)) g', []);
  const none = new Map<string, string | null>();

  const cold = await stall(() => runner.rows(small, none, 30));
  const afterCold = runner.isolationStats();
  const warm: number[] = [];
  for (let i = 0; i < 7; i++) warm.push((await stall(() => runner.rows(small, none, 30))).ms);
  const direct: number[] = [];
  for (let i = 0; i < 7; i++) {
    direct.push(
      (
        await stall(() =>
          database.db.transaction(async (tx) => {
            await tx.execute(sql.raw('set transaction read only'));
            await tx.execute(
              sql.raw(
                'select d.name, count(*) from employees e join departments d on d.id = e.department_id group by d.name',
              ),
            );
          }),
        )
      ).ms,
    );
  }
  const rssWithWorker = rssMb();
  // A committed change: the next report needs a new snapshot.
  await database.db.execute(
    sql`update employees set last_name = last_name where id = (select min(id) from employees)`,
  );
  const changed = await stall(() => runner.rows(small, none, 30));
  const afterChanged = runner.isolationStats();
  const timedOut = await stall(() =>
    runner.rows(runaway, none, 1).catch((error: { code?: string }) => error.code),
  );
  await runner.close();
  global.gc?.();
  const rssAfterClose = rssMb();

  const dumpBytes = fs
    .readdirSync(path.join(dataDir, 'pg'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .reduce((sum, e) => sum + fs.statSync(path.join(e.parentPath, e.name)).size, 0);
  const results = {
    date: new Date().toISOString(),
    employees: EMPLOYEES,
    dataDirMiB: Math.round(dumpBytes / 1024 / 1024),
    snapshotMs: afterCold?.lastSnapshotMs,
    workerStartMs: afterCold?.lastWorkerStartMs,
    coldReportMs: cold.ms,
    coldMainThreadStallMs: cold.stallMs,
    warmReportMedianMs: median(warm),
    directQueryMedianMs: median(direct),
    afterChangeReportMs: changed.ms,
    afterChangeSnapshotMs: afterChanged?.lastSnapshotMs,
    afterChangeWorkerStartMs: afterChanged?.lastWorkerStartMs,
    afterChangeMainThreadStallMs: changed.stallMs,
    runawayOutcome: timedOut.result,
    runawayMs: timedOut.ms,
    runawayMainThreadStallMs: timedOut.stallMs,
    rssWithWorkerMiB: rssWithWorker,
    rssAfterCloseMiB: rssAfterClose,
  };
  console.info(JSON.stringify(results, null, 2));
  fs.mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
  fs.writeFileSync(
    path.join(import.meta.dirname, 'results', 'report-isolation.json'),
    `${JSON.stringify(results, null, 2)}\n`,
  );
} finally {
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
