import type { ActivityTree, EmployeeActivities } from '@schutzwerk/shared/activities/activity.schema.ts';
import type { Employee } from '@schutzwerk/shared/employees/employee.schema.ts';
import type { AssignmentRow } from '@schutzwerk/shared/instructions/assignments.schema.ts';
import type { Topic } from '@schutzwerk/shared/instructions/instructions.schema.ts';
import type {
  EmployeeInstructions,
  ExceptionRow,
  MatrixRow,
  MatrixTopic,
  Profile,
  ProfileRow,
  ProfileSaveResult,
} from '@schutzwerk/shared/instructions/profiles.schema.ts';
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
const uniq = () => `${process.pid}-${++counter}`;
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => {
  await t.close();
});

type R = Awaited<ReturnType<ApiClient['get']>>;
function ok<T>(res: R, status = 200): T {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<{ data: T }>().data;
}

async function topic(overrides: Record<string, unknown> = {}): Promise<Topic> {
  return ok<Topic>(
    await admin.post('/api/topics', {
      label: `Profilthema ${uniq()}`,
      identifier: `P-${uniq()}`,
      ...overrides,
    }),
    201,
  );
}
async function activity(name = `Tätigkeit ${uniq()}`, parentId: number | null = null): Promise<number> {
  return ok<{ id: number }>(await admin.post('/api/activities', { name, parentId }), 201).id;
}
/** A role of the Eigenschaften tree (the demo data has the role base „Rollen“). */
async function role(): Promise<number> {
  const tree = ok<ActivityTree>(await admin.get('/api/activities/tree'));
  expect(tree.roleBaseId).not.toBeNull();
  return activity(`Rolle ${uniq()}`, tree.roleBaseId);
}
async function unit(kind: 'locations' | 'departments'): Promise<number> {
  return ok<{ id: number }>(
    await admin.post(`/api/${kind}`, { parentId: null, name: `Einheit ${uniq()}` }),
    201,
  ).id;
}
async function employee(fields: Record<string, unknown> = {}, client = admin): Promise<Employee> {
  const n = uniq();
  return ok<Employee>(
    await client.post('/api/employee', {
      personnelNumber: `PR${n}`,
      lastName: `Profil${n}`,
      firstName: 'Paula',
      ...fields,
    }),
    201,
  );
}
async function setActivities(employeeId: number, activityIds: number[], roleIds: number[] = []) {
  const before = ok<EmployeeActivities>(await admin.get(`/api/employee/${employeeId}/activities`));
  ok(
    await admin.put(`/api/employee/${employeeId}/activities`, {
      activityIds,
      roleIds,
      revision: before.revision,
    }),
  );
}
async function patchEmployee(id: number, patch: Record<string, unknown>) {
  const current = ok<Employee>(await admin.get(`/api/employee/${id}`));
  return ok<Employee>(await admin.patch(`/api/employee/${id}`, { version: current.version, ...patch }));
}
async function createProfile(body: Record<string, unknown>, client = admin) {
  return client.post('/api/instructions/profiles', { label: `Profil ${uniq()}`, ...body });
}
async function items(employeeId: number, client = admin): Promise<AssignmentRow[]> {
  return ok<{ rows: AssignmentRow[] }>(
    await client.get(`/api/instructions/employees/${employeeId}/assignments`),
  ).rows;
}
const topicsOf = async (employeeId: number) => (await items(employeeId)).map((r) => r.topicId).sort();

