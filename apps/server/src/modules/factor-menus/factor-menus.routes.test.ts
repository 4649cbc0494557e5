import type { FactorMenu, FactorMenuRow } from '@schutzwerk/shared/factor-menus/factor-menus.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/query.ts';
import type { Actor } from '#platform/access.ts';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { createUser, employeeIdByLogin } from '#test/fixtures.ts';
import { STANDARD_FACTOR_MENU, STANDARD_FACTOR_MENU_NAME } from './factor-menus.base-data.ts';
import { factorMenusRepository } from './factor-menus.repository.ts';
import { createFactorMenusService, type FactorMenuUsageContext } from './factor-menus.service.ts';

let t: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => {
  await t.close();
});

const valid = (name: string) => ({
  name,
  description: 'Eigenes Menü',
  registers: [
    {
      number: '1',
      title: 'Mechanische Gefährdungen',
      dropdown: { offered: true, expanded: true, multiple: false },
      factors: [
        { number: '1.1', title: 'Quetschstellen', legalBasis: 'BetrSichV; TRBS 2111', source: 'Intern' },
        { number: '1.2', title: 'Schnittverletzungen', legalBasis: 'BetrSichV', source: '' },
      ],
    },
    {
      number: '2',
      title: 'Elektrische Gefährdungen',
      factors: [{ number: '2.1', title: 'Elektrischer Schlag', legalBasis: 'DGUV Vorschrift 3', source: '' }],
    },
  ],
});

const data = <T>(res: { json: <U>() => U }) => res.json<{ data: T }>().data;
const details = (res: Parameters<typeof errorOf>[0]) =>
  errorOf(res).details as { path: (string | number)[]; message: string }[];

async function create(name: string): Promise<FactorMenu> {
  const res = await admin.post('/api/factormenus', valid(name));
  expect(res.statusCode, res.body).toBe(201);
  return data<FactorMenu>(res);
}
async function standard(): Promise<FactorMenu> {
  const list = data<{ rows: FactorMenuRow[] }>(await admin.get('/api/factormenus?limit=100'));
  const row = list.rows.find((r) => r.standard)!;
  return data<FactorMenu>(await admin.get(`/api/factormenus/${row.id}`));
}
const asInput = (m: FactorMenu) => ({
  name: m.name,
  description: m.description,
  version: m.version,
  registers: m.registers,
});

describe('standard menu', () => {
  it('is shipped with the 11 factors of the GDA-Leitlinie, each register with factors and legal bases', async () => {
    const menu = await standard();
    expect(menu.name).toBe(STANDARD_FACTOR_MENU_NAME);
    expect(menu.active).toBe(true);
    expect(menu.registers.map((r) => r.title)).toEqual(STANDARD_FACTOR_MENU.map((r) => r.title));
    expect(menu.registers).toHaveLength(11);
    expect(menu.registers[0]).toMatchObject({ number: '1', title: 'Mechanische Gefährdungen' });
    expect(menu.registers[0]!.factors[0]).toMatchObject({
      number: '1.1',
      title: 'Ungeschützt bewegte Maschinenteile',
    });
    for (const r of menu.registers) {
      expect(r.factors.length).toBeGreaterThan(0);
      for (const f of r.factors) expect(f.legalBasis).not.toBe('');
    }
  });

  it('cannot be saved or deleted; deriving an editable copy works', async () => {
    const menu = await standard();
    const save = await admin.put(`/api/factormenus/${menu.id}`, asInput(menu));
    expect(save.statusCode).toBe(409);
    expect(errorOf(save)).toMatchObject({
      code: 'FACTOR_MENU_STANDARD_READONLY',
      message:
        'Das Standardmenü kann nicht gespeichert oder gelöscht werden. Legen Sie mit „Kopieren“ ein eigenes Faktorenmenü an.',
    });
    const del = await admin.delete(`/api/factormenus/${menu.id}?version=${menu.version}`);
    expect(errorOf(del).code).toBe('FACTOR_MENU_STANDARD_READONLY');

    const copyRes = await admin.post(`/api/factormenus/${menu.id}/copy`, {});
    expect(copyRes.statusCode, copyRes.body).toBe(201);
    const copy = data<FactorMenu>(copyRes);
    expect(copy).toMatchObject({
      name: `Kopie von ${menu.name}`,
      standard: false,
      active: false,
      version: 1,
    });
    expect(copy.registers.map((r) => r.factors.length)).toEqual(menu.registers.map((r) => r.factors.length));
    expect(copy.registers[0]!.factors[0]!.id).not.toBe(menu.registers[0]!.factors[0]!.id);
    // A second copy gets its own name.
    const second = data<FactorMenu>(await admin.post(`/api/factormenus/${menu.id}/copy`, {}));
    expect(second.name).toBe(`Kopie 2 von ${menu.name}`);
    const saved = await admin.put(`/api/factormenus/${copy.id}`, { ...asInput(copy), name: 'Unser Menü' });
    expect(saved.statusCode, saved.body).toBe(200);
  });
});

