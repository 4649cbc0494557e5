import type { Audit } from '@schutzwerk/shared/audits/audits.schema.ts';
import type { Checklist, ChecklistInstance } from '@schutzwerk/shared/checklists/checklists.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/query.ts';
import { employees } from '#modules/employees/tables.ts';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { createUser, customerPortalId, employeeIdByLogin } from '#test/fixtures.ts';

let t: TestApp;
let admin: ApiClient;
let adminId: number;
let auditor: { id: number; client: ApiClient };
let participant: { id: number; client: ApiClient };
let outsider: { id: number; client: ApiClient };
let reader: ApiClient;
let otherPortal: ApiClient;

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
  adminId = await employeeIdByLogin(t.database.db, 'admin');
  const as = async (permissions: number[], portalId?: number) => {
    const user = await createUser(t.database.db, { permissions, ...(portalId ? { portalId } : {}) });
    await t.database.db.execute(
      sql`update ${employees} set email = ${`${user.login}@example.org`} where id = ${user.id}`,
    );
    return { id: user.id, client: await t.login(user.login, user.password) };
  };
  // Sees only the audits they take part in (no AUDIT_AUDITS_ALL); fills checklists.
  auditor = await as([P.AUDIT_AUDITS, P.AUDIT_CHECKLISTS, P.AUDIT_CHECKLISTS_EDIT]);
  participant = await as([P.AUDIT_AUDITS, P.AUDIT_CHECKLISTS]);
  outsider = await as([P.AUDIT_AUDITS, P.AUDIT_CHECKLISTS]);
  reader = (await as([P.AUDIT_CHECKLISTS])).client;
  otherPortal = (
    await as([P.AUDIT_AUDITS, P.AUDIT_AUDITS_ALL, P.AUDIT_CHECKLISTS], await customerPortalId(t.database.db))
  ).client;
});
afterAll(async () => {
  await t.close();
});

/** A checklist with one mandatory checkbox and a number; `requiredProgress` as given. */
async function checklist(label: string, requiredProgress = 0): Promise<Checklist> {
  const c = data<Checklist>(await admin.post('/api/checklists', { label }));
  const res = await admin.put(`/api/checklists/${c.id}`, {
    version: c.version,
    label: c.label,
    category: '',
    module: 'audits',
    active: true,
    requiredProgress,
    cloneMaximum: 0,
    rows: [
      { key: 1, label: 'Prüfung' },
      { key: 2, label: 'Messung' },
    ],
    columns: [{ key: 1, label: '' }],
    cells: [
      {
        row: 1,
        column: 1,
        element: { type: 'checkbox', label: 'Notausgang frei', required: true, variable: null },
      },
      {
        row: 2,
        column: 1,
        element: {
          type: 'number',
          label: 'Lärmpegel',
          required: false,
          kind: 'float',
          min: 0,
          max: 200,
          variable: null,
        },
      },
    ],
    variables: [],
    rights: [],
    locked: false,
  });
  expect(res.statusCode, res.body).toBe(200);
  return data<Checklist>(res);
}

const instanceUrl = (checklistId: number, instanceId: number) =>
  `/api/checklists/${checklistId}/instances/${instanceId}`;

async function fill(
  client: ApiClient,
  checklistId: number,
  instanceId: number,
  answers: Record<string, unknown>,
  status: 'undone' | 'done' = 'undone',
) {
  const current = data<ChecklistInstance>(await admin.get(instanceUrl(checklistId, instanceId)));
  return client.put(instanceUrl(checklistId, instanceId), {
    version: current.version,
    answers,
    results: {},
    status,
  });
}

