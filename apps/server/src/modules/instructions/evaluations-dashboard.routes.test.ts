import type {
  DashboardRange,
  EvaluationDashboard,
} from '@schutzwerk/shared/instructions/evaluations-dashboard.schema.ts';
import type { Topic } from '@schutzwerk/shared/instructions/instructions.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departments, locations } from '#modules/organisation/tables.ts';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { createUser, mainPortalId } from '#test/fixtures.ts';
import { instructionAssignments } from './instructions.table.ts';

/**
 * Decision 077: the evaluations dashboard with known numbers — done by completion day, due, done in time and the
 * on-time rate, overdue now, due in the next 30 days, the weekly and monthly trend, the most overdue topics and
 * departments — for the ranges, within the viewer's reach and rights; XLSX and PDF of its tables.
 */
let t: TestApp;
let admin: ApiClient;
let portalId: number;
let deptA: number;
let deptB: number;
let loc: number;
const topics: Topic[] = [];
const people: Record<string, number> = {};
const tag = `DB${process.pid}`;

// Today is Saturday 15 June 2030 (Berlin). One month: 16 May – 15 June 2030.
const NOW = new Date('2030-06-15T10:00:00Z');

async function person(departmentId: number, more: { isExternal?: boolean; active?: boolean } = {}) {
  const user = await createUser(t.database.db, { permissions: [], active: more.active ?? true });
  await t.database.db.execute(
    sql`update employees set department_id = ${departmentId}, location_id = ${loc},
               is_external = ${more.isExternal ?? false} where id = ${user.id}`,
  );
  return user.id;
}

async function item(
  who: string,
  topic: number,
  dueDate: string,
  completedOn: string | null,
  type = 'instruction',
) {
  await t.database.db.insert(instructionAssignments).values({
    portalId,
    employeeId: people[who]!,
    topicId: topics[topic]!.id,
    type,
    status: completedOn ? 'E' : 'O',
    completedOn,
    dueDate,
    originalDueDate: dueDate,
  });
}

