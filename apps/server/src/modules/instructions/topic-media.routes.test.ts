import type { Topic } from '@schutzwerk/shared/instructions/instructions.schema.ts';
import type {
  RunAnswerResult,
  RunSlideResult,
  RunState,
} from '@schutzwerk/shared/instructions/run.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/query.ts';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { minimalPdf, slidesPdf, tinyPng } from '#test/file-fixtures.ts';
import { createUser, customerPortalId } from '#test/fixtures.ts';
import { assignmentsRepository } from './assignments.repository.ts';
import { instructionsRepository } from './instructions.repository.ts';

/** Decision 044: a topic's presentation, its questions' images, and the run-through along the slides. */
let t: TestApp;
let admin: ApiClient;
let mainPortal: number;
let counter = 0;
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date('2027-03-10T09:00:00Z') });
  admin = await t.login('admin');
  mainPortal = (
    await queryRows<{ id: number }>(t.database.db, sql`select id from portals where is_main limit 1`)
  )[0]!.id;
});
afterAll(async () => {
  await t.close();
});

type Res = Awaited<ReturnType<ApiClient['get']>>;
const dataOf = <T>(res: Res, status = 200): T => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<{ data: T }>().data;
};
const raw = (client: ApiClient, url: string, body: Buffer, type = 'application/octet-stream') =>
  client.request('POST', url, body, { headers: { 'content-type': type } });

/** A released topic with questions: `slide` puts a question on a slide (null: after the slides). */
async function topic(questions: { text: string; slide: number | null }[], portalId = mainPortal) {
  const created = await instructionsRepository.insertTopic(t.database.db, {
    portalId,
    label: `Folienthema ${++counter}`,
    identifier: `F-${process.pid}-${counter}`,
    intervalDays: 365,
    mode: 1,
    released: true,
  });
  await instructionsRepository.insertQuestions(
    t.database.db,
    questions.map((q, i) => ({
      topicId: created.id,
      number: i + 1,
      text: q.text,
      answers: ['A', 'B', 'C'].map((text, j) => ({ text, right: j === 0 })),
      slideFrom: q.slide,
      slideTo: q.slide,
    })),
  );
  return created;
}
const readTopic = async (id: number, client = admin) => dataOf<Topic>(await client.get(`/api/topics/${id}`));

async function withPresentation(topicId: number, pages: number): Promise<Topic> {
  const before = await readTopic(topicId);
  return dataOf<Topic>(
    await raw(
      admin,
      `/api/topics/${topicId}/presentation?version=${before.version}&fileName=Unterweisung.pdf`,
      await slidesPdf(pages),
    ),
  );
}

async function employeeWith(topicId: number) {
  const user = await createUser(t.database.db, { permissions: [P.TOPICS_OWN] });
  const client = await t.login(user.login, user.password);
  const [row] = await assignmentsRepository.insertMany(t.database.db, [
    {
      portalId: mainPortal,
      employeeId: user.id,
      topicId,
      type: 'instruction',
      status: 'O',
      dueDate: '2027-03-20',
      originalDueDate: '2027-03-20',
    },
  ]);
  return { client, id: row!.id };
}

