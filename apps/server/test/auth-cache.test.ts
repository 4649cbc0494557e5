import { P } from '@schutzwerk/shared/permissions.ts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employeeRoles, roles } from '#modules/roles/roles.table.ts';
import { createSessionStore, hashToken } from '#platform/sessions.ts';
import { type ApiClient, createSecondInstance, createTestApp, type TestApp } from '#test/app.ts';
import { createUser } from '#test/fixtures.ts';

/**
 * Decision 038: an app instance reuses the actor it resolved for a session while the auth generation is unchanged.
 * Two instances on one database (PostgreSQL: two pools; PGlite: one database object): instance B has the actor
 * cached, instance A changes what it is made of, and B's very next request must see the change.
 */
let a: TestApp;
let b: Awaited<ReturnType<typeof createSecondInstance>>;
let adminOnA: ApiClient;

beforeAll(async () => {
  a = await createTestApp();
  b = await createSecondInstance(a);
  adminOnA = await a.login('admin');
});
afterAll(async () => {
  await b.close();
  await a.close();
});

/** The same session on instance B. */
function onB(client: ApiClient): ApiClient {
  const other = b.client();
  other.token = client.token;
  return other;
}

/** A signed-in user holding ROLES_MANAGE through a role of its own; the session warmed on B. */
async function userWarmOnB() {
  const user = await createUser(a.database.db, { permissions: [P.ROLES_MANAGE] });
  const onA = await a.login(user.login, user.password);
  const client = onB(onA);
  // Twice: the first request resolves and caches the actor, the second is answered from B's cache.
  for (let i = 0; i < 2; i++) {
    expect((await client.get('/api/auth/user')).statusCode).toBe(200);
    expect((await client.get('/api/role/list')).statusCode).toBe(200);
  }
  const [role] = await a.database.db
    .select({ id: roles.id, version: roles.version })
    .from(roles)
    .where(eq(roles.name, `Testrolle ${user.login}`));
  return { user, onA, onB: client, role: role! };
}

