import { P } from '@schutzwerk/shared/permissions.ts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/query.ts';
import { employees } from '#modules/employees/employees.table.ts';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { createUser, employeeIdByLogin } from '#test/fixtures.ts';

type Result = {
  data: { password: string | null; validUntil: string; mailedTo: string | null; version: number };
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

async function versionOf(id: number): Promise<number> {
  const [row] = await t.database.db
    .select({ v: employees.version })
    .from(employees)
    .where(eq(employees.id, id));
  return row!.v;
}

describe('Passwort zurücksetzen (administrator)', () => {
  it('shows a generated password once; the old one stops working, sessions end, the new one forces a change', async () => {
    const user = await createUser(t.database.db);
    const session = await t.login(user.login, user.password);
    const res = await admin.post(`/api/employee/${user.id}/resetPassword`, {
      version: await versionOf(user.id),
      delivery: 'show',
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<Result>().data;
    expect(result.password).toMatch(/^\S{10,}$/);
    expect(result.mailedTo).toBeNull();
    expect(Date.parse(result.validUntil) - Date.now()).toBeGreaterThan(119 * 60_000);

    expect((await session.get('/api/auth/user')).statusCode).toBe(401);
    const old = await t
      .client()
      .post('/api/auth/login_local', { username: user.login, password: user.password });
    expect(old.statusCode).toBe(401);
    const fresh = await t.login(user.login, result.password!);
    expect(
      (await fresh.get('/api/auth/user')).json<{ data: { mustChangePassword: boolean } }>().data,
    ).toMatchObject({
      mustChangePassword: true,
    });
    expect((await fresh.get('/api/role/list')).statusCode).toBe(403);
    const log = await queryRows<{ changes: unknown }>(
      t.database.db,
      sql`select changes from change_log where entity = 'employee' and entity_id = ${String(user.id)} order by id`,
    );
    expect(JSON.stringify(log)).toContain('zurückgesetzt, persönlich übergeben');
    expect(JSON.stringify(log)).not.toContain(result.password!);
  });

  it('mails it through the outbox when asked and an address exists; refuses without an address', async () => {
    const user = await createUser(t.database.db);
    const noMail = await admin.post(`/api/employee/${user.id}/resetPassword`, {
      version: await versionOf(user.id),
      delivery: 'mail',
    });
    expect(noMail.statusCode).toBe(409);
    expect(errorOf(noMail)).toMatchObject({
      code: 'PASSWORD_RESET_NO_MAIL',
      message:
        'Für den Mitarbeiter ist keine E-Mail-Adresse hinterlegt. Bitte übergeben Sie das Passwort persönlich.',
    });
    await t.database.db.update(employees).set({ email: 'reset@example.de' }).where(eq(employees.id, user.id));
    const res = await admin.post(`/api/employee/${user.id}/resetPassword`, {
      version: await versionOf(user.id),
      delivery: 'mail',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Result>().data).toMatchObject({ password: null, mailedTo: 'reset@example.de' });
    const [mail] = await queryRows<{ text: string; purpose: string }>(
      t.database.db,
      sql`select text_body as text, purpose from mail_outbox where to_address = 'reset@example.de' order by id desc limit 1`,
    );
    expect(mail?.purpose).toBe('lostPassword');
    const password = /Neues Passwort: (\S+)/.exec(mail!.text)?.[1];
    expect(password).toBeTruthy();
    expect(
      (await t.client().post('/api/auth/login_local', { username: user.login, password })).statusCode,
    ).toBe(200);
  });

  it('refuses: own account, no right, more rights than the caller, stale version, inactive employee', async () => {
    const adminId = await employeeIdByLogin(t.database.db, 'admin');
    const own = await admin.post(`/api/employee/${adminId}/resetPassword`, {
      version: await versionOf(adminId),
      delivery: 'show',
    });
    expect(errorOf(own)).toMatchObject({
      code: 'PASSWORD_RESET_OWN',
      message: 'Ihr eigenes Passwort ändern Sie über „Passwort ändern“.',
    });

    const target = await createUser(t.database.db, { permissions: [P.ROLES_MANAGE] });
    const plain = await t.login('mitarbeiter');
    const none = await plain.post(`/api/employee/${target.id}/resetPassword`, {
      version: await versionOf(target.id),
      delivery: 'show',
    });
    expect(none.statusCode).toBe(403);
    expect(errorOf(none).code).toBe('NO_PERMISSION');

    const resetter = await createUser(t.database.db, {
      permissions: [P.EMPLOYEES_RESET_PASSWORD, P.EMPLOYEES_BASIC_READONLY],
    });
    const helpdesk = await t.login(resetter.login, resetter.password);
    const more = await helpdesk.post(`/api/employee/${target.id}/resetPassword`, {
      version: await versionOf(target.id),
      delivery: 'show',
    });
    expect(more.statusCode).toBe(403);
    expect(errorOf(more).code).toBe('PASSWORD_RESET_MORE_RIGHTS');
    const simple = await createUser(t.database.db, { permissions: [P.EMPLOYEES_BASIC_READONLY] });
    const ok = await helpdesk.post(`/api/employee/${simple.id}/resetPassword`, {
      version: await versionOf(simple.id),
      delivery: 'show',
    });
    expect(ok.statusCode, ok.body).toBe(200);

    const stale = await admin.post(`/api/employee/${simple.id}/resetPassword`, {
      version: 1,
      delivery: 'show',
    });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('CONFLICT');

    const inactive = await createUser(t.database.db, { active: false });
    const refused = await admin.post(`/api/employee/${inactive.id}/resetPassword`, {
      version: await versionOf(inactive.id),
      delivery: 'show',
    });
    expect(errorOf(refused).code).toBe('PASSWORD_RESET_INACTIVE');
  });
});