describe('the presentation file of a topic', () => {
  it('accepts a PDF (pages counted), serves it, replaces and removes it, each under the version', async () => {
    const tp = await topic([{ text: 'Frage', slide: null }]);
    const v1 = (await readTopic(tp.id)).version;
    const pdf = await slidesPdf(3);
    const saved = dataOf<Topic>(
      await raw(admin, `/api/topics/${tp.id}/presentation?version=${v1}&fileName=Brandschutz.pdf`, pdf),
    );
    expect(saved.presentation).toEqual({ fileName: 'Brandschutz.pdf', pages: 3 });
    expect(saved.version).toBe(v1 + 1);

    const file = await admin.get(`/api/topics/${tp.id}/presentation`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(pdf)).toBe(true);

    // A stale version changes nothing.
    const stale = await raw(admin, `/api/topics/${tp.id}/presentation?version=${v1}`, await slidesPdf(2));
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('CONFLICT');

    const replaced = dataOf<Topic>(
      await raw(admin, `/api/topics/${tp.id}/presentation?version=${saved.version}`, await slidesPdf(2)),
    );
    expect(replaced.presentation).toEqual({ fileName: 'Praesentation.pdf', pages: 2 });
    const log = await queryRows<{ changes: Record<string, unknown> }>(
      t.database.db,
      sql`select changes from change_log where entity = 'instruction_topic' and entity_id = ${String(tp.id)} order by id`,
    );
    expect(log.at(-1)?.changes).toMatchObject({
      presentation: { from: 'Brandschutz.pdf', to: 'Praesentation.pdf' },
    });

    const removed = dataOf<Topic>(
      await admin.delete(`/api/topics/${tp.id}/presentation?version=${replaced.version}`),
    );
    expect(removed.presentation).toBeNull();
    expect((await admin.get(`/api/topics/${tp.id}/presentation`)).statusCode).toBe(404);
  });

  it('refuses what is not a PDF, a damaged PDF and an empty body with German messages', async () => {
    const tp = await topic([{ text: 'Frage', slide: null }]);
    const version = (await readTopic(tp.id)).version;
    const url = `/api/topics/${tp.id}/presentation?version=${version}&fileName=folien.pdf`;

    const text = await raw(admin, url, Buffer.from('Das ist keine PDF-Datei, nur Text.'));
    expect(text.statusCode).toBe(400);
    expect(errorOf(text)).toMatchObject({
      code: 'TOPIC_PRESENTATION_NOT_PDF',
      message: 'Die Präsentation muss eine PDF-Datei sein. Bitte wählen Sie eine PDF-Datei aus.',
    });
    const png = await raw(admin, url, tinyPng(), 'image/png');
    expect(errorOf(png).code).toBe('TOPIC_PRESENTATION_NOT_PDF');

    const damaged = await raw(admin, url, Buffer.from('%PDF-1.4\nkaputt und ohne Seiten\n%%EOF\n'));
    expect(damaged.statusCode).toBe(400);
    expect(errorOf(damaged).code).toBe('TOPIC_PRESENTATION_DAMAGED');

    const empty = await raw(admin, url, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).code).toBe('TOPIC_FILE_MISSING');

    // Nothing was stored.
    expect((await readTopic(tp.id)).presentation).toBeNull();
    expect((await readTopic(tp.id)).version).toBe(version);
    // A one-page PDF is fine.
    const one = dataOf<Topic>(await raw(admin, url, minimalPdf()));
    expect(one.presentation?.pages).toBe(1);
  });

  it('needs TOPICS_EDIT to change and TOPICS to read; another portal’s topic is not found', async () => {
    const tp = await topic([{ text: 'Frage', slide: null }]);
    const version = (await readTopic(tp.id)).version;
    const reader = await createUser(t.database.db, { permissions: [P.TOPICS] });
    const readerClient = await t.login(reader.login, reader.password);
    const refused = await raw(
      readerClient,
      `/api/topics/${tp.id}/presentation?version=${version}`,
      minimalPdf(),
    );
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('NO_PERMISSION');

    await withPresentation(tp.id, 2);
    expect((await readerClient.get(`/api/topics/${tp.id}/presentation`)).statusCode).toBe(200);
    const own = await createUser(t.database.db, { permissions: [P.TOPICS_OWN] });
    const ownClient = await t.login(own.login, own.password);
    expect((await ownClient.get(`/api/topics/${tp.id}/presentation`)).statusCode).toBe(403);

    const customer = await customerPortalId(t.database.db);
    const foreign = await topic([{ text: 'Frage', slide: null }], customer);
    const foreignEditor = await createUser(t.database.db, { permissions: [P.TOPICS, P.TOPICS_EDIT] });
    const foreignClient = await t.login(foreignEditor.login, foreignEditor.password);
    const notFound = await raw(
      foreignClient,
      `/api/topics/${foreign.id}/presentation?version=1`,
      minimalPdf(),
    );
    expect(notFound.statusCode).toBe(404);
  });
});

