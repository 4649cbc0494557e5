import type { AssignmentRow, MyAssignmentRow } from '@schutzwerk/shared/instructions/assignments.schema.ts';
import type { Topic } from '@schutzwerk/shared/instructions/instructions.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/query.ts';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { createUser, customerPortalId } from '#test/fixtures.ts';
import { assignmentsRepository } from './assignments.repository.ts';

let t: TestApp;
let admin: ApiClient;
let counter = 0;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => {
  await t.close();
});

type R = Awaited<ReturnType<ApiClient['get']>>;
async function topic(overrides: Record<string, unknown> = {}): Promise<Topic> {
  const res = await admin.post('/api/topics', {
    label: 'Zuweisungsthema',
    identifier: `Z-${process.pid}-${++counter}`,
    dueDate: '2027-06-30',
    durationDays: 365,
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Topic }>().data;
}
/** A day relative to today in Germany, yyyy-mm-dd. */
function dayFromToday(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(d);
}
const employee = async () => (await createUser(t.database.db, { permissions: [] })).id;
const rows = (res: R) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { rows: AssignmentRow[]; filteredCount: number } }>().data;
};
async function assign(body: Record<string, unknown>, client = admin) {
  return client.post('/api/instructions/assignments', body);
}

describe('single assignment', () => {
  it('assigns a topic to employees (open, due on the topic’s date), skips unfinished ones and logs each', async () => {
    const tp = await topic();
    const [a, b] = [await employee(), await employee()];
    const first = await assign({ topicId: tp.id, employeeIds: [a, b, a] });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<{ data: unknown }>().data).toEqual({ created: 2, skipped: 0 });
    const again = await assign({ topicId: tp.id, employeeIds: [a], dueDate: '2027-01-15', oneTime: true });
    expect(again.json<{ data: unknown }>().data).toEqual({ created: 0, skipped: 1 });

    const list = rows(await admin.get(`/api/instructions/assignments?topicId=${tp.id}&orderBy=employee`));
    expect(list.filteredCount).toBe(2);
    expect(list.rows[0]).toMatchObject({
      topicId: tp.id,
      topicIdentifier: tp.identifier,
      type: 'instruction',
      status: 'O',
      dueDate: '2027-06-30',
      originalDueDate: '2027-06-30',
      validUntil: null,
      oneTime: false,
    });
    const byPost = rows(await admin.post('/api/instructions/assignments/list', { employeeId: a }));
    expect(byPost.rows.map((r) => r.employeeId)).toEqual([a]);
    const log = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from change_log where entity = 'instruction_assignment'
          and entity_id in (${sql.join(
            list.rows.map((r) => sql`${String(r.id)}`),
            sql`, `,
          )})`,
    );
    expect(log[0]!.n).toBe(2);
  });

  it('takes the given due date, else today when the topic has none', async () => {
    const withDate = await topic();
    const e = await employee();
    await assign({ topicId: withDate.id, employeeIds: [e], dueDate: '2027-02-01', oneTime: true });
    expect(
      rows(await admin.get(`/api/instructions/assignments?topicId=${withDate.id}`)).rows[0],
    ).toMatchObject({
      dueDate: '2027-02-01',
      oneTime: true,
    });
    const noDate = await topic({ dueDate: null });
    await assign({ topicId: noDate.id, employeeIds: [e] });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
    expect(rows(await admin.get(`/api/instructions/assignments?topicId=${noDate.id}`)).rows[0]!.dueDate).toBe(
      today,
    );
  });

  it('refuses no employees, an inactive topic, another portal’s employees and topics', async () => {
    const tp = await topic();
    const none = await assign({ topicId: tp.id, employeeIds: [] });
    expect(none.statusCode).toBe(400);
    expect(errorOf(none).details).toEqual([
      { path: ['body', 'employeeIds'], message: 'Bitte wählen Sie mindestens einen Mitarbeiter.' },
    ]);
    const inactive = await topic({ inactive: true });
    const refused = await assign({ topicId: inactive.id, employeeIds: [await employee()] });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).code).toBe('TOPIC_INACTIVE');
    const foreign = await createUser(t.database.db, { portalId: await customerPortalId(t.database.db) });
    const other = await assign({ topicId: tp.id, employeeIds: [foreign.id] });
    expect(other.statusCode).toBe(400);
    expect(errorOf(other).code).toBe('ASSIGNMENT_EMPLOYEE_INVALID');
    expect((await assign({ topicId: 999_999, employeeIds: [await employee()] })).statusCode).toBe(404);
  });

  it('needs TOPICS_ASSIGN to assign; reading also with an evaluation right', async () => {
    const tp = await topic();
    const reader = await createUser(t.database.db, { permissions: [P.TOPICS, P.TOPICS_EVALUATE] });
    const client = await t.login(reader.login, reader.password);
    expect((await assign({ topicId: tp.id, employeeIds: [await employee()] }, client)).statusCode).toBe(403);
    expect((await client.get('/api/instructions/assignments')).statusCode).toBe(200);
    const assigner = await createUser(t.database.db, { permissions: [P.TOPICS_ASSIGN] });
    const assignerClient = await t.login(assigner.login, assigner.password);
    expect(
      (await assign({ topicId: tp.id, employeeIds: [await employee()] }, assignerClient)).statusCode,
    ).toBe(201);
  });
});

describe('deleting and the guards', () => {
  it('removes only open assignments, at their version, with a complete classification (spec §8: −1 … −4)', async () => {
    const tp = await topic();
    const other = await topic();
    const [open, done] = [await employee(), await employee()];
    await assign({ topicId: tp.id, employeeIds: [open, done] });
    const list = rows(await admin.get(`/api/instructions/assignments?topicId=${tp.id}`)).rows;
    const openRow = list.find((r) => r.employeeId === open)!;
    const doneRow = list.find((r) => r.employeeId === done)!;
    await assignmentsRepository.setStatus(t.database.db, doneRow.id, 'E');
    const remove = (id: number, body: Record<string, unknown>, client = admin) =>
      client.post(`/api/instructions/assignments/${id}/removal`, body);
    const sentence = 'Der Mitarbeiter arbeitet seit Mai in der Verwaltung.';
    const refused = await remove(doneRow.id, {
      version: doneRow.version + 1,
      action: 'activityEnded',
      reason: sentence,
    });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).code).toBe('ASSIGNMENT_NOT_OPEN');
    const stale = await remove(openRow.id, {
      version: openRow.version + 1,
      action: 'activityEnded',
      reason: sentence,
    });
    expect(errorOf(stale).code).toBe('CONFLICT');

    // The classification's gaps in the spec's order, each with its code and the field's German message.
    const gaps: [Record<string, unknown>, string, string, number][] = [
      [{ reason: sentence }, 'REMOVAL_ACTION_REQUIRED', 'action', -1],
      [{ action: 'replaced', reason: sentence }, 'REMOVAL_ELEMENT_REQUIRED', 'replacementTopicId', -2],
      [{ action: 'activityEnded', reason: '   ' }, 'REMOVAL_REASON_REQUIRED', 'reason', -3],
      [{ action: 'activityEnded', reason: 'versetzt' }, 'REMOVAL_REASON_NOT_SENTENCES', 'reason', -4],
      [
        { action: 'activityEnded', reason: 'Arbeitet jetzt woanders' },
        'REMOVAL_REASON_NOT_SENTENCES',
        'reason',
        -4,
      ],
    ];
    for (const [body, code, field, classification] of gaps) {
      const res = await remove(openRow.id, { version: openRow.version, ...body });
      expect(res.statusCode).toBe(400);
      const error = errorOf(res);
      expect(error.code).toBe(code);
      expect(error.details).toEqual([{ path: ['body', field], message: error.message, classification }]);
    }
    const same = await remove(openRow.id, {
      version: openRow.version,
      action: 'replaced',
      replacementTopicId: tp.id,
      reason: sentence,
    });
    expect(errorOf(same).code).toBe('REMOVAL_REPLACEMENT_INVALID');
    expect(
      (
        await remove(openRow.id, {
          version: openRow.version,
          action: 'replaced',
          replacementTopicId: other.id,
          reason: `  ${sentence} Ersetzt durch die neue Unterweisung.  `,
        })
      ).statusCode,
    ).toBe(204);
    expect(rows(await admin.get(`/api/instructions/assignments?topicId=${tp.id}`)).filteredCount).toBe(1);

    // The removal stays with what was removed, readable with the list's rights.
    const removals = rows(await admin.get(`/api/instructions/removals?topicId=${tp.id}`));
    expect(removals.rows).toEqual([
      expect.objectContaining({
        employeeId: open,
        topicId: tp.id,
        topicIdentifier: tp.identifier,
        itemType: 'instruction',
        dueDate: openRow.dueDate,
        action: 'replaced',
        replacementTopic: { id: other.id, identifier: other.identifier, label: other.label },
        reason: `${sentence} Ersetzt durch die neue Unterweisung.`,
      }),
    ]);
    const reader = await createUser(t.database.db, { permissions: [P.TOPICS, P.TOPICS_EVALUATE] });
    const readerClient = await t.login(reader.login, reader.password);
    expect((await readerClient.get(`/api/instructions/removals?topicId=${tp.id}`)).statusCode).toBe(200);
    expect(
      (await remove(openRow.id, { version: 1, action: 'activityEnded', reason: sentence }, readerClient))
        .statusCode,
    ).toBe(403);
    const plain = await createUser(t.database.db, { permissions: [P.TOPICS] });
    const plainClient = await t.login(plain.login, plain.password);
    expect((await plainClient.get('/api/instructions/removals')).statusCode).toBe(403);
    const stranger = await createUser(t.database.db, {
      portalId: await customerPortalId(t.database.db),
      permissions: [P.TOPICS_ASSIGN],
    });
    const foreign = await t.login(stranger.login, stranger.password);
    expect(rows(await foreign.get(`/api/instructions/removals?topicId=${tp.id}`)).filteredCount).toBe(0);
  });

  it('keeps a topic that an assignment includes', async () => {
    const tp = await topic();
    await assign({ topicId: tp.id, employeeIds: [await employee()] });
    const res = await admin.delete(`/api/topics/${tp.id}?version=${tp.version}`);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toMatchObject({
      code: 'TOPIC_IN_USE',
      message: 'Die Unterweisung ist einmal Mitarbeitern zugewiesen und kann nicht gelöscht werden.',
    });
  });

  it('keeps an employee with completed instructions; open ones go with the employee', async () => {
    const tp = await topic();
    const [withDone, withOpen] = [await employee(), await employee()];
    await assign({ topicId: tp.id, employeeIds: [withDone, withOpen] });
    const list = rows(await admin.get(`/api/instructions/assignments?topicId=${tp.id}`)).rows;
    await assignmentsRepository.setStatus(
      t.database.db,
      list.find((r) => r.employeeId === withDone)!.id,
      'E',
    );
    const versionOf = async (id: number) =>
      (
        await queryRows<{ version: number }>(
          t.database.db,
          sql`select version from employees where id = ${id}`,
        )
      )[0]!.version;
    const refused = await admin.delete(`/api/employee/${withDone}?version=${await versionOf(withDone)}`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(errorOf(refused).message).toBe(
      'Der Mitarbeiter hat 1 abgeschlossene Unterweisung; der Nachweis muss erhalten bleiben. Setzen Sie den Mitarbeiter stattdessen inaktiv.',
    );
    const deleted = await admin.delete(`/api/employee/${withOpen}?version=${await versionOf(withOpen)}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(rows(await admin.get(`/api/instructions/assignments?topicId=${tp.id}`)).filteredCount).toBe(1);
  });
});

