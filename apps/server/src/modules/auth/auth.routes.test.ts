import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees } from '#modules/employees/employees.table.ts';
import { deviceCookieName } from '#platform/device-cookies.ts';
import { sessions } from '#platform/platform.table.ts';
import { createTestApp, errorOf, TEST_DEMO_PASSWORD, type TestApp } from '#test/app.ts';
import { createUser } from '#test/fixtures.ts';

const LOGIN_FAILED = 'Kein aktiver Benutzer oder Kennwort falsch!';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/auth/login_local', () => {
  it('signs in and answers a token; /auth/user returns the employee, scope and permissions', async () => {
    const client = await t.login('sifa');
    expect(client.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const res = await client.get('/api/auth/user');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.employee).toMatchObject({
      lastName: 'Hoffmann',
      firstName: 'Katrin',
      personnelNumber: '000101',
      loginName: 'sifa',
    });
    expect(data.loggedInViaADFS).toBe(false);
    expect(data.scope).toMatchObject({ isMainPortal: true, portalName: 'Rheinwerk Chemie GmbH' });
    expect(data.permissions.length).toBeGreaterThan(10);
    expect(data.employee).not.toHaveProperty('passwordHash');
  });

  it('accepts the login name case-insensitively', async () => {
    const res = await t
      .client()
      .post('/api/auth/login_local', { username: 'SIFA', password: TEST_DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
  });

  it('gives one and the same answer for unknown user, wrong password and inactive user', async () => {
    const inactive = await createUser(t.database.db, { active: false });
    const answers = await Promise.all([
      t.client().post('/api/auth/login_local', { username: 'niemand', password: 'irgendwas' }),
      t.client().post('/api/auth/login_local', { username: 'fuehrung', password: 'falsch' }),
      t.client().post('/api/auth/login_local', { username: inactive.login, password: inactive.password }),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: { code: 'INVALID_CREDENTIALS', message: LOGIN_FAILED } });
    }
  });

  it('refuses a login without the CSRF header', async () => {
    const client = t.client();
    client.sendCsrf = false;
    const res = await client.post('/api/auth/login_local', {
      username: 'sifa',
      password: TEST_DEMO_PASSWORD,
    });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('CSRF_INVALID');
  });

  it('sets the XSRF-TOKEN cookie on a response whose request lacked it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const cookie = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie?.sameSite).toBe('Strict');
    expect(cookie?.httpOnly).toBeFalsy();
  });

  it('answers 400 with field paths for missing fields', async () => {
    const res = await t.client().post('/api/auth/login_local', { username: '', password: '' });
    expect(res.statusCode).toBe(400);
    const error = errorOf(res);
    expect(error.code).toBe('INPUT_VALIDATION_ERROR');
    expect((error.details as { path: string[] }[]).map((d) => d.path.join('.'))).toEqual(
      expect.arrayContaining(['body.username', 'body.password']),
    );
  });

  it('stores only the hash of the token, and a new token per login', async () => {
    const a = await t.login('fuehrung');
    const b = await t.login('fuehrung');
    expect(a.token).not.toBe(b.token);
    const plain = await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, a.token!));
    expect(plain).toHaveLength(0);
    const hashed = createHash('sha256').update(a.token!).digest('hex');
    expect(await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, hashed))).toHaveLength(1);
  });

  it('throttles an account after 10 failures, even for the right password, with a German message', async () => {
    const user = await createUser(t.database.db);
    for (let i = 0; i < 10; i++) {
      const res = await t
        .client()
        .post('/api/auth/login_local', { username: user.login, password: `falsch-${i}` });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await t
      .client()
      .post('/api/auth/login_local', { username: user.login, password: user.password });
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked).code).toBe('TOO_MANY_REQUESTS');
    expect(errorOf(blocked).message).toMatch(/Bitte warten Sie \d+ Minuten/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('sign-in throttling', () => {
  it('counts attempts before checking them, so parallel guesses cannot slip past the limit', async () => {
    const user = await createUser(t.database.db);
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        t.client().post('/api/auth/login_local', { username: user.login, password: `parallel-${i}` }),
      ),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(15);
  });

  it('throttles an address after 50 attempts, for unknown accounts too, and answers 429 to the right password', async () => {
    const user = await createUser(t.database.db);
    const ip = { remoteAddress: '203.0.113.7' };
    const attempt = (username: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login_local',
        ...ip,
        headers: {
          cookie: 'XSRF-TOKEN=abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ',
          'x-xsrf-token': 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ',
        },
        payload: { username, password },
      });
    for (let i = 0; i < 50; i++) expect((await attempt(`unbekannt-${i}`, 'x')).statusCode).toBe(401);
    const blocked = await attempt(user.login, user.password);
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked).code).toBe('TOO_MANY_REQUESTS');
  });

  it('a success gives the address its attempt back', async () => {
    const user = await createUser(t.database.db);
    for (let i = 0; i < 3; i++) await t.login(user.login, user.password);
    const rows = (await t.database.db.execute(
      sql`select failures from login_throttle where key = 'ip:127.0.0.1'`,
    )) as unknown as { rows: { failures: number }[] };
    const before = rows.rows[0]?.failures ?? 0;
    await t.login(user.login, user.password);
    const after =
      (
        (await t.database.db.execute(
          sql`select failures from login_throttle where key = 'ip:127.0.0.1'`,
        )) as unknown as { rows: { failures: number }[] }
      ).rows[0]?.failures ?? 0;
    expect(after).toBe(before);
  });
});

