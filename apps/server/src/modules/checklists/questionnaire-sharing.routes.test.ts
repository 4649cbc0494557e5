import type { Checklist } from '@schutzwerk/shared/checklists/checklists.schema.ts';
import type { CollectionLink } from '@schutzwerk/shared/checklists/questionnaire-links.schema.ts';
import type {
  Collection,
  Questionnaire,
  QuestionnaireType,
} from '@schutzwerk/shared/checklists/questionnaires.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/query.ts';
import { employees } from '#modules/employees/tables.ts';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { createUser } from '#test/fixtures.ts';

/** Collection links, segment rights and the questionnaire print (decision 067). */
let t: TestApp;
let admin: ApiClient;
let filler: { client: ApiClient; id: number };
let recipient: { client: ApiClient; id: number };
let viewer: { client: ApiClient; id: number };

const data = <T>(res: { json: <R>() => R }) => res.json<{ data: T }>().data;
async function pdfText(payload: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(payload) });
  const text = (await parser.getText()).text;
  await parser.destroy();
  return text.replace(/\s+/g, ' ');
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const as = async (permissions: number[]) => {
    const user = await createUser(t.database.db, { permissions });
    return { client: await t.login(user.login, user.password), id: user.id };
  };
  const fill = [
    P.AUDIT_CHECKLISTS,
    P.AUDIT_CHECKLISTS_COLLECTIONTREE_LIST,
    P.AUDIT_CHECKLISTS_COLLECTIONTREE_EDIT,
  ];
  filler = await as(fill);
  recipient = await as(fill);
  viewer = await as([P.AUDIT_CHECKLISTS, P.AUDIT_CHECKLISTS_COLLECTIONTREE_LIST]);
});
afterAll(async () => {
  await t.close();
});

/** A checklist with one mandatory checkbox question. */
async function question(label: string): Promise<Checklist> {
  const c = data<Checklist>(await admin.post('/api/checklists', { label }));
  const res = await admin.put(`/api/checklists/${c.id}`, {
    version: c.version,
    label: c.label,
    category: c.category,
    module: c.module,
    active: true,
    requiredProgress: 0,
    cloneMaximum: 0,
    rows: [{ key: 1, label: '' }],
    columns: [{ key: 1, label: '' }],
    cells: [
      {
        row: 1,
        column: 1,
        element: { type: 'checkbox', label: `${label}: geprüft?`, required: true, variable: null },
      },
    ],
    variables: [],
    rights: [],
    locked: false,
  });
  expect(res.statusCode, res.body).toBe(200);
  return data<Checklist>(res);
}

async function collection(label: string, checklistIds: number[]): Promise<Collection> {
  const res = await admin.post('/api/checklists/collections', { label, module: 'general', checklistIds });
  expect(res.statusCode, res.body).toBe(201);
  return data<Collection>(res);
}

const seg = (key: number, collectionId: number, rights: unknown[] = []) => ({
  key,
  parentKey: null,
  label: `Bereich ${key}`,
  segment: String(key),
  collectionId,
  brickId: null,
  rights,
});

/** A questionnaire of three segments: 1 filled by the filler only, 2 seen by the filler only, 3 open to all. */
async function setUp(name: string) {
  const checklists = [await question(`${name} A`), await question(`${name} B`), await question(`${name} C`)];
  const cols = [];
  for (const c of checklists) cols.push(await collection(`${name} ${c.label}`, [c.id]));
  const typeRes = await admin.post('/api/checklists/trees', {
    title: `Typ ${name}`,
    module: 'general',
    segments: [
      seg(1, cols[0]!.id, [{ kind: 'employee', id: filler.id, edit: true }]),
      seg(2, cols[1]!.id, [{ kind: 'employee', id: filler.id, edit: false }]),
      seg(3, cols[2]!.id),
    ],
  });
  expect(typeRes.statusCode, typeRes.body).toBe(201);
  const type = data<QuestionnaireType>(typeRes);
  const qRes = await admin.post('/api/questionnaires', { typeId: type.id, title: `Fragebogen ${name}` });
  expect(qRes.statusCode, qRes.body).toBe(201);
  return { type, questionnaire: data<Questionnaire>(qRes), checklists };
}

