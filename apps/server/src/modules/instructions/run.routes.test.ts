import type { MyAssignmentRow } from '@schutzwerk/shared/instructions/assignments.schema.ts';
import type {
  FeedbackResult,
  RunAnswerResult,
  RunState,
} from '@schutzwerk/shared/instructions/run.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/query.ts';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { createUser, customerPortalId } from '#test/fixtures.ts';
import { assignmentsRepository } from './assignments.repository.ts';
import { instructionsRepository } from './instructions.repository.ts';

/** The clock of the run-through: each test sets it (Europe/Berlin is UTC+1 in March 2027). */
let clock = new Date('2027-03-10T09:00:00Z');
let t: TestApp;
let counter = 0;
let mainPortal: number;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  mainPortal = (
    await queryRows<{ id: number }>(t.database.db, sql`select id from portals where is_main limit 1`)
  )[0]!.id;
});
afterAll(async () => {
  await t.close();
});

type Q = { text: string; right: number[]; mandatory?: boolean; rightMessage?: string; wrongMessage?: string };
const threeQuestions: Q[] = [
  { text: 'Frage eins', right: [0], rightMessage: 'Genau, eins.', wrongMessage: 'Nein, eins ist A.' },
  { text: 'Frage zwei', right: [1, 2] },
  { text: 'Frage drei', right: [2] },
];

async function topic(options: {
  questions?: Q[];
  released?: boolean;
  mode?: 1 | 3;
  minScore?: number | null;
  poolCount?: number | null;
  intervalDays?: number;
  durationDays?: number | null;
  portalId?: number;
}) {
  const created = await instructionsRepository.insertTopic(t.database.db, {
    portalId: options.portalId ?? mainPortal,
    label: `Laufthema ${++counter}`,
    identifier: `L-${process.pid}-${counter}`,
    intervalDays: options.intervalDays ?? 365,
    mode: options.mode ?? 1,
    minScore: options.minScore ?? null,
    poolCount: options.poolCount ?? null,
    durationDays: options.durationDays === undefined ? 365 : options.durationDays,
    released: options.released ?? true,
  });
  const questions = options.questions ?? threeQuestions;
  await instructionsRepository.insertQuestions(
    t.database.db,
    questions.map((q, i) => ({
      topicId: created.id,
      number: i + 1,
      text: q.text,
      answers: ['A', 'B', 'C', 'D'].map((text, j) => ({
        text: `${q.text} ${text}`,
        right: q.right.includes(j),
      })),
      mandatory: q.mandatory ?? false,
      rightMessage: q.rightMessage ?? '',
      wrongMessage: q.wrongMessage ?? '',
    })),
  );
  return created;
}

async function employee(options: { external?: boolean; portalId?: number } = {}) {
  const user = await createUser(t.database.db, {
    permissions: [P.TOPICS_OWN],
    ...(options.portalId ? { portalId: options.portalId } : {}),
  });
  if (options.external)
    await t.database.db.execute(sql`update employees set is_external = true where id = ${user.id}`);
  return { ...user, client: await t.login(user.login, user.password) };
}

async function assign(
  topicId: number,
  employeeId: number,
  dueDate = '2027-03-20',
  portalId = mainPortal,
): Promise<number> {
  const [row] = await assignmentsRepository.insertMany(t.database.db, [
    { portalId, employeeId, topicId, type: 'instruction', status: 'O', dueDate, originalDueDate: dueDate },
  ]);
  return row!.id;
}

const stateOf = (res: Awaited<ReturnType<ApiClient['get']>>): RunState => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: RunState }>().data;
};
const resultOf = (res: Awaited<ReturnType<ApiClient['get']>>): RunAnswerResult => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: RunAnswerResult }>().data;
};
/** The right positions of a question by its text (the test knows them; the API never says). */
const rightFor = (state: RunState, questions = threeQuestions) =>
  questions.find((q) => q.text === state.question?.text)!.right;
const wrongFor = (state: RunState, questions = threeQuestions) => {
  const right = rightFor(state, questions);
  return [[0, 1, 2, 3].find((i) => !right.includes(i))!];
};
async function answer(client: ApiClient, assignmentId: number, state: RunState, chosen: number[]) {
  return client.post(`/api/instructions/mine/${assignmentId}/run/answer`, {
    questionId: state.question!.id,
    chosen,
  });
}
async function status(assignmentId: number) {
  return (
    await queryRows<{ status: string; valid_until: string | null }>(
      t.database.db,
      sql`select status, valid_until::text from instruction_assignments where id = ${assignmentId}`,
    )
  )[0]!;
}

