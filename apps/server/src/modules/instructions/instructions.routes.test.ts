import { LOG_STATE } from '@schutzwerk/shared/constants.ts';
import type { Topic, TopicRow } from '@schutzwerk/shared/instructions/instructions.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/query.ts';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { createUser, customerPortalId } from '#test/fixtures.ts';
import { STARTER_TOPICS } from './instructions.base-data.ts';

let t: TestApp;
let admin: ApiClient;
let counter = 0;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => {
  await t.close();
});

const ident = () => `T-${process.pid}-${++counter}`;
const topicBody = (overrides: Record<string, unknown> = {}) => ({
  label: 'Staplerfahren im Lager',
  identifier: ident(),
  ...overrides,
});
const question = (overrides: Record<string, unknown> = {}) => ({
  text: 'Wie schnell darf im Lager gefahren werden?',
  answers: [
    { text: 'Schrittgeschwindigkeit', right: true },
    { text: 'So schnell wie möglich', right: false },
    { text: '50 km/h', right: false },
  ],
  ...overrides,
});
/** The whole-record body of a topic (PUT), with changes. */
const whole = (topic: Topic, changes: Record<string, unknown> = {}) => ({
  label: topic.label,
  number: topic.number,
  identifier: topic.identifier,
  departmentId: topic.departmentId,
  dueDate: topic.dueDate,
  validFrom: topic.validFrom,
  validUntil: topic.validUntil,
  intervalDays: topic.intervalDays,
  mode: topic.mode,
  minScore: topic.minScore,
  poolCount: topic.poolCount,
  durationDays: topic.durationDays,
  minutes: topic.minutes,
  effectiveness: topic.effectiveness,
  inactive: topic.inactive,
  parentId: topic.parent?.id ?? null,
  version: topic.version,
  ...changes,
});
const wholeQuestion = (q: Topic['questions'][number], changes: Record<string, unknown> = {}) => ({
  text: q.text,
  answers: q.answers,
  mandatory: q.mandatory,
  slideFrom: q.slideFrom,
  slideTo: q.slideTo,
  pageFrom: q.pageFrom,
  pageTo: q.pageTo,
  secondFrom: q.secondFrom,
  secondTo: q.secondTo,
  rightMessage: q.rightMessage,
  wrongMessage: q.wrongMessage,
  version: q.version,
  ...changes,
});

type R = Awaited<ReturnType<ApiClient['get']>>;
const data = (res: R, status = 200): Topic => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<{ data: Topic }>().data;
};
const details = (res: R) => errorOf(res).details as { path: (string | number)[]; message: string }[];
async function create(body: Record<string, unknown> = topicBody(), client = admin): Promise<Topic> {
  return data(await client.post('/api/topics', body), 201);
}
async function withQuestion(topic: Topic, body = question(), client = admin): Promise<Topic> {
  return data(await client.post(`/api/topics/${topic.id}/questions`, body), 201);
}
async function userWith(...permissions: number[]) {
  const user = await createUser(t.database.db, { permissions });
  return t.login(user.login, user.password);
}

describe('starter catalogue', () => {
  it('gives the demo company ten released German topics with 3–6 questions each', async () => {
    const list = (await admin.get('/api/topics?limit=100')).json<{ data: { rows: TopicRow[] } }>().data;
    expect(STARTER_TOPICS.length).toBeGreaterThanOrEqual(10);
    for (const starter of STARTER_TOPICS) {
      const row = list.rows.find((r) => r.identifier === starter.identifier);
      expect(row, starter.identifier).toMatchObject({ label: starter.label, released: true });
      expect(row!.questionCount).toBeGreaterThanOrEqual(3);
      expect(row!.questionCount).toBeLessThanOrEqual(6);
    }
    const fire = list.rows.find((r) => r.identifier === 'U-02')!;
    const topic = data(await admin.get(`/api/topics/${fire.id}`));
    expect(topic.label).toBe('Brandschutz und Verhalten im Brandfall');
    for (const q of topic.questions) {
      expect(q.answers.length).toBeGreaterThanOrEqual(3);
      expect(q.answers.length).toBeLessThanOrEqual(5);
      expect(q.answers.some((a) => a.right)).toBe(true);
    }
  });

  it('searches and filters on the list protocol, by GET and POST', async () => {
    const get = (await admin.get('/api/topics?search=brandschutz')).json<{
      data: { rows: TopicRow[]; filteredCount: number };
    }>().data;
    expect(get.rows.map((r) => r.identifier)).toContain('U-02');
    const post = (await admin.post('/api/topics/list', { search: 'brandschutz', released: false })).json<{
      data: { rows: TopicRow[]; filteredCount: number };
    }>().data;
    expect(post.rows.map((r) => r.identifier)).not.toContain('U-02');
  });
});