describe('create, save and validation', () => {
  it('creates a menu (inactive until activated) and logs it', async () => {
    const menu = await create('Menü A');
    expect(menu).toMatchObject({ name: 'Menü A', active: false, standard: false, version: 1 });
    expect(menu.registers[0]!.dropdown).toEqual({ offered: true, expanded: true, multiple: false });
    expect(menu.registers[1]!.dropdown).toEqual({ offered: true, expanded: false, multiple: false });
    const log = await queryRows<{ state: number }>(
      t.database.db,
      sql`select state from change_log where entity = 'factor_menu' and entity_id = ${String(menu.id)}`,
    );
    expect(log).toHaveLength(1);
  });

  it('refuses a register without factor and a menu without register, with German messages', async () => {
    const body = valid('Menü B');
    body.registers[1]!.factors = [];
    const res = await admin.post('/api/factormenus', body);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('INPUT_VALIDATION_ERROR');
    expect(details(res)).toContainEqual({
      path: ['body', 'registers', 1, 'factors'],
      message: 'Jedes Register braucht mindestens einen Faktor.',
    });
    const none = await admin.post('/api/factormenus', { ...valid('Menü B'), registers: [] });
    expect(details(none)).toContainEqual({
      path: ['body', 'registers'],
      message: 'Bitte legen Sie mindestens ein Register an.',
    });
    const blank = await admin.post('/api/factormenus', { ...valid(' '), registers: valid('x').registers });
    expect(details(blank)).toContainEqual({
      path: ['body', 'name'],
      message: 'Bitte geben Sie einen Namen des Faktorenmenüs an.',
    });
  });

  it('refuses a duplicate name', async () => {
    await create('Menü C');
    const res = await admin.post('/api/factormenus', valid('menü c'));
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).code).toBe('FACTOR_MENU_NAME_EXISTS');
  });

  it('keeps register and factor ids across saves: updates, inserts, moves and deletes by id', async () => {
    const menu = await create('Menü D');
    const [r1, r2] = menu.registers;
    const [f11, f12] = r1!.factors;
    const f21 = r2!.factors[0]!;
    const res = await admin.put(`/api/factormenus/${menu.id}`, {
      name: 'Menü D',
      description: '',
      version: 1,
      registers: [
        // order swapped, f12 moved to register 2, f11 renamed, a new factor
        { ...r2!, factors: [f21, { ...f12!, number: '2.2' }] },
        {
          ...r1!,
          title: 'Mechanik',
          factors: [
            { ...f11!, title: 'Quetschen' },
            { title: 'Neu', number: '1.3' },
          ],
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = data<FactorMenu>(res);
    expect(saved.version).toBe(2);
    expect(saved.registers.map((r) => r.id)).toEqual([r2!.id, r1!.id]);
    expect(saved.registers[0]!.factors.map((f) => f.id)).toEqual([f21.id, f12!.id]);
    expect(saved.registers[1]!.factors[0]).toMatchObject({ id: f11!.id, title: 'Quetschen' });
    expect(saved.registers[1]!.factors[1]!.id).toBeGreaterThan(f21.id);
    expect(saved.registers[1]!.title).toBe('Mechanik');

    // Removing register 1 with its factors, keeping f11 by moving it into register 2.
    const again = await admin.put(`/api/factormenus/${menu.id}`, {
      name: 'Menü D',
      description: '',
      version: 2,
      registers: [
        {
          ...saved.registers[0]!,
          factors: [...saved.registers[0]!.factors, saved.registers[1]!.factors[0]!],
        },
      ],
    });
    expect(again.statusCode, again.body).toBe(200);
    const after = data<FactorMenu>(again);
    expect(after.registers).toHaveLength(1);
    expect(after.registers[0]!.factors.map((f) => f.id)).toEqual([f21.id, f12!.id, f11!.id]);
  });

  it('refuses ids of another menu, a stale version (409) and unknown menus (404)', async () => {
    const a = await create('Menü E');
    const b = await create('Menü F');
    const foreign = await admin.put(`/api/factormenus/${a.id}`, {
      ...asInput(a),
      registers: [{ ...a.registers[0]!, factors: [b.registers[0]!.factors[0]!] }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(errorOf(foreign).code).toBe('INVALID_REQUEST');
    const ok = await admin.put(`/api/factormenus/${a.id}`, { ...asInput(a), description: 'neu' });
    expect(ok.statusCode).toBe(200);
    const stale = await admin.put(`/api/factormenus/${a.id}`, { ...asInput(a), description: 'alt' });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('CONFLICT');
    expect((await admin.get('/api/factormenus/999999')).statusCode).toBe(404);
    expect((await admin.put('/api/factormenus/999999', asInput(a))).statusCode).toBe(404);
    expect((await admin.delete(`/api/factormenus/${a.id}?version=1`)).statusCode).toBe(409);
    expect((await admin.delete(`/api/factormenus/${a.id}?version=2`)).statusCode).toBe(204);
    expect((await admin.get(`/api/factormenus/${a.id}`)).statusCode).toBe(404);
  });
});

describe('list, picker, activation', () => {
  it('lists with search; the picker offers active menus only', async () => {
    const menu = await create('Picker Lager');
    const list = data<{ rows: FactorMenuRow[] }>(await admin.get('/api/factormenus?search=Picker%20Lager'));
    expect(list.rows).toEqual([
      { id: menu.id, name: 'Picker Lager', standard: false, active: false, registerCount: 2, factorCount: 3 },
    ]);
    const pick = async () =>
      data<{ rows: FactorMenuRow[] }>(await admin.post('/api/factormenu/picker', { search: 'Picker Lager' }));
    expect((await pick()).rows).toHaveLength(0);
    const activated = await admin.post(`/api/factormenus/${menu.id}/activate`, { version: 1 });
    expect(activated.statusCode, activated.body).toBe(200);
    expect(data<FactorMenu>(activated)).toMatchObject({ active: true, version: 2 });
    expect((await pick()).rows.map((r) => r.id)).toEqual([menu.id]);
    const inactive = data<{ rows: FactorMenuRow[] }>(
      await admin.get('/api/factormenus?active=false&limit=100'),
    );
    expect(inactive.rows.every((r) => !r.active)).toBe(true);
    const stale = await admin.post(`/api/factormenus/${menu.id}/deactivate`, { version: 1 });
    expect(stale.statusCode).toBe(409);
    const off = await admin.post(`/api/factormenus/${menu.id}/deactivate`, { version: 2 });
    expect(data<FactorMenu>(off).active).toBe(false);
  });
});

describe('export and import', () => {
  it('exports a JSON file that imports as a new menu; duplicate, empty and invalid files are refused', async () => {
    const menu = await create('Export Menü');
    const res = await admin.get(`/api/factormenus/${menu.id}/export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment;');
    const content = res.body;
    const file = JSON.parse(content);
    expect(file).toMatchObject({ format: 'schutzwerk.factor-menu', formatVersion: 1 });
    expect(file.menu.registers[0].factors[0]).toEqual({
      number: '1.1',
      title: 'Quetschstellen',
      legalBasis: 'BetrSichV; TRBS 2111',
      source: 'Intern',
    });

    const dup = await admin.post('/api/factormenus/import', { content });
    expect(dup.statusCode).toBe(409);
    expect(errorOf(dup)).toMatchObject({
      code: 'FACTOR_MENU_IMPORT_DUPLICATE',
      message:
        'Ein Faktorenmenü mit diesem Namen ist bereits vorhanden. Benennen Sie das vorhandene Menü um oder löschen Sie es, bevor Sie die Datei importieren.',
    });

    file.menu.name = 'Importiertes Menü';
    const ok = await admin.post('/api/factormenus/import', { content: JSON.stringify(file) });
    expect(ok.statusCode, ok.body).toBe(201);
    const imported = data<FactorMenu>(ok);
    expect(imported).toMatchObject({ name: 'Importiertes Menü', active: false, standard: false });
    expect(imported.registers.map((r) => r.factors.map((f) => f.title))).toEqual(
      menu.registers.map((r) => r.factors.map((f) => f.title)),
    );

    for (const empty of [
      '',
      '   ',
      JSON.stringify({ format: 'schutzwerk.factor-menu', menu: { name: 'X', registers: [] } }),
    ]) {
      const r = await admin.post('/api/factormenus/import', { content: empty });
      expect(r.statusCode).toBe(400);
      expect(errorOf(r)).toMatchObject({
        code: 'FACTOR_MENU_IMPORT_EMPTY',
        message:
          'Die Datei enthält keine Daten. Ein Faktorenmenü braucht mindestens ein Register mit einem Faktor.',
      });
    }
    const notJson = await admin.post('/api/factormenus/import', { content: 'kein JSON' });
    expect(errorOf(notJson).code).toBe('FACTOR_MENU_IMPORT_INVALID');
    const otherFormat = await admin.post('/api/factormenus/import', { content: '{"format":"report"}' });
    expect(errorOf(otherFormat).code).toBe('FACTOR_MENU_IMPORT_INVALID');
    file.menu.name = 'Noch ein Menü';
    file.menu.registers[0].factors = [];
    const noFactor = await admin.post('/api/factormenus/import', { content: JSON.stringify(file) });
    expect(noFactor.statusCode).toBe(400);
    expect(errorOf(noFactor).code).toBe('FACTOR_MENU_IMPORT_INVALID');
    expect(details(noFactor)).toContainEqual({
      path: ['registers', 0, 'factors'],
      message: 'Jedes Register braucht mindestens einen Faktor.',
    });
  });
});

describe('usage guards (hazard assessments)', () => {
  it('refuse edit, delete and deactivate of a menu in use with the reason; guards see removed factors', async () => {
    const menu = await create('Menü in Benutzung');
    await admin.post(`/api/factormenus/${menu.id}/activate`, { version: 1 });
    const seen: FactorMenuUsageContext[] = [];
    const usedFactor = menu.registers[0]!.factors[0]!.id;
    // The module's service with a guard as hazard assessments will register it, on the same database.
    const service = createFactorMenusService({
      db: t.database.db,
      repository: factorMenusRepository,
      usageGuards: [
        async (_ex, id, context) => {
          if (id !== menu.id) return null;
          seen.push(context);
          if (context.action === 'edit' && !context.removedFactorIds.includes(usedFactor)) return null;
          return 'Das Faktorenmenü wird in der Gefährdungsbeurteilung „Lager Nord“ verwendet.';
        },
      ],
    });
    const actor = { employeeId: await employeeIdByLogin(t.database.db, 'admin') } as Actor;
    const current = await service.get(menu.id);
    const reason = {
      code: 'FACTOR_MENU_IN_USE',
      status: 409,
      message: 'Das Faktorenmenü wird in der Gefährdungsbeurteilung „Lager Nord“ verwendet.',
    };
    // Removing the used factor is refused; the guard got its id.
    const withoutUsed = {
      ...asInput(current),
      registers: [
        { ...current.registers[0]!, factors: current.registers[0]!.factors.slice(1) },
        current.registers[1]!,
      ],
    };
    await expect(service.update(actor, menu.id, withoutUsed)).rejects.toMatchObject(reason);
    expect(seen.at(-1)).toEqual({ action: 'edit', removedFactorIds: [usedFactor] });
    await expect(service.remove(actor, menu.id, current.version)).rejects.toMatchObject(reason);
    expect(seen.at(-1)?.action).toBe('delete');
    expect(seen.at(-1)?.removedFactorIds).toContain(usedFactor);
    await expect(service.setActive(actor, menu.id, current.version, false)).rejects.toMatchObject(reason);
    expect(seen.at(-1)).toEqual({ action: 'deactivate', removedFactorIds: [] });
    // The menu is unchanged; an edit the guard allows goes through.
    const unchanged = await service.get(menu.id);
    expect(unchanged).toEqual(current);
    const renamed = await service.update(actor, menu.id, { ...asInput(current), description: 'geprüft' });
    expect(renamed.version).toBe(current.version + 1);
  });

  it('answer the assessment rules: missing menu, unknown id, menu in editing, factor outside the menu', async () => {
    const service = createFactorMenusService({
      db: t.database.db,
      repository: factorMenusRepository,
    });
    const menu = await create('Menü für Beurteilung');
    await expect(service.assertAssignable(t.database.db, null)).rejects.toMatchObject({
      code: 'FACTOR_MENU_MISSING',
    });
    await expect(service.assertAssignable(t.database.db, 999999)).rejects.toMatchObject({
      code: 'FACTOR_MENU_INVALID_ID',
    });
    await expect(service.assertAssignable(t.database.db, menu.id)).rejects.toMatchObject({
      code: 'FACTOR_MENU_IN_EDITING',
      status: 409,
    });
    expect((await service.assertAssignable(t.database.db, menu.id, { allowInactive: true })).id).toBe(
      menu.id,
    );
    const [f11, f12] = menu.registers[0]!.factors;
    expect(() => service.assertFactorSelection(menu, [f11!.id])).not.toThrow();
    expect(() => service.assertFactorSelection(menu, [f11!.id, f12!.id])).toThrow(
      expect.objectContaining({
        code: 'FACTOR_MENU_FACTOR_NOT_MULTIPLE',
        message:
          'Im Register „1 Mechanische Gefährdungen“ kann nur ein Faktor gewählt werden („Mehrere Faktoren wählbar“ ist nicht eingestellt).',
      }),
    );
    expect(() => service.assertFactorSelection(menu, [123456789])).toThrow(
      expect.objectContaining({
        code: 'FACTOR_MENU_FACTOR_INVALID',
        message: 'Der gewählte Faktor gehört nicht zum Faktorenmenü der Gefährdungsbeurteilung.',
      }),
    );
  });
});

describe('rights', () => {
  it('managing needs HAZARDANALYSIS_FACTOR_MENU; assessment readers may pick and read', async () => {
    const menu = await create('Menü Rechte');
    const reader = await createUser(t.database.db, { permissions: [P.HAZARDANALYSIS_READONLY] });
    const client = await t.login(reader.login, reader.password);
    expect((await client.get('/api/factormenu/picker')).statusCode).toBe(200);
    expect((await client.get(`/api/factormenus/${menu.id}`)).statusCode).toBe(200);
    expect((await client.get('/api/factormenus')).statusCode).toBe(403);
    expect((await client.post('/api/factormenus', valid('Menü X'))).statusCode).toBe(403);
    expect((await client.put(`/api/factormenus/${menu.id}`, asInput(menu))).statusCode).toBe(403);
    expect((await client.post(`/api/factormenus/${menu.id}/copy`, {})).statusCode).toBe(403);
    expect((await client.get(`/api/factormenus/${menu.id}/export`)).statusCode).toBe(403);
    expect((await client.post('/api/factormenus/import', { content: '' })).statusCode).toBe(403);
    expect((await client.delete(`/api/factormenus/${menu.id}?version=1`)).statusCode).toBe(403);
    expect((await t.client().get('/api/factormenu/picker')).statusCode).toBe(401);

    const none = await createUser(t.database.db, { permissions: [] });
    const noneClient = await t.login(none.login, none.password);
    expect((await noneClient.get('/api/factormenu/picker')).statusCode).toBe(403);

    const editor = await createUser(t.database.db, { permissions: [P.HAZARDANALYSIS_FACTOR_MENU] });
    const editorClient = await t.login(editor.login, editor.password);
    const saved = await editorClient.put(`/api/factormenus/${menu.id}`, {
      ...asInput(menu),
      name: 'Menü Rechte 2',
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
});
