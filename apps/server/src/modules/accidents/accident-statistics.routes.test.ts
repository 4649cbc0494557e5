import type { AccidentStatistics } from '@schutzwerk/shared/accidents/statistics.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/query.ts';
import { locations } from '#modules/organisation/tables.ts';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { createUser, mainPortalId } from '#test/fixtures.ts';

/** Decision 051: the statistics, the 1000-man quota, the previous year, XLSX, the health right. */
let t: TestApp;
let admin: ApiClient;
let locationId: number;
const locationName = `Statistikwerk ${process.pid}`;

async function userWith(...permissions: number[]) {
  const u = await createUser(t.database.db, { permissions });
  return { ...u, client: await t.client().login(u.login, u.password) };
}

async function file(at: string, overrides: Record<string, unknown> = {}) {
  const res = await admin.post('/api/accidents', {
    eventType: 1,
    externalName: `Extern ${Math.random().toString(36).slice(2)}`,
    externalCompany: 'Fremdfirma GmbH',
    accidentAt: at,
    firstAidAt: at,
    locationId,
    injuries: [{ bodyPart: 27, injuryType: 5 }],
    injuryCategory: 2,
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
}

const stats = async (client: ApiClient, query = 'year=2025') => {
  const res = await client.get(`/api/accidents/statistics?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: AccidentStatistics }>().data;
};

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date('2026-11-26T12:00:00Z') });
  admin = await t.login('admin');
  const [loc] = await t.database.db
    .insert(locations)
    .values({ portalId: await mainPortalId(t.database.db), name: locationName })
    .returning({ id: locations.id });
  locationId = loc!.id;
});
afterAll(async () => {
  await t.close();
});

describe('accident statistics', () => {
  it('answers 403 without the statistics right and 400 for a bad year', async () => {
    const reader = await userWith(P.ACCIDENT_REPORTS, P.ACCIDENT_REPORTS_ALL);
    expect((await reader.client.get('/api/accidents/statistics?year=2025')).statusCode).toBe(403);
    const bad = await admin.get('/api/accidents/statistics?year=20x5');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Bitte geben Sie ein Jahr an.');
  });

  it('counts by table with the previous year, lost days, and the quota that a reportable accident raises', async () => {
    const before = await stats(admin, 'year=2025&fullTimeHours=1600');
    // 31 Dec 2024 23:30 UTC is 1 Jan 2025 in Berlin: it counts for 2025, January.
    await file('2024-12-31T23:30:00.000Z', { daysLost: 2 });
    await file('2024-06-15T08:00:00.000Z');
    await file('2025-03-10T08:00:00.000Z', { eventType: 10, injuryCategory: null, injuries: [] });
    const mid = await stats(admin, 'year=2025&fullTimeHours=1600');
    const row = mid.tables.location.find((r) => r.label === locationName);
    expect(row).toMatchObject({ count: 2, previous: 1, lostDays: 2 });
    expect(mid.tables.month[0]).toMatchObject({ label: 'Januar' });
    expect(mid.tables.month[0]!.count - (before.tables.month[0]?.count ?? 0)).toBe(1);
    expect(mid.tables.month).toHaveLength(12);
    expect(mid.tables.eventType.find((r) => r.key === '10')?.label).toBe('Beinaheunfall');
    expect(mid.tables.bodyPart?.find((r) => r.key === '27')?.label).toBe('Knie rechts');
    expect(mid.tables.injuryType?.find((r) => r.key === '5')?.label).toBe('Prellung');
    expect(mid.totals.lostDays - before.totals.lostDays).toBe(2);
    expect(mid.totals.reportable).toBe(before.totals.reportable);

    await file('2025-05-05T08:00:00.000Z', { daysLost: 12, costReplacement: 50_000 });
    const after = await stats(admin, 'year=2025&fullTimeHours=1600');
    expect(after.totals.reportable).toBe(before.totals.reportable + 1);
    expect(after.totals.employees).toBeGreaterThan(0);
    expect(after.totals.quota).toBe(
      Math.round((after.totals.reportable * 10_000) / after.totals.employees) / 10,
    );
    expect(after.totals.quota!).toBeGreaterThan(before.totals.quota ?? 0);
    expect(after.totals.costs - before.totals.costs).toBe(50_000);
    // Via hours: a container's monthly hours reach the employees of the departments below it.
    const portalId = await mainPortalId(t.database.db);
    const [box] = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into departments (portal_id, name, is_container, monthly_hours)
          values (${portalId}, ${`Stundenbereich ${process.pid}`}, true, 150) returning id`,
    );
    const [team] = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into departments (portal_id, parent_id, name) values (${portalId}, ${box!.id}, 'Team Stunden')
          returning id`,
    );
    const worker = await createUser(t.database.db);
    await t.database.db.execute(
      sql`update employees set department_id = ${team!.id} where id = ${worker.id}`,
    );
    const withHours = await stats(admin, 'year=2025&fullTimeHours=1600');
    expect(withHours.totals.hoursWorked - after.totals.hoursWorked).toBe(150 * 12);
    expect(withHours.totals.quotaByHours).toBe(
      Math.round((withHours.totals.reportable * 1000 * 1600 * 10) / withHours.totals.hoursWorked) / 10,
    );
    expect(after.totals.quotaByHours === null || after.totals.hoursWorked > 0).toBe(true);
    // The previous year's view sees 2024 as its own year.
    const y2024 = await stats(admin, 'year=2024');
    expect(y2024.tables.location.find((r) => r.label === locationName)).toMatchObject({
      count: 1,
      previous: 0,
    });
  });

  it('leaves out body part and injury type without the health right, also in the XLSX export', async () => {
    const u = await userWith(P.ACCIDENT_REPORTS_STATISTICS);
    const s = await stats(u.client);
    expect(s.healthVisible).toBe(false);
    expect(s.tables.bodyPart).toBeNull();
    expect(s.tables.injuryType).toBeNull();
    const xlsx = await u.client.get('/api/accidents/statistics/xlsx?year=2025&table=bodyPart');
    expect(xlsx.statusCode).toBe(403);
    expect(errorOf(xlsx).code).toBe('ACCIDENT_HEALTH_DATA_FORBIDDEN');
  });

  it('exports every table as XLSX', async () => {
    for (const table of [
      'eventType',
      'location',
      'department',
      'month',
      'bodyPart',
      'injuryType',
      'totals',
    ]) {
      const res = await admin.get(`/api/accidents/statistics/xlsx?year=2025&table=${table}`);
      expect(res.statusCode, `${table}: ${res.body}`).toBe(200);
      expect(decodeURIComponent(String(res.headers['content-filename']))).toBe(
        `Unfallstatistik-2025-${table}.xlsx`,
      );
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      expect(sheet.getRow(1).getCell(2).value).toBe('2025');
      if (table === 'location') {
        const values = sheet.getColumn(1).values as unknown[];
        expect(values).toContain(locationName);
      }
    }
    const bad = await admin.get('/api/accidents/statistics/xlsx?year=2025&table=nope');
    expect(bad.statusCode).toBe(400);
  });
});

describe('1000-man quota per location and department (decision 071)', () => {
  /** A location and a department of their own with `staff` employees in both. */
  async function place(name: string, staff: number) {
    const portalId = await mainPortalId(t.database.db);
    const [loc] = await t.database.db
      .insert(locations)
      .values({ portalId, name: `${name}werk ${process.pid}` })
      .returning({ id: locations.id });
    const [dep] = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into departments (portal_id, name) values (${portalId}, ${`${name}abteilung ${process.pid}`})
          returning id`,
    );
    for (let i = 0; i < staff; i++) {
      const u = await createUser(t.database.db);
      await t.database.db.execute(
        sql`update employees set location_id = ${loc!.id}, department_id = ${dep!.id} where id = ${u.id}`,
      );
    }
    return { portalId, locationId: loc!.id, departmentId: dep!.id };
  }
  const at = (day: string) => ({ accidentAt: `${day}T08:00:00.000Z`, firstAidAt: `${day}T08:05:00.000Z` });

  it('divides the reportable accidents of a location and a department by their staff, with the previous year', async () => {
    const q = await place('Quoten', 4);
    const here = { locationId: q.locationId, departmentId: q.departmentId };
    // 2023: two reportable (more than three days lost) and one that is not; 2022: one reportable.
    await file(at('2023-02-01').accidentAt, { ...here, ...at('2023-02-01'), daysLost: 5 });
    await file(at('2023-06-01').accidentAt, { ...here, ...at('2023-06-01'), fatal: true });
    await file(at('2023-07-01').accidentAt, { ...here, ...at('2023-07-01'), daysLost: 1 });
    await file(at('2022-03-01').accidentAt, { ...here, ...at('2022-03-01'), daysLost: 10 });

    // No snapshot for 2023 or 2022: both years take today's four employees.
    const s = await stats(admin, 'year=2023');
    const expected = {
      reportable: 2,
      employees: 4,
      quota: 500,
      previousReportable: 1,
      previousEmployees: 4,
      previousQuota: 250,
    };
    expect(s.quotas.location.find((r) => r.key === String(q.locationId))).toEqual({
      key: String(q.locationId),
      label: `Quotenwerk ${process.pid}`,
      ...expected,
    });
    expect(s.quotas.department.find((r) => r.key === String(q.departmentId))).toEqual({
      key: String(q.departmentId),
      label: `Quotenabteilung ${process.pid}`,
      ...expected,
    });
    // The rows add up to the company-wide figures.
    const sum = (rows: { employees: number }[]) => rows.reduce((n, r) => n + r.employees, 0);
    expect(sum(s.quotas.location)).toBe(s.totals.employees);
    expect(sum(s.quotas.department)).toBe(s.totals.employees);
    expect(s.quotas.location.reduce((n, r) => n + r.reportable, 0)).toBe(s.totals.reportable);
    // Highest quota first.
    expect(s.quotas.location[0]?.key).toBe(String(q.locationId));

    // A location with reportable accidents but no staff has no quota; a non-reportable accident alone adds no row.
    const s2025 = await stats(admin, 'year=2025');
    expect(s2025.quotas.location.find((r) => r.label === locationName)).toMatchObject({
      employees: 0,
      quota: null,
    });

    // The XLSX of the table.
    const res = await admin.get('/api/accidents/statistics/xlsx?year=2023&table=locationQuota');
    expect(res.statusCode, res.body).toBe(200);
    expect(decodeURIComponent(String(res.headers['content-filename']))).toBe(
      'Unfallstatistik-2023-locationQuota.xlsx',
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0]!.getSheetValues().map((r) => (Array.isArray(r) ? r.slice(1) : []));
    expect(rows[1]).toEqual([
      'Ort',
      'Meldepflichtige Unfälle 2023',
      'Beschäftigte 2023',
      '1000-Mann-Quote 2023',
      'Meldepflichtige Unfälle 2022',
      'Beschäftigte 2022',
      '1000-Mann-Quote 2022',
    ]);
    expect(rows).toContainEqual([`Quotenwerk ${process.pid}`, 2, 4, 500, 1, 4, 250]);
    const dep = await admin.get('/api/accidents/statistics/xlsx?year=2023&table=departmentQuota');
    expect(dep.statusCode, dep.body).toBe(200);
  });

  it('takes a year with monthly snapshots from their lines, averaged over the months', async () => {
    const q = await place('Historien', 2);
    // 2021: January 10 employees of the location in the department; February 30 there and 5 without a department.
    const heads = await queryRows<{ id: number; month: string }>(
      t.database.db,
      sql`insert into accident_staff_snapshots (portal_id, month, employees, monthly_hours)
          values (${q.portalId}, '2021-01-01', 10, 0), (${q.portalId}, '2021-02-01', 35, 0)
          returning id, month::text as month`,
    );
    const jan = heads.find((h) => h.month === '2021-01-01')!.id;
    const feb = heads.find((h) => h.month === '2021-02-01')!.id;
    await t.database.db.execute(
      sql`insert into accident_staff_snapshot_lines (snapshot_id, location_id, department_id, employees, monthly_hours)
          values (${jan}, ${q.locationId}, ${q.departmentId}, 10, 0), (${feb}, ${q.locationId}, ${q.departmentId}, 30, 0),
                 (${feb}, ${q.locationId}, null, 5, 0)`,
    );
    const here = { locationId: q.locationId, departmentId: q.departmentId };
    await file(at('2021-05-01').accidentAt, { ...here, ...at('2021-05-01'), daysLost: 7 });

    const s = await stats(admin, 'year=2021');
    expect(s.totals).toMatchObject({ staffSource: 'history', staffMonths: 2, employees: 22.5 });
    // Location: (10 + 35) / 2 = 22.5 → 1 × 1000 / 22.5 = 44.4; department: (10 + 30) / 2 = 20 → 50.
    expect(s.quotas.location.find((r) => r.key === String(q.locationId))).toMatchObject({
      reportable: 1,
      employees: 22.5,
      quota: 44.4,
      // 2020 has no snapshot: today's two employees, no reportable accident.
      previousReportable: 0,
      previousEmployees: 2,
      previousQuota: 0,
    });
    expect(s.quotas.department.find((r) => r.key === String(q.departmentId))).toMatchObject({
      reportable: 1,
      employees: 20,
      quota: 50,
    });
    expect(s.quotas.department.find((r) => r.key === '')).toMatchObject({
      label: 'Ohne Abteilung',
      employees: 2.5,
    });
    // Seen from 2022, 2021 is the previous year with its snapshot figures.
    const next = await stats(admin, 'year=2022');
    expect(next.quotas.location.find((r) => r.key === String(q.locationId))).toMatchObject({
      previousReportable: 1,
      previousEmployees: 22.5,
      previousQuota: 44.4,
      employees: 2,
    });
  });
});