describe('starting a run', () => {
  it('starts only within the executable window (30 days before due by default), then O → A', async () => {
    const tp = await topic({});
    const e = await employee();
    const id = await assign(tp.id, e.id, '2027-05-01');
    clock = new Date('2027-03-10T09:00:00Z');
    const early = await e.client.post(`/api/instructions/mine/${id}/run`);
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).code).toBe('RUN_NOT_YET_EXECUTABLE');
    expect(errorOf(early).message).toBe('Die Unterweisung kann erst ab dem 01.04.27 durchgeführt werden.');
    expect((await status(id)).status).toBe('O');

    clock = new Date('2027-03-31T22:30:00Z'); // 01.04.27 00:30 in Berlin (summer time)
    const started = stateOf(await e.client.post(`/api/instructions/mine/${id}/run`));
    expect(started).toMatchObject({ status: 'running', position: 0, total: 3, attempt: 1, score: 0 });
    expect(started.question?.answers).toHaveLength(4);
    expect(JSON.stringify(started)).not.toContain('"right"');
    expect((await status(id)).status).toBe('A');
  });

  it('refuses a locked topic, another employee’s item (404) and the run before it was started', async () => {
    const locked = await topic({ released: false });
    const e = await employee();
    const id = await assign(locked.id, e.id);
    clock = new Date('2027-03-10T09:00:00Z');
    const res = await e.client.post(`/api/instructions/mine/${id}/run`);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).code).toBe('RUN_CANNOT_START');
    expect(
      (await e.client.get(`/api/instructions/mine/${id}/run`)).json<{ error: { code: string } }>().error.code,
    ).toBe('RUN_NOT_STARTED');
    const other = await employee();
    expect((await other.client.post(`/api/instructions/mine/${id}/run`)).statusCode).toBe(404);
    const noRight = await createUser(t.database.db, { permissions: [P.TOPICS] });
    const client = await t.login(noRight.login, noRight.password);
    expect((await client.post(`/api/instructions/mine/${id}/run`)).statusCode).toBe(403);
  });

  it('draws the pool with every mandatory question, in the topic’s order', async () => {
    const questions: Q[] = [
      { text: 'P1', right: [0] },
      { text: 'P2', right: [0], mandatory: true },
      { text: 'P3', right: [0] },
      { text: 'P4', right: [0], mandatory: true },
      { text: 'P5', right: [0] },
    ];
    const tp = await topic({ questions, poolCount: 3 });
    const ids = await queryRows<{ id: number; number: number }>(
      t.database.db,
      sql`select id, number from instruction_questions where topic_id = ${tp.id} order by number`,
    );
    const mandatory = ids.filter((q) => q.number === 2 || q.number === 4).map((q) => q.id);
    clock = new Date('2027-03-10T09:00:00Z');
    for (let i = 0; i < 5; i++) {
      const e = await employee();
      const id = await assign(tp.id, e.id);
      expect(stateOf(await e.client.post(`/api/instructions/mine/${id}/run`)).total).toBe(3);
      const [run] = await queryRows<{ question_ids: number[] }>(
        t.database.db,
        sql`select question_ids from instruction_runs where assignment_id = ${id}`,
      );
      expect(run!.question_ids).toHaveLength(3);
      for (const m of mandatory) expect(run!.question_ids).toContain(m);
      expect([...run!.question_ids].sort((a, b) => a - b)).toEqual(run!.question_ids);
    }
  });
});

