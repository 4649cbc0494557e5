import { P } from '@schutzwerk/shared/permissions.ts';
import type { RegisterEntry } from '@schutzwerk/shared/substances/register.schema.ts';
import type { SdsImportResult, SubstanceSds } from '@schutzwerk/shared/substances/sds.schema.ts';
import type { Substance } from '@schutzwerk/shared/substances/substances.schema.ts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLog } from '#platform/platform.table.ts';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { multipartBody } from '#test/file-fixtures.ts';
import { createUser, employeeIdByLogin } from '#test/fixtures.ts';
import { casFor, ecFor, ethanolSheet, imageOnlyPdf, textPdf, thinnerSheet } from './sds-pdf.fixture.ts';

let t: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => {
  await t.close();
});

function send(client: ApiClient, url: string, file: { name: string; data: Buffer }, fields = {}) {
  const body = multipartBody(fields, file);
  return client.request('POST', url, body.payload, { headers: { 'content-type': body.contentType } });
}
let seed = Math.floor(Math.random() * 1_000_000);
/** Unique CAS/EC numbers per sheet name (the register refuses duplicates). */
const numbers = new Map<string, { cas: string; ec: string }>();
function sheet(name: string, extra: { flashPoint?: string } = {}) {
  if (!numbers.has(name)) {
    seed += 7;
    numbers.set(name, { cas: casFor(seed), ec: ecFor(seed) });
  }
  return ethanolSheet(name, { ...numbers.get(name), ...extra });
}
async function importNew(name: string, client = admin): Promise<SdsImportResult> {
  const res = await send(client, '/api/substances/sds-import', {
    name: `${name}.pdf`,
    data: await textPdf(name === 'Ethanol SDS Import 1' ? ethanolSheet(name) : sheet(name)),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: SdsImportResult }>().data;
}
const sdsOf = async (id: number, client = admin) =>
  (await client.get(`/api/substances/${id}/sds`)).json<{ data: SubstanceSds }>().data;
const substanceOf = async (id: number) =>
  (await admin.get(`/api/substances/${id}`)).json<{ data: Substance }>().data;

describe('substances: SDS PDF import (decision 049)', () => {
  it('creates a substance from a data sheet, marks every value unconfirmed and keeps the PDF as its data sheet', async () => {
    const result = await importNew('Ethanol SDS Import 1');
    expect(result.sections).toHaveLength(16);
    expect(result.unknownStatements).toEqual([]);
    const s = await substanceOf(result.substanceId);
    expect(s.data).toMatchObject({
      designation: 'Ethanol SDS Import 1',
      casNumber: '64-17-5',
      ecNumber: '200-578-6',
      statements: ['H225', 'H319', 'P210', 'P233', 'P303+P361+P353'],
      storageClass: '3',
      flashPoint: '13',
      boilingPoint: '78,3',
      density: '0,789',
      ph: '7',
      waterHazardClass: '1',
      unNumber: '1170',
      physicalState: 'liquid',
      manufacturerName: 'Chemiehandel Muster GmbH',
      manufacturerEmergencyPhone: '+49 30 19240',
    });
    // „Gefahr“ follows from H225, so no override is proposed.
    expect(s.signalWord).toBe('danger');
    expect(s.data.signalWordOverride).toBeNull();
    const sds = await sdsOf(result.substanceId);
    expect(sds.proposals.map((p) => p.field).sort()).toEqual([...result.proposed].sort());
    expect(sds.proposals.find((p) => p.field === 'casNumber')).toEqual({
      field: 'casNumber',
      label: 'CAS-Nummer',
      value: '64-17-5',
    });
    expect(sds.proposals).toHaveLength(result.proposed.length);
    expect(sds.current?.fileName).toBe('Ethanol SDS Import 1.pdf');
    expect(sds.archive).toEqual([]);
    // The data sheet is a document of type 1 linked to the substance.
    const docs = await admin.get(`/api/documents/links?entity=substance&entityId=${result.substanceId}`);
    expect(docs.statusCode).toBe(200);
    expect(docs.json<{ data: { type: number }[] }>().data.map((d) => d.type)).toEqual([1]);
    const file = await admin.get(`/api/substances/${result.substanceId}/sds/files/${sds.current?.id}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
  });

  it('confirms one field, then all; the markers are stored and the confirmation is logged', async () => {
    const { substanceId } = await importNew('Ethanol SDS Import 2');
    const s = await substanceOf(substanceId);
    const one = await admin.post(`/api/substances/${substanceId}/sds/confirm`, {
      version: s.version,
      fields: ['casNumber'],
    });
    expect(one.statusCode, one.body).toBe(200);
    const after = one.json<{ data: SubstanceSds }>().data;
    expect(after.proposals.some((p) => p.field === 'casNumber')).toBe(false);
    expect(after.proposals.length).toBeGreaterThan(5);
    expect((await sdsOf(substanceId)).proposals).toEqual(after.proposals);
    const stale = await admin.post(`/api/substances/${substanceId}/sds/confirm`, {
      version: s.version + 1,
      fields: [],
    });
    expect(stale.statusCode).toBe(409);
    const all = await admin.post(`/api/substances/${substanceId}/sds/confirm`, {
      version: s.version,
      fields: [],
    });
    expect(all.json<{ data: SubstanceSds }>().data.proposals).toEqual([]);
    const logged = await t.database.db
      .select({ changes: changeLog.changes })
      .from(changeLog)
      .where(and(eq(changeLog.entity, 'substance'), eq(changeLog.entityId, String(substanceId))));
    const confirmed = logged.flatMap((r) => (r.changes?.sdsConfirmed ? [r.changes.sdsConfirmed.to] : []));
    expect(confirmed[0]).toEqual(['casNumber']);
    expect(confirmed[1]).toContain('designation');
  });

  it('a newer data sheet archives the old file and proposes only the differing fields', async () => {
    const { substanceId } = await importNew('Ethanol SDS Import 3');
    let s = await substanceOf(substanceId);
    await admin.post(`/api/substances/${substanceId}/sds/confirm`, { version: s.version, fields: [] });
    // Released: the newer sheet's change opens version 2.
    const released = await admin.post(`/api/substances/${substanceId}/release`, {
      version: s.version,
      agreed: true,
      comment: '',
    });
    expect(released.statusCode, released.body).toBe(200);
    s = await substanceOf(substanceId);
    const res = await send(
      admin,
      `/api/substances/${substanceId}/sds`,
      {
        name: 'SDB 2026.pdf',
        data: await textPdf(sheet('Ethanol SDS Import 3', { flashPoint: '12' })),
      },
      { version: String(s.version) },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ data: SdsImportResult }>().data.proposed).toEqual(['flashPoint']);
    const updated = await substanceOf(substanceId);
    expect(updated.data.flashPoint).toBe('12');
    expect(updated.current.number).toBe(2);
    expect(updated.releaseState).toBe('open');
    const sds = await sdsOf(substanceId);
    expect(sds.proposals).toEqual([{ field: 'flashPoint', label: 'Flammpunkt (°C)', value: '12' }]);
    expect(sds.current?.fileName).toBe('SDB 2026.pdf');
    expect(sds.archive.map((f) => f.fileName)).toEqual(['Ethanol SDS Import 3.pdf']);
    // A stale version is refused.
    const stale = await send(
      admin,
      `/api/substances/${substanceId}/sds`,
      { name: 'SDB.pdf', data: await textPdf(sheet('Ethanol SDS Import 3')) },
      { version: String(s.version) },
    );
    expect(stale.statusCode).toBe(409);
  });

  it('a newer data sheet resets the release checklist; deleting a substance unlinks its checklist instances', async () => {
    const adminId = await employeeIdByLogin(t.database.db, 'admin');
    const checklist = async (label: string) => {
      const res = await admin.post('/api/checklists', { label, module: 'substances' });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ data: { id: number; version: number } }>().data;
    };
    const entryOf = async (id: number) =>
      (await admin.get(`/api/substances/${id}/register`)).json<{ data: RegisterEntry }>().data;
    const linkChecklist = async (id: number, checklistId: number) => {
      const res = await admin.put(`/api/substances/${id}/sds-checklist`, {
        version: (await substanceOf(id)).version,
        checklistId,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: RegisterEntry }>().data;
    };
    const fillDone = async (checklistId: number, instanceId: number) => {
      const res = await admin.put(`/api/checklists/${checklistId}/instances/${instanceId}`, {
        version: 1,
        answers: {},
        results: {},
        status: 'done',
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const nextCheckDate = `${new Date().getFullYear() + 1}-06-30`;
    const releaseSds = async (id: number) =>
      admin.post(`/api/substances/${id}/sds-release`, {
        version: (await substanceOf(id)).version,
        responsibleEmployeeId: adminId,
        nextCheckDate,
      });

    // Released data sheet with its checklist done.
    const { substanceId } = await importNew('Ethanol SDS Import 6');
    const c = await checklist(`SDB-Prüfung ${substanceId}`);
    const linked = await linkChecklist(substanceId, c.id);
    await fillDone(c.id, linked.sdsChecklist!.instanceId);
    const released = await releaseSds(substanceId);
    expect(released.statusCode, released.body).toBe(200);
    expect((await entryOf(substanceId)).sdsChecklist).toMatchObject({ status: 'done', progress: 100 });

    // A newer sheet: the checklist must be filled again before the next release.
    const res = await send(
      admin,
      `/api/substances/${substanceId}/sds`,
      { name: 'SDB neu.pdf', data: await textPdf(sheet('Ethanol SDS Import 6', { flashPoint: '14' })) },
      { version: String((await substanceOf(substanceId)).version) },
    );
    expect(res.statusCode, res.body).toBe(201);
    const reset = (await entryOf(substanceId)).sdsChecklist!;
    expect(reset).toMatchObject({ checklistId: c.id, status: 'undone', progress: 0 });
    expect(reset.instanceId).not.toBe(linked.sdsChecklist!.instanceId);
    const undone = await releaseSds(substanceId);
    expect(errorOf(undone).code).toBe('SDS_CHECKLIST_UNDONE');
    const logged = await t.database.db
      .select()
      .from(changeLog)
      .where(and(eq(changeLog.entity, 'substance'), eq(changeLog.entityId, String(substanceId))));
    expect(logged.some((l) => JSON.stringify(l.changes).includes('sdsChecklistReset'))).toBe(true);
    await fillDone(c.id, reset.instanceId);
    expect((await releaseSds(substanceId)).statusCode).toBe(200);

    // Deleting a substance unlinks the instances of its checklists (the current and an earlier choice):
    // the checklists can be deleted afterwards.
    const created = await admin.post('/api/substances', { designation: `Löschstoff ${substanceId}` });
    expect(created.statusCode, created.body).toBe(201);
    const gone = created.json<{ data: Substance }>().data;
    const earlier = await checklist(`Frühere Prüfung ${gone.id}`);
    const later = await checklist(`Spätere Prüfung ${gone.id}`);
    await linkChecklist(gone.id, earlier.id);
    const entry = await linkChecklist(gone.id, later.id);
    await fillDone(later.id, entry.sdsChecklist!.instanceId);
    const inUse = await admin.delete(`/api/checklists/${later.id}?version=${later.version}`);
    expect(errorOf(inUse).code).toBe('CHECKLIST_IN_USE');
    const removed = await admin.delete(
      `/api/substances/${gone.id}?version=${(await substanceOf(gone.id)).version}`,
    );
    expect(removed.statusCode, removed.body).toBe(204);
    for (const list of [earlier, later]) {
      const del = await admin.delete(`/api/checklists/${list.id}?version=${list.version}`);
      expect(del.statusCode, del.body).toBe(204);
    }
  });

  it('says that nothing could be read from a scanned PDF, refuses a non-PDF and a sheet without a name', async () => {
    const scanned = await send(admin, '/api/substances/sds-import', {
      name: 'scan.pdf',
      data: await imageOnlyPdf(),
    });
    expect(scanned.statusCode).toBe(422);
    expect(errorOf(scanned).code).toBe('SUBSTANCE_SDS_NO_TEXT');
    expect(errorOf(scanned).message).toContain('kein Text gelesen');
    const notPdf = await send(admin, '/api/substances/sds-import', {
      name: 'sdb.pdf',
      data: Buffer.from('Das ist kein PDF, nur Text.'),
    });
    expect(errorOf(notPdf).code).toBe('SUBSTANCE_SDS_NOT_PDF');
    const nameless = await send(admin, '/api/substances/sds-import', {
      name: 'x.pdf',
      data: await textPdf([
        'ABSCHNITT 2: Mögliche Gefahren',
        'H225 Flüssigkeit und Dampf leicht entzündbar.',
      ]),
    });
    expect(errorOf(nameless).code).toBe('SUBSTANCE_SDS_NO_DESIGNATION');
    // The same sheet twice: the register's duplicate rule applies.
    await importNew('Ethanol SDS Import 4');
    const twice = await send(admin, '/api/substances/sds-import', {
      name: 'again.pdf',
      data: await textPdf(sheet('Ethanol SDS Import 4')),
    });
    expect(errorOf(twice).code).toBe('SUBSTANCE_DUPLICATE');
  });

  it('enforces the rights: import needs HAZMAT_CREATE and HAZMAT_SDS, confirming HAZMAT_EDIT', async () => {
    const creator = await createUser(t.database.db, { permissions: [P.HAZMAT, P.HAZMAT_CREATE] });
    const c = await t.login(creator.login, creator.password);
    const refused = await send(c, '/api/substances/sds-import', {
      name: 'a.pdf',
      data: await textPdf(sheet('Ethanol SDS Rechte')),
    });
    expect(refused.statusCode).toBe(403);
    const reader = await createUser(t.database.db, { permissions: [P.HAZMAT] });
    const r = await t.login(reader.login, reader.password);
    const { substanceId } = await importNew('Ethanol SDS Import 5');
    expect((await sdsOf(substanceId, r)).proposals.length).toBeGreaterThan(0);
    const confirm = await r.post(`/api/substances/${substanceId}/sds/confirm`, { version: 1, fields: [] });
    expect(confirm.statusCode).toBe(403);
    const outsider = await createUser(t.database.db, { permissions: [P.DOCUMENTS] });
    const o = await t.login(outsider.login, outsider.password);
    expect((await o.get(`/api/substances/${substanceId}/sds`)).statusCode).toBe(403);
  });
});

describe('substances: SDS sections 3, 8, 13, 14 (decision 055)', () => {
  it('proposes ingredients, limits, waste keys and transport of a mixture; confirming one group keeps the others', async () => {
    const res = await send(admin, '/api/substances/sds-import', {
      name: 'thinner.pdf',
      data: await textPdf(thinnerSheet('Verdünnung SDS 055')),
    });
    expect(res.statusCode, res.body).toBe(201);
    const result = res.json<{ data: SdsImportResult }>().data;
    expect(result.proposed).toEqual(
      expect.arrayContaining([
        'ingredients',
        'exposureLimits',
        'wasteKey1',
        'wasteKey2',
        'adrRid',
        'iata',
        'imdg',
        'transportCategory',
      ]),
    );
    const s = await substanceOf(result.substanceId);
    expect(s.data.ingredients.map((i) => [i.name, i.casNumber, i.percentMin, i.percentMax])).toEqual([
      ['n-Butylacetat', '123-86-4', '25', '50'],
      ['Xylol (Isomerengemisch)', '1330-20-7', '10', '25'],
      ['Ethylbenzol', '100-41-4', '2,5', '10'],
      ['Toluol-Verunreinigung', '', '', '1'],
    ]);
    expect(s.data.exposureLimits).toHaveLength(3);
    expect(s.data).toMatchObject({
      wasteKey1: '08 01 11*',
      wasteKey2: '15 01 10*',
      adrRid: '3',
      iata: '3',
      imdg: '3',
      transportCategory: 3,
      unNumber: '1263',
    });
    const sds = await sdsOf(result.substanceId);
    expect(sds.proposals.find((p) => p.field === 'ingredients')).toEqual({
      field: 'ingredients',
      label: 'Inhaltsstoffe',
      value:
        'n-Butylacetat, CAS 123-86-4, 25–50 %; Xylol (Isomerengemisch), CAS 1330-20-7, 10–25 %; Ethylbenzol, CAS 100-41-4, 2,5–10 %; Toluol-Verunreinigung, bis 1 %',
    });
    expect(sds.proposals.find((p) => p.field === 'exposureLimits')?.value).toBe(
      'AGW (TRGS 900) 300 mg/m³ (n-Butylacetat (CAS 123-86-4)); AGW (TRGS 900) 62 ml/m³ (n-Butylacetat (CAS 123-86-4)); AGW (TRGS 900) 440 mg/m³ (Xylol (CAS 1330-20-7))',
    );
    const confirmed = await admin.post(`/api/substances/${result.substanceId}/sds/confirm`, {
      version: s.version,
      fields: ['ingredients'],
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const left = confirmed.json<{ data: SubstanceSds }>().data.proposals.map((p) => p.field);
    expect(left).not.toContain('ingredients');
    expect(left).toContain('exposureLimits');
  });

  it('proposes a manufacturer named like an entry of the managed list as that entry (case and spaces ignored)', async () => {
    const created = await admin.post('/api/substancemanufacturers', {
      name: 'LACKWERKE BEISPIEL AG',
      address: 'Farbenweg 3',
      zipcode: '50667',
      city: 'Köln',
      phone: '+49 221 1234',
      emergencyPhone: '+49 221 9999',
      email: 'sdb@lackwerke.example',
    });
    expect(created.statusCode, created.body).toBe(201);
    const entry = created.json<{ data: { id: number; name: string } }>().data;
    const res = await send(admin, '/api/substances/sds-import', {
      name: 'Verdünnung Hersteller.pdf',
      data: await textPdf(
        thinnerSheet('Verdünnung SDS Hersteller').map((line) =>
          line.startsWith('Hersteller/Lieferant:') ? 'Hersteller/Lieferant:   lackwerke beispiel ag  ' : line,
        ),
      ),
    });
    expect(res.statusCode, res.body).toBe(201);
    const result = res.json<{ data: SdsImportResult }>().data;
    expect(result.proposed).toEqual(expect.arrayContaining(['manufacturerName', 'manufacturerId']));
    const s = await substanceOf(result.substanceId);
    // The list's spelling and contact data; the sheet has no emergency number, the list's is taken.
    expect(s.data).toMatchObject({
      manufacturerId: entry.id,
      manufacturerName: 'LACKWERKE BEISPIEL AG',
      manufacturerAddress: 'Farbenweg 3',
      manufacturerZipcode: '50667',
      manufacturerCity: 'Köln',
      manufacturerPhone: '+49 221 1234',
      manufacturerEmergencyPhone: '+49 221 9999',
      manufacturerEmail: 'sdb@lackwerke.example',
    });
    const sds = await sdsOf(result.substanceId);
    expect(sds.proposals.find((p) => p.field === 'manufacturerId')).toEqual({
      field: 'manufacturerId',
      label: 'Hersteller aus der Liste',
      value: 'LACKWERKE BEISPIEL AG',
    });

    // A name not on the list stays free text without an entry.
    const other = await send(admin, '/api/substances/sds-import', {
      name: 'Verdünnung anders.pdf',
      data: await textPdf(
        thinnerSheet('Verdünnung SDS anderer Hersteller').map((line) =>
          line.startsWith('Hersteller/Lieferant:') ? 'Hersteller/Lieferant: Lackwerke Beispiel AG Süd' : line,
        ),
      ),
    });
    expect(other.statusCode, other.body).toBe(201);
    const o = await substanceOf(other.json<{ data: SdsImportResult }>().data.substanceId);
    expect(o.data).toMatchObject({ manufacturerId: null, manufacturerName: 'Lackwerke Beispiel AG Süd' });
  });
});
