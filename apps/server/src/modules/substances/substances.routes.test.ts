import { substancesMessages } from '@schutzwerk/shared/errors.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { DEFAULT_BLACKLISTS } from '@schutzwerk/shared/substances/clp.ts';
import type { Substance, SubstanceRow } from '@schutzwerk/shared/substances/substances.schema.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { fakeActor } from '#test/fake-actor.ts';
import { createUser, customerPortalId, employeeIdByLogin, mainPortalId } from '#test/fixtures.ts';
import { CLP_STATEMENTS_DE } from './clp-statements.data.ts';
import { substancesRepository } from './substances.repository.ts';
import { createSubstancesService } from './substances.service.ts';
import { createSubstanceUsageRegistry } from './substances.usage.ts';

let t: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => {
  await t.close();
});

let counter = 0;
/** A unique valid substance body (designation, no CAS/EC unless given). */
function body(extra: Record<string, unknown> = {}) {
  counter += 1;
  return { designation: `Prüfstoff ${counter}`, ...extra };
}
async function create(extra: Record<string, unknown> = {}, client = admin): Promise<Substance> {
  const res = await client.post('/api/substances', body(extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Substance }>().data;
}
/** The field errors of an answer, paths without the leading 'body' of request validation. */
const details = (res: Parameters<typeof errorOf>[0]) =>
  (errorOf(res).details as { path: (string | number)[]; message: string }[]).map((d) => ({
    path: d.path[0] === 'body' ? d.path.slice(1) : d.path,
    message: d.message,
  }));
/** The whole-record body of a substance with some fields changed. */
const whole = (s: Substance, change: Record<string, unknown> = {}) => ({
  ...s.data,
  responsibleEmployeeId: s.responsibleEmployeeId,
  version: s.version,
  ...change,
});
async function save(s: Substance, change: Record<string, unknown>) {
  const res = await admin.put(`/api/substances/${s.id}`, whole(s, change));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Substance; newVersion: boolean }>();
}

describe('CLP catalogue', () => {
  it('is seeded in German with combined codes and found by code or text', async () => {
    const all = (await admin.get('/api/clpstatements/picker?search=H2&kind=H&limit=100')).json<{
      data: { rows: { code: string; kind: string; text: string }[]; filteredCount: number };
    }>().data;
    const count = (await admin.get('/api/clpstatements/picker?limit=1')).json<{
      data: { filteredCount: number };
    }>().data.filteredCount;
    expect(count).toBe(CLP_STATEMENTS_DE.length);
    expect(all.rows.find((r) => r.code === 'H225')).toEqual({
      code: 'H225',
      kind: 'H',
      text: 'Flüssigkeit und Dampf leicht entzündbar.',
    });
    const p = (await admin.get('/api/clpstatements/picker?search=P370%2BP380&kind=P')).json<{
      data: { rows: { code: string }[] };
    }>().data.rows;
    expect(p.map((r) => r.code)).toContain('P370+P380+P375');
    const found = (await admin.get('/api/clpstatements/picker?search=H300%2BH310&kind=H')).json<{
      data: { rows: { code: string }[] };
    }>().data.rows;
    expect(found.map((r) => r.code)).toContain('H300+H310+H330');
    const euh = (await admin.get('/api/clpstatements/picker?kind=EUH&limit=100')).json<{
      data: { rows: { kind: string }[] };
    }>().data.rows;
    expect(euh.every((r) => r.kind === 'EUH')).toBe(true);
  });
});

