import { P } from '@schutzwerk/shared/permissions.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/query.ts';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { createUser, customerPortalId, employeeIdByLogin, mainPortalId } from '#test/fixtures.ts';

type Assignments = {
  version: number;
  portals: { id: number; name: string }[];
  departments: { id: number; name: string; path: string }[];
  locations: { id: number; name: string; path: string }[];
  ledEmployees: { id: number }[];
  supervisors: { id: number }[];
};
type EmployeeData = Record<string, unknown> & { id: number; version: number; assignmentsVersion: number };

let t: TestApp;
let admin: ApiClient;
let counter = 0;
let mainId: number;
/** A department with a sub-department, and a second, unrelated one (main portal). */
let production: { id: number; childId: number };
let lab: number;
let plant: { id: number; childId: number };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  mainId = await mainPortalId(t.database.db);
  const insert = async (table: 'departments' | 'locations', name: string, parentId: number | null = null) =>
    (
      await queryRows<{ id: number }>(
        t.database.db,
        sql`insert into ${sql.raw(table)} (portal_id, name, parent_id) values (${mainId}, ${name}, ${parentId}) returning id`,
      )
    )[0]!.id;
  const prod = await insert('departments', 'Test-Produktion');
  production = { id: prod, childId: await insert('departments', 'Test-Abfüllung', prod) };
  lab = await insert('departments', 'Test-Labor');
  const site = await insert('locations', 'Test-Werk');
  plant = { id: site, childId: await insert('locations', 'Test-Halle 2', site) };
});
afterAll(async () => {
  await t.close();
});

async function createEmployee(body: Record<string, unknown> = {}, client = admin): Promise<EmployeeData> {
  counter += 1;
  const res = await client.post('/api/employee', {
    personnelNumber: `AS-${counter}`,
    lastName: 'Becker',
    firstName: 'Lena',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: EmployeeData }>().data;
}

async function assignmentsOf(id: number, client = admin) {
  const res = await client.get(`/api/employee/${id}/assignments`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Assignments }>().data;
}

describe('employee list filters', () => {
  it('filters by type and status, and refuses unknown values', async () => {
    const temp = await createEmployee({
      lastName: 'Zeitmann',
      isTempWorker: true,
      tempWorkUntil: '2020-01-31',
    });
    const ext = await createEmployee({
      lastName: 'Fremdfirma',
      isExternal: true,
      worksBanUntil: '2999-12-31',
    });
    const ids = async (query: string) =>
      (await admin.get(`/api/employee/list?limit=100&search=${encodeURIComponent('AS-')}&${query}`)).json<{
        data: { rows: { id: number; isTempWorker: boolean; isExternal: boolean }[] };
      }>().data.rows;
    expect((await ids('type=tempWorker')).map((r) => r.id)).toContain(temp.id);
    expect((await ids('type=tempWorker')).every((r) => r.isTempWorker)).toBe(true);
    expect((await ids('type=external')).map((r) => r.id)).toEqual([ext.id]);
    expect((await ids('type=employee')).map((r) => r.id)).not.toContain(temp.id);
    expect((await ids('status=worksBan')).map((r) => r.id)).toEqual([ext.id]);
    expect((await ids('status=tempWorkEnded')).map((r) => r.id)).toEqual([temp.id]);
    expect((await ids('status=noLogin')).map((r) => r.id)).toEqual(expect.arrayContaining([temp.id, ext.id]));
    const bad = await admin.get('/api/employee/list?type=boss');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).code).toBe('INPUT_VALIDATION_ERROR');
  });
});