describe('question images', () => {
  it('takes a PNG under the question’s version, serves it, refuses other types and too large files, removes it', async () => {
    const tp = await topic([{ text: 'Welches Zeichen?', slide: null }]);
    const question = (await readTopic(tp.id)).questions[0]!;
    const url = (version: number) => `/api/topics/${tp.id}/questions/${question.id}/image?version=${version}`;

    const fake = await raw(admin, url(question.version), Buffer.from('kein Bild'), 'image/png');
    expect(fake.statusCode).toBe(400);
    expect(errorOf(fake)).toMatchObject({
      code: 'QUESTION_IMAGE_TYPE',
      message: 'Das Bild muss eine PNG-, JPEG- oder WebP-Datei sein. Bitte wählen Sie ein solches Bild aus.',
    });
    const pdf = await raw(admin, url(question.version), minimalPdf());
    expect(errorOf(pdf).code).toBe('QUESTION_IMAGE_TYPE');
    const big = Buffer.concat([tinyPng(), Buffer.alloc(5 * 1024 * 1024)]);
    const tooLarge = await raw(admin, url(question.version), big, 'image/png');
    expect(tooLarge.statusCode).toBe(413);
    expect(errorOf(tooLarge).code).toBe('QUESTION_IMAGE_TOO_LARGE');

    const saved = dataOf<Topic>(await raw(admin, url(question.version), tinyPng(), 'image/png'));
    const withImage = saved.questions[0]!;
    expect(withImage.hasImage).toBe(true);
    expect(withImage.version).toBe(question.version + 1);
    const image = await admin.get(`/api/topics/${tp.id}/questions/${question.id}/image`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(tinyPng())).toBe(true);

    expect((await raw(admin, url(question.version), tinyPng())).statusCode).toBe(409);

    // TOPICS_QUESTIONS is the right for a question's image.
    const editor = await createUser(t.database.db, { permissions: [P.TOPICS, P.TOPICS_EDIT] });
    const editorClient = await t.login(editor.login, editor.password);
    expect((await raw(editorClient, url(withImage.version), tinyPng())).statusCode).toBe(403);

    const removed = dataOf<Topic>(await admin.delete(url(withImage.version)));
    expect(removed.questions[0]!.hasImage).toBe(false);
    expect((await admin.get(`/api/topics/${tp.id}/questions/${question.id}/image`)).statusCode).toBe(404);
  });
});

