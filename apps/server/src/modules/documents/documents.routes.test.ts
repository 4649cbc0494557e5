import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Document, DocumentRow } from '@schutzwerk/shared/documents/documents.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import {
  fakeExe,
  minimalDocx,
  minimalPdf,
  multipartBody,
  tinyPng,
  zipBombDocx,
} from '#test/file-fixtures.ts';
import { createUser, customerPortalId, employeeIdByLogin } from '#test/fixtures.ts';

let t: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => {
  await t.close();
});

async function as(permissions: number[], options: { portalId?: number } = {}) {
  const user = await createUser(t.database.db, { permissions, ...options });
  return t.login(user.login, user.password);
}

async function createDocument(body: Record<string, unknown> = {}, client = admin): Promise<Document> {
  const res = await client.post('/api/documents', { label: 'Betriebsanweisung Stapler', type: 2, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Document }>().data;
}

function upload(
  client: ApiClient,
  id: number,
  version: number,
  file: { name: string; data: Buffer } | null,
  comment?: string,
) {
  const body = multipartBody({ version: String(version), ...(comment ? { comment } : {}) }, file);
  return client.request('POST', `/api/documents/${id}/versions`, body.payload, {
    headers: { 'content-type': body.contentType },
  });
}

async function uploadOk(
  client: ApiClient,
  doc: Document,
  file: { name: string; data: Buffer },
  comment?: string,
) {
  const res = await upload(client, doc.id, doc.version, file, comment);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Document }>().data;
}

