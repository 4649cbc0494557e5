import type { AssignmentRow } from '@schutzwerk/shared/instructions/assignments.schema.ts';
import type {
  DepartmentEmployees,
  GroupFeedback,
  GroupFeedbackListRow,
  GroupFeedbackResult,
} from '@schutzwerk/shared/instructions/group-feedback.schema.ts';
import type { Topic } from '@schutzwerk/shared/instructions/instructions.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/query.ts';
import { departments, locations } from '#modules/organisation/tables.ts';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { createUser, customerPortalId, mainPortalId } from '#test/fixtures.ts';

let t: TestApp;
let admin: ApiClient;
let adminId: number;
let counter = 0;
let portalId: number;
/** The company (a root department), two of its sub-departments and a sub-unit of the first. */
let company: number;
let deptA: number;
let deptA1: number;
let deptB: number;
let loc1: number;
let loc2: number;

type R = Awaited<ReturnType<ApiClient['get']>>;
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  portalId = await mainPortalId(t.database.db);
  const [adminRow] = await queryRows<{ id: number }>(
    t.database.db,
    sql`select id from employees where login_name = 'admin'`,
  );
  adminId = adminRow!.id;
  const db = t.database.db;
  const [root] = await db
    .insert(departments)
    .values({ portalId, name: `Firma GR ${process.pid}` })
    .returning({ id: departments.id });
  company = root!.id;
  const [a, b] = await db
    .insert(departments)
    .values([
      { portalId, parentId: company, name: 'Montage' },
      { portalId, parentId: company, name: 'Versand' },
    ])
    .returning({ id: departments.id });
  deptA = a!.id;
  deptB = b!.id;
  const [a1] = await db
    .insert(departments)
    .values({ portalId, parentId: deptA, name: 'Montage Linie 1' })
    .returning({ id: departments.id });
  deptA1 = a1!.id;
  const [l1, l2] = await db
    .insert(locations)
    .values([
      { portalId, name: `Werk Nord ${process.pid}` },
      { portalId, name: `Werk Süd ${process.pid}` },
    ])
    .returning({ id: locations.id });
  loc1 = l1!.id;
  loc2 = l2!.id;
});
afterAll(async () => {
  await t.close();
});