describe('profiles give their topics to the employees of their sources', () => {
  it('by activity: a new employee with the activity gets it; removing the activity removes open ones only', async () => {
    const [t1, t2] = [await topic({ dueDate: '2099-01-31' }), await topic({ dueDate: '2020-01-01' })];
    const act = await activity();
    const saved = ok<ProfileSaveResult>(
      await createProfile({ topicIds: [t1.id, t2.id], sources: [{ kind: 'activity', id: act }] }),
      201,
    );
    expect(saved.assignments).toEqual({ created: 0, removed: 0 });
    expect(saved.profile.sources).toEqual([{ kind: 'activity', id: act, name: expect.any(String) }]);

    const e = await employee();
    expect(await items(e.id)).toEqual([]);
    await setActivities(e.id, [act]);
    const got = await items(e.id);
    expect(got.map((r) => r.topicId).sort()).toEqual([t1.id, t2.id].sort());
    // Due on the topic's due date unless that is past: then today.
    expect(got.find((r) => r.topicId === t1.id)).toMatchObject({ status: 'O', dueDate: '2099-01-31' });
    expect(got.find((r) => r.topicId === t2.id)).toMatchObject({ status: 'O', dueDate: today });
    // Idempotent: saving the same activities again creates nothing.
    await setActivities(e.id, [act]);
    expect(await items(e.id)).toHaveLength(2);

    // Started (A) stays when the activity goes; the open one goes.
    const started = got.find((r) => r.topicId === t1.id)!;
    await assignmentsRepository.setStatus(t.database.db, started.id, 'A');
    await setActivities(e.id, []);
    expect((await items(e.id)).map((r) => [r.topicId, r.status])).toEqual([[t1.id, 'A']]);
    const log = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from change_log where entity = 'instruction_assignment'
          and entity_id = ${String(got.find((r) => r.topicId === t2.id)!.id)} and state = 0`,
    );
    expect(log[0]!.n).toBe(1);
  });

  it('by role, location and department; a pair another source still requires stays', async () => {
    const [tr, tl, td, shared] = [await topic(), await topic(), await topic(), await topic()];
    const [r, loc, loc2, dep] = [
      await role(),
      await unit('locations'),
      await unit('locations'),
      await unit('departments'),
    ];
    ok(await createProfile({ topicIds: [tr.id, shared.id], sources: [{ kind: 'role', id: r }] }), 201);
    ok(await createProfile({ topicIds: [tl.id, shared.id], sources: [{ kind: 'location', id: loc }] }), 201);
    ok(await createProfile({ topicIds: [td.id], sources: [{ kind: 'department', id: dep }] }), 201);

    // A new employee created in the location and department gets their topics at once.
    const e = await employee({ locationId: loc, departmentId: dep });
    expect(await topicsOf(e.id)).toEqual([tl.id, shared.id, td.id].sort());
    await setActivities(e.id, [], [r]);
    expect(await topicsOf(e.id)).toEqual([tr.id, tl.id, shared.id, td.id].sort());

    // Leaving the location: its own topic goes, the shared one stays (the role still requires it).
    await patchEmployee(e.id, { locationId: loc2 });
    expect(await topicsOf(e.id)).toEqual([tr.id, shared.id, td.id].sort());
    await patchEmployee(e.id, { departmentId: null });
    expect(await topicsOf(e.id)).toEqual([tr.id, shared.id].sort());

    const tab = ok<EmployeeInstructions>(await admin.get(`/api/instructions/employees/${e.id}`));
    expect(tab.profiles.map((p) => p.kind)).toEqual(['role']);
    expect(tab.openCount).toBe(2);
  });

  it('a profile saved later reaches the employees already there (bulk); removing a source removes open ones', async () => {
    const dep = await unit('departments');
    const [a, b] = [await employee({ departmentId: dep }), await employee({ departmentId: dep })];
    const other = await employee();
    const tp = await topic();
    const single = await topic();
    ok(await admin.post('/api/instructions/assignments', { topicId: single.id, employeeIds: [a.id] }), 201);
    const saved = ok<ProfileSaveResult>(
      await createProfile({ topicIds: [tp.id, single.id], sources: [{ kind: 'department', id: dep }] }),
      201,
    );
    // a has the single assignment of `single` already: skipped.
    expect(saved.assignments).toEqual({ created: 3, removed: 0 });
    expect(saved.profile.employeeCount).toBe(2);
    expect(await topicsOf(b.id)).toEqual([tp.id, single.id].sort());
    expect(await items(other.id)).toEqual([]);

    const updated = ok<ProfileSaveResult>(
      await admin.put(`/api/instructions/profiles/${saved.profile.id}`, {
        version: saved.profile.version,
        label: saved.profile.label,
        description: 'ohne Abteilung',
        topicIds: [tp.id, single.id],
        sources: [],
      }),
    );
    // The profile's own open items go (3); a's single assignment was not made by a profile and stays.
    expect(updated.assignments).toEqual({ created: 0, removed: 3 });
    expect(await topicsOf(a.id)).toEqual([single.id]);
    expect(await items(b.id)).toEqual([]);
  });
});

describe('other places where employees change', () => {
  it('copying activities and units („Zuordnungen kopieren“) gives the targets their profiles’ topics', async () => {
    const [ta, tl] = [await topic(), await topic()];
    const [act, loc] = [await activity(), await unit('locations')];
    ok(await createProfile({ topicIds: [ta.id], sources: [{ kind: 'activity', id: act }] }), 201);
    ok(await createProfile({ topicIds: [tl.id], sources: [{ kind: 'location', id: loc }] }), 201);
    const source = await employee({ locationId: loc });
    await setActivities(source.id, [act]);
    const target = await employee();
    ok(
      await admin.post(`/api/employee/${source.id}/copy-assignments`, {
        targetIds: [target.id],
        parts: ['activities', 'organisation'],
        replace: false,
      }),
    );
    expect(await topicsOf(target.id)).toEqual([ta.id, tl.id].sort());
  });

  it('an import that sets employees inactive removes their open items in its transaction', async () => {
    const [portal] = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into portals (name) values (${`Profilportal ${uniq()}`}) returning id`,
    );
    const leaver = await createUser(t.database.db, { portalId: portal!.id });
    const [tp] = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into instruction_topics (portal_id, label, identifier) values (${portal!.id}, 'Importthema', ${`I-${uniq()}`}) returning id`,
    );
    await assignmentsRepository.insertMany(t.database.db, [
      {
        portalId: portal!.id,
        employeeId: leaver.id,
        topicId: tp!.id,
        dueDate: today,
        originalDueDate: today,
      },
    ]);
    const upload = await admin.request(
      'POST',
      '/api/employee/import?separator=%3B&hasHeader=true&fileName=mitarbeiter.csv',
      'Personalnummer;Nachname;Vorname;Passwort\r\n9001;Neu;Hier;Passwort-9001-Lang!\r\n',
      { headers: { 'content-type': 'text/csv' } },
    );
    expect(upload.statusCode, upload.body).toBe(201);
    const commit = await admin.post(
      `/api/employee/import/${upload.json<{ data: { id: number } }>().data.id}/commit`,
      {
        portalId: portal!.id,
        mode: 'deactivateOthers',
        mapping: { personnelNumber: 0, lastName: 1, firstName: 2, password: 3 },
      },
    );
    expect(commit.statusCode, commit.body).toBe(200);
    expect(commit.body).toContain('"inactivated":1');
    const left = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from instruction_assignments where employee_id = ${leaver.id}`,
    );
    expect(left[0]!.n).toBe(0);
  });
});