async function dashboard(client: ApiClient, range: DashboardRange, more = ''): Promise<EvaluationDashboard> {
  const res = await client.get(
    `/api/instructions/evaluations/dashboard?range=${range}&locationId=${loc}${more}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: EvaluationDashboard }>().data;
}

async function userWith(permissions: number[], deps: number[] = []) {
  const user = await createUser(t.database.db, { permissions });
  for (const d of deps)
    await t.database.db.execute(
      sql`insert into employee_department_responsibilities (employee_id, department_id) values (${user.id}, ${d})`,
    );
  return t.login(user.login, user.password);
}

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  admin = await t.login('admin');
  portalId = await mainPortalId(t.database.db);
  const db = t.database.db;
  const [a, b] = await db
    .insert(departments)
    .values([
      { portalId, name: `Montage ${tag}` },
      { portalId, name: `Versand ${tag}` },
    ])
    .returning({ id: departments.id });
  deptA = a!.id;
  deptB = b!.id;
  const [l] = await db
    .insert(locations)
    .values({ portalId, name: `Werk ${tag}` })
    .returning({ id: locations.id });
  loc = l!.id;
  for (const n of [1, 2, 3]) {
    const res = await admin.post('/api/topics', {
      label: `Dashboardthema ${n} ${tag}`,
      identifier: `${tag}-${n}`,
      intervalDays: 365,
    });
    expect(res.statusCode, res.body).toBe(201);
    topics.push(res.json<{ data: Topic }>().data);
  }
  people.e1 = await person(deptA);
  people.e2 = await person(deptA);
  people.e3 = await person(deptB);
  people.ext = await person(deptA, { isExternal: true });
  people.gone = await person(deptB, { active: false });
  await item('e1', 0, '2030-06-01', '2030-05-30'); // due in the month, in time
  await item('e2', 0, '2030-05-20', '2030-05-25'); // due in the month, late
  await item('e1', 1, '2030-06-10', null); // due in the month, overdue
  await item('e3', 1, '2030-04-01', '2030-05-18'); // done in the month, due in the quarter, late
  await item('e3', 2, '2030-03-01', null); // overdue (quarter)
  await item('e2', 2, '2030-05-01', null); // overdue (two months)
  await item('e2', 1, '2030-06-20', null); // due in the next 30 days
  await item('e1', 2, '2030-07-20', null); // later than 30 days
  await item('e1', 0, '2030-02-01', '2030-01-31'); // half year: due and done in time
  await item('e1', 0, '2029-09-01', '2029-08-20'); // 365 days, not the calendar year
  await item('ext', 0, '2030-06-05', null); // external: overdue, due in the month
  await item('gone', 2, '2030-06-02', null); // inactive: only on request
  await item('e1', 0, '2030-06-02', null, 'checkup'); // occupational medicine: never counted
});
afterAll(async () => {
  await t.close();
});

describe('evaluations dashboard: figures', () => {
  it('counts one month with weekly buckets, the most overdue topics and departments', async () => {
    const d = await dashboard(admin, 'month');
    expect(d).toMatchObject({ range: 'month', from: '2030-05-16', to: '2030-06-15', unit: 'week' });
    // Done: 25 May, 30 May, 18 May; due: 20 May, 1 June, 10 June, 5 June (external); in time: 1 June.
    expect(d.figures).toEqual({
      done: 3,
      due: 4,
      doneInTime: 1,
      onTimeRate: 25,
      overdueNow: 4,
      dueNext30: 1,
    });
    expect(d.trend).toEqual([
      { start: '2030-05-16', done: 1, due: 0, doneInTime: 0 },
      { start: '2030-05-20', done: 1, due: 1, doneInTime: 0 },
      { start: '2030-05-27', done: 1, due: 1, doneInTime: 1 },
      { start: '2030-06-03', done: 0, due: 1, doneInTime: 0 },
      { start: '2030-06-10', done: 0, due: 1, doneInTime: 0 },
    ]);
    expect(d.topTopics).toEqual([
      { key: String(topics[2]!.id), label: `Dashboardthema 3 ${tag}`, overdue: 2 },
      { key: String(topics[0]!.id), label: `Dashboardthema 1 ${tag}`, overdue: 1 },
      { key: String(topics[1]!.id), label: `Dashboardthema 2 ${tag}`, overdue: 1 },
    ]);
    expect(d.topDepartments).toEqual([
      { key: String(deptA), label: `Montage ${tag}`, overdue: 3 },
      { key: String(deptB), label: `Versand ${tag}`, overdue: 1 },
    ]);
    expect(d).toMatchObject({ externalsIncluded: true, restricted: false });
  });

  it('changes with the range', async () => {
    const two = await dashboard(admin, 'twoMonths');
    expect(two).toMatchObject({ from: '2030-04-16', unit: 'week' });
    expect(two.figures).toMatchObject({ done: 3, due: 5, doneInTime: 1, onTimeRate: 20 });
    const quarter = await dashboard(admin, 'quarter');
    expect(quarter).toMatchObject({ from: '2030-03-16', unit: 'week' });
    expect(quarter.figures).toMatchObject({ done: 3, due: 6, doneInTime: 1 });
    const half = await dashboard(admin, 'halfYear');
    expect(half).toMatchObject({ from: '2029-12-16', unit: 'month' });
    expect(half.figures).toMatchObject({ done: 4, due: 8, doneInTime: 2, onTimeRate: 25 });
    expect(half.trend.map((b) => b.start)).toEqual([
      '2029-12-16',
      '2030-01-01',
      '2030-02-01',
      '2030-03-01',
      '2030-04-01',
      '2030-05-01',
      '2030-06-01',
    ]);
    expect(half.trend[1]).toEqual({ start: '2030-01-01', done: 1, due: 0, doneInTime: 0 });
    expect(half.trend[2]).toEqual({ start: '2030-02-01', done: 0, due: 1, doneInTime: 1 });
    const year = await dashboard(admin, 'year365');
    expect(year).toMatchObject({ from: '2029-06-16', unit: 'month' });
    expect(year.figures).toMatchObject({ done: 5, due: 9, doneInTime: 3 });
    expect(year.trend).toHaveLength(13);
    const calendar = await dashboard(admin, 'calendarYear');
    expect(calendar).toMatchObject({ from: '2030-01-01', to: '2030-06-15', unit: 'month' });
    expect(calendar.figures).toMatchObject({ done: 4, due: 8, doneInTime: 2 });
    // Overdue now and the next 30 days do not depend on the range.
    for (const d of [two, quarter, half, year, calendar])
      expect(d.figures).toMatchObject({ overdueNow: 4, dueNext30: 1 });
  });

  it('filters by topic and takes inactive employees on request', async () => {
    const one = await dashboard(admin, 'month', `&topicId=${topics[2]!.id}`);
    expect(one.figures).toEqual({
      done: 0,
      due: 0,
      doneInTime: 0,
      onTimeRate: null,
      overdueNow: 2,
      dueNext30: 0,
    });
    const inactive = await dashboard(admin, 'month', '&includeInactive=true');
    expect(inactive.figures).toMatchObject({ due: 5, overdueNow: 5 });
    expect(inactive.topDepartments[0]).toMatchObject({ label: `Montage ${tag}`, overdue: 3 });
    expect(inactive.topDepartments[1]).toMatchObject({ label: `Versand ${tag}`, overdue: 2 });
  });
});

describe('evaluations dashboard: rights and reach', () => {
  it('answers 403 without TOPICS_EVALUATE, 403 for inactive employees without their right, 400 for a bad range', async () => {
    const reader = await userWith([P.TOPICS]);
    for (const url of [
      '/api/instructions/evaluations/dashboard?range=month',
      '/api/instructions/evaluations/dashboard/export?range=month&table=figures&format=xlsx',
    ])
      expect((await reader.get(url)).statusCode, url).toBe(403);
    const evaluator = await userWith([P.TOPICS_EVALUATE, P.DEPARTMENTS_ALL, P.LOCATIONS_ALL]);
    const res = await evaluator.get(
      '/api/instructions/evaluations/dashboard?range=month&includeInactive=true',
    );
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('EVALUATION_INACTIVE_NOT_PERMITTED');
    const bad = await admin.get('/api/instructions/evaluations/dashboard?range=week');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Bitte wählen Sie einen Zeitraum.');
    // Without the externals' right the external item is left out.
    const d = await dashboard(evaluator, 'month');
    expect(d.externalsIncluded).toBe(false);
    expect(d.figures).toEqual({
      done: 3,
      due: 3,
      doneInTime: 1,
      onTimeRate: 33.3,
      overdueNow: 3,
      dueNext30: 1,
    });
  });

  it('shows a supervisor only their departments', async () => {
    const boss = await userWith([P.TOPICS_EVALUATE], [deptB]);
    const d = await dashboard(boss, 'halfYear');
    expect(d.restricted).toBe(true);
    // e3 only (the inactive one of B is left out): done 18 May (due 1 April, late), overdue since 1 March.
    expect(d.figures).toEqual({ done: 1, due: 2, doneInTime: 0, onTimeRate: 0, overdueNow: 1, dueNext30: 0 });
    expect(d.topDepartments.map((r) => r.label)).toEqual([`Versand ${tag}`]);
  });
});

describe('evaluations dashboard: export and print', () => {
  it('exports every table as XLSX and prints it as PDF', async () => {
    for (const table of ['figures', 'trend', 'topics', 'departments']) {
      const url = `/api/instructions/evaluations/dashboard/export?range=month&locationId=${loc}&table=${table}`;
      const res = await admin.get(`${url}&format=xlsx`);
      expect(res.statusCode, `${table}: ${res.body}`).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      if (table === 'figures') {
        expect(sheet.getRow(1).values).toEqual([undefined, 'Kennzahl', 'Wert']);
        expect(sheet.getRow(5).values).toEqual([undefined, 'Termintreue (%)', 25]);
      }
      if (table === 'trend') {
        expect(sheet.getRow(1).values).toEqual([
          undefined,
          'Woche ab',
          'Erledigt',
          'Fällig',
          'Davon rechtzeitig erledigt',
        ]);
        expect(sheet.rowCount).toBe(6);
      }
      if (table === 'departments') {
        expect(decodeURIComponent(String(res.headers['content-filename']))).toBe(
          'Unterweisungen-Dashboard-2030-05-16-2030-06-15-abteilungen.xlsx',
        );
        expect(sheet.getRow(2).values).toEqual([undefined, `Montage ${tag}`, 3]);
      }
      const pdf = await admin.get(`${url}&format=pdf`);
      expect(pdf.statusCode, `${table}: ${pdf.body}`).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const bad = await admin.get(
      '/api/instructions/evaluations/dashboard/export?range=month&table=nope&format=xlsx',
    );
    expect(bad.statusCode).toBe(400);
  });
});
