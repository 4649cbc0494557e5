import type { Document } from '@schutzwerk/shared/documents/documents.schema.ts';
import type {
  HazardAnalysis,
  HazardAnalysisVersion,
  HazardAnalysisVersionRow,
} from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/query.ts';
import { employees } from '#modules/employees/employees.table.ts';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { minimalPdf, multipartBody } from '#test/file-fixtures.ts';
import { createUser, employeeIdByLogin } from '#test/fixtures.ts';

/** Documents on hazard assessments and their document tasks (decision 021, Documents and document tasks). */
let t: TestApp;
let admin: ApiClient;
let adminId: number;
let sifaId: number;
let loc: Record<string, number>;
let brickIds: number[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  adminId = await employeeIdByLogin(t.database.db, 'admin');
  sifaId = await employeeIdByLogin(t.database.db, 'sifa');
  const rows = await queryRows<{ id: number; name: string }>(
    t.database.db,
    sql`select l.id, l.name from locations l join portals p on p.id = l.portal_id where p.is_main order by l.id`,
  );
  loc = Object.fromEntries(rows.map((r) => [r.name, r.id]));
  const b = await queryRows<{ id: number }>(
    t.database.db,
    sql`select id from hazard_bricks where not free order by id limit 2`,
  );
  brickIds = b.map((r) => r.id);
});
afterAll(async () => {
  await t.close();
});

const data = <T = HazardAnalysis>(res: { json: <U>() => U }) => res.json<{ data: T }>().data;