describe('device cookies (decision 028)', () => {
  const csrf = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';
  const from =
    (address: string, cookies = '') =>
    (username: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login_local',
        remoteAddress: address,
        headers: { cookie: `XSRF-TOKEN=${csrf}${cookies ? `; ${cookies}` : ''}`, 'x-xsrf-token': csrf },
        payload: { username, password },
      });
  function deviceCookieOf(res: Awaited<ReturnType<ReturnType<typeof from>>>) {
    const cookie = res.cookies.find((c) => c.name.startsWith('sw_device_'));
    expect(cookie).toBeDefined();
    return cookie as { name: string; value: string; httpOnly?: boolean; sameSite?: string; path?: string };
  }

  it('a flood of failures from a shared address locks out unknown browsers, not one the account used before', async () => {
    const address = '198.51.100.20';
    const boss = await createUser(t.database.db, { permissions: [12] });
    const colleague = await createUser(t.database.db);
    const first = await from(address)(boss.login, boss.password);
    expect(first.statusCode).toBe(200);
    const device = deviceCookieOf(first);
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth/login_local' });
    // Someone at the same address fails 50 times (unknown accounts and the administrator's own).
    for (let i = 0; i < 40; i++) expect((await from(address)(`unbekannt-${i}`, 'x')).statusCode).toBe(401);
    for (let i = 0; i < 10; i++)
      expect((await from(address)(boss.login, `geraten-${i}`)).statusCode).toBe(401);
    // A browser without a device cookie of that account is refused, even with the right password …
    expect((await from(address)(colleague.login, colleague.password)).statusCode).toBe(429);
    expect((await from(address)(boss.login, boss.password)).statusCode).toBe(429);
    // … the administrator's known browser signs in.
    const known = await from(address, `${device.name}=${device.value}`)(boss.login, boss.password);
    expect(known.statusCode, known.body).toBe(200);
  });

  it('a device cookie counts only for its own account, cannot be forged, and is throttled per device', async () => {
    const address = '198.51.100.21';
    const a = await createUser(t.database.db);
    const b = await createUser(t.database.db);
    const device = deviceCookieOf(await from(address)(a.login, a.password));
    for (let i = 0; i < 10; i++) await from('198.51.100.99')(b.login, `x-${i}`);
    // A's sealed value under B's cookie name does not help B (the sealed payload names A).
    const asB = `${deviceCookieName(b.login)}=${device.value}`;
    expect((await from(address, asB)(b.login, b.password)).statusCode).toBe(429);
    // A forged value is ignored.
    expect((await from(address, `${device.name}=v1:AAAA:BBBB:CCCC`)(a.login, 'falsch')).statusCode).toBe(401);
    // With the cookie, ten wrong passwords block that device (the account's limit) …
    for (let i = 0; i < 10; i++) {
      expect((await from(address, `${device.name}=${device.value}`)(a.login, `falsch-${i}`)).statusCode).toBe(
        401,
      );
    }
    expect((await from(address, `${device.name}=${device.value}`)(a.login, a.password)).statusCode).toBe(429);
    // … and not the account elsewhere.
    expect((await from('198.51.100.22')(a.login, a.password)).statusCode).toBe(200);
  });
});

describe('CSRF', () => {
  it('refuses a header that differs from the cookie, and a header without a cookie', async () => {
    const token = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';
    const mismatch = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login_local',
      headers: { cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': `${token.slice(0, -1)}R` },
      payload: { username: 'sifa', password: TEST_DEMO_PASSWORD },
    });
    expect(mismatch.statusCode).toBe(403);
    expect(errorOf(mismatch).code).toBe('CSRF_INVALID');
    const noCookie = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login_local',
      headers: { 'x-xsrf-token': token },
      payload: { username: 'sifa', password: TEST_DEMO_PASSWORD },
    });
    expect(noCookie.statusCode).toBe(403);
    const oddBytes = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login_local',
      headers: { cookie: 'XSRF-TOKEN=%E2%82%AC', 'x-xsrf-token': 'é' },
      payload: { username: 'sifa', password: TEST_DEMO_PASSWORD },
    });
    expect(oddBytes.statusCode).toBe(403);
  });

  it('cannot be bypassed by percent-encoding the path', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/%61pi/auth/login_local',
      payload: { username: 'sifa', password: TEST_DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('CSRF_INVALID');
  });
});