describe('topics: create, validation, save', () => {
  it('creates a locked topic with every field of the spec and logs it', async () => {
    const [department] = (await admin.get('/api/departments/tree')).json<{
      data: { nodes: { id: number; name: string }[] };
    }>().data.nodes;
    const topic = await create(
      topicBody({
        number: '7',
        departmentId: department!.id,
        dueDate: '2027-03-31',
        validFrom: '2027-01-01',
        validUntil: '2028-12-31',
        intervalDays: 400,
        mode: 3,
        minScore: 2,
        poolCount: 3,
        durationDays: 365,
        minutes: 25,
        inactive: true,
      }),
    );
    expect(topic).toMatchObject({
      number: '7',
      departmentId: department!.id,
      departmentName: department!.name,
      dueDate: '2027-03-31',
      validFrom: '2027-01-01',
      validUntil: '2028-12-31',
      intervalDays: 400,
      mode: 3,
      minScore: 2,
      poolCount: 3,
      durationDays: 365,
      minutes: 25,
      effectiveness: 0,
      inactive: true,
      released: false,
      parent: null,
      child: null,
      questions: [],
      version: 1,
    });
    const log = await queryRows<{ state: number }>(
      t.database.db,
      sql`select state from change_log where entity = 'instruction_topic' and entity_id = ${String(topic.id)}`,
    );
    expect(log).toEqual([{ state: LOG_STATE.CREATED }]);
  });

  it('refuses bad input with German messages per field', async () => {
    const res = await admin.post(
      '/api/topics',
      topicBody({
        label: ' ',
        identifier: '',
        intervalDays: 5000,
        mode: 3,
        durationDays: 42,
        validFrom: '2027-05-01',
        validUntil: '2027-04-01',
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('INPUT_VALIDATION_ERROR');
    expect(details(res)).toEqual(
      expect.arrayContaining([
        { path: ['body', 'label'], message: 'Bitte geben Sie eine Bezeichnung an.' },
        { path: ['body', 'identifier'], message: 'Bitte geben Sie eine Kennung an.' },
        { path: ['body', 'intervalDays'], message: 'Das Intervall (Tage) muss zwischen 0 und 3650 liegen.' },
        { path: ['body', 'durationDays'], message: 'Bitte wählen Sie eine gültige Gültigkeitsdauer.' },
      ]),
    );
    const rules = await admin.post(
      '/api/topics',
      topicBody({ mode: 3, validFrom: '2027-05-01', validUntil: '2027-04-01' }),
    );
    expect(details(rules)).toEqual(
      expect.arrayContaining([
        { path: ['body', 'validUntil'], message: '„Gültig bis“ darf nicht vor „Gültig ab“ liegen.' },
        { path: ['body', 'minScore'], message: 'Im Modus „Punkte“ ist eine Mindestpunktzahl nötig.' },
      ]),
    );
    const score = await admin.post('/api/topics', topicBody({ mode: 3, minScore: 4, poolCount: 3 }));
    expect(details(score)).toEqual([
      {
        path: ['body', 'minScore'],
        message: 'Die Mindestpunktzahl darf nicht größer sein als der Fragenpool.',
      },
    ]);
  });

  it('keeps identifiers unique per portal (ignoring case) and departments within the portal', async () => {
    const first = await create();
    const twice = await admin.post('/api/topics', topicBody({ identifier: first.identifier.toLowerCase() }));
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).code).toBe('TOPIC_IDENTIFIER_EXISTS');
    expect(details(twice)).toEqual([
      { path: ['identifier'], message: 'Diese Kennung ist bereits vergeben.' },
    ]);
    const [foreign] = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into departments (portal_id, name)
          values (${await customerPortalId(t.database.db)}, ${`Fremde Abteilung ${ident()}`}) returning id`,
    );
    const res = await admin.post('/api/topics', topicBody({ departmentId: foreign!.id }));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('TOPIC_DEPARTMENT_INVALID');
    expect(details(res)).toEqual([
      { path: ['departmentId'], message: 'Diese Abteilung gibt es in Ihrem Portal nicht.' },
    ]);
    const missing = await admin.post('/api/topics', topicBody({ departmentId: 999_999 }));
    expect(errorOf(missing).code).toBe('TOPIC_DEPARTMENT_INVALID');
  });

  it('saves the whole record under its version; a stale save is 409 and changes nothing', async () => {
    const topic = await create();
    const saved = data(await admin.put(`/api/topics/${topic.id}`, whole(topic, { label: 'Neu' })));
    expect(saved).toMatchObject({ label: 'Neu', version: 2 });
    const stale = await admin.put(`/api/topics/${topic.id}`, whole(topic, { label: 'Alt' }));
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('CONFLICT');
    expect(data(await admin.get(`/api/topics/${topic.id}`)).label).toBe('Neu');
    const partial = await admin.put(`/api/topics/${topic.id}`, { label: 'Teil', version: saved.version });
    expect(partial.statusCode).toBe(400);
  });

  it('forgets the minimum score outside mode 3', async () => {
    const topic = await create(topicBody({ mode: 1, minScore: 5 }));
    expect(topic.minScore).toBeNull();
  });
});

describe('rights', () => {
  it('reads with TOPICS, creates with TOPICS_CREATE only', async () => {
    const reader = await userWith(P.TOPICS);
    expect((await reader.get('/api/topics')).statusCode).toBe(200);
    const refused = await reader.post('/api/topics', topicBody());
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toEqual({ code: 'NO_PERMISSION', message: 'Keine Berechtigung.' });
    const creator = await userWith(P.TOPICS, P.TOPICS_CREATE);
    await create(topicBody(), creator);
    // Setting the effectiveness needs its own right, also on create.
    expect((await creator.post('/api/topics', topicBody({ effectiveness: 1 }))).statusCode).toBe(403);
  });

  it('needs TOPICS_EDIT for fields and TOPICS_EFFECTIVENESS for the effectiveness', async () => {
    const topic = await create();
    const editor = await userWith(P.TOPICS, P.TOPICS_EDIT);
    const rater = await userWith(P.TOPICS, P.TOPICS_EFFECTIVENESS);
    expect((await editor.put(`/api/topics/${topic.id}`, whole(topic, { effectiveness: 1 }))).statusCode).toBe(
      403,
    );
    expect((await rater.put(`/api/topics/${topic.id}`, whole(topic, { label: 'Anders' }))).statusCode).toBe(
      403,
    );
    const rated = data(await rater.put(`/api/topics/${topic.id}`, whole(topic, { effectiveness: 2 })));
    expect(rated.effectiveness).toBe(2);
    const edited = data(await editor.put(`/api/topics/${topic.id}`, whole(rated, { minutes: 45 })));
    expect(edited).toMatchObject({ minutes: 45, effectiveness: 2 });
  });

  it('needs TOPICS_QUESTIONS for questions, TOPICS_RELEASE for the status, TOPICS_DELETE to delete', async () => {
    const topic = await create();
    const editor = await userWith(P.TOPICS, P.TOPICS_EDIT, P.TOPICS_CREATE);
    expect((await editor.post(`/api/topics/${topic.id}/questions`, question())).statusCode).toBe(403);
    const withQ = await withQuestion(topic);
    expect(
      (await editor.post(`/api/topics/${topic.id}/release`, { version: withQ.version })).statusCode,
    ).toBe(403);
    expect((await editor.delete(`/api/topics/${topic.id}?version=${withQ.version}`)).statusCode).toBe(403);
    const author = await userWith(P.TOPICS, P.TOPICS_QUESTIONS);
    expect((await author.post(`/api/topics/${topic.id}/questions`, question())).statusCode).toBe(201);
  });

  it('keeps topics inside their portal (another portal sees 404)', async () => {
    const topic = await create();
    const user = await createUser(t.database.db, {
      permissions: [P.TOPICS, P.TOPICS_CREATE, P.TOPICS_EDIT, P.TOPICS_DELETE],
      portalId: await customerPortalId(t.database.db),
    });
    const other = await t.login(user.login, user.password);
    expect((await other.get(`/api/topics/${topic.id}`)).statusCode).toBe(404);
    expect((await other.put(`/api/topics/${topic.id}`, whole(topic))).statusCode).toBe(404);
    const list = (await other.get(`/api/topics?search=${topic.identifier}`)).json<{
      data: { rows: TopicRow[] };
    }>().data;
    expect(list.rows).toEqual([]);
    // Same identifier in another portal is fine.
    await create(topicBody({ identifier: topic.identifier }), other);
  });
});

describe('chains', () => {
  it('links a subordinate topic; interval only on the first topic; one subordinate per topic; no cycles', async () => {
    const parent = await create();
    const badInterval = await admin.post(
      '/api/topics',
      topicBody({ parentId: parent.id, intervalDays: 365 }),
    );
    expect(badInterval.statusCode).toBe(400);
    expect(errorOf(badInterval).code).toBe('TOPIC_INTERVAL_NOT_FIRST');
    expect(details(badInterval)).toEqual([
      { path: ['intervalDays'], message: 'Ein Intervall ist nur beim ersten Thema einer Kette möglich.' },
    ]);
    const child = await create(topicBody({ parentId: parent.id, intervalDays: 0 }));
    expect(child.parent).toMatchObject({ id: parent.id, identifier: parent.identifier });
    expect(data(await admin.get(`/api/topics/${parent.id}`)).child).toMatchObject({ id: child.id });

    const second = await admin.post('/api/topics', topicBody({ parentId: parent.id, intervalDays: 0 }));
    expect(second.statusCode).toBe(409);
    expect(errorOf(second).code).toBe('TOPIC_PARENT_TAKEN');

    const freshParent = data(await admin.get(`/api/topics/${parent.id}`));
    const cycle = await admin.put(
      `/api/topics/${parent.id}`,
      whole(freshParent, { parentId: child.id, intervalDays: 0 }),
    );
    expect(cycle.statusCode).toBe(400);
    expect(errorOf(cycle).code).toBe('TOPIC_PARENT_INVALID');
    const self = await admin.put(`/api/topics/${parent.id}`, whole(freshParent, { parentId: parent.id }));
    expect(errorOf(self).code).toBe('TOPIC_PARENT_INVALID');
    const missing = await admin.post('/api/topics', topicBody({ parentId: 999_999, intervalDays: 0 }));
    expect(errorOf(missing).code).toBe('TOPIC_PARENT_INVALID');
  });

  it('releases parent before child and locks child before parent; release needs a question', async () => {
    const parent = await create();
    const child = await create(topicBody({ parentId: parent.id, intervalDays: 0 }));
    const noQuestions = await admin.post(`/api/topics/${parent.id}/release`, { version: parent.version });
    expect(noQuestions.statusCode).toBe(409);
    expect(errorOf(noQuestions).code).toBe('TOPIC_NO_QUESTIONS');
    const p1 = await withQuestion(parent);
    const c1 = await withQuestion(child);

    const childFirst = await admin.post(`/api/topics/${child.id}/release`, { version: c1.version });
    expect(childFirst.statusCode).toBe(409);
    expect(errorOf(childFirst).code).toBe('TOPIC_PARENT_LOCKED');
    expect(errorOf(childFirst).message).toContain(parent.identifier);

    const p2 = data(await admin.post(`/api/topics/${parent.id}/release`, { version: p1.version }));
    expect(p2.released).toBe(true);
    const c2 = data(await admin.post(`/api/topics/${child.id}/release`, { version: c1.version }));
    expect(c2.released).toBe(true);

    const parentFirst = await admin.post(`/api/topics/${parent.id}/lock`, { version: p2.version });
    expect(parentFirst.statusCode).toBe(409);
    expect(errorOf(parentFirst).code).toBe('TOPIC_CHILD_RELEASED');
    expect(data(await admin.post(`/api/topics/${child.id}/lock`, { version: c2.version })).released).toBe(
      false,
    );
    expect(data(await admin.post(`/api/topics/${parent.id}/lock`, { version: p2.version })).released).toBe(
      false,
    );
    const stale = await admin.post(`/api/topics/${parent.id}/release`, { version: p2.version });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('CONFLICT');
  });

  it('refuses deleting a topic linked to another; deletes an unlinked one with its questions', async () => {
    const parent = await create();
    const child = await create(topicBody({ parentId: parent.id, intervalDays: 0 }));
    for (const topic of [parent, child]) {
      const res = await admin.delete(`/api/topics/${topic.id}?version=${topic.version}`);
      expect(res.statusCode).toBe(409);
      expect(errorOf(res).code).toBe('TOPIC_LINKED');
    }
    const lone = await withQuestion(await create());
    expect((await admin.delete(`/api/topics/${lone.id}?version=${lone.version + 1}`)).statusCode).toBe(409);
    expect((await admin.delete(`/api/topics/${lone.id}?version=${lone.version}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/topics/${lone.id}`)).statusCode).toBe(404);
    const left = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from instruction_questions where topic_id = ${lone.id}`,
    );
    expect(left[0]!.n).toBe(0);
  });
});