async function assessment(location = 'Tanklager Nord', body: Record<string, unknown> = {}) {
  const res = await admin.post('/api/hazardanalysis', {
    bezeichnung: `Dokumente ${location}`,
    locationId: loc[location],
    brickIds,
    responsibleId: adminId,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return data(res);
}

const fresh = async (id: number) => data(await admin.get(`/api/hazardanalysis/${id}`));

async function createDocument(body: Record<string, unknown> = {}): Promise<Document> {
  const res = await admin.post('/api/documents', { label: 'Prüfbericht Tankanlage', type: 6, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return data<Document>(res);
}

const fields = (d: Document) => ({
  label: d.label,
  type: d.type,
  responsibleId: d.responsibleId,
  nextCheck: d.nextCheck,
  checkInterval: d.checkInterval,
  version: d.version,
});

async function uploadPdf(doc: Document, name: string): Promise<Document> {
  const body = multipartBody({ version: String(doc.version) }, { name, data: minimalPdf() });
  const res = await admin.request('POST', `/api/documents/${doc.id}/versions`, body.payload, {
    headers: { 'content-type': body.contentType },
  });
  expect(res.statusCode, res.body).toBe(201);
  return data<Document>(res);
}

const getDoc = async (id: number) => data<Document>(await admin.get(`/api/documents/${id}`));

const link = (client: ApiClient, analysisId: number, documentId: number) =>
  client.post('/api/documents/links', { entity: 'hazard_analysis', entityId: analysisId, documentId });
const unlink = (client: ApiClient, analysisId: number, documentId: number) =>
  client.delete(
    `/api/documents/links?entity=hazard_analysis&entityId=${analysisId}&documentId=${documentId}`,
  );
const linked = (client: ApiClient, analysisId: number) =>
  client.get(`/api/documents/links?entity=hazard_analysis&entityId=${analysisId}`);

async function userAt(location: string, permissions: number[]) {
  const user = await createUser(t.database.db, { permissions });
  await t.database.db.update(employees).set({ locationId: loc[location]! }).where(eq(employees.id, user.id));
  return t.login(user.login, user.password);
}

type TaskRow = {
  kind: string;
  state: string;
  assignee_id: number;
  due_date: string | null;
  title: string;
  link_path: string | null;
  comment: string | null;
  done_by: number | null;
};
const documentTasks = (analysisId: number) =>
  queryRows<TaskRow>(
    t.database.db,
    sql`select kind, state, assignee_id, to_char(due_date, 'YYYY-MM-DD') as due_date, title, link_path,
               comment, done_by
        from tasks where source_type = 'hazard_analysis' and source_id = ${analysisId} and kind = 'document'
        order by id`,
  );

function berlinTodayPlus(days: number): string {
  const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

describe('documents on an assessment: attach API', () => {
  it('attaches, lists and detaches; a link change raises the version and is logged', async () => {
    const a = await assessment();
    const doc = await createDocument();
    expect((await link(admin, a.id, doc.id)).statusCode).toBe(204);
    const list = await linked(admin, a.id);
    expect(list.statusCode, list.body).toBe(200);
    expect(data<Document[]>(list).map((d) => d.id)).toEqual([doc.id]);
    const after = await fresh(a.id);
    expect(after.version).toBe(a.version + 1);
    const log = await queryRows<{ changes: unknown }>(
      t.database.db,
      sql`select changes from change_log where entity = 'hazard_analysis' and entity_id = ${String(a.id)}
          order by id desc limit 1`,
    );
    expect(JSON.stringify(log[0]?.changes)).toContain(String(doc.id));
    // Attaching again changes nothing (idempotent), also not the version.
    expect((await link(admin, a.id, doc.id)).statusCode).toBe(204);
    expect((await fresh(a.id)).version).toBe(after.version);
    // The old form of the header is stale now (409), as with every other change of the assessment.
    const stale = await admin.put(`/api/hazardanalysis/${a.id}`, {
      version: a.version,
      bezeichnung: 'Alt',
      locationId: a.location?.id ?? null,
      departmentId: null,
      activityId: null,
      attachSetting: 0,
    });
    expect(stale.statusCode).toBe(409);
    expect((await unlink(admin, a.id, doc.id)).statusCode).toBe(204);
    expect(data<Document[]>(await linked(admin, a.id))).toEqual([]);
    expect((await unlink(admin, a.id, doc.id)).statusCode).toBe(404);
    // An assessment that does not exist: not found.
    expect((await link(admin, 999_999, doc.id)).statusCode).toBe(404);
    expect((await linked(admin, 999_999)).statusCode).toBe(404);
  });

  it('honours the location scope and the edit right; "not found" and "not yours" alike', async () => {
    const a = await assessment('Tanklager Nord');
    const doc = await createDocument({ label: 'Explosionsschutzdokument' });
    const rights = [P.HAZARDANALYSIS_READONLY, P.DOCUMENTS, P.DOCUMENTS_EDIT];
    const editor = await userAt('Tanklager Nord', [...rights, P.HAZARDANALYSIS_EDIT]);
    const stranger = await userAt('Halle 1 – Abfüllung', [...rights, P.HAZARDANALYSIS_EDIT]);
    const reader = await userAt('Tanklager Nord', rights);

    const outside = await link(stranger, a.id, doc.id);
    expect(outside.statusCode).toBe(404);
    expect(errorOf(outside).code).toBe('NOT_FOUND');
    expect((await linked(stranger, a.id)).statusCode).toBe(404);

    const noRight = await link(reader, a.id, doc.id);
    expect(noRight.statusCode).toBe(403);
    expect(errorOf(noRight).code).toBe('NO_PERMISSION');
    expect(data<Document[]>(await linked(reader, a.id))).toEqual([]);

    expect((await link(editor, a.id, doc.id)).statusCode).toBe(204);
    expect(data<Document[]>(await linked(reader, a.id)).map((d) => d.label)).toEqual([
      'Explosionsschutzdokument',
    ]);
    expect((await unlink(reader, a.id, doc.id)).statusCode).toBe(403);
    expect((await unlink(stranger, a.id, doc.id)).statusCode).toBe(404);
    expect(data<Document[]>(await linked(admin, a.id))).toHaveLength(1);

    // Readers of released assessments only see the documents frozen with a version, not the working copy's.
    const releasedReader = await userAt('Tanklager Nord', [P.HAZARDANALYSIS_READONLY_RELEASED, P.DOCUMENTS]);
    expect((await linked(releasedReader, a.id)).statusCode).toBe(404);

    // Templates need the right for templates (Vorlagen).
    const template = data(
      await admin.post('/api/hazardanalysis', { bezeichnung: 'Vorlage Tank', isTemplate: true }),
    );
    expect((await link(editor, template.id, doc.id)).statusCode).toBe(403);
    expect((await link(admin, template.id, doc.id)).statusCode).toBe(204);
  });

  it('refuses inactive assessments and keeps frozen versions: a change after release starts a new version', async () => {
    const a = await assessment('Halle 1 – Abfüllung');
    const first = await createDocument({ label: 'Betriebsanweisung Abfüllung', type: 2 });
    const withFile = await uploadPdf(first, 'ba.pdf');
    expect(withFile.currentVersion?.fileName).toBe('ba.pdf');
    expect((await link(admin, a.id, first.id)).statusCode).toBe(204);
    const released = await admin.post(`/api/hazardanalysis/${a.id}/release`, {
      version: (await fresh(a.id)).version,
      releaseDate: '2026-11-24',
      nextCheckDate: '2027-11-24',
      responsibleId: adminId,
    });
    expect(released.statusCode, released.body).toBe(200);
    const [v1] = data<HazardAnalysisVersionRow[]>(await admin.get(`/api/hazardanalysis/${a.id}/versions`));
    const frozen = data<HazardAnalysisVersion>(await admin.get(`/api/hazardanalysis/ref/${v1!.id}`));
    expect(frozen.documents).toEqual([
      {
        id: first.id,
        label: 'Betriebsanweisung Abfüllung',
        type: 2,
        fileVersionId: withFile.currentVersion!.id,
        fileVersionNumber: 1,
        fileName: 'ba.pdf',
        confidential: false,
      },
    ]);

    // Editing a released assessment needs the right to start a new version, as every other change.
    const second = await createDocument({ label: 'Wartungsplan' });
    const editor = await userAt('Halle 1 – Abfüllung', [
      P.HAZARDANALYSIS_READONLY,
      P.HAZARDANALYSIS_EDIT,
      P.DOCUMENTS,
      P.DOCUMENTS_EDIT,
    ]);
    const refused = await link(editor, a.id, second.id);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toContain('neue Version');
    expect((await fresh(a.id)).release.released).toBe(true);

    expect((await link(admin, a.id, second.id)).statusCode).toBe(204);
    const working = await fresh(a.id);
    expect(working).toMatchObject({ versionNumber: 2, release: { released: false } });
    const releaseTasks = await queryRows<{ kind: string }>(
      t.database.db,
      sql`select kind from tasks where source_type = 'hazard_analysis' and source_id = ${a.id} and state = 'open'`,
    );
    expect(releaseTasks.map((r) => r.kind)).toEqual(['release']);
    // The frozen version keeps the documents of its release.
    const still = data<HazardAnalysisVersion>(await admin.get(`/api/hazardanalysis/ref/${v1!.id}`));
    expect(still.documents.map((d) => d.label)).toEqual(['Betriebsanweisung Abfüllung']);

    // Inactive: read-only.
    const off = await admin.post(`/api/hazardanalysis/${a.id}/active`, {
      version: working.version,
      active: false,
      comment: 'Anlage stillgelegt',
    });
    expect(off.statusCode, off.body).toBe(200);
    const inactive = await unlink(admin, a.id, second.id);
    expect(inactive.statusCode).toBe(409);
    expect(errorOf(inactive).code).toBe('HAZARD_ANALYSIS_INACTIVE');
  });

  it('hides the file name of a confidential document in frozen versions from readers without 2006 (issue 13, L6)', async () => {
    const a = await assessment('Labor L3');
    const open = await uploadPdf(await createDocument({ label: 'Prüfplan offen', type: 2 }), 'offen.pdf');
    const secret = await uploadPdf(
      await createDocument({ label: 'Gutachten vertraulich', type: 6, confidential: true }),
      'gutachten-geheim.pdf',
    );
    for (const d of [open, secret]) expect((await link(admin, a.id, d.id)).statusCode).toBe(204);
    const released = await admin.post(`/api/hazardanalysis/${a.id}/release`, {
      version: (await fresh(a.id)).version,
      releaseDate: '2026-11-26',
      nextCheckDate: '2027-11-26',
      responsibleId: adminId,
    });
    expect(released.statusCode, released.body).toBe(200);
    const [v1] = data<HazardAnalysisVersionRow[]>(await admin.get(`/api/hazardanalysis/${a.id}/versions`));
    const reader = await userAt('Labor L3', [P.HAZARDANALYSIS_READONLY, P.DOCUMENTS]);
    const names = async (client: ApiClient) =>
      Object.fromEntries(
        data<HazardAnalysisVersion>(await client.get(`/api/hazardanalysis/ref/${v1!.id}`)).documents.map(
          (d) => [d.label, d.fileName],
        ),
      );
    expect(await names(admin)).toEqual({
      'Prüfplan offen': 'offen.pdf',
      'Gutachten vertraulich': 'gutachten-geheim.pdf',
    });
    expect(await names(reader)).toEqual({ 'Prüfplan offen': 'offen.pdf', 'Gutachten vertraulich': null });
    // Made confidential after the release: hidden in the frozen version too.
    const current = data<Document>(await admin.get(`/api/documents/${open.id}`));
    const flagged = await admin.patch(`/api/documents/${open.id}`, {
      version: current.version,
      confidential: true,
    });
    expect(flagged.statusCode, flagged.body).toBe(200);
    expect(await names(reader)).toEqual({ 'Prüfplan offen': null, 'Gutachten vertraulich': null });
    const withRight = await userAt('Labor L3', [
      P.HAZARDANALYSIS_READONLY,
      P.DOCUMENTS,
      P.DOCUMENTS_CONFIDENTIAL,
    ]);
    expect((await names(withRight))['Prüfplan offen']).toBe('offen.pdf');
  });

  it('refuses deleting an assessment while documents are linked (FOREIGN_ENTRY)', async () => {
    const a = await assessment('Tanklager Nord', { bezeichnung: 'Löschbar' });
    const doc = await createDocument();
    expect((await link(admin, a.id, doc.id)).statusCode).toBe(204);
    const refused = await admin.delete(`/api/hazardanalysis/${a.id}?version=${(await fresh(a.id)).version}`);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({ code: 'FOREIGN_ENTRY' });
    expect(errorOf(refused).message).toContain('1 Dokument(en)');
    expect((await unlink(admin, a.id, doc.id)).statusCode).toBe(204);
    const deleted = await admin.delete(`/api/hazardanalysis/${a.id}?version=${(await fresh(a.id)).version}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
  });
});

describe('document tasks', () => {
  it('follows links, the responsible person, the next check, the label and the check', async () => {
    const a = await assessment('Tanklager Nord', { bezeichnung: 'Tankfeld West' });
    const doc = await createDocument({ label: 'Prüfbericht Tank 3' });
    expect((await link(admin, a.id, doc.id)).statusCode).toBe(204);
    // Without a responsible person and a next check date there is nothing to check.
    expect(await documentTasks(a.id)).toEqual([]);

    const planned = await admin.patch(`/api/documents/${doc.id}`, {
      ...fields(doc),
      responsibleId: sifaId,
      nextCheck: '2027-03-01',
      checkInterval: 365,
    });
    expect(planned.statusCode, planned.body).toBe(200);
    expect(await documentTasks(a.id)).toEqual([
      {
        kind: 'document',
        state: 'open',
        assignee_id: sifaId,
        due_date: '2027-03-01',
        title: 'Dokument „Prüfbericht Tank 3“ prüfen (Gefährdungsbeurteilung „Tankfeld West“)',
        link_path: `/documents/${doc.id}`,
        comment: null,
        done_by: null,
      },
    ]);

    // Another responsible person and a new label: the task follows (the old one is gone).
    const changed = await admin.patch(`/api/documents/${doc.id}`, {
      ...fields(await getDoc(doc.id)),
      label: 'Prüfbericht Tank 3a',
      responsibleId: adminId,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const open = await documentTasks(a.id);
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ assignee_id: adminId, due_date: '2027-03-01', state: 'open' });
    expect(open[0]!.title).toContain('„Prüfbericht Tank 3a“');

    // The check completes the open task and opens the next one at the new next check date.
    const checked = await admin.post(`/api/documents/${doc.id}/check`, {
      version: (await getDoc(doc.id)).version,
    });
    expect(checked.statusCode, checked.body).toBe(200);
    const afterCheck = await documentTasks(a.id);
    expect(afterCheck.map((r) => [r.state, r.due_date, r.comment, r.done_by])).toEqual([
      ['done', '2027-03-01', 'Dokument geprüft', adminId],
      ['open', berlinTodayPlus(365), null, null],
    ]);

    // A one-time check (interval 0 → no next date): done, no follow-up.
    const once = await admin.patch(`/api/documents/${doc.id}`, {
      ...fields(await getDoc(doc.id)),
      checkInterval: 0,
    });
    expect(once.statusCode, once.body).toBe(200);
    await admin.post(`/api/documents/${doc.id}/check`, { version: (await getDoc(doc.id)).version });
    expect((await documentTasks(a.id)).map((r) => r.state)).toEqual(['done', 'done']);

    // Detaching deletes the open task; done ones stay as history.
    const again = await admin.patch(`/api/documents/${doc.id}`, {
      ...fields(await getDoc(doc.id)),
      nextCheck: '2027-06-01',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await documentTasks(a.id)).map((r) => r.state)).toEqual(['done', 'done', 'open']);
    expect((await unlink(admin, a.id, doc.id)).statusCode).toBe(204);
    expect((await documentTasks(a.id)).map((r) => r.state)).toEqual(['done', 'done']);
  });

  it('deletes the open task when the document is deleted; none for templates', async () => {
    const a = await assessment('Tanklager Nord');
    const doc = await createDocument({ responsibleId: sifaId, nextCheck: '2027-01-10', checkInterval: 90 });
    expect((await link(admin, a.id, doc.id)).statusCode).toBe(204);
    expect((await documentTasks(a.id)).map((r) => r.state)).toEqual(['open']);
    const removed = await admin.delete(`/api/documents/${doc.id}?version=${(await getDoc(doc.id)).version}`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await documentTasks(a.id)).toEqual([]);

    const template = data(
      await admin.post('/api/hazardanalysis', { bezeichnung: 'Vorlage mit Dokument', isTemplate: true }),
    );
    const other = await createDocument({ responsibleId: sifaId, nextCheck: '2027-01-10' });
    expect((await link(admin, template.id, other.id)).statusCode).toBe(204);
    expect(await documentTasks(template.id)).toEqual([]);
  });

  it('inactivation deletes the open document tasks, activation recreates them', async () => {
    const a = await assessment('Tanklager Nord', { bezeichnung: 'Tankfeld Ost' });
    const one = await createDocument({ label: 'A', responsibleId: sifaId, nextCheck: '2027-02-01' });
    const two = await createDocument({ label: 'B', responsibleId: adminId, nextCheck: '2027-04-01' });
    expect((await link(admin, a.id, one.id)).statusCode).toBe(204);
    expect((await link(admin, a.id, two.id)).statusCode).toBe(204);
    expect((await documentTasks(a.id)).map((r) => [r.assignee_id, r.due_date])).toEqual([
      [sifaId, '2027-02-01'],
      [adminId, '2027-04-01'],
    ]);
    const off = await admin.post(`/api/hazardanalysis/${a.id}/active`, {
      version: (await fresh(a.id)).version,
      active: false,
      comment: 'Umbau',
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(await documentTasks(a.id)).toEqual([]);
    // While inactive, a document change does not bring a task back.
    await admin.patch(`/api/documents/${one.id}`, {
      ...fields(await getDoc(one.id)),
      nextCheck: '2027-02-15',
    });
    expect(await documentTasks(a.id)).toEqual([]);
    const on = await admin.post(`/api/hazardanalysis/${a.id}/active`, {
      version: (await fresh(a.id)).version,
      active: true,
      comment: '',
    });
    expect(on.statusCode, on.body).toBe(200);
    expect((await documentTasks(a.id)).map((r) => [r.state, r.assignee_id, r.due_date, r.link_path])).toEqual(
      [
        ['open', sifaId, '2027-02-15', `/documents/${one.id}`],
        ['open', adminId, '2027-04-01', `/documents/${two.id}`],
      ],
    );
  });
});

describe('document check with HAZARDANALYSIS_DOCUMENT_CHECK (617)', () => {
  const check = async (client: ApiClient, id: number) =>
    client.post(`/api/documents/${id}/check`, { version: (await getDoc(id)).version });
  const mayCheckOf = async (client: ApiClient, id: number) => {
    const res = await client.get(`/api/documents/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return data<Document>(res).mayCheck;
  };
  const planned = (label: string) =>
    createDocument({ label, responsibleId: sifaId, nextCheck: '2027-04-01', checkInterval: 30 });

  it('lets a reader of the assessment check its linked documents; the document task is completed', async () => {
    const a = await assessment('Tanklager Nord', { bezeichnung: 'Tankfeld Süd' });
    const doc = await planned('Prüfbericht Domschacht');
    expect((await link(admin, a.id, doc.id)).statusCode).toBe(204);
    expect((await documentTasks(a.id)).map((r) => r.state)).toEqual(['open']);

    const user = await createUser(t.database.db, {
      permissions: [P.DOCUMENTS, P.HAZARDANALYSIS_READONLY, P.HAZARDANALYSIS_DOCUMENT_CHECK],
    });
    await t.database.db
      .update(employees)
      .set({ locationId: loc['Tanklager Nord']! })
      .where(eq(employees.id, user.id));
    const checker = await t.login(user.login, user.password);
    expect(await mayCheckOf(checker, doc.id)).toBe(true);
    // The documents linked to the assessment say so, too.
    expect(data<Document[]>(await linked(checker, a.id)).map((d) => d.mayCheck)).toEqual([true]);

    const res = await check(checker, doc.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(data<Document>(res)).toMatchObject({ nextCheck: berlinTodayPlus(30), mayCheck: true });
    expect((await documentTasks(a.id)).map((r) => [r.state, r.due_date, r.comment, r.done_by])).toEqual([
      ['done', '2027-04-01', 'Dokument geprüft', user.id],
      ['open', berlinTodayPlus(30), null, null],
    ]);
  });

  it('refuses documents not linked to a readable assessment, and users without the rights', async () => {
    const inScope = await assessment('Tanklager Nord');
    const outside = await assessment('Halle 1 – Abfüllung');
    const unlinked = await planned('Prüfbericht ohne Zuordnung');
    const elsewhere = await planned('Prüfbericht Halle 1');
    expect((await link(admin, outside.id, elsewhere.id)).statusCode).toBe(204);
    const ours = await planned('Prüfbericht Tanklager');
    expect((await link(admin, inScope.id, ours.id)).statusCode).toBe(204);

    const checker = await userAt('Tanklager Nord', [
      P.DOCUMENTS,
      P.HAZARDANALYSIS_READONLY,
      P.HAZARDANALYSIS_DOCUMENT_CHECK,
    ]);
    for (const doc of [unlinked, elsewhere]) {
      expect(await mayCheckOf(checker, doc.id)).toBe(false);
      const res = await check(checker, doc.id);
      expect(res.statusCode, res.body).toBe(403);
      expect(errorOf(res).code).toBe('NO_PERMISSION');
    }
    expect((await getDoc(elsewhere.id)).lastCheckedAt).toBeNull();

    // Reading the working copy is part of it: 617 without reading assessments does not suffice.
    const noReader = await userAt('Tanklager Nord', [P.DOCUMENTS, P.HAZARDANALYSIS_DOCUMENT_CHECK]);
    expect(await mayCheckOf(noReader, ours.id)).toBe(false);
    expect((await check(noReader, ours.id)).statusCode).toBe(403);

    // Neither right: the route refuses.
    const plain = await userAt('Tanklager Nord', [P.DOCUMENTS, P.HAZARDANALYSIS_READONLY]);
    expect(await mayCheckOf(plain, ours.id)).toBe(false);
    const refused = await check(plain, ours.id);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('NO_PERMISSION');

    // 617 without DOCUMENTS cannot open documents, so it does not check them either.
    const noDocuments = await userAt('Tanklager Nord', [
      P.HAZARDANALYSIS_READONLY,
      P.HAZARDANALYSIS_DOCUMENT_CHECK,
    ]);
    expect((await noDocuments.get(`/api/documents/${ours.id}`)).statusCode).toBe(403);
    expect((await check(noDocuments, ours.id)).statusCode).toBe(403);
    expect((await getDoc(ours.id)).lastCheckedAt).toBeNull();

    // DOCUMENTS_CHECK alone still checks any document of the portal, linked or not.
    const documentChecker = await userAt('Halle 1 – Abfüllung', [P.DOCUMENTS, P.DOCUMENTS_CHECK]);
    expect(await mayCheckOf(documentChecker, unlinked.id)).toBe(true);
    expect((await check(documentChecker, unlinked.id)).statusCode).toBe(200);
    expect((await check(documentChecker, ours.id)).statusCode).toBe(200);
    expect((await getDoc(ours.id)).lastCheckedAt).not.toBeNull();
  });
});
