import type { HazardBrick, HazardBrickRow } from '@schutzwerk/shared/hazard-bricks/hazard-bricks.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/query.ts';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { createUser } from '#test/fixtures.ts';

type FileBrick = {
  identifier: string;
  title: string;
  riskFrom: number;
  riskTo: number;
  free: boolean;
  description: string;
  actions: { identifier: string; description: string }[];
  guidelines: { title: string; description: string }[];
  verificationCodes: { code: string; description: string }[];
};
type BricksFile = { kind: string; formatVersion: number; bricks: FileBrick[] };

let t: TestApp;
let admin: ApiClient;
let reader: ApiClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const user = await createUser(t.database.db, { permissions: [P.HAZARDBRICKS, P.HAZARDBRICKS_CREATE] });
  reader = await t.login(user.login, user.password);
});
afterAll(async () => {
  await t.close();
});

const rows = async (search: string) =>
  (await admin.get(`/api/hazardbricks?limit=100&search=${encodeURIComponent(search)}`)).json<{
    data: { rows: HazardBrickRow[]; filteredCount: number };
  }>().data;
const importFile = (content: string, client: ApiClient = admin) =>
  client.post('/api/hazardbricks/import', { content });
const fileWith = (bricks: unknown[]) =>
  JSON.stringify({ kind: 'schutzwerk-hazard-bricks', formatVersion: 1, bricks });

describe('hazard brick export', () => {
  it('needs HAZARDBRICKS_IMPORT', async () => {
    expect((await t.client().get('/api/hazardbricks/export')).statusCode).toBe(401);
    expect(errorOf(await reader.get('/api/hazardbricks/export')).code).toBe('NO_PERMISSION');
    expect((await t.client().post('/api/hazardbricks/import', { content: '' })).statusCode).toBe(401);
    expect(errorOf(await importFile(fileWith([]), reader)).code).toBe('NO_PERMISSION');
  });

  it('exports the whole catalogue with actions, guidelines and codes as a JSON file', async () => {
    const res = await admin.get('/api/hazardbricks/export');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="gefaehrdungsbausteine-\d{4}-\d\d-\d\d\.hazardbricks\.json"/,
    );
    const file = JSON.parse(res.body) as BricksFile;
    expect(file.kind).toBe('schutzwerk-hazard-bricks');
    expect(file.formatVersion).toBe(1);
    expect(file.bricks).toHaveLength((await rows('')).filteredCount);
    const m01 = file.bricks.find((b) => b.identifier === 'M-01')!;
    expect(m01.title).toBe('Ungeschützt bewegte Maschinenteile');
    expect(m01.actions.map((a) => a.identifier)).toEqual(['S1', 'T1', 'O1', 'P1']);
    expect(m01.guidelines.length).toBeGreaterThan(0);
    expect(m01.verificationCodes.length).toBeGreaterThan(0);
  });

  it('exports only the search result when a search is given', async () => {
    const res = await admin.get(
      `/api/hazardbricks/export?search=${encodeURIComponent('Elektrischer Schlag')}`,
    );
    const file = JSON.parse(res.body) as BricksFile;
    expect(file.bricks.map((b) => b.identifier)).toEqual(['E-01']);
    const free = JSON.parse((await admin.get('/api/hazardbricks/export?free=true')).body) as BricksFile;
    expect(free.bricks.length).toBeGreaterThan(0);
    expect(free.bricks.every((b) => b.free)).toBe(true);
  });
});

