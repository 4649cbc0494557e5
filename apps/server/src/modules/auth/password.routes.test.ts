import { P } from '@schutzwerk/shared/permissions.ts';
import { DEFAULT_ALLOWED_SPECIALS } from '@schutzwerk/shared/settings/security.settings.ts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '#db/query.ts';
import { employees } from '#modules/employees/employees.table.ts';
import { createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { createUser } from '#test/fixtures.ts';
import { passwordResets } from './password-resets.table.ts';

const MISMATCH = 'Die Passwörter stimmen nicht überein!';
const GOOD = 'Sicher-Neu-2026!';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
/** Outbox rows written since the test started (the real mail outbox, delivered by the scheduler). */
let outboxBaseline = 0;
beforeEach(async () => {
  const [row] = await queryRows<{ max: number | null }>(
    t.database.db,
    sql`select max(id) as max from mail_outbox`,
  );
  outboxBaseline = row?.max ?? 0;
});
async function outboxMails() {
  return queryRows<{ to: string; subject: string; text: string; purpose: string }>(
    t.database.db,
    sql`select to_address as "to", subject, text_body as "text", purpose from mail_outbox
        where id > ${outboxBaseline} order by id`,
  );
}
/** The generated password in the mail (template line 'Neues Passwort: …'). */
function generatedPasswordIn(text: string): string {
  return /Neues Passwort: (\S+)/.exec(text)?.[1] ?? '';
}

async function saveSecurity(value: Record<string, unknown>) {
  const admin = await t.login('admin');
  const current = (await admin.get('/api/settings/security')).json().data;
  return admin.put('/api/settings/security', {
    version: current.version,
    value: { ...current.value, ...value },
  });
}

async function flagged(options: { email?: string | null; active?: boolean } = {}) {
  const user = await createUser(t.database.db, options.active === false ? { active: false } : {});
  await t.database.db
    .update(employees)
    .set({
      mustChangePassword: true,
      email: options.email === undefined ? `${user.login}@example.de` : options.email,
    })
    .where(eq(employees.id, user.id));
  return user;
}

describe('change password: the rules of spec modules.md §5', () => {
  it('all fields required, new differs from old, the old one is correct, the policy holds', async () => {
    const user = await createUser(t.database.db);
    const client = await t.login(user.login, user.password);
    const post = (currentPassword: string, newPassword: string) =>
      client.post('/api/auth/changePassword', { currentPassword, newPassword });
    const empty = await post('', '');
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).code).toBe('INPUT_VALIDATION_ERROR');
    expect(errorOf(await post('falsch-falsch', GOOD)).code).toBe('PASSWORD_WRONG');
    expect(errorOf(await post(user.password, user.password)).code).toBe('PASSWORD_SAME');
    const cases: [string, string][] = [
      ['Ab1!', 'Das Passwort muss mindestens 10 Zeichen lang sein.'],
      ['abcdefgh1!', 'Das Passwort muss mindestens 1 Großbuchstaben enthalten.'],
      ['ABCDEFGH1!', 'Das Passwort muss mindestens 1 Kleinbuchstaben enthalten.'],
      ['Abcdefghi!', 'Das Passwort muss mindestens 1 Ziffer enthalten.'],
      [
        'Abcdefghi1',
        `Das Passwort muss mindestens 1 Sonderzeichen enthalten (zulässig: ${DEFAULT_ALLOWED_SPECIALS}).`,
      ],
      ['Abcdefgh1!✓', 'Das Passwort enthält unzulässige Zeichen: ✓'],
      [`Ab1!${'x'.repeat(125)}`, 'Das Passwort darf höchstens 128 Zeichen lang sein.'],
    ];
    for (const [password, message] of cases) {
      const res = await post(user.password, password);
      expect(res.statusCode, password).toBe(400);
      expect(errorOf(res).code).toBe('PASSWORD_POLICY_VIOLATION');
      expect(errorOf(res).message).toBe(message);
    }
    expect((await post(user.password, GOOD)).statusCode).toBe(204);
  });

  it('refuses a common password (case-insensitive) when the policy allows its characters', async () => {
    expect(
      (await saveSecurity({ minUppercase: 0, minSpecial: 0, minDigits: 0, minLowercase: 0 })).statusCode,
    ).toBe(200);
    try {
      const user = await createUser(t.database.db);
      const client = await t.login(user.login, user.password);
      const res = await client.post('/api/auth/changePassword', {
        currentPassword: user.password,
        newPassword: 'q1w2e3R4T5',
      });
      expect(errorOf(res)).toMatchObject({
        code: 'PASSWORD_POLICY_VIOLATION',
        message: 'Das Passwort gehört zu den häufigsten Passwörtern. Bitte wählen Sie ein anderes.',
      });
      const policy = (await client.get('/api/auth/passwordPolicy')).json().data;
      expect(policy).toMatchObject({ minUppercase: 0, minSpecial: 0, refuseCommon: true });
    } finally {
      await saveSecurity({ minUppercase: 1, minSpecial: 1, minDigits: 1, minLowercase: 1 });
    }
  });
});

