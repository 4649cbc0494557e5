import type { Action, ActionRow, TaskRow } from '@schutzwerk/shared/actions/actions.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#db/client.ts';
import { queryRows } from '#db/query.ts';
import { employees } from '#modules/employees/employees.table.ts';
import { renderTemplateMail } from '#modules/mail/mail-templates.ts';
import { enqueueMail } from '#modules/mail/outbox.ts';
import { scheduledTasks } from '#modules/scheduler/scheduler.table.ts';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { createUser } from '#test/fixtures.ts';
import type { ActionsDeps } from './actions.deps.ts';
import { createTaskReminders } from './actions.reminders.ts';
import { actionsRepository } from './actions.repository.ts';
import { actions } from './actions.table.ts';
import { completeOpenTasks, createTask, deleteOpenTasks } from './tasks.ts';

/** The reminder run of the 'task-reminders' job, called directly with a given settings reader. */
const sendTaskReminders = (db: Db, now: Date, settings: ActionsDeps['settings']) =>
  createTaskReminders({
    repository: actionsRepository,
    settings,
    mail: { render: renderTemplateMail, enqueue: enqueueMail },
  }).send(db, now);

let t: TestApp;
let admin: ApiClient;
let locationA: number;
let locationB: number;

type User = { id: number; client: ApiClient };
let responsible: User;
let executor: User;
let other: User;

const ALL_ACTION_RIGHTS = [
  P.ACTIONS,
  P.ACTIONS_OWN,
  P.ACTIONS_CREATE,
  P.ACTIONS_EDIT,
  P.ACTIONS_DELETE,
  P.ACTIONS_COMPLETE,
  P.ACTIONS_REPORT_PROBLEM,
  P.ACTIONS_RESOLVE_PROBLEM,
];

async function user(permissions: number[], email: string | null = null): Promise<User> {
  const u = await createUser(t.database.db, { permissions });
  if (email) await t.database.db.update(employees).set({ email }).where(eq(employees.id, u.id));
  return { id: u.id, client: await t.login(u.login, u.password) };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const locs = await queryRows<{ id: number }>(
    t.database.db,
    sql`select l.id from locations l join portals p on p.id = l.portal_id where p.is_main order by l.id limit 2`,
  );
  locationA = locs[0]!.id;
  locationB = locs[1]!.id;
  responsible = await user(ALL_ACTION_RIGHTS, 'verantwortlich@example.de');
  executor = await user(
    [P.ACTIONS_OWN, P.ACTIONS_REPORT_PROBLEM, P.ACTIONS_COMPLETE],
    'ausfuehrend@example.de',
  );
  other = await user(ALL_ACTION_RIGHTS, 'andere@example.de');
});
afterAll(async () => {
  await t.close();
});

const base = (overrides: Record<string, unknown> = {}) => ({
  sourceType: 'general',
  sourceId: 0,
  designation: 'Schutzgitter an Presse 3 anbringen',
  type: 'technical',
  dueDate: '2026-12-01',
  locationId: locationA,
  responsibleId: responsible.id,
  executorKind: 'employee',
  executorId: executor.id,
  ...overrides,
});