describe('create and validation', () => {
  it('creates ethanol with CAS/EC, statements, decimals with a comma; derives the label', async () => {
    const s = await create({
      designation: 'Ethanol 96 % Prüfung',
      casNumber: '64-17-5',
      ecNumber: '200-578-6',
      statements: ['H225', 'H319', 'P210', 'P305+P351+P338'],
      boilingPoint: '78,3',
      flashPoint: '12',
      density: '0,789',
      ph: '7',
      ingredients: [{ name: 'Ethanol', casNumber: '64-17-5', percentMin: '94', percentMax: '96,5' }],
      exposureLimits: [{ basis: 'AGW (TRGS 900)', value: '380', unit: 'mg/m³' }],
      storageClass: '3',
      waterHazardClass: '1',
      transportCategory: 2,
      unNumber: '1170',
      wasteKey1: '07 01 04*',
    });
    expect(s.data.casNumber).toBe('64-17-5');
    expect(s.data.boilingPoint).toBe('78,3');
    expect(s.data.density).toBe('0,789');
    expect(s.data.ingredients[0]).toMatchObject({ percentMin: '94', percentMax: '96,5' });
    expect(s.data.exposureLimits[0]).toMatchObject({ value: '380', unit: 'mg/m³' });
    expect(s.statementTexts.map((x) => x.code)).toEqual(['H225', 'H319', 'P210', 'P305+P351+P338']);
    expect(s.pictograms).toEqual(['GHS02', 'GHS07']);
    expect(s.signalWord).toBe('danger');
    expect(s.cmr).toBe(false);
    expect(s.current).toMatchObject({ number: 1, fixed: false });
    expect(s.releaseState).toBe('open');
  });

  it('refuses a CAS or EC number with a bad check digit or format, with German field messages', async () => {
    let res = await admin.post('/api/substances', body({ casNumber: '64-17-4' }));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('INPUT_VALIDATION_ERROR');
    expect(details(res)).toContainEqual({
      path: ['casNumber'],
      message: 'Die Prüfziffer der CAS-Nummer stimmt nicht. Bitte prüfen Sie die Nummer.',
    });
    res = await admin.post('/api/substances', body({ casNumber: '6417-5' }));
    expect(details(res)[0]?.message).toMatch(/^Die CAS-Nummer hat das Format/);
    res = await admin.post('/api/substances', body({ ecNumber: '200-578-5' }));
    expect(details(res)).toContainEqual({
      path: ['ecNumber'],
      message: 'Die Prüfziffer der EG-Nummer stimmt nicht. Bitte prüfen Sie die Nummer.',
    });
    res = await admin.post('/api/substances', body({ ecNumber: '2005786' }));
    expect(details(res)[0]?.message).toMatch(/^Die EG-Nummer hat das Format 3 Ziffern/);
    res = await admin.post('/api/substances', body({ ingredients: [{ name: 'X', casNumber: '71-43-3' }] }));
    expect(details(res)[0]?.path).toEqual(['ingredients', 0, 'casNumber']);
  });

  it('refuses decimals outside the spec formats and non-numeric temperatures', async () => {
    const cases: [string, string][] = [
      ['ph', '7.5'],
      ['ph', '100'],
      ['boilingPoint', 'heiß'],
      ['flashPoint', '1000'],
      ['density', '0,7891'],
      ['molecularWeight', '1000,1'],
    ];
    for (const [field, value] of cases) {
      const res = await admin.post('/api/substances', body({ [field]: value }));
      expect(res.statusCode, `${field}=${value}`).toBe(400);
      expect(details(res)[0]?.path).toEqual([field]);
    }
    const temp = await admin.post('/api/substances', body({ boilingPoint: 'heiß' }));
    expect(details(temp)[0]?.message).toMatch(/^Die Temperatur muss eine Zahl in °C sein/);
    const vapour = await admin.post('/api/substances', body({ vapourPressure: '58' }));
    expect(details(vapour)).toContainEqual({
      path: ['vapourPressureTemperature'],
      message: 'Bitte geben Sie die Temperatur an, bei der der Dampfdruck gemessen wurde.',
    });
  });

  it('refuses duplicates by designation, CAS or EC number', async () => {
    const first = await create({
      designation: 'Aceton Dublette',
      casNumber: '67-64-1',
      ecNumber: '200-662-2',
    });
    let res = await admin.post('/api/substances', body({ designation: 'aceton dublette' }));
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).code).toBe('SUBSTANCE_DUPLICATE');
    expect(details(res)).toEqual([
      { path: ['designation'], message: 'Ein Gefahrstoff mit dieser Bezeichnung ist bereits erfasst.' },
    ]);
    res = await admin.post('/api/substances', body({ casNumber: '67-64-1' }));
    expect(details(res)).toEqual([
      { path: ['casNumber'], message: 'Ein Gefahrstoff mit dieser CAS-Nummer ist bereits erfasst.' },
    ]);
    res = await admin.post('/api/substances', body({ ecNumber: '200-662-2' }));
    expect(details(res)).toEqual([
      { path: ['ecNumber'], message: 'Ein Gefahrstoff mit dieser EG-Nummer ist bereits erfasst.' },
    ]);
    // Saving the record itself is no duplicate of itself.
    expect((await save(first, { synonym: 'Propanon' })).data.data.synonym).toBe('Propanon');
  });

  it('refuses unknown statements and references', async () => {
    let res = await admin.post('/api/substances', body({ statements: ['H999'] }));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('SUBSTANCE_STATEMENT_UNKNOWN');
    expect(details(res)[0]?.message).toBe('Den Hinweis „H999“ gibt es im CLP-Katalog nicht.');
    res = await admin.post('/api/substances', body({ productGroupId: 999999 }));
    expect(errorOf(res).code).toBe('SUBSTANCE_REFERENCE_INVALID');
  });

  it('keeps an override of the signal word only with a reason', async () => {
    const res = await admin.post(
      '/api/substances',
      body({ statements: ['H226'], signalWordOverride: 'danger' }),
    );
    expect(details(res)).toContainEqual({
      path: ['overrideReason'],
      message: 'Bitte begründen Sie, warum Sie von der abgeleiteten Kennzeichnung abweichen.',
    });
    const s = await create({
      statements: ['H226'],
      signalWordOverride: 'danger',
      overrideReason: 'Lieferant',
    });
    expect(s.derivedSignalWord).toBe('warning');
    expect(s.signalWord).toBe('danger');
  });

  it('warns about blacklisted statements but saves', async () => {
    const s = await create({ statements: ['H350', 'H300+H310'] });
    expect(s.cmr).toBe(true);
    expect(s.blacklistHits).toEqual([
      { list: 'cmr', code: 'H350' },
      { list: 'toxic', code: 'H300+H310' },
    ]);
    const current = (await admin.get('/api/settings/hazmat')).json<{ data: { version: number } }>().data;
    const set = await admin.put('/api/settings/hazmat', {
      version: current.version,
      value: { forbidden: ['H225'], cmr: [], toxic: [], unwanted: [] },
    });
    expect(set.statusCode, set.body).toBe(200);
    const e = await create({ statements: ['H225'] });
    expect(e.blacklistHits).toEqual([{ list: 'forbidden', code: 'H225' }]);
  });
});

