import type {
  Activity,
  ActivityTree,
  EmployeeActivities,
} from '@schutzwerk/shared/activities/activity.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/query.ts';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { createUser, customerPortalId, employeeIdByLogin } from '#test/fixtures.ts';

let t: TestApp;
let admin: ApiClient;
let tree: ActivityTree;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  tree = (await admin.get('/api/activities/tree')).json<{ data: ActivityTree }>().data;
});
afterAll(async () => {
  await t.close();
});

const node = (name: string) => {
  const found = tree.nodes.find((n) => n.name === name);
  if (!found) throw new Error(`no node ${name}`);
  return found;
};
const get = async (client: ApiClient, id: number) =>
  (await client.get(`/api/activities/${id}`)).json<{ data: Activity }>().data;

async function create(body: Record<string, unknown>, client: ApiClient = admin): Promise<Activity> {
  const res = await client.post('/api/activities', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Activity }>().data;
}

async function logStates(entity: string, id: number) {
  const rows = await queryRows<{ state: number }>(
    t.database.db,
    sql`select state from change_log where entity = ${entity} and entity_id = ${String(id)} order by id`,
  );
  return rows.map((r) => r.state);
}

describe('activities tree', () => {
  it('answers the demo tree: system nodes, the role base "Rollen" with its roles, designations', () => {
    expect(tree.nodes.filter((n) => n.isSystem).map((n) => n.name)).toEqual(
      expect.arrayContaining([
        'Führungskraft',
        'Leiharbeitnehmer',
        'Fremdfirmenmitarbeiter',
        'Auszubildende',
      ]),
    );
    const base = node('Rollen');
    expect(tree.roleBaseId).toBe(base.id);
    expect(base).toMatchObject({ isRoleBase: true, isRole: false, parentId: null });
    const roles = tree.nodes.filter((n) => n.parentId === base.id);
    expect(roles.map((r) => r.name)).toEqual(
      expect.arrayContaining(['Ersthelfer', 'Brandschutzhelfer', 'Sicherheitsbeauftragter', 'Staplerfahrer']),
    );
    expect(roles.every((r) => r.isRole)).toBe(true);
    expect(tree.nodes.filter((n) => n.isRole).length).toBe(roles.length);
    expect(node('Labortätigkeit').designations).toEqual(['Chemielaborant', 'CTA', 'Laborant']);
    expect(node('Staplerfahrer').employeeCount).toBeGreaterThan(0);
  });

  it('shows one node with its path, counts and version', async () => {
    const detail = await get(admin, node('Abfüllen und Umfüllen').id);
    expect(detail).toMatchObject({
      name: 'Abfüllen und Umfüllen',
      designations: ['Abfüller'],
      childCount: 0,
      version: 1,
      isRole: false,
    });
    expect(detail.path.map((p) => p.name)).toEqual(['Produktion', 'Umgang mit Gefahrstoffen']);
    const missing = await admin.get('/api/activities/999999');
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).message).toBe('Die Eigenschaft wurde nicht gefunden.');
  });

  it('creates nodes (logged), trims and de-duplicates designations', async () => {
    const top = await create({ name: '  Außenanlagen  ', description: 'Arbeiten im Freien' });
    expect(top).toMatchObject({ name: 'Außenanlagen', parentId: null, isRole: false, version: 1 });
    const child = await create({
      parentId: top.id,
      name: 'Grünpflege',
      designations: [' Gärtner ', 'gärtner', '', 'Landschaftspfleger'],
    });
    expect(child.designations).toEqual(['Gärtner', 'Landschaftspfleger']);
    expect(child.path).toEqual([{ id: top.id, name: 'Außenanlagen' }]);
    expect(await logStates('activity', child.id)).toEqual([2]);
  });

  it('refuses an empty name, a sibling name twice and a designation used elsewhere, in German', async () => {
    const empty = await admin.post('/api/activities', { name: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(errorOf(empty).details)).toContain(
      'Bitte geben Sie einen Namen für die Eigenschaft an.',
    );
    const twice = await admin.post('/api/activities', { name: 'LOGISTIK' });
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice)).toMatchObject({
      code: 'ACTIVITY_NAME_EXISTS',
      message:
        'Auf dieser Ebene gibt es bereits eine Eigenschaft „LOGISTIK“. Bitte wählen Sie einen anderen Namen.',
    });
    // The same name at another level is fine.
    await create({ parentId: node('Labor').id, name: 'Logistik' });
    const designation = await admin.post('/api/activities', { name: 'Probenlager', designations: ['cta'] });
    expect(designation.statusCode).toBe(409);
    expect(errorOf(designation).code).toBe('ACTIVITY_DESIGNATION_EXISTS');
    expect(errorOf(designation).message).toContain('„Labortätigkeit“');
  });

  it('refuses children below a role (ACTIVITY_IS_A_ROLE) and below a system node (ACTIVITY_IS_SYSTEM)', async () => {
    const role = await admin.post('/api/activities', { parentId: node('Ersthelfer').id, name: 'Unterrolle' });
    expect(role.statusCode).toBe(409);
    expect(errorOf(role)).toEqual({
      code: 'ACTIVITY_IS_A_ROLE',
      message: '„Ersthelfer“ ist eine Rolle. Unter Rollen können keine Einträge angelegt werden.',
    });
    const system = await admin.post('/api/activities', { parentId: node('Leiharbeitnehmer').id, name: 'X' });
    expect(system.statusCode).toBe(409);
    expect(errorOf(system)).toEqual({
      code: 'ACTIVITY_IS_SYSTEM',
      message:
        '„Leiharbeitnehmer“ ist ein Systemeintrag. Unter Systemeinträgen können keine Einträge angelegt werden.',
    });
  });

  it('makes a node created below the role base a role', async () => {
    const role = await create({ parentId: node('Rollen').id, name: 'Atemschutzgeräteträger' });
    expect(role.isRole).toBe(true);
  });

  it('updates with the current version; a stale one answers 409 CONFLICT and changes nothing', async () => {
    const created = await create({ name: 'Fahrdienst' });
    const ok = await admin.patch(`/api/activities/${created.id}`, {
      version: 1,
      description: 'Werksverkehr',
      designations: ['Werksfahrer'],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<{ data: Activity }>().data).toMatchObject({ version: 2, designations: ['Werksfahrer'] });
    const same = await admin.patch(`/api/activities/${created.id}`, {
      version: 2,
      description: 'Werksverkehr',
    });
    expect(same.json<{ data: Activity }>().data.version).toBe(2);
    const stale = await admin.patch(`/api/activities/${created.id}`, { version: 1, name: 'Überschrieben' });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('CONFLICT');
    expect(errorOf(stale).message).toContain('Ihre Eingaben bleiben erhalten');
    expect((await get(admin, created.id)).name).toBe('Fahrdienst');
    expect(await logStates('activity', created.id)).toEqual([2, 1]);
  });
});