describe('rearranging', () => {
  it('marks the entry done and creates an open one with the new due date; needs TOPICS_RESET', async () => {
    const tp = await topic();
    const e = await employee();
    await assign({ topicId: tp.id, employeeIds: [e] });
    const [row] = rows(await admin.get(`/api/instructions/assignments?topicId=${tp.id}`)).rows;
    const url = `/api/instructions/assignments/${row!.id}/rearrange`;
    const assigner = await createUser(t.database.db, { permissions: [P.TOPICS_ASSIGN] });
    const assignerClient = await t.login(assigner.login, assigner.password);
    expect(
      (await assignerClient.post(url, { version: row!.version, dueDate: '2027-09-30' })).statusCode,
    ).toBe(403);
    const bad = await admin.post(url, { version: row!.version, dueDate: '2027-02-30' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).details).toEqual([
      { path: ['body', 'dueDate'], message: 'Bitte geben Sie ein gültiges Datum ein.' },
    ]);
    expect((await admin.post(url, { version: row!.version, dueDate: '2027-09-30' })).statusCode).toBe(204);
    const after = rows(
      await admin.get(`/api/instructions/assignments?topicId=${tp.id}&orderBy=dueDate`),
    ).rows;
    expect(after.map((r) => [r.status, r.dueDate, r.originalDueDate])).toEqual([
      ['E', '2027-06-30', '2027-06-30'],
      ['O', '2027-09-30', '2027-06-30'],
    ]);
    const stale = await admin.post(url, { version: row!.version, dueDate: '2027-10-31' });
    expect(errorOf(stale).code).toBe('CONFLICT');
    const done = await admin.post(url, { version: after[0]!.version, dueDate: '2027-10-31' });
    expect(done.statusCode).toBe(409);
    expect(errorOf(done).code).toBe('ASSIGNMENT_ALREADY_DONE');
  });
});