async function create(overrides: Record<string, unknown> = {}, client: ApiClient = admin): Promise<Action> {
  const res = await client.post('/api/actions', base(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Action }>().data;
}
const toUpdate = (a: Action, overrides: Record<string, unknown> = {}) => ({
  version: a.version,
  designation: a.designation,
  description: a.description,
  type: a.type,
  dueDate: a.dueDate,
  done: a.done,
  locationId: a.location?.id ?? null,
  responsibleId: a.responsible.id,
  executorKind: a.executorKind,
  executorId: a.executor?.id ?? null,
  externalExecutor: a.externalExecutor,
  participantIds: a.participants.map((p) => p.id),
  observerIds: a.observers.map((p) => p.id),
  affectedIds: a.affected.map((p) => p.id),
  informational: a.informational,
  immediateFlags: a.immediateFlags,
  effectiveness: a.effectiveness,
  effectivenessCheckedOn: a.effectivenessCheckedOn,
  effectivenessCheckedById: a.effectivenessCheckedBy?.id ?? null,
  ...overrides,
});
async function update(a: Action, overrides: Record<string, unknown>, client: ApiClient = admin) {
  const res = await client.put(`/api/actions/${a.id}`, toUpdate(a, overrides));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Action }>().data;
}
async function tasksOf(actionId: number) {
  return queryRows<{
    id: number;
    assignee_id: number;
    state: string;
    version: number;
    problem_reason: string;
  }>(
    t.database.db,
    sql`select id, assignee_id, state, version, problem_reason from tasks where action_id = ${actionId} order by id`,
  );
}
async function myTasks(client: ApiClient, state = 'open') {
  const res = await client.get(`/api/tasks?state=${state}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { rows: TaskRow[] } }>().data.rows;
}
async function outbox(purpose: string) {
  return queryRows<{ to_address: string; subject: string; text_body: string }>(
    t.database.db,
    sql`select to_address, subject, text_body from mail_outbox where purpose = ${purpose} order by id`,
  );
}

describe('creating and validating actions', () => {
  it('creates a stand-alone action with all fields and opens one task for the executor', async () => {
    const a = await create({
      participantIds: [other.id],
      observerIds: [responsible.id],
      affectedIds: [other.id, executor.id],
      informational: true,
      immediateFlags: 1 | 4,
      effectiveness: 'effective',
      effectivenessCheckedOn: '2026-11-20',
      effectivenessCheckedById: responsible.id,
    });
    expect(a).toMatchObject({
      sourceType: 'general',
      sourceLabel: 'Eigenständige Maßnahme',
      type: 'technical',
      done: false,
      informational: true,
      immediateFlags: 5,
      effectiveness: 'effective',
      effectivenessCheckedOn: '2026-11-20',
      executorKind: 'employee',
      version: 1,
    });
    expect(a.participants.map((p) => p.id)).toEqual([other.id]);
    expect(a.affected.map((p) => p.id).sort()).toEqual([other.id, executor.id].sort());
    expect(a.effectivenessCheckedBy?.id).toBe(responsible.id);
    const open = await tasksOf(a.id);
    expect(open).toMatchObject([{ assignee_id: executor.id, state: 'open' }]);
    expect(a.task).toMatchObject({ id: open[0]!.id, state: 'open' });
    const log = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from change_log where entity = 'action' and entity_id = ${String(a.id)}`,
    );
    expect(log[0]!.n).toBe(1);
  });

  it('refuses bad input with German messages', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ designation: ' ' }, 'designation', 'Bitte geben Sie eine Bezeichnung an.'],
      [{ locationId: null }, 'locationId', 'Bitte wählen Sie einen Ort.'],
      [
        { executorKind: 'external', executorId: null, externalExecutor: '' },
        'externalExecutor',
        'Der externe Ausführende hat keinen Namen. Bitte geben Sie einen Namen an.',
      ],
      [{ executorId: null }, 'executorId', 'Bitte wählen Sie eine ausführende Person.'],
      [{ responsibleId: 99999999 }, 'responsibleId', 'Diese Person gibt es (in diesem Portal) nicht.'],
      [{ immediateFlags: 16 }, 'immediateFlags', 'Ungültige Kategorie der Sofortmaßnahme.'],
      [
        { effectiveness: 'notEffective' },
        'effectivenessCheckedOn',
        'Bitte geben Sie das Datum der Wirksamkeitsprüfung an.',
      ],
    ];
    for (const [overrides, path, message] of cases) {
      const res = await admin.post('/api/actions', base(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      const details = errorOf(res).details as { path: string[]; message: string }[];
      expect(details, JSON.stringify(overrides)).toContainEqual(
        expect.objectContaining({ path: ['body', path], message }),
      );
    }
  });

  it('denies unknown source types (deny by default)', async () => {
    const res = await admin.post('/api/actions', base({ sourceType: 'unknownthing', sourceId: 1 }));
    expect(errorOf(res).code).toBe('ACTION_SOURCE_UNKNOWN');
    const list = await admin.get('/api/actions?sourceType=unknownthing&sourceId=1');
    expect(list.statusCode).toBe(403);
  });

  it('sorts by type in STOP order', async () => {
    for (const type of ['personal', 'organisational', 'substitution', 'technical'])
      await create({ type, designation: `STOP-Test ${type}` });
    const res = await admin.get('/api/actions?search=STOP-Test&orderBy=type');
    const rows = res.json<{ data: { rows: ActionRow[] } }>().data.rows;
    expect(rows.map((r) => r.type)).toEqual(['substitution', 'technical', 'organisational', 'personal']);
  });
});