describe('moving', () => {
  it('refuses a node below itself or below its descendant (PARENT_IS_RECURSIVE)', async () => {
    const parent = await get(admin, node('Umgang mit Gefahrstoffen').id);
    const self = await admin.post(`/api/activities/${parent.id}/move`, {
      version: parent.version,
      parentId: parent.id,
    });
    expect(self.statusCode).toBe(400);
    expect(errorOf(self)).toEqual({
      code: 'PARENT_IS_RECURSIVE',
      message:
        '„Umgang mit Gefahrstoffen“ kann nicht sich selbst oder einem seiner Untereinträge untergeordnet werden. Bitte wählen Sie ein anderes Ziel.',
    });
    const below = await admin.post(`/api/activities/${node('Produktion').id}/move`, {
      version: 1,
      parentId: node('Abfüllen und Umfüllen').id,
    });
    expect(below.statusCode).toBe(400);
    expect(errorOf(below).code).toBe('PARENT_IS_RECURSIVE');
  });

  it('refuses a move below a role, of a node with children into the role base, of a system node into it', async () => {
    const leaf = await create({ name: 'Reinigungsarbeiten' });
    const intoRole = await admin.post(`/api/activities/${leaf.id}/move`, {
      version: 1,
      parentId: node('Ersthelfer').id,
    });
    expect(intoRole.statusCode).toBe(409);
    expect(errorOf(intoRole)).toEqual({
      code: 'ACTIVITY_IS_A_ROLE',
      message: '„Ersthelfer“ ist eine Rolle. Unter Rollen können keine Einträge verschoben werden.',
    });
    const withChildren = await admin.post(`/api/activities/${node('Labor').id}/move`, {
      version: 1,
      parentId: node('Rollen').id,
    });
    expect(withChildren.statusCode).toBe(409);
    expect(errorOf(withChildren).code).toBe('ACTIVITY_IS_A_ROLE');
    expect(errorOf(withChildren).message).toContain('„Labor“ hat Untereinträge');
    const system = await admin.post(`/api/activities/${node('Auszubildende').id}/move`, {
      version: 1,
      parentId: node('Rollen').id,
    });
    expect(errorOf(system)).toEqual({
      code: 'ACTIVITY_IS_SYSTEM',
      message: '„Auszubildende“ ist ein Systemeintrag und kann keine Rolle werden.',
    });
  });

  it('moves a leaf into the role base (it becomes a role) and out again; logged', async () => {
    const leaf = await create({ parentId: node('Logistik').id, name: 'Ladungssicherung' });
    const inRoles = await admin.post(`/api/activities/${leaf.id}/move`, {
      version: 1,
      parentId: node('Rollen').id,
    });
    expect(inRoles.statusCode, inRoles.body).toBe(200);
    expect(inRoles.json<{ data: Activity }>().data).toMatchObject({ isRole: true, version: 2 });
    const out = await admin.post(`/api/activities/${leaf.id}/move`, { version: 2, parentId: null });
    expect(out.json<{ data: Activity }>().data).toMatchObject({ isRole: false, parentId: null, version: 3 });
    const stale = await admin.post(`/api/activities/${leaf.id}/move`, {
      version: 2,
      parentId: node('Labor').id,
    });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('CONFLICT');
    expect(await logStates('activity', leaf.id)).toEqual([2, 1, 1]);
  });

  it('refuses moving the role base and a name that exists at the target', async () => {
    const base = await admin.post(`/api/activities/${node('Rollen').id}/move`, {
      version: 1,
      parentId: node('Labor').id,
    });
    expect(base.statusCode).toBe(409);
    expect(errorOf(base).code).toBe('ACTIVITY_IS_ROLE_BASE');
    expect(errorOf(base).message).toContain('Support');
    const dup = await create({ parentId: node('Instandhaltung').id, name: 'Labortätigkeit' });
    const clash = await admin.post(`/api/activities/${dup.id}/move`, {
      version: 1,
      parentId: node('Labor').id,
    });
    expect(clash.statusCode).toBe(409);
    expect(errorOf(clash).code).toBe('ACTIVITY_NAME_EXISTS');
  });

  it('needs ACTIVITIES_MOVE', async () => {
    const user = await createUser(t.database.db, { permissions: [P.ACTIVITIES, P.ACTIVITIES_EDIT] });
    const client = await t.login(user.login, user.password);
    const leaf = await create({ name: 'Verschiebeprobe' });
    const res = await client.post(`/api/activities/${leaf.id}/move`, { version: 1, parentId: null });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('NO_PERMISSION');
  });
});

