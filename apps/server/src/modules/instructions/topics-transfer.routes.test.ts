import type { Topic } from '@schutzwerk/shared/instructions/instructions.schema.ts';
import type { ImportTopicsResult } from '@schutzwerk/shared/instructions/topics-file.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/query.ts';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { createUser, customerPortalId } from '#test/fixtures.ts';

/** Decision 043: topics with their questions out as a file and in again — preview, update, refusals, rights. */
let t: TestApp;
let admin: ApiClient;
let customer: ApiClient;
let customerPortal: number;
const run = `${process.pid}${Date.now().toString(36)}`.toUpperCase();

type TopicsFile = {
  kind: string;
  formatVersion: number;
  topics: {
    identifier: string;
    label: string;
    department: string | null;
    parentIdentifier: string | null;
    intervalDays: number;
    poolCount: number | null;
    questions: {
      number: number;
      text: string;
      mandatory: boolean;
      answers: { text: string; right: boolean }[];
    }[];
    [key: string]: unknown;
  }[];
};

const answers = [
  { text: 'Richtig', right: true },
  { text: 'Falsch', right: false },
  { text: 'Auch falsch', right: false },
];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  customerPortal = await customerPortalId(t.database.db);
  const importer = await createUser(t.database.db, {
    portalId: customerPortal,
    permissions: [P.TOPICS, P.TOPICS_IMPORT],
  });
  customer = await t.login(importer.login, importer.password);
});
afterAll(async () => {
  await t.close();
});

async function topic(body: Record<string, unknown>): Promise<Topic> {
  const res = await admin.post('/api/topics', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Topic }>().data;
}
async function question(topicId: number, body: Record<string, unknown>): Promise<Topic> {
  const res = await admin.post(`/api/topics/${topicId}/questions`, { answers, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Topic }>().data;
}
const post = (client: ApiClient, path: string, file: unknown, update = false) =>
  client.post(path, { content: typeof file === 'string' ? file : JSON.stringify(file), update });
const resultOf = (res: Awaited<ReturnType<ApiClient['post']>>) => {
  expect([200, 201], res.body).toContain(res.statusCode);
  return res.json<{ data: ImportTopicsResult }>().data;
};
const topicsOfCustomer = async () =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from instruction_topics where portal_id = ${customerPortal}`,
    )
  )[0]!.n;

let exported: TopicsFile;

describe('export', () => {
  it('writes the topics of a search with questions, department by name and the superior topic by identifier', async () => {
    const [department] = (await admin.get('/api/departments/tree')).json<{
      data: { nodes: { id: number; name: string }[] };
    }>().data.nodes;
    const first = await topic({
      label: 'Kran Grundlagen',
      identifier: `KX-${run}-1`,
      departmentId: department!.id,
      intervalDays: 365,
      minutes: 20,
    });
    await question(first.id, { text: 'Wer darf den Kran bedienen?', mandatory: true });
    await question(first.id, { text: 'Was gehört zur Sichtprüfung?' });
    const second = await topic({
      label: 'Kran Vertiefung',
      identifier: `KX-${run}-2`,
      intervalDays: 0,
      parentId: first.id,
    });
    await question(second.id, { text: 'Wie wird angeschlagen?', rightMessage: 'Genau.' });

    const res = await admin.get(`/api/topics/export?search=${encodeURIComponent(`KX-${run}`)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename=.*unterweisungen-\d{4}-\d{2}-\d{2}/,
    );
    exported = JSON.parse(res.body) as TopicsFile;
    expect(exported.kind).toBe('schutzwerk-instruction-topics');
    expect(exported.topics.map((x) => x.identifier)).toEqual([`KX-${run}-1`, `KX-${run}-2`]);
    expect(exported.topics[0]).toMatchObject({
      label: 'Kran Grundlagen',
      department: department!.name,
      parentIdentifier: null,
      intervalDays: 365,
      minutes: 20,
    });
    expect(exported.topics[0]!.questions.map((q) => [q.number, q.text, q.mandatory])).toEqual([
      [1, 'Wer darf den Kran bedienen?', true],
      [2, 'Was gehört zur Sichtprüfung?', false],
    ]);
    expect(exported.topics[1]).toMatchObject({ parentIdentifier: `KX-${run}-1`, intervalDays: 0 });
    expect(exported.topics[0]).not.toHaveProperty('effectiveness');
    expect(exported.topics[0]).not.toHaveProperty('released');
  });
});