describe('field rights', () => {
  it('hides extended data without EMPLOYEES_READONLY and refuses the chip id without EMPLOYEES_CHIPID', async () => {
    const target = await createEmployee({ chipId: 'CHIP-77', hireDate: '2020-04-01', isExternal: true });
    const basic = await createUser(t.database.db, { permissions: [P.EMPLOYEES_BASIC_READONLY] });
    const reader = await t.login(basic.login, basic.password);
    const seen = (await reader.get(`/api/employee/${target.id}`)).json<{ data: EmployeeData }>().data;
    expect(seen).toMatchObject({
      chipId: null,
      hireDate: null,
      isExternal: false,
      restricted: { extended: true },
    });

    const editor = await createUser(t.database.db, {
      permissions: [P.EMPLOYEES_BASIC_READONLY, P.EMPLOYEES_EDIT],
    });
    const client = await t.login(editor.login, editor.password);
    const full = (await client.get(`/api/employee/${target.id}`)).json<{ data: EmployeeData }>().data;
    expect(full).toMatchObject({
      chipId: 'CHIP-77',
      hireDate: '2020-04-01',
      restricted: { extended: false },
    });
    const chip = await client.patch(`/api/employee/${target.id}`, { version: full.version, chipId: 'NEU' });
    expect(chip.statusCode).toBe(403);
    expect(errorOf(chip).message).toBe('Sie dürfen die Chip-ID von Mitarbeitern nicht ändern.');
    const flag = await client.patch(`/api/employee/${target.id}`, {
      version: full.version,
      isExternal: false,
    });
    expect(flag.statusCode).toBe(403);
    expect(errorOf(flag).message).toContain('Leiharbeitnehmer nicht verwalten');
    // A change of other fields leaves the flags alone (no defaults sneak into a PATCH).
    const name = await client.patch(`/api/employee/${target.id}`, {
      version: full.version,
      lastName: 'Berger',
    });
    expect(name.statusCode, name.body).toBe(200);
    expect(name.json<{ data: EmployeeData }>().data).toMatchObject({ lastName: 'Berger', isExternal: true });
  });

  it('answers 404 after deactivation to users without EMPLOYEES_SHOW_INACTIVE', async () => {
    const target = await createEmployee();
    const user = await createUser(t.database.db, { permissions: [P.EMPLOYEES_BASIC_READONLY] });
    const client = await t.login(user.login, user.password);
    expect((await client.get(`/api/employee/${target.id}`)).statusCode).toBe(200);
    const off = await admin.patch(`/api/employee/${target.id}`, { version: target.version, active: false });
    expect(off.statusCode, off.body).toBe(200);
    const after = await client.get(`/api/employee/${target.id}`);
    expect(after.statusCode).toBe(404);
    expect(errorOf(after).code).toBe('EMPLOYEE_NOT_FOUND');
    expect((await admin.get(`/api/employee/${target.id}`)).statusCode).toBe(200);
  });
});

describe('temp worker ↔ employee', () => {
  it('converts both ways with the right, the date and the version; logs it', async () => {
    const e = await createEmployee();
    const noDate = await admin.post(`/api/employee/${e.id}/convert`, {
      to: 'tempWorker',
      version: e.version,
    });
    expect(noDate.statusCode).toBe(400);
    const temp = await admin.post(`/api/employee/${e.id}/convert`, {
      to: 'tempWorker',
      version: e.version,
      tempWorkUntil: '2027-06-30',
    });
    expect(temp.statusCode, temp.body).toBe(200);
    const asTemp = temp.json<{ data: EmployeeData }>().data;
    expect(asTemp).toMatchObject({ isTempWorker: true, tempWorkUntil: '2027-06-30' });
    const stale = await admin.post(`/api/employee/${e.id}/convert`, { to: 'employee', version: e.version });
    expect(stale.statusCode).toBe(409);
    const back = await admin.post(`/api/employee/${e.id}/convert`, {
      to: 'employee',
      version: asTemp.version,
      hireDate: '2027-07-01',
    });
    expect(back.json<{ data: EmployeeData }>().data).toMatchObject({
      isTempWorker: false,
      tempWorkUntil: null,
      hireDate: '2027-07-01',
    });
    const again = await admin.post(`/api/employee/${e.id}/convert`, {
      to: 'employee',
      version: back.json<{ data: EmployeeData }>().data.version,
    });
    expect(errorOf(again).message).toBe('Der Mitarbeiter ist kein Leiharbeitnehmer.');
    const user = await createUser(t.database.db, {
      permissions: [P.EMPLOYEES_BASIC_READONLY, P.EMPLOYEES_EDIT],
    });
    const client = await t.login(user.login, user.password);
    expect(
      (await client.post(`/api/employee/${e.id}/convert`, { to: 'employee', version: 1 })).statusCode,
    ).toBe(403);
  });
});