describe('deleting', () => {
  it('refuses system nodes, the role base, nodes with children and nodes still assigned', async () => {
    const system = await admin.delete(`/api/activities/${node('Führungskraft').id}?version=1`);
    expect(system.statusCode).toBe(409);
    expect(errorOf(system)).toEqual({
      code: 'ACTIVITY_IS_SYSTEM',
      message: '„Führungskraft“ ist ein Systemeintrag und kann nicht gelöscht werden.',
    });
    const base = await admin.delete(`/api/activities/${node('Rollen').id}?version=1`);
    expect(errorOf(base)).toMatchObject({ code: 'ACTIVITY_IS_ROLE_BASE' });
    expect(errorOf(base).message).toContain('Rollen-Basisknoten kann nicht gelöscht werden');
    const parent = await admin.delete(`/api/activities/${node('Büro und Verwaltung').id}?version=1`);
    expect(errorOf(parent)).toEqual({
      code: 'ACTIVITY_HAS_CHILDREN',
      message:
        '„Büro und Verwaltung“ hat noch 2 Untereinträge und kann nicht gelöscht werden. Bitte löschen oder verschieben Sie zuerst die Untereinträge.',
    });
    const assigned = await admin.delete(`/api/activities/${node('Bildschirmarbeit').id}?version=1`);
    expect(assigned.statusCode).toBe(409);
    expect(errorOf(assigned).code).toBe('ACTIVITY_IN_USE');
    expect(errorOf(assigned).message).toMatch(/^„Bildschirmarbeit“ ist noch \d+ Mitarbeitern zugeordnet/);
  });

  it('deletes a free leaf with its version (204, logged); stale version 409', async () => {
    const leaf = await create({ name: 'Wegwerfeintrag', designations: ['Einmalig'] });
    const stale = await admin.delete(`/api/activities/${leaf.id}?version=7`);
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('CONFLICT');
    const ok = await admin.delete(`/api/activities/${leaf.id}?version=1`);
    expect(ok.statusCode).toBe(204);
    expect((await admin.get(`/api/activities/${leaf.id}`)).statusCode).toBe(404);
    expect(await logStates('activity', leaf.id)).toEqual([2, 0]);
    // Its designation is free again.
    await create({ name: 'Neuer Eintrag', designations: ['einmalig'] });
  });
});

