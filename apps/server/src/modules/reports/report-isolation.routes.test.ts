import type { AddressInfo } from 'node:net';
import { CSRF_COOKIE, CSRF_HEADER } from '@schutzwerk/shared/constants.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '#platform/errors.ts';
import { type ApiClient, createTestApp, type TestApp } from '#test/app.ts';
import { NO_DATA_RIGHTS } from './report-data-rights.ts';
import { createReportRunner, REPORT_MAX_ROWS } from './report-runner.ts';
import { checkReportSql } from './sql-guard.ts';

/**
 * Issue 13, M3: no report may keep the server from answering for longer than its timeout — on PGlite
 * too, where the database computes in the app's thread and ignores statement_timeout (decision 026).
 * Real HTTP on an ephemeral port (app.inject would share the test's event loop with the request).
 */
let t: TestApp;
let admin: ApiClient;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = await t.login('admin');
});
afterAll(async () => {
  await t.close();
});

async function preview(sqlText: string, timeoutSeconds = 1) {
  const csrf = admin.csrf ?? '';
  const res = await fetch(`${base}/api/reports/preview`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${admin.token}`,
      cookie: `${CSRF_COOKIE}=${csrf}`,
      [CSRF_HEADER]: csrf,
    },
    body: JSON.stringify({ sql: sqlText, timeoutSeconds }),
  });
  return {
    status: res.status,
    body: (await res.json()) as {
      data?: { rows: string[][] };
      error?: { code: string; message: string };
    },
  };
}

/**
 * Queries the SQL guard admits whose run time the planner cannot see (bounds in subqueries, function
 * results, recursion): each runs far longer than one second on PGlite and on PostgreSQL.
 */
const RUNAWAYS: [string, string][] = [
  ['a subquery bound on generate_series', 'select count(*) from generate_series(1, (select 200000000)) g'],
  [
    'repeat() of 50 MB, many times',
    'select sum(length(repeat(g::text, 50000000))) from generate_series(1, (select 400)) g',
  ],
  [
    'a cross join of generate_series behind subqueries',
    `select count(*) from (select generate_series(1, (select 50000)) a) x
       cross join (select generate_series(1, (select 50000)) b) y`,
  ],
  [
    'a CTE over a hidden bound',
    `with numbers as (select g from generate_series(1, (select 200000000)) g)
     select count(*) from numbers n where n.g % 7 = 3`,
  ],
  [
    'a slow string_agg',
    `select length(string_agg(lpad(g::text, 40, 'x'), ',')) from generate_series(1, (select 20000000)) g`,
  ],
  [
    'an endless recursive CTE',
    'with recursive r(n) as (select 1 union all select n + 1 from r) select count(*) from r',
  ],
];

describe('a runaway report does not stall the server', () => {
  it.each(RUNAWAYS)('%s: REPORT_TIMEOUT, and /api/health answers while it runs', async (_name, sqlText) => {
    let reportAnswered = false;
    const report = preview(sqlText).then((result) => {
      reportAnswered = true;
      return result;
    });
    // Health requests one after the other until the report answers: they must keep being answered while
    // the report runs (on the old PGlite path the first one waited for the whole report).
    let healthBeforeReport = 0;
    while (!reportAnswered) {
      const health = await fetch(`${base}/api/health`);
      expect(health.status).toBe(200);
      await health.json();
      if (!reportAnswered) healthBeforeReport += 1;
    }
    const result = await report;
    expect(result.status, JSON.stringify(result.body)).toBe(400);
    expect(result.body.error?.code).toBe('REPORT_TIMEOUT');
    expect(healthBeforeReport).toBeGreaterThanOrEqual(10);
    // And the server is fine afterwards: the next report runs.
    const next = await preview('select 1 + 1 as "Summe"');
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    expect(next.body.data?.rows).toEqual([['2']]);
  });
});

describe('the report worker (PGlite)', () => {
  it('sees the data committed before the report starts and reuses its snapshot while nothing changed', async () => {
    if (t.database.kind !== 'pglite') return;
    const runner = createReportRunner({ db: t.database.db, kind: 'pglite' });
    try {
      const checked = checkReportSql(
        "select count(*) as n from locations where name = 'Isolationstest-Ort'",
        [],
      );
      // The main portal's rights: every portal's locations (decision 027).
      const allPortals = { ...NO_DATA_RIGHTS, portal: 'all' as const };
      const count = async () =>
        (await runner.rows(checked, new Map(), 10, REPORT_MAX_ROWS, false, allPortals)).rows[0]?.n;
      expect(await count()).toBe(0);
      expect(await count()).toBe(0);
      expect(runner.isolationStats()?.snapshots).toBe(1);
      // A committed change: the next report takes a new snapshot and sees it.
      const portal = await t.database.db.execute<{ id: number }>(sql`select id from portals limit 1`);
      const portalId = (portal as unknown as { rows: { id: number }[] }).rows[0]?.id;
      await t.database.db.execute(
        sql`insert into locations (portal_id, name) values (${portalId}, 'Isolationstest-Ort')`,
      );
      expect(await count()).toBe(1);
      expect(runner.isolationStats()?.snapshots).toBe(2);
    } finally {
      await runner.close();
    }
  });

  it('runs one report at a time: the next ones wait, beyond the queue REPORT_BUSY', async () => {
    if (t.database.kind !== 'pglite') return;
    const runner = createReportRunner({
      db: t.database.db,
      kind: 'pglite',
      isolation: { maxWaiting: 1 },
    });
    try {
      const slow = checkReportSql('select count(*) as n from generate_series(1, (select 200000000)) g', []);
      const quick = checkReportSql('select 42 as n', []);
      const order: string[] = [];
      const first = runner.rows(slow, new Map(), 1).then(
        () => order.push('slow ok'),
        (error: AppError) => order.push(`slow ${error.code}`),
      );
      const second = runner.rows(quick, new Map(), 10).then((r) => order.push(`quick ${r.rows[0]?.n}`));
      const third = runner.rows(quick, new Map(), 10).catch((error: AppError) => error);
      const refused = await third;
      expect(refused).toBeInstanceOf(AppError);
      expect((refused as AppError).code).toBe('REPORT_BUSY');
      expect((refused as AppError).message).toContain('Bitte versuchen Sie es');
      await Promise.all([first, second]);
      expect(order).toEqual(['slow REPORT_TIMEOUT', 'quick 42']);
    } finally {
      await runner.close();
    }
  });
});
