import type { Checklist, ChecklistInstance } from '@schutzwerk/shared/checklists/checklists.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { createUser, customerPortalId } from '#test/fixtures.ts';

let t: TestApp;
let admin: ApiClient;
let builder: ApiClient;
let reader: ApiClient;
let other: ApiClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const as = async (permissions: number[], portalId?: number) => {
    const user = await createUser(t.database.db, { permissions, ...(portalId ? { portalId } : {}) });
    return t.login(user.login, user.password);
  };
  builder = await as([P.AUDIT_CHECKLISTS, P.AUDIT_CHECKLISTS_CREATE, P.AUDIT_CHECKLISTS_EDIT]);
  reader = await as([P.AUDIT_CHECKLISTS]);
  other = await as(
    [P.AUDIT_CHECKLISTS, P.AUDIT_CHECKLISTS_EDIT, P.AUDIT_CHECKLISTS_VARIABLES],
    await customerPortalId(t.database.db),
  );
});
afterAll(async () => {
  await t.close();
});

const data = <T>(res: { json: <R>() => R }) => res.json<{ data: T }>().data;
const number = (label: string, variable: string | null = null) => ({
  type: 'number',
  label,
  required: true,
  kind: 'float',
  min: null,
  max: null,
  variable,
});
const total = (formula: string) => ({
  type: 'total',
  label: 'Summe',
  required: false,
  formula,
  fractionDigits: 2,
  variable: null,
});
const variable = (name: string, defaultValue = 0) => ({
  name,
  alias: `Alias ${name}`,
  defaultValue,
  fractionDigits: 2,
  reference: 'none',
  scope: 'local',
  limit: null,
  inDatabase: false,
});
function body(c: Checklist, patch: Record<string, unknown> = {}) {
  return {
    version: c.version,
    label: c.label,
    category: c.category,
    module: c.module,
    active: c.active,
    requiredProgress: c.requiredProgress,
    cloneMaximum: c.cloneMaximum,
    rows: c.rows,
    columns: c.columns,
    cells: c.cells,
    variables: c.variables,
    rights: c.rights,
    locked: c.locked,
    ...patch,
  };
}
const grid = {
  rows: [
    { key: 1, label: 'Menge A' },
    { key: 2, label: 'Menge B' },
    { key: 3, label: 'Gesamt' },
  ],
  columns: [{ key: 1, label: 'Wert' }],
};

async function built(client: ApiClient = admin): Promise<Checklist> {
  const created = data<Checklist>(
    await client.post('/api/checklists', { label: `Prüfliste ${Math.random()}` }),
  );
  const res = await client.put(
    `/api/checklists/${created.id}`,
    body(created, {
      ...grid,
      cells: [
        { row: 1, column: 1, element: number('A', '@a@') },
        { row: 2, column: 1, element: number('B') },
        { row: 3, column: 1, element: total('(@a@ + @cell_2_1@) * @faktor@') },
      ],
      variables: [variable('@a@'), variable('@faktor@', 2)],
    }),
  );
  expect(res.statusCode, res.body).toBe(200);
  return data<Checklist>(res);
}