describe('role base', () => {
  it('can be set only once per portal; afterwards changes need support', async () => {
    const other = await create({ name: 'Zweite Rollenbasis' });
    const res = await admin.post(`/api/activities/${other.id}/role-base`, { version: 1 });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toEqual({
      code: 'ACTIVITY_ROLE_BASE_ALREADY_SET',
      message:
        'Der Rollen-Basisbaum ist bereits festgelegt und kann nur einmal gesetzt werden. Änderungen sind nur über den Support möglich.',
    });
  });

  it('is set in a portal without one: children become roles; refused over grandchildren and system nodes', async () => {
    const portalId = await customerPortalId(t.database.db);
    const user = await createUser(t.database.db, {
      portalId,
      permissions: [P.ACTIVITIES, P.ACTIVITIES_EDIT, P.ACTIVITIES_ROLE_TREE],
    });
    const client = await t.login(user.login, user.password);
    const own = (await client.get('/api/activities/tree')).json<{ data: ActivityTree }>().data;
    expect(own.roleBaseId).toBeNull();
    expect(own.nodes.every((n) => n.isSystem)).toBe(true);
    const system = own.nodes[0]!;
    const onSystem = await client.post(`/api/activities/${system.id}/role-base`, { version: 1 });
    expect(errorOf(onSystem).code).toBe('ACTIVITY_IS_SYSTEM');

    const base = await create({ name: 'Funktionen' }, client);
    const a = await create({ parentId: base.id, name: 'Lagerist' }, client);
    const deep = await create({ parentId: a.id, name: 'Kühllager' }, client);
    const refused = await client.post(`/api/activities/${base.id}/role-base`, { version: 1 });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).code).toBe('ACTIVITY_IS_A_ROLE');
    expect(errorOf(refused).message).toContain('„Lagerist“ hat Untereinträge');
    expect((await client.delete(`/api/activities/${deep.id}?version=1`)).statusCode).toBe(204);

    const stale = await client.post(`/api/activities/${base.id}/role-base`, { version: 9 });
    expect(errorOf(stale).code).toBe('CONFLICT');
    const set = await client.post(`/api/activities/${base.id}/role-base`, { version: 1 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<{ data: Activity }>().data).toMatchObject({ isRoleBase: true, version: 2 });
    expect((await get(client, a.id)).isRole).toBe(true);
    const again = await client.post(`/api/activities/${base.id}/role-base`, { version: 2 });
    expect(errorOf(again).code).toBe('ACTIVITY_ROLE_BASE_ALREADY_SET');
  });

  it('needs ACTIVITIES_ROLE_TREE', async () => {
    const user = await createUser(t.database.db, {
      permissions: [P.ACTIVITIES, P.ACTIVITIES_EDIT, P.ACTIVITIES_MOVE],
    });
    const client = await t.login(user.login, user.password);
    const res = await client.post(`/api/activities/${node('Labor').id}/role-base`, { version: 1 });
    expect(res.statusCode).toBe(403);
  });
});

describe('picker', () => {
  type PickerBody = {
    data: { rows: { id: number; name: string; path: string; isRole: boolean }[]; filteredCount: number };
  };

  it('is open to every signed-in user, finds by designation and shows the path', async () => {
    const user = await createUser(t.database.db, { permissions: [] });
    const client = await t.login(user.login, user.password);
    const res = await client.get('/api/activities/picker?search=gabelstapler');
    expect(res.statusCode).toBe(200);
    expect(res.json<PickerBody>().data.rows).toEqual([
      {
        id: node('Führen von Flurförderzeugen').id,
        name: 'Führen von Flurförderzeugen',
        path: 'Logistik',
        isRole: false,
        isSystem: false,
      },
    ]);
    const deep = await client.post('/api/activities/picker', { search: 'KMR' });
    expect(deep.json<PickerBody>().data.rows[0]?.path).toBe('Produktion › Umgang mit Gefahrstoffen');
    expect((await t.client().get('/api/activities/picker')).statusCode).toBe(401);
  });

  it('lists only roles with rolesOnly, ordered by name', async () => {
    const res = await admin.get('/api/activities/picker?rolesOnly=true');
    const rows = res.json<PickerBody>().data.rows;
    expect(rows.length).toBeGreaterThanOrEqual(7);
    expect(rows.every((r) => r.isRole && r.path === 'Rollen')).toBe(true);
    expect(rows.map((r) => r.name)).toContain('Brandschutzhelfer');
    const names = rows.map((r) => r.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'de')));
  });
});

