import type { Checklist, ChecklistInstance } from '@schutzwerk/shared/checklists/checklists.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actions } from '#modules/actions/index.ts';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { createUser, customerPortalId } from '#test/fixtures.ts';

/** The element types of decision 061: employee picker, tree, countdown, time recording, tasks, documents. */
let t: TestApp;
let admin: ApiClient;
let filler: ApiClient;
let reader: ApiClient;
let colleague: { id: number };
let stranger: { id: number };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const customer = await customerPortalId(t.database.db);
  const user = await createUser(t.database.db, {
    permissions: [
      P.AUDIT_CHECKLISTS,
      P.AUDIT_CHECKLISTS_EDIT,
      P.DOCUMENTS,
      P.DOCUMENTS_EDIT,
      P.DOCUMENTS_CREATE,
    ],
    portalId: customer,
  });
  filler = await t.login(user.login, user.password);
  const r = await createUser(t.database.db, { permissions: [P.AUDIT_CHECKLISTS], portalId: customer });
  reader = await t.login(r.login, r.password);
  colleague = await createUser(t.database.db, { portalId: customer });
  stranger = await createUser(t.database.db);
});
afterAll(async () => {
  await t.close();
});

const data = <T>(res: { json: <R>() => R }) => res.json<{ data: T }>().data;
const cells = [
  { row: 1, column: 1, element: { type: 'employee', label: 'Prüfer', required: true } },
  {
    type: 'tree',
    label: 'Bereich',
    required: false,
    nodes: [
      { label: 'Werk', depth: 0 },
      { label: 'Halle 1', depth: 1 },
      { label: 'Lager', depth: 0 },
    ],
  },
  { type: 'countdown', label: 'Einwirkzeit', required: false, minutes: 5 },
  { type: 'timer', label: 'Arbeitszeit', required: false },
  { type: 'task', label: 'Mangel', required: false, designation: 'Mangel beheben' },
  { type: 'documents', label: 'Nachweise', required: false },
  { type: 'image', label: 'Foto', required: false },
].map((element, i) => ('row' in element ? element : { row: i + 1, column: 1, element }));

/** The fields a save sends. */
const editable = (c: Checklist) => ({
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
  rights: c.rights.map(({ kind, id, edit }) => ({ kind, id, edit })),
  locked: c.locked,
});

async function build(client: ApiClient): Promise<Checklist> {
  const created = data<Checklist>(
    await client.post('/api/checklists', { label: `Elemente ${Math.random()}` }),
  );
  const res = await client.put(`/api/checklists/${created.id}`, {
    version: created.version,
    label: created.label,
    category: '',
    module: 'general',
    active: true,
    requiredProgress: 0,
    cloneMaximum: 0,
    rows: [1, 2, 3, 4, 5, 6, 7].map((key) => ({ key, label: '' })),
    columns: [{ key: 1, label: '' }],
    cells,
    variables: [],
    rights: [],
    locked: false,
  });
  expect(res.statusCode, res.body).toBe(200);
  return data<Checklist>(res);
}

let builder: ApiClient;
beforeAll(async () => {
  const b = await createUser(t.database.db, {
    permissions: [P.AUDIT_CHECKLISTS, P.AUDIT_CHECKLISTS_CREATE, P.AUDIT_CHECKLISTS_EDIT],
    portalId: await customerPortalId(t.database.db),
  });
  builder = await t.login(b.login, b.password);
});

async function instance(c: Checklist) {
  const inst = data<ChecklistInstance>(await filler.post(`/api/checklists/${c.id}/instances`));
  return { inst, url: `/api/checklists/${c.id}/instances/${inst.id}` };
}
const save = (url: string, version: number, answers: Record<string, unknown>, status = 'undone') =>
  filler.put(url, { version, answers, results: {}, status });

