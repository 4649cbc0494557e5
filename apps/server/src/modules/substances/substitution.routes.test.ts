import { P } from '@schutzwerk/shared/permissions.ts';
import type { RegisterEntry } from '@schutzwerk/shared/substances/register.schema.ts';
import type { Substance } from '@schutzwerk/shared/substances/substances.schema.ts';
import {
  SUBSTITUTION_MAX_SUBSTANCES,
  type SubstitutionTest,
  type SubstitutionTestRow,
  substitutionMessages,
} from '@schutzwerk/shared/substances/substitution.schema.ts';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasks } from '#modules/actions/index.ts';
import { employees } from '#modules/employees/employees.table.ts';
import { mailOutbox } from '#modules/mail/mail.table.ts';
import { scheduledTasks } from '#modules/scheduler/scheduler.table.ts';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { createUser, customerPortalId } from '#test/fixtures.ts';

const NOW = new Date('2026-11-26T10:00:00Z');
let t: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  admin = await t.login('admin');
});
afterAll(async () => {
  await t.close();
});

let counter = 0;
async function substance(extra: Record<string, unknown> = {}, client = admin): Promise<Substance> {
  counter += 1;
  const res = await client.post('/api/substances', {
    designation: `Substitutionsstoff ${counter}`,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Substance }>().data;
}
const fieldsOf = (res: Parameters<typeof errorOf>[0]) =>
  (errorOf(res).details as { path?: (string | number)[]; field?: string; message: string }[]).map((d) => ({
    field: d.field ?? String(d.path?.[0] === 'body' ? d.path[1] : d.path?.[0]),
    message: d.message,
  }));
const whole = (test: SubstitutionTest, change: Record<string, unknown> = {}) => ({
  substanceIds: test.substances.map((s) => s.id),
  testDate: test.testDate,
  riskLevel: test.riskLevel,
  recommendation: test.recommendation,
  reason: test.reason,
  intervalDays: test.intervalDays,
  responsibleEmployeeId: test.responsibleEmployeeId,
  finished: test.finished,
  version: test.version,
  ...change,
});
/**
 * Links a checklist meant for substances to the substance's data-sheet release and fills it done (the
 * release needs it, decision 054); answers the substance's new record version.
 */
async function doneChecklist(a: { id: number; version: number }): Promise<number> {
  const created = await admin.post('/api/checklists', { label: `Freigabe ${a.id}`, module: 'substances' });
  expect(created.statusCode, created.body).toBe(201);
  const checklistId = created.json<{ data: { id: number } }>().data.id;
  const linked = await admin.put(`/api/substances/${a.id}/sds-checklist`, {
    version: a.version,
    checklistId,
  });
  expect(linked.statusCode, linked.body).toBe(200);
  const entry = linked.json<{ data: RegisterEntry }>().data;
  const instanceId = entry.sdsChecklist!.instanceId;
  const filled = await admin.put(`/api/checklists/${checklistId}/instances/${instanceId}`, {
    version: 1,
    answers: {},
    results: {},
    status: 'done',
  });
  expect(filled.statusCode, filled.body).toBe(200);
  return entry.version;
}
const openTasksOf = (sourceType: string, sourceId: number) =>
  t.database.db
    .select()
    .from(tasks)
    .where(and(eq(tasks.sourceType, sourceType), eq(tasks.sourceId, sourceId), eq(tasks.state, 'open')));

describe('substitution tests', () => {
  it('saves an unfinished draft, refuses to finish it incomplete, and finishes with every field', async () => {
    const a = await substance();
    const created = await admin.post('/api/substitutiontests', { substanceIds: [a.id], riskLevel: 3 });
    expect(created.statusCode, created.body).toBe(201);
    const draft = created.json<{ data: SubstitutionTest }>().data;
    expect(draft).toMatchObject({ finished: false, riskLevel: 3, recommendation: null, nextDueDate: null });
    expect(draft.substances).toEqual([{ id: a.id, designation: a.data.designation, casNumber: '' }]);

    const incomplete = await admin.put(
      `/api/substitutiontests/${draft.id}`,
      whole(draft, { finished: true }),
    );
    expect(incomplete.statusCode).toBe(400);
    const fields = fieldsOf(incomplete).map((d) => d.field);
    expect(fields.sort()).toEqual([
      'intervalDays',
      'reason',
      'recommendation',
      'responsibleEmployeeId',
      'testDate',
    ]);
    expect(fieldsOf(incomplete)[0]!.message).toBe(substitutionMessages.required);

    const responsible = await createUser(t.database.db);
    const done = await admin.put(
      `/api/substitutiontests/${draft.id}`,
      whole(draft, {
        finished: true,
        testDate: '2026-11-20',
        recommendation: 'new',
        reason: 'Ersatz durch wasserbasiertes Reinigungsmittel möglich.',
        intervalDays: 730,
        responsibleEmployeeId: responsible.id,
      }),
    );
    expect(done.statusCode, done.body).toBe(200);
    const finished = done.json<{ data: SubstitutionTest }>().data;
    expect(finished).toMatchObject({ finished: true, nextDueDate: '2028-11-19', version: 2 });

    // The responsible person's repeat task, due at test date + interval (mailed by the reminder job).
    const open = await openTasksOf('substitution', draft.id);
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({
      kind: 'check',
      assigneeId: responsible.id,
      dueDate: '2028-11-19',
      linkPath: `/substances/substitution/${draft.id}`,
    });
    expect(open[0]!.title).toContain(a.data.designation);

    // A changed interval replaces the task; reopening removes it.
    const longer = await admin.put(
      `/api/substitutiontests/${draft.id}`,
      whole(finished, { intervalDays: 1095 }),
    );
    const l = longer.json<{ data: SubstitutionTest }>().data;
    expect((await openTasksOf('substitution', draft.id)).map((x) => x.dueDate)).toEqual(['2029-11-19']);
    const reopened = await admin.put(`/api/substitutiontests/${draft.id}`, whole(l, { finished: false }));
    expect(reopened.statusCode).toBe(200);
    expect(await openTasksOf('substitution', draft.id)).toHaveLength(0);
  });

  it('refuses a finished test without substances, risk levels outside 0–5 and other intervals', async () => {
    const none = await admin.post('/api/substitutiontests', {
      substanceIds: [],
      finished: true,
      testDate: '2026-11-20',
      riskLevel: 1,
      recommendation: 'keep',
      reason: 'x',
      intervalDays: 365,
      responsibleEmployeeId: (await createUser(t.database.db)).id,
    });
    expect(none.statusCode).toBe(400);
    expect(fieldsOf(none)).toEqual([{ field: 'substanceIds', message: substitutionMessages.noSubstance }]);
    const a = await substance();
    expect(
      (await admin.post('/api/substitutiontests', { substanceIds: [a.id], riskLevel: 6 })).statusCode,
    ).toBe(400);
    expect(
      (await admin.post('/api/substitutiontests', { substanceIds: [a.id], riskLevel: -1 })).statusCode,
    ).toBe(400);
    const interval = await admin.post('/api/substitutiontests', { substanceIds: [a.id], intervalDays: 400 });
    expect(interval.statusCode).toBe(400);
    expect(fieldsOf(interval)[0]!.message).toBe(substitutionMessages.intervalInvalid);
    for (const days of [365, 730, 1095])
      expect(
        (await admin.post('/api/substitutiontests', { substanceIds: [a.id], intervalDays: days })).statusCode,
      ).toBe(201);
  });

  it(`takes at most ${SUBSTITUTION_MAX_SUBSTANCES} substances, each once, of the own portal`, async () => {
    const many = [];
    for (let i = 0; i <= SUBSTITUTION_MAX_SUBSTANCES; i++) many.push((await substance()).id);
    const tooMany = await admin.post('/api/substitutiontests', { substanceIds: many });
    expect(tooMany.statusCode).toBe(400);
    expect(fieldsOf(tooMany)[0]!.message).toBe(substitutionMessages.tooManySubstances);
    const max = await admin.post('/api/substitutiontests', {
      substanceIds: many.slice(0, SUBSTITUTION_MAX_SUBSTANCES),
    });
    expect(max.statusCode).toBe(201);
    const twice = await admin.post('/api/substitutiontests', { substanceIds: [many[0], many[0]] });
    expect(twice.statusCode).toBe(400);
    expect(fieldsOf(twice)[0]!.message).toBe(substitutionMessages.duplicateSubstance);
    const unknown = await admin.post('/api/substitutiontests', { substanceIds: [999999] });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).code).toBe('SUBSTITUTION_REFERENCE_INVALID');

    // A customer portal's user cannot pick or read the main portal's substances and tests.
    const customer = await createUser(t.database.db, {
      portalId: await customerPortalId(t.database.db),
      permissions: [P.HAZMAT, P.HAZMAT_SUBSTITUTION],
    });
    const c = await t.login(customer.login, customer.password);
    const foreign = await c.post('/api/substitutiontests', { substanceIds: [many[0]] });
    expect(errorOf(foreign).code).toBe('SUBSTITUTION_REFERENCE_INVALID');
    const id = max.json<{ data: SubstitutionTest }>().data.id;
    expect((await c.get(`/api/substitutiontests/${id}`)).statusCode).toBe(404);
  });

  it('starts an imported test unfinished with „Stoff beibehalten“ and saves it only with a changed reason', async () => {
    const a = await substance();
    const res = await admin.post('/api/substitutiontests/import', {
      substanceIds: [a.id],
      reason: 'Übernommen aus Altsystem',
    });
    expect(res.statusCode, res.body).toBe(201);
    const imported = res.json<{ data: SubstitutionTest }>().data;
    expect(imported).toMatchObject({
      finished: false,
      recommendation: 'keep',
      imported: true,
      reasonMustChange: true,
      reason: 'Übernommen aus Altsystem',
    });
    const same = await admin.put(`/api/substitutiontests/${imported.id}`, whole(imported, { riskLevel: 2 }));
    expect(same.statusCode).toBe(400);
    expect(errorOf(same).code).toBe('SUBSTITUTION_REASON_UNCHANGED');
    expect(fieldsOf(same)).toEqual([{ field: 'reason', message: substitutionMessages.reasonUnchanged }]);
    const changed = await admin.put(
      `/api/substitutiontests/${imported.id}`,
      whole(imported, { reason: 'Geprüft: kein Ersatzstoff verfügbar.' }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<{ data: SubstitutionTest }>().data.reasonMustChange).toBe(false);
  });

  it('lists, filters by substance, locks optimistically, deletes and checks the rights', async () => {
    const a = await substance();
    const created = (
      await admin.post('/api/substitutiontests', { substanceIds: [a.id], riskLevel: 4 })
    ).json<{
      data: SubstitutionTest;
    }>().data;
    const listed = await admin.get(`/api/substitutiontests?substanceId=${a.id}`);
    expect(listed.statusCode, listed.body).toBe(200);
    const list = listed.json<{
      data: { rows: SubstitutionTestRow[]; filteredCount: number };
    }>().data;
    expect(list.rows.map((r) => r.id)).toEqual([created.id]);
    expect(list.rows[0]).toMatchObject({
      substanceNames: a.data.designation,
      riskLevel: 4,
      finished: false,
    });
    const search = (
      await admin.get(`/api/substitutiontests?search=${encodeURIComponent(a.data.designation)}`)
    ).json<{
      data: { rows: SubstitutionTestRow[] };
    }>().data;
    expect(search.rows.map((r) => r.id)).toContain(created.id);

    const first = await admin.put(`/api/substitutiontests/${created.id}`, whole(created, { riskLevel: 1 }));
    expect(first.statusCode).toBe(200);
    const stale = await admin.put(`/api/substitutiontests/${created.id}`, whole(created, { riskLevel: 2 }));
    expect(stale.statusCode).toBe(409);
    // A whole-record PUT names every field.
    const { reason: _omitted, ...partial } = whole(first.json<{ data: SubstitutionTest }>().data);
    expect((await admin.put(`/api/substitutiontests/${created.id}`, partial)).statusCode).toBe(400);

    const reader = await createUser(t.database.db, { permissions: [P.HAZMAT] });
    const r = await t.login(reader.login, reader.password);
    expect((await r.get(`/api/substitutiontests/${created.id}`)).statusCode).toBe(200);
    expect((await r.post('/api/substitutiontests', { substanceIds: [a.id] })).statusCode).toBe(403);
    const nobody = await createUser(t.database.db, { permissions: [P.HAZMAT_READONLY_RELEASED] });
    const n = await t.login(nobody.login, nobody.password);
    expect((await n.get('/api/substitutiontests')).statusCode).toBe(403);

    expect((await admin.delete(`/api/substitutiontests/${created.id}?version=1`)).statusCode).toBe(409);
    expect((await admin.delete(`/api/substitutiontests/${created.id}?version=2`)).statusCode).toBe(204);
    expect((await admin.get(`/api/substitutiontests/${created.id}`)).statusCode).toBe(404);
  });
});

