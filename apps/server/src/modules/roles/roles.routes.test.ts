import { P, SUPERUSER_ID } from '@schutzwerk/shared/permissions.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { createUser, customerPortalId, employeeIdByLogin } from '#test/fixtures.ts';

type RoleBody = {
  data: {
    id: number;
    name: string;
    description: string;
    permissions: number[];
    version: number;
    memberCount: number;
  };
};

let t: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => {
  await t.close();
});

async function createRole(name: string, permissions: number[] = []) {
  const res = await admin.post('/api/role', { name, description: 'Für Tests', permissions });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<RoleBody>().data;
}

describe('roles', () => {
  it('lists the demo roles with counts, searchable and sortable', async () => {
    const res = await admin.get('/api/role/list?orderBy=memberCount&orderDirection=desc');
    expect(res.statusCode).toBe(200);
    const rows = res.json<{
      data: { rows: { name: string; memberCount: number; permissionCount: number; fullAccess: boolean }[] };
    }>().data.rows;
    expect(rows[0]?.name).toBe('Mitarbeiter');
    // Full access is flagged so the list can say 'alle' instead of counting one permission.
    expect(rows.find((r) => r.name === 'Administrator')?.fullAccess).toBe(true);
    expect(rows.find((r) => r.name === 'Mitarbeiter')?.fullAccess).toBe(false);
    expect(rows.map((r) => r.name)).toEqual(
      expect.arrayContaining(['Sicherheitsfachkraft', 'Führungskraft', 'Administrator']),
    );
    const search = await admin.post('/api/role/list', { search: 'sicherheit' });
    expect(search.json<{ data: { filteredCount: number } }>().data.filteredCount).toBe(1);
  });

  it('creates a role (201) and logs it; refuses a duplicate name and an empty name in German', async () => {
    const role = await createRole('Brandschutzbeauftragte', [P.EMPLOYEES_BASIC_READONLY]);
    expect(role).toMatchObject({
      name: 'Brandschutzbeauftragte',
      permissions: [P.EMPLOYEES_BASIC_READONLY],
      version: 1,
    });
    const dup = await admin.post('/api/role', { name: 'brandschutzbeauftragte' });
    expect(dup.statusCode).toBe(409);
    expect(errorOf(dup).code).toBe('ROLE_NAME_EXISTS');
    expect(errorOf(dup).message).toContain('gibt es bereits');
    const empty = await admin.post('/api/role', { name: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(errorOf(empty).details)).toContain('Bitte geben Sie einen Namen für die Rolle an.');
    const log = (await t.database.db.execute(
      sql`select state from change_log where entity = 'role' and entity_id = ${String(role.id)}`,
    )) as unknown as { rows: { state: number }[] };
    expect(log.rows.map((r) => r.state)).toEqual([2]);
  });

  it('refuses unknown permission ids', async () => {
    const res = await admin.post('/api/role', { name: 'Unbekannt', permissions: [999999] });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toContain('999999');
  });

  it('404 for a role that does not exist', async () => {
    const res = await admin.get('/api/role/999999');
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).code).toBe('NOT_FOUND');
    expect((await admin.get('/api/role/abc')).statusCode).toBe(400);
  });

  it('updates with the current version and answers 409 CONFLICT for a stale one', async () => {
    const role = await createRole('Ersthelfer');
    const ok = await admin.patch(`/api/role/${role.id}`, {
      version: 1,
      name: 'Ersthelfer (Betrieb)',
      permissions: [P.EMPLOYEES_BASIC_READONLY, P.ROLES_MANAGE],
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<RoleBody>().data).toMatchObject({ name: 'Ersthelfer (Betrieb)', version: 2 });
    const stale = await admin.patch(`/api/role/${role.id}`, { version: 1, name: 'Überschrieben' });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('CONFLICT');
    expect((await admin.get(`/api/role/${role.id}`)).json<RoleBody>().data.name).toBe('Ersthelfer (Betrieb)');
    const log = (await t.database.db.execute(
      sql`select state, changes from change_log where entity = 'role' and entity_id = ${String(role.id)} order by id`,
    )) as unknown as { rows: { state: number; changes: Record<string, unknown> }[] };
    expect(log.rows.map((r) => r.state)).toEqual([2, 1]);
    expect(Object.keys(log.rows[1]!.changes).sort()).toEqual(['name', 'permissions']);
  });

  it('assigns members; a permission change takes effect on the next request', async () => {
    const user = await createUser(t.database.db);
    const client = await t.login(user.login, user.password);
    expect((await client.get('/api/role/list')).statusCode).toBe(403);
    const role = await createRole('Rollenverwaltung', [P.ROLES_MANAGE]);
    const assigned = await admin.post(`/api/role/${role.id}/members`, { employeeIds: [user.id] });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json()).toEqual({ data: { added: 1 } });
    const again = await admin.post(`/api/role/${role.id}/members`, { employeeIds: [user.id] });
    expect(again.json()).toEqual({ data: { added: 0 } });
    expect((await client.get('/api/role/list')).statusCode).toBe(200);
    const members = await admin.get(`/api/role/${role.id}/members`);
    expect(members.json<{ data: { rows: { id: number }[] } }>().data.rows.map((r) => r.id)).toEqual([
      user.id,
    ]);
    await admin.patch(`/api/role/${role.id}`, { version: 1, permissions: [] });
    expect((await client.get('/api/role/list')).statusCode).toBe(403);
  });

  it('refuses unknown employees when assigning', async () => {
    const role = await createRole('Leer');
    const res = await admin.post(`/api/role/${role.id}/members`, { employeeIds: [99999999] });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).code).toBe('EMPLOYEE_NOT_FOUND');
  });

  it('refuses to delete a role while it is assigned (409 ROLE_IN_USE), deletes it afterwards', async () => {
    const role = await createRole('Kurzzeitrolle');
    const sifa = await employeeIdByLogin(t.database.db, 'sifa');
    await admin.post(`/api/role/${role.id}/members`, { employeeIds: [sifa] });
    const refused = await admin.delete(`/api/role/${role.id}?version=1`);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).code).toBe('ROLE_IN_USE');
    expect(errorOf(refused).message).toContain('Kurzzeitrolle');
    expect((await admin.delete(`/api/role/${role.id}/members/${sifa}`)).statusCode).toBe(204);
    expect((await admin.delete(`/api/role/${role.id}/members/${sifa}`)).statusCode).toBe(404);
    expect((await admin.delete(`/api/role/${role.id}?version=7`)).statusCode).toBe(409);
    expect((await admin.delete(`/api/role/${role.id}?version=1`)).statusCode).toBe(204);
    expect((await admin.get(`/api/role/${role.id}`)).statusCode).toBe(404);
  });

  it('a role manager can grant only permissions they hold, never superuser', async () => {
    const manager = await createUser(t.database.db, {
      permissions: [P.ROLES_MANAGE, P.EMPLOYEES_BASIC_READONLY],
    });
    const client = await t.login(manager.login, manager.password);
    const escalate = await client.post('/api/role', { name: 'Hintertür', permissions: [SUPERUSER_ID] });
    expect(escalate.statusCode).toBe(403);
    expect(errorOf(escalate).message).toContain('die Sie selbst besitzen');
    const fine = await client.post('/api/role', { name: 'Lesen', permissions: [P.EMPLOYEES_BASIC_READONLY] });
    expect(fine.statusCode).toBe(201);
    const adminRole = (await admin.post('/api/role/list', { search: 'Administrator' })).json<{
      data: { rows: { id: number }[] };
    }>().data.rows[0]!;
    const assign = await client.post(`/api/role/${adminRole.id}/members`, { employeeIds: [manager.id] });
    expect(assign.statusCode).toBe(403);
  });

  it('a role manager cannot change, rename, delete or reassign a role beyond their own rights', async () => {
    const manager = await createUser(t.database.db, {
      permissions: [P.ROLES_MANAGE, P.EMPLOYEES_BASIC_READONLY],
    });
    const client = await t.login(manager.login, manager.password);
    const strong = await createRole('Mailverwaltung', [P.MAIL_SETTINGS]);
    const sifa = await employeeIdByLogin(t.database.db, 'sifa');
    await admin.post(`/api/role/${strong.id}/members`, { employeeIds: [sifa] });
    const attempts = [
      await client.patch(`/api/role/${strong.id}`, { version: 1, name: 'Harmlos' }),
      await client.patch(`/api/role/${strong.id}`, { version: 1, permissions: [] }),
      await client.delete(`/api/role/${strong.id}/members/${sifa}`),
      await client.delete(`/api/role/${strong.id}?version=1`),
    ];
    for (const res of attempts) {
      expect(res.statusCode, res.body).toBe(403);
      expect(errorOf(res).code).toBe('NO_PERMISSION');
    }
    const mine = (
      await client.post('/api/role', { name: 'Eigene', permissions: [P.EMPLOYEES_BASIC_READONLY] })
    ).json<RoleBody>().data;
    const widen = await client.patch(`/api/role/${mine.id}`, {
      version: 1,
      permissions: [P.EMPLOYEES_BASIC_READONLY, P.MAIL_SETTINGS],
    });
    expect(widen.statusCode).toBe(403);
    expect((await admin.get(`/api/role/${strong.id}`)).json<RoleBody>().data).toMatchObject({
      name: 'Mailverwaltung',
      version: 1,
    });
  });

  it('keeps customer-portal role managers inside their portal', async () => {
    const portalId = await customerPortalId(t.database.db);
    const manager = await createUser(t.database.db, {
      permissions: [P.ROLES_MANAGE, P.EMPLOYEES_BASIC_READONLY],
      portalId,
    });
    const client = await t.login(manager.login, manager.password);
    const mainRole = await createRole('Nur Hauptportal', [P.EMPLOYEES_BASIC_READONLY]);
    const res = await client.get(`/api/role/${mainRole.id}`);
    expect(res.statusCode).toBe(404);
    const list = (await client.get('/api/role/list')).json<{ data: { rows: { name: string }[] } }>().data
      .rows;
    expect(list.map((r) => r.name)).not.toContain('Nur Hauptportal');
    const own = (
      await client.post('/api/role', { name: 'Kundenrolle', permissions: [P.EMPLOYEES_BASIC_READONLY] })
    ).json<RoleBody>().data;
    const sifa = await employeeIdByLogin(t.database.db, 'sifa');
    const foreign = await client.post(`/api/role/${own.id}/members`, { employeeIds: [sifa] });
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign).code).toBe('EMPLOYEE_NOT_FOUND');
    expect((await client.post(`/api/role/${own.id}/members`, { employeeIds: [manager.id] })).statusCode).toBe(
      200,
    );
  });

  it('PATCH: 400 for bad input, 404 for an unknown role, no new version when nothing changes', async () => {
    const role = await createRole('Prüfrolle');
    for (const body of [
      { name: 'ohne Version' },
      { version: 1, name: '' },
      { version: 'eins' },
      { version: 1, permissions: 'alle' },
    ]) {
      const res = await admin.patch(`/api/role/${role.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(res).code).toBe('INPUT_VALIDATION_ERROR');
    }
    expect((await admin.patch('/api/role/999999', { version: 1, name: 'X' })).statusCode).toBe(404);
    const same = await admin.patch(`/api/role/${role.id}`, {
      version: 1,
      name: 'Prüfrolle',
      permissions: [],
    });
    expect(same.statusCode).toBe(200);
    expect(same.json<RoleBody>().data.version).toBe(1);
  });

  it('DELETE: 400 without a version, 404 for an unknown role', async () => {
    const role = await createRole('Löschprobe');
    expect((await admin.delete(`/api/role/${role.id}`)).statusCode).toBe(400);
    expect((await admin.delete('/api/role/999999?version=1')).statusCode).toBe(404);
  });

  it('members: 404 for an unknown role, 400 for an empty list, search within the members', async () => {
    expect((await admin.get('/api/role/999999/members')).statusCode).toBe(404);
    expect((await admin.post('/api/role/999999/members', { employeeIds: [1] })).statusCode).toBe(404);
    const role = await createRole('Mitgliederprobe');
    expect((await admin.post(`/api/role/${role.id}/members`, { employeeIds: [] })).statusCode).toBe(400);
    const ids = [
      await employeeIdByLogin(t.database.db, 'sifa'),
      await employeeIdByLogin(t.database.db, 'fuehrung'),
    ];
    await admin.post(`/api/role/${role.id}/members`, { employeeIds: ids });
    const found = (await admin.get(`/api/role/${role.id}/members?search=wagner`)).json<{
      data: { rows: { lastName: string }[]; filteredCount: number };
    }>();
    expect(found.data.filteredCount).toBe(1);
    expect(found.data.rows[0]?.lastName).toBe('Wagner');
  });

  it('400 (not 500) for ids beyond the integer range and for NUL bytes', async () => {
    expect((await admin.get('/api/role/99999999999')).statusCode).toBe(400);
    const role = await createRole('Grenzwerte');
    expect(
      (await admin.post(`/api/role/${role.id}/members`, { employeeIds: [99999999999] })).statusCode,
    ).toBe(400);
    const nul = await admin.post('/api/role', { name: 'Null\u0000Byte' });
    expect(nul.statusCode).toBe(400);
    expect((await admin.get('/api/role/list?search=a%00b')).statusCode).toBe(400);
  });

  it('deleting a role while members are added concurrently ends in 204/409/404, never 500', async () => {
    const sifa = await employeeIdByLogin(t.database.db, 'sifa');
    for (let i = 0; i < 6; i++) {
      const role = await createRole(`Wettlauf ${i}`);
      const [del, add] = await Promise.all([
        admin.delete(`/api/role/${role.id}?version=1`),
        admin.post(`/api/role/${role.id}/members`, { employeeIds: [sifa] }),
      ]);
      expect([204, 409]).toContain(del.statusCode);
      expect([200, 404]).toContain(add.statusCode);
      // Exactly one of them won.
      expect(del.statusCode === 204).toBe(add.statusCode === 404);
    }
  });

  it('never lets the last active administrator lose the superuser right (409 LAST_ADMINISTRATOR)', async () => {
    const adminRole = (await admin.post('/api/role/list', { search: 'Administrator' })).json<{
      data: { rows: { id: number }[] };
    }>().data.rows[0]!;
    const role = (await admin.get(`/api/role/${adminRole.id}`)).json<RoleBody>().data;
    const strip = await admin.patch(`/api/role/${role.id}`, {
      version: role.version,
      permissions: [P.ROLES_MANAGE],
    });
    expect(strip.statusCode).toBe(409);
    expect(errorOf(strip).code).toBe('LAST_ADMINISTRATOR');
    expect(errorOf(strip).message).toContain('Mindestens ein aktiver Administrator');
    const adminId = await employeeIdByLogin(t.database.db, 'admin');
    const leave = await admin.delete(`/api/role/${role.id}/members/${adminId}`);
    expect(leave.statusCode).toBe(409);
    expect((await admin.get(`/api/role/${role.id}`)).json<RoleBody>().data).toMatchObject({
      permissions: [SUPERUSER_ID],
      memberCount: role.memberCount,
    });
    // With a second administrator, the first may leave the role.
    const second = await createUser(t.database.db);
    await admin.post(`/api/role/${role.id}/members`, { employeeIds: [second.id] });
    expect((await admin.delete(`/api/role/${role.id}/members/${adminId}`)).statusCode).toBe(204);
    await admin.post(`/api/role/${role.id}/members`, { employeeIds: [adminId] });
  });

  it('401 without a session and 403 without ROLES_MANAGE', async () => {
    expect((await t.client().get('/api/role/list')).statusCode).toBe(401);
    const sifa = await t.login('sifa');
    const res = await sifa.post('/api/role', { name: 'X' });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('NO_PERMISSION');
  });
});