describe('checklist elements', () => {
  it('stores a picked employee by id, resolves the name and refuses one outside the portal', async () => {
    const c = await build(builder);
    const { inst, url } = await instance(c);
    const refused = await save(url, inst.version, { '1_1': stranger.id });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toMatchObject({
      code: 'CHECKLIST_EMPLOYEE_NOT_VISIBLE',
      details: { cells: ['1_1'] },
    });
    expect(errorOf(refused).message).toContain('nicht sichtbar');
    const ok = await save(url, inst.version, { '1_1': colleague.id });
    expect(ok.statusCode, ok.body).toBe(200);
    const read = data<ChecklistInstance>(await reader.get(url));
    expect(read.answers['1_1']).toBe(colleague.id);
    expect(read.employees).toEqual([expect.objectContaining({ id: colleague.id, firstName: 'Tess' })]);
  });

  it('checks tree paths, countdown starts and time recordings', async () => {
    const c = await build(builder);
    const { inst, url } = await instance(c);
    const invalid = async (answers: Record<string, unknown>) => {
      const res = await save(url, inst.version, answers);
      expect(errorOf(res).code).toBe('CHECKLIST_ANSWER_INVALID');
    };
    await invalid({ '2_1': 'Halle 1' });
    await invalid({ '3_1': '26.11.2026 10:00' });
    await invalid({ '4_1': '2026-11-26T10:00:00Z/2026-11-26T09:00:00Z' });
    await invalid({ '4_1': '2026-11-26T10:00:00Z' });
    // a running time recording is not yet answered
    const running = await save(url, inst.version, {
      '1_1': colleague.id,
      '2_1': 'Werk › Halle 1',
      '3_1': '2026-11-26T10:00:00Z',
      '4_1': '2026-11-26T10:00:00Z/',
    });
    expect(running.statusCode, running.body).toBe(200);
    expect(data<ChecklistInstance>(running).progress).toBe(50);
    const stopped = await save(url, inst.version + 1, {
      ...data<ChecklistInstance>(running).answers,
      '4_1': '2026-11-26T10:00:00Z/2026-11-26T10:30:00Z',
    });
    expect(data<ChecklistInstance>(stopped).progress).toBe(66);
  });

  it('refuses a tree whose node has no parent, with a German message', async () => {
    const c = await build(builder);
    const res = await builder.put(`/api/checklists/${c.id}`, {
      ...editable(c),
      cells: [
        {
          row: 1,
          column: 1,
          element: { type: 'tree', label: 'B', required: false, nodes: [{ label: 'Tief', depth: 1 }] },
        },
      ],
    });
    expect(errorOf(res).code).toBe('INPUT_VALIDATION_ERROR');
    expect(JSON.stringify(errorOf(res).details)).toContain('zu tief eingerückt');
  });

  it('creates the action of a task cell once, shows its state and keeps the cell', async () => {
    const c = await build(builder);
    const { inst, url } = await instance(c);
    const body = {
      version: inst.version,
      cell: '5_1',
      designation: 'Geländer reparieren',
      responsibleId: colleague.id,
      dueDate: '2026-12-31',
    };
    expect(errorOf(await reader.post(`${url}/actions`, body)).code).toBe('NO_PERMISSION');
    expect(errorOf(await filler.post(`${url}/actions`, { ...body, cell: '2_1' })).code).toBe(
      'CELLS_NOT_FOUND',
    );
    const noOne = await filler.post(`${url}/actions`, { ...body, responsibleId: 0 });
    expect(errorOf(noOne).code).toBe('INPUT_VALIDATION_ERROR');
    const created = await filler.post(`${url}/actions`, body);
    expect(created.statusCode, created.body).toBe(201);
    const withAction = data<ChecklistInstance>(created);
    expect(withAction.actions['5_1']).toMatchObject({ designation: 'Geländer reparieren', done: false });
    expect(withAction.answers['5_1']).toBe(withAction.actions['5_1']?.id);
    expect(errorOf(await filler.post(`${url}/actions`, { ...body, version: withAction.version })).code).toBe(
      'CHECKLIST_TASK_EXISTS',
    );
    expect(errorOf(await filler.post(`${url}/actions`, body)).code).toBe('CONFLICT');
    // the filler cannot move the cell's action
    expect(errorOf(await save(url, withAction.version, { '5_1': 1 })).code).toBe('CHECKLIST_ANSWER_INVALID');
    expect((await save(url, withAction.version, { '5_1': withAction.answers['5_1'] })).statusCode).toBe(200);
    // the action is in the actions module with the checklist as its source
    const [action] = await t.database.db
      .select({
        sourceType: actions.sourceType,
        sourceId: actions.sourceId,
        responsibleId: actions.responsibleId,
      })
      .from(actions)
      .where(eq(actions.id, withAction.actions['5_1']?.id ?? 0));
    expect(action).toEqual({ sourceType: 'checklist', sourceId: inst.id, responsibleId: colleague.id });
    // the task cell cannot be removed while its action hangs on it
    const fresh = data<Checklist>(await builder.get(`/api/checklists/${c.id}`));
    const removed = await builder.put(`/api/checklists/${c.id}`, {
      ...editable(fresh),
      cells: fresh.cells.filter((x) => x.row !== 5),
    });
    expect(errorOf(removed)).toMatchObject({ code: 'CHECKLIST_CELL_IN_USE', details: { cells: ['5_1'] } });
  });

  it('attaches documents to the filled checklist; the documents cell stays while files hang on it', async () => {
    const c = await build(builder);
    const { inst } = await instance(c);
    const doc = data<{ id: number }>(
      await filler.post('/api/documents', { label: 'Prüfprotokoll', type: 8 }),
    );
    const link = { entity: 'checklist_instance', entityId: inst.id, documentId: doc.id };
    // the main portal's admin cannot see the customer portal's checklist
    expect((await admin.post('/api/documents/links', link)).statusCode).toBe(404);
    const attached = await filler.post('/api/documents/links', link);
    expect(attached.statusCode, attached.body).toBe(204);
    const listed = await filler.get(`/api/documents/links?entity=checklist_instance&entityId=${inst.id}`);
    expect(listed.json<{ data: { id: number }[] }>().data.map((d) => d.id)).toEqual([doc.id]);
    // a reader of the checklist cannot attach
    expect((await reader.post('/api/documents/links', link)).statusCode).toBe(403);
    const removed = await builder.put(`/api/checklists/${c.id}`, {
      ...editable(c),
      cells: c.cells.filter((x) => x.row !== 6),
    });
    expect(errorOf(removed)).toMatchObject({ code: 'CHECKLIST_CELL_IN_USE', details: { cells: ['6_1'] } });
  });

  it('takes as a photo only a document attached to the filled checklist', async () => {
    const c = await build(builder);
    const { inst, url } = await instance(c);
    const photo = data<{ id: number }>(await filler.post('/api/documents', { label: 'Foto', type: 7 }));
    const loose = await save(url, inst.version, { '7_1': photo.id });
    expect(errorOf(loose)).toMatchObject({ code: 'CHECKLIST_ANSWER_INVALID', details: { cells: ['7_1'] } });
    const link = { entity: 'checklist_instance', entityId: inst.id, documentId: photo.id };
    expect((await filler.post('/api/documents/links', link)).statusCode).toBe(204);
    const ok = await save(url, inst.version, { '7_1': photo.id });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(data<ChecklistInstance>(ok).answers['7_1']).toBe(photo.id);
  });
});
