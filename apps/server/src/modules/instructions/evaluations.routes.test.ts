import type {
  EvaluationRow,
  EvaluationStatistics,
  OverdueRow,
} from '@schutzwerk/shared/instructions/evaluations.schema.ts';
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
 * Decision 073: the evaluations of instructions with known numbers — due, done, open, overdue and the completion
 * rate by department, location, topic and month against the previous year; the overdue list; XLSX and PDF; the
 * rights (TOPICS_EVALUATE, externals, inactive employees) and the reach of a supervisor.
 */
let t: TestApp;
let admin: ApiClient;
let portalId: number;
let deptA: number;
let deptB: number;
let loc1: number;
let loc1a: number;
let loc2: number;
let t1: Topic;
let t2: Topic;
const people: Record<string, number> = {};
const tag = `EV${process.pid}`;

// Today is 15 June 2030 (Berlin): the year 2030 against 2029, years no other data touches.
const NOW = new Date('2030-06-15T10:00:00Z');

async function topic(n: number): Promise<Topic> {
  const res = await admin.post('/api/topics', {
    label: `Auswertungsthema ${n} ${tag}`,
    identifier: `${tag}-${n}`,
    intervalDays: 365,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Topic }>().data;
}

async function person(
  departmentId: number | null,
  locationId: number | null,
  more: { isExternal?: boolean; active?: boolean; permissions?: number[] } = {},
) {
  const user = await createUser(t.database.db, {
    permissions: more.permissions ?? [],
    active: more.active ?? true,
  });
  await t.database.db.execute(
    sql`update employees set department_id = ${departmentId}, location_id = ${locationId},
               is_external = ${more.isExternal ?? false} where id = ${user.id}`,
  );
  return user;
}

async function userWith(permissions: number[], deps: number[] = [], locs: number[] = []) {
  const user = await person(null, null, { permissions });
  for (const d of deps)
    await t.database.db.execute(
      sql`insert into employee_department_responsibilities (employee_id, department_id) values (${user.id}, ${d})`,
    );
  for (const l of locs)
    await t.database.db.execute(
      sql`insert into location_responsibilities (employee_id, location_id) values (${user.id}, ${l})`,
    );
  return { ...user, client: await t.login(user.login, user.password) };
}

async function item(who: string, topicId: number, dueDate: string, status: string, type = 'instruction') {
  await t.database.db.insert(instructionAssignments).values({
    portalId,
    employeeId: people[who]!,
    topicId,
    type,
    status,
    dueDate,
    originalDueDate: dueDate,
  });
}

async function stats(client: ApiClient, query = ''): Promise<EvaluationStatistics> {
  const res = await client.get(`/api/instructions/evaluations/statistics?year=2030${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: EvaluationStatistics }>().data;
}
const rowOf = (rows: EvaluationRow[], label: string) => rows.find((r) => r.label === label);

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  admin = await t.login('admin');
  portalId = await mainPortalId(t.database.db);
  const db = t.database.db;
  const [root] = await db
    .insert(departments)
    .values({ portalId, name: `Firma ${tag}` })
    .returning({ id: departments.id });
  const [a, b] = await db
    .insert(departments)
    .values([
      { portalId, parentId: root!.id, name: `Montage ${tag}` },
      { portalId, parentId: root!.id, name: `Versand ${tag}` },
    ])
    .returning({ id: departments.id });
  deptA = a!.id;
  deptB = b!.id;
  const [l1, l2] = await db
    .insert(locations)
    .values([
      { portalId, name: `Werk Nord ${tag}` },
      { portalId, name: `Werk Süd ${tag}` },
    ])
    .returning({ id: locations.id });
  loc1 = l1!.id;
  loc2 = l2!.id;
  const [l1a] = await db
    .insert(locations)
    .values({ portalId, parentId: loc1, name: `Halle 1a ${tag}` })
    .returning({ id: locations.id });
  loc1a = l1a!.id;
  t1 = await topic(1);
  t2 = await topic(2);
  people.e1 = (await person(deptA, loc1)).id;
  people.e2 = (await person(deptA, loc2)).id;
  people.e3 = (await person(deptB, loc1a)).id;
  people.ext = (await person(deptA, loc1, { isExternal: true })).id;
  people.gone = (await person(deptA, loc1, { active: false })).id;
  // 2030 (today 15 June): done, open (not yet due or started), overdue.
  await item('e1', t1.id, '2030-03-10', 'E');
  await item('e1', t2.id, '2030-09-01', 'O');
  await item('e2', t1.id, '2030-05-01', 'O');
  await item('e3', t1.id, '2030-03-20', 'E');
  await item('e3', t2.id, '2030-06-30', 'A');
  await item('ext', t1.id, '2030-03-01', 'O');
  await item('gone', t1.id, '2030-03-01', 'E');
  // A check-up item is occupational medicine, not counted.
  await item('e1', t1.id, '2030-02-01', 'O', 'checkup');
  // 2029.
  await item('e1', t1.id, '2029-03-10', 'E');
  await item('e2', t1.id, '2029-05-01', 'E');
  await item('e3', t1.id, '2029-03-20', 'E');
  await item('e2', t2.id, '2029-06-01', 'O');
  await item('e3', t2.id, '2029-12-01', 'E');
});
afterAll(async () => {
  await t.close();
});

describe('evaluations: the rights', () => {
  it('answers 403 without TOPICS_EVALUATE, and 403 for inactive employees without their right', async () => {
    const reader = await userWith([P.TOPICS, P.TOPICS_ASSIGN]);
    for (const url of [
      '/api/instructions/evaluations/statistics?year=2030',
      '/api/instructions/evaluations/overdue',
      '/api/instructions/evaluations/export?year=2030&table=topic&format=xlsx',
    ]) {
      const res = await reader.client.get(url);
      expect(res.statusCode, url).toBe(403);
    }
    const evaluator = await userWith([P.TOPICS_EVALUATE, P.DEPARTMENTS_ALL, P.LOCATIONS_ALL]);
    const res = await evaluator.client.get(
      '/api/instructions/evaluations/statistics?year=2030&includeInactive=true',
    );
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toMatchObject({
      code: 'EVALUATION_INACTIVE_NOT_PERMITTED',
      message: 'Ihnen fehlt das Recht, Unterweisungen inaktiver Mitarbeiter auszuwerten.',
    });
    const bad = await admin.get('/api/instructions/evaluations/statistics?year=20x0');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Bitte geben Sie ein Jahr an.');
  });

  it('leaves out externals without TOPICS_EVALUATE_EXTERNAL', async () => {
    const evaluator = await userWith([P.TOPICS_EVALUATE, P.DEPARTMENTS_ALL, P.LOCATIONS_ALL]);
    const s = await stats(evaluator.client);
    expect(s.externalsIncluded).toBe(false);
    expect(s.restricted).toBe(false);
    expect(s.totals).toEqual({ due: 5, done: 2, open: 2, overdue: 1, rate: 40 });
  });

  it('shows a supervisor only the employees of their departments and locations', async () => {
    const boss = await userWith([P.TOPICS_EVALUATE], [deptA]);
    const s = await stats(boss.client);
    expect(s.restricted).toBe(true);
    // e1 and e2 (department A); not e3 (B), not the external one (no right), not the supervisor (no department).
    expect(s.totals).toEqual({ due: 3, done: 1, open: 1, overdue: 1, rate: 33.3 });
    expect(s.tables.department.map((r) => r.label)).toEqual([`Montage ${tag}`]);
    const list = await boss.client.get(`/api/instructions/evaluations/overdue?topicId=${t1.id}`);
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json<{ data: { rows: OverdueRow[]; filteredCount: number } }>().data;
    expect(rows.rows.map((r) => r.employeeId)).toEqual([people.e2]);
    // With location rights (Werk Nord) only e1 is left.
    const narrow = await userWith([P.TOPICS_EVALUATE], [deptA], [loc1]);
    expect((await stats(narrow.client)).totals).toEqual({ due: 2, done: 1, open: 1, overdue: 0, rate: 50 });
  });
});

describe('evaluations: the figures', () => {
  it('counts due, done, open and overdue of the year against the previous one, by table', async () => {
    const s = await stats(admin);
    expect(s.today).toBe('2030-06-15');
    expect(s.externalsIncluded).toBe(true);
    expect(s.totals).toEqual({ due: 6, done: 2, open: 2, overdue: 2, rate: 33.3 });
    expect(s.previousTotals).toEqual({ due: 5, done: 4, open: 0, overdue: 1, rate: 80 });

    expect(rowOf(s.tables.department, `Montage ${tag}`)).toMatchObject({
      due: 4,
      done: 1,
      open: 1,
      overdue: 2,
      rate: 25,
      previousRate: 66.7,
    });
    expect(rowOf(s.tables.department, `Versand ${tag}`)).toMatchObject({
      due: 2,
      done: 1,
      open: 1,
      overdue: 0,
      rate: 50,
      previousRate: 100,
    });
    expect(rowOf(s.tables.location, `Werk Nord ${tag}`)).toMatchObject({ due: 3, done: 1, rate: 33.3 });
    expect(rowOf(s.tables.location, `Werk Süd ${tag}`)).toMatchObject({ due: 1, overdue: 1, rate: 0 });
    expect(rowOf(s.tables.location, `Halle 1a ${tag}`)).toMatchObject({ due: 2, done: 1, rate: 50 });
    expect(rowOf(s.tables.topic, t1.label)).toMatchObject({ due: 4, done: 2, rate: 50, previousRate: 100 });
    expect(rowOf(s.tables.topic, t2.label)).toMatchObject({
      due: 2,
      done: 0,
      open: 2,
      rate: 0,
      previousRate: 50,
    });
    expect(s.tables.month).toHaveLength(12);
    expect(s.tables.month[2]).toMatchObject({
      label: 'März',
      due: 3,
      done: 2,
      overdue: 1,
      rate: 66.7,
      previousRate: 100,
    });
    expect(s.tables.month[0]).toMatchObject({ label: 'Januar', due: 0, rate: null });
  });

  it('filters by topic and by location with its sub-locations; inactive employees on request', async () => {
    const byTopic = await stats(admin, `&topicId=${t1.id}`);
    expect(byTopic.totals).toEqual({ due: 4, done: 2, open: 0, overdue: 2, rate: 50 });
    expect(byTopic.overdueNow).toBe(2);
    const byLocation = await stats(admin, `&locationId=${loc1}`);
    expect(byLocation.totals).toEqual({ due: 5, done: 2, open: 2, overdue: 1, rate: 40 });
    const withInactive = await stats(admin, `&topicId=${t1.id}&includeInactive=true`);
    expect(withInactive.totals).toEqual({ due: 5, done: 3, open: 0, overdue: 2, rate: 60 });
  });

  it('lists the overdue items of every year through the list protocol', async () => {
    const res = await admin.get(`/api/instructions/evaluations/overdue?topicId=${t2.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const t2rows = res.json<{ data: { rows: OverdueRow[] } }>().data.rows;
    // e2's item of 2029 is overdue still.
    expect(t2rows.map((r) => [r.employeeId, r.dueDate, r.daysOverdue])).toEqual([
      [people.e2, '2029-06-01', 379],
    ]);
    const list = await admin.post('/api/instructions/evaluations/overdue', {
      topicId: t1.id,
      orderBy: 'dueDate',
      limit: 1,
    });
    expect(list.statusCode, list.body).toBe(200);
    const page = list.json<{ data: { rows: OverdueRow[]; filteredCount: number } }>().data;
    expect(page.filteredCount).toBe(2);
    expect(page.rows[0]).toMatchObject({
      employeeId: people.ext,
      topicLabel: t1.label,
      dueDate: '2030-03-01',
      daysOverdue: 106,
      departmentName: `Montage ${tag}`,
      locationName: `Werk Nord ${tag}`,
    });
    const searched = await admin.get(
      `/api/instructions/evaluations/overdue?topicId=${t1.id}&search=${encodeURIComponent(`Werk`)}`,
    );
    expect(searched.json<{ data: { filteredCount: number } }>().data.filteredCount).toBe(0);
  });
});