describe('task sync with the action', () => {
  it('follows executor changes, done, undone and delete', async () => {
    let a = await create();
    const first = (await tasksOf(a.id))[0]!;
    // executor changes: the old task goes, the new executor gets one
    a = await update(a, { executorId: other.id });
    expect(await tasksOf(a.id)).toMatchObject([{ assignee_id: other.id, state: 'open' }]);
    expect((await tasksOf(a.id))[0]!.id).not.toBe(first.id);
    // an edit that keeps the executor keeps the task (title and due date follow)
    const kept = (await tasksOf(a.id))[0]!.id;
    a = await update(a, { designation: 'Neuer Titel', dueDate: '2027-01-15' });
    const [task] = await queryRows<{ id: number; title: string; due_date: string }>(
      t.database.db,
      sql`select id, title, to_char(due_date, 'YYYY-MM-DD') as due_date from tasks where action_id = ${a.id}`,
    );
    expect(task).toMatchObject({ id: kept, title: 'Neuer Titel', due_date: '2027-01-15' });
    // an external executor has no task
    a = await update(a, {
      executorKind: 'external',
      executorId: null,
      externalExecutor: 'Firma Schlosser GmbH',
    });
    expect(await tasksOf(a.id)).toEqual([]);
    expect(a.externalExecutor).toBe('Firma Schlosser GmbH');
    // back to an employee, then done: the task is closed, not deleted
    a = await update(a, { executorKind: 'employee', executorId: executor.id, externalExecutor: '' });
    a = await update(a, { done: true });
    expect(a.done).toBe(true);
    expect(a.doneBy).not.toBeNull();
    expect(await tasksOf(a.id)).toMatchObject([{ assignee_id: executor.id, state: 'done' }]);
    // undone again: a fresh open task
    a = await update(a, { done: false });
    expect((await tasksOf(a.id)).map((x) => x.state)).toEqual(['done', 'open']);
    // delete: tasks go with the action
    const del = await admin.delete(`/api/actions/${a.id}?version=${a.version}`);
    expect(del.statusCode).toBe(204);
    expect(await tasksOf(a.id)).toEqual([]);
  });

  it('answers 409 for a stale version (update and delete)', async () => {
    const a = await create();
    await update(a, { designation: 'Erste Änderung' });
    const stale = await admin.put(`/api/actions/${a.id}`, toUpdate(a, { designation: 'Zweite' }));
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('CONFLICT');
    const del = await admin.delete(`/api/actions/${a.id}?version=${a.version}`);
    expect(del.statusCode).toBe(409);
  });
});

