import type { Accident, AccidentNotice } from '@schutzwerk/shared/accidents/accidents.schema.ts';
import type { InjuryCategory } from '@schutzwerk/shared/accidents/injury-categories.schema.ts';
import type { Action, TaskRow } from '@schutzwerk/shared/actions/actions.schema.ts';
import type { Checklist, ChecklistInstance } from '@schutzwerk/shared/checklists/checklists.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employeeSupervisors } from '#modules/employees/tables.ts';
import { locations } from '#modules/organisation/tables.ts';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { createUser, mainPortalId } from '#test/fixtures.ts';
import { expectCleanPdfLayout, readPdfText } from '#test/support/pdf-layout.ts';

const pdfText = async (pdf: Uint8Array) =>
  (await readPdfText(pdf)).flatMap((p) => p.items.map((i) => i.text)).join(' ');

/**
 * Decision 056: investigation measures as actions of a report, the checklist of step 6 through the checklists'
 * link port, the managed injury categories, the company-wide notice defaults, the notice of an external person and
 * the § 4 (3) variant.
 */
let t: TestApp;
let admin: ApiClient;
let adminId: number;
let locationId: number;
const NOW = new Date('2026-11-26T12:00:00Z');

async function userWith(...permissions: number[]) {
  const u = await createUser(t.database.db, { permissions });
  return { ...u, client: await t.client().login(u.login, u.password) };
}

