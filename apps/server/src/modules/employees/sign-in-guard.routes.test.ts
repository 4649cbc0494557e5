import { P } from '@schutzwerk/shared/permissions.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/query.ts';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { createUser, employeeIdByLogin } from '#test/fixtures.ts';

/**
 * Decision 023: nobody changes how someone signs in or is reached (e-mail, login name, temporary login
 * name, chip id, password, active, roles) for an employee holding rights they do not hold themselves; the
 * old address is told when an e-mail address changes.
 */

type Record = { data: { id: number; version: number; email: string | null; signInLocked: boolean } };

const EDITOR = [
  P.EMPLOYEES_BASIC_READONLY,
  P.EMPLOYEES_READONLY,
  P.EMPLOYEES_EDIT,
  P.EMPLOYEES_RESET_PASSWORD,
];

let t: TestApp;
let admin: ApiClient;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  adminId = await employeeIdByLogin(t.database.db, 'admin');
});
afterAll(async () => {
  await t.close();
});

async function signedIn(permissions: number[]) {
  const user = await createUser(t.database.db, { permissions });
  return { id: user.id, client: await t.login(user.login, user.password) };
}

async function record(client: ApiClient, id: number) {
  const res = await client.get(`/api/employee/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Record>().data;
}

async function row(id: number) {
  const [r] = await queryRows<{
    email: string | null;
    login_name: string | null;
    temp_login_name: string | null;
    chip_id: string | null;
    active: boolean;
    phone: string | null;
  }>(
    t.database.db,
    sql`select email, login_name, temp_login_name, chip_id, active, phone from employees where id = ${id}`,
  );
  return r!;
}

async function rolesOf(id: number) {
  const rows = await queryRows<{ role_id: number }>(
    t.database.db,
    sql`select role_id from employee_roles where employee_id = ${id} order by role_id`,
  );
  return rows.map((r) => Number(r.role_id));
}

async function outboxFor(employeeId: number) {
  return queryRows<{ to_address: string; subject: string; text_body: string; html_body: string | null }>(
    t.database.db,
    sql`select to_address, subject, text_body, html_body from mail_outbox
         where related_employee_id = ${employeeId} and purpose = 'emailChanged' order by id`,
  );
}

describe('sign-in and reach fields of a more privileged employee (decision 023)', () => {
  it('reproduces the takeover: an employee editor cannot re-point the administrator’s e-mail (403, unchanged)', async () => {
    const editor = await signedIn(EDITOR);
    const before = await record(admin, adminId);
    const res = await editor.client.patch(`/api/employee/${adminId}`, {
      version: before.version,
      email: 'attacker@evil.example',
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(errorOf(res)).toEqual({
      code: 'EMPLOYEE_MORE_RIGHTS',
      message:
        'Dieser Mitarbeiter hat Rechte, die Sie selbst nicht haben. Seine Anmeldedaten (Benutzername, E-Mail-Adresse, temporärer Benutzername, Chip-ID, Passwort, Aktiv) und seine Rollen können Sie nicht ändern.',
    });
    expect((await row(adminId)).email).toBe(before.email);
    expect((await record(admin, adminId)).version).toBe(before.version);
    // The record tells the web to offer these fields read-only.
    expect((await record(editor.client, adminId)).signInLocked).toBe(true);
  });

  it('refuses login name, temporary login name, chip id and active the same way; other fields stay editable', async () => {
    const editor = await signedIn([...EDITOR, P.EMPLOYEES_CHIPID, P.EMPLOYEES_ACTIVATE]);
    // More rights need not be the superuser: one right the editor lacks is enough.
    const target = await createUser(t.database.db, {
      permissions: [P.EMPLOYEES_BASIC_READONLY, P.ROLES_MANAGE],
    });
    const before = await row(target.id);
    const { version } = await record(admin, target.id);
    for (const patch of [
      { loginName: 'uebernommen' },
      { tempLoginName: 'temp.uebernommen' },
      { chipId: 'CHIP-EVIL' },
      { active: false },
    ]) {
      const res = await editor.client.patch(`/api/employee/${target.id}`, { version, ...patch });
      expect(res.statusCode, `${JSON.stringify(patch)} ${res.body}`).toBe(403);
      expect(errorOf(res).code).toBe('EMPLOYEE_MORE_RIGHTS');
    }
    expect(await row(target.id)).toEqual(before);

    const phone = await editor.client.patch(`/api/employee/${target.id}`, { version, phone: '+49 221 555' });
    expect(phone.statusCode, phone.body).toBe(200);
    expect((await row(target.id)).phone).toBe('+49 221 555');
  });

  it('lets an editor change a peer with fewer or equal rights, and the administrator anyone', async () => {
    const editor = await signedIn([...EDITOR, P.EMPLOYEES_CHIPID, P.EMPLOYEES_ACTIVATE]);
    const peer = await createUser(t.database.db, { permissions: [P.EMPLOYEES_BASIC_READONLY] });
    const peerRecord = await record(editor.client, peer.id);
    expect(peerRecord.signInLocked).toBe(false);
    const res = await editor.client.patch(`/api/employee/${peer.id}`, {
      version: peerRecord.version,
      loginName: `peer.neu.${peer.id}`,
      tempLoginName: `peer.temp.${peer.id}`,
      chipId: `CHIP-${peer.id}`,
      active: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await row(peer.id)).toMatchObject({ login_name: `peer.neu.${peer.id}`, active: false });

    const privileged = await createUser(t.database.db, { permissions: [P.SUPERUSER] });
    const privilegedRecord = await record(admin, privileged.id);
    expect(privilegedRecord.signInLocked).toBe(false);
    const byAdmin = await admin.patch(`/api/employee/${privileged.id}`, {
      version: privilegedRecord.version,
      loginName: `admin2.${privileged.id}`,
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
  });

  it('refuses deleting a more privileged employee', async () => {
    const deleter = await signedIn([...EDITOR, P.EMPLOYEES_DELETE]);
    const target = await createUser(t.database.db, { permissions: [P.SUPERUSER] });
    const { version } = await record(admin, target.id);
    const res = await deleter.client.delete(`/api/employee/${target.id}?version=${version}`);
    expect(res.statusCode, res.body).toBe(403);
    expect(errorOf(res).code).toBe('EMPLOYEE_MORE_RIGHTS');
    expect(await record(admin, target.id)).toMatchObject({ id: target.id });
  });

  it('keeps the password reset guard with its own message', async () => {
    const editor = await signedIn(EDITOR);
    const { version } = await record(admin, adminId);
    const res = await editor.client.post(`/api/employee/${adminId}/resetPassword`, {
      version,
      delivery: 'show',
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(errorOf(res).code).toBe('PASSWORD_RESET_MORE_RIGHTS');
  });
});

describe('roles of a more privileged employee (decision 023)', () => {
  async function roleManager() {
    const manager = await signedIn([P.ROLES_MANAGE, P.EMPLOYEES_BASIC_READONLY]);
    const created = await manager.client.post('/api/role', {
      name: `Leserolle ${manager.id}`,
      permissions: [P.EMPLOYEES_BASIC_READONLY],
    });
    expect(created.statusCode, created.body).toBe(201);
    return { ...manager, roleId: created.json<{ data: { id: number } }>().data.id };
  }

  it('refuses adding a more privileged employee to a role or removing one from it', async () => {
    const manager = await roleManager();
    const target = await createUser(t.database.db, { permissions: [P.SUPERUSER] });
    const before = await rolesOf(target.id);

    const add = await manager.client.post(`/api/role/${manager.roleId}/members`, {
      employeeIds: [target.id],
    });
    expect(add.statusCode, add.body).toBe(403);
    expect(errorOf(add).code).toBe('EMPLOYEE_MORE_RIGHTS');
    expect(await rolesOf(target.id)).toEqual(before);

    const byAdmin = await admin.post(`/api/role/${manager.roleId}/members`, { employeeIds: [target.id] });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    const remove = await manager.client.delete(`/api/role/${manager.roleId}/members/${target.id}`);
    expect(remove.statusCode, remove.body).toBe(403);
    expect(errorOf(remove).code).toBe('EMPLOYEE_MORE_RIGHTS');
    expect(await rolesOf(target.id)).toContain(manager.roleId);
  });

  it('still assigns and removes roles of peers, and never grants a role beyond the manager’s rights', async () => {
    const manager = await roleManager();
    const peer = await createUser(t.database.db, {});
    const add = await manager.client.post(`/api/role/${manager.roleId}/members`, { employeeIds: [peer.id] });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json()).toEqual({ data: { added: 1 } });
    const remove = await manager.client.delete(`/api/role/${manager.roleId}/members/${peer.id}`);
    expect(remove.statusCode, remove.body).toBe(204);

    // A role carrying a right the manager lacks is not granted, not even to the manager themself.
    const [adminRole] = await queryRows<{ role_id: number }>(
      t.database.db,
      sql`select role_id from employee_roles where employee_id = ${adminId} limit 1`,
    );
    const escalate = await manager.client.post(`/api/role/${adminRole!.role_id}/members`, {
      employeeIds: [manager.id],
    });
    expect(escalate.statusCode, escalate.body).toBe(403);
    expect(await rolesOf(manager.id)).not.toContain(Number(adminRole!.role_id));
  });

  it('refuses copying roles onto a more privileged employee (replace would strip theirs)', async () => {
    const copier = await signedIn([...EDITOR, P.EMPLOYEES_COPY, P.EMPLOYEES_ROLES]);
    const source = await createUser(t.database.db, {});
    const target = await createUser(t.database.db, { permissions: [P.SUPERUSER] });
    const before = await rolesOf(target.id);
    const res = await copier.client.post(`/api/employee/${source.id}/copy-assignments`, {
      targetIds: [target.id],
      parts: ['roles'],
      replace: true,
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(errorOf(res).code).toBe('EMPLOYEE_MORE_RIGHTS');
    expect(await rolesOf(target.id)).toEqual(before);

    const peer = await createUser(t.database.db, { permissions: [P.EMPLOYEES_BASIC_READONLY] });
    const ok = await copier.client.post(`/api/employee/${source.id}/copy-assignments`, {
      targetIds: [peer.id],
      parts: ['roles'],
      replace: true,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await rolesOf(peer.id)).toEqual([]);
  });
});

describe('the old address is told when an e-mail address changes (decision 023)', () => {
  it('queues a mail to the old address naming who changed it, with the new address masked', async () => {
    const editor = await signedIn(EDITOR);
    const [editorName] = await queryRows<{ first_name: string; last_name: string }>(
      t.database.db,
      sql`select first_name, last_name from employees where id = ${editor.id}`,
    );
    const peer = await createUser(t.database.db, {});
    const first = await record(admin, peer.id);
    const set = await admin.patch(`/api/employee/${peer.id}`, {
      version: first.version,
      email: 'alt.adresse@rheinwerk-chemie.de',
    });
    expect(set.statusCode, set.body).toBe(200);
    // The first address replaces an empty one: nobody to tell.
    expect(await outboxFor(peer.id)).toEqual([]);

    const res = await editor.client.patch(`/api/employee/${peer.id}`, {
      version: set.json<Record>().data.version,
      email: 'neue.adresse@beispiel-gmbh.de',
    });
    expect(res.statusCode, res.body).toBe(200);
    const mails = await outboxFor(peer.id);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.to_address).toBe('alt.adresse@rheinwerk-chemie.de');
    expect(mail.subject).toBe('Ihre E-Mail-Adresse bei Schutzwerk wurde geändert');
    expect(mail.text_body).toContain(`von ${editorName!.first_name} ${editorName!.last_name} geändert`);
    expect(mail.text_body).toContain('n•••@beispiel-gmbh.de');
    expect(mail.text_body).not.toContain('neue.adresse@');
    expect(mail.html_body ?? '').not.toContain('neue.adresse@');

    // A change of case only is no change of address.
    const caseOnly = await editor.client.patch(`/api/employee/${peer.id}`, {
      version: res.json<Record>().data.version,
      email: 'Neue.Adresse@beispiel-gmbh.de',
    });
    expect(caseOnly.statusCode, caseOnly.body).toBe(200);
    expect(await outboxFor(peer.id)).toHaveLength(1);
  });

  it('sends nothing when the change is refused', async () => {
    const editor = await signedIn(EDITOR);
    const target = await createUser(t.database.db, { permissions: [P.SUPERUSER] });
    const first = await record(admin, target.id);
    const set = await admin.patch(`/api/employee/${target.id}`, {
      version: first.version,
      email: 'chef@rheinwerk-chemie.de',
    });
    expect(set.statusCode, set.body).toBe(200);
    const res = await editor.client.patch(`/api/employee/${target.id}`, {
      version: set.json<Record>().data.version,
      email: 'attacker@evil.example',
    });
    expect(res.statusCode).toBe(403);
    expect(await outboxFor(target.id)).toEqual([]);
  });
});

describe('employee import and more privileged employees (decision 023)', () => {
  const HEADER = 'Personalnummer;Nachname;Vorname;E-Mail;Passwort\r\n';
  const MAPPING = { personnelNumber: 0, lastName: 1, firstName: 2, email: 3, password: 4 };

  async function personnelNumberOf(id: number) {
    const [r] = await queryRows<{ personnel_number: string; last_name: string }>(
      t.database.db,
      sql`select personnel_number, last_name from employees where id = ${id}`,
    );
    return r!;
  }

  async function uploadCsv(client: ApiClient, csv: string) {
    const res = await client.request(
      'POST',
      '/api/employee/import?separator=%3B&hasHeader=true&fileName=mitarbeiter.csv',
      csv,
      { headers: { 'content-type': 'text/csv' } },
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: { id: number } }>().data.id;
  }

  it('makes a row that re-points a more privileged employee’s e-mail a bad row and leaves them unchanged', async () => {
    const importer = await signedIn([...EDITOR, P.EMPLOYEES_IMPORT, P.EMPLOYEES_ACTIVATE]);
    const target = await createUser(t.database.db, { permissions: [P.SUPERUSER] });
    const peer = await createUser(t.database.db, {});
    await queryRows(
      t.database.db,
      sql`update employees set email = 'alt.peer@rheinwerk-chemie.de' where id = ${peer.id}`,
    );
    const targetNumber = await personnelNumberOf(target.id);
    const peerNumber = await personnelNumberOf(peer.id);
    const csv = `${HEADER}${targetNumber.personnel_number};${targetNumber.last_name};Tess;attacker@evil.example;\r\n${peerNumber.personnel_number};${peerNumber.last_name};Tess;neu.peer@beispiel-gmbh.de;\r\n`;
    const id = await uploadCsv(importer.client, csv);
    const portalId = await mainPortal();
    const options = { portalId, mode: 'append', mapping: MAPPING };

    const check = await importer.client.post(`/api/employee/import/${id}/check`, options);
    expect(check.statusCode, check.body).toBe(200);
    const { badRows } = check.json<{ data: { badRows: { line: number; reasons: string[] }[] } }>().data;
    expect(badRows).toEqual([
      {
        line: 2,
        personnelNumber: targetNumber.personnel_number,
        reasons: [
          'Dieser Mitarbeiter hat Rechte, die Sie selbst nicht haben. Seine Anmeldedaten (Benutzername, E-Mail-Adresse, temporärer Benutzername, Chip-ID, Passwort, Aktiv) und seine Rollen können Sie nicht ändern.',
        ],
      },
    ]);

    const commit = await importer.client.post(`/api/employee/import/${id}/commit`, {
      ...options,
      skipBadRows: true,
    });
    expect(commit.statusCode, commit.body).toBe(200);
    expect(commit.body).toContain('"type":"result"');
    expect((await row(target.id)).email).toBeNull();
    expect((await row(peer.id)).email).toBe('neu.peer@beispiel-gmbh.de');
    // The peer's old address is told, naming the import.
    const mails = await outboxFor(peer.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to_address).toBe('alt.peer@rheinwerk-chemie.de');
    expect(mails[0]!.text_body).toContain('(Mitarbeiterimport)');
  });

  it('does not inactivate a more privileged employee missing from the file', async () => {
    const importer = await signedIn([...EDITOR, P.EMPLOYEES_IMPORT, P.EMPLOYEES_ACTIVATE]);
    const portal = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into portals (name) values (${`Importportal 023 ${importer.id}`}) returning id`,
    );
    const portalId = Number(portal[0]!.id);
    const target = await createUser(t.database.db, { permissions: [P.SUPERUSER], portalId });
    const peer = await createUser(t.database.db, { portalId });
    const csv = `${HEADER}N-${importer.id};Neu;Nina;;Start-Passwort-23!\r\n`;
    const id = await uploadCsv(importer.client, csv);
    const commit = await importer.client.post(`/api/employee/import/${id}/commit`, {
      portalId,
      mode: 'deactivateOthers',
      mapping: MAPPING,
    });
    expect(commit.statusCode, commit.body).toBe(200);
    expect(commit.body).toContain('"inactivated":1');
    expect((await row(target.id)).active).toBe(true);
    expect((await row(peer.id)).active).toBe(false);
  });
});

async function mainPortal(): Promise<number> {
  const [r] = await queryRows<{ id: number }>(t.database.db, sql`select id from portals where is_main`);
  return Number(r!.id);
}