describe('exception list', () => {
  it('adding removes the open item; profiles skip it; removing gives it again', async () => {
    const tp = await topic();
    const loc = await unit('locations');
    ok(await createProfile({ topicIds: [tp.id], sources: [{ kind: 'location', id: loc }] }), 201);
    const e = await employee({ locationId: loc });
    expect(await topicsOf(e.id)).toEqual([tp.id]);

    const added = ok<{ exception: ExceptionRow; removed: number }>(
      await admin.post(`/api/instructions/employees/${e.id}/exceptions`, {
        topicId: tp.id,
        reason: 'Fachkraft',
      }),
      201,
    );
    expect(added.removed).toBe(1);
    expect(added.exception).toMatchObject({
      topicId: tp.id,
      reason: 'Fachkraft',
      createdByName: expect.any(String),
    });
    expect(await items(e.id)).toEqual([]);
    // Another change of the employee does not bring it back.
    await patchEmployee(e.id, { locationId: loc, firstName: 'Petra' });
    await setActivities(e.id, []);
    expect(await items(e.id)).toEqual([]);

    const twice = await admin.post(`/api/instructions/employees/${e.id}/exceptions`, {
      topicId: tp.id,
      reason: 'x',
    });
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).code).toBe('EXCEPTION_EXISTS');
    const empty = await admin.post(`/api/instructions/employees/${e.id}/exceptions`, {
      topicId: tp.id,
      reason: ' ',
    });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).details).toEqual([
      { path: ['body', 'reason'], message: 'Bitte geben Sie einen Grund ein.' },
    ]);

    const list = ok<ExceptionRow[]>(await admin.get(`/api/instructions/employees/${e.id}/exceptions`));
    expect(list).toHaveLength(1);
    const stale = await admin.delete(
      `/api/instructions/employees/${e.id}/exceptions/${list[0]!.id}?version=9`,
    );
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('CONFLICT');
    expect(
      (await admin.delete(`/api/instructions/employees/${e.id}/exceptions/${list[0]!.id}?version=1`))
        .statusCode,
    ).toBe(204);
    expect(await topicsOf(e.id)).toEqual([tp.id]);
  });
});