async function topic(overrides: Record<string, unknown> = {}): Promise<Topic> {
  const res = await admin.post('/api/topics', {
    label: `Gruppenthema ${++counter}`,
    identifier: `GR-${process.pid}-${counter}`,
    intervalDays: 365,
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Topic }>().data;
}
/** An employee of the main portal in a department and location (none when null). */
async function person(
  departmentId: number | null,
  locationId: number | null = null,
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
/** A supervisor with the group-feedback right, responsible for the given departments and locations. */
async function supervisor(
  deps: number[],
  locs: number[] = [],
  permissions: number[] = [P.TOPICS, P.TOPICS_GROUP_FEEDBACK],
) {
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
const send = (client: ApiClient, body: Record<string, unknown>) =>
  client.post('/api/instructions/group-feedback', body);
function result(res: R, status = 201): GroupFeedbackResult {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<{ data: GroupFeedbackResult }>().data;
}
async function itemsOf(employeeId: number, topicId: number) {
  const res = await admin.get(
    `/api/instructions/assignments?employeeId=${employeeId}&topicId=${topicId}&orderBy=dueDate`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { rows: AssignmentRow[] } }>().data.rows;
}
const countFeedbacks = async () =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from instruction_group_feedbacks`,
    )
  )[0]!.n;

describe('group feedback: confirming', () => {
  it('sets the items done (E) with the validity from the topic, the supervisor as instructor, and brings the next', async () => {
    const yearly = await topic({ intervalDays: 365, durationDays: null });
    const once = await topic({ intervalDays: 0, durationDays: 730 });
    const [a, b] = [await person(deptA, loc1), await person(deptA1, loc1)];
    // a already has an open item of the yearly topic: it is the one set done, no second one is made.
    const assigned = await admin.post('/api/instructions/assignments', {
      topicId: yearly.id,
      employeeIds: [a.id],
    });
    expect(assigned.statusCode).toBe(201);
    const [open] = await itemsOf(a.id, yearly.id);
    const givenOn = addDays(today(), -3);
    const res = result(
      await send(admin, {
        givenOn,
        items: [{ topicId: yearly.id }, { topicId: once.id, type: 'instruction' }],
        employeeIds: [a.id, b.id, a.id],
        newExternals: [
          {
            personnelNumber: `X-${process.pid}-1`,
            lastName: 'Gast',
            firstName: 'Greta',
            company: 'Montagebau GmbH',
          },
        ],
        note: 'Unterweisung an der Linie',
      }),
    );
    expect(res).toMatchObject({ confirmed: 6, createdEmployees: 1, errors: [] });

    const aItems = await itemsOf(a.id, yearly.id);
    expect(aItems.find((i) => i.id === open!.id)).toMatchObject({
      status: 'E',
      validUntil: addDays(givenOn, 365),
    });
    // The next one, due an interval after the day given.
    expect(aItems.filter((i) => i.status === 'O').map((i) => i.dueDate)).toEqual([addDays(givenOn, 365)]);
    const bOnce = await itemsOf(b.id, once.id);
    expect(bOnce).toHaveLength(1);
    expect(bOnce[0]).toMatchObject({ status: 'E', dueDate: givenOn, validUntil: addDays(givenOn, 730) });

    const feedback = await admin.get(`/api/instructions/group-feedback/${res.feedbackId}`);
    expect(feedback.statusCode, feedback.body).toBe(200);
    const data = feedback.json<{ data: GroupFeedback }>().data;
    expect(data).toMatchObject({ givenOn, instructorId: adminId, note: 'Unterweisung an der Linie' });
    expect(data.items).toHaveLength(6);
    const external = data.items.find((i) => i.personnelNumber === `X-${process.pid}-1`)!;
    expect(external).toMatchObject({ employeeName: 'Gast, Greta', type: 'instruction' });
    const [created] = await queryRows<{ is_external: boolean; company: string; active: boolean }>(
      t.database.db,
      sql`select is_external, company, active from employees where id = ${external.employeeId}`,
    );
    expect(created).toEqual({ is_external: true, company: 'Montagebau GmbH', active: true });
    const [log] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from change_log where entity = 'instruction_assignment'
           and changes->'groupFeedback'->>'to' = ${String(res.feedbackId)}`,
    );
    expect(log!.n).toBe(6);
  });

  it('confirms a check-up (one at a time) as an item of that kind', async () => {
    const checkup = await topic({ intervalDays: 1095 });
    const a = await person(deptB);
    const res = result(
      await send(admin, { items: [{ topicId: checkup.id, type: 'checkup' }], employeeIds: [a.id] }),
    );
    expect(res.confirmed).toBe(1);
    const items = await itemsOf(a.id, checkup.id);
    expect(items.find((i) => i.status === 'E')).toMatchObject({
      type: 'checkup',
      validUntil: addDays(today(), 1095),
    });
  });
});