describe('versions and release', () => {
  it('edits an unreleased version in place; a released one opens a new version and cancels the release', async () => {
    const s = await create({ statements: ['H225'] });
    const edited = await save(s, { synonym: 'Spiritus' });
    expect(edited.newVersion).toBe(false);
    expect(edited.data.current.number).toBe(1);

    const released = await admin.post(`/api/substances/${s.id}/release`, {
      version: edited.data.version,
      agreed: true,
      comment: 'geprüft',
    });
    expect(released.statusCode, released.body).toBe(200);
    const r = released.json<{ data: Substance }>().data;
    expect(r.releaseState).toBe('agreed');
    expect(r.current.fixed).toBe(true);

    const next = await save(r, { statements: ['H225', 'H319'] });
    expect(next.newVersion).toBe(true);
    expect(next.data.current.number).toBe(2);
    expect(next.data.releaseState).toBe('open');
    expect(next.data.versionCount).toBe(2);
    const versions = (await admin.get(`/api/substances/${s.id}/versions`)).json<{
      data: { number: number; fixed: boolean }[];
    }>().data;
    expect(versions.map((v) => [v.number, v.fixed])).toEqual([
      [1, true],
      [2, false],
    ]);

    // Several versions: deletion refused.
    const del = await admin.delete(`/api/substances/${s.id}?version=${next.data.version}`);
    expect(del.statusCode).toBe(409);
    expect(errorOf(del).message).toBe(
      'Der Gefahrstoff hat mehrere Versionen und kann nicht gelöscht werden. Bitte setzen Sie ihn stattdessen inaktiv.',
    );
  });

  it('saving only the responsible person keeps version and release', async () => {
    const s = await create();
    const r = (
      await admin.post(`/api/substances/${s.id}/release`, { version: s.version, agreed: true })
    ).json<{ data: Substance }>().data;
    const adminRow = await createUser(t.database.db);
    const saved = await save(r, { responsibleEmployeeId: adminRow.id });
    expect(saved.newVersion).toBe(false);
    expect(saved.data.releaseState).toBe('agreed');
    expect(saved.data.responsibleName).toMatch(/^Prüfer/);
  });

  it('creates and fixes versions explicitly', async () => {
    const s = await create();
    const fixed = (await admin.post(`/api/substances/${s.id}/fix`, { version: s.version })).json<{
      data: Substance;
    }>().data;
    expect(fixed.current.fixed).toBe(true);
    const again = await admin.post(`/api/substances/${s.id}/fix`, { version: fixed.version });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('SUBSTANCE_VERSION_FAILED');
    const saved = await save(fixed, { comments: 'nach Festschreiben' });
    expect(saved.newVersion).toBe(true);
    const v3 = (await admin.post(`/api/substances/${s.id}/versions`, { version: saved.data.version })).json<{
      data: Substance;
    }>().data;
    expect(v3.current.number).toBe(3);
    expect(v3.data.comments).toBe('nach Festschreiben');
  });

  it('release not agreed can set the substance inactive; a one-version substance can be deleted', async () => {
    const s = await create();
    const res = await admin.post(`/api/substances/${s.id}/release`, {
      version: s.version,
      agreed: false,
      comment: 'Ersatzstoff vorhanden',
      setInactive: true,
    });
    const r = res.json<{ data: Substance }>().data;
    expect(r.releaseState).toBe('notAgreed');
    expect(r.active).toBe(false);
    const list = (await admin.get(`/api/substances?search=${encodeURIComponent(s.data.designation)}`)).json<{
      data: { rows: SubstanceRow[] };
    }>().data.rows;
    expect(list).toEqual([]);
    const all = (
      await admin.get(`/api/substances?showInactive=true&search=${encodeURIComponent(s.data.designation)}`)
    ).json<{ data: { rows: SubstanceRow[] } }>().data.rows;
    expect(all.map((x) => x.id)).toEqual([s.id]);
    const active = await admin.post(`/api/substances/${s.id}/active`, { version: r.version, active: true });
    expect(active.json<{ data: Substance }>().data.active).toBe(true);
    const stale = await admin.delete(`/api/substances/${s.id}?version=${r.version}`);
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('CONFLICT');
    const del = await admin.delete(`/api/substances/${s.id}?version=${r.version + 1}`);
    expect(del.statusCode).toBe(204);
    expect((await admin.get(`/api/substances/${s.id}`)).statusCode).toBe(404);
  });

  it('checks CAS, EC and decimals on update too', async () => {
    const s = await create();
    const res = await admin.put(
      `/api/substances/${s.id}`,
      whole(s, { casNumber: '64-17-4', flashPoint: 'x' }),
    );
    expect(res.statusCode).toBe(400);
    expect(details(res).map((d) => d.path)).toEqual([['casNumber'], ['flashPoint']]);
  });

  it('answers a stale save with 409', async () => {
    const s = await create();
    await save(s, { synonym: 'eins' });
    const res = await admin.put(`/api/substances/${s.id}`, whole(s, { synonym: 'zwei' }));
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).code).toBe('CONFLICT');
  });
});

