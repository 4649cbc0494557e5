import { P } from '@schutzwerk/shared/permissions.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { createUser, customerPortalId, employeeIdByLogin } from '#test/fixtures.ts';

type EmployeeBody = {
  data: Record<string, unknown> & {
    id: number;
    version: number;
    restricted: { personal: boolean; health: boolean };
  };
};

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

async function create(body: Record<string, unknown> = {}, client = admin) {
  counter += 1;
  return client.post('/api/employee', {
    personnelNumber: `E-${counter}`,
    lastName: 'Krüger',
    firstName: 'Jörg',
    ...body,
  });
}

async function logOf(id: number) {
  const result = (await t.database.db.execute(
    sql`select state, changes from change_log where entity = 'employee' and entity_id = ${String(id)} order by id`,
  )) as unknown as { rows: { state: number; changes: Record<string, { from: unknown; to: unknown }> }[] };
  return result.rows;
}

describe('employee record', () => {
  it('creates (201) with every field, reads it back and logs the creation', async () => {
    const res = await create({
      loginName: 'j.krueger',
      email: 'joerg.krueger@rheinwerk-chemie.de',
      chipId: 'A1B2C3',
      phone: '+49 221 1234-0',
      company: 'Rheinwerk Chemie GmbH',
      isExternal: true,
      hireDate: '2024-03-01',
      worksBanUntil: '2026-12-31',
      gender: 'm',
      birthday: '1980-02-29',
      street: 'Neusser Straße 12',
      zip: '50670',
      city: 'Köln',
      healthInsuranceName: 'AOK Rheinland/Hamburg',
      password: 'Start-Passwort-1',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { data } = res.json<EmployeeBody>();
    expect(data).toMatchObject({
      lastName: 'Krüger',
      firstName: 'Jörg',
      loginName: 'j.krueger',
      isExternal: true,
      hireDate: '2024-03-01',
      birthday: '1980-02-29',
      city: 'Köln',
      healthInsuranceName: 'AOK Rheinland/Hamburg',
      active: true,
      hasPassword: true,
      version: 1,
      restricted: { personal: false, health: false },
    });
    expect((await admin.get(`/api/employee/${data.id}`)).json<EmployeeBody>().data).toEqual(data);
    await t.login('j.krueger', 'Start-Passwort-1');
    const log = await logOf(data.id);
    expect(log.map((l) => l.state)).toEqual([2]);
    expect(log[0]?.changes.birthday).toEqual({ from: '***', to: '***' });
    expect(log[0]?.changes.lastName).toEqual({ from: null, to: 'Krüger' });
  });

  it('requires personnel number, last and first name, with German messages', async () => {
    const res = await admin.post('/api/employee', { personnelNumber: ' ', lastName: '', firstName: '' });
    expect(res.statusCode).toBe(400);
    const text = JSON.stringify(errorOf(res).details);
    expect(text).toContain('Bitte geben Sie die Personalnummer an.');
    expect(text).toContain('Bitte geben Sie den Nachnamen an.');
    expect(text).toContain('Bitte geben Sie den Vornamen an.');
  });

  it('refuses bad dates, e-mails and genders', async () => {
    for (const body of [
      { birthday: '1980-02-30' },
      { hireDate: '1700-01-01' },
      { email: 'kein-at' },
      { gender: 'x' },
    ]) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const old = await create({ hireDate: '1700-01-01' });
    expect(JSON.stringify(errorOf(old).details)).toContain('01.01.1753');
  });

  it('personnel numbers are unique per portal (409 naming the number), login names unique', async () => {
    const first = await admin.post('/api/employee', {
      personnelNumber: '4711',
      lastName: 'A',
      firstName: 'B',
    });
    expect(first.statusCode).toBe(201);
    const dup = await admin.post('/api/employee', { personnelNumber: '4711', lastName: 'C', firstName: 'D' });
    expect(dup.statusCode).toBe(409);
    expect(errorOf(dup).message).toBe(
      'Die Personalnummer 4711 ist bereits vergeben. Bitte wählen Sie eine andere.',
    );
    const login = await create({ loginName: 'SIFA' });
    expect(login.statusCode).toBe(409);
    expect(errorOf(login).message).toContain('Benutzername „SIFA“ ist bereits vergeben');
    // The same number in another portal is fine.
    const portalId = await customerPortalId(t.database.db);
    const customerAdmin = await createUser(t.database.db, {
      permissions: [P.EMPLOYEES_CREATE, P.EMPLOYEES_BASIC_READONLY],
      portalId,
    });
    const other = await t.login(customerAdmin.login, customerAdmin.password);
    expect(
      (await other.post('/api/employee', { personnelNumber: '4711', lastName: 'E', firstName: 'F' }))
        .statusCode,
    ).toBe(201);
  });

  it('updates with the current version, answers 409 for a stale one and logs the changed fields', async () => {
    const { data } = (await create()).json<EmployeeBody>();
    const ok = await admin.patch(`/api/employee/${data.id}`, {
      version: 1,
      lastName: 'Krüger-Hahn',
      phone: '0221 99',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<EmployeeBody>().data).toMatchObject({
      lastName: 'Krüger-Hahn',
      phone: '0221 99',
      version: 2,
    });
    const stale = await admin.patch(`/api/employee/${data.id}`, { version: 1, lastName: 'Alt' });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('CONFLICT');
    const same = await admin.patch(`/api/employee/${data.id}`, { version: 2, lastName: 'Krüger-Hahn' });
    expect(same.json<EmployeeBody>().data.version).toBe(2);
    const log = await logOf(data.id);
    expect(log.map((l) => l.state)).toEqual([2, 1]);
    expect(Object.keys(log[1]!.changes).sort()).toEqual(['lastName', 'phone']);
  });

  it('hides personal and health data without their rights and refuses to write them', async () => {
    const { data } = (await create({ city: 'Bonn', healthInsuranceName: 'TK' })).json<EmployeeBody>();
    const reader = await createUser(t.database.db, {
      permissions: [P.EMPLOYEES_BASIC_READONLY, P.EMPLOYEES_EDIT],
    });
    const client = await t.login(reader.login, reader.password);
    const seen = (await client.get(`/api/employee/${data.id}`)).json<EmployeeBody>().data;
    expect(seen).toMatchObject({
      city: null,
      healthInsuranceName: null,
      restricted: { personal: true, health: true },
    });
    const write = await client.patch(`/api/employee/${data.id}`, { version: 1, city: 'Berlin' });
    expect(write.statusCode).toBe(403);
    expect(errorOf(write).message).toContain('persönliche Daten');
    expect((await client.patch(`/api/employee/${data.id}`, { version: 1, phone: '123' })).statusCode).toBe(
      200,
    );
  });

  it('setting inactive needs EMPLOYEES_ACTIVATE, ends the sessions, and nobody deactivates themselves', async () => {
    const user = await createUser(t.database.db);
    const session = await t.login(user.login, user.password);
    const editor = await createUser(t.database.db, {
      permissions: [P.EMPLOYEES_BASIC_READONLY, P.EMPLOYEES_EDIT],
    });
    const editorClient = await t.login(editor.login, editor.password);
    const refused = await editorClient.patch(`/api/employee/${user.id}`, { version: 1, active: false });
    expect(refused.statusCode).toBe(403);
    const res = await admin.patch(`/api/employee/${user.id}`, { version: 1, active: false });
    expect(res.statusCode).toBe(200);
    expect(res.json<EmployeeBody>().data.active).toBe(false);
    const remaining = (await t.database.db.execute(
      sql`select count(*)::int as n from sessions where employee_id = ${user.id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(remaining.rows[0]?.n).toBe(0);
    expect((await session.get('/api/auth/user')).statusCode).toBe(401);
    const adminId = await employeeIdByLogin(t.database.db, 'admin');
    const adminRecord = (await admin.get(`/api/employee/${adminId}`)).json<EmployeeBody>().data;
    const self = await admin.patch(`/api/employee/${adminId}`, {
      version: adminRecord.version,
      active: false,
    });
    expect(self.statusCode).toBe(400);
    expect(errorOf(self).message).toBe('Sie können sich nicht selbst deaktivieren.');
  });

  // Decision 023 answers first: the administrator holds rights this editor does not (the last-administrator
  // invariant stays behind it for whoever does hold them).
  it('refuses to deactivate or delete the administrator', async () => {
    const adminId = await employeeIdByLogin(t.database.db, 'admin');
    const other = await createUser(t.database.db, {
      permissions: [
        P.EMPLOYEES_EDIT,
        P.EMPLOYEES_ACTIVATE,
        P.EMPLOYEES_BASIC_READONLY,
        P.EMPLOYEES_DELETE,
        P.EMPLOYEES_SHOW_INACTIVE,
      ],
    });
    const client = await t.login(other.login, other.password);
    const record = (await client.get(`/api/employee/${adminId}`)).json<EmployeeBody>().data;
    const res = await client.patch(`/api/employee/${adminId}`, { version: record.version, active: false });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('EMPLOYEE_MORE_RIGHTS');
    expect((await client.delete(`/api/employee/${adminId}?version=${record.version}`)).statusCode).toBe(403);
    expect((await admin.get('/api/auth/user')).statusCode).toBe(200);
  });

  it('refuses a department of another portal', async () => {
    const portalId = await customerPortalId(t.database.db);
    const foreign = (await t.database.db.execute(
      sql`insert into departments (portal_id, name) values (${portalId}, 'Fremd') returning id`,
    )) as unknown as { rows: { id: number }[] };
    const res = await create({ departmentId: foreign.rows[0]!.id });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toContain('Abteilung');
  });

  it('customer-portal users cannot see or edit main-portal employees (404)', async () => {
    const portalId = await customerPortalId(t.database.db);
    const user = await createUser(t.database.db, {
      permissions: [P.EMPLOYEES_BASIC_READONLY, P.EMPLOYEES_EDIT, P.EMPLOYEES_DELETE],
      portalId,
    });
    const client = await t.login(user.login, user.password);
    const sifa = await employeeIdByLogin(t.database.db, 'sifa');
    expect((await client.get(`/api/employee/${sifa}`)).statusCode).toBe(404);
    expect((await client.patch(`/api/employee/${sifa}`, { version: 1, lastName: 'X' })).statusCode).toBe(404);
    expect((await client.delete(`/api/employee/${sifa}?version=1`)).statusCode).toBe(404);
  });

  it('deletes with the current version (204), logs it, and never deletes oneself', async () => {
    const { data } = (await create()).json<EmployeeBody>();
    expect((await admin.delete(`/api/employee/${data.id}?version=9`)).statusCode).toBe(409);
    expect((await admin.delete(`/api/employee/${data.id}?version=1`)).statusCode).toBe(204);
    expect((await admin.get(`/api/employee/${data.id}`)).statusCode).toBe(404);
    expect((await logOf(data.id)).map((l) => l.state)).toEqual([2, 0]);
    const adminId = await employeeIdByLogin(t.database.db, 'admin');
    expect((await admin.delete(`/api/employee/${adminId}?version=1`)).statusCode).toBe(400);
  });

  it('401 without a session, 403 without the rights, 404 for unknown ids', async () => {
    expect((await t.client().get('/api/employee/1')).statusCode).toBe(401);
    const mitarbeiter = await t.login('mitarbeiter');
    expect(
      (await mitarbeiter.post('/api/employee', { personnelNumber: '1', lastName: 'a', firstName: 'b' }))
        .statusCode,
    ).toBe(403);
    expect((await admin.get('/api/employee/99999999')).statusCode).toBe(404);
    expect(errorOf(await admin.get('/api/employee/99999999')).code).toBe('EMPLOYEE_NOT_FOUND');
  });
});