describe('setting an employee inactive', () => {
  it('removes all their open items in the same save (profile and single ones), keeps started and done ones', async () => {
    const [tp, single, begun] = [await topic(), await topic(), await topic()];
    const dep = await unit('departments');
    ok(await createProfile({ topicIds: [tp.id], sources: [{ kind: 'department', id: dep }] }), 201);
    const e = await employee({ departmentId: dep });
    ok(await admin.post('/api/instructions/assignments', { topicId: single.id, employeeIds: [e.id] }), 201);
    ok(await admin.post('/api/instructions/assignments', { topicId: begun.id, employeeIds: [e.id] }), 201);
    const started = (await items(e.id)).find((r) => r.topicId === begun.id)!;
    await assignmentsRepository.setStatus(t.database.db, started.id, 'A');
    expect(ok<EmployeeInstructions>(await admin.get(`/api/instructions/employees/${e.id}`)).openCount).toBe(
      2,
    );

    await patchEmployee(e.id, { active: false });
    expect((await items(e.id)).map((r) => [r.topicId, r.status])).toEqual([[begun.id, 'A']]);
    // Active again: the profile gives its topic again.
    await patchEmployee(e.id, { active: true });
    expect(await topicsOf(e.id)).toEqual([tp.id, begun.id].sort());
  });
});

describe('profile rules', () => {
  it('refuses an empty label with the German message, a taken label, foreign or wrong sources and topics', async () => {
    const empty = await createProfile({ label: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).details).toEqual([
      { path: ['body', 'label'], message: 'Bitte geben Sie eine Bezeichnung ein.' },
    ]);
    const label = `Doppelt ${uniq()}`;
    ok(await createProfile({ label }), 201);
    const taken = await createProfile({ label: label.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken).code).toBe('PROFILE_LABEL_EXISTS');
    // An activity given as a role, a role given as an activity.
    const act = await activity();
    const asRole = await createProfile({ sources: [{ kind: 'role', id: act }] });
    expect(errorOf(asRole).code).toBe('PROFILE_SOURCE_INVALID');
    const asActivity = await createProfile({ sources: [{ kind: 'activity', id: await role() }] });
    expect(errorOf(asActivity).code).toBe('PROFILE_SOURCE_INVALID');
    const badTopic = await createProfile({ topicIds: [999_999] });
    expect(badTopic.statusCode).toBe(400);
    expect(errorOf(badTopic).code).toBe('PROFILE_TOPIC_INVALID');
  });

  it('stale version 409 on save and delete; a profile in use is not deleted; a topic in a profile stays', async () => {
    const tp = await topic();
    const dep = await unit('departments');
    const saved = ok<ProfileSaveResult>(
      await createProfile({ topicIds: [tp.id], sources: [{ kind: 'department', id: dep }] }),
      201,
    );
    const id = saved.profile.id;
    const body = {
      label: 'Neu',
      description: '',
      topicIds: [tp.id],
      sources: [{ kind: 'department', id: dep }],
    };
    const stale = await admin.put(`/api/instructions/profiles/${id}`, { ...body, version: 99 });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('CONFLICT');
    const inUse = await admin.delete(`/api/instructions/profiles/${id}?version=1`);
    expect(inUse.statusCode).toBe(409);
    expect(errorOf(inUse).code).toBe('PROFILE_IN_USE');
    const topicDelete = await admin.delete(`/api/topics/${tp.id}?version=${tp.version}`);
    expect(topicDelete.statusCode).toBe(409);
    expect(errorOf(topicDelete).message).toContain('Unterweisungsprofil');

    const freed = ok<ProfileSaveResult>(
      await admin.put(`/api/instructions/profiles/${id}`, { ...body, sources: [], version: 1 }),
    );
    expect(freed.profile.version).toBe(2);
    expect((await admin.delete(`/api/instructions/profiles/${id}?version=1`)).statusCode).toBe(409);
    expect((await admin.delete(`/api/instructions/profiles/${id}?version=2`)).statusCode).toBe(204);
    expect((await admin.get(`/api/instructions/profiles/${id}`)).statusCode).toBe(404);
  });

  it('lists profiles on the list protocol with search', async () => {
    const label = `Gesucht ${uniq()}`;
    ok(await createProfile({ label, topicIds: [(await topic()).id] }), 201);
    const list = ok<{ rows: ProfileRow[]; filteredCount: number }>(
      await admin.post('/api/instructions/profiles/list', { search: label }),
    );
    expect(list.filteredCount).toBe(1);
    expect(list.rows[0]).toMatchObject({ label, topicCount: 1, sourceCount: 0, version: 1 });
  });
});

