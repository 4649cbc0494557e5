import type {
  Checklist,
  ChecklistBackup,
  ChecklistInstance,
} from '@schutzwerk/shared/checklists/checklists.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees } from '#modules/employees/index.ts';
import { locations } from '#modules/organisation/index.ts';
import { employeeRoles } from '#modules/roles/index.ts';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { createUser, mainPortalId } from '#test/fixtures.ts';

/** Builder settings, rights, locks, clones, backups, export and import (decision 061). */
let t: TestApp;
let admin: ApiClient;
let builder: ApiClient;
const data = <T>(res: { json: <R>() => R }) => res.json<{ data: T }>().data;
const as = async (permissions: number[]) => {
  const user = await createUser(t.database.db, { permissions });
  return { ...user, client: await t.login(user.login, user.password) };
};
const FILL = [P.AUDIT_CHECKLISTS, P.AUDIT_CHECKLISTS_COLLECTIONTREE_EDIT];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  builder = (await as([P.AUDIT_CHECKLISTS, P.AUDIT_CHECKLISTS_CREATE, P.AUDIT_CHECKLISTS_EDIT])).client;
});
afterAll(async () => {
  await t.close();
});

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
const text = (label: string, locked = false) => ({
  type: 'text',
  label,
  required: false,
  maxLength: 50,
  locked,
});

