import { P } from '@schutzwerk/shared/permissions.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { TEST_DEMO_EMPLOYEES } from '#test/constants.ts';
import { createUser, customerPortalId } from '#test/fixtures.ts';

type Row = { id: number; lastName: string; firstName: string; personnelNumber: string; active: boolean };
type ListBody = { data: { rows: Row[]; filteredCount: number } };

let t: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => {
  await t.close();
});

const MAIN_PORTAL_EMPLOYEES = TEST_DEMO_EMPLOYEES + 4; // demo staff + admin + 3 demo accounts

describe('GET|POST /api/employee/list', () => {
  it('pages through active employees sorted by last name with a stable order', async () => {
    const first = await admin.get('/api/employee/list?limit=100&offset=0');
    expect(first.statusCode).toBe(200);
    const body = first.json<ListBody>();
    expect(body.data.rows).toHaveLength(100);
    expect(body.data.rows.every((r) => r.active)).toBe(true);
    // German order: the database's sort keys fold umlauts and accents (Böhm before Busch, Özdemir with O).
    const expected = (await t.database.db.execute(
      sql`select id from employees where active order by last_name_sort, first_name_sort, id limit 100`,
    )) as unknown as { rows: { id: number }[] };
    expect(body.data.rows.map((r) => r.id)).toEqual(expected.rows.map((r) => r.id));
    const all = await admin.get(`/api/employee/list?limit=100&offset=0&active=2`);
    // The main portal sees every portal: its own staff plus the 40 of the customer portal.
    expect(all.json<ListBody>().data.filteredCount).toBe(MAIN_PORTAL_EMPLOYEES + 40);
    // Paging never repeats or skips a row.
    const ids = new Set<number>();
    const total = body.data.filteredCount;
    for (let offset = 0; offset < total; offset += 100) {
      const page = (await admin.get(`/api/employee/list?offset=${offset}`)).json<ListBody>();
      for (const row of page.data.rows) ids.add(row.id);
    }
    expect(ids.size).toBe(total);
  });

  it('answers the same by POST with the fields in the body', async () => {
    const get = await admin.get('/api/employee/list?orderBy=personnelNumber&orderDirection=desc&limit=5');
    const post = await admin.post('/api/employee/list', {
      orderBy: 'personnelNumber',
      orderDirection: 'desc',
      limit: 5,
    });
    expect(post.statusCode).toBe(200);
    expect(post.json()).toEqual(get.json());
    const numbers = post.json<ListBody>().data.rows.map((r) => r.personnelNumber);
    expect(numbers).toEqual([...numbers].sort().reverse());
  });

  it('searches case-insensitively, word by word, over name and number', async () => {
    const res = await admin.get(`/api/employee/list?search=${encodeURIComponent('katrin HOFF')}`);
    const body = res.json<ListBody>();
    expect(body.data.filteredCount).toBe(1);
    expect(body.data.rows[0]).toMatchObject({
      lastName: 'Hoffmann',
      firstName: 'Katrin',
      personnelNumber: '000101',
    });
    const byNumber = (await admin.get('/api/employee/list?search=000102')).json<ListBody>();
    expect(byNumber.data.rows[0]?.lastName).toBe('Wagner');
    const wildcard = (
      await admin.get(`/api/employee/list?search=${encodeURIComponent('%')}`)
    ).json<ListBody>();
    expect(wildcard.data.filteredCount).toBe(0);
  });

  it('filters active (0), inactive (1) and all (2)', async () => {
    const count = async (active: number) =>
      (await admin.get(`/api/employee/list?active=${active}`)).json<ListBody>().data.filteredCount;
    const [active, inactive, all] = [await count(0), await count(1), await count(2)];
    expect(inactive).toBeGreaterThan(0);
    expect(active + inactive).toBe(all);
    const inactiveRows = (await admin.get('/api/employee/list?active=1')).json<ListBody>().data.rows;
    expect(inactiveRows.every((r) => !r.active)).toBe(true);
  });

  it('shows inactive employees only with EMPLOYEES_SHOW_INACTIVE', async () => {
    const user = await createUser(t.database.db, { permissions: [P.EMPLOYEES_BASIC_READONLY] });
    const client = await t.login(user.login, user.password);
    const rows = (await client.get('/api/employee/list?active=1')).json<ListBody>().data.rows;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.active)).toBe(true);
  });

  it('scopes a customer-portal user to its own portal', async () => {
    const portalId = await customerPortalId(t.database.db);
    const user = await createUser(t.database.db, { permissions: [P.EMPLOYEES_BASIC_READONLY], portalId });
    const client = await t.login(user.login, user.password);
    const body = (await client.get('/api/employee/list?active=2')).json<ListBody>();
    expect(body.data.filteredCount).toBe(41); // 40 demo staff + the test user
    expect(body.data.rows.some((r) => r.lastName === 'Hoffmann' && r.firstName === 'Katrin')).toBe(false);
  });

  it('400 for an undeclared orderBy, a limit above 100 or a bad direction', async () => {
    for (const query of [
      'orderBy=password_hash',
      'limit=101',
      'orderDirection=up',
      'offset=-1',
      'active=7',
    ]) {
      const res = await admin.get(`/api/employee/list?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(errorOf(res).code).toBe('INPUT_VALIDATION_ERROR');
    }
  });

  it('401 without a session, 403 without EMPLOYEES_BASIC_READONLY', async () => {
    expect((await t.client().get('/api/employee/list')).statusCode).toBe(401);
    const mitarbeiter = await t.login('mitarbeiter');
    const res = await mitarbeiter.get('/api/employee/list');
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toEqual({ code: 'NO_PERMISSION', message: 'Keine Berechtigung.' });
  });
});

/** What the sort key does, for the common letters of the demo data. */
function foldName(name: string): string {
  return name.toLowerCase().replace(/ß/g, 's').replace(/ı/g, 'i').normalize('NFD').replace(/\p{M}/gu, '');
}

describe('German sort order and search', () => {
  it('sorts umlauts and accents with their base letter', async () => {
    const rows = (
      await admin.get('/api/employee/list?orderBy=lastName&active=2&limit=100&search=b')
    ).json<ListBody>().data.rows;
    const keys = rows.map((r) => foldName(r.lastName));
    expect([...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(keys);
    const all = (
      await admin.post('/api/employee/list', {
        active: 2,
        limit: 100,
        orderBy: 'lastName',
        orderDirection: 'desc',
      })
    ).json<ListBody>();
    expect(all.data.rows[0]?.lastName).not.toMatch(/^[ÇŞÖ]/);
  });

  it('finds "Nachname, Vorname" as the app writes names', async () => {
    const res = (
      await admin.get(`/api/employee/list?search=${encodeURIComponent('Hoffmann, Katrin')}`)
    ).json<ListBody>();
    expect(res.data.rows.map((r) => r.personnelNumber)).toContain('000101');
  });
});

describe('GET|POST /api/employee/picker', () => {
  it('shows inactive employees only when asked and allowed', async () => {
    const count = async (client: ApiClient, includeInactive: boolean) =>
      (await client.post('/api/employee/picker', { includeInactive })).json<ListBody>().data.filteredCount;
    const withInactive = await count(admin, true);
    const activeOnly = await count(admin, false);
    expect(withInactive).toBeGreaterThan(activeOnly);
    const mitarbeiter = await t.login('mitarbeiter');
    expect(await count(mitarbeiter, true)).toBe(activeOnly);
  });

  it('400 for bad list parameters, 401 without a session', async () => {
    expect((await admin.get('/api/employee/picker?limit=0')).statusCode).toBe(400);
    expect((await admin.post('/api/employee/picker', { search: 'x'.repeat(201) })).statusCode).toBe(400);
    expect((await t.client().get('/api/employee/picker')).statusCode).toBe(401);
  });

  it('lists active employees ordered by last name, for any signed-in user', async () => {
    const mitarbeiter = await t.login('mitarbeiter');
    const res = await mitarbeiter.post('/api/employee/picker', { search: 'Wagner', orderBy: 'firstName' });
    expect(res.statusCode).toBe(200);
    const rows = res.json<ListBody>().data.rows;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.lastName.includes('Wagner'))).toBe(true);
    const all = (await mitarbeiter.get('/api/employee/picker?limit=100')).json<ListBody>();
    const keys = all.data.rows.map((r) => foldName(r.lastName));
    expect([...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(keys);
  });
});

describe('field-level rights in the list and the picker (decision 027)', () => {
  type FlagRow = Row & { isTempWorker: boolean | null; isExternal: boolean | null };
  const extendedFilters = [
    'type=tempWorker',
    'type=external',
    'type=employee',
    'status=worksBan',
    'status=tempWorkEnded',
  ];

  it('refuses filters on extended data to a reader with master data only (403, German message)', async () => {
    const reader = await createUser(t.database.db, { permissions: [P.EMPLOYEES_BASIC_READONLY] });
    const client = await t.login(reader.login, reader.password);
    for (const filter of extendedFilters) {
      const res = await client.get(`/api/employee/list?${filter}`);
      expect(res.statusCode, filter).toBe(403);
      expect(errorOf(res)).toMatchObject({
        code: 'EMPLOYEE_FILTER_NOT_PERMITTED',
        message:
          'Nach diesem Merkmal dürfen Sie nicht filtern: Es gehört zu den Mitarbeiterdaten, die Sie nicht lesen dürfen.',
      });
    }
    const [field, value] = 'status=worksBan'.split('=') as [string, string];
    expect((await client.post('/api/employee/list', { [field]: value })).statusCode).toBe(403);
    // The demo account 'fuehrung' holds master data only, too.
    const fuehrung = await t.login('fuehrung');
    expect(errorOf(await fuehrung.get('/api/employee/list?type=tempWorker')).code).toBe(
      'EMPLOYEE_FILTER_NOT_PERMITTED',
    );
    // 'noLogin' reads login name and password presence, both master data of the record.
    expect((await client.get('/api/employee/list?status=noLogin')).statusCode).toBe(200);
  });

  it('answers the type flags only to readers of extended data', async () => {
    const reader = await createUser(t.database.db, { permissions: [P.EMPLOYEES_BASIC_READONLY] });
    const client = await t.login(reader.login, reader.password);
    const hidden = (await client.get('/api/employee/list?limit=100')).json<{
      data: { rows: FlagRow[] };
    }>().data.rows;
    expect(hidden.length).toBeGreaterThan(0);
    expect(hidden.every((r) => r.isTempWorker === null && r.isExternal === null)).toBe(true);

    const extended = await createUser(t.database.db, {
      permissions: [P.EMPLOYEES_BASIC_READONLY, P.EMPLOYEES_READONLY],
    });
    const extendedClient = await t.login(extended.login, extended.password);
    const temps = await extendedClient.get('/api/employee/list?type=tempWorker');
    expect(temps.statusCode).toBe(200);
    const tempRows = temps.json<{ data: { rows: FlagRow[] } }>().data.rows;
    expect(tempRows.length).toBeGreaterThan(0);
    expect(tempRows.every((r) => r.isTempWorker === true)).toBe(true);
    expect((await extendedClient.get('/api/employee/list?status=worksBan')).statusCode).toBe(200);
  });

  it('searches login names and e-mail addresses in the picker only for readers of the record', async () => {
    const probe = await createUser(t.database.db);
    await t.database.db.execute(
      sql`update employees set email = 'picker.probe@example.de' where id = ${probe.id}`,
    );
    const names = async (client: ApiClient, search: string) =>
      (await client.post('/api/employee/picker', { search })).json<ListBody>().data.rows.map((r) => r.id);
    const mitarbeiter = await t.login('mitarbeiter');
    // 'sifa' is the safety officer's login name, not part of any name.
    expect(await names(mitarbeiter, 'sifa')).toEqual([]);
    expect(await names(mitarbeiter, 'picker.probe')).toEqual([]);
    expect(await names(mitarbeiter, probe.login)).toEqual([]);
    // Names and personnel numbers are still found.
    const byName = await mitarbeiter.post('/api/employee/picker', { search: 'Katrin Hoffmann' });
    expect(byName.json<ListBody>().data.rows.map((r) => r.personnelNumber)).toContain('000101');
    // A reader of the record (master data) finds both.
    const reader = await createUser(t.database.db, { permissions: [P.EMPLOYEES_BASIC_READONLY] });
    const readerClient = await t.login(reader.login, reader.password);
    expect(await names(readerClient, 'picker.probe')).toEqual([probe.id]);
    expect((await names(readerClient, 'sifa')).length).toBe(1);
  });
});