describe('questions', () => {
  it('adds questions with several right answers, ranges and messages, numbered in order', async () => {
    const topic = await create();
    const first = await withQuestion(
      topic,
      question({
        answers: [
          { text: 'A', right: true },
          { text: 'B', right: true },
          { text: 'C', right: false },
          { text: 'D', right: false },
          { text: 'E', right: false },
        ],
        mandatory: true,
        slideFrom: 2,
        slideTo: 3,
        pageFrom: 1,
        secondFrom: 30,
        secondTo: 45,
        rightMessage: 'Richtig!',
        wrongMessage: 'Leider falsch.',
      }),
    );
    expect(first.questions[0]).toMatchObject({
      number: 1,
      mandatory: true,
      slideFrom: 2,
      slideTo: 3,
      pageFrom: 1,
      pageTo: null,
      secondFrom: 30,
      secondTo: 45,
      rightMessage: 'Richtig!',
      wrongMessage: 'Leider falsch.',
      version: 1,
    });
    expect(first.questions[0]!.answers.filter((a) => a.right)).toHaveLength(2);
    const second = await withQuestion(first);
    expect(second.questions.map((q) => q.number)).toEqual([1, 2]);
  });

  it('refuses 2 or 6 answers, no right answer and bad ranges with German messages', async () => {
    const topic = await create();
    const url = `/api/topics/${topic.id}/questions`;
    const two = await admin.post(
      url,
      question({
        answers: [
          { text: 'A', right: true },
          { text: 'B', right: false },
        ],
      }),
    );
    expect(details(two)).toEqual([
      { path: ['body', 'answers'], message: 'Eine Frage hat 3 bis 5 Antworten.' },
    ]);
    const six = await admin.post(
      url,
      question({ answers: Array.from({ length: 6 }, (_, i) => ({ text: `A${i}`, right: i === 0 })) }),
    );
    expect(details(six)).toEqual([
      { path: ['body', 'answers'], message: 'Eine Frage hat 3 bis 5 Antworten.' },
    ]);
    const none = await admin.post(
      url,
      question({ answers: ['A', 'B', 'C'].map((text) => ({ text, right: false })) }),
    );
    expect(details(none)).toEqual([
      { path: ['body', 'answers'], message: 'Mindestens eine Antwort muss richtig sein.' },
    ]);
    const ranges = await admin.post(url, question({ text: '', slideFrom: 5, slideTo: 2, pageTo: 3 }));
    expect(details(ranges)).toEqual(
      expect.arrayContaining([
        { path: ['body', 'text'], message: 'Bitte geben Sie den Text der Frage an.' },
        { path: ['body', 'slideTo'], message: 'Die letzte Folie darf nicht vor der ersten liegen.' },
        { path: ['body', 'pageFrom'], message: 'Bitte geben Sie die erste Seite an.' },
      ]),
    );
    const emptyAnswer = await admin.post(
      url,
      question({
        answers: [
          { text: ' ', right: true },
          { text: 'B', right: false },
          { text: 'C', right: false },
        ],
      }),
    );
    expect(details(emptyAnswer)).toEqual([
      { path: ['body', 'answers', 0, 'text'], message: 'Bitte geben Sie den Text der Antwort an.' },
    ]);
  });

  it('offers to raise a pool below the mandatory questions, and raises it when asked', async () => {
    const topic = await create(topicBody({ poolCount: 1 }));
    const one = await withQuestion(topic, question({ mandatory: true }));
    const refused = await admin.post(`/api/topics/${topic.id}/questions`, question({ mandatory: true }));
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({
      code: 'TOPIC_POOL_BELOW_MANDATORY',
      message:
        'Der Fragenpool (1) ist kleiner als die Zahl der Pflichtfragen (2). Bitte erhöhen Sie den Fragenpool auf mindestens 2.',
    });
    expect(data(await admin.get(`/api/topics/${topic.id}`)).questions).toHaveLength(1);
    const raised = await withQuestion(one, question({ mandatory: true, raisePoolCount: true }));
    expect(raised).toMatchObject({ poolCount: 2, version: one.version + 1 });
    expect(raised.questions).toHaveLength(2);

    // Saving the topic with a pool below the mandatory count is refused the same way, naming the field.
    const lower = await admin.put(`/api/topics/${topic.id}`, whole(raised, { poolCount: 1 }));
    expect(lower.statusCode).toBe(409);
    expect(errorOf(lower).code).toBe('TOPIC_POOL_BELOW_MANDATORY');
    expect(details(lower)).toEqual([
      { path: ['poolCount'], message: 'Es gibt 2 Pflichtfragen; der Fragenpool muss mindestens 2 betragen.' },
    ]);
  });

  it('saves a whole question under its version and deletes it; stale versions are 409', async () => {
    const topic = await withQuestion(await create());
    const q = topic.questions[0]!;
    const url = `/api/topics/${topic.id}/questions/${q.id}`;
    const saved = data(await admin.put(url, wholeQuestion(q, { text: 'Geänderte Frage' })));
    expect(saved.questions[0]).toMatchObject({ text: 'Geänderte Frage', version: 2 });
    const stale = await admin.put(url, wholeQuestion(q, { text: 'Alt' }));
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('CONFLICT');
    expect((await admin.put(url, { text: 'Nur Text', version: 2 })).statusCode).toBe(400);
    expect((await admin.delete(`${url}?version=1`)).statusCode).toBe(409);
    const gone = data(await admin.delete(`${url}?version=2`));
    expect(gone.questions).toEqual([]);
    expect((await admin.put(url, wholeQuestion(saved.questions[0]!))).statusCode).toBe(404);
    const log = await queryRows<{ state: number }>(
      t.database.db,
      sql`select state from change_log where entity = 'instruction_question' and entity_id = ${String(q.id)} order by id`,
    );
    expect(log.map((l) => l.state)).toEqual([LOG_STATE.CREATED, LOG_STATE.CHANGED, LOG_STATE.DELETED]);
  });
});