describe('hazard brick import', () => {
  it('imports a file (round trip of an export) with the lists, logged as import', async () => {
    const exported = JSON.parse(
      (await admin.get(`/api/hazardbricks/export?search=${encodeURIComponent('Elektrischer Schlag')}`)).body,
    ) as BricksFile;
    const e01 = exported.bricks[0]!;
    const analyses = async () => {
      const [row] = await queryRows<{ n: number | string }>(
        t.database.db,
        sql`select analyze_count + autoanalyze_count as n from pg_stat_user_tables where relname = 'hazard_bricks'`,
      );
      return Number(row!.n);
    };
    const analysedBefore = await analyses();
    const res = await importFile(
      fileWith([
        { ...e01, identifier: 'IMP-1', title: 'Importierter Baustein eins' },
        { ...e01, identifier: 'IMP-2', title: 'Importierter Baustein zwei', actions: [] },
      ]),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ data: unknown }>().data).toEqual({ imported: 2, identifiers: ['IMP-1', 'IMP-2'] });
    // A bulk write: the catalogue's planner statistics are refreshed after it (decision 035).
    expect(await analyses()).toBeGreaterThan(analysedBefore);
    const list = await rows('Importierter Baustein');
    expect(list.rows.map((r) => r.identifier)).toEqual(['IMP-1', 'IMP-2']);
    const brick = (await admin.get(`/api/hazardbricks/${list.rows[0]!.id}`)).json<{ data: HazardBrick }>()
      .data;
    expect(brick.actions.map((a) => a.identifier)).toEqual(e01.actions.map((a) => a.identifier));
    expect(brick.verificationCodes.map((c) => c.code)).toEqual(e01.verificationCodes.map((c) => c.code));
    const log = await queryRows<{ state: number }>(
      t.database.db,
      sql`select state from change_log where entity = 'hazard_brick' and entity_id = ${String(brick.id)}`,
    );
    expect(log).toEqual([{ state: 3 }]);
  });

  it('refuses the whole file when an identifier exists (ignoring case), naming it', async () => {
    const before = (await rows('')).filteredCount;
    const res = await importFile(
      fileWith([
        { identifier: 'NEU-9', title: 'Neuer Baustein', riskFrom: 1, riskTo: 2 },
        { identifier: 'm-01', title: 'Doppelt', riskFrom: 1, riskTo: 2 },
      ]),
    );
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).code).toBe('HAZARD_BRICK_IMPORT_EXISTS');
    expect(errorOf(res).message).toContain('M-01');
    expect(errorOf(res).message).toContain('Es wurde nichts importiert.');
    expect((await rows('')).filteredCount).toBe(before);
  });

  it('refuses a file without data with a German message', async () => {
    for (const content of [
      '',
      '   ',
      fileWith([]),
      JSON.stringify({ kind: 'schutzwerk-hazard-bricks', formatVersion: 1 }),
    ]) {
      const res = await importFile(content);
      expect(res.statusCode, content).toBe(400);
      expect(errorOf(res)).toMatchObject({
        code: 'HAZARD_BRICK_FILE_EMPTY',
        message: 'Die Datei enthält keine Gefährdungsbausteine. Es wurde nichts importiert.',
      });
    }
  });

  it('refuses files that are not an export, bad bricks and duplicate identifiers', async () => {
    const notJson = await importFile('kein JSON');
    expect(errorOf(notJson).code).toBe('HAZARD_BRICK_FILE_INVALID');
    const report = await importFile(
      JSON.stringify({ kind: 'schutzwerk-report', formatVersion: 1, bricks: [{}] }),
    );
    expect(report.statusCode).toBe(400);
    expect(errorOf(report).details).toEqual(
      expect.arrayContaining([
        { path: ['kind'], message: 'Die Datei ist keine Exportdatei mit Gefährdungsbausteinen.' },
      ]),
    );
    const badRange = await importFile(
      fileWith([{ identifier: 'R-1', title: 'Bereich', riskFrom: 6, riskTo: 3 }]),
    );
    expect(errorOf(badRange).details).toEqual([
      {
        path: ['bricks', 0, 'riskTo'],
        message: 'Das Risiko „bis“ darf nicht kleiner sein als das Risiko „von“.',
      },
    ]);
    const twice = await importFile(
      fileWith([
        { identifier: 'D-1', title: 'Eins', riskFrom: 1, riskTo: 2 },
        { identifier: 'd-1', title: 'Zwei', riskFrom: 1, riskTo: 2 },
      ]),
    );
    expect(errorOf(twice)).toMatchObject({ code: 'HAZARD_BRICK_FILE_INVALID' });
    expect(errorOf(twice).details).toEqual([
      { path: ['bricks', 1, 'identifier'], message: 'Die Kennung „d-1“ kommt in der Datei mehrfach vor.' },
    ]);
    expect((await rows('D-1')).filteredCount).toBe(0);
  });
});
