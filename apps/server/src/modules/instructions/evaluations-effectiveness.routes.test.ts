import type {
  EffectivenessOverview,
  EffectivenessReview,
  EffectivenessTopicDetail,
} from '@schutzwerk/shared/instructions/evaluations-effectiveness.schema.ts';
import type { Topic } from '@schutzwerk/shared/instructions/instructions.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { DEFAULT_EFFECTIVENESS_CRITERIA } from '@schutzwerk/shared/settings/instructions.settings.ts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { createUser, customerPortalId, mainPortalId } from '#test/fixtures.ts';
import { instructionAssignments, instructionQuestions } from './instructions.table.ts';
import { instructionRuns } from './run.table.ts';

/**
 * Decision 075: the effectiveness review of topics — every criterion rated (else „Sie müssen noch N Frage(n)
 * bewerten.“), the verdict sets the topic's effectiveness under its optimistic lock, the rights, the evidence
 * (completion rate, first-attempt answers), the history, the export, and the portal's isolation.
 */
let t: TestApp;
let admin: ApiClient;
let portalId: number;
let topic: Topic;
const tag = `EF${process.pid}`;
const NOW = new Date('2031-03-10T10:00:00Z');
const criteria = [...DEFAULT_EFFECTIVENESS_CRITERIA];

async function clientWith(permissions: number[], portal?: number) {
  const user = await createUser(t.database.db, { permissions, ...(portal ? { portalId: portal } : {}) });
  return t.login(user.login, user.password);
}

async function overview(client: ApiClient): Promise<EffectivenessOverview> {
  const res = await client.get('/api/instructions/evaluations/effectiveness?year=2031');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: EffectivenessOverview }>().data;
}
const rowOf = async (client: ApiClient) => (await overview(client)).topics.find((r) => r.id === topic.id)!;

const review = (version: number, ratings: (number | null)[], more: Record<string, unknown> = {}) => ({
  version,
  reviewedOn: '2031-03-09',
  criteria,
  ratings,
  verdict: 'effective',
  note: '',
  ...more,
});

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  admin = await t.login('admin');
  portalId = await mainPortalId(t.database.db);
  const res = await admin.post('/api/topics', {
    label: `Wirksamkeitsthema ${tag}`,
    identifier: `${tag}-1`,
    intervalDays: 365,
  });
  expect(res.statusCode, res.body).toBe(201);
  topic = res.json<{ data: Topic }>().data;
  // Evidence: two items due in 2031, one done; one run in its first attempt with a right and a wrong answer.
  const user = await createUser(t.database.db);
  const answers = [
    { text: 'Ja', right: true },
    { text: 'Nein', right: false },
    { text: 'Vielleicht', right: false },
  ];
  const [q1, q2] = await t.database.db
    .insert(instructionQuestions)
    .values([
      { topicId: topic.id, number: 1, text: 'Frage eins', answers },
      { topicId: topic.id, number: 2, text: 'Frage zwei', answers },
    ])
    .returning({ id: instructionQuestions.id });
  const [done] = await t.database.db
    .insert(instructionAssignments)
    .values([
      {
        portalId,
        employeeId: user.id,
        topicId: topic.id,
        status: 'E',
        dueDate: '2031-02-01',
        originalDueDate: '2031-02-01',
      },
      {
        portalId,
        employeeId: user.id,
        topicId: topic.id,
        status: 'O',
        dueDate: '2031-09-01',
        originalDueDate: '2031-09-01',
      },
    ])
    .returning({ id: instructionAssignments.id });
  await t.database.db.insert(instructionRuns).values({
    portalId,
    assignmentId: done!.id,
    employeeId: user.id,
    topicId: topic.id,
    questionIds: [q1!.id, q2!.id],
    answers: [
      { questionId: q1!.id, chosen: [0], right: true },
      { questionId: q2!.id, chosen: [1], right: false },
    ],
  });
});
afterAll(async () => {
  await t.close();
});

