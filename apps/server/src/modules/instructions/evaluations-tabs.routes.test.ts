import type {
  EmployeeInfo,
  MasterData,
  MasterDataRow,
  ProfileEvaluationRow,
  ProfileEvaluations,
} from '@schutzwerk/shared/instructions/evaluations-tabs.schema.ts';
import type { Topic } from '@schutzwerk/shared/instructions/instructions.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, employeeActivities } from '#modules/activities/tables.ts';
import { departments, locations } from '#modules/organisation/tables.ts';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { createUser, mainPortalId } from '#test/fixtures.ts';
import { instructionAssignments, instructionQuestions } from './instructions.table.ts';
import {
  instructionProfileSources,
  instructionProfiles,
  instructionProfileTopics,
} from './profiles.table.ts';

/**
 * Decision 076: the evaluations tabs „Stammdaten“, „Mitarbeiterinfo“ and „Profile“ with known numbers; the rights,
 * the reach of a supervisor, the refusals of external and inactive employees, XLSX and PDF.
 */
let t: TestApp;
let admin: ApiClient;
let portalId: number;
let deptA: number;
let deptB: number;
let loc1: number;
let loc2: number;
let t1: Topic;
let t2: Topic;
const people: Record<string, number> = {};
const tag = `ET${process.pid}`;
const base = '/api/instructions/evaluations';

// Today is 15 June 2030 (Berlin).
const NOW = new Date('2030-06-15T10:00:00Z');