describe('checklists', () => {
  it('creates, lists and reads a checklist with its grid; 401/403/404 as usual', async () => {
    expect((await t.client().get('/api/checklists')).statusCode).toBe(401);
    expect(errorOf(await reader.post('/api/checklists', { label: 'X' })).code).toBe('NO_PERMISSION');
    const c = await built(builder === undefined ? admin : admin);
    expect(c.cells).toHaveLength(3);
    expect(c.version).toBe(2);
    const list = (await reader.get(`/api/checklists?search=${encodeURIComponent(c.label)}`)).json<{
      data: { rows: { id: number }[] };
    }>();
    expect(list.data.rows.map((r) => r.id)).toEqual([c.id]);
    expect(data<Checklist>(await reader.get(`/api/checklists/${c.id}`)).label).toBe(c.label);
    // another portal's checklist: the same answer as a missing one
    expect(errorOf(await other.get(`/api/checklists/${c.id}`)).code).toBe('CHECKLISTS_NOT_FOUND');
    expect(errorOf(await reader.get('/api/checklists/999999')).code).toBe('CHECKLISTS_NOT_FOUND');
  });

  it('refuses bad formulas, bad variable names, duplicates and cycles with German messages', async () => {
    const c = data<Checklist>(await admin.post('/api/checklists', { label: 'Formeln' }));
    const issues = async (patch: Record<string, unknown>) => {
      const res = await admin.put(`/api/checklists/${c.id}`, body(c, { ...grid, ...patch }));
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).code).toBe('INPUT_VALIDATION_ERROR');
      return (errorOf(res).details as { path: (string | number)[]; message: string }[]).map((d) => d.message);
    };
    expect(
      await issues({
        cells: [{ row: 3, column: 1, element: total("constructor.constructor('return process')()") }],
      }),
    ).toEqual([expect.stringContaining('nicht erlaubten Ausdruck')]);
    expect(await issues({ cells: [{ row: 3, column: 1, element: total('@a@ +') }] })).toEqual([
      expect.stringContaining('fehlerhaft'),
    ]);
    expect(await issues({ cells: [{ row: 3, column: 1, element: total('@nix@ * 2') }] })).toEqual([
      expect.stringContaining('unbekannte Variable'),
    ]);
    expect(await issues({ variables: [variable('@cell_a@')] })).toEqual([
      'Der Variablenname darf nicht mit value, previous_value oder cell beginnen.',
    ]);
    expect(await issues({ variables: [variable('@a@'), variable('@a@')] })).toEqual([
      'Die Variable @a@ ist bereits vorhanden. Bitte wählen Sie einen anderen Namen.',
    ]);
    expect(
      await issues({
        cells: [
          { row: 1, column: 1, element: total('@cell_2_1@') },
          { row: 2, column: 1, element: total('@cell_1_1@') },
        ],
      }),
    ).toEqual([expect.stringContaining('im Kreis')]);
  });

  it('needs AUDIT_CHECKLISTS_VARIABLES to change variables, and answers 409 on a stale version', async () => {
    const c = data<Checklist>(await builder.post('/api/checklists', { label: 'Variablen' }));
    expect(
      errorOf(await builder.put(`/api/checklists/${c.id}`, body(c, { variables: [variable('@x@')] }))).code,
    ).toBe('NO_PERMISSION');
    const saved = await builder.put(`/api/checklists/${c.id}`, body(c, { label: 'Variablen 2' }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(errorOf(await builder.put(`/api/checklists/${c.id}`, body(c, { label: 'alt' }))).code).toBe(
      'CONFLICT',
    );
  });

  it('fills an instance: the server recomputes totals and refuses a forged result', async () => {
    const c = await built();
    expect(errorOf(await reader.post(`/api/checklists/${c.id}/instances`)).code).toBe('NO_PERMISSION');
    const inst = data<ChecklistInstance>(await admin.post(`/api/checklists/${c.id}/instances`));
    expect(inst.status).toBe('undone');
    const url = `/api/checklists/${c.id}/instances/${inst.id}`;
    const forged = await admin.put(url, {
      version: inst.version,
      answers: { '1_1': 1.5, '2_1': 2 },
      results: { '3_1': 1000 },
      status: 'undone',
    });
    expect(errorOf(forged).code).toBe('CHECKLIST_RESULT_MISMATCH');
    expect(errorOf(forged).message).toContain('stimmt nicht');
    expect(
      errorOf(
        await admin.put(url, {
          version: inst.version,
          answers: { '1_1': 'viel' },
          results: {},
          status: 'undone',
        }),
      ).code,
    ).toBe('CHECKLIST_ANSWER_INVALID');
    expect(
      errorOf(
        await admin.put(url, {
          version: inst.version,
          answers: { '1_1': 1 },
          results: { '3_1': 2 },
          status: 'done',
        }),
      ).code,
    ).toBe('CHECKLIST_MANDATORY_UNDONE');
    const ok = await admin.put(url, {
      version: inst.version,
      answers: { '1_1': 1.5, '2_1': 2 },
      results: { '3_1': 7 },
      status: 'done',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(data<ChecklistInstance>(ok)).toMatchObject({
      progress: 100,
      status: 'done',
      results: { '3_1': 7 },
    });
    expect(
      errorOf(
        await admin.put(url, { version: inst.version, answers: {}, results: { '3_1': 0 }, status: 'undone' }),
      ).code,
    ).toBe('CONFLICT');
    expect((await reader.get(url)).statusCode).toBe(200);
    // a reader may read, not fill
    expect(
      errorOf(await reader.put(url, { version: 2, answers: {}, results: { '3_1': 0 }, status: 'undone' }))
        .code,
    ).toBe('NO_PERMISSION');
  });

  it('refuses removing an answered cell or row and deleting a filled checklist', async () => {
    const c = await built();
    const inst = data<ChecklistInstance>(await admin.post(`/api/checklists/${c.id}/instances`));
    await admin.put(`/api/checklists/${c.id}/instances/${inst.id}`, {
      version: inst.version,
      answers: { '2_1': 4 },
      results: { '3_1': 8 },
      status: 'undone',
    });
    // removing row 2 (and its answered cell) is refused; the total that used it would fail first, so drop both
    const res = await admin.put(
      `/api/checklists/${c.id}`,
      body(c, {
        rows: c.rows.filter((r) => r.key !== 2),
        cells: c.cells.filter((cell) => cell.row === 1),
      }),
    );
    expect(errorOf(res).code).toBe('CHECKLIST_CELL_IN_USE');
    expect(errorOf(res).details).toEqual({ cells: ['2_1'] });
    // an unanswered cell may go
    const fine = await admin.put(
      `/api/checklists/${c.id}`,
      body(c, { cells: c.cells.filter((x) => x.row !== 3) }),
    );
    expect(fine.statusCode, fine.body).toBe(200);
    const deleted = await admin.delete(`/api/checklists/${c.id}?version=${data<Checklist>(fine).version}`);
    expect(errorOf(deleted).code).toBe('CHECKLIST_IN_USE');
    const empty = data<Checklist>(await admin.post('/api/checklists', { label: 'Leer' }));
    expect((await admin.delete(`/api/checklists/${empty.id}?version=${empty.version}`)).statusCode).toBe(204);
  });
});