describe('first login', () => {
  it('gates every other route with 403 PASSWORD_CHANGE_REQUIRED until the dialog is done', async () => {
    const user = await flagged();
    const client = await t.login(user.login, user.password);
    const me = await client.get('/api/auth/user');
    expect(me.statusCode).toBe(200);
    expect(me.json().data.mustChangePassword).toBe(true);
    const blocked = await client.get('/api/employee/list');
    expect(blocked.statusCode).toBe(403);
    expect(errorOf(blocked).code).toBe('PASSWORD_CHANGE_REQUIRED');
    expect(
      errorOf(await client.post('/api/auth/changePassword', { currentPassword: 'a', newPassword: 'b' })).code,
    ).toBe('PASSWORD_CHANGE_REQUIRED');
    expect((await client.get('/api/auth/passwordPolicy')).statusCode).toBe(200);

    const post = (body: Record<string, string>) =>
      client.post('/api/auth/firstLogin', {
        firstName: 'Tessa',
        lastName: 'Neumann',
        newPassword: GOOD,
        repeatPassword: GOOD,
        ...body,
      });
    const names = await post({ firstName: ' ', lastName: '' });
    expect(names.statusCode).toBe(400);
    expect((errorOf(names).details as { path: string[] }[]).map((d) => d.path.join('.'))).toEqual(
      expect.arrayContaining(['body.firstName', 'body.lastName']),
    );
    expect(errorOf(await post({ repeatPassword: `${GOOD}x` }))).toMatchObject({
      code: 'PASSWORD_MISMATCH',
      message: MISMATCH,
    });
    expect(errorOf(await post({ newPassword: 'kurz', repeatPassword: 'kurz' })).code).toBe(
      'PASSWORD_POLICY_VIOLATION',
    );
    expect(errorOf(await post({ newPassword: user.password, repeatPassword: user.password })).code).toBe(
      'PASSWORD_SAME',
    );
    expect((await post({})).statusCode).toBe(204);

    const after = await client.get('/api/auth/user');
    expect(after.json().data.mustChangePassword).toBe(false);
    expect(after.json().data.employee).toMatchObject({ firstName: 'Tessa', lastName: 'Neumann' });
    // Past the gate: the ordinary rights apply again (this test user holds none).
    expect(errorOf(await client.get('/api/employee/list')).code).toBe('NO_PERMISSION');
    expect(errorOf(await post({})).code).toBe('FIRST_LOGIN_NOT_REQUIRED');
    await t.login(user.login, GOOD);
  });

  it('an initial password set by an administrator must satisfy the policy and flags the account', async () => {
    const admin = await t.login('admin');
    const base = { personnelNumber: `FL${Date.now()}`, lastName: 'Erst', firstName: 'Anmeldung' };
    const weak = await admin.post('/api/employee', {
      ...base,
      loginName: `erst.${Date.now()}`,
      password: 'schwach',
    });
    expect(weak.statusCode).toBe(400);
    expect(errorOf(weak).code).toBe('PASSWORD_POLICY_VIOLATION');
    expect((errorOf(weak).details as { path: string[] }[])[0]?.path).toEqual(['body', 'password']);
    const login = `erst2.${Date.now()}`;
    const ok = await admin.post('/api/employee', { ...base, loginName: login, password: GOOD });
    expect(ok.statusCode).toBe(201);
    const client = await t.login(login, GOOD);
    expect((await client.get('/api/auth/user')).json().data.mustChangePassword).toBe(true);
  });
});