async function topic(n: number): Promise<Topic> {
  const res = await admin.post('/api/topics', {
    label: `Stammdatenthema ${n} ${tag}`,
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

async function profile(
  label: string,
  topicId: number,
  source: { departmentId?: number; locationId?: number },
) {
  const db = t.database.db;
  const [p] = await db
    .insert(instructionProfiles)
    .values({ portalId, label })
    .returning({ id: instructionProfiles.id });
  await db.insert(instructionProfileTopics).values({ profileId: p!.id, topicId });
  await db.insert(instructionProfileSources).values({
    profileId: p!.id,
    kind: source.departmentId ? 'department' : 'location',
    ...source,
  });
  return p!.id;
}

async function masterData(client: ApiClient, query = ''): Promise<MasterData> {
  const res = await client.get(`${base}/master-data?year=2030${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: MasterData }>().data;
}
async function profiles(client: ApiClient, query = ''): Promise<ProfileEvaluations> {
  const res = await client.get(`${base}/profiles?year=2030${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: ProfileEvaluations }>().data;
}
const topicRow = (d: MasterData, topic: Topic) => d.rows.find((r) => r.id === topic.id) as MasterDataRow;
const profileRow = (d: ProfileEvaluations, label: string) =>
  d.rows.find((r) => r.label === label) as ProfileEvaluationRow;
const figuresOf = (r: { due: number; done: number; open: number; overdue: number; rate: number | null }) => ({
  due: r.due,
  done: r.done,
  open: r.open,
  overdue: r.overdue,
  rate: r.rate,
});

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
  const [l1, l2] = await db
    .insert(locations)
    .values([
      { portalId, name: `Werk Nord ${tag}` },
      { portalId, name: `Werk Süd ${tag}` },
    ])
    .returning({ id: locations.id });
  loc1 = l1!.id;
  loc2 = l2!.id;
  t1 = await topic(1);
  t2 = await topic(2);
  const answers = [
    { text: 'Ja', right: true },
    { text: 'Nein', right: false },
    { text: 'Vielleicht', right: false },
  ];
  await db.insert(instructionQuestions).values([
    { topicId: t1.id, number: 1, text: 'Frage 1', answers },
    { topicId: t1.id, number: 2, text: 'Frage 2', answers },
  ]);
  people.e1 = (await person(deptA, loc1)).id;
  people.e2 = (await person(deptA, loc2)).id;
  people.e3 = (await person(deptB, loc1)).id;
  people.ext = (await person(deptA, loc1, { isExternal: true })).id;
  people.gone = (await person(deptA, loc1, { active: false })).id;
  await item('e1', t1.id, '2030-03-10', 'E');
  await item('e1', t2.id, '2030-09-01', 'O');
  await item('e1', t1.id, '2029-03-10', 'E');
  await item('e1', t1.id, '2030-02-01', 'O', 'checkup');
  await item('e2', t1.id, '2030-05-01', 'O');
  await item('e3', t1.id, '2030-03-20', 'E');
  await item('ext', t1.id, '2030-03-01', 'O');
  await item('gone', t1.id, '2030-03-01', 'E');
  await profile(`Profil Montage ${tag}`, t1.id, { departmentId: deptA });
  await profile(`Profil Werk Nord ${tag}`, t2.id, { locationId: loc1 });
});
afterAll(async () => {
  await t.close();
});

describe('evaluations tabs: rights', () => {
  it('answers 403 without TOPICS_EVALUATE and for inactive employees without their right', async () => {
    const reader = await userWith([P.TOPICS, P.TOPICS_ASSIGN, P.DEPARTMENTS_ALL, P.LOCATIONS_ALL]);
    for (const url of [
      `${base}/master-data?year=2030`,
      `${base}/master-data/export?year=2030&format=xlsx`,
      `${base}/profiles?year=2030`,
      `${base}/profiles/export?year=2030&format=pdf`,
      `${base}/employees/${people.e1}?year=2030`,
      `${base}/employees/${people.e1}/export?year=2030&format=xlsx`,
    ]) {
      const res = await reader.client.get(url);
      expect(res.statusCode, url).toBe(403);
    }
    const evaluator = await userWith([P.TOPICS_EVALUATE, P.DEPARTMENTS_ALL, P.LOCATIONS_ALL]);
    for (const url of [
      `${base}/master-data?year=2030&includeInactive=true`,
      `${base}/profiles?year=2030&includeInactive=true`,
    ]) {
      const res = await evaluator.client.get(url);
      expect(res.statusCode, url).toBe(403);
      expect(errorOf(res).code).toBe('EVALUATION_INACTIVE_NOT_PERMITTED');
    }
    const bad = await admin.get(`${base}/master-data?year=20x0`);
    expect(bad.statusCode).toBe(400);
    const badFormat = await admin.get(`${base}/profiles/export?year=2030&format=doc`);
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.body).toContain('Bitte wählen Sie XLSX oder PDF.');
  });
});

describe('evaluations tabs: master data', () => {
  it('lists the topics with their master data and the figures of the year', async () => {
    const d = await masterData(admin);
    expect(d.externalsIncluded).toBe(true);
    expect(d.restricted).toBe(false);
    const r1 = topicRow(d, t1);
    expect(r1).toMatchObject({
      identifier: `${tag}-1`,
      intervalDays: 365,
      mode: 1,
      questionCount: 2,
      locked: true,
      inactive: false,
      scorm: false,
      effectiveness: 0,
      employees: 4,
    });
    // e1 done, e2 overdue, e3 done, the external one overdue; the inactive one and the check-up left out.
    expect(figuresOf(r1)).toEqual({ due: 4, done: 2, open: 0, overdue: 2, rate: 50 });
    expect(figuresOf(topicRow(d, t2))).toEqual({ due: 1, done: 0, open: 1, overdue: 0, rate: 0 });
    const previous = await admin.get(`${base}/master-data?year=2029`);
    expect(topicRow(previous.json<{ data: MasterData }>().data, t1)).toMatchObject({
      due: 1,
      done: 1,
      rate: 100,
    });
  });

  it('applies the filters, the reach and the externals right', async () => {
    const byTopic = await masterData(admin, `&topicId=${t1.id}`);
    expect(byTopic.rows.map((r) => r.id)).toEqual([t1.id]);
    expect(topicRow(await masterData(admin, `&locationId=${loc1}`), t1)).toMatchObject({
      due: 3,
      done: 2,
      overdue: 1,
    });
    expect(topicRow(await masterData(admin, '&includeInactive=true'), t1)).toMatchObject({ due: 5, done: 3 });
    const evaluator = await userWith([P.TOPICS_EVALUATE, P.DEPARTMENTS_ALL, P.LOCATIONS_ALL]);
    const noExternals = await masterData(evaluator.client);
    expect(noExternals.externalsIncluded).toBe(false);
    expect(figuresOf(topicRow(noExternals, t1))).toEqual({
      due: 3,
      done: 2,
      open: 0,
      overdue: 1,
      rate: 66.7,
    });
    const boss = await userWith([P.TOPICS_EVALUATE], [deptA]);
    const mine = await masterData(boss.client);
    expect(mine.restricted).toBe(true);
    expect(topicRow(mine, t1)).toMatchObject({ employees: 2, due: 2, done: 1, overdue: 1, rate: 50 });
  });

  it('exports the table as XLSX and prints it as PDF', async () => {
    const res = await admin.get(`${base}/master-data/export?year=2030&format=xlsx&topicId=${t1.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(decodeURIComponent(String(res.headers['content-filename']))).toBe(
      'Unterweisungen-2030-stammdaten.xlsx',
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Kennung');
    expect(sheet.rowCount).toBe(2);
    const row = sheet.getRow(2);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const cell = (name: string) => row.getCell(header.indexOf(name) + 1).value;
    expect([cell('Kennung'), cell('Fragen'), cell('Gesperrt'), cell('Modus'), cell('Mitarbeiter')]).toEqual([
      `${tag}-1`,
      2,
      'ja',
      'Alle Fragen richtig',
      4,
    ]);
    expect([cell('Fällig'), cell('Erledigt'), cell('Überfällig'), cell('Erfüllungsquote (%)')]).toEqual([
      4, 2, 2, 50,
    ]);
    const pdf = await admin.get(`${base}/master-data/export?year=2030&format=pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('evaluations tabs: employee info', () => {
  it('shows an employee with profiles, all items of every year and key figures', async () => {
    const res = await admin.get(`${base}/employees/${people.e1}?year=2030`);
    expect(res.statusCode, res.body).toBe(200);
    const info = res.json<{ data: EmployeeInfo }>().data;
    expect(info.employee).toMatchObject({
      id: people.e1,
      departmentName: `Montage ${tag}`,
      locationName: `Werk Nord ${tag}`,
      isExternal: false,
      active: true,
    });
    expect(info.profiles).toEqual([`Profil Montage ${tag}`, `Profil Werk Nord ${tag}`]);
    expect(info.items.map((i) => [i.topicId, i.dueDate, i.status, i.done, i.overdue])).toEqual([
      [t2.id, '2030-09-01', 'O', false, false],
      [t1.id, '2030-03-10', 'E', true, false],
      [t1.id, '2029-03-10', 'E', true, false],
    ]);
    expect(info.allYears).toEqual({ due: 3, done: 2, open: 1, overdue: 0, rate: 66.7 });
    expect(info.yearFigures).toEqual({ due: 2, done: 1, open: 1, overdue: 0, rate: 50 });
    const ext = await admin.get(`${base}/employees/${people.ext}?year=2030`);
    expect(ext.json<{ data: EmployeeInfo }>().data.items[0]).toMatchObject({ overdue: true, status: 'O' });
  });

  it('refuses externals, inactive employees and employees out of reach with typed codes', async () => {
    const evaluator = await userWith([P.TOPICS_EVALUATE, P.DEPARTMENTS_ALL, P.LOCATIONS_ALL]);
    const ext = await evaluator.client.get(`${base}/employees/${people.ext}?year=2030`);
    expect(ext.statusCode).toBe(403);
    expect(errorOf(ext)).toMatchObject({
      code: 'EVALUATION_EXTERNAL_NOT_PERMITTED',
      message: 'Ihnen fehlt das Recht, Unterweisungen externer Mitarbeiter auszuwerten.',
    });
    const extExport = await evaluator.client.get(
      `${base}/employees/${people.ext}/export?year=2030&format=pdf`,
    );
    expect(extExport.statusCode).toBe(403);
    const gone = await evaluator.client.get(`${base}/employees/${people.gone}?year=2030`);
    expect(gone.statusCode).toBe(403);
    expect(errorOf(gone).code).toBe('EVALUATION_INACTIVE_NOT_PERMITTED');
    const allowed = await userWith([
      P.TOPICS_EVALUATE,
      P.TOPICS_EVALUATE_EXTERNAL,
      P.TOPICS_EVALUATE_INACTIVE,
      P.DEPARTMENTS_ALL,
      P.LOCATIONS_ALL,
    ]);
    expect((await allowed.client.get(`${base}/employees/${people.ext}?year=2030`)).statusCode).toBe(200);
    expect((await allowed.client.get(`${base}/employees/${people.gone}?year=2030`)).statusCode).toBe(200);
    const boss = await userWith([P.TOPICS_EVALUATE], [deptA]);
    expect((await boss.client.get(`${base}/employees/${people.e1}?year=2030`)).statusCode).toBe(200);
    const other = await boss.client.get(`${base}/employees/${people.e3}?year=2030`);
    expect(other.statusCode).toBe(403);
    expect(errorOf(other).code).toBe('EVALUATION_EMPLOYEE_NOT_RESPONSIBLE');
    const south = await userWith([P.TOPICS_EVALUATE], [deptA], [loc2]);
    const north = await south.client.get(`${base}/employees/${people.e1}?year=2030`);
    expect(north.statusCode).toBe(403);
    expect(errorOf(north).code).toBe('EVALUATION_EMPLOYEE_NO_LOCATION_RIGHTS');
    const missing = await admin.get(`${base}/employees/999999?year=2030`);
    expect(missing.statusCode).toBe(404);
  });

  it('exports the items as XLSX and PDF', async () => {
    const res = await admin.get(`${base}/employees/${people.e1}/export?year=2030&format=xlsx`);
    expect(res.statusCode, res.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Unterweisung',
      'Art',
      'Fällig am',
      'Gültig bis',
      'Status',
      'Überfällig',
    ]);
    expect(sheet.rowCount).toBe(4);
    expect([
      sheet.getRow(2).getCell(1).value,
      sheet.getRow(2).getCell(2).value,
      sheet.getRow(2).getCell(5).value,
    ]).toEqual([t2.label, 'Unterweisung', 'offen']);
    const pdf = await admin.get(`${base}/employees/${people.e1}/export?year=2030&format=pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('evaluations tabs: profiles', () => {
  it('shows the profiles with rules, topics, employees reached and the rate of their topics', async () => {
    const d = await profiles(admin);
    const montage = profileRow(d, `Profil Montage ${tag}`);
    expect(montage.sources).toEqual([{ kind: 'department', name: `Montage ${tag}` }]);
    expect(montage.topics.map((x) => x.id)).toEqual([t1.id]);
    // e1, e2 and the external one (the inactive one is not reached by profiles).
    expect(montage.employees).toBe(3);
    expect(figuresOf(montage)).toEqual({ due: 3, done: 1, open: 0, overdue: 2, rate: 33.3 });
    const north = profileRow(d, `Profil Werk Nord ${tag}`);
    expect(north.employees).toBe(3);
    expect(figuresOf(north)).toEqual({ due: 1, done: 0, open: 1, overdue: 0, rate: 0 });
    const byTopic = await profiles(admin, `&topicId=${t2.id}`);
    expect(byTopic.rows.map((r) => r.label)).toEqual([`Profil Werk Nord ${tag}`]);
  });

  it('counts only what the viewer reaches', async () => {
    const evaluator = await userWith([P.TOPICS_EVALUATE, P.DEPARTMENTS_ALL, P.LOCATIONS_ALL]);
    const montage = profileRow(await profiles(evaluator.client), `Profil Montage ${tag}`);
    expect(montage.employees).toBe(2);
    expect(figuresOf(montage)).toEqual({ due: 2, done: 1, open: 0, overdue: 1, rate: 50 });
    const boss = await userWith([P.TOPICS_EVALUATE], [deptA]);
    const mine = await profiles(boss.client);
    expect(mine.restricted).toBe(true);
    expect(profileRow(mine, `Profil Werk Nord ${tag}`).employees).toBe(1);
  });

  it('reaches sub-units only with „gilt auch für untergeordnete Einheiten“, and employees by their activity', async () => {
    const db = t.database.db;
    const [parentDept] = await db
      .insert(departments)
      .values({ portalId, name: `Werk ${tag}` })
      .returning({ id: departments.id });
    const [childDept] = await db
      .insert(departments)
      .values({ portalId, name: `Werk Halle 2 ${tag}`, parentId: parentDept!.id })
      .returning({ id: departments.id });
    const [grandchildDept] = await db
      .insert(departments)
      .values({ portalId, name: `Werk Halle 2 Band ${tag}`, parentId: childDept!.id })
      .returning({ id: departments.id });
    const [parentLoc] = await db
      .insert(locations)
      .values({ portalId, name: `Gelände ${tag}` })
      .returning({ id: locations.id });
    const [childLoc] = await db
      .insert(locations)
      .values({ portalId, name: `Gelände Tor 3 ${tag}`, parentId: parentLoc!.id })
      .returning({ id: locations.id });
    const [welding] = await db
      .insert(activities)
      .values({ portalId, name: `Schweißen ${tag}` })
      .returning({ id: activities.id });
    const inGrandchild = await person(grandchildDept!.id, null);
    const inChildLoc = await person(null, childLoc!.id);
    const welder = await person(null, null);
    await db.insert(employeeActivities).values({ employeeId: welder.id, activityId: welding!.id });
    people.inGrandchild = inGrandchild.id;
    await item('inGrandchild', t2.id, '2030-03-01', 'E');

    const tree = await profile(`Profil Werk ${tag}`, t2.id, { departmentId: parentDept!.id });
    const own = await profile(`Profil Werk nur selbst ${tag}`, t2.id, { departmentId: parentDept!.id });
    await db.execute(sql`update instruction_profiles set include_sub_units = false where id = ${own}`);
    await profile(`Profil Gelände ${tag}`, t2.id, { locationId: parentLoc!.id });
    const [byActivity] = await db
      .insert(instructionProfiles)
      .values({ portalId, label: `Profil Schweißen ${tag}` })
      .returning({ id: instructionProfiles.id });
    await db.insert(instructionProfileTopics).values({ profileId: byActivity!.id, topicId: t2.id });
    await db
      .insert(instructionProfileSources)
      .values({ profileId: byActivity!.id, kind: 'activity', activityId: welding!.id });

    const d = await profiles(admin);
    expect(profileRow(d, `Profil Werk ${tag}`).employees).toBe(1);
    expect(figuresOf(profileRow(d, `Profil Werk ${tag}`))).toEqual({
      due: 1,
      done: 1,
      open: 0,
      overdue: 0,
      rate: 100,
    });
    expect(profileRow(d, `Profil Werk nur selbst ${tag}`).employees).toBe(0);
    expect(profileRow(d, `Profil Werk nur selbst ${tag}`).due).toBe(0);
    expect(profileRow(d, `Profil Gelände ${tag}`).employees).toBe(1);
    expect(profileRow(d, `Profil Schweißen ${tag}`).employees).toBe(1);
    // The employee info names the same profiles.
    const info = await admin.get(`${base}/employees/${inGrandchild.id}?year=2030`);
    expect(info.json<{ data: EmployeeInfo }>().data.profiles).toEqual([`Profil Werk ${tag}`]);
    const gate = await admin.get(`${base}/employees/${inChildLoc.id}?year=2030`);
    expect(gate.json<{ data: EmployeeInfo }>().data.profiles).toEqual([`Profil Gelände ${tag}`]);
    await db.execute(sql`delete from instruction_profiles where id = any(${`{${tree},${own},${byActivity!.id}}`}::int[])
                         or label = ${`Profil Gelände ${tag}`}`);
  });

  it('exports the table as XLSX and prints it as PDF', async () => {
    const res = await admin.get(`${base}/profiles/export?year=2030&format=xlsx&topicId=${t1.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const mine = sheet
      .getRows(2, sheet.rowCount - 1)!
      .find((r) => r.getCell(1).value === `Profil Montage ${tag}`);
    expect(((mine?.values ?? []) as unknown[]).slice(1)).toEqual([
      `Profil Montage ${tag}`,
      `Abteilung: Montage ${tag}; mit untergeordneten Einheiten`,
      t1.label,
      3,
      3,
      1,
      0,
      2,
      33.3,
    ]);
    const pdf = await admin.get(`${base}/profiles/export?year=2030&format=pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