let day = 1;
function report(overrides: Record<string, unknown> = {}) {
  const d = String(day++).padStart(2, '0');
  return {
    eventType: 1,
    externalName: `Extern ${Math.random().toString(36).slice(2)}`,
    externalCompany: 'Fremdfirma GmbH',
    accidentAt: `2026-09-${d}T08:30:00.000Z`,
    firstAidAt: `2026-09-${d}T08:40:00.000Z`,
    locationId,
    injuries: [{ bodyPart: 21, injuryType: 10 }],
    injuryCategory: 2,
    description: 'Beim Abladen vom Stapler gestürzt.',
    ...overrides,
  };
}
async function file(overrides: Record<string, unknown> = {}, client = admin): Promise<Accident> {
  const res = await client.post('/api/accidents', report(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Accident }>().data;
}

/** A checklist with one required checkbox. */
async function checklist(module: string, label: string, active = true): Promise<Checklist> {
  const created = await admin.post('/api/checklists', { label, category: 'Unfall', module });
  expect(created.statusCode, created.body).toBe(201);
  const c = created.json<{ data: Checklist }>().data;
  const saved = await admin.put(`/api/checklists/${c.id}`, {
    version: c.version,
    label,
    category: 'Unfall',
    module,
    active,
    requiredProgress: 0,
    cloneMaximum: 0,
    rows: [{ key: 1, label: 'Ursache' }],
    columns: [{ key: 1, label: 'Erledigt' }],
    cells: [
      {
        row: 1,
        column: 1,
        element: { type: 'checkbox', label: 'Ursache ermittelt', required: true, variable: null },
      },
    ],
    variables: [],
    rights: [],
    locked: false,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json<{ data: Checklist }>().data;
}

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  admin = await t.login('admin');
  adminId = (await admin.get('/api/auth/user')).json<{ data: { employee: { id: number } } }>().data.employee
    .id;
  const [loc] = await t.database.db
    .insert(locations)
    .values({
      portalId: await mainPortalId(t.database.db),
      name: `Untersuchungswerk ${process.pid}`,
      street: 'Hafenstraße 9',
      zip: '20457',
      city: 'Hamburg',
    })
    .returning({ id: locations.id });
  locationId = loc!.id;
});
afterAll(async () => {
  await t.close();
});

describe('investigation measures (actions of a report)', () => {
  it('creates a measure with responsible, due date and a task that links back to the report', async () => {
    const a = await file({ injuryCategory: 4 });
    const executor = await userWith(P.ACTIONS_OWN, P.ACTIONS_COMPLETE);
    const res = await admin.post('/api/actions', {
      sourceType: 'accident_report',
      sourceId: a.id,
      designation: 'Stapler-Rampe mit Absturzsicherung versehen',
      type: 'technical',
      dueDate: '2026-12-15',
      responsibleId: adminId,
      executorKind: 'employee',
      executorId: executor.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const action = res.json<{ data: Action }>().data;
    expect(action.location?.id).toBe(locationId);
    const list = await admin.get(`/api/actions?sourceType=accident_report&sourceId=${a.id}`);
    expect(list.statusCode).toBe(200);
    expect(list.json<{ data: { rows: Action[] } }>().data.rows.map((r) => r.id)).toEqual([action.id]);
    const tasks = (await executor.client.get('/api/tasks')).json<{ data: { rows: TaskRow[] } }>().data.rows;
    expect(tasks).toContainEqual(
      expect.objectContaining({
        kind: 'action',
        title: 'Stapler-Rampe mit Absturzsicherung versehen',
        linkPath: `/accidents/${a.id}`,
        dueDate: '2026-12-15',
      }),
    );
    // Updating the report keeps the measure's task (the notice task sync touches only its own kind).
    const upd = await admin.patch(`/api/accidents/${a.id}`, { version: a.version, comment: 'geprüft' });
    expect(upd.statusCode, upd.body).toBe(200);
    const after = (await executor.client.get('/api/tasks')).json<{ data: { rows: TaskRow[] } }>().data.rows;
    expect(after.some((row) => row.actionId === action.id && row.state === 'open')).toBe(true);
  });

  it('needs the accident rights: reading the report to list, editing it to create; not on an inactive report', async () => {
    const a = await file();
    const actionsOnly = await userWith(P.ACTIONS, P.ACTIONS_ALL, P.ACTIONS_CREATE);
    const body = {
      sourceType: 'accident_report',
      sourceId: a.id,
      designation: 'Unterweisung Stapler wiederholen',
      responsibleId: adminId,
    };
    expect(
      (await actionsOnly.client.get(`/api/actions?sourceType=accident_report&sourceId=${a.id}`)).statusCode,
    ).toBe(403);
    expect((await actionsOnly.client.post('/api/actions', body)).statusCode).toBe(403);
    // A reader of all reports without the edit right reads the measures but does not create one.
    const reader = await userWith(P.ACCIDENT_REPORTS, P.ACCIDENT_REPORTS_ALL, P.ACTIONS, P.ACTIONS_CREATE);
    expect(
      (await reader.client.get(`/api/actions?sourceType=accident_report&sourceId=${a.id}`)).statusCode,
    ).toBe(200);
    expect((await reader.client.post('/api/actions', body)).statusCode).toBe(403);
    // A reader without the "all" right does not see another's report.
    const own = await userWith(P.ACCIDENT_REPORTS, P.ACCIDENT_REPORTS_EDIT, P.ACTIONS, P.ACTIONS_CREATE);
    expect(
      (await own.client.get(`/api/actions?sourceType=accident_report&sourceId=${a.id}`)).statusCode,
    ).toBe(403);
    const off = await admin.post(`/api/accidents/${a.id}/status`, {
      status: 60,
      reason: 'Doppelt',
      version: a.version,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await admin.post('/api/actions', body)).statusCode).toBe(403);
  });
});

describe('the checklist of step 6', () => {
  it('offers the active checklists for accident reports, links the chosen one and shows its state', async () => {
    const chosen = await checklist('accidents', `Unfalluntersuchung ${process.pid}`);
    const general = await checklist('general', `Allgemein ${process.pid}`);
    const inactive = await checklist('accidents', `Alt ${process.pid}`, false);
    const choice = (await admin.get('/api/accidents/checklists')).json<{ data: { id: number }[] }>().data;
    expect(choice.map((c) => c.id)).toContain(chosen.id);
    expect(choice.map((c) => c.id)).not.toContain(general.id);
    expect(choice.map((c) => c.id)).not.toContain(inactive.id);
    for (const bad of [general.id, inactive.id, 999_999]) {
      const res = await admin.post('/api/accidents', report({ checklistId: bad }));
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).code).toBe('ACCIDENT_CHECKLIST_INVALID');
    }
    const a = await file({ checklistId: chosen.id });
    expect(a.checklist).toMatchObject({ id: chosen.id, label: chosen.label, status: 'undone', progress: 0 });
    const instanceId = a.checklist!.instanceId!;
    const instance = (await admin.get(`/api/checklists/${chosen.id}/instances/${instanceId}`)).json<{
      data: ChecklistInstance;
    }>().data;
    expect(instance).toMatchObject({ module: 'accidents', recordId: a.id });
    const done = await admin.put(`/api/checklists/${chosen.id}/instances/${instanceId}`, {
      version: instance.version,
      answers: { '1_1': true },
      results: {},
      status: 'done',
    });
    expect(done.statusCode, done.body).toBe(200);
    const again = (await admin.get(`/api/accidents/${a.id}`)).json<{ data: Accident }>().data;
    expect(again.checklist).toMatchObject({ status: 'done', progress: 100 });
  });

  it('follows the report: readers of the report read it, editors and the author fill it, others get 404/403', async () => {
    const chosen = await checklist('accidents', `Rechte ${process.pid}`);
    const author = await userWith(P.ACCIDENT_REPORTS, P.ACCIDENT_REPORTS_CREATE, P.AUDIT_CHECKLISTS);
    const a = await file({ checklistId: chosen.id }, author.client);
    const path = `/api/checklists/${chosen.id}/instances/${a.checklist!.instanceId}`;
    const instance = (await author.client.get(path)).json<{ data: ChecklistInstance }>().data;
    const save = { version: instance.version, answers: { '1_1': true }, results: {}, status: 'undone' };
    expect((await author.client.put(path, save)).statusCode).toBe(200);
    const stranger = await userWith(P.ACCIDENT_REPORTS, P.AUDIT_CHECKLISTS, P.AUDIT_CHECKLISTS_EDIT);
    expect((await stranger.client.get(path)).statusCode).toBe(404);
    const reader = await userWith(P.ACCIDENT_REPORTS, P.ACCIDENT_REPORTS_ALL, P.AUDIT_CHECKLISTS);
    expect((await reader.client.get(path)).statusCode).toBe(200);
    expect((await reader.client.put(path, { ...save, version: instance.version + 1 })).statusCode).toBe(403);
  });

  it('lets a supervisor of the injured employee fill the checklist (audit role „supervisor“, decision 062)', async () => {
    const chosen = await checklist('accidents', `Vorgesetzte ${process.pid}`);
    const injured = await createUser(t.database.db);
    const boss = await userWith(P.ACCIDENT_REPORTS, P.AUDIT_CHECKLISTS);
    const other = await userWith(P.ACCIDENT_REPORTS, P.AUDIT_CHECKLISTS);
    await t.database.db.insert(employeeSupervisors).values({ employeeId: injured.id, supervisorId: boss.id });
    const a = await file({
      checklistId: chosen.id,
      employeeId: injured.id,
      externalName: '',
      externalCompany: '',
    });
    const path = `/api/checklists/${chosen.id}/instances/${a.checklist!.instanceId}`;
    const instance = (await boss.client.get(path)).json<{ data: ChecklistInstance }>().data;
    const save = { version: instance.version, answers: { '1_1': true }, results: {}, status: 'undone' };
    const filled = await boss.client.put(path, save);
    expect(filled.statusCode, filled.body).toBe(200);
    // Not a supervisor: not even visible.
    expect((await other.client.get(path)).statusCode).toBe(404);
    // An inactive report's checklist is closed to the supervisor as well.
    const current = (await admin.get(`/api/accidents/${a.id}`)).json<{ data: Accident }>().data;
    const off = await admin.post(`/api/accidents/${a.id}/status`, {
      status: 60,
      reason: 'Test',
      version: current.version,
    });
    expect(off.statusCode, off.body).toBe(200);
    const latest = (await boss.client.get(path)).json<{ data: ChecklistInstance }>().data;
    expect((await boss.client.put(path, { ...save, version: latest.version })).statusCode).toBe(403);
  });
});

describe('injury categories', () => {
  const list = async () =>
    (await admin.get('/api/accidents/injury-categories')).json<{ data: InjuryCategory[] }>().data;

  it('keeps the built-in categories with fixed ids and manages new ones; used ones can only be set inactive', async () => {
    const before = await list();
    expect(before.filter((c) => c.builtIn).map((c) => c.id)).toEqual([1, 2, 3, 4, 5]);
    // The reports filed above use categories 2 and 4 only.
    expect(before.find((c) => c.id === 2)!.usedBy).toBeGreaterThanOrEqual(3);
    expect(before.find((c) => c.id === 3)!.usedBy).toBe(0);
    const label = `Augenverletzung ${process.pid}`;
    const created = await admin.post('/api/accidents/injury-categories', { label, noticeDue: true });
    expect(created.statusCode, created.body).toBe(201);
    const cat = created.json<{ data: InjuryCategory }>().data;
    expect(cat.id).toBeGreaterThanOrEqual(100);
    const dup = await admin.post('/api/accidents/injury-categories', { label: label.toUpperCase() });
    expect(errorOf(dup).code).toBe('INJURY_CATEGORY_DUPLICATE');
    expect((await admin.post('/api/accidents/injury-categories', { label: ' ' })).statusCode).toBe(400);
    // A category with notice_due makes the report reportable.
    const a = await file({ injuryCategory: cat.id });
    expect(a.reportable).toBe(true);
    const used = (await list()).find((c) => c.id === cat.id)!;
    expect(used.usedBy).toBe(1);
    const del = await admin.delete(`/api/accidents/injury-categories/${cat.id}?version=${used.version}`);
    expect(del.statusCode).toBe(409);
    expect(errorOf(del).code).toBe('INJURY_CATEGORY_IN_USE');
    const builtIn = before.find((c) => c.id === 1)!;
    expect(
      errorOf(await admin.delete(`/api/accidents/injury-categories/1?version=${builtIn.version}`)).code,
    ).toBe('INJURY_CATEGORY_IN_USE');
    // Set inactive: only the named field changes; a new report may not choose it, the stored one keeps it.
    const off = await admin.patch(`/api/accidents/injury-categories/${cat.id}`, {
      version: used.version,
      active: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<{ data: InjuryCategory }>().data).toMatchObject({
      label,
      noticeDue: true,
      active: false,
    });
    const refused = await admin.post('/api/accidents', report({ injuryCategory: cat.id }));
    expect(errorOf(refused).code).toBe('INJURY_CATEGORY_INVALID');
    const kept = await admin.patch(`/api/accidents/${a.id}`, { version: a.version, comment: 'noch offen' });
    expect(kept.statusCode, kept.body).toBe(200);
    const stale = await admin.patch(`/api/accidents/injury-categories/${cat.id}`, {
      version: used.version,
      label: 'X',
    });
    expect(stale.statusCode).toBe(409);
    // An unused category is deleted.
    const spare = (
      await admin.post('/api/accidents/injury-categories', { label: `Unbenutzt ${process.pid}` })
    ).json<{ data: InjuryCategory }>().data;
    expect(
      (await admin.delete(`/api/accidents/injury-categories/${spare.id}?version=${spare.version}`))
        .statusCode,
    ).toBe(204);
    expect(errorOf(await admin.post('/api/accidents', report({ injuryCategory: 777 }))).code).toBe(
      'INJURY_CATEGORY_INVALID',
    );
  });

  it('is managed only with INJURY_CATEGORIES and read by accident users', async () => {
    const reporter = await userWith(P.ACCIDENT_REPORTS_CREATE);
    expect((await reporter.client.get('/api/accidents/injury-categories')).statusCode).toBe(200);
    expect(
      (await reporter.client.post('/api/accidents/injury-categories', { label: 'Nicht erlaubt' })).statusCode,
    ).toBe(403);
    const nobody = await userWith(P.ACTIONS);
    expect((await nobody.client.get('/api/accidents/injury-categories')).statusCode).toBe(403);
  });
});

describe('notice defaults, external persons and § 4 (3)', () => {
  const notice = async (id: number) =>
    (await admin.get(`/api/accidents/${id}/notice`)).json<{ data: AccidentNotice }>().data;
  const fieldValue = (n: AccidentNotice, key: string) =>
    n.sections.flatMap((s) => s.fields).find((f) => f.key === key)?.value;

  it('pre-fills insurer and company number from the company-wide defaults', async () => {
    const current = (await admin.get('/api/settings/accidents')).json<{ data: { version: number } }>().data;
    const put = await admin.put('/api/settings/accidents', {
      version: current.version,
      value: {
        insurerName: 'BG Verkehr',
        insurerAddress: 'Ottenser Hauptstraße 54, 22765 Hamburg',
        companyNumber: '123456789',
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    const a = await file({ injuryCategory: 4 });
    expect(a).toMatchObject({
      insurer: 'BG Verkehr, Ottenser Hauptstraße 54, 22765 Hamburg',
      companyNumber: '123456789',
    });
    const own = await file({ injuryCategory: 4, insurer: 'BGHM', companyNumber: '42' });
    expect(own).toMatchObject({ insurer: 'BGHM', companyNumber: '42' });
    expect(fieldValue(await notice(a.id), 'companyNumber')).toBe('123456789');
  });

  it("collects an external person's notice data on the report (health right) and prints them", async () => {
    const a = await file({
      injuryCategory: 4,
      externalName: 'Kowalski, Jan',
      externalCompany: 'Spedition Nord GmbH',
      externalBirthday: '1984-03-07',
      externalStreet: 'Lindenweg 3',
      externalPostalCode: '21073',
      externalCity: 'Hamburg',
      externalGender: 'm',
      externalHealthInsurance: 'AOK Nordwest',
      externalCitizenship: 'polnisch',
    });
    expect(a).toMatchObject({ externalBirthday: '1984-03-07', externalCity: 'Hamburg' });
    const n = await notice(a.id);
    expect(fieldValue(n, 'insuredBirthday')).toBe('07.03.1984');
    expect(fieldValue(n, 'insuredAddress')).toBe('Lindenweg 3, 21073 Hamburg');
    expect(fieldValue(n, 'insuredGender')).toBe('männlich');
    expect(fieldValue(n, 'insuredHealthInsurance')).toBe('AOK Nordwest');
    expect(fieldValue(n, 'insuredCitizenship')).toBe('polnisch');
    expect(fieldValue(n, 'company')).toBe('Spedition Nord GmbH');
    const pdf = await admin.get(`/api/accidents/${a.id}/notice/pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    for (const v of [
      '07.03.1984',
      'Lindenweg 3, 21073 Hamburg',
      'AOK Nordwest',
      'polnisch',
      'Spedition Nord GmbH',
    ])
      expect(text).toContain(v);
    await expectCleanPdfLayout(pdf.rawPayload, { words: ['Staatsangehörigkeit', 'Krankenkasse'] });
    // Without the health right: hidden, and not changeable.
    const editor = await userWith(P.ACCIDENT_REPORTS, P.ACCIDENT_REPORTS_ALL, P.ACCIDENT_REPORTS_EDIT);
    const seen = (await editor.client.get(`/api/accidents/${a.id}`)).json<{ data: Accident }>().data;
    expect(seen).toMatchObject({
      externalBirthday: null,
      externalStreet: null,
      externalHealthInsurance: null,
    });
    const refused = await editor.client.patch(`/api/accidents/${a.id}`, {
      version: seen.version,
      externalCity: 'Bremen',
    });
    expect(errorOf(refused).code).toBe('ACCIDENT_HEALTH_DATA_FORBIDDEN');
    // An employee's personal data are never kept on the report.
    const employee = await createUser(t.database.db, {});
    const internal = await file({
      employeeId: employee.id,
      externalName: '',
      externalCompany: '',
      externalCity: 'Bremen',
    });
    expect(internal.externalCity).toBe('');
  });

  it('gives children, pupils and students the fields of § 4 (3) instead of § 4 (2)', async () => {
    const a = await file({
      injuryCategory: 4,
      insuredGroup: 'education',
      externalName: 'Berger, Lina',
      externalCompany: 'Berufsschule Harburg',
      institution: 'Berufsschule Harburg, Schulweg 1, 21073 Hamburg',
      institutionCarrier: 'Freie und Hansestadt Hamburg, Behörde für Schule und Berufsbildung',
      distanceLearning: false,
      workingTimeStart: '08:00',
      workingTimeEnd: '13:15',
    });
    const n = await notice(a.id);
    const refs = n.sections.flatMap((s) => s.fields.map((f) => f.ref));
    expect(refs).toEqual(
      expect.arrayContaining(['4(3)1', '4(3)2', '4(3)3', '4(3)4', '4(3)4a', '4(3)5', '4(3)6']),
    );
    expect(refs.some((r) => r.startsWith('4(2)'))).toBe(false);
    expect(fieldValue(n, 'institution')).toBe('Berufsschule Harburg, Schulweg 1, 21073 Hamburg');
    expect(fieldValue(n, 'visitTime')).toBe('08:00 – 13:15 Uhr');
    const pdf = await admin.get(`/api/accidents/${a.id}/notice/pdf`);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('§ 4 Abs. 3 UVAV');
    expect(text).toContain('Behörde für Schule und Berufsbildung');
    await expectCleanPdfLayout(pdf.rawPayload, { words: ['Distanzunterrichts', 'Berufsbildung'] });
    // The institution is required before sending.
    const empty = await file({ injuryCategory: 4, insuredGroup: 'education' });
    const send = await admin.post(`/api/accidents/${empty.id}/notice/send`, { version: empty.version });
    expect(errorOf(send).code).toBe('ACCIDENT_NOTICE_INCOMPLETE');
    const paths = (errorOf(send).details as { path: string[] }[]).map((d) => d.path.at(-1));
    expect(paths).toEqual(expect.arrayContaining(['institution', 'institutionCarrier']));
  });
});