const entryOf = (q: Questionnaire, key: number) => {
  const entry = q.segments.find((s) => s.key === key)?.entries[0];
  if (!entry) throw new Error(`no entry in segment ${key}`);
  return entry;
};
const view = async (client: ApiClient, id: number) => {
  const res = await client.get(`/api/questionnaires/${id}/edit`);
  expect(res.statusCode, res.body).toBe(200);
  return data<Questionnaire>(res);
};
const saveAnswer = (client: ApiClient, q: Questionnaire, key: number, done = false, version?: number) => {
  const entry = entryOf(q, key);
  const cell = entry.checklist.cells[0]!;
  return client.put(`/api/questionnaires/${q.id}/entries/${entry.entryId}`, {
    version: version ?? entry.instance.version,
    answers: { [`${cell.row}_${cell.column}`]: true },
    results: {},
    status: done ? 'done' : 'undone',
  });
};

describe('segment rights', () => {
  it('names the rights; refuses an unknown employee, role or location', async () => {
    const c = await question('Rechte-Namen');
    const col = await collection('Rechte-Namen', [c.id]);
    const bad = await admin.post('/api/checklists/trees', {
      title: 'Unbekannte Rechte',
      segments: [seg(1, col.id, [{ kind: 'role', id: 999_999, edit: true }])],
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).code).toBe('INPUT_VALIDATION_ERROR');
    expect(errorOf(bad).message).toBe(
      'Ein Mitarbeiter, eine Rolle oder ein Ort der Segmentrechte wurde nicht gefunden.',
    );
    const twice = await admin.post('/api/checklists/trees', {
      title: 'Doppelte Rechte',
      segments: [
        seg(1, col.id, [
          { kind: 'employee', id: filler.id, edit: true },
          { kind: 'employee', id: filler.id, edit: false },
        ]),
      ],
    });
    expect(twice.statusCode).toBe(400);
    const ok = await admin.post('/api/checklists/trees', {
      title: 'Benannte Rechte',
      segments: [seg(1, col.id, [{ kind: 'employee', id: filler.id, edit: true }])],
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const rights = data<QuestionnaireType>(ok).segments[0]?.rights ?? [];
    expect(rights).toHaveLength(1);
    expect(rights[0]?.name).toMatch(/^Prüfer\d+, Tess/);
  });

  it('shows and fills only the segments the rights allow; the server refuses the rest', async () => {
    const { type, questionnaire } = await setUp('Rechte');
    // The administrator of types is not restricted.
    expect((await view(admin, questionnaire.id)).segments.map((s) => s.key)).toEqual([1, 2, 3]);

    const asFiller = await view(filler.client, questionnaire.id);
    expect(asFiller.segments.map((s) => [s.key, s.editable])).toEqual([
      [1, true],
      [2, false],
      [3, true],
    ]);
    const asOther = await view(recipient.client, questionnaire.id);
    expect(asOther.segments.map((s) => s.key)).toEqual([3]);

    // Filling: a segment only seen is 403, a hidden one is not found, an allowed one saves.
    const readOnly = await saveAnswer(filler.client, asFiller, 2);
    expect(readOnly.statusCode).toBe(403);
    expect(errorOf(readOnly).code).toBe('QUESTIONNAIRE_SEGMENT_READ_ONLY');
    const hidden = await saveAnswer(recipient.client, asFiller, 1);
    expect(hidden.statusCode).toBe(404);
    expect(errorOf(hidden).code).toBe('CHECKLISTS_NOT_FOUND');
    expect((await saveAnswer(filler.client, asFiller, 1)).statusCode).toBe(200);
    expect((await saveAnswer(recipient.client, asOther, 3)).statusCode).toBe(200);

    // The checklists' own instance routes follow the segment rights too (the link rule).
    const hiddenEntry = entryOf(asFiller, 1);
    const direct = await recipient.client.get(
      `/api/checklists/${hiddenEntry.checklist.id}/instances/${hiddenEntry.instance.id}`,
    );
    expect(direct.statusCode).toBeGreaterThanOrEqual(403);
    expect(direct.statusCode).toBeLessThan(405);

    // Rights are read from the type as it is now: opening segment 1 to everyone applies at once.
    const current = data<QuestionnaireType>(await admin.get(`/api/checklists/trees/${type.id}`));
    const opened = await admin.put(`/api/checklists/trees/${type.id}`, {
      version: current.version,
      title: current.title,
      module: current.module,
      active: current.active,
      segments: current.segments.map((s) => ({ ...s, rights: s.key === 1 ? [] : s.rights })),
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect((await view(recipient.client, questionnaire.id)).segments.map((s) => s.key)).toEqual([1, 3]);
  });
});

describe('picker checklist_segment (decision 070)', () => {
  it('lists the segments the rights show, only fillable ones when asked, of a questionnaire with its links', async () => {
    const { type, questionnaire: q } = await setUp('Picker');
    const keys = async (client: ApiClient, query: string) => {
      const res = await client.get(`/api/checklists/segments?typeId=${type.id}${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = data<{ rows: { key: number; label: string; segment: string }[]; filteredCount: number }>(
        res,
      );
      expect(page.filteredCount).toBe(page.rows.length);
      return page.rows.map((r) => r.key);
    };
    // Administrators of types are not restricted.
    expect(await keys(admin, '')).toEqual([1, 2, 3]);
    expect(await keys(admin, '&fillable=true')).toEqual([1, 2, 3]);
    // The filler fills 1, sees 2, and 3 is open to all.
    expect(await keys(filler.client, '')).toEqual([1, 2, 3]);
    expect(await keys(filler.client, '&fillable=true')).toEqual([1, 3]);
    // Someone the rights do not name sees only the open segment; the search still applies.
    expect(await keys(recipient.client, '')).toEqual([3]);
    expect(await keys(recipient.client, '&search=bereich%201')).toEqual([]);

    // Of a questionnaire: a link sent opens segment 1 to its recipient; without the right to fill, nothing is fillable.
    const sent = await admin.post(`/api/questionnaires/${q.id}/links`, {
      segmentKey: 1,
      employeeId: recipient.id,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(await keys(recipient.client, '')).toEqual([3]);
    expect(await keys(recipient.client, `&questionnaireId=${q.id}&fillable=true`)).toEqual([1, 3]);
    expect(await keys(viewer.client, `&questionnaireId=${q.id}`)).toEqual([3]);
    expect(await keys(viewer.client, `&questionnaireId=${q.id}&fillable=true`)).toEqual([]);

    // A questionnaire of another type, an unknown type, no questionnaire rights.
    const other = await setUp('Picker anders');
    const foreign = await admin.get(
      `/api/checklists/segments?typeId=${type.id}&questionnaireId=${other.questionnaire.id}`,
    );
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign).code).toBe('CHECKLIST_COLLECTION_TREE_NOT_FOUND');
    expect(errorOf(await admin.get('/api/checklists/segments?typeId=999999')).code).toBe(
      'CHECKLIST_COLLECTION_TREE_NOT_FOUND',
    );
    const noRight = await createUser(t.database.db, { permissions: [P.AUDIT_CHECKLISTS] });
    const client = await t.login(noRight.login, noRight.password);
    expect((await client.get(`/api/checklists/segments?typeId=${type.id}`)).statusCode).toBe(403);
  });
});

describe('collection links', () => {
  it('sends a segment to a person: sent → opened → in progress → done, with who and when', async () => {
    const { questionnaire } = await setUp('Versand');
    const q = questionnaire;
    const send = (client: ApiClient, body: unknown) => client.post(`/api/questionnaires/${q.id}/links`, body);

    // Bad sends.
    expect(errorOf(await send(admin, { segmentKey: 99, employeeId: recipient.id })).code).toBe(
      'COLLECTION_LINK_SEGMENT_NOT_FOUND',
    );
    expect(errorOf(await send(admin, { segmentKey: 1, employeeId: 999_999 })).code).toBe(
      'EMPLOYEE_NOT_FOUND',
    );
    expect((await send(viewer.client, { segmentKey: 3, employeeId: recipient.id })).statusCode).toBe(403);
    // Sending a segment one may only see is refused.
    const seen = await send(filler.client, { segmentKey: 2, employeeId: recipient.id });
    expect(seen.statusCode).toBe(403);
    expect(errorOf(seen).code).toBe('QUESTIONNAIRE_SEGMENT_READ_ONLY');

    const sent = await send(admin, { segmentKey: 1, employeeId: recipient.id });
    expect(sent.statusCode, sent.body).toBe(201);
    let link = data<CollectionLink>(sent);
    expect(link).toMatchObject({ status: 'sent', segmentKey: 1, recipientId: recipient.id, openedAt: null });
    expect(link.sentByName).toMatch(/,/);
    const twice = await send(admin, { segmentKey: 1, employeeId: recipient.id });
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).code).toBe('COLLECTION_LINK_EXISTS');

    // The recipient now sees and fills segment 1, which its rights hid.
    const asRecipient = await view(recipient.client, q.id);
    expect(asRecipient.segments.map((s) => [s.key, s.editable])).toEqual([
      [1, true],
      [3, true],
    ]);
    expect(asRecipient.segments[0]?.links.map((l) => l.id)).toEqual([link.id]);

    const step = (client: ApiClient, body: Record<string, unknown>, id = link.id) =>
      client.post(`/api/questionnaires/${q.id}/links/${id}/status`, { reason: '', ...body });
    const notMine = await step(admin, { version: link.version, status: 'opened' });
    expect(notMine.statusCode).toBe(403);
    expect(errorOf(notMine).code).toBe('COLLECTION_LINK_NOT_RECIPIENT');
    const skip = await step(recipient.client, { version: link.version, status: 'done' });
    expect(skip.statusCode).toBe(409);
    expect(errorOf(skip).code).toBe('COLLECTION_LINK_STATUS_INVALID');
    expect(
      errorOf(await step(recipient.client, { version: link.version, status: 'opened' }, 999_999)).code,
    ).toBe('COLLECTION_LINK_NOT_FOUND');

    const opened = await step(recipient.client, { version: link.version, status: 'opened' });
    expect(opened.statusCode, opened.body).toBe(200);
    const stale = await step(recipient.client, { version: link.version, status: 'in_progress' });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('CONFLICT');
    link = data<CollectionLink>(opened);
    expect(link.status).toBe('opened');
    expect(link.openedAt).not.toBeNull();

    // Saving an answer in the segment sent moves the link to „in progress“.
    expect((await saveAnswer(recipient.client, asRecipient, 1)).statusCode).toBe(200);
    const links = await admin.get(`/api/questionnaires/links?questionnaireId=${q.id}`);
    link = data<{ rows: CollectionLink[] }>(links).rows[0]!;
    expect(link.status).toBe('in_progress');
    expect(link.startedAt).not.toBeNull();

    // Done needs every checklist of the segment done.
    const undone = await step(recipient.client, { version: link.version, status: 'done' });
    expect(undone.statusCode).toBe(400);
    expect(errorOf(undone).code).toBe('CHECKLIST_MANDATORY_UNDONE');
    const fresh = await view(recipient.client, q.id);
    expect((await saveAnswer(recipient.client, fresh, 1, true)).statusCode).toBe(200);
    const done = await step(recipient.client, { version: link.version, status: 'done' });
    expect(done.statusCode, done.body).toBe(200);
    link = data<CollectionLink>(done);
    expect(link.status).toBe('done');
    expect(link.finishedAt).not.toBeNull();
    expect(
      errorOf(await step(recipient.client, { version: link.version, status: 'rejected', reason: 'x' })).code,
    ).toBe('COLLECTION_LINK_STATUS_INVALID');

    // Done: the recipient still reads the segment but no longer fills it.
    const after = await view(recipient.client, q.id);
    expect(after.segments.find((s) => s.key === 1)?.editable).toBe(false);
    const readOnly = await saveAnswer(recipient.client, after, 1);
    expect(errorOf(readOnly).code).toBe('QUESTIONNAIRE_SEGMENT_READ_ONLY');
  });

  it('rejects with a reason; lists all links for fillers and only their own for others; refuses on a done questionnaire', async () => {
    const { questionnaire: q } = await setUp('Ablehnung');
    const sent = data<CollectionLink>(
      await admin.post(`/api/questionnaires/${q.id}/links`, { segmentKey: 3, employeeId: viewer.id }),
    );
    const toRecipient = data<CollectionLink>(
      await admin.post(`/api/questionnaires/${q.id}/links`, { segmentKey: 3, employeeId: recipient.id }),
    );
    const step = (body: Record<string, unknown>) =>
      viewer.client.post(`/api/questionnaires/${q.id}/links/${sent.id}/status`, body);
    const noReason = await step({ version: sent.version, status: 'rejected', reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(errorOf(noReason).code).toBe('COLLECTION_LINK_REASON_MISSING');
    const rejected = await step({ version: sent.version, status: 'rejected', reason: 'Nicht zuständig' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(data<CollectionLink>(rejected)).toMatchObject({ status: 'rejected', reason: 'Nicht zuständig' });
    // A rejected link can be sent again.
    expect(
      (await admin.post(`/api/questionnaires/${q.id}/links`, { segmentKey: 3, employeeId: viewer.id }))
        .statusCode,
    ).toBe(201);

    const rows = async (client: ApiClient, query: string) => {
      const res = await client.get(`/api/questionnaires/links?questionnaireId=${q.id}${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return data<{ rows: CollectionLink[]; filteredCount: number }>(res);
    };
    expect((await rows(admin, '')).filteredCount).toBe(3);
    expect((await rows(admin, '&status=rejected')).rows.map((r) => r.id)).toEqual([sent.id]);
    expect((await rows(recipient.client, '&mine=true')).rows.map((r) => r.id)).toEqual([toRecipient.id]);
    // Without the right to fill questionnaires only one's own links are listed.
    expect((await rows(viewer.client, '')).rows.every((r) => r.recipientId === viewer.id)).toBe(true);
    expect((await rows(viewer.client, '')).filteredCount).toBe(2);

    // A finished questionnaire takes no more links or steps.
    const current = await view(admin, q.id);
    for (const s of current.segments)
      expect((await saveAnswer(admin, current, s.key, true)).statusCode).toBe(200);
    const fresh = await view(admin, q.id);
    const finished = await admin.put(`/api/questionnaires/${q.id}`, {
      version: fresh.version,
      title: fresh.title,
      status: 'done',
    });
    expect(finished.statusCode, finished.body).toBe(200);
    expect(
      errorOf(await admin.post(`/api/questionnaires/${q.id}/links`, { segmentKey: 1, employeeId: viewer.id }))
        .code,
    ).toBe('QUESTIONNAIRE_DONE');
    const late = await recipient.client.post(`/api/questionnaires/${q.id}/links/${toRecipient.id}/status`, {
      version: toRecipient.version,
      status: 'opened',
    });
    expect(errorOf(late).code).toBe('QUESTIONNAIRE_DONE');
  });
});

describe('collection link mails (decision 070)', () => {
  type Mail = { to_address: string; purpose: string; subject: string; text_body: string };
  const outbox = async (purpose: string) =>
    queryRows<Mail>(
      t.database.db,
      sql`select to_address, purpose, subject, text_body from mail_outbox where purpose = ${purpose} order by id`,
    );
  const setEmail = (id: number, email: string | null) =>
    t.database.db.execute(sql`update ${employees} set email = ${email} where id = ${id}`);

  it('mails the recipient when a segment is sent and the sender when it is rejected or done', async () => {
    const system = data<{ version: number; value: Record<string, unknown> }>(
      await admin.get('/api/settings/system'),
    );
    const url = await admin.put('/api/settings/system', {
      version: system.version,
      value: { ...system.value, applicationUrl: 'https://sw.test/' },
    });
    expect(url.statusCode, url.body).toBe(200);
    await t.database.db.execute(sql`delete from mail_outbox`);
    await setEmail(filler.id, 'filler@example.org');
    await setEmail(recipient.id, 'recipient@example.org');
    const { questionnaire: q } = await setUp('Mail');

    // Sent by the filler to the recipient: the recipient gets „Sammlung zum Ausfüllen“ with the viewer's URL.
    const sent = await filler.client.post(`/api/questionnaires/${q.id}/links`, {
      segmentKey: 3,
      employeeId: recipient.id,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const link = data<CollectionLink>(sent);
    const [sentMail, ...more] = await outbox('collectionSent');
    expect(more).toEqual([]);
    expect(sentMail?.to_address).toBe('recipient@example.org');
    expect(sentMail?.subject).toBe('Sammlung zum Ausfüllen: Fragebogen Mail – 3 Bereich 3');
    expect(sentMail?.text_body).toContain('Fragebogen: Fragebogen Mail');
    expect(sentMail?.text_body).toContain('Sammlung: 3 Bereich 3');
    expect(sentMail?.text_body).toMatch(/Gesendet von: Prüfer\d+, Tess/);
    expect(sentMail?.text_body).toContain(`https://sw.test/checklists/tree/edit/${q.id}`);

    // Rejected with a reason: the sender gets „Sammlung abgelehnt“ with the reason and the recipient's name.
    const rejected = await recipient.client.post(`/api/questionnaires/${q.id}/links/${link.id}/status`, {
      version: link.version,
      status: 'rejected',
      reason: 'Bin im Urlaub',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const [rejectedMail] = await outbox('collectionRejected');
    expect(rejectedMail?.to_address).toBe('filler@example.org');
    expect(rejectedMail?.subject).toBe('Sammlung abgelehnt: Fragebogen Mail – 3 Bereich 3');
    expect(rejectedMail?.text_body).toContain('Grund: Bin im Urlaub');
    expect(rejectedMail?.text_body).toMatch(/Empfänger: Prüfer\d+, Tess/);
    expect(rejectedMail?.text_body).toContain(`https://sw.test/checklists/tree/read/${q.id}`);

    // Sent again and done: the sender gets „Sammlung erledigt“.
    const again = data<CollectionLink>(
      await filler.client.post(`/api/questionnaires/${q.id}/links`, {
        segmentKey: 3,
        employeeId: recipient.id,
      }),
    );
    expect(await outbox('collectionSent')).toHaveLength(2);
    const fresh = await view(recipient.client, q.id);
    expect((await saveAnswer(recipient.client, fresh, 3, true)).statusCode).toBe(200);
    const current = data<{ rows: CollectionLink[] }>(
      await admin.get(`/api/questionnaires/links?questionnaireId=${q.id}&status=in_progress`),
    ).rows[0]!;
    expect(current.id).toBe(again.id);
    const done = await recipient.client.post(`/api/questionnaires/${q.id}/links/${again.id}/status`, {
      version: current.version,
      status: 'done',
      reason: '',
    });
    expect(done.statusCode, done.body).toBe(200);
    const [doneMail, ...moreDone] = await outbox('collectionDone');
    expect(moreDone).toEqual([]);
    expect(doneMail?.to_address).toBe('filler@example.org');
    expect(doneMail?.subject).toBe('Sammlung erledigt: Fragebogen Mail – 3 Bereich 3');
  });

  it('sends without a usable address and mails nobody about their own step', async () => {
    await t.database.db.execute(sql`delete from mail_outbox`);
    await setEmail(recipient.id, 'kein-mail');
    await setEmail(filler.id, null);
    const { questionnaire: q } = await setUp('Ohne Adresse');
    const sent = await filler.client.post(`/api/questionnaires/${q.id}/links`, {
      segmentKey: 3,
      employeeId: recipient.id,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const link = data<CollectionLink>(sent);
    const rejected = await recipient.client.post(`/api/questionnaires/${q.id}/links/${link.id}/status`, {
      version: link.version,
      status: 'rejected',
      reason: 'Falsche Person',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);

    // Sent to oneself: no mail although the address is usable.
    await setEmail(filler.id, 'filler@example.org');
    const own = await filler.client.post(`/api/questionnaires/${q.id}/links`, {
      segmentKey: 3,
      employeeId: filler.id,
    });
    expect(own.statusCode, own.body).toBe(201);
    const ownLink = data<CollectionLink>(own);
    const ownRejected = await filler.client.post(`/api/questionnaires/${q.id}/links/${ownLink.id}/status`, {
      version: ownLink.version,
      status: 'rejected',
      reason: 'Doch nicht',
    });
    expect(ownRejected.statusCode, ownRejected.body).toBe(200);
    expect(
      await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from mail_outbox`),
    ).toEqual([{ n: 0 }]);
  });
});

describe('questionnaire print', () => {
  it('prints the segments the reader may see with answers and links as a PDF', async () => {
    const { questionnaire: q } = await setUp('Druck');
    const asFiller = await view(filler.client, q.id);
    expect((await saveAnswer(filler.client, asFiller, 1, true)).statusCode).toBe(200);
    await admin.post(`/api/questionnaires/${q.id}/links`, { segmentKey: 3, employeeId: recipient.id });

    const pdf = await admin.get(`/api/questionnaires/${q.id}/print`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(decodeURIComponent(String(pdf.headers['content-filename']))).toBe(
      'Fragebogen Fragebogen Druck.pdf',
    );
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Fragebogen: Fragebogen Druck');
    expect(text).toContain('Fragebogentyp: Typ Druck');
    expect(text).toContain('Druck A: geprüft?: Ja');
    expect(text).toContain('Fortschritt 100 % · abgeschlossen');
    expect(text).toContain('2 Bereich 2');
    expect(text).toMatch(/Versendet an: Prüfer\d+, Tess \(gesendet/);

    // Another reader's print leaves out the segments their rights hide.
    const other = await pdfText((await recipient.client.get(`/api/questionnaires/${q.id}/print`)).rawPayload);
    expect(other).toContain('3 Bereich 3');
    expect(other).not.toContain('Bereich 1');
    expect(other).not.toContain('Bereich 2');

    expect(errorOf(await admin.get('/api/questionnaires/999999/print')).code).toBe(
      'CHECKLIST_COLLECTION_TREE_NOT_FOUND',
    );
    const noRight = await createUser(t.database.db, { permissions: [P.AUDIT_CHECKLISTS] });
    const client = await t.login(noRight.login, noRight.password);
    expect((await client.get(`/api/questionnaires/${q.id}/print`)).statusCode).toBe(403);
  });
});