describe('task flow: complete, report a problem, resolve', () => {
  it('the executor completes the task: the action is done', async () => {
    const a = await create();
    const task = (await myTasks(executor.client)).find((x) => x.actionId === a.id)!;
    expect(task).toMatchObject({ kind: 'action', state: 'open', mine: true, title: a.designation });
    const notMine = await other.client.post(`/api/tasks/${task.id}/complete`, { version: task.version });
    expect(errorOf(notMine).code).toBe('ACTION_EXECUTOR_NOT_AUTHENTICATED');
    const stale = await executor.client.post(`/api/tasks/${task.id}/complete`, { version: task.version + 1 });
    expect(stale.statusCode).toBe(409);
    const ok = await executor.client.post(`/api/tasks/${task.id}/complete`, {
      version: task.version,
      comment: 'Gitter montiert',
    });
    expect(ok.statusCode, ok.body).toBe(204);
    const after = (await admin.get(`/api/actions/${a.id}`)).json<{ data: Action }>().data;
    expect(after.done).toBe(true);
    expect(after.doneBy?.id).toBe(executor.id);
    expect((await myTasks(executor.client, 'done')).map((x) => x.id)).toContain(task.id);
    const again = await executor.client.post(`/api/tasks/${task.id}/complete`, { version: task.version + 1 });
    expect(errorOf(again).code).toBe('TASK_NOT_OPEN');
  });

  it('report problem: each error of spec §8, then success with a mail to the responsible', async () => {
    const a = await create();
    const task = (await myTasks(executor.client)).find((x) => x.actionId === a.id)!;
    // action not existing
    const missing = await executor.client.post('/api/actions/99999999/problem', { reason: 'x' });
    expect(errorOf(missing)).toMatchObject({ code: 'ACTION_NOT_FOUND' });
    expect(missing.statusCode).toBe(404);
    // executor not authenticated (someone else)
    const foreign = await other.client.post(`/api/tasks/${task.id}/problem`, {
      version: task.version,
      reason: 'Kein Material',
    });
    expect(errorOf(foreign).code).toBe('ACTION_EXECUTOR_NOT_AUTHENTICATED');
    const foreignAction = await other.client.post(`/api/actions/${a.id}/problem`, { reason: 'x' });
    expect(errorOf(foreignAction).code).toBe('ACTION_EXECUTOR_NOT_AUTHENTICATED');
    // empty reason
    const empty = await executor.client.post(`/api/tasks/${task.id}/problem`, {
      version: task.version,
      reason: '   ',
    });
    expect(errorOf(empty)).toEqual({
      code: 'ACTION_PROBLEM_REASON_EMPTY',
      message: 'Bitte geben Sie einen Grund für das Problem an.',
    });
    // responsible without a valid e-mail
    await t.database.db.update(employees).set({ email: 'kein-mail' }).where(eq(employees.id, responsible.id));
    const noMail = await executor.client.post(`/api/tasks/${task.id}/problem`, {
      version: task.version,
      reason: 'Kein Material',
    });
    expect(errorOf(noMail).code).toBe('ACTION_RESPONSIBLE_NO_EMAIL');
    await t.database.db
      .update(employees)
      .set({ email: 'verantwortlich@example.de' })
      .where(eq(employees.id, responsible.id));
    expect((await tasksOf(a.id))[0]!.state).toBe('open');
    // success
    const before = (await outbox('actionProblem')).length;
    const ok = await executor.client.post(`/api/tasks/${task.id}/problem`, {
      version: task.version,
      reason: 'Ersatzteil erst in 3 Wochen lieferbar',
    });
    expect(ok.statusCode, ok.body).toBe(204);
    expect((await tasksOf(a.id))[0]).toMatchObject({
      state: 'problem',
      problem_reason: 'Ersatzteil erst in 3 Wochen lieferbar',
    });
    const mails = await outbox('actionProblem');
    expect(mails.length).toBe(before + 1);
    expect(mails.at(-1)).toMatchObject({ to_address: 'verantwortlich@example.de' });
    expect(mails.at(-1)!.subject).toBe(`Problem gemeldet: ${a.designation}`);
    expect(mails.at(-1)!.text_body).toContain('Ersatzteil erst in 3 Wochen lieferbar');
    // the responsible sees it under 'problem'
    const theirs = (await myTasks(responsible.client, 'problem')).find((x) => x.id === task.id);
    expect(theirs).toMatchObject({ responsibleIsMe: true, mine: false, state: 'problem' });
    // a task in problem state cannot be completed or reported again
    const v = (await tasksOf(a.id))[0]!.version;
    expect(errorOf(await executor.client.post(`/api/tasks/${task.id}/complete`, { version: v })).code).toBe(
      'TASK_NOT_OPEN',
    );
  });

  it('report problem: an external executor without a name', async () => {
    const a = await create({ executorKind: 'external', executorId: null, externalExecutor: 'Elektro Kunz' });
    await t.database.db.update(actions).set({ externalExecutor: '' }).where(eq(actions.id, a.id));
    const res = await executor.client.post(`/api/actions/${a.id}/problem`, { reason: 'x' });
    expect(errorOf(res)).toMatchObject({
      code: 'ACTION_EXTERNAL_EXECUTOR_NO_NAME',
      message: 'Der externe Ausführende hat keinen Namen. Bitte tragen Sie zuerst einen Namen ein.',
    });
  });

  it('resolve: refused for a non-responsible user and a missing action; the responsible returns the task', async () => {
    const a = await create();
    const task = (await myTasks(executor.client)).find((x) => x.actionId === a.id)!;
    await executor.client.post(`/api/actions/${a.id}/problem`, { reason: 'Zugang gesperrt' });
    const v = (await tasksOf(a.id))[0]!.version;
    const missing = await responsible.client.post('/api/actions/99999999/resolve', {});
    expect(errorOf(missing).code).toBe('ACTION_NOT_FOUND');
    const notResp = await other.client.post(`/api/tasks/${task.id}/resolve`, { version: v });
    expect(errorOf(notResp)).toMatchObject({ code: 'ACTION_NOT_RESPONSIBLE' });
    expect(notResp.statusCode).toBe(403);
    const notRespAction = await admin.post(`/api/actions/${a.id}/resolve`, {});
    expect(errorOf(notRespAction).code).toBe('ACTION_NOT_RESPONSIBLE');
    const ok = await responsible.client.post(`/api/tasks/${task.id}/resolve`, { version: v });
    expect(ok.statusCode, ok.body).toBe(204);
    expect((await tasksOf(a.id))[0]!.state).toBe('open');
    expect((await myTasks(executor.client)).map((x) => x.id)).toContain(task.id);
    const twice = await responsible.client.post(`/api/actions/${a.id}/resolve`, {});
    expect(errorOf(twice).code).toBe('ACTION_NO_OPEN_PROBLEM');
  });
});