describe('register fields and the data-sheet release', () => {
  it('needs a responsible person and a future next check date, and makes the review task', async () => {
    const a = await substance();
    const empty = await admin.post(`/api/substances/${a.id}/sds-release`, {
      version: a.version,
      responsibleEmployeeId: null,
      nextCheckDate: null,
    });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).code).toBe('SDS_RELEASE_INCOMPLETE');
    expect(fieldsOf(empty).map((d) => d.message)).toEqual([
      'Bitte wählen Sie eine verantwortliche Person.',
      'Bitte geben Sie das Datum der nächsten Prüfung an.',
      'Bitte wählen Sie die Checkliste der Freigabe.',
    ]);
    a.version = await doneChecklist(a);
    const responsible = await createUser(t.database.db);
    const past = await admin.post(`/api/substances/${a.id}/sds-release`, {
      version: a.version,
      responsibleEmployeeId: responsible.id,
      nextCheckDate: '2026-11-26',
    });
    expect(fieldsOf(past)).toEqual([
      { field: 'nextCheckDate', message: 'Das Datum der nächsten Prüfung muss in der Zukunft liegen.' },
    ]);
    const ok = await admin.post(`/api/substances/${a.id}/sds-release`, {
      version: a.version,
      responsibleEmployeeId: responsible.id,
      nextCheckDate: '2027-11-26',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const entry = ok.json<{ data: RegisterEntry }>().data;
    expect(entry).toMatchObject({
      sdsResponsibleId: responsible.id,
      sdsNextCheck: '2027-11-26',
      version: a.version + 1,
    });
    expect(entry.sdsReleasedByName).toContain(',');
    const open = await openTasksOf('substance_sds', a.id);
    expect(open).toMatchObject([{ kind: 'check', assigneeId: responsible.id, dueDate: '2027-11-26' }]);
    // Stale and a new release: one open task, the new date.
    const stale = await admin.post(`/api/substances/${a.id}/sds-release`, {
      version: a.version,
      responsibleEmployeeId: responsible.id,
      nextCheckDate: '2028-01-01',
    });
    expect(stale.statusCode).toBe(409);
    await admin.post(`/api/substances/${a.id}/sds-release`, {
      version: entry.version,
      responsibleEmployeeId: responsible.id,
      nextCheckDate: '2028-01-01',
    });
    expect((await openTasksOf('substance_sds', a.id)).map((x) => x.dueDate)).toEqual(['2028-01-01']);

    const editor = await createUser(t.database.db, { permissions: [P.HAZMAT, P.HAZMAT_EDIT] });
    const e = await t.login(editor.login, editor.password);
    expect(
      (
        await e.post(`/api/substances/${a.id}/sds-release`, {
          version: 9,
          responsibleEmployeeId: null,
          nextCheckDate: null,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('mails the due review task through the reminder job of the actions module (run by the scheduler)', async () => {
    const db = t.database.db;
    const a = await substance();
    const responsible = await createUser(db);
    await db
      .update(employees)
      .set({ email: 'sdb.pruefer@example.com' })
      .where(eq(employees.id, responsible.id));
    const berlinDay = (offsetDays: number) =>
      new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(
        new Date(Date.now() + offsetDays * 86_400_000),
      );
    await admin.post(`/api/substances/${a.id}/sds-release`, {
      version: await doneChecklist(a),
      responsibleEmployeeId: responsible.id,
      nextCheckDate: berlinDay(1),
    });
    /** Fires the scheduler's 'task-reminders' job as its timer would. */
    const runReminderJob = async () => {
      await db
        .update(scheduledTasks)
        .set({ nextFireAt: new Date(Date.now() - 1000) })
        .where(eq(scheduledTasks.key, 'task-reminders'));
      const results = await t.app.scheduler.runDue();
      expect(results.map((r) => r.outcome)).toContain('ok');
    };
    const mailsTo = () =>
      db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'sdb.pruefer@example.com'));
    await runReminderJob();
    expect(await mailsTo()).toHaveLength(0); // due tomorrow: not yet
    await db
      .update(tasks)
      .set({ dueDate: berlinDay(0) })
      .where(and(eq(tasks.sourceType, 'substance_sds'), eq(tasks.sourceId, a.id), eq(tasks.state, 'open')));
    await runReminderJob();
    const mails = await mailsTo();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject + mails[0]!.textBody).toContain('Sicherheitsdatenblatt prüfen');
  });

  it('keeps quantity range and work areas and prints the register as PDF and XLSX', async () => {
    const a = await substance({ casNumber: '64-17-5', statements: ['H225', 'H319'] });
    const reg = (await admin.get(`/api/substances/${a.id}/register`)).json<{ data: RegisterEntry }>().data;
    expect(reg).toMatchObject({ quantityRange: '', workAreas: '', sdsNextCheck: null });
    const bad = await admin.put(`/api/substances/${a.id}/register`, {
      version: reg.version,
      quantityRange: 'viel',
      workAreas: '',
    });
    expect(bad.statusCode).toBe(400);
    const saved = await admin.put(`/api/substances/${a.id}/register`, {
      version: reg.version,
      quantityRange: 'upTo100',
      workAreas: 'Lackiererei, Labor 2',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      (
        await admin.put(`/api/substances/${a.id}/register`, {
          version: reg.version,
          quantityRange: '',
          workAreas: '',
        })
      ).statusCode,
    ).toBe(409);

    const report = (await admin.get('/api/reports/picker?controller=substance'))
      .json<{
        data: { rows: { id: number; reportname: string }[] };
      }>()
      .data.rows.find((r) => r.reportname === 'Gefahrstoffverzeichnis')!;
    expect(report).toBeDefined();
    const filter = JSON.stringify({ bezeichnung: a.data.designation });
    const count = await admin.post('/api/reports/count', { ReportID: report.id, Filter: filter });
    expect(count.statusCode, count.body).toBe(200);
    expect(count.json<{ data: { count: number } }>().data.count).toBe(1);
    const xlsx = await admin.post('/api/reports/generate', { ReportID: report.id, Art: 2, Filter: filter });
    expect(xlsx.statusCode, xlsx.body.slice(0, 300)).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      'Bezeichnung',
      'CAS-Nummer',
      'Piktogramme',
      'Signalwort',
      'Gefahrenhinweise',
      'Mengenbereich',
      'Arbeitsbereiche',
    ]);
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual([
      a.data.designation,
      '64-17-5',
      'GHS02, GHS07',
      'Gefahr',
      'H225, H319',
      'über 10 bis 100 kg bzw. l',
      'Lackiererei, Labor 2',
    ]);
    const pdf = await admin.post('/api/reports/generate', { ReportID: report.id, Art: 1, Filter: filter });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const parser = new PDFParse({ data: new Uint8Array(pdf.rawPayload) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    expect(text).toContain('Gefahrstoffverzeichnis');
    expect(text).toContain('Lackiererei, Labor 2');
    expect(text).toContain('H225, H319');
  });
});
