import { DEFAULT_NOHL_CRITERIA, type NohlCriteria } from '@schutzwerk/shared/hazard-analysis/nohl.ts';
import type {
  NohlCriteriaAnswer,
  NohlCriteriaHistoryEntry,
} from '@schutzwerk/shared/hazard-analysis/nohl-criteria.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { createUser, customerPortalId } from '#test/fixtures.ts';

let t: TestApp;
let admin: ApiClient;
let editor: ApiClient;
let logReader: ApiClient;
let plain: ApiClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const as = async (permissions: number[], portalId?: number) => {
    const user = await createUser(t.database.db, { permissions, ...(portalId ? { portalId } : {}) });
    return t.login(user.login, user.password);
  };
  editor = await as([P.HAZARDANALYSISSTATUS_EDIT]);
  logReader = await as([P.HAZARDANALYSISSTATUS_LOG]);
  plain = await as([]);
});
afterAll(async () => {
  await t.close();
});

const answer = (res: { json: <T>() => T }) => res.json<{ data: NohlCriteriaAnswer }>().data;
const details = (res: Parameters<typeof errorOf>[0]) =>
  errorOf(res).details as { path: (string | number)[]; message: string }[];
const copy = (c: NohlCriteria): NohlCriteria => structuredClone(c);

describe('NOHL classification criteria', () => {
  it('answers the defaults (version 0) to every signed-in user, nobody else', async () => {
    expect((await t.client().get('/api/hazardanalysis/status')).statusCode).toBe(401);
    const res = await plain.get('/api/hazardanalysis/status');
    expect(res.statusCode, res.body).toBe(200);
    expect(answer(res)).toEqual({
      criteria: DEFAULT_NOHL_CRITERIA,
      version: 0,
      updatedAt: null,
      updatedBy: null,
    });
  });

  it('refuses saving without HAZARDANALYSISSTATUS_EDIT and from a customer portal', async () => {
    const body = { version: 0, criteria: DEFAULT_NOHL_CRITERIA };
    expect((await t.client().put('/api/hazardanalysis/status', body)).statusCode).toBe(401);
    expect(errorOf(await plain.put('/api/hazardanalysis/status', body)).code).toBe('NO_PERMISSION');
    expect(errorOf(await logReader.put('/api/hazardanalysis/status', body)).code).toBe('NO_PERMISSION');
    const customer = await createUser(t.database.db, {
      permissions: [P.HAZARDANALYSISSTATUS_EDIT],
      portalId: await customerPortalId(t.database.db),
    });
    const res = await (await t.login(customer.login, customer.password)).put(
      '/api/hazardanalysis/status',
      body,
    );
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('NOHL_CRITERIA_MAIN_PORTAL_ONLY');
  });

  it('refuses bad scores and start values with German messages', async () => {
    const bad = copy(DEFAULT_NOHL_CRITERIA);
    bad.cells[3]![2] = 8;
    bad.yellowFrom = 5;
    bad.redFrom = 4;
    const res = await editor.put('/api/hazardanalysis/status', { version: 0, criteria: bad });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('INPUT_VALIDATION_ERROR');
    expect(details(res)).toEqual(
      expect.arrayContaining([
        {
          path: ['body', 'criteria', 'cells', 3, 2],
          message: 'Der Risikowert muss zwischen 1 und 7 liegen.',
        },
      ]),
    );
    const bands = copy(DEFAULT_NOHL_CRITERIA);
    bands.yellowFrom = 4;
    bands.redFrom = 4;
    const res2 = await editor.put('/api/hazardanalysis/status', { version: 0, criteria: bands });
    expect(res2.statusCode).toBe(400);
    expect(details(res2)).toEqual([
      {
        path: ['body', 'criteria', 'redFrom'],
        message: 'Der Startwert für Rot muss größer als der Startwert für Gelb sein.',
      },
    ]);
    const green = copy(DEFAULT_NOHL_CRITERIA);
    green.yellowFrom = 1;
    const res3 = await editor.put('/api/hazardanalysis/status', { version: 0, criteria: green });
    expect(details(res3)[0]?.message).toContain('damit Grün einen Bereich hat');
    const shape = await editor.put('/api/hazardanalysis/status', {
      version: 0,
      criteria: { ...DEFAULT_NOHL_CRITERIA, cells: [[1, 2, 3]] },
    });
    expect(shape.statusCode).toBe(400);
    expect(answer(await plain.get('/api/hazardanalysis/status')).version).toBe(0);
  });

  it('saves with the version, refuses a stale one with 409 and keeps the history', async () => {
    const first = copy(DEFAULT_NOHL_CRITERIA);
    first.cells[3]![2] = 7; // hoch × schwere Verletzung
    first.redFrom = 6;
    const saved = await editor.put('/api/hazardanalysis/status', { version: 0, criteria: first });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(answer(saved)).toMatchObject({ criteria: first, version: 1 });
    expect(answer(saved).updatedBy?.name).toMatch(/^Prüfer\d+, Tess$/);

    const stale = await admin.put('/api/hazardanalysis/status', {
      version: 0,
      criteria: DEFAULT_NOHL_CRITERIA,
    });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('CONFLICT');

    const second = copy(first);
    second.yellowFrom = 4;
    const again = await admin.put('/api/hazardanalysis/status', { version: 1, criteria: second });
    expect(answer(again)).toMatchObject({ criteria: second, version: 2 });
    // Saving the same value changes the version but writes no empty history entry.
    expect(
      answer(await admin.put('/api/hazardanalysis/status', { version: 2, criteria: second })).version,
    ).toBe(3);
    expect(answer(await plain.get('/api/hazardanalysis/status'))).toMatchObject({
      criteria: second,
      version: 3,
    });

    expect((await t.client().get('/api/hazardanalysis/status/history')).statusCode).toBe(401);
    expect(errorOf(await editor.get('/api/hazardanalysis/status/history')).code).toBe('NO_PERMISSION');
    expect(errorOf(await plain.get('/api/hazardanalysis/status/history')).code).toBe('NO_PERMISSION');
    const history = await logReader.get('/api/hazardanalysis/status/history');
    expect(history.statusCode, history.body).toBe(200);
    const entries = history.json<{ data: NohlCriteriaHistoryEntry[] }>().data;
    expect(entries).toHaveLength(2);
    expect(entries[0]!.changes).toEqual([{ field: 'yellowFrom', from: 3, to: 4 }]);
    expect(entries[1]!.actor?.name).toMatch(/^Prüfer\d+, Tess$/);
    expect(entries[1]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'cell.4.3', from: 6, to: 7 },
        { field: 'redFrom', from: 5, to: 6 },
      ]),
    );
    expect(entries[1]!.changes).toHaveLength(2);
  });
});