describe('reading and writing rights', () => {
  it('ACTIONS_OWN sees only actions they are involved in; AREA their locations; ALL everything', async () => {
    const mine = await create({ designation: 'Rechte: beteiligt', participantIds: [executor.id] });
    const inB = await create({ designation: 'Rechte: Ort B', locationId: locationB, executorId: other.id });
    const ids = async (client: ApiClient) =>
      (await client.get('/api/actions?search=Rechte:'))
        .json<{ data: { rows: ActionRow[] } }>()
        .data.rows.map((r) => r.id);
    expect(await ids(executor.client)).toEqual([mine.id]);
    expect((await executor.client.get(`/api/actions/${inB.id}`)).statusCode).toBe(403);

    const area = await user([P.ACTIONS_AREA, P.ACTIONS_CREATE, P.ACTIONS_EDIT]);
    expect(await ids(area.client)).toEqual([]);
    await t.database.db.execute(
      sql`insert into location_responsibilities (location_id, employee_id) values (${locationB}, ${area.id})`,
    );
    expect(await ids(area.client)).toEqual([inB.id]);
    // area users create and edit only in their locations (or as the responsible person)
    const outside = await area.client.post('/api/actions', base({ locationId: locationA }));
    expect(outside.statusCode).toBe(403);
    const inside = await area.client.post('/api/actions', base({ locationId: locationB }));
    expect(inside.statusCode, inside.body).toBe(201);
    const self = await area.client.post(
      '/api/actions',
      base({ locationId: locationA, responsibleId: area.id }),
    );
    expect(self.statusCode, self.body).toBe(201);

    const all = await user([P.ACTIONS_ALL]);
    const allIds = await ids(all.client);
    expect(allIds).toEqual(expect.arrayContaining([mine.id, inB.id]));
    // reading rights do not write
    const res = await all.client.put(`/api/actions/${inB.id}`, toUpdate(inB, { designation: 'x' }));
    expect(res.statusCode).toBe(403);
  });

  it('ACTIONS_COMPLETE alone may set the done flag but not change other fields', async () => {
    const a = await create();
    const completer = await user([P.ACTIONS_ALL, P.ACTIONS_COMPLETE]);
    const other2 = await completer.client.put(`/api/actions/${a.id}`, toUpdate(a, { designation: 'Anders' }));
    expect(other2.statusCode).toBe(403);
    const done = await completer.client.put(`/api/actions/${a.id}`, toUpdate(a, { done: true }));
    expect(done.statusCode, done.body).toBe(200);
  });
});