describe('answering', () => {
  it('says right or wrong with the question’s messages; the second wrong answer of a Berlin day blocks until the next day', async () => {
    const tp = await topic({});
    const e = await employee();
    const id = await assign(tp.id, e.id);
    clock = new Date('2027-03-10T22:40:00Z'); // 23:40 in Berlin
    let state = stateOf(await e.client.post(`/api/instructions/mine/${id}/run`));
    expect(state.question?.text).toBe('Frage eins');
    const wrong = resultOf(await answer(e.client, id, state, [1]));
    expect(wrong).toMatchObject({ right: false, message: 'Nein, eins ist A.', restarted: false });
    expect(wrong.state).toMatchObject({ status: 'running', position: 0 });
    state = wrong.state;
    const right = resultOf(await answer(e.client, id, state, [0]));
    expect(right).toMatchObject({ right: true, message: 'Genau, eins.' });
    state = right.state;
    expect(state.question?.text).toBe('Frage zwei');
    // Partly right is wrong: both right answers are needed.
    clock = new Date('2027-03-10T22:59:00Z'); // 23:59 in Berlin
    const second = resultOf(await answer(e.client, id, state, [1]));
    expect(second.right).toBe(false);
    expect(second.message).toBe(
      'Leider falsch. Bitte lesen Sie die Frage noch einmal und antworten Sie erneut.',
    );
    expect(second.state).toMatchObject({ status: 'blocked', blockedUntil: '2027-03-11', question: null });
    const blocked = await answer(e.client, id, state, [1, 2]);
    expect(blocked.statusCode).toBe(409);
    expect(errorOf(blocked)).toMatchObject({
      code: 'RUN_BLOCKED',
      message:
        'Sie haben heute bereits zweimal falsch geantwortet. Sie können die Unterweisung ab dem 11.03.27 fortsetzen.',
    });
    expect(stateOf(await e.client.get(`/api/instructions/mine/${id}/run`)).status).toBe('blocked');

    clock = new Date('2027-03-10T23:01:00Z'); // 00:01 on the next day in Berlin
    state = stateOf(await e.client.get(`/api/instructions/mine/${id}/run`));
    expect(state).toMatchObject({ status: 'running', position: 1 });
    // One wrong answer on the new day does not block; the second does.
    expect(resultOf(await answer(e.client, id, state, [0])).state.status).toBe('running');
    expect(resultOf(await answer(e.client, id, state, [0])).state.status).toBe('blocked');
  });

  it('refuses an answer to a question that is not the current one, and unknown answer positions', async () => {
    const tp = await topic({ questions: [{ text: 'Nur drei', right: [0] }, ...threeQuestions] });
    await t.database.db.execute(
      sql`update instruction_questions set answers = answers - 3 where topic_id = ${tp.id} and number = 1`,
    );
    const e = await employee();
    const id = await assign(tp.id, e.id);
    clock = new Date('2027-03-12T09:00:00Z');
    const state = stateOf(await e.client.post(`/api/instructions/mine/${id}/run`));
    const stale = await e.client.post(`/api/instructions/mine/${id}/run/answer`, {
      questionId: state.question!.id + 1,
      chosen: [0],
    });
    expect(errorOf(stale).code).toBe('RUN_OUT_OF_STEP');
    const invalid = await answer(e.client, id, state, [3]);
    expect(invalid.statusCode).toBe(400);
    expect(errorOf(invalid).code).toBe('RUN_ANSWER_INVALID');
    const none = await answer(e.client, id, state, []);
    expect(none.statusCode).toBe(400);
  });

  it('lets external persons start again with new questions after a wrong answer', async () => {
    const tp = await topic({});
    const e = await employee({ external: true });
    const id = await assign(tp.id, e.id);
    clock = new Date('2027-03-13T09:00:00Z');
    let state = stateOf(await e.client.post(`/api/instructions/mine/${id}/run`));
    state = resultOf(await answer(e.client, id, state, rightFor(state))).state;
    expect(state.position).toBe(1);
    const wrong = resultOf(await answer(e.client, id, state, wrongFor(state)));
    expect(wrong.restarted).toBe(true);
    expect(wrong.message).toContain('Die Unterweisung beginnt von vorn mit neuen Fragen.');
    expect(wrong.state).toMatchObject({ status: 'running', position: 0, attempt: 2, score: 0 });
  });

  it('passes in points mode at the minimum score, and starts again below it', async () => {
    const tp = await topic({ mode: 3, minScore: 2 });
    const e = await employee();
    const id = await assign(tp.id, e.id);
    clock = new Date('2027-03-14T09:00:00Z');
    let state = stateOf(await e.client.post(`/api/instructions/mine/${id}/run`));
    // Attempt 1: one right, two wrong → 1 point < 2: a new attempt.
    state = resultOf(await answer(e.client, id, state, rightFor(state))).state;
    const w1 = resultOf(await answer(e.client, id, state, wrongFor(state)));
    expect(w1.state.position).toBe(2);
    const failed = resultOf(await answer(e.client, id, w1.state, wrongFor(w1.state)));
    expect(failed.restarted).toBe(true);
    expect(failed.message).toContain('Sie haben 1 von mindestens 2 Punkten erreicht.');
    expect(failed.state).toMatchObject({ attempt: 2, position: 0, score: 0, status: 'running' });
    // Attempt 2: wrong, right, right → 2 points: passed.
    state = resultOf(await answer(e.client, id, failed.state, wrongFor(failed.state))).state;
    state = resultOf(await answer(e.client, id, state, rightFor(state))).state;
    const passed = resultOf(await answer(e.client, id, state, rightFor(state)));
    expect(passed.state).toMatchObject({ status: 'passed', score: 2, validUntil: '2028-03-13' });
    expect((await status(id)).status).toBe('E');
  });

  it('on success: E with valid until from the duration, and the next open assignment after the interval', async () => {
    const tp = await topic({ intervalDays: 180, durationDays: 365 });
    const e = await employee();
    const id = await assign(tp.id, e.id);
    clock = new Date('2027-03-15T09:00:00Z');
    let state = stateOf(await e.client.post(`/api/instructions/mine/${id}/run`));
    while (state.status === 'running')
      state = resultOf(await answer(e.client, id, state, rightFor(state))).state;
    expect(state).toMatchObject({ status: 'passed', score: 3, total: 3, validUntil: '2028-03-14' });
    expect(await status(id)).toEqual({ status: 'E', valid_until: '2028-03-14' });
    const next = await queryRows<{ status: string; due_date: string; original_due_date: string }>(
      t.database.db,
      sql`select status, due_date::text, original_due_date::text from instruction_assignments
          where employee_id = ${e.id} and topic_id = ${tp.id} and id <> ${id}`,
    );
    expect(next).toEqual([{ status: 'O', due_date: '2027-09-11', original_due_date: '2027-09-11' }]);
    const mine = async (query = '') =>
      (await e.client.get(`/api/instructions/mine${query}`)).json<{
        data: { rows: MyAssignmentRow[] };
      }>().data.rows;
    // Today the done one (with its certificate) shows; the next one is due in 180 days, beyond the default
    // display window of 60 days before due.
    const now = await mine('?includeDone=true');
    expect(now.map((r) => r.status)).toEqual(['E']);
    expect(now[0]).toMatchObject({ id, certificate: true });
    // 41 days before it falls due the next one shows, with the day from which it can be started (due − 30).
    clock = new Date('2027-08-01T09:00:00Z');
    const later = await mine();
    expect(later).toHaveLength(1);
    expect(later[0]).toMatchObject({
      status: 'O',
      dueDate: '2027-09-11',
      executableFrom: '2027-08-12',
      certificate: false,
    });
    clock = new Date('2027-03-15T09:00:00Z');
    // Done: starting again shows the passed run, answering is refused.
    expect(stateOf(await e.client.post(`/api/instructions/mine/${id}/run`)).status).toBe('passed');
  });

  it('a one-time topic (interval 0) brings no next assignment and is valid for its duration', async () => {
    const tp = await topic({ intervalDays: 0, durationDays: null });
    const e = await employee();
    const id = await assign(tp.id, e.id);
    clock = new Date('2027-03-15T09:00:00Z');
    let state = stateOf(await e.client.post(`/api/instructions/mine/${id}/run`));
    while (state.status === 'running')
      state = resultOf(await answer(e.client, id, state, rightFor(state))).state;
    expect(await status(id)).toEqual({ status: 'E', valid_until: null });
    const [n] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from instruction_assignments where employee_id = ${e.id}`,
    );
    expect(n!.n).toBe(1);
  });

  it('resumes at the stored position with the same questions (the browser closed halfway)', async () => {
    const tp = await topic({});
    const e = await employee();
    const id = await assign(tp.id, e.id);
    clock = new Date('2027-03-16T09:00:00Z');
    const first = stateOf(await e.client.post(`/api/instructions/mine/${id}/run`));
    const after = resultOf(await answer(e.client, id, first, rightFor(first))).state;
    const relogged = await t.login(e.login, e.password);
    const resumed = stateOf(await relogged.get(`/api/instructions/mine/${id}/run`));
    expect(resumed).toEqual(after);
    // Starting again does not draw anew.
    expect(stateOf(await relogged.post(`/api/instructions/mine/${id}/run`))).toEqual(after);
  });
});

describe('feedback', () => {
  const outbox = async (employeeId: number) =>
    queryRows<{ to_address: string; subject: string; text_body: string }>(
      t.database.db,
      sql`select to_address, subject, text_body from mail_outbox
          where purpose = 'instructionFeedback' and related_employee_id = ${employeeId}`,
    );

  it('needs a message (0x000), answers 0x502 without a supervisor and 0x800 with one, 0x803 without a template', async () => {
    const tp = await topic({});
    const e = await employee();
    const id = await assign(tp.id, e.id);
    const empty = await e.client.post(`/api/instructions/mine/${id}/feedback`, { message: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty)).toMatchObject({
      code: 'FEEDBACK_MESSAGE_REQUIRED',
      message: 'Bitte geben Sie eine Nachricht ein (0x000).',
    });

    const alone = await e.client.post(`/api/instructions/mine/${id}/feedback`, {
      message: 'Folie 3 ist unleserlich.',
    });
    expect(alone.statusCode, alone.body).toBe(200);
    expect(alone.json<{ data: FeedbackResult }>().data).toMatchObject({ code: '0x502', mailed: 0 });
    expect(alone.json<{ data: FeedbackResult }>().data.message).toContain('keine vorgesetzte Person');

    const boss = await createUser(t.database.db, {});
    await t.database.db.execute(sql`update employees set email = 'chefin@example.de' where id = ${boss.id}`);
    await t.database.db.execute(
      sql`insert into employee_supervisors (supervisor_id, employee_id) values (${boss.id}, ${e.id})`,
    );
    const sent = await e.client.post(`/api/instructions/mine/${id}/feedback`, {
      message: 'Frage 2 ist missverständlich.',
    });
    expect(sent.json<{ data: FeedbackResult }>().data).toMatchObject({ code: '0x800', mailed: 1 });
    const mails = await outbox(boss.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to_address).toBe('chefin@example.de');
    expect(mails[0]!.subject).toContain(tp.identifier);
    expect(mails[0]!.text_body).toContain('Frage 2 ist missverständlich.');
    const saved = await queryRows<{ mail_code: string; message: string }>(
      t.database.db,
      sql`select mail_code, message from instruction_feedback where assignment_id = ${id} order by id`,
    );
    expect(saved.map((r) => r.mail_code)).toEqual(['0x502', '0x800']);

    await t.database.db.execute(sql`delete from mail_templates where purpose = 'instructionFeedback'`);
    const noTemplate = await e.client.post(`/api/instructions/mine/${id}/feedback`, {
      message: 'Noch etwas.',
    });
    expect(noTemplate.json<{ data: FeedbackResult }>().data).toMatchObject({ code: '0x803', mailed: 0 });
    expect(await outbox(boss.id)).toHaveLength(1);
    const other = await employee();
    expect(
      (await other.client.post(`/api/instructions/mine/${id}/feedback`, { message: 'x' })).statusCode,
    ).toBe(404);
  });
});

describe('certificate', () => {
  async function pdfText(payload: Buffer): Promise<string> {
    const parser = new PDFParse({ data: new Uint8Array(payload) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    return text.replace(/\s+/g, ' ');
  }

  it('the employee downloads it for a passed run: name, topic, date, result, valid until; others need the right', async () => {
    const tp = await topic({ durationDays: 730 });
    const e = await employee();
    const id = await assign(tp.id, e.id);
    clock = new Date('2027-03-17T09:00:00Z');
    const early = await e.client.get(`/api/instructions/assignments/${id}/certificate`);
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).code).toBe('CERTIFICATE_NOT_AVAILABLE');
    let state = stateOf(await e.client.post(`/api/instructions/mine/${id}/run`));
    while (state.status === 'running')
      state = resultOf(await answer(e.client, id, state, rightFor(state))).state;

    const res = await e.client.get(`/api/instructions/assignments/${id}/certificate`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(decodeURIComponent(String(res.headers['content-filename']))).toBe(
      `Teilnahmebescheinigung_${tp.identifier}_17-03-27.pdf`,
    );
    const text = await pdfText(res.rawPayload);
    const [person] = await queryRows<{ last_name: string; personnel_number: string }>(
      t.database.db,
      sql`select last_name, personnel_number from employees where id = ${e.id}`,
    );
    expect(text).toContain('Teilnahmebescheinigung');
    expect(text).toContain(`Tess ${person!.last_name}`);
    expect(text).toContain(`${tp.identifier} ${tp.label}`);
    expect(text).toContain('Datum: 17.03.27');
    expect(text).toContain('Ergebnis: bestanden – alle 3 Fragen richtig beantwortet');
    expect(text).toContain('Gültig bis: 16.03.29'); // 730 days, 2028 is a leap year
    expect(text).toContain('Seite 1 von 1');

    const colleague = await employee();
    expect((await colleague.client.get(`/api/instructions/assignments/${id}/certificate`)).statusCode).toBe(
      403,
    );
    const printer = await createUser(t.database.db, { permissions: [P.TOPICS_CERTIFICATES] });
    const printerClient = await t.login(printer.login, printer.password);
    expect((await printerClient.get(`/api/instructions/assignments/${id}/certificate`)).statusCode).toBe(200);
    const elsewhere = await createUser(t.database.db, {
      permissions: [P.TOPICS_CERTIFICATES],
      portalId: await customerPortalId(t.database.db),
    });
    const elsewhereClient = await t.login(elsewhere.login, elsewhere.password);
    expect((await elsewhereClient.get(`/api/instructions/assignments/${id}/certificate`)).statusCode).toBe(
      404,
    );
  });
});