describe('rights and portals', () => {
  it('needs TOPICS_PROFILES for profiles and the matrix assignment, EMPLOYEES_PROFILES for exception lists', async () => {
    const nobody = await createUser(t.database.db, { permissions: [P.TOPICS] });
    const client = await t.login(nobody.login, nobody.password);
    expect((await client.get('/api/instructions/profiles')).statusCode).toBe(403);
    expect((await createProfile({}, client)).statusCode).toBe(403);
    expect((await client.get('/api/instructions/matrix')).statusCode).toBe(403);
    expect((await client.post('/api/instructions/matrix/assign', { pairs: [] })).statusCode).toBe(403);
    const e = await employee();
    expect((await client.get(`/api/instructions/employees/${e.id}/exceptions`)).statusCode).toBe(403);

    const keeper = await createUser(t.database.db, { permissions: [P.EMPLOYEES_PROFILES] });
    const keeperClient = await t.login(keeper.login, keeper.password);
    const tp = await topic();
    expect(
      (
        await keeperClient.post(`/api/instructions/employees/${e.id}/exceptions`, {
          topicId: tp.id,
          reason: 'r',
        })
      ).statusCode,
    ).toBe(201);
    expect((await keeperClient.get('/api/instructions/profiles')).statusCode).toBe(403);
    // The topics to choose from for an exception list.
    expect((await keeperClient.get('/api/instructions/matrix/topics')).statusCode).toBe(200);
    expect((await keeperClient.get('/api/instructions/matrix')).statusCode).toBe(403);
  });

  it('another portal sees neither the profile nor the employee; foreign sources and topics are refused', async () => {
    const portalId = await customerPortalId(t.database.db);
    const foreigner = await createUser(t.database.db, {
      portalId,
      permissions: [P.TOPICS_PROFILES, P.EMPLOYEES_PROFILES, P.TOPICS, P.TOPICS_CREATE],
    });
    const client = await t.login(foreigner.login, foreigner.password);
    const mine = ok<ProfileSaveResult>(await createProfile({}), 201);
    expect((await client.get(`/api/instructions/profiles/${mine.profile.id}`)).statusCode).toBe(404);
    expect(
      (
        await client.put(`/api/instructions/profiles/${mine.profile.id}`, {
          version: 1,
          label: 'x',
          description: '',
          topicIds: [],
          sources: [],
        })
      ).statusCode,
    ).toBe(404);
    const list = ok<{ rows: ProfileRow[] }>(await client.get('/api/instructions/profiles?limit=100'));
    expect(list.rows.some((r) => r.id === mine.profile.id)).toBe(false);
    const e = await employee();
    expect((await client.get(`/api/instructions/employees/${e.id}`)).statusCode).toBe(404);
    const foreignSource = await createProfile(
      { sources: [{ kind: 'department', id: await unit('departments') }] },
      client,
    );
    expect(errorOf(foreignSource).code).toBe('PROFILE_SOURCE_INVALID');
    const foreignTopic = await createProfile({ topicIds: [(await topic()).id] }, client);
    expect(errorOf(foreignTopic).code).toBe('PROFILE_TOPIC_INVALID');
  });
});