describe('evaluations: export and print', () => {
  it('exports every table as XLSX and prints it as PDF', async () => {
    for (const table of ['totals', 'department', 'location', 'topic', 'month', 'overdue']) {
      const res = await admin.get(
        `/api/instructions/evaluations/export?year=2030&table=${table}&format=xlsx&topicId=${t1.id}`,
      );
      expect(res.statusCode, `${table}: ${res.body}`).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      if (table === 'department') {
        expect(sheet.getRow(1).values).toEqual([
          undefined,
          'Abteilung',
          'Fällig',
          'Erledigt',
          'Offen',
          'Überfällig',
          'Erfüllungsquote (%)',
          'Quote 2029 (%)',
        ]);
        const montage = sheet
          .getRows(2, sheet.rowCount - 1)!
          .find((r) => r.getCell(1).value === `Montage ${tag}`);
        expect(montage?.values).toEqual([undefined, `Montage ${tag}`, 3, 1, 0, 2, 33.3, 100]);
      }
      if (table === 'overdue') {
        expect(decodeURIComponent(String(res.headers['content-filename']))).toBe(
          'Unterweisungen-ueberfaellig.xlsx',
        );
        expect(sheet.rowCount).toBe(3);
        expect(sheet.getRow(2).getCell(7).value).toBe(106);
      }
      const pdf = await admin.get(
        `/api/instructions/evaluations/export?year=2030&table=${table}&format=pdf&topicId=${t1.id}`,
      );
      expect(pdf.statusCode, `${table}: ${pdf.body}`).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const bad = await admin.get('/api/instructions/evaluations/export?year=2030&table=nope&format=xlsx');
    expect(bad.statusCode).toBe(400);
  });
});
