import type { Checklist, ChecklistInstance } from '@schutzwerk/shared/checklists/checklists.schema.ts';
import {
  COLLECTION_NEEDS_CHECKLIST,
  type Collection,
  type Questionnaire,
  type QuestionnaireType,
} from '@schutzwerk/shared/checklists/questionnaires.schema.ts';
import type { HazardAnalysis } from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/query.ts';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { fakeActor } from '#test/fake-actor.ts';
import { createUser, customerPortalId, employeeIdByLogin } from '#test/fixtures.ts';
import type { ChecklistsService } from './checklists.service.ts';
import { questionnairesRepository } from './questionnaires.repository.ts';
import { createQuestionnairesService } from './questionnaires.service.ts';

let t: TestApp;
let admin: ApiClient;
let reader: ApiClient;
let other: ApiClient;
let adminId: number;
let location: number;
let bricks: Record<string, number>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  adminId = await employeeIdByLogin(t.database.db, 'admin');
  const as = async (permissions: number[], portalId?: number) => {
    const user = await createUser(t.database.db, { permissions, ...(portalId ? { portalId } : {}) });
    return t.login(user.login, user.password);
  };
  reader = await as([P.AUDIT_CHECKLISTS, P.AUDIT_CHECKLISTS_COLLECTIONTREE_LIST]);
  other = await as(
    [
      P.AUDIT_CHECKLISTS,
      P.AUDIT_CHECKLISTS_COLLECTIONTREE_CONTROL,
      P.AUDIT_CHECKLISTS_COLLECTIONTREE_LIST,
      P.AUDIT_CHECKLISTS_COLLECTIONTREE_EDIT,
    ],
    await customerPortalId(t.database.db),
  );
  const [loc] = await queryRows<{ id: number }>(
    t.database.db,
    sql`select l.id from locations l join portals p on p.id = l.portal_id where p.is_main order by l.id limit 1`,
  );
  location = loc?.id ?? 0;
  const b = await queryRows<{ id: number; identifier: string }>(
    t.database.db,
    sql`select id, identifier from hazard_bricks`,
  );
  bricks = Object.fromEntries(b.map((r) => [r.identifier, r.id]));
});
afterAll(async () => {
  await t.close();
});

const data = <T>(res: { json: <R>() => R }) => res.json<{ data: T }>().data;

/** A checklist with one mandatory checkbox question and one text question. */
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
    rows: [
      { key: 1, label: '' },
      { key: 2, label: '' },
    ],
    columns: [{ key: 1, label: '' }],
    cells: [
      {
        row: 1,
        column: 1,
        element: { type: 'checkbox', label: 'Schutzhaube geschlossen?', required: true, variable: null },
      },
      { row: 2, column: 1, element: { type: 'text', label: 'Bemerkung', required: false, maxLength: 200 } },
    ],
    variables: [],
    rights: [],
    locked: false,
  });
  expect(res.statusCode, res.body).toBe(200);
  return data<Checklist>(res);
}

async function collection(label: string, checklistIds: number[]): Promise<Collection> {
  const res = await admin.post('/api/checklists/collections', {
    label,
    module: 'hazard_analysis',
    checklistIds,
  });
  expect(res.statusCode, res.body).toBe(201);
  return data<Collection>(res);
}

async function type(title: string, segments: unknown[]): Promise<QuestionnaireType> {
  const res = await admin.post('/api/checklists/trees', { title, module: 'hazard_analysis', segments });
  expect(res.statusCode, res.body).toBe(201);
  return data<QuestionnaireType>(res);
}

const seg = (key: number, collectionId: number | null, extra: Record<string, unknown> = {}) => ({
  key,
  parentKey: null,
  label: `Abschnitt ${key}`,
  segment: String(key),
  collectionId,
  brickId: null,
  ...extra,
});