describe('group feedback: the request’s rules', () => {
  it('refuses no topic, no employee, two check-ups, a chained topic, a future day, an inactive or foreign topic', async () => {
    const tp = await topic();
    const a = await person(deptA);
    const before = await countFeedbacks();
    const expectCode = async (body: Record<string, unknown>, code: string, status = 400) => {
      const res = await send(admin, body);
      expect(res.statusCode, res.body).toBe(status);
      expect(errorOf(res).code).toBe(code);
      return errorOf(res);
    };
    await expectCode({ items: [], employeeIds: [a.id] }, 'GROUP_FEEDBACK_EMPTY');
    await expectCode({ items: [{ topicId: tp.id }], employeeIds: [] }, 'GROUP_FEEDBACK_EMPTY');
    const other = await topic();
    await expectCode(
      {
        items: [
          { topicId: tp.id, type: 'checkup' },
          { topicId: other.id, type: 'checkup' },
        ],
        employeeIds: [a.id],
      },
      'GROUP_FEEDBACK_ONE_CHECKUP',
    );
    const parent = await topic();
    const child = await topic({ parentId: parent.id, intervalDays: 0 });
    await expectCode({ items: [{ topicId: child.id }], employeeIds: [a.id] }, 'GROUP_FEEDBACK_CHAINED_TOPIC');
    await expectCode(
      { items: [{ topicId: parent.id }], employeeIds: [a.id] },
      'GROUP_FEEDBACK_CHAINED_TOPIC',
    );
    const future = await expectCode(
      { givenOn: addDays(today(), 1), items: [{ topicId: tp.id }], employeeIds: [a.id] },
      'GROUP_FEEDBACK_DATE_IN_FUTURE',
    );
    expect(future.details).toEqual([
      { path: ['body', 'givenOn'], message: 'Das Datum der Unterweisung darf nicht in der Zukunft liegen.' },
    ]);
    const inactive = await topic({ inactive: true });
    await expectCode(
      { items: [{ topicId: inactive.id }], employeeIds: [a.id] },
      'GROUP_FEEDBACK_TOPIC_INVALID',
    );
    await expectCode(
      { items: [{ topicId: 999_999_999 }], employeeIds: [a.id] },
      'GROUP_FEEDBACK_TOPIC_INVALID',
    );
    // Another portal's topic.
    const customer = await createUser(t.database.db, {
      portalId: await customerPortalId(t.database.db),
      permissions: [P.TOPICS, P.TOPICS_CREATE],
    });
    const customerClient = await t.login(customer.login, customer.password);
    const foreign = await customerClient.post('/api/topics', {
      label: 'Fremd',
      identifier: `F-${process.pid}`,
    });
    expect(foreign.statusCode, foreign.body).toBe(201);
    await expectCode(
      { items: [{ topicId: foreign.json<{ data: Topic }>().data.id }], employeeIds: [a.id] },
      'GROUP_FEEDBACK_TOPIC_INVALID',
    );
    expect(await countFeedbacks()).toBe(before);
    expect(await itemsOf(a.id, tp.id)).toEqual([]);
  });

  it('refuses a new external person without every required field, naming the fields', async () => {
    const tp = await topic();
    const res = await send(admin, {
      items: [{ topicId: tp.id }],
      newExternals: [
        { personnelNumber: 'X-ok', lastName: 'Voll', firstName: 'Ständig', company: 'Firma' },
        { personnelNumber: '', lastName: 'Halb', firstName: ' ', company: '' },
      ],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res).code).toBe('GROUP_FEEDBACK_EXTERNAL_INCOMPLETE');
    expect(errorOf(res).details).toEqual([
      { path: ['body', 'newExternals', 1, 'personnelNumber'], message: 'Pflichtfeld.' },
      { path: ['body', 'newExternals', 1, 'firstName'], message: 'Pflichtfeld.' },
      { path: ['body', 'newExternals', 1, 'company'], message: 'Pflichtfeld.' },
    ]);
    const [made] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from employees where personnel_number = 'X-ok'`,
    );
    expect(made!.n).toBe(0);
  });

  it('needs the group-feedback right on every route', async () => {
    const reader = await supervisor([deptA], [], [P.TOPICS, P.TOPICS_ASSIGN]);
    const tp = await topic();
    expect(
      (await send(reader.client, { items: [{ topicId: tp.id }], employeeIds: [reader.id] })).statusCode,
    ).toBe(403);
    expect(
      (await reader.client.get(`/api/instructions/group-feedback/department-employees?departmentId=${deptA}`))
        .statusCode,
    ).toBe(403);
    expect((await reader.client.get('/api/instructions/group-feedback/1')).statusCode).toBe(403);
  });
});

describe('group feedback: the error report', () => {
  it('confirms those in reach and reports per employee and topic what failed and why', async () => {
    const tp = await topic();
    const tp2 = await topic({ intervalDays: 0 });
    const boss = await supervisor([deptA], [loc1]);
    const ok = await person(deptA1, loc1); // sub-unit of a department the supervisor is responsible for
    const noLocation = await person(deptA, null); // no location: location rights do not restrict
    const otherDept = await person(deptB, loc1);
    const otherLocation = await person(deptA, loc2);
    const external = await person(deptA, loc1, { isExternal: true });
    const inactive = await person(deptA, loc1, { active: false });
    const booked = await person(deptA, loc1);
    await admin.post('/api/instructions/assignments', { topicId: tp2.id, employeeIds: [booked.id] });
    await t.database.db.execute(
      sql`update instruction_assignments set status = 'T' where employee_id = ${booked.id} and topic_id = ${tp2.id}`,
    );
    const res = result(
      await send(boss.client, {
        items: [{ topicId: tp.id }, { topicId: tp2.id }],
        employeeIds: [
          ok.id,
          noLocation.id,
          otherDept.id,
          otherLocation.id,
          external.id,
          inactive.id,
          booked.id,
        ],
        newExternals: [
          {
            personnelNumber: `X-${process.pid}-b`,
            lastName: 'Neu',
            firstName: 'Nora',
            company: 'Fremdfirma',
          },
        ],
      }),
    );
    // ok and noLocation: 2 topics each; booked: tp only.
    expect(res.confirmed).toBe(5);
    expect(res.createdEmployees).toBe(0);
    const codes = res.errors.map((e) => [e.employeeId, e.topicId, e.code]);
    expect(codes).toEqual([
      [otherDept.id, null, 'GROUP_FEEDBACK_NOT_RESPONSIBLE'],
      [otherLocation.id, null, 'GROUP_FEEDBACK_NO_LOCATION_RIGHTS'],
      [external.id, null, 'GROUP_FEEDBACK_EXTERNAL_NOT_PERMITTED'],
      [inactive.id, null, 'GROUP_FEEDBACK_EMPLOYEE_INVALID'],
      [null, null, 'GROUP_FEEDBACK_EXTERNAL_NOT_PERMITTED'],
      [booked.id, tp2.id, 'GROUP_FEEDBACK_APPOINTMENT_BOOKED'],
    ]);
    expect(res.errors[0]).toMatchObject({
      employeeName: expect.stringMatching(/^Prüfer\d+, Tess$/),
      message: 'Sie sind für die Abteilung dieses Mitarbeiters nicht verantwortlich.',
    });
    expect(res.errors[4]).toMatchObject({
      employeeName: 'Neu, Nora',
      personnelNumber: `X-${process.pid}-b`,
      message: 'Ihnen fehlt das Recht, Unterweisungen externer Mitarbeiter auszuwerten.',
    });
    expect(res.errors[5]).toMatchObject({ topicLabel: tp2.label });
    expect((await itemsOf(otherDept.id, tp.id)).length).toBe(0);
    expect((await itemsOf(booked.id, tp2.id))[0]!.status).toBe('T');
    const feedback = (await boss.client.get(`/api/instructions/group-feedback/${res.feedbackId}`)).json<{
      data: GroupFeedback;
    }>().data;
    expect(feedback.instructorId).toBe(boss.id);

    // The same form sent again the same day: every pair is reported, nothing is written.
    const before = await countFeedbacks();
    const again = result(
      await send(boss.client, { items: [{ topicId: tp.id }], employeeIds: [ok.id, noLocation.id] }),
      200,
    );
    expect(again).toMatchObject({ feedbackId: null, confirmed: 0 });
    expect(again.errors.map((e) => e.code)).toEqual([
      'GROUP_FEEDBACK_ALREADY_CONFIRMED',
      'GROUP_FEEDBACK_ALREADY_CONFIRMED',
    ]);
    expect(await countFeedbacks()).toBe(before);
  });

  it('creates new external persons with the external right; a taken personnel number is a line of the report', async () => {
    const tp = await topic();
    const boss = await supervisor(
      [deptA],
      [],
      [P.TOPICS, P.TOPICS_GROUP_FEEDBACK, P.TOPICS_EVALUATE_EXTERNAL],
    );
    const external = await person(deptA, loc1, { isExternal: true });
    const existing = await person(deptB);
    const [existingRow] = await queryRows<{ pn: string }>(
      t.database.db,
      sql`select personnel_number as pn from employees where id = ${existing.id}`,
    );
    const pn = existingRow!.pn;
    const res = result(
      await send(boss.client, {
        items: [{ topicId: tp.id }],
        employeeIds: [external.id],
        newExternals: [
          {
            personnelNumber: `X-${process.pid}-c`,
            lastName: 'Extern',
            firstName: 'Erik',
            company: 'Gerüstbau',
          },
          { personnelNumber: pn, lastName: 'Doppelt', firstName: 'Dora', company: 'Gerüstbau' },
          {
            personnelNumber: `X-${process.pid}-c`,
            lastName: 'Zweimal',
            firstName: 'Zoe',
            company: 'Gerüstbau',
          },
        ],
      }),
    );
    expect(res).toMatchObject({ confirmed: 2, createdEmployees: 1 });
    expect(res.errors.map((e) => [e.employeeName, e.code])).toEqual([
      ['Doppelt, Dora', 'GROUP_FEEDBACK_PERSONNEL_NUMBER_TAKEN'],
      ['Zweimal, Zoe', 'GROUP_FEEDBACK_PERSONNEL_NUMBER_TAKEN'],
    ]);
  });

  it('answers 200 with the report and writes nothing when nobody is in reach', async () => {
    const tp = await topic();
    const boss = await supervisor([deptA]);
    const other = await person(deptB);
    const before = await countFeedbacks();
    const res = result(
      await send(boss.client, { items: [{ topicId: tp.id }], employeeIds: [other.id] }),
      200,
    );
    expect(res).toEqual({
      feedbackId: null,
      confirmed: 0,
      createdEmployees: 0,
      errors: [expect.objectContaining({ employeeId: other.id, code: 'GROUP_FEEDBACK_NOT_RESPONSIBLE' })],
    });
    expect(await countFeedbacks()).toBe(before);
  });
});

describe('group feedback: add from department', () => {
  it('lists a sub-department’s active employees in reach (sub-units included), never the whole company', async () => {
    const boss = await supervisor([deptA], [loc1]);
    const inA = await person(deptA, loc1);
    const inA1 = await person(deptA1, null);
    const atLoc2 = await person(deptA, loc2);
    await person(deptA, loc1, { active: false });
    const ext = await person(deptA1, loc1, { isExternal: true });
    const res = await boss.client.get(
      `/api/instructions/group-feedback/department-employees?departmentId=${deptA}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ data: DepartmentEmployees }>().data;
    const ids = data.rows.map((r) => r.id);
    expect(ids).toContain(inA.id);
    expect(ids).toContain(inA1.id);
    expect(ids).not.toContain(atLoc2.id);
    expect(ids).not.toContain(ext.id); // external without TOPICS_EVALUATE_EXTERNAL
    expect(data.outOfScope).toBeGreaterThanOrEqual(2);
    expect(data.rows.find((r) => r.id === inA1.id)).toMatchObject({
      departmentName: 'Montage Linie 1',
      isExternal: false,
    });

    const whole = await admin.get(
      `/api/instructions/group-feedback/department-employees?departmentId=${company}`,
    );
    expect(whole.statusCode).toBe(400);
    expect(errorOf(whole).code).toBe('GROUP_FEEDBACK_COMPANY_WIDE');
    expect(errorOf(whole).message).toBe(
      'Eine Gruppenrückmeldung für das ganze Unternehmen ist nicht möglich. Bitte wählen Sie eine Unterabteilung.',
    );
    const notMine = await boss.client.get(
      `/api/instructions/group-feedback/department-employees?departmentId=${deptB}`,
    );
    expect(notMine.statusCode).toBe(403);
    expect(errorOf(notMine)).toMatchObject({
      code: 'GROUP_FEEDBACK_NOT_RESPONSIBLE',
      message: 'Sie sind für diese Abteilung nicht verantwortlich.',
    });
    // The administrator (all departments) gets deptB.
    expect(
      (await admin.get(`/api/instructions/group-feedback/department-employees?departmentId=${deptB}`))
        .statusCode,
    ).toBe(200);
    expect(
      (await admin.get('/api/instructions/group-feedback/department-employees?departmentId=999999999'))
        .statusCode,
    ).toBe(404);
  });

  it('answers another portal’s group feedback with 404', async () => {
    const tp = await topic();
    const a = await person(deptA);
    const res = result(await send(admin, { items: [{ topicId: tp.id }], employeeIds: [a.id] }));
    const customer = await createUser(t.database.db, {
      portalId: await customerPortalId(t.database.db),
      permissions: [P.TOPICS_GROUP_FEEDBACK],
    });
    const client = await t.login(customer.login, customer.password);
    expect((await client.get(`/api/instructions/group-feedback/${res.feedbackId}`)).statusCode).toBe(404);
  });
});

