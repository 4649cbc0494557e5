import type { HazardBrick, HazardBrickRow } from '@schutzwerk/shared/hazard-bricks/hazard-bricks.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/query.ts';
import type { Actor } from '#platform/access.ts';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { createUser, employeeIdByLogin } from '#test/fixtures.ts';
import { BASE_HAZARD_BRICKS } from './hazard-bricks.base-data.ts';
import { hazardBricksRepository } from './hazard-bricks.repository.ts';
import { createHazardBricksService } from './hazard-bricks.service.ts';

let t: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => {
  await t.close();
});

const valid = (identifier: string) => ({
  identifier,
  title: `Prüfbaustein ${identifier}`,
  riskFrom: 2,
  riskTo: 5,
  free: false,
  description: 'Beschreibung',
  actions: [{ identifier: 'T1', description: 'Schutzhaube anbringen' }],
  guidelines: [{ title: 'Leitfaden', description: 'TRBS 2111' }],
  verificationCodes: [{ code: 'PC-1', description: 'Schutzhaube vorhanden' }],
});

async function create(body: Record<string, unknown>, client: ApiClient = admin): Promise<HazardBrick> {
  const res = await client.post('/api/hazardbricks', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: HazardBrick }>().data;
}
const rows = (res: { json: <T>() => T }) =>
  res.json<{ data: { rows: HazardBrickRow[]; filteredCount: number } }>().data;
const details = (res: Parameters<typeof errorOf>[0]) =>
  errorOf(res).details as { path: (string | number)[]; message: string }[];

describe('starter catalogue', () => {
  it('is seeded with German bricks, each with actions, guidelines and codes', async () => {
    const list = rows(await admin.get('/api/hazardbricks?limit=100'));
    const ids = list.rows.map((r) => r.identifier);
    for (const brick of BASE_HAZARD_BRICKS) expect(ids).toContain(brick.identifier);
    expect(BASE_HAZARD_BRICKS.length).toBeGreaterThanOrEqual(12);
    const m01 = list.rows.find((r) => r.identifier === 'M-01')!;
    expect(m01.title).toBe('Ungeschützt bewegte Maschinenteile');
    const record = (await admin.get(`/api/hazardbricks/${m01.id}`)).json<{ data: HazardBrick }>().data;
    expect(record.actions.map((a) => a.identifier)).toEqual(['S1', 'T1', 'O1', 'P1']);
    expect(record.guidelines.length).toBeGreaterThan(0);
    expect(record.verificationCodes.length).toBeGreaterThan(0);
  });
});

describe('create and validation', () => {
  it('creates a brick with its lists and logs it', async () => {
    const brick = await create(valid('X-100'));
    expect(brick).toMatchObject({ identifier: 'X-100', riskFrom: 2, riskTo: 5, version: 1 });
    expect(brick.actions).toMatchObject([{ identifier: 'T1', description: 'Schutzhaube anbringen' }]);
    expect(brick.verificationCodes).toMatchObject([{ code: 'PC-1' }]);
    const log = await queryRows<{ state: number }>(
      t.database.db,
      sql`select state from change_log where entity = 'hazard_brick' and entity_id = ${String(brick.id)}`,
    );
    expect(log).toHaveLength(1);
  });

  it('answers German messages for missing fields and a bad risk range', async () => {
    const empty = await admin.post('/api/hazardbricks', { ...valid(''), title: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).code).toBe('INPUT_VALIDATION_ERROR');
    expect(details(empty)).toEqual(
      expect.arrayContaining([
        { path: ['body', 'identifier'], message: 'Bitte geben Sie eine Kennung an.' },
        { path: ['body', 'title'], message: 'Bitte geben Sie einen Titel an.' },
      ]),
    );
    const range = await admin.post('/api/hazardbricks', { ...valid('X-101'), riskFrom: 6, riskTo: 3 });
    expect(range.statusCode).toBe(400);
    expect(details(range)).toContainEqual({
      path: ['body', 'riskTo'],
      message: 'Das Risiko „bis“ darf nicht kleiner sein als das Risiko „von“.',
    });
    const scale = await admin.post('/api/hazardbricks', { ...valid('X-102'), riskFrom: 0, riskTo: 8 });
    expect(details(scale)).toEqual(
      expect.arrayContaining([
        { path: ['body', 'riskFrom'], message: 'Der Risikowert muss zwischen 1 und 7 liegen.' },
        { path: ['body', 'riskTo'], message: 'Der Risikowert muss zwischen 1 und 7 liegen.' },
      ]),
    );
    const twice = await admin.post('/api/hazardbricks', {
      ...valid('X-103'),
      verificationCodes: [
        { code: 'A', description: '' },
        { code: 'a', description: '' },
      ],
    });
    expect(details(twice)).toContainEqual({
      path: ['body', 'verificationCodes', 1, 'code'],
      message: 'Dieser Prüfcode ist bereits vergeben.',
    });
  });

  it('refuses a second brick with the same identifier (ignoring case)', async () => {
    await create(valid('X-200'));
    const res = await admin.post('/api/hazardbricks', valid('x-200'));
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toMatchObject({
      code: 'HAZARD_BRICK_IDENTIFIER_EXISTS',
      message: 'Diese Kennung ist bereits an einen anderen Gefährdungsbaustein vergeben.',
    });
    const other = await create(valid('X-201'));
    const rename = await admin.put(`/api/hazardbricks/${other.id}`, { ...valid('X-200'), version: 1 });
    expect(rename.statusCode).toBe(409);
    expect(errorOf(rename).code).toBe('HAZARD_BRICK_IDENTIFIER_EXISTS');
  });
});

