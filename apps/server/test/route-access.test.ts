import { P, permissionList, SUPERUSER_ID } from '@schutzwerk/shared/permissions.ts';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employeeRoles, rolePermissions } from '../src/modules/roles/roles.table.ts';
import { registerAuth } from '../src/platform/auth.plugin.ts';
import type { SessionStore } from '../src/platform/sessions.ts';
import { type ApiClient, createTestApp, type TestApp } from './app.ts';
import { createUser } from './fixtures.ts';

/**
 * Walks every registered /api route: each non-public route refuses an anonymous caller (401), and each
 * route that needs a permission refuses a signed-in caller without any permission (403) — before it looks
 * at parameters or body.
 */
let t: TestApp;
let nobody: ApiClient;
beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t.database.db, { permissions: [] });
  nobody = await t.login(user.login, user.password);
});
afterAll(async () => {
  await t.close();
});

const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1');

describe('every /api route declares and enforces its access', () => {
  it('has routes to check', () => {
    expect(t.app.apiRoutes.length).toBeGreaterThan(10);
  });

  it('refuses anonymous callers on every non-public route', async () => {
    const checked: string[] = [];
    for (const route of t.app.apiRoutes.filter((r) => r.access.kind !== 'public')) {
      const res = await t
        .client()
        .request(route.method as 'GET', concrete(route.url), route.method === 'GET' ? undefined : {});
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json().error.code).toBe('NOT_AUTHENTICATED');
      checked.push(`${route.method} ${route.url}`);
    }
    expect(checked.length).toBeGreaterThan(5);
  });

  it('refuses callers without the permission on every permission-guarded route', async () => {
    const guarded = t.app.apiRoutes.filter((r) => r.access.kind === 'anyOf' || r.access.kind === 'allOf');
    expect(guarded.length).toBeGreaterThan(5);
    for (const route of guarded) {
      const res = await nobody.request(
        route.method as 'GET',
        concrete(route.url),
        route.method === 'GET' ? undefined : {},
      );
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json().error).toEqual({ code: 'NO_PERMISSION', message: 'Keine Berechtigung.' });
    }
  });

  it("refuses callers who hold every permission except the route's own", async () => {
    const guarded = t.app.apiRoutes.filter((r) => r.access.kind === 'anyOf' || r.access.kind === 'allOf');
    // One user whose role is rewritten per route: permissions are read fresh on every request, and
    // creating and signing in a user per route (two password hashes each) took most of the time.
    const user = await createUser(t.database.db, { permissions: [P.DASHBOARD] });
    const client = await t.login(user.login, user.password);
    const [membership] = await t.database.db
      .select({ roleId: employeeRoles.roleId })
      .from(employeeRoles)
      .where(eq(employeeRoles.employeeId, user.id));
    const roleId = membership!.roleId;
    for (const route of guarded) {
      const ids = route.access.kind === 'anyOf' || route.access.kind === 'allOf' ? route.access.ids : [];
      const missing = route.access.kind === 'anyOf' ? ids : ids.slice(0, 1);
      const others = permissionList
        .map((p) => p.id)
        .filter((id) => id !== SUPERUSER_ID && !missing.includes(id));
      await t.database.db.transaction(async (tx) => {
        await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
        await tx.insert(rolePermissions).values(others.map((permissionId) => ({ roleId, permissionId })));
      });
      const res = await client.request(
        route.method as 'GET',
        concrete(route.url),
        route.method === 'GET' ? undefined : {},
      );
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('enforces access on percent-encoded paths too', async () => {
    for (const route of t.app.apiRoutes.filter((r) => r.access.kind !== 'public')) {
      const url = concrete(route.url).replace('/api/', '/%61pi/');
      const res = await t
        .client()
        .request(route.method as 'GET', url, route.method === 'GET' ? undefined : {});
      expect(res.statusCode, `${route.method} ${url}`).toBe(401);
    }
  });

  it('refuses state-changing requests without the CSRF header on every route', async () => {
    const client = await t.login('admin');
    client.sendCsrf = false;
    for (const route of t.app.apiRoutes.filter((r) => r.method !== 'GET')) {
      const res = await client.request(route.method as 'POST', concrete(route.url), {});
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json().error.code).toBe('CSRF_INVALID');
    }
  });

  it('answers 404 NOT_FOUND for an unknown /api path', async () => {
    const res = await t.client().get('/api/gibt-es-nicht');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });
});

describe('start-up', () => {
  it('fails when a route declares no access', async () => {
    const app = Fastify();
    registerAuth(app, {} as SessionStore);
    app.register(async (plugin) => {
      plugin.get('/api/undeclared', async () => 'x');
    });
    await expect(app.ready()).rejects.toThrow(/declares no access/);
  });
});