describe('group feedback: the list, the attendance record and the certificate (decision 079)', () => {
  async function pdfText(payload: Buffer): Promise<string> {
    const parser = new PDFParse({ data: new Uint8Array(payload) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    return text.replace(/\s+/g, ' ');
  }
  const nameOf = async (id: number) =>
    (
      await queryRows<{ name: string }>(
        t.database.db,
        sql`select last_name || ', ' || first_name as name from employees where id = ${id}`,
      )
    )[0]!.name;
  const list = async (client: ApiClient, search: string) => {
    const res = await client.get(`/api/instructions/group-feedback?search=${encodeURIComponent(search)}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: { rows: GroupFeedbackListRow[]; filteredCount: number } }>().data;
  };

  it('lists past feedbacks with the employees in reach, shows one, prints the attendance record', async () => {
    const tp = await topic({ intervalDays: 0, durationDays: 365 });
    const checkup = await topic({ intervalDays: 0 });
    const a = await person(deptA1, loc1);
    const b = await person(deptB, loc1);
    const note = `Verlauf ${process.pid} Schweißen`;
    const givenOn = addDays(today(), -1);
    const res = result(
      await send(admin, {
        givenOn,
        items: [{ topicId: tp.id }, { topicId: checkup.id, type: 'checkup' }],
        employeeIds: [a.id, b.id],
        newExternals: [
          {
            personnelNumber: `X-${process.pid}-v`,
            lastName: 'Verlauf',
            firstName: 'Vera',
            company: 'Gerüstbau KG',
          },
        ],
        note,
      }),
    );
    expect(res.confirmed).toBe(6);
    const [aName, bName, adminName] = [await nameOf(a.id), await nameOf(b.id), await nameOf(adminId)];

    // The instructor (admin, every right) sees the whole feedback.
    const all = await list(admin, note);
    expect(all.filteredCount).toBe(1);
    expect(all.rows[0]).toMatchObject({
      id: res.feedbackId,
      givenOn,
      instructorName: adminName,
      employeeCount: 3,
      departments: ['Montage Linie 1', 'Versand'],
      note,
    });
    expect(all.rows[0]!.topics.sort()).toEqual(
      [`${tp.identifier} ${tp.label}`, `${checkup.identifier} ${checkup.label}`].sort(),
    );
    // The search runs over the employees' names too; the POST list takes the same query.
    expect((await list(admin, `${bName.split(',')[0]} ${note.split(' ')[1]}`)).filteredCount).toBe(1);
    const posted = await admin.post('/api/instructions/group-feedback/list', { search: note, limit: 10 });
    expect(posted.statusCode, posted.body).toBe(200);

    // A supervisor responsible for Montage (sub-units included), without the external right: a only.
    const boss = await supervisor([deptA]);
    const seen = await list(boss.client, note);
    expect(seen.rows.map((r) => [r.id, r.employeeCount, r.departments])).toEqual([
      [res.feedbackId, 1, ['Montage Linie 1']],
    ]);
    expect((await list(boss.client, bName.split(',')[0]!)).rows.map((r) => r.id)).not.toContain(
      res.feedbackId,
    );
    const detail = (await boss.client.get(`/api/instructions/group-feedback/${res.feedbackId}`)).json<{
      data: GroupFeedback;
    }>().data;
    expect(detail.items.map((i) => `${i.employeeName}:${i.type}`).sort()).toEqual([
      `${aName}:checkup`,
      `${aName}:instruction`,
    ]);
    expect(detail.items[0]).toMatchObject({ departmentName: 'Montage Linie 1' });
    expect(detail).toMatchObject({ instructorName: adminName, note });

    // Location rights: responsible for Montage but only for Werk Süd — a (Werk Nord) is out of reach.
    const south = await supervisor([deptA], [loc2]);
    expect((await list(south.client, note)).filteredCount).toBe(0);
    const hidden = await south.client.get(`/api/instructions/group-feedback/${res.feedbackId}`);
    expect(hidden.statusCode).toBe(404);
    expect(
      (await south.client.get(`/api/instructions/group-feedback/${res.feedbackId}/attendance-record`))
        .statusCode,
    ).toBe(404);
    // Without the group-feedback right (or an evaluation right): 403.
    const reader = await supervisor([deptA], [], [P.TOPICS]);
    expect((await reader.client.get('/api/instructions/group-feedback')).statusCode).toBe(403);
    expect(
      (await reader.client.get(`/api/instructions/group-feedback/${res.feedbackId}/attendance-record`))
        .statusCode,
    ).toBe(403);

    // The attendance record: a real PDF with the topics, the day, the instructor and the employees seen.
    const pdf = await boss.client.get(`/api/instructions/group-feedback/${res.feedbackId}/attendance-record`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const day = `${givenOn.slice(8, 10)}-${givenOn.slice(5, 7)}-${givenOn.slice(2, 4)}`;
    expect(decodeURIComponent(String(pdf.headers['content-filename']))).toBe(
      `Teilnahmenachweis_${res.feedbackId}_${day}.pdf`,
    );
    const bossText = await pdfText(pdf.rawPayload);
    expect(bossText).toContain('Teilnahmenachweis');
    expect(bossText).toContain('Unterschrift');
    expect(bossText).toContain(aName);
    expect(bossText).toContain(adminName);
    expect(bossText).toContain(`${checkup.identifier} ${checkup.label} (Vorsorge)`);
    expect(bossText).not.toContain(bName);
    const adminText = await pdfText(
      (await admin.get(`/api/instructions/group-feedback/${res.feedbackId}/attendance-record`)).rawPayload,
    );
    expect(adminText).toContain(bName);
    expect(adminText).toContain('Verlauf, Vera');
  });

  it('gives a group-confirmed item a certificate „Unterweisung in der Gruppe, bestätigt durch …“', async () => {
    const tp = await topic({ intervalDays: 0, durationDays: 365 });
    const a = await person(deptA, loc1, { permissions: [P.TOPICS_OWN] });
    const aClient = await t.login(a.login, a.password);
    const givenOn = addDays(today(), -2);
    const res = result(await send(admin, { givenOn, items: [{ topicId: tp.id }], employeeIds: [a.id] }));
    const [item] = await itemsOf(a.id, tp.id);
    expect(item).toMatchObject({ status: 'E' });
    const cert = await aClient.get(`/api/instructions/assignments/${item!.id}/certificate`);
    expect(cert.statusCode, cert.body).toBe(200);
    expect(cert.headers['content-type']).toBe('application/pdf');
    const day = `${givenOn.slice(8, 10)}-${givenOn.slice(5, 7)}-${givenOn.slice(2, 4)}`;
    expect(decodeURIComponent(String(cert.headers['content-filename']))).toBe(
      `Teilnahmebescheinigung_${tp.identifier}_${day}.pdf`,
    );
    const text = await pdfText(cert.rawPayload);
    const [first, last] = (await nameOf(a.id)).split(', ').reverse();
    expect(text).toContain('Teilnahmebescheinigung');
    expect(text).toContain(`${first} ${last}`);
    expect(text).toContain(`${tp.identifier} ${tp.label}`);
    const [adminLast, adminFirst] = (await nameOf(adminId)).split(', ');
    expect(text).toContain(`Unterweisung in der Gruppe, bestätigt durch ${adminFirst} ${adminLast}`);
    const until = addDays(givenOn, 365);
    expect(text).toContain(`Gültig bis: ${until.slice(8, 10)}.${until.slice(5, 7)}.${until.slice(2, 4)}`);
    // „Meine Unterweisungen“ offers it.
    const mine = await aClient.get('/api/instructions/mine?includeDone=true');
    expect(mine.statusCode, mine.body).toBe(200);
    const row = mine
      .json<{ data: { rows: { id: number; certificate: boolean }[] } }>()
      .data.rows.find((r) => r.id === item!.id);
    expect(row?.certificate).toBe(true);
    expect(res.feedbackId).not.toBeNull();
  });
});
