import type { Audit } from '@schutzwerk/shared/audits/audits.schema.ts';
import type {
  ChecklistWorkflow,
  InstanceApproval,
} from '@schutzwerk/shared/checklists/checklist-workflow.schema.ts';
import type { Checklist, ChecklistInstance } from '@schutzwerk/shared/checklists/checklists.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '#db/query.ts';
import { employees } from '#modules/employees/tables.ts';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { createUser, employeeIdByLogin } from '#test/fixtures.ts';

/** Drawing board, notifications, e-mail dialog, workflow (approval, next step) and printer settings (decision 066). */
let t: TestApp;
let admin: ApiClient;
let adminId: number;
type User = { id: number; login: string; client: ApiClient };
let builder: User;
let filler: User;
let approver: User;
let recipient: User;
const data = <T>(res: { json: <R>() => R }) => res.json<{ data: T }>().data;

async function as(permissions: number[]): Promise<User> {
  const user = await createUser(t.database.db, { permissions });
  await t.database.db.execute(
    sql`update ${employees} set email = ${`${user.login}@example.org`} where id = ${user.id}`,
  );
  return { id: user.id, login: user.login, client: await t.login(user.login, user.password) };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  adminId = await employeeIdByLogin(t.database.db, 'admin');
  builder = await as([P.AUDIT_CHECKLISTS, P.AUDIT_CHECKLISTS_CREATE, P.AUDIT_CHECKLISTS_EDIT]);
  filler = await as([P.AUDIT_CHECKLISTS, P.AUDIT_CHECKLISTS_COLLECTIONTREE_EDIT]);
  approver = await as([P.AUDIT_CHECKLISTS]);
  recipient = await as([P.AUDIT_CHECKLISTS]);
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.database.db.execute(sql`delete from mail_outbox`);
});

/** The outbox, ordered by purpose and address (in JavaScript: the databases' collations differ). */
const mails = async () =>
  (
    await queryRows<{ to_address: string; purpose: string; text_body: string }>(
      t.database.db,
      sql`select to_address, purpose, text_body from mail_outbox`,
    )
  ).sort((a, b) => `${a.purpose} ${a.to_address}`.localeCompare(`${b.purpose} ${b.to_address}`, 'en'));
/** [purpose, address] pairs in the same order. */
const sortedPairs = (pairs: [string, string][]) =>
  pairs.sort((a, b) => `${a[0]} ${a[1]}`.localeCompare(`${b[0]} ${b[1]}`, 'en'));

/** A checklist with a drawing board, a number bound to @menge@ (limit 10) and a text. */
async function checklist(label = `Workflow ${Math.random()}`, module = 'general'): Promise<Checklist> {
  const c = data<Checklist>(await admin.post('/api/checklists', { label, module }));
  const res = await admin.put(`/api/checklists/${c.id}`, {
    version: c.version,
    label: c.label,
    category: '',
    module,
    active: true,
    requiredProgress: 0,
    cloneMaximum: 0,
    rows: [
      { key: 1, label: 'Skizze' },
      { key: 2, label: 'Menge' },
      { key: 3, label: 'Bemerkung' },
    ],
    columns: [{ key: 1, label: '' }],
    cells: [
      { row: 1, column: 1, element: { type: 'drawing', label: 'Lageskizze', required: false } },
      {
        row: 2,
        column: 1,
        element: {
          type: 'number',
          label: 'Lärmpegel',
          required: false,
          kind: 'float',
          min: null,
          max: null,
          variable: '@menge@',
        },
      },
      { row: 3, column: 1, element: { type: 'text', label: 'Bemerkung', required: false, maxLength: 4000 } },
    ],
    variables: [
      {
        name: '@menge@',
        alias: 'Lärmpegel',
        defaultValue: 0,
        fractionDigits: 0,
        reference: 'none',
        scope: 'local',
        limit: 10,
        inDatabase: false,
      },
    ],
    rights: [],
    locked: false,
  });
  expect(res.statusCode, res.body).toBe(200);
  return data<Checklist>(res);
}