describe('usage guards of later modules', () => {
  it('refuse setting inactive (containers, EMKG, assessments) and deleting (hazards) with the spec messages', async () => {
    const s = await create();
    // The module's service with a usage source as containers, EMKG and hazards register one (decision 054).
    const usage = createSubstanceUsageRegistry();
    usage.register('hazard', {
      blocks: ['deactivate', 'delete'],
      count: async (_ex, id) => (id === s.id ? 1 : 0),
      reason: (n, block) =>
        block === 'delete'
          ? substancesMessages.inUseByHazards(n)
          : substancesMessages.inactiveBecauseUsed('2 Gebinde im Lager'),
      visible: async () => [],
    });
    const service = createSubstancesService({
      db: t.database.db,
      repository: substancesRepository,
      blacklists: async () => DEFAULT_BLACKLISTS,
      usage,
    });
    const actor = fakeActor({
      employeeId: await employeeIdByLogin(t.database.db, 'admin'),
      portalId: await mainPortalId(t.database.db),
      isMainPortal: true,
      permissions: [P.HAZMAT, P.HAZMAT_ACTIVATE],
    });
    await expect(service.setActive(actor, s.id, { version: s.version, active: false })).rejects.toMatchObject(
      {
        code: 'SUBSTANCE_STATUS_FAILED',
        status: 409,
        message:
          'Status für den Gefahrstoff konnte nicht gesetzt werden. Er wird noch verwendet: 2 Gebinde im Lager.',
      },
    );
    await expect(
      service.release(actor, s.id, { version: s.version, agreed: false, setInactive: true }),
    ).rejects.toMatchObject({ code: 'SUBSTANCE_STATUS_FAILED' });
    await expect(service.remove(actor, s.id, s.version)).rejects.toMatchObject({
      code: 'SUBSTANCE_IN_USE',
      status: 409,
      message: 'Der Gefahrstoff konnte nicht gelöscht werden, weil er noch einer Gefährdung zugeordnet ist.',
    });
    const after = (await admin.get(`/api/substances/${s.id}`)).json<{ data: Substance }>().data;
    expect(after.active).toBe(true);
    expect(after.releaseState).toBe('open');
  });
});

