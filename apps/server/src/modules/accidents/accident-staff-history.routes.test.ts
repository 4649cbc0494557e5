import type { AccidentStatistics } from '@schutzwerk/shared/accidents/statistics.schema.ts';
import type { Run, Task } from '@schutzwerk/shared/scheduler/scheduler.schema.ts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/query.ts';
import { locations } from '#modules/organisation/tables.ts';
import { type ApiClient, createTestApp, type TestApp } from '#test/app.ts';
import { createUser, mainPortalId } from '#test/fixtures.ts';

/**
 * Decision 062: the staff history of the 1000-man quota — the monthly snapshot job, a past year divided by its
 * own snapshots, today's figures (said so) where a year has none.
 */
let t: TestApp;
let admin: ApiClient;
let portalId: number;
let locationId: number;

const stats = async (year: number) => {
  const res = await admin.get(`/api/accidents/statistics?year=${year}&fullTimeHours=1600`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: AccidentStatistics }>().data;
};

async function runJob(): Promise<Run> {
  const list = await admin.get('/api/taskschedule/list?search=Monatsstand');
  const task = list
    .json<{ data: { rows: Task[] } }>()
    .data.rows.find((r) => r.key === 'accident-staff-snapshot');
  expect(task).toBeDefined();
  expect((await admin.post(`/api/taskschedule/${task!.id}/run`)).statusCode).toBe(202);
  await t.app.scheduler.whenIdle();
  const [run] = (await admin.get(`/api/taskschedule/${task!.id}/runs`)).json<{ data: { rows: Run[] } }>().data
    .rows;
  return run!;
}

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date('2026-11-26T12:00:00Z') });
  admin = await t.login('admin');
  portalId = await mainPortalId(t.database.db);
  const [loc] = await t.database.db
    .insert(locations)
    .values({ portalId, name: `Historienwerk ${process.pid}` })
    .returning({ id: locations.id });
  locationId = loc!.id;
});
afterAll(async () => {
  await t.close();
});

describe('staff history of the 1000-man quota', () => {
  it('uses today’s figures for a year without a snapshot and says so', async () => {
    const s = await stats(2025);
    expect(s.totals).toMatchObject({ staffSource: 'current', staffMonths: 0 });
    expect(s.previousTotals).toMatchObject({ staffSource: 'current', staffMonths: 0 });
    expect(s.totals.employees).toBeGreaterThan(0);
    expect(s.previousTotals.employees).toBe(s.totals.employees);
  });

  it('takes the month’s snapshot per portal once, with lines per location and department', async () => {
    const today = await stats(2026);
    const portals = await queryRows<{ n: number | string }>(
      t.database.db,
      sql`select count(*) as n from portals`,
    );
    const n = Number(portals[0]!.n);
    const first = await runJob();
    expect(first.outcome).toBe('ok');
    expect(first.summary).toBe(
      n === 1 ? '1 Monatsstand für 11/2026 erfasst.' : `${n} Monatsstände für 11/2026 erfasst.`,
    );
    expect(first.log).toMatch(/Beschäftigte, .* Monatsstunden \(11\/2026\)\./);

    const [head] = await queryRows<{ id: number; employees: number; monthly_hours: string; month: string }>(
      t.database.db,
      sql`select id, employees, monthly_hours::text as monthly_hours, month::text as month
          from accident_staff_snapshots where portal_id = ${portalId}`,
    );
    expect(head!.month).toBe('2026-11-01');
    expect(head!.employees).toBe(today.totals.employees);
    expect(Number(head!.monthly_hours) * 12).toBeCloseTo(today.totals.hoursWorked, 1);
    const [sum] = await queryRows<{ employees: number | string; lines: number | string }>(
      t.database.db,
      sql`select sum(employees) as employees, count(*) as lines from accident_staff_snapshot_lines
          where snapshot_id = ${head!.id}`,
    );
    expect(Number(sum!.employees)).toBe(head!.employees);
    expect(Number(sum!.lines)).toBeGreaterThan(0);

    // A second run in the same month keeps the first snapshot.
    const second = await runJob();
    expect(second.summary).toBe('0 Monatsstände für 11/2026 erfasst.');
    expect(second.log).toContain('Der Monatsstand 11/2026 ist für alle Portale schon erfasst.');

    // The current year now divides by its snapshot: a new employee today does not change it …
    await createUser(t.database.db);
    const after = await stats(2026);
    expect(after.totals).toMatchObject({
      staffSource: 'history',
      staffMonths: 1,
      employees: head!.employees,
    });
    // … while the previous year, without a snapshot, still takes today's count.
    expect(after.previousTotals).toMatchObject({ staffSource: 'current', employees: head!.employees + 1 });
  });

  it('divides a past year by the average of its snapshots, in the quota and the quota via hours', async () => {
    // A year of history: 80 employees for six months, 120 for six (average 100), 16,000 monthly hours.
    const months = Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(2, '0')}-01`);
    for (const [i, month] of months.entries())
      await t.database.db.execute(
        sql`insert into accident_staff_snapshots (portal_id, month, employees, monthly_hours)
            values (${portalId}, ${month}::date, ${i < 6 ? 80 : 120}, 16000)`,
      );
    const before = await stats(2025);
    const res = await admin.post('/api/accidents', {
      eventType: 1,
      externalName: 'Historie Extern',
      externalCompany: 'Fremdfirma GmbH',
      accidentAt: '2025-04-02T08:00:00.000Z',
      firstAidAt: '2025-04-02T08:10:00.000Z',
      locationId,
      injuries: [{ bodyPart: 27, injuryType: 5 }],
      injuryCategory: 2,
      daysLost: 10,
    });
    expect(res.statusCode, res.body).toBe(201);
    const s = await stats(2025);
    expect(s.totals).toMatchObject({
      staffSource: 'history',
      staffMonths: 12,
      employees: 100,
      hoursWorked: 192_000,
      reportable: before.totals.reportable + 1,
    });
    expect(s.totals.quota).toBe(Math.round((s.totals.reportable * 1000 * 10) / 100) / 10);
    expect(s.totals.quotaByHours).toBe(Math.round((s.totals.reportable * 1000 * 1600 * 10) / 192_000) / 10);
    // Seen from 2026, 2025 is the previous year with the same divisor.
    const next = await stats(2026);
    expect(next.previousTotals).toMatchObject({
      staffSource: 'history',
      employees: 100,
      quota: s.totals.quota,
    });

    // The XLSX of the key figures names the source per year.
    const xlsx = await admin.get('/api/accidents/statistics/xlsx?year=2025&table=totals');
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0]!.getSheetValues().map((r) => (Array.isArray(r) ? r.slice(1) : []));
    expect(rows).toContainEqual([
      'Grundlage Beschäftigte und Stunden',
      'Monatsstände (12 Monate)',
      'heutiger Stand (kein Monatsstand)',
    ]);
  });
});
