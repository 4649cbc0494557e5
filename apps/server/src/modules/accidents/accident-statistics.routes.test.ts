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