describe('collections', () => {
  it('groups checklists; a collection keeps at least one; module, portal, version and rights checked', async () => {
    const a = await question('Maschinen');
    const b = await question('Lärm');
    const c = await collection('Werkstatt', [a.id, b.id]);
    expect(c.checklists.map((x) => x.label)).toEqual(['Maschinen', 'Lärm']);

    const empty = await admin.put(`/api/checklists/collections/${c.id}`, {
      version: c.version,
      label: c.label,
      module: c.module,
      checklistIds: [],
    });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).code).toBe('INPUT_VALIDATION_ERROR');
    expect(JSON.stringify(errorOf(empty).details)).toContain(COLLECTION_NEEDS_CHECKLIST);

    const noModule = await admin.post('/api/checklists/collections', {
      label: 'X',
      module: null,
      checklistIds: [a.id],
    });
    expect(errorOf(noModule).code).toBe('UNDEFINED_COLLECTION_MODULE');
    const foreign = await admin.post('/api/checklists/collections', {
      label: 'X',
      module: 'general',
      checklistIds: [999_999],
    });
    expect(errorOf(foreign).code).toBe('INPUT_VALIDATION_ERROR');

    const saved = await admin.put(`/api/checklists/collections/${c.id}`, {
      version: c.version,
      label: 'Werkstatt Nord',
      module: c.module,
      checklistIds: [b.id],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(data<Collection>(saved).checklists.map((x) => x.id)).toEqual([b.id]);
    const stale = await admin.put(`/api/checklists/collections/${c.id}`, {
      version: c.version,
      label: 'Alt',
      module: c.module,
      checklistIds: [a.id],
    });
    expect(errorOf(stale).code).toBe('CONFLICT');

    // picker checklist_collection (label), rights and portals
    const picker = data<{ rows: { id: number; label: string }[] }>(
      await reader.get('/api/checklists/collections?search=Werkstatt%20Nord'),
    );
    expect(picker.rows.map((r) => r.label)).toEqual(['Werkstatt Nord']);
    expect(
      errorOf(
        await reader.post('/api/checklists/collections', {
          label: 'X',
          module: 'general',
          checklistIds: [a.id],
        }),
      ).code,
    ).toBe('NO_PERMISSION');
    expect(errorOf(await other.get(`/api/checklists/collections/${c.id}`)).code).toBe('COLLECTION_NOT_FOUND');
    expect(errorOf(await admin.get('/api/checklists/collections/999999')).code).toBe('COLLECTION_NOT_FOUND');

    // a checklist in a collection is not deleted
    const del = await admin.delete(`/api/checklists/${b.id}?version=${b.version}`);
    expect(del.statusCode).toBe(409);
    expect(errorOf(del).code).toBe('CHECKLIST_IN_COLLECTION');
    // the checklist taken out of the collection can be deleted
    expect((await admin.delete(`/api/checklists/${a.id}?version=${a.version}`)).statusCode).toBe(204);

    const current = data<Collection>(await admin.get(`/api/checklists/collections/${c.id}`));
    expect(
      (await admin.delete(`/api/checklists/collections/${c.id}?version=${current.version}`)).statusCode,
    ).toBe(204);
  });
});