describe('Meine Unterweisungen', () => {
  it('shows the demo employee the own unfinished items by due date, the overdue one marked', async () => {
    const anna = await t.login('mitarbeiter');
    const mine = (await anna.get('/api/instructions/mine')).json<{
      data: { rows: MyAssignmentRow[]; filteredCount: number };
    }>().data;
    expect(mine.rows.map((r) => r.topicIdentifier)).toEqual(['U-01', 'U-02', 'U-06']);
    expect(mine.rows.map((r) => r.overdue)).toEqual([true, false, false]);
    expect(mine.rows[0]).toMatchObject({
      type: 'instruction',
      topicLabel: 'Allgemeine Arbeitssicherheit',
      minutes: 30,
      status: 'O',
      validUntil: null,
    });
  });

  it('lists only the caller’s own items; done ones with includeDone; needs TOPICS_OWN', async () => {
    const tp = await topic();
    const user = await createUser(t.database.db, { permissions: [P.TOPICS_OWN] });
    const other = await employee();
    const soon = dayFromToday(20); // inside the default display window of 60 days before due
    await assign({ topicId: tp.id, employeeIds: [user.id, other], dueDate: soon });
    const client = await t.login(user.login, user.password);
    const read = async (query = '') =>
      (await client.get(`/api/instructions/mine${query}`)).json<{ data: { rows: MyAssignmentRow[] } }>().data
        .rows;
    const rowsNow = await read();
    expect(rowsNow).toHaveLength(1);
    expect(rowsNow[0]).toMatchObject({
      topicIdentifier: tp.identifier,
      dueDate: soon,
      overdue: false,
    });
    await assignmentsRepository.setStatus(t.database.db, rowsNow[0]!.id, 'E');
    expect(await read()).toEqual([]);
    expect((await read('?includeDone=true')).map((r) => r.status)).toEqual(['E']);
    const without = await createUser(t.database.db, { permissions: [P.TOPICS] });
    const refused = await (await t.login(without.login, without.password)).get('/api/instructions/mine');
    expect(refused.statusCode).toBe(403);
  });

  it('follows the portal display settings: unfinished items from N days before due, done ones for M days', async () => {
    const user = await createUser(t.database.db, { permissions: [P.TOPICS_OWN] });
    const client = await t.login(user.login, user.password);
    const [near, far, late] = [await topic(), await topic(), await topic()];
    await assign({ topicId: near.id, employeeIds: [user.id], dueDate: dayFromToday(30) });
    await assign({ topicId: far.id, employeeIds: [user.id], dueDate: dayFromToday(200) });
    await assign({ topicId: late.id, employeeIds: [user.id], dueDate: dayFromToday(-400) });
    const shown = async (query = '') =>
      (await client.get(`/api/instructions/mine${query}`))
        .json<{ data: { rows: MyAssignmentRow[] } }>()
        .data.rows.map((r) => r.topicIdentifier);
    // Defaults: 60 days before due; an overdue item always.
    expect(await shown()).toEqual([late.identifier, near.identifier]);
    const current = (await admin.get('/api/settings/instructions')).json<{
      data: { version: number; value: Record<string, unknown> };
    }>().data;
    const put = await admin.put('/api/settings/instructions', {
      version: current.version,
      value: { ...current.value, executableDaysBeforeDue: 10, displayDaysBeforeDue: 10, showDoneDays: 0 },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await shown()).toEqual([late.identifier]);
    // Done today: shown with includeDone for 0 days after (today only); a year-old done one is not.
    const mine = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from instruction_assignments where employee_id = ${user.id}`,
    );
    for (const r of mine) await assignmentsRepository.setStatus(t.database.db, r.id, 'E');
    await t.database.db.execute(
      sql`update instruction_assignments set updated_at = now() - interval '1 year'
          where employee_id = ${user.id} and topic_id = ${far.id}`,
    );
    expect(await shown()).toEqual([]);
    expect((await shown('?includeDone=true')).sort()).toEqual([late.identifier, near.identifier].sort());
    const back = (await admin.get('/api/settings/instructions')).json<{ data: { version: number } }>().data;
    await admin.put('/api/settings/instructions', { version: back.version, value: current.value });
  });

  it('carries the interval; any signed-in user reads the portal’s interval unit (decision 045)', async () => {
    const user = await createUser(t.database.db, { permissions: [P.TOPICS_OWN] });
    const client = await t.login(user.login, user.password);
    const yearly = await topic({ intervalDays: 365 });
    await assign({ topicId: yearly.id, employeeIds: [user.id], dueDate: dayFromToday(5) });
    const row = (await client.get('/api/instructions/mine'))
      .json<{ data: { rows: MyAssignmentRow[] } }>()
      .data.rows.find((r) => r.topicIdentifier === yearly.identifier);
    expect(row?.intervalDays).toBe(365);
    const nobody = await createUser(t.database.db, { permissions: [] });
    const plain = await t.login(nobody.login, nobody.password);
    const display = async () =>
      (await plain.get('/api/instructions/display')).json<{ data: { intervalUnit: string } }>().data;
    expect(await display()).toEqual({ intervalUnit: 'auto' });
    const current = (await admin.get('/api/settings/instructions')).json<{
      data: { version: number; value: Record<string, unknown> };
    }>().data;
    const bad = await admin.put('/api/settings/instructions', {
      version: current.version,
      value: { ...current.value, intervalUnit: 'weeks' },
    });
    expect(bad.statusCode).toBe(400);
    const put = await admin.put('/api/settings/instructions', {
      version: current.version,
      value: { ...current.value, intervalUnit: 'months' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await display()).toEqual({ intervalUnit: 'months' });
    expect((await t.client().get('/api/instructions/display')).statusCode).toBe(401);
    const back = (await admin.get('/api/settings/instructions')).json<{ data: { version: number } }>().data;
    await admin.put('/api/settings/instructions', { version: back.version, value: current.value });
  });
});