describe('the run-through along the slides', () => {
  it('asks a question at its slide, does not go past it unanswered, resumes at the slide, asks the rest at the end', async () => {
    const tp = await topic([
      { text: 'Frage nach der Präsentation', slide: null },
      { text: 'Frage zu Folie 2', slide: 2 },
    ]);
    await withPresentation(tp.id, 3);
    const slideQuestion = (await readTopic(tp.id)).questions.find((q) => q.text === 'Frage zu Folie 2')!;
    dataOf<Topic>(
      await raw(
        admin,
        `/api/topics/${tp.id}/questions/${slideQuestion.id}/image?version=${slideQuestion.version}`,
        tinyPng(),
      ),
    );
    const e = await employeeWith(tp.id);
    const base = `/api/instructions/mine/${e.id}/run`;
    const slide = (body: { slide: number; done?: boolean }) => e.client.post(`${base}/slide`, body);

    const started = dataOf<RunState>(await e.client.post(base));
    expect(started.presentation).toEqual({ pages: 3, slide: 1, done: false });
    expect(started.question).toBeNull();
    expect(started.total).toBe(2);

    // The presentation of one's own run; the slide question cannot be answered before its slide.
    const file = await e.client.get(`${base}/presentation`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const early = await e.client.post(`${base}/answer`, { questionId: slideQuestion.id, chosen: [0] });
    expect(errorOf(early).code).toBe('RUN_OUT_OF_STEP');

    // Jumping over slide 2 is refused; slide 2 asks its question (with the image).
    const jump = await slide({ slide: 3 });
    expect(jump.statusCode).toBe(409);
    expect(errorOf(jump)).toMatchObject({
      code: 'RUN_QUESTION_PENDING',
      message:
        'Bitte beantworten Sie zuerst die Frage zu dieser Folie. Danach geht es mit der nächsten Folie weiter.',
    });
    const atTwo = dataOf<RunSlideResult>(await slide({ slide: 2 })).state;
    expect(atTwo.presentation?.slide).toBe(2);
    expect(atTwo.question).toMatchObject({ text: 'Frage zu Folie 2', hasImage: true, slide: 2 });
    const image = await e.client.get(`${base}/questions/${slideQuestion.id}/image`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(errorOf(await slide({ slide: 3 })).code).toBe('RUN_QUESTION_PENDING');
    expect(errorOf(await slide({ slide: 3, done: true })).code).toBe('RUN_QUESTION_PENDING');
    expect(errorOf(await slide({ slide: 4 })).code).toBe('RUN_SLIDE_INVALID');
    // Back is always possible (the question waits for slide 2 again).
    const back = dataOf<RunSlideResult>(await slide({ slide: 1 })).state;
    expect(back.question).toBeNull();
    dataOf<RunSlideResult>(await slide({ slide: 2 }));

    const answered = dataOf<RunAnswerResult>(
      await e.client.post(`${base}/answer`, { questionId: slideQuestion.id, chosen: [0] }),
    );
    expect(answered.right).toBe(true);
    // The question without a slide waits for the end of the slides.
    expect(answered.state.question).toBeNull();
    expect(answered.state.status).toBe('running');
    dataOf<RunSlideResult>(await slide({ slide: 3 }));

    // The browser closes: the run resumes at slide 3.
    const resumed = dataOf<RunState>(await e.client.get(base));
    expect(resumed.presentation).toEqual({ pages: 3, slide: 3, done: false });
    expect(dataOf<RunState>(await e.client.post(base)).presentation?.slide).toBe(3);

    const end = dataOf<RunSlideResult>(await slide({ slide: 3, done: true })).state;
    expect(end.presentation?.done).toBe(true);
    expect(end.question?.text).toBe('Frage nach der Präsentation');
    const last = dataOf<RunAnswerResult>(
      await e.client.post(`${base}/answer`, { questionId: end.question!.id, chosen: [0] }),
    );
    expect(last.state.status).toBe('passed');
  });

  it('passes only after the last slide when every question belongs to an earlier slide', async () => {
    const tp = await topic([{ text: 'Frage zu Folie 1', slide: 1 }]);
    await withPresentation(tp.id, 2);
    const e = await employeeWith(tp.id);
    const base = `/api/instructions/mine/${e.id}/run`;
    const started = dataOf<RunState>(await e.client.post(base));
    expect(started.question?.text).toBe('Frage zu Folie 1');
    const answered = dataOf<RunAnswerResult>(
      await e.client.post(`${base}/answer`, { questionId: started.question!.id, chosen: [0] }),
    );
    expect(answered.state).toMatchObject({ status: 'running', question: null, position: 1 });
    dataOf<RunSlideResult>(await e.client.post(`${base}/slide`, { slide: 2 }));
    const done = dataOf<RunSlideResult>(await e.client.post(`${base}/slide`, { slide: 2, done: true }));
    expect(done.state.status).toBe('passed');
    const status = await queryRows<{ status: string }>(
      t.database.db,
      sql`select status from instruction_assignments where id = ${e.id}`,
    );
    expect(status[0]?.status).toBe('E');
  });

  it('an external person’s wrong answer starts again from slide 1', async () => {
    const tp = await topic([{ text: 'Frage zu Folie 2', slide: 2 }]);
    await withPresentation(tp.id, 2);
    const e = await employeeWith(tp.id);
    await t.database.db.execute(
      sql`update employees set is_external = true where id = (select employee_id from instruction_assignments where id = ${e.id})`,
    );
    const base = `/api/instructions/mine/${e.id}/run`;
    dataOf<RunState>(await e.client.post(base));
    const atTwo = dataOf<RunSlideResult>(await e.client.post(`${base}/slide`, { slide: 2 })).state;
    const wrong = dataOf<RunAnswerResult>(
      await e.client.post(`${base}/answer`, { questionId: atTwo.question!.id, chosen: [1] }),
    );
    expect(wrong.restarted).toBe(true);
    expect(wrong.state).toMatchObject({ attempt: 2, question: null });
    expect(wrong.state.presentation).toEqual({ pages: 2, slide: 1, done: false });
  });

  it('serves only one’s own run’s files; a topic without presentation has no slides', async () => {
    const tp = await topic([{ text: 'Frage', slide: 1 }]);
    const e = await employeeWith(tp.id);
    const other = await employeeWith(tp.id);
    const state = dataOf<RunState>(await e.client.post(`/api/instructions/mine/${e.id}/run`));
    expect(state.presentation).toBeNull();
    expect(state.question?.text).toBe('Frage');
    expect((await e.client.get(`/api/instructions/mine/${e.id}/run/presentation`)).statusCode).toBe(404);
    const slide = await e.client.post(`/api/instructions/mine/${e.id}/run/slide`, { slide: 1 });
    expect(errorOf(slide).code).toBe('RUN_SLIDE_INVALID');
    await withPresentation(tp.id, 2);
    expect((await other.client.get(`/api/instructions/mine/${e.id}/run/presentation`)).statusCode).toBe(404);
    expect(
      (await other.client.get(`/api/instructions/mine/${e.id}/run/questions/${state.question!.id}/image`))
        .statusCode,
    ).toBe(404);
  });
});