describe('portal isolation', () => {
  it("keeps another portal's tree out of reach", async () => {
    const user = await createUser(t.database.db, {
      portalId: await customerPortalId(t.database.db),
      permissions: [P.ACTIVITIES, P.ACTIVITIES_EDIT, P.ACTIVITIES_MOVE],
    });
    const client = await t.login(user.login, user.password);
    const own = (await client.get('/api/activities/tree')).json<{ data: ActivityTree }>().data;
    expect(own.nodes.map((n) => n.name)).not.toContain('Labor');
    const foreign = node('Labor').id;
    expect((await client.get(`/api/activities/${foreign}`)).statusCode).toBe(404);
    expect((await client.patch(`/api/activities/${foreign}`, { version: 1, name: 'Fremd' })).statusCode).toBe(
      404,
    );
    expect((await client.delete(`/api/activities/${foreign}?version=1`)).statusCode).toBe(404);
    const under = await client.post('/api/activities', { parentId: foreign, name: 'Eindringling' });
    expect(under.statusCode).toBe(404);
    const mine = await create({ name: 'Hafenarbeiten' }, client);
    const across = await client.post(`/api/activities/${mine.id}/move`, { version: 1, parentId: foreign });
    expect(across.statusCode).toBe(404);
    const picker = await client.get('/api/activities/picker?search=labor');
    expect(picker.json<{ data: { filteredCount: number } }>().data.filteredCount).toBe(0);
    // A designation used in another portal is free here.
    await create({ name: 'Laborhilfe', designations: ['CTA'] }, client);
    const sifa = await employeeIdByLogin(t.database.db, 'sifa');
    const employee = await client.get(`/api/employee/${sifa}/activities`);
    expect(employee.statusCode).toBe(403); // no employee rights at all
  });
});