describe('list and search', () => {
  it('finds by name, synonym, CAS, EC and manufacturer', async () => {
    const s = await create({
      designation: 'Toluol Suchprobe',
      synonym: 'Methylbenzol-Suchprobe',
      casNumber: '108-88-3',
      ecNumber: '203-625-9',
      manufacturerName: 'Suchchemie GmbH',
    });
    for (const search of [
      'Toluol Suchprobe',
      'Methylbenzol-Suchprobe',
      '108-88-3',
      '203-625-9',
      'Suchchemie',
    ]) {
      const rows = (await admin.get(`/api/substances?search=${encodeURIComponent(search)}`)).json<{
        data: { rows: SubstanceRow[] };
      }>().data.rows;
      expect(
        rows.map((r) => r.id),
        search,
      ).toContain(s.id);
    }
  });
});

describe('rights and portals', () => {
  it('needs HAZMAT_CREATE to create and shows only released ones with HAZMAT_READONLY_RELEASED', async () => {
    const reader = await createUser(t.database.db, { permissions: [P.HAZMAT_READONLY_RELEASED] });
    const client = await t.login(reader.login, reader.password);
    expect((await client.post('/api/substances', body())).statusCode).toBe(403);
    const open = await create();
    const rel = await create();
    await admin.post(`/api/substances/${rel.id}/release`, { version: rel.version, agreed: true });
    expect((await client.get(`/api/substances/${open.id}`)).statusCode).toBe(404);
    expect((await client.get(`/api/substances/${rel.id}`)).statusCode).toBe(200);
  });

  it('keeps a customer portal to its own substances', async () => {
    const portalId = await customerPortalId(t.database.db);
    const user = await createUser(t.database.db, { portalId, permissions: [P.HAZMAT, P.HAZMAT_CREATE] });
    const client = await t.login(user.login, user.password);
    const main = await create();
    expect((await client.get(`/api/substances/${main.id}`)).statusCode).toBe(404);
    const own = await create({ designation: main.data.designation }, client);
    expect(own.id).not.toBe(main.id);
  });
});

describe('product groups and package units', () => {
  it('are seeded, maintained with unique names and refused to delete while used', async () => {
    const groups = (await admin.get('/api/substanceproductgroups?limit=100')).json<{
      data: { rows: { id: number; name: string; version: number }[] };
    }>().data.rows;
    expect(groups.map((g) => g.name)).toContain('Lösemittel');
    const created = await admin.post('/api/substancepackageunits', { name: 'Prüfgebinde' });
    expect(created.statusCode).toBe(201);
    const unit = created.json<{ data: { id: number; version: number } }>().data;
    const dup = await admin.post('/api/substancepackageunits', { name: 'prüfgebinde' });
    expect(dup.statusCode).toBe(409);
    expect(errorOf(dup).code).toBe('SUBSTANCE_CATALOGUE_NAME_EXISTS');
    await create({ packageUnitId: unit.id });
    const del = await admin.delete(`/api/substancepackageunits/${unit.id}?version=${unit.version}`);
    expect(del.statusCode).toBe(409);
    expect(errorOf(del).code).toBe('SUBSTANCE_CATALOGUE_IN_USE');
    const renamed = await admin.put(`/api/substancepackageunits/${unit.id}`, {
      name: 'Prüfkanister',
      version: unit.version,
    });
    expect(renamed.json<{ data: { name: string } }>().data.name).toBe('Prüfkanister');
  });
});