describe('password-protected checklists and viewer statuses', () => {
  it('checks the password on the server, stores only a hash and ends unlocks when it changes', async () => {
    const c = await checklist(`Geschützt ${Math.random()}`);
    const instance = data<ChecklistInstance>(await admin.post(`/api/checklists/${c.id}/instances`));
    expect(errorOf(await reader.put(`/api/checklists/${c.id}/password`, { password: 'geheim1' })).code).toBe(
      'NO_PERMISSION',
    );
    expect(errorOf(await admin.put(`/api/checklists/${c.id}/password`, { password: 'ab' })).code).toBe(
      'INPUT_VALIDATION_ERROR',
    );
    const set = await admin.put(`/api/checklists/${c.id}/password`, { password: 'geheim1' });
    expect(data(set)).toEqual({ passwordProtected: true, unlocked: false });
    const [stored] = await queryRows<{ password_hash: string }>(
      t.database.db,
      sql`select password_hash from checklist_protections where checklist_id = ${c.id}`,
    );
    expect(stored?.password_hash).toMatch(/^\$argon2id\$/);
    expect(stored?.password_hash).not.toContain('geheim1');

    // Locked for everyone, the editor included, until unlocked.
    const locked = await reader.get(instanceUrl(c.id, instance.id));
    expect(locked.statusCode).toBe(403);
    expect(errorOf(locked).code).toBe('CHECKLIST_PASSWORD_REQUIRED');
    expect(errorOf(await admin.get(instanceUrl(c.id, instance.id))).code).toBe('CHECKLIST_PASSWORD_REQUIRED');
    const wrong = await reader.post(`/api/checklists/${c.id}/unlock`, { password: 'falsch' });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).code).toBe('CHECKLIST_PASSWORD_INVALID');
    expect(errorOf(wrong).message).toBe(
      'Das Passwort der Checkliste ist ungültig. Bitte geben Sie es erneut ein.',
    );
    expect(data(await reader.post(`/api/checklists/${c.id}/unlock`, { password: 'geheim1' }))).toEqual({
      passwordProtected: true,
      unlocked: true,
    });
    expect((await reader.get(instanceUrl(c.id, instance.id))).statusCode).toBe(200);
    // Another portal never learns about it.
    expect(
      errorOf(await otherPortal.post(`/api/checklists/${c.id}/unlock`, { password: 'geheim1' })).code,
    ).toBe('CHECKLISTS_NOT_FOUND');

    // A new password ends the unlock; removing it opens the checklist.
    await admin.put(`/api/checklists/${c.id}/password`, { password: 'geheim2' });
    expect(errorOf(await reader.get(instanceUrl(c.id, instance.id))).code).toBe(
      'CHECKLIST_PASSWORD_REQUIRED',
    );
    expect(data(await admin.put(`/api/checklists/${c.id}/password`, { password: null }))).toEqual({
      passwordProtected: false,
      unlocked: true,
    });
    expect((await reader.get(instanceUrl(c.id, instance.id))).statusCode).toBe(200);
  });

  it('sets the visibility with the version and filters instances by the five viewer statuses', async () => {
    const c = await checklist(`Sichtbar ${Math.random()}`);
    const a = data<ChecklistInstance>(await admin.post(`/api/checklists/${c.id}/instances`));
    const b = data<ChecklistInstance>(await admin.post(`/api/checklists/${c.id}/instances`));
    expect(a.visible).toBe(false);
    expect((await fill(admin, c.id, b.id, { '1_1': true }, 'done')).statusCode).toBe(200);
    const bDone = data<ChecklistInstance>(await admin.get(instanceUrl(c.id, b.id)));
    const shown = await admin.put(`${instanceUrl(c.id, b.id)}/visibility`, {
      version: bDone.version,
      visible: true,
    });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(data<ChecklistInstance>(shown).visible).toBe(true);
    // Stale version: 409, nothing changed. Without the fill right: 403.
    expect(
      errorOf(
        await admin.put(`${instanceUrl(c.id, b.id)}/visibility`, { version: bDone.version, visible: false }),
      ).code,
    ).toBe('CONFLICT');
    expect(
      errorOf(
        await reader.put(`${instanceUrl(c.id, a.id)}/visibility`, { version: a.version, visible: true }),
      ).code,
    ).toBe('NO_PERMISSION');
    const ids = async (status: string) =>
      data<ChecklistInstance[]>(
        await admin.get(`/api/checklists/${c.id}/instances?viewerStatus=${status}`),
      ).map((i) => i.id);
    expect(await ids('undone')).toEqual([a.id]);
    expect(await ids('visible')).toEqual([b.id]);
    expect(await ids('undone_visible')).toEqual([]);
    expect(await ids('done')).toEqual([b.id]);
    expect(await ids('done_visible')).toEqual([b.id]);
    expect((await admin.get(`/api/checklists/${c.id}/instances?viewerStatus=irgendwas`)).statusCode).toBe(
      400,
    );
  });
});