describe('matrix', () => {
  it('pages employees with their cells, filters by department and location, assigns selected cells', async () => {
    const [dep, loc] = [await unit('departments'), await unit('locations')];
    const [t1, t2] = [await topic(), await topic()];
    const a = await employee({ departmentId: dep, locationId: loc });
    const b = await employee({ departmentId: dep });
    await employee();
    ok(
      await admin.post('/api/instructions/assignments', {
        topicId: t1.id,
        employeeIds: [a.id],
        dueDate: '2020-01-01',
      }),
      201,
    );
    ok(
      await admin.post(`/api/instructions/employees/${b.id}/exceptions`, {
        topicId: t2.id,
        reason: 'befreit',
      }),
      201,
    );

    const topics = ok<MatrixTopic[]>(await admin.get('/api/instructions/matrix/topics'));
    expect(topics.map((x) => x.id)).toEqual(expect.arrayContaining([t1.id, t2.id]));
    const page = ok<{ rows: MatrixRow[]; filteredCount: number }>(
      await admin.get(`/api/instructions/matrix?departmentId=${dep}`),
    );
    expect(page.filteredCount).toBe(2);
    const rowA = page.rows.find((r) => r.employeeId === a.id)!;
    expect(rowA.cells).toEqual([{ topicId: t1.id, status: 'O', dueDate: '2020-01-01', overdue: true }]);
    expect(page.rows.find((r) => r.employeeId === b.id)!.cells).toEqual([
      { topicId: t2.id, status: 'X', dueDate: null, overdue: false },
    ]);
    const byLocation = ok<{ rows: MatrixRow[] }>(
      await admin.post('/api/instructions/matrix/list', { departmentId: dep, locationId: loc }),
    );
    expect(byLocation.rows.map((r) => r.employeeId)).toEqual([a.id]);

    const assigned = ok<{ created: number; skipped: number }>(
      await admin.post('/api/instructions/matrix/assign', {
        pairs: [
          { employeeId: a.id, topicId: t1.id },
          { employeeId: a.id, topicId: t2.id },
          { employeeId: b.id, topicId: t1.id },
          { employeeId: b.id, topicId: t2.id },
        ],
        dueDate: '2099-05-01',
      }),
      201,
    );
    // a·t1 is open already, b·t2 is on the exception list.
    expect(assigned).toEqual({ created: 2, skipped: 2 });
    expect(await topicsOf(b.id)).toEqual([t1.id]);

    const foreign = await createUser(t.database.db, { portalId: await customerPortalId(t.database.db) });
    const bad = await admin.post('/api/instructions/matrix/assign', {
      pairs: [{ employeeId: foreign.id, topicId: t1.id }],
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).code).toBe('MATRIX_CELL_INVALID');
  });
});

it('the profile answers its topics and sources by name', async () => {
  const tp = await topic();
  const loc = await unit('locations');
  const saved = ok<ProfileSaveResult>(
    await createProfile({
      description: 'Beschreibung',
      topicIds: [tp.id],
      sources: [{ kind: 'location', id: loc }],
    }),
    201,
  );
  const got = ok<Profile>(await admin.get(`/api/instructions/profiles/${saved.profile.id}`));
  expect(got).toMatchObject({
    description: 'Beschreibung',
    topics: [{ id: tp.id, identifier: tp.identifier, label: tp.label }],
    sources: [{ kind: 'location', id: loc }],
    employeeCount: 0,
  });
});