describe('questionnaire types', () => {
  it('needs a title and a collection per segment; a tree without cycles; the segment picker', async () => {
    const c = await collection('Büro', [(await question('Bildschirm')).id]);
    const noTitle = await admin.post('/api/checklists/trees', { title: ' ', segments: [seg(1, c.id)] });
    expect(errorOf(noTitle).code).toBe('CHECKLIST_COLLECTION_TREE_MISSING_DESCRIPTION');
    const noCollection = await admin.post('/api/checklists/trees', {
      title: 'Büro',
      segments: [seg(1, null)],
    });
    expect(errorOf(noCollection).code).toBe('CHECKLIST_COLLECTION_TREE_MISSING_COLLECTIONID');
    const cycle = await admin.post('/api/checklists/trees', {
      title: 'Büro',
      segments: [seg(1, c.id, { parentKey: 2 }), seg(2, c.id, { parentKey: 1 })],
    });
    expect(errorOf(cycle).code).toBe('INPUT_VALIDATION_ERROR');
    const badBrick = await admin.post('/api/checklists/trees', {
      title: 'Büro',
      segments: [seg(1, c.id, { brickId: 999_999 })],
    });
    expect(errorOf(badBrick).code).toBe('INPUT_VALIDATION_ERROR');

    const ty = await type('Büroarbeitsplatz', [
      seg(1, c.id, { label: 'Arbeitsplatz' }),
      seg(2, c.id, { parentKey: 1, label: 'Beleuchtung', segment: '1.1' }),
    ]);
    expect(ty.segments.map((s) => s.collectionLabel)).toEqual(['Büro', 'Büro']);
    const segments = data<{ rows: { label: string; segment: string }[]; filteredCount: number }>(
      await reader.get(`/api/checklists/segments?typeId=${ty.id}&search=licht`),
    );
    expect(segments.rows).toEqual([]);
    const all = data<{ rows: { label: string; segment: string }[] }>(
      await reader.get(`/api/checklists/segments?typeId=${ty.id}&search=1.1`),
    );
    expect(all.rows).toEqual([{ key: 2, label: 'Beleuchtung', segment: '1.1' }]);
    const trees = data<{ rows: { title: string }[] }>(
      await reader.get('/api/checklists/trees?search=Büroarbeitsplatz'),
    );
    expect(trees.rows.map((r) => r.title)).toEqual(['Büroarbeitsplatz']);

    expect(errorOf(await other.get(`/api/checklists/trees/${ty.id}`)).code).toBe(
      'CHECKLIST_COLLECTION_TREE_NOT_FOUND',
    );
    expect(errorOf(await reader.post('/api/checklists/trees', { title: 'X', segments: [] })).code).toBe(
      'NO_PERMISSION',
    );

    // the collection is in use by the type
    const cc = data<Collection>(await admin.get(`/api/checklists/collections/${c.id}`));
    expect(
      errorOf(await admin.delete(`/api/checklists/collections/${c.id}?version=${cc.version}`)).code,
    ).toBe('COLLECTION_IN_USE');

    // a questionnaire of the type blocks deleting it; an inactive type starts none
    const q = await admin.post('/api/questionnaires', { typeId: ty.id, title: 'Büro 1' });
    expect(q.statusCode, q.body).toBe(201);
    expect(errorOf(await admin.delete(`/api/checklists/trees/${ty.id}?version=${ty.version}`)).code).toBe(
      'QUESTIONNAIRE_TYPE_IN_USE',
    );
    const off = await admin.put(`/api/checklists/trees/${ty.id}`, {
      version: ty.version,
      title: ty.title,
      module: ty.module,
      active: false,
      segments: ty.segments.map(({ collectionLabel: _c, brickTitle: _b, ...s }) => s),
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(errorOf(await admin.post('/api/questionnaires', { typeId: ty.id, title: 'Büro 2' })).code).toBe(
      'QUESTIONNAIRE_TYPE_INACTIVE',
    );
  });
});

describe('questionnaires', () => {
  it('are filled in the viewer modes; done needs every checklist done; QUESTIONNAIRE_* errors', async () => {
    const c = await collection('Lager', [(await question('Regale')).id, (await question('Wege')).id]);
    const ty = await type('Lagerbegehung', [seg(1, c.id)]);
    const q = data<Questionnaire>(
      await admin.post('/api/questionnaires', { typeId: ty.id, title: 'Lager Halle 3' }),
    );
    expect(q.segments[0]?.entries.map((e) => e.checklist.label)).toEqual(['Regale', 'Wege']);
    expect(q.editable).toBe(true);

    expect(errorOf(await admin.get(`/api/questionnaires/${q.id}/druck`)).code).toBe(
      'QUESTIONNAIRE_UNKNOWN_MODE',
    );
    const read = data<Questionnaire>(await reader.get(`/api/questionnaires/${q.id}/read`));
    expect(read.editable).toBe(false);
    expect(data<Questionnaire>(await reader.get(`/api/questionnaires/${q.id}/edit`)).editable).toBe(false);
    expect(errorOf(await other.get(`/api/questionnaires/${q.id}/read`)).code).toBe(
      'CHECKLIST_COLLECTION_TREE_NOT_FOUND',
    );

    const [first, second] = q.segments[0]?.entries ?? [];
    if (!first || !second) throw new Error('entries missing');
    const answer = (entryId: number, version: number, status: 'done' | 'undone', client = admin) =>
      client.put(`/api/questionnaires/${q.id}/entries/${entryId}`, {
        version,
        answers: { '1_1': true },
        results: {},
        status,
      });
    expect(errorOf(await answer(first.entryId, first.instance.version, 'done', reader)).code).toBe(
      'NO_PERMISSION',
    );
    const bad = await admin.put(`/api/questionnaires/${q.id}/entries/${first.entryId}`, {
      version: first.instance.version,
      answers: { '1_1': 'ja' },
      results: {},
      status: 'undone',
    });
    expect(errorOf(bad).code).toBe('CHECKLIST_ANSWER_INVALID');
    const saved = await answer(first.entryId, first.instance.version, 'done');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(data<ChecklistInstance>(saved).status).toBe('done');
    expect(errorOf(await answer(first.entryId, first.instance.version, 'done')).code).toBe('CONFLICT');

    const undone = await admin.put(`/api/questionnaires/${q.id}`, {
      version: q.version,
      title: q.title,
      status: 'done',
    });
    expect(errorOf(undone).code).toBe('CHECKLIST_MANDATORY_UNDONE');
    expect((await answer(second.entryId, second.instance.version, 'done')).statusCode).toBe(200);
    const done = await admin.put(`/api/questionnaires/${q.id}`, {
      version: q.version,
      title: q.title,
      status: 'done',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(data<Questionnaire>(done).editable).toBe(false);
    expect(errorOf(await answer(second.entryId, second.instance.version + 1, 'done')).code).toBe(
      'QUESTIONNAIRE_DONE',
    );

    const list = data<{ rows: { id: number; status: string; typeTitle: string }[] }>(
      await reader.get('/api/questionnaires?search=Halle%203&status=done'),
    );
    expect(list.rows).toEqual([
      expect.objectContaining({ id: q.id, status: 'done', typeTitle: 'Lagerbegehung' }),
    ]);

    const version = data<Questionnaire>(done).version;
    expect(errorOf(await reader.delete(`/api/questionnaires/${q.id}?version=${version}`)).code).toBe(
      'NO_PERMISSION',
    );
    expect((await admin.delete(`/api/questionnaires/${q.id}?version=${version}`)).statusCode).toBe(204);
  });

  it('starts none from a type without an active checklist (QUESTIONNAIRE_EMPTY)', async () => {
    const c = await question('Stillgelegt');
    const col = await collection('Nur inaktive', [c.id]);
    const off = await admin.put(`/api/checklists/${c.id}`, {
      version: c.version,
      label: c.label,
      category: c.category,
      module: c.module,
      active: false,
      requiredProgress: c.requiredProgress,
      cloneMaximum: c.cloneMaximum,
      rows: c.rows,
      columns: c.columns,
      cells: c.cells,
      variables: c.variables,
      rights: [],
      locked: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    const ty = await type('Leer', [seg(1, col.id)]);
    const res = await admin.post('/api/questionnaires', { typeId: ty.id, title: 'Leer' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('QUESTIONNAIRE_EMPTY');
    // nothing was left behind
    expect(
      data<{ filteredCount: number }>(await admin.get('/api/questionnaires?search=Leer')).filteredCount,
    ).toBe(0);
  });

  it('maps unexpected failures to QUESTIONNAIRE_QUERY_FAILED and QUESTIONNAIRE_UPDATE_FAILED', async () => {
    const broken = createQuestionnairesService({
      db: t.database.db,
      repository: {
        ...questionnairesRepository,
        listQuestionnaires: () => Promise.reject(new Error('connection lost')),
        findQuestionnaire: () => Promise.reject(new Error('connection lost')),
      },
      checklists: {} as ChecklistsService,
      checklistsRepository: {} as never,
      links: {} as never,
      hazards: {} as never,
      linkMail: {} as never,
    });
    const actor = fakeActor({ permissions: [P.AUDIT_CHECKLISTS_COLLECTIONTREE_EDIT] });
    await expect(
      broken.listQuestionnaires(actor, {
        search: '',
        orderDirection: 'asc',
        offset: 0,
        limit: 10,
        status: 'all',
      }),
    ).rejects.toMatchObject({ code: 'QUESTIONNAIRE_QUERY_FAILED', status: 500 });
    await expect(broken.view(actor, 1, 'read')).rejects.toMatchObject({ code: 'QUESTIONNAIRE_QUERY_FAILED' });
    await expect(broken.update(actor, 1, { version: 1, title: 'X', status: 'open' })).rejects.toMatchObject({
      code: 'QUESTIONNAIRE_UPDATE_FAILED',
    });
    // checklist comment creation: an unexpected failure is CHECKLIST_COMMENT_UNKNOWN
    await expect(
      broken.comment(actor, 1, {
        treeVersion: 1,
        segmentKey: 1,
        collectionId: 1,
        checklistId: 1,
        cell: '1_1',
        brickGuid: 'M-01',
        comment: 'x',
      }),
    ).rejects.toMatchObject({ code: 'CHECKLIST_COMMENT_UNKNOWN', status: 500 });
  });
});

describe('the questionnaire of a hazard assessment', () => {
  it('is its route; a comment on a brick question creates, then updates, the hazard; errors in order', async () => {
    const check = await question('Rührwerk');
    const c = await collection('Produktion', [check.id]);
    const brick = bricks['M-01'];
    if (!brick) throw new Error('brick M-01 missing');
    const ty = await type('Produktion GB', [
      seg(1, c.id, { brickId: brick, segment: '2.1', label: 'Maschinen' }),
    ]);
    const created = await admin.post('/api/hazardanalysis', {
      bezeichnung: 'GB Rührwerk',
      locationId: location,
    });
    expect(created.statusCode, created.body).toBe(201);
    const a = data<HazardAnalysis>(created);

    expect(errorOf(await admin.get(`/api/hazardanalysis/${a.id}/questionnaire`)).code).toBe(
      'QUESTIONNAIRE_ROUTE_NOT_FOUND',
    );
    const stale = await admin.post(`/api/hazardanalysis/${a.id}/questionnaire`, {
      version: a.version + 1,
      typeId: ty.id,
      title: 'Begehung',
    });
    expect(errorOf(stale).code).toBe('CONFLICT');
    const started = await admin.post(`/api/hazardanalysis/${a.id}/questionnaire`, {
      version: a.version,
      typeId: ty.id,
      title: 'Begehung',
    });
    expect(started.statusCode, started.body).toBe(201);
    const route = data<{ id: number; title: string }>(started);
    expect(data<{ id: number }>(await admin.get(`/api/hazardanalysis/${a.id}/questionnaire`)).id).toBe(
      route.id,
    );
    const again = await admin.post(`/api/hazardanalysis/${a.id}/questionnaire`, {
      version: a.version + 1,
      typeId: ty.id,
      title: 'Zweiter',
    });
    expect(errorOf(again).code).toBe('ROUTE_FOUND');

    // the route rule of the list print: checklist_collectiontree_route above 0
    const table = data<{ rows: { id: number; checklist_collectiontree_route: number }[] }>(
      await admin.post('/api/hazardanalysis/DataTable', {
        search: 'GB Rührwerk',
        offset: 0,
        limit: 0,
        filter: '{}',
      }),
    );
    expect(table.rows.find((r) => r.id === a.id)?.checklist_collectiontree_route).toBe(route.id);

    // the assessment with its questionnaire is not deleted; neither is the route questionnaire
    const withRoute = data<HazardAnalysis>(await admin.get(`/api/hazardanalysis/${a.id}`));
    expect(withRoute.checklistRouteId).toBe(route.id);
    expect(errorOf(await admin.delete(`/api/hazardanalysis/${a.id}?version=${withRoute.version}`)).code).toBe(
      'ROUTE_FOUND',
    );
    const q = data<Questionnaire>(await admin.get(`/api/questionnaires/${route.id}/edit`));
    expect(q.hazardAnalysisId).toBe(a.id);
    expect(errorOf(await admin.delete(`/api/questionnaires/${q.id}?version=${q.version}`)).code).toBe(
      'ROUTE_FOUND',
    );

    const ok = {
      treeVersion: q.version,
      segmentKey: 1,
      collectionId: c.id,
      checklistId: check.id,
      cell: '1_1',
      brickGuid: 'M-01',
      comment: 'Schutzhaube fehlt am Rührwerk 2',
    };
    const comment = (body: Record<string, unknown>, id = q.id, client = admin) =>
      client.post(`/api/questionnaires/${id}/comments`, { ...ok, ...body });
    expect(errorOf(await comment({}, 999_999)).code).toBe('CHECKLIST_COMMENT_TREE_MISSING');
    expect(errorOf(await comment({ treeVersion: q.version + 1 })).code).toBe(
      'CHECKLIST_COMMENT_TREE_VERSION',
    );
    expect(errorOf(await comment({ collectionId: null })).code).toBe('CHECKLIST_COMMENT_COLLECTION_MISSING');
    expect(errorOf(await comment({ segmentKey: 9 })).code).toBe('CHECKLIST_COMMENT_COLLECTION_MISSING');
    expect(errorOf(await comment({ checklistId: null })).code).toBe('CHECKLIST_COMMENT_CHECKLIST_MISSING');
    expect(errorOf(await comment({ cell: '9_9' })).code).toBe('CELLS_NOT_FOUND');
    expect(errorOf(await comment({ brickGuid: 'X-99' })).code).toBe('CHECKLIST_COMMENT_HAZARDBRICK_GUID');
    expect(errorOf(await comment({ brickGuid: null })).code).toBe('CHECKLIST_COMMENT_HAZARDBRICK_GUID');
    expect(errorOf(await comment({ comment: '  ' })).code).toBe('CHECKLIST_COMMENT_COMMENT_MISSING');
    expect(errorOf(await comment({}, q.id, reader)).code).toBe('NO_PERMISSION');

    const first = await comment({});
    expect(first.statusCode, first.body).toBe(201);
    expect(data<{ created: boolean }>(first).created).toBe(true);
    let analysis = data<HazardAnalysis>(await admin.get(`/api/hazardanalysis/${a.id}`));
    const hazard = analysis.hazards.find((h) => h.brickId === brick);
    expect(hazard?.comment).toBe('2.1 Schutzhaube geschlossen?: Schutzhaube fehlt am Rührwerk 2');
    expect(hazard?.responsible?.id ?? adminId).toBe(adminId);

    const second = await comment({ cell: '2_1', comment: 'Not-Aus prüfen' });
    expect(data<{ created: boolean; hazardId: number }>(second)).toMatchObject({
      created: false,
      hazardId: hazard?.id,
    });
    analysis = data<HazardAnalysis>(await admin.get(`/api/hazardanalysis/${a.id}`));
    expect(analysis.hazards.filter((h) => h.brickId === brick)).toHaveLength(1);
    expect(analysis.hazards.find((h) => h.brickId === brick)?.comment).toContain(
      '2.1 Bemerkung: Not-Aus prüfen',
    );

    // no brick on the segment; a questionnaire without an assessment
    const plainType = await type('Ohne Baustein', [seg(1, c.id)]);
    const plain = data<Questionnaire>(
      await admin.post('/api/questionnaires', { typeId: plainType.id, title: 'frei' }),
    );
    const noBrick = await comment({ treeVersion: plain.version }, plain.id);
    expect(errorOf(noBrick).code).toBe('CHECKLIST_COMMENT_HAZARDBRICK_MISSING');
    const brickType = await type('Mit Baustein', [seg(1, c.id, { brickId: brick })]);
    const loose = data<Questionnaire>(
      await admin.post('/api/questionnaires', { typeId: brickType.id, title: 'lose' }),
    );
    expect(errorOf(await comment({ treeVersion: loose.version }, loose.id)).code).toBe(
      'CHECKLIST_COMMENT_AUDIT_MISSING',
    );
  });
});