async function created(label = `Einstellungen ${Math.random()}`): Promise<Checklist> {
  const c = data<Checklist>(await admin.post('/api/checklists', { label }));
  const res = await admin.put(`/api/checklists/${c.id}`, {
    ...editable(c),
    rows: [
      { key: 1, label: 'Eins' },
      { key: 2, label: 'Zwei' },
    ],
    cells: [
      { row: 1, column: 1, element: text('Befund') },
      { row: 2, column: 1, element: text('Bemerkung') },
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
  return data<Checklist>(res);
}
const put = (client: ApiClient, c: Checklist, patch: Record<string, unknown>) =>
  client.put(`/api/checklists/${c.id}`, { ...editable(c), ...patch });

describe('checklist rights', () => {
  it('shows and lets fill a checklist only to the named employees, roles and locations', async () => {
    const seer = await as(FILL);
    const filler = await as(FILL);
    const placed = await as(FILL);
    const outsider = await as(FILL);
    const db = t.database.db;
    const [role] = await db.select().from(employeeRoles).where(eq(employeeRoles.employeeId, filler.id));
    const [location] = await db
      .select()
      .from(locations)
      .where(eq(locations.portalId, await mainPortalId(db)));
    expect(location).toBeDefined();
    await db.update(employees).set({ locationId: location!.id }).where(eq(employees.id, placed.id));

    const c = await created();
    const rights = [
      { kind: 'employee', id: seer.id, edit: false },
      { kind: 'role', id: role!.roleId, edit: true },
      { kind: 'location', id: location!.id, edit: true },
    ];
    // the builder lacks AUDIT_CHECKLISTS_RIGHTS
    expect(errorOf(await put(builder, c, { rights })).code).toBe('NO_PERMISSION');
    const unknown = await put(admin, c, { rights: [{ kind: 'role', id: 999999, edit: true }] });
    expect(errorOf(unknown)).toMatchObject({
      code: 'CHECKLIST_RIGHT_UNKNOWN',
      details: { rights: ['role:999999'] },
    });
    const twice = await put(admin, c, { rights: [rights[0], rights[0]] });
    expect(errorOf(twice).code).toBe('INPUT_VALIDATION_ERROR');
    const saved = await put(admin, c, { rights });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(data<Checklist>(saved).rights.map((r) => r.name)).toEqual([
      expect.stringContaining('Tess'),
      expect.stringContaining('Testrolle'),
      location!.name,
    ]);

    const listed = async (client: ApiClient) =>
      data<{ rows: { id: number }[] }>(
        await client.get(`/api/checklists?search=${encodeURIComponent(c.label)}`),
      ).rows.map((r) => r.id);
    expect(await listed(outsider.client)).toEqual([]);
    expect(errorOf(await outsider.client.get(`/api/checklists/${c.id}`)).code).toBe('CHECKLISTS_NOT_FOUND');
    expect(await listed(seer.client)).toEqual([c.id]);
    expect(errorOf(await seer.client.post(`/api/checklists/${c.id}/instances`)).code).toBe('NO_PERMISSION');
    for (const who of [filler, placed]) {
      expect(await listed(who.client)).toEqual([c.id]);
      const inst = await who.client.post(`/api/checklists/${c.id}/instances`);
      expect(inst.statusCode, inst.body).toBe(201);
      const i = data<ChecklistInstance>(inst);
      const ok = await who.client.put(`/api/checklists/${c.id}/instances/${i.id}`, {
        version: i.version,
        answers: { '1_1': 'in Ordnung' },
        results: {},
        status: 'undone',
      });
      expect(ok.statusCode, ok.body).toBe(200);
      // the one who may only see cannot fill it, nor read its instances' details by another door
      const seen = await seer.client.put(`/api/checklists/${c.id}/instances/${i.id}`, {
        version: i.version + 1,
        answers: {},
        results: {},
        status: 'undone',
      });
      expect(errorOf(seen).code).toBe('NO_PERMISSION');
      expect(errorOf(await outsider.client.get(`/api/checklists/${c.id}/instances/${i.id}`)).code).toBe(
        'CHECKLISTS_NOT_FOUND',
      );
    }
  });
});

describe('checklist locks', () => {
  it('lets only administrators lock elements and block editing', async () => {
    const c = await created();
    const lockedCells = [c.cells[0] && { ...c.cells[0], element: text('Befund', true) }, c.cells[1]];
    expect(errorOf(await put(builder, c, { cells: lockedCells })).code).toBe('NO_PERMISSION');
    expect(errorOf(await put(builder, c, { locked: true })).code).toBe('NO_PERMISSION');
    const locked = data<Checklist>(await put(admin, c, { cells: lockedCells }));
    // the locked element can be neither changed nor removed; the others can
    const changed = await put(builder, locked, {
      cells: [{ ...lockedCells[0], element: text('Anders', true) }, c.cells[1]],
    });
    expect(errorOf(changed)).toMatchObject({ code: 'CHECKLIST_ELEMENT_LOCKED', details: { cells: ['1_1'] } });
    expect(errorOf(await put(builder, locked, { cells: [c.cells[1]] })).code).toBe(
      'CHECKLIST_ELEMENT_LOCKED',
    );
    const other = await put(builder, locked, {
      cells: [lockedCells[0], { ...c.cells[1], element: text('Neu') }],
    });
    expect(other.statusCode, other.body).toBe(200);
    // editing blocked: nobody but an administrator saves
    const blocked = data<Checklist>(await put(admin, data<Checklist>(other), { locked: true }));
    const refused = await put(builder, blocked, { label: 'Geändert' });
    expect(errorOf(refused).code).toBe('CHECKLIST_LOCKED');
    expect(errorOf(refused).message).toContain('gesperrt');
    expect((await put(admin, blocked, { locked: false })).statusCode).toBe(200);
  });
});

describe('cloning', () => {
  it('clones up to the clone maximum and keeps an original with clones', async () => {
    const c = await created('Original');
    expect(errorOf(await admin.post(`/api/checklists/${c.id}/clone`)).code).toBe('CHECKLIST_CLONE_MAXIMUM');
    expect(errorOf(await builder.post(`/api/checklists/${c.id}/clone`)).code).toBe('NO_PERMISSION');
    const allowed = data<Checklist>(await put(admin, c, { cloneMaximum: 1 }));
    const clone = await admin.post(`/api/checklists/${c.id}/clone`);
    expect(clone.statusCode, clone.body).toBe(201);
    expect(data<Checklist>(clone)).toMatchObject({
      label: 'Kopie von Original',
      clonedFromId: c.id,
      cells: c.cells,
    });
    expect(errorOf(await admin.post(`/api/checklists/${c.id}/clone`)).code).toBe('CHECKLIST_CLONE_MAXIMUM');
    const original = data<Checklist>(await admin.get(`/api/checklists/${c.id}`));
    expect(original.cloneCount).toBe(1);
    const refused = await admin.delete(`/api/checklists/${c.id}?version=${allowed.version}`);
    expect(errorOf(refused).code).toBe('CHECKLIST_HAS_CLONES');
    const copy = data<Checklist>(clone);
    expect((await admin.delete(`/api/checklists/${copy.id}?version=${copy.version}`)).statusCode).toBe(204);
    expect((await admin.delete(`/api/checklists/${c.id}?version=${allowed.version}`)).statusCode).toBe(204);
  });
});

describe('backups', () => {
  it('keeps every earlier state and restores one through the builder rules', async () => {
    const c = await created('Erster Stand');
    const second = data<Checklist>(await put(admin, c, { label: 'Zweiter Stand' }));
    const backups = data<ChecklistBackup[]>(await admin.get(`/api/checklists/${c.id}/backups`));
    // the state before each save: the grid of created() and, before it, the empty new checklist
    expect(backups.map((b) => [b.label, b.cellCount])).toEqual([
      ['Erster Stand', 2],
      ['Erster Stand', 0],
    ]);
    expect(backups[0]).toMatchObject({ version: c.version, cellCount: 2, createdBy: expect.any(String) });
    const url = `/api/checklists/${c.id}/backups/${backups[0]?.id}/restore`;
    expect(errorOf(await admin.post(url, { version: c.version })).code).toBe('CONFLICT');
    expect(
      errorOf(await admin.post(`/api/checklists/${c.id}/backups/999999/restore`, { version: second.version }))
        .code,
    ).toBe('CHECKLIST_BACKUP_NOT_FOUND');
    const restored = await admin.post(url, { version: second.version });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(data<Checklist>(restored).label).toBe('Erster Stand');
    // the state before the restore is a backup itself
    const after = data<ChecklistBackup[]>(await admin.get(`/api/checklists/${c.id}/backups`));
    expect(after[0]?.label).toBe('Zweiter Stand');
    // a backup without a cell that holds answers now is not restored over them
    const oldest = after[after.length - 1];
    const grown = data<Checklist>(await admin.get(`/api/checklists/${c.id}`));
    const inst = data<ChecklistInstance>(await admin.post(`/api/checklists/${c.id}/instances`));
    await admin.put(`/api/checklists/${c.id}/instances/${inst.id}`, {
      version: inst.version,
      answers: { '2_1': 'Antwort' },
      results: {},
      status: 'undone',
    });
    expect(oldest?.cellCount).toBe(0);
    const inUse = await admin.post(`/api/checklists/${c.id}/backups/${oldest?.id}/restore`, {
      version: grown.version,
    });
    expect(errorOf(inUse).code).toBe('CHECKLIST_CELL_IN_USE');
  });
});

describe('export and import', () => {
  it('exports a checklist as a file and imports it as a new one; bad files get German errors', async () => {
    const c = await created('Export');
    expect(errorOf(await builder.get(`/api/checklists/${c.id}/export`)).code).toBe('NO_PERMISSION');
    const file = data<{ format: string; checklist: { label: string; cells: unknown[] } }>(
      await admin.get(`/api/checklists/${c.id}/export`),
    );
    expect(file).toMatchObject({ format: 'schutzwerk-checklist', formatVersion: 1 });
    const imported = await admin.post('/api/checklists/import', { content: JSON.stringify(file) });
    expect(imported.statusCode, imported.body).toBe(201);
    const copy = data<Checklist>(imported);
    expect(copy.id).not.toBe(c.id);
    expect(copy).toMatchObject({ label: 'Export', cells: c.cells, rows: c.rows, clonedFromId: null });

    const notJson = await admin.post('/api/checklists/import', { content: 'kein json' });
    expect(errorOf(notJson)).toMatchObject({
      code: 'CHECKLIST_IMPORT_INVALID',
      details: [{ message: expect.stringContaining('kein gültiges JSON') }],
    });
    const foreign = await admin.post('/api/checklists/import', { content: JSON.stringify({ format: 'x' }) });
    expect(JSON.stringify(errorOf(foreign).details)).toContain('kein Checklisten-Export');
    const badVariable = {
      ...file,
      checklist: {
        ...file.checklist,
        variables: [
          {
            name: '@cell_x@',
            alias: 'X',
            defaultValue: 0,
            fractionDigits: 0,
            reference: 'none',
            scope: 'local',
            limit: null,
            inDatabase: false,
          },
        ],
      },
    };
    const bad = await admin.post('/api/checklists/import', { content: JSON.stringify(badVariable) });
    expect(errorOf(bad).code).toBe('CHECKLIST_IMPORT_INVALID');
    expect(errorOf(bad).details).toEqual([
      {
        path: ['checklist', 'variables', 0, 'name'],
        message: 'Der Variablenname darf nicht mit value, previous_value oder cell beginnen.',
      },
    ]);
    expect(
      errorOf(await builder.post('/api/checklists/import', { content: JSON.stringify(file) })).code,
    ).toBe('NO_PERMISSION');
  });
});

describe('SQL cells', () => {
  it('runs a checked query through the report sandbox and stores its value', async () => {
    const c = data<Checklist>(await admin.post('/api/checklists', { label: `SQL ${suffixOf()}` }));
    const sqlCell = (query: string) => [
      { row: 1, column: 1, element: { type: 'sql', label: 'Anzahl', required: false, query } },
    ];
    expect(errorOf(await put(admin, c, { cells: sqlCell('  ') }))).toMatchObject({
      code: 'CHECKLISTS_NO_SQL_QUERY',
      details: { cells: ['1_1'] },
    });
    const bad = await put(admin, c, { cells: sqlCell('delete from checklists') });
    expect(errorOf(bad).code).toBe('CHECKLISTS_BAD_SQL_QUERY');
    expect(errorOf(bad).message).toContain('SQL-Abfrage der Checkliste ist fehlerhaft');
    // writing SQL needs the SQL editor's right
    expect(errorOf(await put(builder, c, { cells: sqlCell('select 1') })).code).toBe('NO_PERMISSION');
    const saved = await put(admin, c, {
      cells: sqlCell(`select count(*) from checklists where id = ${c.id}`),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const inst = data<ChecklistInstance>(await admin.post(`/api/checklists/${c.id}/instances`));
    const url = `/api/checklists/${c.id}/instances/${inst.id}`;
    const read = await admin.post(`${url}/sql`, { version: inst.version, cell: '1_1' });
    expect(read.statusCode, read.body).toBe(200);
    const filled = data<ChecklistInstance>(read);
    expect(filled.answers['1_1']).toBe(1);
    // the filler cannot set the value
    const forged = await admin.put(url, {
      version: filled.version,
      answers: { '1_1': 99 },
      results: {},
      status: 'undone',
    });
    expect(errorOf(forged).code).toBe('CHECKLIST_ANSWER_INVALID');
    expect(errorOf(await admin.post(`${url}/sql`, { version: inst.version, cell: '1_1' })).code).toBe(
      'CONFLICT',
    );
    // a query that fails while it runs
    const failing = await put(admin, data<Checklist>(await admin.get(`/api/checklists/${c.id}`)), {
      cells: sqlCell('select 1 / 0'),
    });
    expect(failing.statusCode, failing.body).toBe(200);
    const broken = await admin.post(`${url}/sql`, { version: filled.version, cell: '1_1' });
    expect(errorOf(broken).code).toBe('CHECKLISTS_BAD_SQL_QUERY');
  });
});

function suffixOf() {
  return Math.random().toString(36).slice(2, 8);
}