describe('two app instances on one database', () => {
  it('an employee deactivated on A is refused by B on the next request', async () => {
    const { user, onB: client } = await userWarmOnB();
    const record = await adminOnA.get(`/api/employee/${user.id}`);
    const version = record.json<{ data: { version: number } }>().data.version;
    const res = await adminOnA.patch(`/api/employee/${user.id}`, { version, active: false });
    expect(res.statusCode, res.body).toBe(200);
    expect((await client.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('a session ended on A (logout, password change ending the others) is refused by B', async () => {
    const { user, onA, onB: client } = await userWarmOnB();
    const second = await a.login(user.login, user.password);
    const secondOnB = onB(second);
    expect((await secondOnB.get('/api/auth/user')).statusCode).toBe(200);

    expect((await onA.post('/api/auth/logout')).statusCode).toBe(204);
    expect((await client.get('/api/auth/user')).statusCode).toBe(401);
    expect((await secondOnB.get('/api/auth/user')).statusCode).toBe(200);

    const third = onB(await a.login(user.login, user.password));
    expect((await third.get('/api/auth/user')).statusCode).toBe(200);
    const changed = await second.post('/api/auth/changePassword', {
      currentPassword: user.password,
      newPassword: 'Neu-Kennwort-2026!x',
    });
    expect(changed.statusCode, changed.body).toBe(204);
    expect((await third.get('/api/auth/user')).statusCode).toBe(401);
    expect((await secondOnB.get('/api/auth/user')).statusCode).toBe(200);
  });

  it("an administrator's 'Passwort zurücksetzen' on A ends the sessions B has cached", async () => {
    const { user, onB: client } = await userWarmOnB();
    const record = await adminOnA.get(`/api/employee/${user.id}`);
    const version = record.json<{ data: { version: number } }>().data.version;
    const res = await adminOnA.post(`/api/employee/${user.id}/resetPassword`, { version, delivery: 'show' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await client.get('/api/auth/user')).statusCode).toBe(401);
  });

  it("a right removed from the user's role on A is refused by B (403) and gone from auth/user", async () => {
    const { onB: client, role } = await userWarmOnB();
    const res = await adminOnA.patch(`/api/role/${role.id}`, { version: role.version, permissions: [] });
    expect(res.statusCode, res.body).toBe(200);
    expect((await client.get('/api/role/list')).statusCode).toBe(403);
    const me = await client.get('/api/auth/user');
    expect(me.json<{ data: { permissions: number[] } }>().data.permissions).toEqual([]);
  });

  it('a role membership removed on A is refused by B (403)', async () => {
    const { user, onB: client, role } = await userWarmOnB();
    const res = await adminOnA.delete(`/api/role/${role.id}/members/${user.id}`);
    expect(res.statusCode, res.body).toBe(204);
    expect((await client.get('/api/role/list')).statusCode).toBe(403);
  });

  it("the employee's name and the portal changed on A show on B's auth/user at once", async () => {
    const { user, onB: client } = await userWarmOnB();
    const record = await adminOnA.get(`/api/employee/${user.id}`);
    const version = record.json<{ data: { version: number } }>().data.version;
    expect(
      (await adminOnA.patch(`/api/employee/${user.id}`, { version, lastName: 'Neumann' })).statusCode,
    ).toBe(200);
    type Me = { data: { employee: { lastName: string }; scope: { portalName: string } } };
    expect((await client.get('/api/auth/user')).json<Me>().data.employee.lastName).toBe('Neumann');
    // No route renames the main portal yet: a write on A's connection, as any future one would be.
    const portalName = (await client.get('/api/auth/user')).json<Me>().data.scope.portalName;
    await a.database.db.execute(sql`update portals set name = ${`${portalName} (neu)`} where is_main`);
    expect((await client.get('/api/auth/user')).json<Me>().data.scope.portalName).toBe(`${portalName} (neu)`);
    await a.database.db.execute(sql`update portals set name = ${portalName} where is_main`);
  });
});

describe('the cached actor (decision 038)', () => {
  it('is reused while the generation is unchanged, and read again after any relevant write', async () => {
    const user = await createUser(a.database.db, { permissions: [P.ROLES_MANAGE] });
    const client = await a.login(user.login, user.password);
    const store = createSessionStore(a.database.db, { idleMs: 3_600_000, absoluteMs: 36_000_000 });
    try {
      const first = await store.resolve(client.token!);
      expect(first?.employeeId).toBe(user.id);
      const again = await store.resolve(client.token!);
      expect(again).toBe(first);
      expect(store.stats()).toMatchObject({ hits: 1, misses: 1 });

      // A membership changed in a transaction: read again, with the right gone.
      await a.database.db.transaction(async (tx) => {
        await tx.delete(employeeRoles).where(eq(employeeRoles.employeeId, user.id));
      });
      const fresh = await store.resolve(client.token!);
      expect(fresh).not.toBe(first);
      expect([...(fresh?.permissions ?? [])]).toEqual([]);
      expect(store.stats()).toMatchObject({ hits: 1, misses: 2 });

      // The throttled touch of last_seen_at (forward) changes nothing; the session deleted does.
      expect(await store.resolve(client.token!)).toBe(fresh);
      await a.database.db.execute(
        sql`update sessions set last_seen_at = now() + interval '1 second' where token_hash = ${hashToken(client.token!)}`,
      );
      expect(await store.resolve(client.token!)).toBe(fresh);
      expect(store.stats()).toMatchObject({ hits: 3, misses: 2 });
      await store.end(a.database.db, hashToken(client.token!));
      expect(await store.resolve(client.token!)).toBeNull();
    } finally {
      await store.close();
    }
  });

  it('a write rolled back leaves the generation and the cached actor as they were', async () => {
    const user = await createUser(a.database.db);
    const client = await a.login(user.login, user.password);
    const store = createSessionStore(a.database.db, { idleMs: 3_600_000, absoluteMs: 36_000_000 });
    try {
      const first = await store.resolve(client.token!);
      await expect(
        a.database.db.transaction(async (tx) => {
          await tx.execute(sql`update employees set active = false where id = ${user.id}`);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await store.resolve(client.token!)).toBe(first);
      expect(store.stats()).toMatchObject({ hits: 1, misses: 1 });
    } finally {
      await store.close();
    }
  });
});
