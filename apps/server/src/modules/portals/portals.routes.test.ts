import { P } from '@schutzwerk/shared/permissions.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, createTestApp, type TestApp } from '#test/app.ts';
import { createUser, customerPortalId } from '#test/fixtures.ts';
import { portals } from './portals.table.ts';

type Picker = { data: { rows: { id: number; name: string }[]; filteredCount: number } };

let t: TestApp;
let mainUser: ApiClient;
let customerUser: ApiClient;
let customerPortals: { id: number; name: string }[];
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await db.insert(portals).values([{ name: 'Zweigwerk Nord' }, { name: 'Zweigwerk Süd' }]);
  customerPortals = await db
    .select({ id: portals.id, name: portals.name })
    .from(portals)
    .where(eq(portals.isMain, false));
  const main = await createUser(db, { permissions: [P.EMPLOYEES_PORTALS] });
  mainUser = await t.login(main.login, main.password);
  const customer = await createUser(db, {
    permissions: [P.PORTALS],
    portalId: await customerPortalId(db),
  });
  customerUser = await t.login(customer.login, customer.password);
});
afterAll(async () => {
  await t.close();
});

describe('portal picker', () => {
  it('offers the main portal every customer portal, never the main portal, sorted by name', async () => {
    const res = await mainUser.get('/api/portals/picker');
    expect(res.statusCode, res.body).toBe(200);
    const { rows, filteredCount } = res.json<Picker>().data;
    const expected = [...customerPortals].sort((a, b) => a.name.localeCompare(b.name, 'de'));
    expect(rows.map((r) => r.id)).toEqual(expected.map((p) => p.id));
    expect(filteredCount).toBe(customerPortals.length);
  });

  it('searches by name, in GET and POST alike', async () => {
    const get = await mainUser.get(`/api/portals/picker?search=${encodeURIComponent('Süd')}`);
    const post = await mainUser.post('/api/portals/picker', { search: 'Süd' });
    expect(get.json<Picker>().data.rows.map((r) => r.name)).toEqual(['Zweigwerk Süd']);
    expect(post.json<Picker>().data).toEqual(get.json<Picker>().data);
  });

  it("answers a customer portal's user an empty list", async () => {
    const res = await customerUser.post('/api/portals/picker', {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Picker>().data).toEqual({ rows: [], filteredCount: 0 });
  });
});