describe('question overview', () => {
  it('lists every question of the portal’s topics with its topic, searchable and filterable', async () => {
    type Row = {
      topicIdentifier: string;
      number: number;
      text: string;
      mandatory: boolean;
      answerCount: number;
      rightCount: number;
    };
    const rows = async (query: string, client = admin) => {
      const res = await client.get(`/api/topics/questions?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: { rows: Row[]; filteredCount: number } }>().data;
    };
    const mine = await rows(`search=${encodeURIComponent(`KX-${run}`)}`);
    expect(mine.filteredCount).toBe(3);
    expect(mine.rows.map((r) => [r.topicIdentifier, r.number])).toEqual([
      [`KX-${run}-1`, 1],
      [`KX-${run}-1`, 2],
      [`KX-${run}-2`, 1],
    ]);
    expect(mine.rows[0]).toMatchObject({ mandatory: true, answerCount: 3, rightCount: 1 });
    const mandatory = await rows(`search=${encodeURIComponent(`KX-${run}`)}&mandatory=true`);
    expect(mandatory.rows.map((r) => r.text)).toEqual(['Wer darf den Kran bedienen?']);
    const byText = await rows(`search=${encodeURIComponent('Sichtprüfung')}&orderBy=text`);
    expect(byText.rows.some((r) => r.topicIdentifier === `KX-${run}-1`)).toBe(true);
    // Another portal sees its own questions only; without TOPICS nothing.
    expect((await rows(`search=${encodeURIComponent(`KX-${run}`)}`, customer)).filteredCount).toBe(0);
    const nobody = await createUser(t.database.db, { permissions: [P.TOPICS_OWN] });
    expect(
      (await (await t.login(nobody.login, nobody.password)).get('/api/topics/questions')).statusCode,
    ).toBe(403);
  });
});

describe('import', () => {
  it('previews, then creates the topics locked in the importer’s portal with chain and questions', async () => {
    const before = await topicsOfCustomer();
    const preview = resultOf(await post(customer, '/api/topics/import/preview', exported));
    expect(preview).toMatchObject({ created: 2, updated: 0, unchanged: 0, skipped: 0 });
    expect(preview.topics[0]).toMatchObject({ action: 'create', questionsAdded: 2 });
    // The department is the main portal's: not in the customer portal, so it is left out, with a note.
    expect(preview.topics[0]!.notes.join(' ')).toContain('gibt es in Ihrem Portal nicht');
    expect(await topicsOfCustomer()).toBe(before); // the preview writes nothing

    const done = resultOf(await post(customer, '/api/topics/import', exported));
    expect(done.created).toBe(2);
    const second = (await customer.get(`/api/topics/${done.topics[1]!.topicId}`)).json<{ data: Topic }>()
      .data;
    expect(second).toMatchObject({ released: false, departmentId: null, intervalDays: 0 });
    expect(second.parent?.identifier).toBe(`KX-${run}-1`);
    expect(second.questions).toHaveLength(1);
    expect(second.questions[0]).toMatchObject({
      number: 1,
      text: 'Wie wird angeschlagen?',
      rightMessage: 'Genau.',
    });
    const log = await queryRows<{ state: number }>(
      t.database.db,
      sql`select state from change_log where entity = 'instruction_topic' and entity_id = ${String(second.id)}`,
    );
    expect(log.length).toBeGreaterThan(0);
  });

  it('skips existing topics unless updating; an update changes fields and questions by number and keeps the others', async () => {
    const changed = structuredClone(exported);
    changed.topics[0]!.label = 'Kran Grundlagen (neu)';
    changed.topics[0]!.questions = [
      { ...changed.topics[0]!.questions[0]!, text: 'Wer darf den Hallenkran bedienen?' },
      { ...changed.topics[0]!.questions[0]!, number: 7, text: 'Neue Frage', mandatory: false },
    ];
    const skip = resultOf(await post(customer, '/api/topics/import/preview', changed));
    expect(skip).toMatchObject({ created: 0, skipped: 2 });
    expect(skip.topics[0]!.notes.join(' ')).toContain('bleibt unverändert');

    const preview = resultOf(await post(customer, '/api/topics/import/preview', changed, true));
    expect(preview).toMatchObject({ updated: 1, unchanged: 1 });
    expect(preview.topics[0]).toMatchObject({
      action: 'update',
      changedFields: ['Bezeichnung'],
      questionsAdded: 1,
      questionsChanged: 1,
      questionsKept: 1,
    });
    expect(preview.topics[0]!.notes.join(' ')).toContain(
      '1 Frage dieser Unterweisung steht nicht in der Datei',
    );

    const done = resultOf(await post(customer, '/api/topics/import', changed, true));
    const first = (await customer.get(`/api/topics/${done.topics[0]!.topicId}`)).json<{ data: Topic }>().data;
    expect(first.label).toBe('Kran Grundlagen (neu)');
    expect(first.questions.map((q) => [q.number, q.text])).toEqual([
      [1, 'Wer darf den Hallenkran bedienen?'],
      [2, 'Was gehört zur Sichtprüfung?'],
      [7, 'Neue Frage'],
    ]);
    expect(first.version).toBeGreaterThan(1);
    // The same file again: nothing left to change.
    expect(resultOf(await post(customer, '/api/topics/import/preview', changed, true))).toMatchObject({
      updated: 0,
      unchanged: 2,
    });
  });

  it('refuses bad files with the place of each problem and writes nothing', async () => {
    const before = await topicsOfCustomer();
    const refuse = async (file: unknown, code: string, update = false) => {
      const res = await post(customer, '/api/topics/import', file, update);
      expect(res.statusCode, res.body).toBe(400);
      expect(errorOf(res).code).toBe(code);
      return (res.json<{ error: { details?: { path: (string | number)[]; message: string }[] } }>().error
        .details ?? []) as { path: (string | number)[]; message: string }[];
    };
    expect(errorOf(await post(customer, '/api/topics/import', '')).code).toBe('TOPIC_FILE_EMPTY');
    await refuse('kein json', 'TOPIC_FILE_INVALID');
    await refuse({ kind: 'schutzwerk-instruction-topics', formatVersion: 1, topics: [] }, 'TOPIC_FILE_EMPTY');
    const wrongKind = await refuse({ kind: 'etwas', formatVersion: 1, topics: [{}] }, 'TOPIC_FILE_INVALID');
    expect(wrongKind.map((d) => d.message)).toContain('Die Datei ist keine Exportdatei mit Unterweisungen.');

    const fresh = (identifier: string, extra: Record<string, unknown> = {}) => ({
      identifier,
      label: `Thema ${identifier}`,
      questions: [{ number: 1, text: 'Frage?', answers }],
      ...extra,
    });
    const file = (...topics: unknown[]) => ({
      kind: 'schutzwerk-instruction-topics',
      formatVersion: 1,
      topics,
    });
    const twoAnswers = await refuse(
      file(
        fresh(`BAD-${run}-A`, { questions: [{ number: 1, text: 'Frage?', answers: answers.slice(0, 2) }] }),
      ),
      'TOPIC_FILE_INVALID',
    );
    expect(twoAnswers).toContainEqual({
      path: ['topics', 0, 'questions', 0, 'answers'],
      message: 'Eine Frage hat 3 bis 5 Antworten.',
    });
    const twice = await refuse(file(fresh(`BAD-${run}-B`), fresh(`bad-${run}-b`)), 'TOPIC_FILE_INVALID');
    expect(twice[0]!.message).toContain('steht zweimal in der Datei');
    const chain = await refuse(
      file(
        fresh(`BAD-${run}-C`, { parentIdentifier: 'GIBT-ES-NICHT' }),
        fresh(`BAD-${run}-D`, { parentIdentifier: `BAD-${run}-E` }), // interval 365 by default: not first
        fresh(`BAD-${run}-E`),
        fresh(`BAD-${run}-F`, { parentIdentifier: `BAD-${run}-E`, intervalDays: 0 }), // E gets two subordinates
        fresh(`BAD-${run}-G`, {
          poolCount: 1,
          questions: [
            { number: 1, text: 'A?', answers, mandatory: true },
            { number: 2, text: 'B?', answers, mandatory: true },
          ],
        }),
      ),
      'TOPIC_FILE_INVALID',
    );
    const at = (i: number, field: string) => chain.filter((d) => d.path.join('.') === `topics.${i}.${field}`);
    expect(at(0, 'parentIdentifier')[0]!.message).toContain('„GIBT-ES-NICHT“ gibt es weder in der Datei');
    expect(at(1, 'intervalDays')[0]!.message).toContain('nur beim ersten Thema einer Kette');
    expect(at(3, 'parentIdentifier')[0]!.message).toContain('genau ein nachfolgendes Thema');
    expect(at(4, 'poolCount')[0]!.message).toBe(
      'Der Fragenpool (1) ist kleiner als die Zahl der Pflichtfragen (2).',
    );
    expect(await topicsOfCustomer()).toBe(before);
  });

  it('needs TOPICS_IMPORT for export, preview and import', async () => {
    const reader = await createUser(t.database.db, { permissions: [P.TOPICS, P.TOPICS_CREATE] });
    const client = await t.login(reader.login, reader.password);
    expect((await client.get('/api/topics/export')).statusCode).toBe(403);
    expect((await post(client, '/api/topics/import/preview', exported)).statusCode).toBe(403);
    expect((await post(client, '/api/topics/import', exported)).statusCode).toBe(403);
  });
});