describe('public task functions and reminders', () => {
  it('create, delete and complete the open tasks of a source by kind', async () => {
    const db = t.database.db;
    const portalId = (
      await db.select({ p: employees.portalId }).from(employees).where(eq(employees.id, executor.id))
    )[0]!.p;
    const make = (kind: 'release' | 'check' | 'document' | 'action') =>
      createTask(db, {
        portalId,
        kind,
        sourceType: 'hazardanalysis',
        sourceId: 4711,
        assigneeId: executor.id,
        title: `Aufgabe ${kind}`,
        linkPath: '/hazardanalysis/4711',
      });
    for (const kind of ['release', 'check', 'document', 'action'] as const) await make(kind);
    const states = async () =>
      queryRows<{ kind: string; state: string; comment: string | null }>(
        db,
        sql`select kind, state, comment from tasks where source_id = 4711 and source_type = 'hazardanalysis' order by id`,
      );
    expect(
      await deleteOpenTasks(db, {
        sourceType: 'hazardanalysis',
        sourceId: 4711,
        kinds: ['release', 'check', 'document'],
      }),
    ).toBe(3);
    expect(
      await completeOpenTasks(db, {
        sourceType: 'hazardanalysis',
        sourceId: 4711,
        kinds: ['action'],
        comment: 'Gefährdungsbeurteilung inaktiviert',
      }),
    ).toBe(1);
    expect(await states()).toEqual([
      { kind: 'action', state: 'done', comment: 'Gefährdungsbeurteilung inaktiviert' },
    ]);
    // non-action tasks are completed in their module
    await make('release');
    const release = (await myTasks(executor.client)).find((x) => x.kind === 'release')!;
    const res = await executor.client.post(`/api/tasks/${release.id}/complete`, { version: release.version });
    expect(errorOf(res).code).toBe('INVALID_REQUEST');
    await deleteOpenTasks(db, { sourceType: 'hazardanalysis', sourceId: 4711 });
  });

  it('mails due and overdue open tasks once per task and day (scheduler job)', async () => {
    const db = t.database.db;
    await db.execute(sql`update tasks set state = 'done' where state <> 'done'`);
    const due = await create({ designation: 'Überfällige Prüfung', dueDate: '2020-01-10' });
    await create({ designation: 'Noch nicht fällig', dueDate: '2999-01-01' });
    const reminders = async () => (await outbox('taskReminder')).filter((m) => m.subject.includes('Prüfung'));
    const [job] = await db
      .select({ id: scheduledTasks.id })
      .from(scheduledTasks)
      .where(eq(scheduledTasks.key, 'task-reminders'));
    expect(job).toBeDefined();
    await db
      .update(scheduledTasks)
      .set({ nextFireAt: new Date(Date.now() - 1000) })
      .where(eq(scheduledTasks.key, 'task-reminders'));
    const results = await t.app.scheduler.runDue();
    expect(results.find((r) => r.taskId === job!.id)?.outcome).toBe('ok');
    expect(await reminders()).toHaveLength(1);
    const mail = (await reminders())[0]!;
    expect(mail).toMatchObject({
      to_address: 'ausfuehrend@example.de',
      subject: 'Erinnerung: Überfällige Prüfung',
    });
    expect(mail.text_body).toContain('fällig am 10.01.20');
    // the same day again: nothing new
    const settings = {
      read: async () => ({ companyName: 'Testfirma', applicationUrl: 'https://sw.test' }),
    } as never;
    expect(await sendTaskReminders(db, new Date(), settings)).toEqual({ mailed: 0, skipped: 0 });
    expect(await reminders()).toHaveLength(1);
    // the next day: one more
    const tomorrow = new Date(Date.now() + 24 * 3600 * 1000);
    expect((await sendTaskReminders(db, tomorrow, settings)).mailed).toBe(1);
    expect(await reminders()).toHaveLength(2);
    // a task in problem state is not reminded
    await executor.client.post(`/api/actions/${due.id}/problem`, { reason: 'Wartet auf Teile' });
    const dayAfter = new Date(Date.now() + 48 * 3600 * 1000);
    expect((await sendTaskReminders(db, dayAfter, settings)).mailed).toBe(0);
  });
});

describe('employee deletion', () => {
  it('refuses deleting an employee who is responsible for or executes an action', async () => {
    const person = await user([]);
    const a = await create({ executorId: person.id });
    const version = async () =>
      (
        await queryRows<{ version: number }>(
          t.database.db,
          sql`select version from employees where id = ${person.id}`,
        )
      )[0]!.version;
    const refused = await admin.delete(`/api/employee/${person.id}?version=${await version()}`);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toContain('führt sie aus');
    await update(a, { executorId: executor.id });
    const ok = await admin.delete(`/api/employee/${person.id}?version=${await version()}`);
    expect(ok.statusCode, ok.body).toBe(204);
  });
});