const settingsOf = async (c: Checklist) =>
  data<ChecklistWorkflow>(await admin.get(`/api/checklists/${c.id}/workflow`));
const body = (
  w: ChecklistWorkflow,
  patch: Partial<Pick<ChecklistWorkflow, 'notifications' | 'workflow' | 'print'>> = {},
) => ({
  version: w.version,
  notifications: w.notifications,
  workflow: w.workflow,
  print: w.print,
  ...patch,
});
const instanceUrl = (c: Checklist, id: number) => `/api/checklists/${c.id}/instances/${id}`;
async function save(
  client: ApiClient,
  c: Checklist,
  id: number,
  answers: Record<string, unknown>,
  status = 'undone',
) {
  const current = data<ChecklistInstance>(await admin.get(instanceUrl(c, id)));
  return client.put(instanceUrl(c, id), { version: current.version, answers, results: {}, status });
}

describe('the drawing board element', () => {
  it('stores path data on the board and refuses anything else', async () => {
    const c = await checklist();
    const inst = data<ChecklistInstance>(await filler.client.post(`/api/checklists/${c.id}/instances`));
    const ok = await save(filler.client, c, inst.id, { '1_1': 'M10 10L100 50L200 20M300 150L310 160' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(data<ChecklistInstance>(ok).answers['1_1']).toBe('M10 10L100 50L200 20M300 150L310 160');
    expect(data<ChecklistInstance>(ok).progress).toBe(33);
    for (const bad of ['M10 10L', 'M601 0', 'M0 301', '<svg onload=alert(1)>', 'M1.5 2', 12])
      expect(errorOf(await save(filler.client, c, inst.id, { '1_1': bad }))).toMatchObject({
        code: 'CHECKLIST_ANSWER_INVALID',
        details: { cells: ['1_1'] },
      });
    // Longer strings are for drawings only: a text answer stays within 4000 characters.
    expect(errorOf(await save(filler.client, c, inst.id, { '3_1': 'x'.repeat(4001) })).code).toBe(
      'CHECKLIST_ANSWER_INVALID',
    );
    expect(
      errorOf(await save(filler.client, c, inst.id, { '1_1': `M0 0${'L1 1'.repeat(30_000)}` })).code,
    ).toBe('INPUT_VALIDATION_ERROR');
  });
});

describe('workflow, e-mail and printer settings', () => {
  it('reads defaults, checks typed addresses, recipients and the next step, and saves whole on a version', async () => {
    const c = await checklist();
    const next = await checklist(`Nächster ${Math.random()}`);
    expect((await t.client().get(`/api/checklists/${c.id}/workflow`)).statusCode).toBe(401);
    expect(errorOf(await filler.client.get(`/api/checklists/${c.id}/workflow`)).code).toBe('NO_PERMISSION');
    const w = data<ChecklistWorkflow>(await builder.client.get(`/api/checklists/${c.id}/workflow`));
    expect(w).toMatchObject({ version: 0, workflow: { approverIds: [], nextChecklistId: null } });
    expect(w.print).toMatchObject({ orientation: 'portrait', showEmpty: true });
    const url = `/api/checklists/${c.id}/workflow`;
    const notifications = { ...w.notifications, onDone: true, addresses: ['qs@example.org'] };

    expect(
      errorOf(
        await builder.client.put(
          url,
          body(w, { notifications: { ...notifications, addresses: ['qs@example.org', 'kein-mail'] } }),
        ),
      ),
    ).toMatchObject({ code: 'CHECKLIST_MAIL_ADDRESS_INVALID', details: { addresses: [1] } });
    expect(
      errorOf(
        await builder.client.put(
          url,
          body(w, { notifications: { ...notifications, addresses: ['qs@example.org', ' QS@example.org'] } }),
        ),
      ),
    ).toMatchObject({ code: 'CHECKLIST_MAIL_ADDRESS_DUPLICATE', details: { addresses: [1] } });
    expect(
      errorOf(
        await builder.client.put(
          url,
          body(w, { notifications: { ...notifications, employeeIds: [999999] } }),
        ),
      ).code,
    ).toBe('CHECKLIST_RECIPIENT_UNKNOWN');
    expect(
      errorOf(
        await builder.client.put(
          url,
          body(w, { workflow: { approverIds: [approver.id, approver.id], nextChecklistId: null } }),
        ),
      ).code,
    ).toBe('CHECKLIST_RECIPIENT_UNKNOWN');
    expect(
      errorOf(
        await builder.client.put(url, body(w, { workflow: { approverIds: [], nextChecklistId: c.id } })),
      ).code,
    ).toBe('CHECKLIST_NEXT_UNKNOWN');
    expect(
      errorOf(
        await builder.client.put(url, body(w, { workflow: { approverIds: [], nextChecklistId: 999999 } })),
      ).code,
    ).toBe('CHECKLIST_NEXT_UNKNOWN');
    // Whole-record PUT: a missing part is refused.
    const { print: _print, ...partial } = body(w);
    expect(errorOf(await builder.client.put(url, partial)).code).toBe('INPUT_VALIDATION_ERROR');

    const saved = await builder.client.put(
      url,
      body(w, {
        notifications: { ...notifications, employeeIds: [recipient.id] },
        workflow: { approverIds: [approver.id], nextChecklistId: next.id },
        print: {
          orientation: 'landscape',
          header: 'Kopf',
          footer: 'Fuß',
          showEmpty: false,
          showProgress: true,
        },
      }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const stored = data<ChecklistWorkflow>(saved);
    expect(stored).toMatchObject({ version: 1, nextChecklistLabel: next.label });
    expect(stored.people.map((p) => p.id).sort()).toEqual([recipient.id, approver.id].sort());
    // Stale version: 409, nothing changed.
    expect(errorOf(await builder.client.put(url, body(w))).code).toBe('CONFLICT');
    expect((await settingsOf(c)).version).toBe(1);

    // A checklist blocked by an administrator keeps its settings for everyone without AUDIT_CHECKLISTS_LOCK.
    const locked = await checklist();
    const full = data<Checklist>(await admin.get(`/api/checklists/${locked.id}`));
    const { id: _id, clonedFromId: _c, cloneCount: _n, instanceCount: _i, updatedAt: _u, ...rest } = full;
    const lockRes = await admin.put(`/api/checklists/${locked.id}`, {
      ...rest,
      rights: [],
      locked: true,
    });
    expect(lockRes.statusCode, lockRes.body).toBe(200);
    const lw = await settingsOf(locked);
    expect(errorOf(await builder.client.put(`/api/checklists/${locked.id}/workflow`, body(lw))).code).toBe(
      'CHECKLIST_LOCKED',
    );
  });
});

describe('approval, notifications and the next step', () => {
  it('submits a done checklist to its approvers, who reject it with a reason or approve it', async () => {
    const next = await checklist(`Folgeprüfung ${Math.random()}`);
    const c = await checklist();
    const w = await settingsOf(c);
    const put = await admin.put(
      `/api/checklists/${c.id}/workflow`,
      body(w, {
        notifications: {
          onDone: true,
          onRejected: true,
          onLimit: true,
          employeeIds: [recipient.id],
          addresses: ['qs@example.org'],
        },
        workflow: { approverIds: [approver.id], nextChecklistId: next.id },
      }),
    );
    expect(put.statusCode, put.body).toBe(200);
    const inst = data<ChecklistInstance>(await filler.client.post(`/api/checklists/${c.id}/instances`));
    const approvalUrl = `${instanceUrl(c, inst.id)}/approval`;
    expect(data<InstanceApproval>(await filler.client.get(approvalUrl))).toMatchObject({
      required: true,
      state: null,
      mayDecide: false,
    });

    // A value crossing its limit mails the recipients once (not again while it stays above).
    expect((await save(filler.client, c, inst.id, { '2_1': 5 })).statusCode).toBe(200);
    expect(await mails()).toEqual([]);
    expect((await save(filler.client, c, inst.id, { '2_1': 12 })).statusCode).toBe(200);
    const limit = await mails();
    expect(limit.map((m) => [m.purpose, m.to_address])).toEqual(
      sortedPairs([
        ['checklistLimit', `${recipient.login}@example.org`],
        ['checklistLimit', 'qs@example.org'],
      ]),
    );
    expect(limit.find((m) => m.to_address === 'qs@example.org')?.text_body).toContain(
      'Lärmpegel: 12 (Grenzwert 10 überschritten)',
    );
    await t.database.db.execute(sql`delete from mail_outbox`);
    expect((await save(filler.client, c, inst.id, { '2_1': 13 })).statusCode).toBe(200);
    expect(await mails()).toEqual([]);

    // Done → submitted, the approvers are asked.
    expect(
      errorOf(await approver.client.post(approvalUrl, { version: 1, decision: 'approve', comment: '' })).code,
    ).toBe('CONFLICT');
    let current = data<ChecklistInstance>(await admin.get(instanceUrl(c, inst.id)));
    expect(
      errorOf(
        await approver.client.post(approvalUrl, {
          version: current.version,
          decision: 'approve',
          comment: '',
        }),
      ).code,
    ).toBe('CHECKLIST_NOT_SUBMITTED');
    expect((await save(filler.client, c, inst.id, { '2_1': 13 }, 'done')).statusCode).toBe(200);
    expect((await mails()).map((m) => [m.purpose, m.to_address])).toEqual(
      sortedPairs([['checklistApproval', `${approver.login}@example.org`]]),
    );
    await t.database.db.execute(sql`delete from mail_outbox`);
    current = data<ChecklistInstance>(await admin.get(instanceUrl(c, inst.id)));
    expect(data<InstanceApproval>(await approver.client.get(approvalUrl))).toMatchObject({
      state: 'submitted',
      mayDecide: true,
    });
    expect(
      errorOf(
        await filler.client.post(approvalUrl, { version: current.version, decision: 'approve', comment: '' }),
      ).code,
    ).toBe('CHECKLIST_NOT_APPROVER');
    const noReason = await approver.client.post(approvalUrl, {
      version: current.version,
      decision: 'reject',
      comment: ' ',
    });
    expect(errorOf(noReason).code).toBe('INPUT_VALIDATION_ERROR');

    // Rejected: open again, the filler and the recipients are told why.
    const rejected = await approver.client.post(approvalUrl, {
      version: current.version,
      decision: 'reject',
      comment: 'Skizze fehlt',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(data<InstanceApproval>(rejected)).toMatchObject({ state: 'rejected', comment: 'Skizze fehlt' });
    current = data<ChecklistInstance>(await admin.get(instanceUrl(c, inst.id)));
    expect(current.status).toBe('undone');
    const rejectedMails = await mails();
    expect(rejectedMails.map((m) => [m.purpose, m.to_address])).toEqual(
      sortedPairs([
        ['checklistRejected', `${filler.login}@example.org`],
        ['checklistRejected', `${recipient.login}@example.org`],
        ['checklistRejected', 'qs@example.org'],
      ]),
    );
    expect(rejectedMails.find((m) => m.to_address === 'qs@example.org')?.text_body).toContain(
      'abgelehnt – Skizze fehlt',
    );
    await t.database.db.execute(sql`delete from mail_outbox`);

    // Done again, approved: done mail, the next checklist is started, the answers are final.
    expect(
      (await save(filler.client, c, inst.id, { '1_1': 'M1 1L50 50', '2_1': 13 }, 'done')).statusCode,
    ).toBe(200);
    await t.database.db.execute(sql`delete from mail_outbox`);
    const before = data<ChecklistInstance[]>(await admin.get(`/api/checklists/${next.id}/instances`)).length;
    current = data<ChecklistInstance>(await admin.get(instanceUrl(c, inst.id)));
    const approved = await approver.client.post(approvalUrl, {
      version: current.version,
      decision: 'approve',
      comment: '',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(data<InstanceApproval>(approved)).toMatchObject({
      state: 'approved',
      decidedBy: expect.any(String),
    });
    expect((await mails()).map((m) => [m.purpose, m.to_address])).toEqual(
      sortedPairs([
        ['checklistDone', `${recipient.login}@example.org`],
        ['checklistDone', 'qs@example.org'],
      ]),
    );
    expect(data<ChecklistInstance[]>(await admin.get(`/api/checklists/${next.id}/instances`))).toHaveLength(
      before + 1,
    );
    expect(errorOf(await save(filler.client, c, inst.id, { '2_1': 1 }, 'done')).code).toBe(
      'CHECKLIST_APPROVED',
    );
    current = data<ChecklistInstance>(await admin.get(instanceUrl(c, inst.id)));
    expect(
      errorOf(
        await approver.client.post(approvalUrl, {
          version: current.version,
          decision: 'reject',
          comment: 'x',
        }),
      ).code,
    ).toBe('CHECKLIST_NOT_SUBMITTED');
  });

  it('mails the done notification at once when the checklist needs no approval', async () => {
    const c = await checklist();
    const w = await settingsOf(c);
    await admin.put(
      `/api/checklists/${c.id}/workflow`,
      body(w, { notifications: { ...w.notifications, onDone: true, employeeIds: [recipient.id] } }),
    );
    const inst = data<ChecklistInstance>(await filler.client.post(`/api/checklists/${c.id}/instances`));
    expect((await save(filler.client, c, inst.id, { '3_1': 'ok' }, 'done')).statusCode).toBe(200);
    expect((await mails()).map((m) => [m.purpose, m.to_address])).toEqual(
      sortedPairs([['checklistDone', `${recipient.login}@example.org`]]),
    );
    expect(
      data<InstanceApproval>(await filler.client.get(`${instanceUrl(c, inst.id)}/approval`)),
    ).toMatchObject({
      required: false,
      state: null,
    });
  });
});

describe('an approved checklist refuses task and SQL cells too (decision 070)', () => {
  it('answers 409 CHECKLIST_APPROVED to a new action, a SQL read and a new file once approved', async () => {
    const created = data<Checklist>(
      await admin.post('/api/checklists', { label: `Freigabe ${Math.random()}` }),
    );
    const defined = await admin.put(`/api/checklists/${created.id}`, {
      version: created.version,
      label: created.label,
      category: '',
      module: 'general',
      active: true,
      requiredProgress: 0,
      cloneMaximum: 0,
      rows: [
        { key: 1, label: '' },
        { key: 2, label: '' },
        { key: 3, label: '' },
      ],
      columns: [{ key: 1, label: '' }],
      cells: [
        {
          row: 1,
          column: 1,
          element: { type: 'checkbox', label: 'Geprüft', required: true, variable: null },
        },
        {
          row: 2,
          column: 1,
          element: { type: 'task', label: 'Mangel', required: false, designation: 'Mangel beheben' },
        },
        { row: 3, column: 1, element: { type: 'sql', label: 'Anzahl', required: false, query: 'select 7' } },
      ],
      variables: [],
      rights: [],
      locked: false,
    });
    expect(defined.statusCode, defined.body).toBe(200);
    const c = data<Checklist>(defined);
    const w = await settingsOf(c);
    const configured = await admin.put(
      `/api/checklists/${c.id}/workflow`,
      body(w, { workflow: { ...w.workflow, approverIds: [approver.id] } }),
    );
    expect(configured.statusCode, configured.body).toBe(200);
    const inst = data<ChecklistInstance>(await admin.post(`/api/checklists/${c.id}/instances`));
    const url = instanceUrl(c, inst.id);
    const action = (version: number) => ({
      version,
      cell: '2_1',
      designation: 'Geländer reparieren',
      responsibleId: adminId,
      dueDate: '2026-12-31',
    });

    // Before the approval both work; while submitted too (only an approval locks the answers).
    const read = await admin.post(`${url}/sql`, { version: inst.version, cell: '3_1' });
    expect(read.statusCode, read.body).toBe(200);
    const filled = data<ChecklistInstance>(read);
    expect(filled.answers['3_1']).toBe(7);
    const done = await admin.put(url, {
      version: filled.version,
      answers: { ...filled.answers, '1_1': true },
      results: {},
      status: 'done',
    });
    expect(done.statusCode, done.body).toBe(200);
    const submitted = data<ChecklistInstance>(done);
    const reread = await admin.post(`${url}/sql`, { version: submitted.version, cell: '3_1' });
    expect(reread.statusCode, reread.body).toBe(200);

    // Approved: no more actions from the task cell, no new SQL value.
    const current = data<ChecklistInstance>(reread);
    const approved = await approver.client.post(`${url}/approval`, {
      version: current.version,
      decision: 'approve',
      comment: '',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const refusedAction = await admin.post(`${url}/actions`, action(current.version));
    expect(refusedAction.statusCode).toBe(409);
    expect(errorOf(refusedAction)).toMatchObject({
      code: 'CHECKLIST_APPROVED',
      message: 'Die Checkliste ist freigegeben; ihre Antworten können nicht mehr geändert werden.',
    });
    const refusedSql = await admin.post(`${url}/sql`, { version: current.version, cell: '3_1' });
    expect(refusedSql.statusCode).toBe(409);
    expect(errorOf(refusedSql).code).toBe('CHECKLIST_APPROVED');
    const after = data<ChecklistInstance>(await admin.get(url));
    expect(after.version).toBe(current.version);
    expect(after.answers['2_1'] ?? null).toBeNull();
    expect(after.actions).toEqual({});
    // Nor a new photo or file through the documents' attach API.
    const doc = data<{ id: number }>(await admin.post('/api/documents', { label: 'Nachtrag', type: 8 }));
    const refusedFile = await admin.post('/api/documents/links', {
      entity: 'checklist_instance',
      entityId: inst.id,
      documentId: doc.id,
    });
    expect(refusedFile.statusCode).toBe(409);
    expect(errorOf(refusedFile).code).toBe('CHECKLIST_APPROVED');
  });
});

describe('printer settings in the approval process print', () => {
  it('prints header, footer, the drawing and leaves unanswered cells out', async () => {
    const c = await checklist(`Druck ${Math.random()}`, 'audits');
    const w = await settingsOf(c);
    const put = await admin.put(
      `/api/checklists/${c.id}/workflow`,
      body(w, {
        print: {
          orientation: 'landscape',
          header: 'Kopfzeile Halle 3',
          footer: 'Fußzeile geprüft',
          showEmpty: false,
          showProgress: false,
        },
      }),
    );
    expect(put.statusCode, put.body).toBe(200);
    let audit = data<Audit>(
      await admin.post('/api/audits', {
        title: 'Druckprobe',
        description: '',
        plannedOn: '2026-12-01',
        responsibleId: adminId,
        executorId: adminId,
        affectedIds: [],
        participantIds: [],
        checklistIds: [c.id],
      }),
    );
    audit = data<Audit>(
      await admin.post(`/api/audits/${audit.id}/transition`, { version: audit.version, action: 'start' }),
    );
    const instanceId = audit.checklists[0]?.instanceId ?? 0;
    expect((await save(admin, c, instanceId, { '1_1': 'M10 10L300 150', '2_1': 7 }, 'done')).statusCode).toBe(
      200,
    );
    audit = data<Audit>(await admin.get(`/api/audits/${audit.id}`));
    audit = data<Audit>(
      await admin.post(`/api/audits/${audit.id}/transition`, { version: audit.version, action: 'finish' }),
    );
    const pdf = await admin.get(`/api/audits/${audit.id}/print`);
    expect(pdf.statusCode).toBe(200);
    const parser = new PDFParse({ data: new Uint8Array(pdf.rawPayload) });
    const text = (await parser.getText()).text.replace(/\s+/g, ' ');
    await parser.destroy();
    expect(text).toContain('Kopfzeile Halle 3');
    expect(text).toContain('Fußzeile geprüft');
    expect(text).toContain('Lageskizze:');
    expect(text).toContain('Lärmpegel: 7');
    expect(text).not.toContain('Bemerkung');
    expect(text).not.toContain('Fortschritt');
  });
});