describe('update, optimistic locking, delete', () => {
  it('saves fields and lists, bumps the version and answers 409 for a stale version', async () => {
    const brick = await create(valid('X-300'));
    const res = await admin.put(`/api/hazardbricks/${brick.id}`, {
      ...valid('X-300'),
      title: 'Geändert',
      actions: [
        { identifier: 'T1', description: 'Schutzhaube anbringen' },
        { identifier: 'O1', description: 'Unterweisen' },
      ],
      version: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<{ data: HazardBrick }>().data;
    expect(saved).toMatchObject({ title: 'Geändert', version: 2 });
    expect(saved.actions.map((a) => a.identifier)).toEqual(['T1', 'O1']);
    const stale = await admin.put(`/api/hazardbricks/${brick.id}`, { ...valid('X-300'), version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('CONFLICT');
  });

  it('deletes with the current version only; 404 afterwards', async () => {
    const brick = await create(valid('X-400'));
    expect((await admin.delete(`/api/hazardbricks/${brick.id}?version=7`)).statusCode).toBe(409);
    expect((await admin.delete(`/api/hazardbricks/${brick.id}?version=1`)).statusCode).toBe(204);
    const gone = await admin.get(`/api/hazardbricks/${brick.id}`);
    expect(gone.statusCode).toBe(404);
  });

  it('refuses deletion when a deletion guard reports a use, with its reason', async () => {
    const brick = await create(valid('X-500'));
    // The module's service with a guard as hazard assessments will register it, on the same database.
    const service = createHazardBricksService({
      db: t.database.db,
      repository: hazardBricksRepository,
      deletionGuards: [
        async (_ex, id) =>
          id === brick.id ? 'Der Baustein wird in 2 Gefährdungsbeurteilungen verwendet.' : null,
      ],
    });
    const actor = { employeeId: await employeeIdByLogin(t.database.db, 'admin') } as Actor;
    await expect(service.remove(actor, brick.id, 1)).rejects.toMatchObject({
      code: 'HAZARD_BRICK_IN_USE',
      status: 409,
      message: 'Der Baustein wird in 2 Gefährdungsbeurteilungen verwendet.',
    });
    expect((await admin.get(`/api/hazardbricks/${brick.id}`)).statusCode).toBe(200);
  });
});

describe('rights', () => {
  it('reading needs HAZARDBRICKS; create, delete, actions and codes their own rights', async () => {
    const none = await createUser(t.database.db, { permissions: [] });
    const noneClient = await t.login(none.login, none.password);
    expect((await noneClient.get('/api/hazardbricks')).statusCode).toBe(403);

    const editor = await createUser(t.database.db, { permissions: [P.HAZARDBRICKS, P.HAZARDBRICKS_EDIT] });
    const client = await t.login(editor.login, editor.password);
    expect((await client.get('/api/hazardbricks')).statusCode).toBe(200);
    expect((await client.post('/api/hazardbricks', valid('X-600'))).statusCode).toBe(403);
    const brick = await create(valid('X-601'));
    // fields may change, the lists not
    const fields = await client.put(`/api/hazardbricks/${brick.id}`, {
      ...valid('X-601'),
      title: 'Neu',
      version: 1,
    });
    expect(fields.statusCode, fields.body).toBe(200);
    const lists = await client.put(`/api/hazardbricks/${brick.id}`, {
      ...valid('X-601'),
      title: 'Neu',
      actions: [],
      version: 2,
    });
    expect(lists.statusCode).toBe(403);
    expect(errorOf(lists).code).toBe('NO_PERMISSION');
    const codes = await client.put(`/api/hazardbricks/${brick.id}`, {
      ...valid('X-601'),
      title: 'Neu',
      verificationCodes: [],
      version: 2,
    });
    expect(codes.statusCode).toBe(403);
    expect((await client.delete(`/api/hazardbricks/${brick.id}?version=2`)).statusCode).toBe(403);

    const actions = await createUser(t.database.db, {
      permissions: [P.HAZARDBRICKS, P.HAZARDBRICKS_ACTIONS],
    });
    const actionsClient = await t.login(actions.login, actions.password);
    const ok = await actionsClient.put(`/api/hazardbricks/${brick.id}`, {
      ...valid('X-601'),
      title: 'Neu',
      actions: [],
      version: 2,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const field = await actionsClient.put(`/api/hazardbricks/${brick.id}`, {
      ...valid('X-601'),
      title: 'Anders',
      actions: [],
      version: 3,
    });
    expect(field.statusCode).toBe(403);
  });
});

describe('pickers', () => {
  it('default lists standard bricks, free only free ones, all marks free bricks as FREI', async () => {
    await create({ ...valid('X-700'), free: true, title: 'Freier Prüfbaustein' });
    const user = await createUser(t.database.db, { permissions: [] });
    const client = await t.login(user.login, user.password);
    const def = rows(await client.get('/api/hazardbrick/picker?limit=100'));
    expect(def.rows.every((r) => !r.free && r.mark === null)).toBe(true);
    expect(def.rows.map((r) => r.identifier)).toContain('M-01');
    const free = rows(await client.post('/api/hazardbrick/pickerFree', { search: 'Prüfbaustein' }));
    expect(free.rows.map((r) => r.identifier)).toEqual(['X-700']);
    const all = rows(await client.post('/api/hazardbrick/pickerAll', { limit: 100 }));
    expect(all.rows.find((r) => r.identifier === 'X-700')).toMatchObject({ free: true, mark: 'FREI' });
    expect(all.rows.find((r) => r.identifier === 'M-01')).toMatchObject({ free: false, mark: null });
    expect(all.filteredCount).toBe(
      def.filteredCount + rows(await client.get('/api/hazardbrick/pickerFree')).filteredCount,
    );
  });

  it('searches identifier and title and sorts by risk', async () => {
    const found = rows(await admin.get('/api/hazardbrick/pickerAll?search=Lärm'));
    expect(found.rows.map((r) => r.identifier)).toEqual(['P-01']);
    const byRisk = rows(await admin.get('/api/hazardbricks?orderBy=riskTo&orderDirection=desc&limit=1'));
    expect(byRisk.rows[0]?.riskTo).toBe(7);
    const bad = await admin.get('/api/hazardbricks?orderBy=nope');
    expect(bad.statusCode).toBe(400);
  });

  it('lists actions, guidelines and codes of one brick', async () => {
    const brick = await create(valid('X-800'));
    const actions = (await admin.get(`/api/hazardbrickaction/picker?brickId=${brick.id}`)).json<{
      data: { rows: { identifier: string; description: string; brickId: number }[] };
    }>().data;
    expect(actions.rows).toMatchObject([
      { identifier: 'T1', description: 'Schutzhaube anbringen', brickId: brick.id },
    ]);
    const guidelines = (
      await admin.post('/api/hazardbrickactionguideline/picker', { brickId: brick.id })
    ).json<{ data: { rows: { title: string }[] } }>().data;
    expect(guidelines.rows).toMatchObject([{ title: 'Leitfaden', description: 'TRBS 2111' }]);
    const codes = (await admin.get(`/api/hazardbrickverificationcode/picker?brickId=${brick.id}`)).json<{
      data: { rows: { code: string }[] };
    }>().data;
    expect(codes.rows).toMatchObject([{ code: 'PC-1', description: 'Schutzhaube vorhanden' }]);
    const missing = await admin.get('/api/hazardbrickaction/picker');
    expect(missing.statusCode).toBe(400);
  });
});