describe('employee activities', () => {
  const put = (client: ApiClient, id: number, body: unknown) =>
    client.request('PUT', `/api/employee/${id}/activities`, body);

  it("answers an employee's roles and activities with their paths", async () => {
    const sifa = await employeeIdByLogin(t.database.db, 'sifa');
    const res = await admin.get(`/api/employee/${sifa}/activities`);
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: EmployeeActivities }>().data;
    expect(data.roles.map((r) => r.name)).toEqual(['Ersthelfer', 'Sicherheitsbeauftragter']);
    expect(data.activities).toEqual([
      {
        id: node('Bildschirmarbeit').id,
        name: 'Bildschirmarbeit',
        path: 'Büro und Verwaltung',
        isSystem: false,
      },
    ]);
    expect(data.revision).toMatch(/^[0-9a-f]{16}$/);
    expect((await admin.get('/api/employee/999999/activities')).statusCode).toBe(404);
  });

  it('replaces them; roles only as roles, activities never as roles; stale revision 409; logged', async () => {
    const user = await createUser(t.database.db, {
      permissions: [P.EMPLOYEES_BASIC_READONLY, P.EMPLOYEES_EDIT, P.EMPLOYEES_ACTIVITIES],
    });
    const client = await t.login(user.login, user.password);
    const target = await employeeIdByLogin(t.database.db, 'mitarbeiter');
    const before = (await client.get(`/api/employee/${target}/activities`)).json<{
      data: EmployeeActivities;
    }>().data;

    const notRole = await put(client, target, {
      revision: before.revision,
      activityIds: [],
      roleIds: [node('Ersthelfer').id, node('Labortätigkeit').id],
    });
    expect(notRole.statusCode).toBe(409);
    expect(errorOf(notRole)).toMatchObject({
      code: 'ACTIVITY_IS_NOT_A_ROLE',
      message: '„Labortätigkeit“ ist keine Rolle. Bitte wählen Sie unter „Rollen“ nur Rollen aus.',
    });
    const role = await put(client, target, {
      revision: before.revision,
      activityIds: [node('Brandschutzhelfer').id],
      roleIds: [],
    });
    expect(errorOf(role)).toMatchObject({
      code: 'ACTIVITY_IS_A_ROLE',
      message: '„Brandschutzhelfer“ ist eine Rolle. Bitte ordnen Sie Rollen unter „Rollen“ zu.',
    });
    const unknown = await put(client, target, {
      revision: before.revision,
      activityIds: [999999],
      roleIds: [],
    });
    expect(unknown.statusCode).toBe(404);

    const ok = await put(client, target, {
      revision: before.revision,
      activityIds: [node('Labortätigkeit').id, node('Leiharbeitnehmer').id],
      roleIds: [node('Ersthelfer').id],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const after = ok.json<{ data: EmployeeActivities }>().data;
    expect(after.activities.map((a) => a.name)).toEqual(['Leiharbeitnehmer', 'Labortätigkeit']);
    expect(after.activities[0]?.isSystem).toBe(true);
    expect(after.roles.map((a) => a.name)).toEqual(['Ersthelfer']);
    expect(after.revision).not.toBe(before.revision);

    const stale = await put(client, target, { revision: before.revision, activityIds: [], roleIds: [] });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('CONFLICT');
    const log = await queryRows<{ changes: { activities: { from: string[]; to: string[] } } }>(
      t.database.db,
      sql`select changes from change_log where entity = 'employee' and entity_id = ${String(target)} order by id desc limit 1`,
    );
    expect(log[0]?.changes.activities.to).toEqual(
      expect.arrayContaining(['Labor › Labortätigkeit', 'Rollen › Ersthelfer', 'Leiharbeitnehmer']),
    );
  });

  it('needs EMPLOYEES_EDIT and EMPLOYEES_ACTIVITIES', async () => {
    const target = await employeeIdByLogin(t.database.db, 'fuehrung');
    const body = { revision: 'x', activityIds: [], roleIds: [] };
    for (const permissions of [[P.EMPLOYEES_EDIT], [P.EMPLOYEES_ACTIVITIES]]) {
      const user = await createUser(t.database.db, {
        permissions: [P.EMPLOYEES_BASIC_READONLY, ...permissions],
      });
      const client = await t.login(user.login, user.password);
      expect((await put(client, target, body)).statusCode).toBe(403);
    }
  });

  it("refuses another portal's employee (EMPLOYEE_NOT_FOUND)", async () => {
    const user = await createUser(t.database.db, {
      portalId: await customerPortalId(t.database.db),
      permissions: [P.EMPLOYEES_BASIC_READONLY, P.EMPLOYEES_EDIT, P.EMPLOYEES_ACTIVITIES],
    });
    const client = await t.login(user.login, user.password);
    const target = await employeeIdByLogin(t.database.db, 'sifa');
    const read = await client.get(`/api/employee/${target}/activities`);
    expect(read.statusCode).toBe(404);
    expect(errorOf(read).code).toBe('EMPLOYEE_NOT_FOUND');
    const write = await put(client, target, { revision: 'x', activityIds: [], roleIds: [] });
    expect(errorOf(write).code).toBe('EMPLOYEE_NOT_FOUND');
  });

  it('deleting an employee removes the assignments, so the activity can be deleted', async () => {
    const leaf = await create({ name: 'Kurzzeitaufgabe' });
    const user = await createUser(t.database.db);
    const current = (await admin.get(`/api/employee/${user.id}/activities`)).json<{
      data: EmployeeActivities;
    }>().data;
    await put(admin, user.id, { revision: current.revision, activityIds: [leaf.id], roleIds: [] });
    expect(errorOf(await admin.delete(`/api/activities/${leaf.id}?version=1`)).code).toBe('ACTIVITY_IN_USE');
    await t.database.db.execute(sql`delete from employees where id = ${user.id}`);
    expect((await admin.delete(`/api/activities/${leaf.id}?version=1`)).statusCode).toBe(204);
  });
});

describe('access', () => {
  it('needs ACTIVITIES to read and ACTIVITIES_EDIT to change', async () => {
    const reader = await createUser(t.database.db, { permissions: [P.ACTIVITIES] });
    const client = await t.login(reader.login, reader.password);
    expect((await client.get('/api/activities/tree')).statusCode).toBe(200);
    expect((await client.post('/api/activities', { name: 'Nicht erlaubt' })).statusCode).toBe(403);
    const nobody = await createUser(t.database.db, { permissions: [P.EMPLOYEES_BASIC_READONLY] });
    const other = await t.login(nobody.login, nobody.password);
    expect((await other.get('/api/activities/tree')).statusCode).toBe(403);
  });
});