describe('effectiveness review of topics', () => {
  it('lists the topics with the criteria and the evidence the data holds', async () => {
    const data = await overview(admin);
    expect(data.criteria).toEqual(criteria);
    expect(await rowOf(admin)).toMatchObject({
      effectiveness: 0,
      reviews: 0,
      lastReview: null,
      rate: 50,
      firstAttemptAnswers: 2,
      firstAttemptRight: 1,
    });
    const detail = await admin.get(`/api/instructions/evaluations/effectiveness/topics/${topic.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json<{ data: EffectivenessTopicDetail }>().data.questions).toEqual([
      expect.objectContaining({ text: 'Frage eins', answers: 1, right: 1 }),
      expect.objectContaining({ text: 'Frage zwei', answers: 1, right: 0 }),
    ]);
  });

  it('needs TOPICS_EVALUATE to read and TOPICS_EFFECTIVENESS to review', async () => {
    const nobody = await clientWith([P.TOPICS]);
    expect((await nobody.get('/api/instructions/evaluations/effectiveness?year=2031')).statusCode).toBe(403);
    const reader = await clientWith([P.TOPICS_EVALUATE]);
    await overview(reader);
    const refused = await reader.post(
      `/api/instructions/evaluations/effectiveness/topics/${topic.id}/reviews`,
      review(topic.version, [1, 1, 1, 1, 1]),
    );
    expect(refused.statusCode).toBe(403);
    expect((await rowOf(admin)).effectiveness).toBe(0);
  });

  it('refuses unrated criteria with the real count, then saves and marks the topic', async () => {
    const reviewer = await clientWith([P.TOPICS_EVALUATE, P.TOPICS_EFFECTIVENESS]);
    const url = `/api/instructions/evaluations/effectiveness/topics/${topic.id}/reviews`;
    const version = (await rowOf(reviewer)).version;
    const unrated = await reviewer.post(url, review(version, [1, null, 2, null, 3]));
    expect(unrated.statusCode).toBe(400);
    expect(errorOf(unrated)).toMatchObject({
      code: 'EFFECTIVENESS_UNRATED',
      message: 'Sie müssen noch 2 Frage(n) bewerten.',
      details: { unrated: 2 },
    });
    const one = await reviewer.post(url, review(version, [1, 2, 2, 3, null]));
    expect(errorOf(one).message).toBe('Sie müssen noch 1 Frage(n) bewerten.');
    const changed = await reviewer.post(
      url,
      review(version, [1, 2, 3, 4], { criteria: criteria.slice(0, 4) }),
    );
    expect(changed.statusCode).toBe(409);
    expect(errorOf(changed).code).toBe('EFFECTIVENESS_CRITERIA_CHANGED');
    const future = await reviewer.post(url, review(version, [1, 2, 2, 3, 3], { reviewedOn: '2031-03-11' }));
    expect(future.statusCode).toBe(400);

    const saved = await reviewer.post(url, review(version, [1, 2, 2, 3, 3], { note: 'Begehung Halle 2' }));
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json<{ data: EffectivenessReview }>().data).toMatchObject({
      average: 2.2,
      verdict: 'effective',
      criteria,
      ratings: [1, 2, 2, 3, 3],
      note: 'Begehung Halle 2',
    });
    const row = await rowOf(reviewer);
    expect(row).toMatchObject({
      effectiveness: 1,
      version: version + 1,
      reviews: 1,
      lastReview: { reviewedOn: '2031-03-09', average: 2.2, verdict: 'effective' },
    });
    expect(row.lastReview!.reviewerName).toMatch(/^Prüfer\d+, Tess$/);

    // The same version again is stale: 409, nothing saved.
    const stale = await reviewer.post(url, review(version, [5, 5, 5, 5, 5], { verdict: 'notEffective' }));
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('CONFLICT');
    expect((await rowOf(reviewer)).reviews).toBe(1);

    const second = await reviewer.post(
      url,
      review(row.version, [5, 4, 4, 5, 4], { verdict: 'notEffective' }),
    );
    expect(second.statusCode, second.body).toBe(201);
    expect(await rowOf(reviewer)).toMatchObject({ effectiveness: 2, reviews: 2 });
    const detail = await reviewer.get(`/api/instructions/evaluations/effectiveness/topics/${topic.id}`);
    const reviews = detail.json<{ data: EffectivenessTopicDetail }>().data.reviews;
    expect(reviews.map((r) => r.verdict)).toEqual(['notEffective', 'effective']);
    // The topic's own API shows the effectiveness set by the review.
    const own = await admin.get(`/api/topics/${topic.id}`);
    expect(own.json<{ data: Topic }>().data.effectiveness).toBe(2);
  });

  it('rates the criteria the portal set in its settings', async () => {
    const settings = await clientWith([P.SETTINGS_TOPICS]);
    const current = (await settings.get('/api/settings/instructions')).json<{
      data: { version: number; value: Record<string, unknown> };
    }>().data;
    const mine = ['Die Schutzbrille wird getragen.', 'Die Wege sind frei.'];
    const put = await settings.put('/api/settings/instructions', {
      version: current.version,
      value: { ...current.value, effectivenessCriteria: mine },
    });
    expect(put.statusCode, put.body).toBe(200);
    try {
      expect((await overview(admin)).criteria).toEqual(mine);
      const row = await rowOf(admin);
      const res = await admin.post(`/api/instructions/evaluations/effectiveness/topics/${topic.id}/reviews`, {
        ...review(row.version, [2, 1]),
        criteria: mine,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<{ data: EffectivenessReview }>().data).toMatchObject({ criteria: mine, average: 1.5 });
      const empty = await settings.put('/api/settings/instructions', {
        version: current.version + 1,
        value: { ...current.value, effectivenessCriteria: ['Eine', ' '] },
      });
      expect(empty.statusCode).toBe(400);
    } finally {
      await t.database.db.execute(
        sql`delete from portal_settings where portal_id = ${portalId} and key = 'instructions'`,
      );
    }
  });

  it('exports the table as XLSX and PDF', async () => {
    const res = await admin.get('/api/instructions/evaluations/effectiveness/export?year=2031&format=xlsx');
    expect(res.statusCode, res.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const values: unknown[][] = [];
    sheet.eachRow((row) => {
      values.push(row.values as unknown[]);
    });
    const header = values.find((v) => v.includes('Unterweisung'))!;
    expect(header).toContain('Wirksamkeit');
    const line = values.find((v) => v.includes(`Wirksamkeitsthema ${tag}`))!;
    expect(line).toContain('geprüft wirksam');
    const pdf = await admin.get('/api/instructions/evaluations/effectiveness/export?year=2031&format=pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
  });

  it('keeps portals apart', async () => {
    const customer = await clientWith(
      [P.TOPICS_EVALUATE, P.TOPICS_EFFECTIVENESS],
      await customerPortalId(t.database.db),
    );
    expect((await overview(customer)).topics.some((r) => r.id === topic.id)).toBe(false);
    expect(
      (await customer.get(`/api/instructions/evaluations/effectiveness/topics/${topic.id}`)).statusCode,
    ).toBe(404);
    const res = await customer.post(
      `/api/instructions/evaluations/effectiveness/topics/${topic.id}/reviews`,
      review(0, [1, 1, 1, 1, 1]),
    );
    expect(res.statusCode).toBe(404);
  });
});