function tmpFiles(): string[] {
  const dir = path.join(t.filesDir, 'tmp');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

describe('documents: record', () => {
  it('creates, reads, updates with optimistic locking and lists with filters', async () => {
    const responsibleId = await employeeIdByLogin(t.database.db, 'sifa');
    const doc = await createDocument({
      label: 'Prüfbericht Regale',
      type: 6,
      docVersion: '1.0',
      revision: 'A',
      responsibleId,
      languages: ['de-DE', 'en-GB'],
      nextCheck: '2027-01-15',
      checkInterval: 365,
      validFrom: '2026-01-01',
    });
    expect(doc).toMatchObject({
      label: 'Prüfbericht Regale',
      type: 6,
      responsibleId,
      checkInterval: 365,
      version: 1,
    });
    expect(doc.responsibleName).toMatch(/,/);

    const res = await admin.patch(`/api/documents/${doc.id}`, {
      ...doc,
      label: 'Prüfbericht Regallager',
      version: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: Document }>().data.version).toBe(2);
    const stale = await admin.patch(`/api/documents/${doc.id}`, { ...doc, label: 'Alt', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('CONFLICT');

    const list = await admin.get('/api/documents?type=6&search=regallager');
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json<{ data: { rows: DocumentRow[] } }>().data.rows;
    expect(rows.map((r) => r.id)).toEqual([doc.id]);
    expect(
      (await admin.get('/api/documents?type=6&released=true')).json<{ data: { rows: DocumentRow[] } }>().data
        .rows,
    ).toEqual([]);
  });

  it('refuses an unknown type, a bad interval and a responsible person outside the portal', async () => {
    const bad = await admin.post('/api/documents', { label: 'X', type: 19, checkInterval: 45 });
    expect(bad.statusCode).toBe(400);
    const paths = (errorOf(bad).details as { path: string[] }[]).map((d) => d.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['body.type', 'body.checkInterval']));
    const stranger = await createUser(t.database.db, { portalId: await customerPortalId(t.database.db) });
    const other = await admin.post('/api/documents', { label: 'X', type: 0, responsibleId: stranger.id });
    expect(other.statusCode).toBe(400);
  });

  it('keeps documents within their portal: another portal gets 404', async () => {
    const doc = await createDocument();
    const foreign = await as([P.DOCUMENTS, P.DOCUMENTS_EDIT], {
      portalId: await customerPortalId(t.database.db),
    });
    expect((await foreign.get(`/api/documents/${doc.id}`)).statusCode).toBe(404);
  });

  it('templates need DOCUMENTS_TEMPLATES', async () => {
    const editor = await as([P.DOCUMENTS, P.DOCUMENTS_CREATE, P.DOCUMENTS_EDIT]);
    const res = await editor.post('/api/documents', { label: 'Vorlage', type: 9, isTemplate: true });
    expect(res.statusCode).toBe(403);
    const tpl = await createDocument({ label: 'Vorlage Formular', type: 9, isTemplate: true });
    expect(tpl.isTemplate).toBe(true);
    const rows = (await admin.get('/api/documents?template=true')).json<{ data: { rows: DocumentRow[] } }>()
      .data.rows;
    expect(rows.map((r) => r.id)).toContain(tpl.id);
  });
});

describe('documents: uploads', () => {
  it('accepts a real PDF, PNG and DOCX and keeps every version downloadable under its name', async () => {
    let doc = await createDocument();
    doc = await uploadOk(admin, doc, { name: 'Anweisung v1.pdf', data: minimalPdf('v1') }, 'Erste Fassung');
    expect(doc.currentVersion).toMatchObject({
      number: 1,
      fileName: 'Anweisung v1.pdf',
      mimeType: 'application/pdf',
      comment: 'Erste Fassung',
    });
    doc = await uploadOk(admin, doc, { name: 'Foto.png', data: tinyPng() });
    doc = await uploadOk(admin, doc, { name: 'Übersicht für Prüfer.docx', data: minimalDocx() });
    expect(doc.versions.map((v) => v.number)).toEqual([3, 2, 1]);
    expect(doc.currentVersion?.mimeType).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );

    const first = doc.versions.find((v) => v.number === 1)!;
    const res = await admin.get(`/api/documents/${doc.id}/versions/${first.id}/file`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Anweisung v1.pdf"; filename*=UTF-8''Anweisung%20v1.pdf`,
    );
    expect(res.rawPayload.equals(minimalPdf('v1'))).toBe(true);

    const third = doc.versions.find((v) => v.number === 3)!;
    const docx = await admin.get(`/api/documents/${doc.id}/versions/${third.id}/file`);
    expect(docx.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('Übersicht für Prüfer.docx')}`,
    );
    expect(docx.headers['content-disposition']).toContain('filename="_bersicht f_r Pr_fer.docx"');
    expect(docx.rawPayload.equals(minimalDocx())).toBe(true);
    expect(tmpFiles()).toEqual([]);
  });

  it('stores identical content once (by its sha256)', async () => {
    const a = await uploadOk(admin, await createDocument(), {
      name: 'gleich.pdf',
      data: minimalPdf('dedupe'),
    });
    const b = await uploadOk(admin, await createDocument(), {
      name: 'auch-gleich.pdf',
      data: minimalPdf('dedupe'),
    });
    const hash = a.currentVersion!.hash!;
    expect(b.currentVersion!.hash).toBe(hash);
    const file = path.join(t.filesDir, hash.slice(0, 2), hash.slice(2, 4), hash);
    expect(fs.readFileSync(file).equals(minimalPdf('dedupe'))).toBe(true);
    const sameFolder = fs.readdirSync(path.dirname(file)).filter((f) => f === hash);
    expect(sameFolder).toHaveLength(1);
  });

  it('refuses an executable renamed to .pdf, a PNG named .jpg and an unknown extension', async () => {
    const doc = await createDocument();
    for (const file of [
      { name: 'rechnung.pdf', data: fakeExe() },
      { name: 'bild.jpg', data: tinyPng() },
      { name: 'tool.exe', data: fakeExe() },
      { name: 'notizen.txt', data: Buffer.from('hallo') },
    ]) {
      const res = await upload(admin, doc.id, doc.version, file);
      expect(res.statusCode, file.name).toBe(415);
      expect(errorOf(res).code).toBe('DOCUMENT_FILE_REJECTED');
      expect(errorOf(res).message).toMatch(/Erlaubt sind PDF/);
    }
    expect((await admin.get(`/api/documents/${doc.id}`)).json<{ data: Document }>().data.versions).toEqual(
      [],
    );
    expect(tmpFiles()).toEqual([]);
  });

  it('refuses a zip bomb .docx and a .docx with macros', async () => {
    const doc = await createDocument();
    const bomb = zipBombDocx();
    expect(bomb.length).toBeLessThan(200 * 1024);
    const res = await upload(admin, doc.id, doc.version, { name: 'harmlos.docx', data: bomb });
    expect(res.statusCode).toBe(415);
    expect(errorOf(res).message).toMatch(/Zip-Bombe/);
    const macro = minimalDocx([{ name: 'word/vbaProject.bin', data: Buffer.from('x') }]);
    const res2 = await upload(admin, doc.id, doc.version, { name: 'makro.docx', data: macro });
    expect(res2.statusCode).toBe(415);
    expect(errorOf(res2).message).toMatch(/Makros/);
  });

  it('refuses a 51 MB upload while streaming (413) and leaves nothing behind', async () => {
    const doc = await createDocument();
    const boundary = '----schutzwerk-big';
    const total = 51 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 0x41);
    let sent = 0;
    async function* body() {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="version"\r\n\r\n${doc.version}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="gross.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
      );
      while (sent < total) {
        sent += chunk.length;
        yield chunk;
      }
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    }
    const before = process.memoryUsage().rss;
    const res = await admin.request('POST', `/api/documents/${doc.id}/versions`, Readable.from(body()), {
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode, res.body).toBe(413);
    expect(errorOf(res).code).toBe('PAYLOAD_TOO_LARGE');
    expect(errorOf(res).message).toContain('50 MB');
    // Not held in memory: the process grew by far less than the upload.
    expect(process.memoryUsage().rss - before).toBeLessThan(40 * 1024 * 1024);
    expect(tmpFiles()).toEqual([]);
  });

  it('answers no file, a missing version and a stale version', async () => {
    const doc = await createDocument();
    const none = await upload(admin, doc.id, doc.version, null);
    expect(errorOf(none).code).toBe('DOCUMENT_NO_FILE');
    const empty = await upload(admin, doc.id, doc.version, { name: 'leer.pdf', data: Buffer.alloc(0) });
    expect(errorOf(empty).code).toBe('DOCUMENT_NO_FILE');
    const json = await admin.post(`/api/documents/${doc.id}/versions`, {});
    expect(json.statusCode).toBe(400);
    const stale = await upload(admin, doc.id, doc.version + 5, { name: 'a.pdf', data: minimalPdf() });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('CONFLICT');
  });

  it('serves confidential files only with DOCUMENTS_CONFIDENTIAL', async () => {
    const doc = await uploadOk(admin, await createDocument({ confidential: true }), {
      name: 'geheim.pdf',
      data: minimalPdf(),
    });
    const reader = await as([P.DOCUMENTS]);
    const url = `/api/documents/${doc.id}/versions/${doc.currentVersion!.id}/file`;
    const refused = await reader.get(url);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('DOCUMENT_CONFIDENTIAL');
    const allowed = await as([P.DOCUMENTS, P.DOCUMENTS_CONFIDENTIAL]);
    expect((await allowed.get(url)).statusCode).toBe(200);
  });
});

describe('documents: release and check', () => {
  it('releases only a PDF as current version; a new version cancels the release', async () => {
    let doc = await createDocument();
    const noFile = await admin.post(`/api/documents/${doc.id}/release`, { version: doc.version });
    expect(errorOf(noFile).code).toBe('DOCUMENT_RELEASE_NEEDS_PDF');
    doc = await uploadOk(admin, doc, { name: 'bild.png', data: tinyPng() });
    const png = await admin.post(`/api/documents/${doc.id}/release`, { version: doc.version });
    expect(png.statusCode).toBe(409);
    expect(errorOf(png).code).toBe('DOCUMENT_RELEASE_NEEDS_PDF');
    doc = await uploadOk(admin, doc, { name: 'anweisung.pdf', data: minimalPdf('release') });
    const ok = await admin.post(`/api/documents/${doc.id}/release`, { version: doc.version });
    expect(ok.statusCode, ok.body).toBe(200);
    doc = ok.json<{ data: Document }>().data;
    expect(doc.releasedAt).not.toBeNull();
    expect(doc.releasedVersionId).toBe(doc.currentVersion!.id);
    expect(doc.releasedByName).toMatch(/,/);
    doc = await uploadOk(admin, doc, { name: 'anweisung-2.pdf', data: minimalPdf('release 2') });
    expect(doc.releasedAt).toBeNull();
  });

  it('a check needs a responsible person and a check date, then moves the date by the interval', async () => {
    let doc = await createDocument({ checkInterval: 365 });
    const incomplete = await admin.post(`/api/documents/${doc.id}/check`, { version: doc.version });
    expect(incomplete.statusCode).toBe(409);
    expect(errorOf(incomplete).code).toBe('DOCUMENT_CHECK_INCOMPLETE');
    const responsibleId = await employeeIdByLogin(t.database.db, 'sifa');
    const res = await admin.patch(`/api/documents/${doc.id}`, {
      ...doc,
      responsibleId,
      nextCheck: '2026-01-01',
      version: doc.version,
    });
    doc = res.json<{ data: Document }>().data;
    const checked = await admin.post(`/api/documents/${doc.id}/check`, { version: doc.version });
    expect(checked.statusCode, checked.body).toBe(200);
    const after = checked.json<{ data: Document }>().data;
    const expected = new Date();
    expected.setUTCDate(expected.getUTCDate() + 365);
    // Berlin's today may differ by one day from UTC's around midnight.
    const diff = Math.abs(Date.parse(after.nextCheck!) - Date.parse(expected.toISOString().slice(0, 10)));
    expect(diff).toBeLessThanOrEqual(86_400_000);
    expect(after.lastCheckedAt).not.toBeNull();
    const stale = await admin.post(`/api/documents/${doc.id}/check`, { version: doc.version });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('CONFLICT');
  });

  it('due-for-check filter lists documents whose check date has come', async () => {
    const doc = await createDocument({ label: 'Fällig', nextCheck: '2020-01-01' });
    const rows = (await admin.get('/api/documents?dueForCheck=true&limit=100')).json<{
      data: { rows: DocumentRow[] };
    }>().data.rows;
    expect(rows.map((r) => r.id)).toContain(doc.id);
    expect(
      rows.every((r) => r.nextCheck !== null && r.nextCheck <= new Date().toISOString().slice(0, 10)),
    ).toBe(true);
  });
});

describe('documents: links (attach API)', () => {
  it('attaches, lists and detaches documents on a location of the own portal', async () => {
    const doc = await createDocument({ label: 'Flucht- und Rettungsplan' });
    const tree = (await admin.get('/api/locations/tree')).json<{ data: { nodes: { id: number }[] } }>().data
      .nodes;
    const locationId = tree[0]!.id;
    const add = await admin.post('/api/documents/links', {
      entity: 'location',
      entityId: locationId,
      documentId: doc.id,
    });
    expect(add.statusCode, add.body).toBe(204);
    const list = await admin.get(`/api/documents/links?entity=location&entityId=${locationId}`);
    expect(list.json<{ data: Document[] }>().data.map((d) => d.id)).toContain(doc.id);
    const missing = await admin.post('/api/documents/links', {
      entity: 'location',
      entityId: 999999,
      documentId: doc.id,
    });
    expect(missing.statusCode).toBe(404);
    const unknown = await admin.post('/api/documents/links', {
      entity: 'hazard',
      entityId: 1,
      documentId: doc.id,
    });
    expect(unknown.statusCode).toBe(400);
    const del = await admin.delete(
      `/api/documents/links?entity=location&entityId=${locationId}&documentId=${doc.id}`,
    );
    expect(del.statusCode).toBe(204);
    const after = await admin.get(`/api/documents/links?entity=location&entityId=${locationId}`);
    expect(after.json<{ data: Document[] }>().data.map((d) => d.id)).not.toContain(doc.id);
  });

  it('deletes a document with its versions (stale version 409)', async () => {
    const doc = await uploadOk(admin, await createDocument(), { name: 'weg.pdf', data: minimalPdf('weg') });
    expect((await admin.delete(`/api/documents/${doc.id}?version=1`)).statusCode).toBe(409);
    expect((await admin.delete(`/api/documents/${doc.id}?version=${doc.version}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/documents/${doc.id}`)).statusCode).toBe(404);
  });
});

describe('documents: partial updates and the confidential flag (issue 13, M1 and L6)', () => {
  it('changes only the fields named: a PATCH without `confidential` keeps the flag', async () => {
    const responsibleId = await employeeIdByLogin(t.database.db, 'sifa');
    const doc = await createDocument({
      confidential: true,
      languages: ['de-DE'],
      docVersion: '2.1',
      revision: 'B',
      responsibleId,
      nextCheck: '2027-03-01',
      checkInterval: 365,
      validFrom: '2026-02-01',
    });
    const res = await admin.patch(`/api/documents/${doc.id}`, {
      label: 'Nur der Name',
      version: doc.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<{ data: Document }>().data;
    const { label: _l, version: _v, ...rest } = after;
    const { label: _bl, version: _bv, ...restBefore } = doc;
    expect(after.label).toBe('Nur der Name');
    expect(rest).toEqual(restBefore);
  });

  it('setting or clearing `confidential` needs DOCUMENTS_CONFIDENTIAL; the file stays refused', async () => {
    const doc = await uploadOk(admin, await createDocument({ confidential: true }), {
      name: 'vertraulich.pdf',
      data: minimalPdf('vertraulich'),
    });
    // sifa's rights in the finding: 2000 and 2002 without 2006.
    const editor = await as([P.DOCUMENTS, P.DOCUMENTS_EDIT]);
    const omitted = await editor.patch(`/api/documents/${doc.id}`, {
      label: 'Umbenannt',
      type: 1,
      version: doc.version,
    });
    expect(omitted.statusCode, omitted.body).toBe(200);
    const kept = omitted.json<{ data: Document }>().data;
    expect(kept.confidential).toBe(true);
    const cleared = await editor.patch(`/api/documents/${doc.id}`, {
      confidential: false,
      version: kept.version,
    });
    expect(cleared.statusCode).toBe(403);
    expect(errorOf(cleared)).toEqual({
      code: 'DOCUMENT_CONFIDENTIAL_FLAG',
      message: expect.stringContaining('Vertrauliche Dokumente lesen'),
    });
    const url = `/api/documents/${doc.id}/versions/${doc.currentVersion!.id}/file`;
    expect(errorOf(await editor.get(url)).code).toBe('DOCUMENT_CONFIDENTIAL');

    const plain = await createDocument();
    const set = await editor.patch(`/api/documents/${plain.id}`, {
      confidential: true,
      version: plain.version,
    });
    expect(errorOf(set).code).toBe('DOCUMENT_CONFIDENTIAL_FLAG');
    const creator = await as([P.DOCUMENTS, P.DOCUMENTS_CREATE]);
    const created = await creator.post('/api/documents', { label: 'Geheim', type: 0, confidential: true });
    expect(errorOf(created).code).toBe('DOCUMENT_CONFIDENTIAL_FLAG');

    const trusted = await as([P.DOCUMENTS, P.DOCUMENTS_EDIT, P.DOCUMENTS_CONFIDENTIAL]);
    const ok = await trusted.patch(`/api/documents/${doc.id}`, {
      confidential: false,
      version: kept.version,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<{ data: Document }>().data.confidential).toBe(false);
  });

  it('hides file name, size and hash of a confidential document without DOCUMENTS_CONFIDENTIAL', async () => {
    const doc = await uploadOk(admin, await createDocument({ label: 'Geheimakte L6', confidential: true }), {
      name: 'gehaltsliste.pdf',
      data: minimalPdf('gehaltsliste'),
    });
    const tree = (await admin.get('/api/locations/tree')).json<{ data: { nodes: { id: number }[] } }>().data
      .nodes;
    const locationId = tree[0]!.id;
    const link = { entity: 'location', entityId: locationId, documentId: doc.id };
    expect((await admin.post('/api/documents/links', link)).statusCode).toBe(204);

    const reader = await as([P.DOCUMENTS]);
    const record = (await reader.get(`/api/documents/${doc.id}`)).json<{ data: Document }>().data;
    const hidden = { fileName: null, size: null, hash: null };
    expect(record.currentVersion).toMatchObject({ id: doc.currentVersion!.id, ...hidden });
    for (const v of record.versions) expect(v).toMatchObject(hidden);
    const rows = (await reader.get('/api/documents?search=Geheimakte%20L6')).json<{
      data: { rows: DocumentRow[] };
    }>().data.rows;
    expect(rows).toEqual([expect.objectContaining({ id: doc.id, fileName: null, fileCount: 1 })]);
    const listed = (await reader.get(`/api/documents/links?entity=location&entityId=${locationId}`)).json<{
      data: Document[];
    }>().data;
    expect(listed.find((d) => d.id === doc.id)?.currentVersion).toMatchObject(hidden);
    expect(JSON.stringify(record) + JSON.stringify(rows) + JSON.stringify(listed)).not.toContain(
      'gehaltsliste',
    );

    const trusted = await as([P.DOCUMENTS, P.DOCUMENTS_CONFIDENTIAL]);
    const full = (await trusted.get(`/api/documents/${doc.id}`)).json<{ data: Document }>().data;
    expect(full.currentVersion).toMatchObject({
      fileName: 'gehaltsliste.pdf',
      hash: doc.currentVersion!.hash,
    });
    expect(full.currentVersion!.size).toBeGreaterThan(0);
    await admin.delete(`/api/documents/links?entity=location&entityId=${locationId}&documentId=${doc.id}`);
  });
});