describe('lost password', () => {
  /** Asks, then waits for the work done after the answer (decision 027) before the test reads the outbox. */
  const ask = async (username: string) => {
    const res = await t.client().post('/api/auth/lostPassword', { username });
    await t.app.drainLostPasswordWork();
    return res;
  };

  it('gives the same answer for unknown, inactive, no-mail and ok users; mails only the ok user', async () => {
    const ok = await createUser(t.database.db);
    await t.database.db.update(employees).set({ email: 'ok@example.de' }).where(eq(employees.id, ok.id));
    const inactive = await flagged({ active: false });
    const noMail = await createUser(t.database.db);
    const answers = [];
    for (const name of ['niemand-da', inactive.login, noMail.login, ok.login]) answers.push(await ask(name));
    const bodies = answers.map((r) => [r.statusCode, r.body]);
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    expect(answers[0]!.statusCode).toBe(200);
    expect(answers[0]!.json().data.message).toContain('2 Stunden');
    const mails = await outboxMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'ok@example.de', purpose: 'lostPassword' });
    expect(mails[0]!.text).toContain(ok.login);
    const rows = await t.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.employeeId, ok.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('the generated password signs in once and forces the change; the old one works until then', async () => {
    const user = await createUser(t.database.db);
    await t.database.db.update(employees).set({ email: 'gen@example.de' }).where(eq(employees.id, user.id));
    await ask(user.login);
    const generated = generatedPasswordIn((await outboxMails())[0]!.text);
    expect(generated).toBeTruthy();
    // The old password still works while the generated one is unused.
    const old = await t.login(user.login, user.password);
    expect((await old.get('/api/auth/user')).json().data.mustChangePassword).toBe(false);
    const client = await t.login(user.login, generated!);
    expect((await client.get('/api/auth/user')).json().data.mustChangePassword).toBe(true);
    expect(errorOf(await client.get('/api/employee/list')).code).toBe('PASSWORD_CHANGE_REQUIRED');
    // Now the generated password is the password: the old one no longer signs in.
    expect(
      (await t.client().post('/api/auth/login_local', { username: user.login, password: user.password }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await client.post('/api/auth/firstLogin', {
          firstName: 'Tess',
          lastName: 'Prüfer',
          newPassword: GOOD,
          repeatPassword: GOOD,
        })
      ).statusCode,
    ).toBe(204);
    await t.login(user.login, GOOD);
  });

  it('a generated password expires after 2 hours', async () => {
    const user = await createUser(t.database.db);
    await t.database.db.update(employees).set({ email: 'exp@example.de' }).where(eq(employees.id, user.id));
    await ask(user.login);
    const generated = generatedPasswordIn((await outboxMails())[0]!.text);
    const [row] = await t.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.employeeId, user.id));
    const hours = (row!.validUntil.getTime() - row!.createdAt.getTime()) / 3_600_000;
    expect(hours).toBeGreaterThan(1.99);
    expect(hours).toBeLessThan(2.01);
    await t.database.db
      .update(passwordResets)
      .set({ validUntil: sql`now() - interval '1 second'` })
      .where(eq(passwordResets.employeeId, user.id));
    const res = await t.client().post('/api/auth/login_local', { username: user.login, password: generated });
    expect(res.statusCode).toBe(401);
    // The clean-up job removes it.
    const { expiredPasswordsJob } = await import('./lost-password.ts');
    const result = await expiredPasswordsJob.run({
      db: t.database.db,
      log: () => {},
      now: new Date(),
      signal: new AbortController().signal,
    });
    expect(result.summary).toMatch(/abgelaufenes? Passw/);
    expect(
      await t.database.db.select().from(passwordResets).where(eq(passwordResets.employeeId, user.id)),
    ).toHaveLength(0);
  });

  it('throttles requests per user name', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await ask('throttle-probe')).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    const res = await ask('throttle-probe');
    expect(errorOf(res).code).toBe('LOST_PASSWORD_TOO_MANY');
  });
});

describe('security settings', () => {
  it('refuses contradicting values with German messages at their fields', async () => {
    const res = await saveSecurity({
      minLength: 40,
      maxLength: 20,
      minUppercase: 10,
      minLowercase: 10,
      minDigits: 5,
    });
    expect(res.statusCode).toBe(400);
    const details = errorOf(res).details as { path: string[]; message: string }[];
    expect(details).toEqual(
      expect.arrayContaining([
        {
          path: ['body', 'value', 'minLength'],
          message: 'Die Mindestlänge darf nicht größer als die Höchstlänge sein.',
        },
        {
          path: ['body', 'value', 'maxLength'],
          message: 'Die geforderten Zeichen (26) passen nicht in die Höchstlänge von 20 Zeichen.',
        },
      ]),
    );
    const letters = await saveSecurity({ allowedSpecials: '!a' });
    expect((errorOf(letters).details as { message: string }[])[0]?.message).toContain('Buchstaben');
  });

  it('only holders of SETTINGS_SECURITY may write', async () => {
    const reader = await createUser(t.database.db, { permissions: [P.SETTINGS_READONLY] });
    const client = await t.login(reader.login, reader.password);
    const current = (await client.get('/api/settings/security')).json().data;
    expect(current.canEdit).toBe(false);
    const res = await client.put('/api/settings/security', {
      version: current.version,
      value: current.value,
    });
    expect(res.statusCode).toBe(403);
  });

  it('the idle lifetime of sessions comes from the settings', async () => {
    const user = await createUser(t.database.db);
    const client = await t.login(user.login, user.password);
    await t.database.db.execute(
      sql`update sessions set last_seen_at = now() - interval '10 minutes' where employee_id = ${user.id}`,
    );
    expect((await client.get('/api/auth/user')).statusCode).toBe(200);
    expect((await saveSecurity({ sessionIdleMinutes: 5 })).statusCode).toBe(200);
    try {
      await t.database.db.execute(
        sql`update sessions set last_seen_at = now() - interval '10 minutes' where employee_id = ${user.id}`,
      );
      expect((await client.get('/api/auth/user')).statusCode).toBe(401);
    } finally {
      expect((await saveSecurity({ sessionIdleMinutes: null })).statusCode).toBe(200);
    }
  });
});