describe('responsibilities', () => {
  it('saves organisational and disciplinary responsibilities with paths; stale version answers 409', async () => {
    const boss = await createEmployee();
    const led = await createEmployee();
    const before = await assignmentsOf(boss.id);
    const res = await admin.put(`/api/employee/${boss.id}/assignments`, {
      version: before.version,
      departmentIds: [production.id],
      locationIds: [plant.childId],
      ledEmployeeIds: [led.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<{ data: Assignments }>().data;
    expect(after.departments).toEqual([
      { id: production.id, name: 'Test-Produktion', path: 'Test-Produktion' },
    ]);
    expect(after.locations[0]?.path).toBe('Test-Werk › Test-Halle 2');
    expect(after.ledEmployees.map((e) => e.id)).toEqual([led.id]);
    expect((await assignmentsOf(led.id)).supervisors.map((e) => e.id)).toEqual([boss.id]);
    const stale = await admin.put(`/api/employee/${boss.id}/assignments`, {
      version: before.version,
      departmentIds: [],
    });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('CONFLICT');
    const self = await admin.put(`/api/employee/${led.id}/assignments`, {
      version: (await assignmentsOf(led.id)).version,
      ledEmployeeIds: [led.id],
    });
    expect(errorOf(self).message).toBe('Ein Mitarbeiter kann nicht sein eigener Vorgesetzter sein.');
  });

  it('lets users change only units they own, never their own responsibilities', async () => {
    const user = await createUser(t.database.db, {
      permissions: [
        P.EMPLOYEES_BASIC_READONLY,
        P.EMPLOYEES_EDIT,
        P.EMPLOYEES_RESPONSIBILITIES,
        P.EMPLOYEES_DEPARTMENTS,
      ],
    });
    // The user is responsible for 'Test-Produktion' (and so for its sub-department).
    await admin.put(`/api/employee/${user.id}/assignments`, {
      version: (await assignmentsOf(user.id)).version,
      departmentIds: [production.id],
    });
    const client = await t.login(user.login, user.password);
    const target = await createEmployee();
    const ok = await client.put(`/api/employee/${target.id}/assignments`, {
      version: (await assignmentsOf(target.id)).version,
      departmentIds: [production.childId],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const foreign = await client.put(`/api/employee/${target.id}/assignments`, {
      version: ok.json<{ data: Assignments }>().data.version,
      departmentIds: [production.childId, lab],
    });
    expect(foreign.statusCode).toBe(403);
    expect(errorOf(foreign).code).toBe('NOT_RESPONSIBLE');
    expect(errorOf(foreign).message).toContain('Abteilungen');
    const own = await client.put(`/api/employee/${user.id}/assignments`, {
      version: (await assignmentsOf(user.id)).version,
      departmentIds: [],
    });
    expect(own.statusCode).toBe(403);
    expect(errorOf(own).code).toBe('OWN_RESPONSIBILITIES');

    // The same rule for the employee's own department: both the old and the new one must be owned.
    const worker = await createEmployee({ departmentId: production.id });
    const move = await client.patch(`/api/employee/${worker.id}`, {
      version: worker.version,
      departmentId: lab,
    });
    expect(move.statusCode).toBe(403);
    expect(errorOf(move).code).toBe('NOT_RESPONSIBLE');
    const inside = await client.patch(`/api/employee/${worker.id}`, {
      version: worker.version,
      departmentId: production.childId,
    });
    expect(inside.statusCode, inside.body).toBe(200);
  });
});

describe('portal assignment', () => {
  it('assigns main-portal staff to customer portals, readable there but not editable', async () => {
    const customer = await customerPortalId(t.database.db);
    const specialist = await createEmployee({ lastName: 'Portalreisende' });
    const res = await admin.put(`/api/employee/${specialist.id}/assignments`, {
      version: (await assignmentsOf(specialist.id)).version,
      portalIds: [customer],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: Assignments }>().data.portals.map((p) => p.id)).toEqual([customer]);

    const customerAdmin = await createUser(t.database.db, {
      portalId: customer,
      permissions: [P.EMPLOYEES_BASIC_READONLY, P.EMPLOYEES_EDIT, P.EMPLOYEES_PORTALS],
    });
    const client = await t.login(customerAdmin.login, customerAdmin.password);
    const list = await client.get('/api/employee/list?search=Portalreisende');
    expect(list.json<{ data: { rows: { id: number }[] } }>().data.rows.map((r) => r.id)).toEqual([
      specialist.id,
    ]);
    expect((await client.get(`/api/employee/${specialist.id}`)).statusCode).toBe(200);
    const edit = await client.patch(`/api/employee/${specialist.id}`, {
      version: specialist.version,
      lastName: 'X',
    });
    expect(edit.statusCode).toBe(403);
    expect(errorOf(edit).code).toBe('MAIN_PORTAL_EMPLOYEE');
    // Only the main portal assigns portals.
    const own = await createEmployee({}, admin);
    const fromCustomer = await client.put(`/api/employee/${own.id}/assignments`, {
      version: 1,
      portalIds: [],
    });
    expect(fromCustomer.statusCode).toBe(404);
    const mainPortal = await admin.put(`/api/employee/${specialist.id}/assignments`, {
      version: res.json<{ data: Assignments }>().data.version,
      portalIds: [mainId],
    });
    expect(errorOf(mainPortal).message).toBe('Mindestens eines der gewählten Kundenportale gibt es nicht.');
  });
});

describe('copy assignments', () => {
  it('copies roles, organisation and responsibilities to several employees in one go', async () => {
    const source = await createEmployee({ departmentId: lab, locationId: plant.id });
    const role = await admin.post('/api/role', {
      name: `Kopierrolle ${counter}`,
      permissions: [P.EMPLOYEES_BASIC_READONLY],
    });
    const roleId = role.json<{ data: { id: number } }>().data.id;
    await admin.post(`/api/role/${roleId}/members`, { employeeIds: [source.id] });
    await admin.put(`/api/employee/${source.id}/assignments`, {
      version: (await assignmentsOf(source.id)).version,
      locationIds: [plant.childId],
    });
    const a = await createEmployee();
    const b = await createEmployee({ departmentId: production.id });
    const res = await admin.post(`/api/employee/${source.id}/copy-assignments`, {
      targetIds: [a.id, b.id, source.id],
      parts: ['roles', 'organisation', 'responsibilities'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: { updated: number } }>().data.updated).toBe(2);
    for (const id of [a.id, b.id]) {
      const record = (await admin.get(`/api/employee/${id}`)).json<{ data: EmployeeData }>().data;
      expect(record).toMatchObject({ departmentId: lab, locationId: plant.id });
      expect((await assignmentsOf(id)).locations.map((l) => l.id)).toEqual([plant.childId]);
      const roles = await queryRows<{ role_id: number }>(
        t.database.db,
        sql`select role_id from employee_roles where employee_id = ${id}`,
      );
      expect(roles.map((r) => r.role_id)).toContain(roleId);
    }
    const none = await admin.post(`/api/employee/${source.id}/copy-assignments`, {
      targetIds: [],
      parts: ['roles'],
    });
    expect(none.statusCode).toBe(400);
    expect(JSON.stringify(errorOf(none).details)).toContain(
      'Bitte wählen Sie mindestens einen Mitarbeiter aus.',
    );
    const user = await createUser(t.database.db, {
      permissions: [P.EMPLOYEES_BASIC_READONLY, P.EMPLOYEES_EDIT],
    });
    const client = await t.login(user.login, user.password);
    const forbidden = await client.post(`/api/employee/${source.id}/copy-assignments`, {
      targetIds: [a.id],
      parts: ['roles'],
    });
    expect(forbidden.statusCode).toBe(403);
  });

  it('copies activities and activity roles', async () => {
    const source = await createEmployee();
    const target = await createEmployee();
    const picked = (await admin.get('/api/activities/picker?limit=100')).json<{
      data: { rows: { id: number; isRole?: boolean }[] };
    }>().data.rows;
    const roles = (await admin.get('/api/activities/picker?limit=100&rolesOnly=true')).json<{
      data: { rows: { id: number }[] };
    }>().data.rows;
    const roleIds = new Set(roles.map((r) => r.id));
    const activity = picked.find((r) => !roleIds.has(r.id))!;
    const current = (await admin.get(`/api/employee/${source.id}/activities`)).json<{
      data: { revision: string };
    }>().data;
    const put = await admin.put(`/api/employee/${source.id}/activities`, {
      revision: current.revision,
      activityIds: [activity.id],
      roleIds: [roles[0]!.id],
    });
    expect(put.statusCode, put.body).toBe(200);
    const res = await admin.post(`/api/employee/${source.id}/copy-assignments`, {
      targetIds: [target.id],
      parts: ['activities'],
    });
    expect(res.json<{ data: { updated: number } }>().data.updated).toBe(1);
    const copied = (await admin.get(`/api/employee/${target.id}/activities`)).json<{
      data: { roles: { id: number }[]; activities: { id: number }[] };
    }>().data;
    expect(copied.activities.map((a) => a.id)).toEqual([activity.id]);
    expect(copied.roles.map((a) => a.id)).toEqual([roles[0]!.id]);
  });

  it('copies nothing when one target fails (one transaction)', async () => {
    const sifa = await employeeIdByLogin(t.database.db, 'sifa');
    const source = await createEmployee({ departmentId: lab });
    const target = await createEmployee({ departmentId: production.id });
    const user = await createUser(t.database.db, {
      permissions: [P.EMPLOYEES_BASIC_READONLY, P.EMPLOYEES_COPY, P.EMPLOYEES_DEPARTMENTS, P.EMPLOYEES_EDIT],
    });
    const client = await t.login(user.login, user.password);
    // The user owns no department: the move from 'Test-Produktion' to 'Test-Labor' is refused as a whole.
    const res = await client.post(`/api/employee/${source.id}/copy-assignments`, {
      targetIds: [target.id, sifa],
      parts: ['organisation'],
    });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('NOT_RESPONSIBLE');
    const record = (await admin.get(`/api/employee/${target.id}`)).json<{ data: EmployeeData }>().data;
    expect(record.departmentId).toBe(production.id);
  });

  it('takes back the roles and activities already copied when a later target fails (decision 030)', async () => {
    const source = await createEmployee({ departmentId: lab });
    const role = await admin.post('/api/role', {
      name: `Rückrollrolle ${counter}`,
      permissions: [P.EMPLOYEES_BASIC_READONLY],
    });
    const roleId = role.json<{ data: { id: number } }>().data.id;
    await admin.post(`/api/role/${roleId}/members`, { employeeIds: [source.id] });
    const activity = (await admin.get('/api/activities/picker?limit=100'))
      .json<{
        data: { rows: { id: number; isRole: boolean; isRoleBase: boolean }[] };
      }>()
      .data.rows.find((r) => !r.isRole && !r.isRoleBase)!;
    const current = (await admin.get(`/api/employee/${source.id}/activities`)).json<{
      data: { revision: string };
    }>().data;
    const put = await admin.put(`/api/employee/${source.id}/activities`, {
      revision: current.revision,
      activityIds: [activity.id],
      roleIds: [],
    });
    expect(put.statusCode, put.body).toBe(200);
    // The first target takes roles and activities (same department: no move); the second needs a move
    // between departments the user does not own and is refused — the whole copy with it.
    const first = await createEmployee({ departmentId: lab });
    const second = await createEmployee({ departmentId: production.id });
    const user = await createUser(t.database.db, {
      permissions: [
        P.EMPLOYEES_BASIC_READONLY,
        P.EMPLOYEES_COPY,
        P.EMPLOYEES_DEPARTMENTS,
        P.EMPLOYEES_EDIT,
        P.EMPLOYEES_ROLES,
        P.EMPLOYEES_ACTIVITIES,
      ],
    });
    const client = await t.login(user.login, user.password);
    const res = await client.post(`/api/employee/${source.id}/copy-assignments`, {
      targetIds: [first.id, second.id],
      parts: ['roles', 'activities', 'organisation'],
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(errorOf(res).code).toBe('NOT_RESPONSIBLE');
    for (const id of [first.id, second.id]) {
      const roles = await queryRows<{ role_id: number }>(
        t.database.db,
        sql`select role_id from employee_roles where employee_id = ${id}`,
      );
      const activities = await queryRows<{ activity_id: number }>(
        t.database.db,
        sql`select activity_id from employee_activities where employee_id = ${id}`,
      );
      expect({ id, roles, activities }).toEqual({ id, roles: [], activities: [] });
    }
    // The same copy without the refused target goes through: the ports wrote what the rollback took back.
    const ok = await client.post(`/api/employee/${source.id}/copy-assignments`, {
      targetIds: [first.id],
      parts: ['roles', 'activities'],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const copied = await queryRows<{ role_id: number }>(
      t.database.db,
      sql`select role_id from employee_roles where employee_id = ${first.id}`,
    );
    expect(copied.map((r) => r.role_id)).toEqual([roleId]);
  });
});