describe('photos of a filled checklist (attach API)', () => {
  it('lets fillers attach documents to an instance and readers only list them', async () => {
    const c = await checklist(`Fotos ${Math.random()}`);
    const inst = data<ChecklistInstance>(await admin.post(`/api/checklists/${c.id}/instances`));
    const doc = data<{ id: number }>(
      await admin.post('/api/documents', { label: 'Foto Notausgang', type: 0 }),
    );
    const body = { entity: 'checklist_instance', entityId: inst.id, documentId: doc.id };
    const withDocs = await createUser(t.database.db, {
      permissions: [P.AUDIT_CHECKLISTS, P.DOCUMENTS, P.DOCUMENTS_EDIT],
    });
    const docReader = await t.login(withDocs.login, withDocs.password);
    expect((await docReader.post('/api/documents/links', body)).statusCode).toBe(403);
    expect((await admin.post('/api/documents/links', body)).statusCode).toBe(204);
    const listed = await docReader.get(`/api/documents/links?entity=checklist_instance&entityId=${inst.id}`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(JSON.stringify(listed.json())).toContain('Foto Notausgang');
    // A protected checklist's photos stay hidden until it is unlocked.
    await admin.put(`/api/checklists/${c.id}/password`, { password: 'geheim1' });
    expect(
      (await docReader.get(`/api/documents/links?entity=checklist_instance&entityId=${inst.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await otherPortal.get(`/api/documents/links?entity=checklist_instance&entityId=${inst.id}`))
        .statusCode,
    ).toBe(403);
  });
});

describe('offline mode', () => {
  it('answers a stale offline sync with OFFLINE_CONFLICT and changes nothing', async () => {
    const c = await checklist(`Offline ${Math.random()}`);
    const inst = data<ChecklistInstance>(await admin.post(`/api/checklists/${c.id}/instances`));
    // Someone saves first (online) …
    expect((await fill(admin, c.id, inst.id, { '2_1': 75 })).statusCode).toBe(200);
    // … then the answers kept offline arrive on the old version.
    const stale = { version: inst.version, answers: { '2_1': 90 }, results: {}, status: 'undone' };
    const offline = await admin.put(instanceUrl(c.id, inst.id), { ...stale, offline: true });
    expect(offline.statusCode).toBe(409);
    expect(errorOf(offline).code).toBe('OFFLINE_CONFLICT');
    expect(errorOf(await admin.put(instanceUrl(c.id, inst.id), stale)).code).toBe('CONFLICT');
    const stored = data<ChecklistInstance>(await admin.get(instanceUrl(c.id, inst.id)));
    expect(stored.answers['2_1']).toBe(75);
    // On the current version the offline answers are stored.
    const current = await admin.put(instanceUrl(c.id, inst.id), {
      ...stale,
      version: stored.version,
      offline: true,
    });
    expect(current.statusCode, current.body).toBe(200);
    expect(data<ChecklistInstance>(current).answers['2_1']).toBe(90);
  });
});

describe('approval processes (Freigabevorgänge)', () => {
  it('runs an audit from planned to done: people, mails, unlock by progress, findings, print', async () => {
    const first = await checklist(`Begehung Teil 1 ${Math.random()}`, 100);
    const second = await checklist(`Begehung Teil 2 ${Math.random()}`);
    await t.database.db.execute(sql`delete from mail_outbox`);
    const input = {
      title: 'Begehung Halle 3',
      description: 'Jährliche Sicherheitsbegehung',
      plannedOn: '2026-12-01',
      responsibleId: adminId,
      executorId: auditor.id,
      affectedIds: [outsider.id],
      participantIds: [participant.id],
      checklistIds: [first.id, second.id],
    };
    expect((await t.client().post('/api/audits', input)).statusCode).toBe(401);
    expect(errorOf(await auditor.client.post('/api/audits', input)).code).toBe('NO_PERMISSION');
    const bad = await admin.post('/api/audits', { ...input, title: ' ', checklistIds: [] });
    expect(bad.statusCode).toBe(400);
    expect((errorOf(bad).details as { message: string }[]).map((d) => d.message)).toEqual(
      expect.arrayContaining([
        'Bitte geben Sie einen Titel an.',
        'Bitte wählen Sie mindestens eine Checkliste aus.',
      ]),
    );
    const unknown = await admin.post('/api/audits', {
      ...input,
      participantIds: [999999],
      checklistIds: [999999],
    });
    expect(errorOf(unknown).code).toBe('INPUT_VALIDATION_ERROR');
    expect((errorOf(unknown).details as { message: string }[]).map((d) => d.message)).toEqual([
      'Mindestens eine gewählte Person gehört nicht zu diesem Portal.',
      'Mindestens eine gewählte Checkliste ist unbekannt oder deaktiviert.',
    ]);

    const created = await admin.post('/api/audits', input);
    expect(created.statusCode, created.body).toBe(201);
    let audit = data<Audit>(created);
    expect(audit.status).toBe('planned');
    expect(audit.executor.id).toBe(auditor.id);
    expect(audit.participants.map((p) => p.id)).toEqual([participant.id]);
    expect(audit.checklists.map((c) => [c.checklistId, c.locked])).toEqual([
      [first.id, false],
      [second.id, true],
    ]);
    // Everyone with an address is told (admin has none in the test database).
    const assigned = await queryRows<{ to_address: string; purpose: string; text_body: string }>(
      t.database.db,
      sql`select to_address, purpose, text_body from mail_outbox order by to_address`,
    );
    expect(assigned.map((r) => r.purpose)).toEqual(['auditAssigned', 'auditAssigned', 'auditAssigned']);
    expect(assigned.find((r) => r.text_body.includes('Ihre Rolle: Durchführend'))?.text_body).toContain(
      'Freigabevorgang: Begehung Halle 3',
    );

    // Who sees it: its people; not an outsider without AUDIT_AUDITS_ALL, nor another portal.
    const other = await createUser(t.database.db, { permissions: [P.AUDIT_AUDITS] });
    const stranger = await t.login(other.login, other.password);
    expect(errorOf(await stranger.get(`/api/audits/${audit.id}`)).code).toBe('AUDIT_NOT_FOUND');
    expect(errorOf(await otherPortal.get(`/api/audits/${audit.id}`)).code).toBe('AUDIT_NOT_FOUND');
    expect((await outsider.client.get(`/api/audits/${audit.id}`)).statusCode).toBe(200);
    const strangerList = data<{ rows: { id: number }[] }>(await stranger.get('/api/audits'));
    expect(strangerList.rows.map((r) => r.id)).not.toContain(audit.id);
    const auditorList = data<{ rows: { id: number; doneCount: number; checklistCount: number }[] }>(
      await auditor.client.get('/api/audits?status=planned'),
    );
    expect(auditorList.rows.find((r) => r.id === audit.id)).toMatchObject({
      checklistCount: 2,
      doneCount: 0,
    });

    // Filling before the start is refused; the start is the executor's.
    const [one, two] = audit.checklists;
    if (!one || !two) throw new Error('two checklists expected');
    expect(errorOf(await fill(auditor.client, first.id, one.instanceId, { '1_1': true })).code).toBe(
      'AUDIT_STATE_INVALID',
    );
    expect(
      errorOf(
        await participant.client.post(`/api/audits/${audit.id}/transition`, {
          version: audit.version,
          action: 'start',
        }),
      ).code,
    ).toBe('NO_PERMISSION');
    expect(
      errorOf(
        await auditor.client.post(`/api/audits/${audit.id}/transition`, { version: 99, action: 'start' }),
      ).code,
    ).toBe('CONFLICT');
    audit = data<Audit>(
      await auditor.client.post(`/api/audits/${audit.id}/transition`, {
        version: audit.version,
        action: 'start',
      }),
    );
    expect(audit.status).toBe('in_progress');
    expect(
      errorOf(
        await auditor.client.post(`/api/audits/${audit.id}/transition`, {
          version: audit.version,
          action: 'start',
        }),
      ).code,
    ).toBe('AUDIT_STATE_INVALID');

    // Unlock by progress: the second checklist waits for the first's required 100 %.
    expect(errorOf(await fill(auditor.client, second.id, two.instanceId, { '1_1': true })).code).toBe(
      'AUDIT_CHECKLIST_LOCKED',
    );
    // Affected employees read but do not fill.
    expect(errorOf(await fill(outsider.client, first.id, one.instanceId, { '1_1': true })).code).toBe(
      'NO_PERMISSION',
    );
    expect(
      (await fill(auditor.client, first.id, one.instanceId, { '1_1': true, '2_1': 85 }, 'done')).statusCode,
    ).toBe(200);
    expect(data<Audit>(await admin.get(`/api/audits/${audit.id}`)).checklists[1]?.locked).toBe(false);

    // Finishing needs every checklist done.
    audit = data<Audit>(await admin.get(`/api/audits/${audit.id}`));
    expect(
      errorOf(
        await admin.post(`/api/audits/${audit.id}/transition`, { version: audit.version, action: 'finish' }),
      ).code,
    ).toBe('AUDIT_CHECKLISTS_UNDONE');
    expect(errorOf(await admin.get(`/api/audits/${audit.id}/print`)).code).toBe('AUDIT_NOT_DONE');

    // A finding becomes an action of source 'audit' in the shared task list.
    const badFinding = await participant.client.post(`/api/audits/${audit.id}/findings`, {
      designation: '',
      responsibleId: adminId,
    });
    expect(errorOf(badFinding).code).toBe('INPUT_VALIDATION_ERROR');
    expect(
      errorOf(
        await outsider.client.post(`/api/audits/${audit.id}/findings`, {
          designation: 'X',
          responsibleId: adminId,
        }),
      ).code,
    ).toBe('NO_PERMISSION');
    const finding = await participant.client.post(`/api/audits/${audit.id}/findings`, {
      designation: 'Fluchtweg markieren',
      description: 'Bodenmarkierung erneuern',
      responsibleId: auditor.id,
      dueDate: '2026-12-15',
    });
    expect(finding.statusCode, finding.body).toBe(201);
    const actions = data<{ rows: { id: number; designation: string; sourceLabel?: string }[] }>(
      await admin.get(`/api/actions?sourceType=audit&sourceId=${audit.id}`),
    );
    expect(actions.rows.map((r) => r.designation)).toEqual(['Fluchtweg markieren']);

    // Removing an answered checklist is refused; people can still change while in progress.
    const update = {
      version: audit.version,
      title: audit.title,
      description: audit.description,
      plannedOn: audit.plannedOn,
      responsibleId: adminId,
      executorId: auditor.id,
      affectedIds: [outsider.id],
      participantIds: [participant.id],
      checklistIds: [second.id],
    };
    expect(errorOf(await admin.put(`/api/audits/${audit.id}`, update)).code).toBe('AUDIT_CHECKLIST_IN_USE');
    expect(errorOf(await participant.client.put(`/api/audits/${audit.id}`, update)).code).toBe(
      'NO_PERMISSION',
    );

    expect(
      (await fill(participant.client, second.id, two.instanceId, { '1_1': true }, 'done')).statusCode,
    ).toBe(200);
    audit = data<Audit>(await admin.get(`/api/audits/${audit.id}`));
    await t.database.db.execute(sql`delete from mail_outbox`);
    expect(
      errorOf(
        await participant.client.post(`/api/audits/${audit.id}/transition`, {
          version: audit.version,
          action: 'finish',
        }),
      ).code,
    ).toBe('NO_PERMISSION');
    audit = data<Audit>(
      await admin.post(`/api/audits/${audit.id}/transition`, { version: audit.version, action: 'finish' }),
    );
    expect(audit.status).toBe('done');
    expect(audit.finishedAt).not.toBeNull();
    const finished = await queryRows<{ purpose: string }>(
      t.database.db,
      sql`select purpose from mail_outbox`,
    );
    expect(finished.map((r) => r.purpose)).toEqual(['auditFinished', 'auditFinished', 'auditFinished']);
    // Done: no more answers, no changes.
    expect(errorOf(await fill(auditor.client, first.id, one.instanceId, { '1_1': true })).code).toBe(
      'AUDIT_STATE_INVALID',
    );
    expect(
      errorOf(
        await admin.put(`/api/audits/${audit.id}`, {
          ...update,
          version: audit.version,
          checklistIds: [first.id, second.id],
        }),
      ).code,
    ).toBe('AUDIT_STATE_INVALID');

    const pdf = await auditor.client.get(`/api/audits/${audit.id}/print`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Freigabevorgang: Begehung Halle 3');
    expect(text).toContain('Status: Abgeschlossen');
    expect(text).toContain('Notausgang frei: ja');
    expect(text).toContain('Lärmpegel: 85');
    expect(text).toContain('Fluchtweg markieren');
    expect(text).toContain('Jährliche Sicherheitsbegehung');
  });

  it('cancels a planned audit and refuses an employee who takes part in one from being deleted', async () => {
    const c = await checklist(`Abbruch ${Math.random()}`);
    const person = await createUser(t.database.db);
    const audit = data<Audit>(
      await admin.post('/api/audits', {
        title: 'Abzubrechen',
        responsibleId: adminId,
        executorId: person.id,
        checklistIds: [c.id],
      }),
    );
    const cancelled = data<Audit>(
      await admin.post(`/api/audits/${audit.id}/transition`, { version: audit.version, action: 'cancel' }),
    );
    expect(cancelled.status).toBe('cancelled');
    expect(
      errorOf(
        await admin.post(`/api/audits/${audit.id}/transition`, {
          version: cancelled.version,
          action: 'finish',
        }),
      ).code,
    ).toBe('AUDIT_STATE_INVALID');
    const employee = (await admin.get(`/api/employee/${person.id}`)).json<{ data: { version: number } }>()
      .data;
    const del = await admin.delete(`/api/employee/${person.id}?version=${employee.version}`);
    expect(del.statusCode).toBeGreaterThanOrEqual(400);
    expect(del.body).toContain('Freigabevorgängen');
  });
});