describe('sessions', () => {
  it('401 NOT_AUTHENTICATED without a token or with a made-up one', async () => {
    const anonymous = await t.client().get('/api/auth/user');
    expect(anonymous.statusCode).toBe(401);
    expect(errorOf(anonymous).code).toBe('NOT_AUTHENTICATED');
    const client = t.client();
    client.token = 'a'.repeat(43);
    expect((await client.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('logout ends the session on the server', async () => {
    const client = await t.login('mitarbeiter');
    expect((await client.post('/api/auth/logout')).statusCode).toBe(204);
    expect((await client.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('expires a session after the idle time and after the absolute lifetime', async () => {
    const idle = await t.login('mitarbeiter');
    const absolute = await t.login('mitarbeiter');
    const hash = (token: string) => createHash('sha256').update(token).digest('hex');
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '2 hours'` })
      .where(eq(sessions.tokenHash, hash(idle.token!)));
    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.tokenHash, hash(absolute.token!)));
    expect((await idle.get('/api/auth/user')).statusCode).toBe(401);
    expect((await absolute.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('ends every session of an employee who is set inactive', async () => {
    const user = await createUser(t.database.db);
    const client = await t.login(user.login, user.password);
    expect((await client.get('/api/auth/user')).statusCode).toBe(200);
    await t.database.db.update(employees).set({ active: false }).where(eq(employees.id, user.id));
    expect((await client.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('AdfsLogoutUrl is empty while single sign-on is not configured', async () => {
    const client = await t.login('mitarbeiter');
    const res = await client.get('/api/auth/AdfsLogoutUrl');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { url: '' } });
  });
});

describe('POST /api/auth/changePassword', () => {
  it('refuses a wrong current password and an unchanged password with German messages', async () => {
    const user = await createUser(t.database.db);
    const client = await t.login(user.login, user.password);
    const wrong = await client.post('/api/auth/changePassword', {
      currentPassword: 'falsch',
      newPassword: 'Neu-2026-Kennwort',
    });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)).toMatchObject({ code: 'PASSWORD_WRONG' });
    expect(errorOf(wrong).message.length).toBeGreaterThan(10);
    const same = await client.post('/api/auth/changePassword', {
      currentPassword: user.password,
      newPassword: user.password,
    });
    expect(same.statusCode).toBe(400);
    expect(errorOf(same).code).toBe('PASSWORD_SAME');
    const empty = await client.post('/api/auth/changePassword', { currentPassword: '', newPassword: '' });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).code).toBe('INPUT_VALIDATION_ERROR');
  });

  it('changes the password, keeps this session, ends the others and logs the change', async () => {
    const user = await createUser(t.database.db);
    const client = await t.login(user.login, user.password);
    const other = await t.login(user.login, user.password);
    const res = await client.post('/api/auth/changePassword', {
      currentPassword: user.password,
      newPassword: 'Ganz-Neu-2026!',
    });
    expect(res.statusCode).toBe(204);
    expect((await client.get('/api/auth/user')).statusCode).toBe(200);
    expect((await other.get('/api/auth/user')).statusCode).toBe(401);
    const old = await t
      .client()
      .post('/api/auth/login_local', { username: user.login, password: user.password });
    expect(old.statusCode).toBe(401);
    await t.login(user.login, 'Ganz-Neu-2026!');
    const log = await t.database.db.execute(
      sql`select state, changes from change_log where entity = 'employee' and entity_id = ${String(user.id)}`,
    );
    expect(JSON.stringify(log)).toContain('password');
  });

  it('needs a session', async () => {
    const res = await t.client().post('/api/auth/changePassword', { currentPassword: 'a', newPassword: 'b' });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a new password that breaks the password policy, naming every rule', async () => {
    const user = await createUser(t.database.db);
    const client = await t.login(user.login, user.password);
    const res = await client.post('/api/auth/changePassword', {
      currentPassword: user.password,
      newPassword: 'kurz',
    });
    expect(res.statusCode).toBe(400);
    const error = errorOf(res);
    expect(error.code).toBe('PASSWORD_POLICY_VIOLATION');
    expect(error.message).toContain('Das Passwort muss mindestens 10 Zeichen lang sein.');
    expect((error.details as { path: string[] }[])[0]?.path).toEqual(['body', 'newPassword']);
  });

  it('throttles guessing the current password', async () => {
    const user = await createUser(t.database.db);
    const client = await t.login(user.login, user.password);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      codes.push(
        (
          await client.post('/api/auth/changePassword', {
            currentPassword: `rate-${i}`,
            newPassword: 'Neu-2026!',
          })
        ).statusCode,
      );
    }
    expect(codes.slice(0, 10).every((c) => c === 400)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});
