/**
 * Benchmark (issue 17, decision 041): the employee's run-through over real HTTP.
 * - 20 runs of a topic with 10 questions by the demo employee: `POST …/run` (start: the draw, status O → A),
 *   every `POST …/run/answer` (the last one marks the assignment done and creates the next one), and the
 *   certificate PDF `GET /api/instructions/assignments/:id/certificate`; median and p95 of each.
 * Runs on PGlite (BENCH_DB=postgres for the PostgreSQL server on 127.0.0.1:5432, a fresh database).
 *
 *   npm run bench:instruction-run
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import {
  employees,
  instructionAssignments,
  instructionQuestions,
  instructionTopics,
} from '../apps/server/src/db/schema.ts';
import { seedDemoData } from '../apps/server/src/db/seed/bootstrap.ts';
import { KIND, median, openBenchDatabase, p95, round } from './support.ts';

const RUNS = 20;
const QUESTIONS = 10;
const PASSWORD = 'Bench-Admin-2026!';
const { database, dataDir, cleanup } = await openBenchDatabase('run', PASSWORD);
await seedDemoData(database.db, { employees: 200, password: PASSWORD });

const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir });
const app = await buildApp({ config, database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

async function signIn(username: string): Promise<Record<string, string>> {
  const csrfResponse = await fetch(`${base}/api/auth/csrf`);
  const csrf = /XSRF-TOKEN=([^;]+)/.exec(csrfResponse.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const headers = { 'content-type': 'application/json', 'x-xsrf-token': csrf, cookie: `XSRF-TOKEN=${csrf}` };
  const login = await fetch(`${base}/api/auth/login_local`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  const { token } = (await login.json()) as { token?: string };
  if (!token) throw new Error(`sign-in of ${username} failed: ${login.status}`);
  return { ...headers, authorization: `Bearer ${token}` };
}

const [demo] = await database.db
  .select({ id: employees.id, portalId: employees.portalId })
  .from(employees)
  .where(eq(employees.loginName, 'mitarbeiter'));
if (!demo) throw new Error('demo employee mitarbeiter missing');

// RUNS topics with QUESTIONS questions each (answer A right), each assigned to the demo employee, due today.
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
const assignmentIds: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const [topic] = await database.db
    .insert(instructionTopics)
    .values({
      portalId: demo.portalId,
      identifier: `BENCH-RUN-${i + 1}`,
      label: `Benchmark-Durchführung ${i + 1}`,
      released: true,
      intervalDays: 365,
      durationDays: 365,
    })
    .returning({ id: instructionTopics.id });
  await database.db.insert(instructionQuestions).values(
    Array.from({ length: QUESTIONS }, (_, q) => ({
      topicId: topic!.id,
      number: q + 1,
      text: `Frage ${q + 1} zum sicheren Arbeiten an Anlage ${i + 1}`,
      answers: [
        { text: 'Richtig', right: true },
        { text: 'Falsch', right: false },
        { text: 'Auch falsch', right: false },
        { text: 'Ebenfalls falsch', right: false },
      ],
    })),
  );
  const [assignment] = await database.db
    .insert(instructionAssignments)
    .values({
      portalId: demo.portalId,
      employeeId: demo.id,
      topicId: topic!.id,
      dueDate: today,
      originalDueDate: today,
    })
    .returning({ id: instructionAssignments.id });
  assignmentIds.push(assignment!.id);
}
await database.db.execute('analyze');

const employee = await signIn('mitarbeiter');
async function timed<T>(
  url: string,
  method: 'GET' | 'POST',
  body?: unknown,
): Promise<{ ms: number; data: T }> {
  const start = performance.now();
  const response = await fetch(`${base}${url}`, {
    method,
    headers: employee,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const buffer = await response.arrayBuffer();
  const ms = performance.now() - start;
  if (response.status !== 200)
    throw new Error(`${url}: ${response.status} ${Buffer.from(buffer).toString()}`);
  const isJson = response.headers.get('content-type')?.includes('json');
  return { ms, data: (isJson ? JSON.parse(Buffer.from(buffer).toString()).data : buffer) as T };
}

type State = { status: string; question: { id: number } | null };
const startMs: number[] = [];
const answerMs: number[] = [];
const lastAnswerMs: number[] = [];
const certificateMs: number[] = [];
let certificateBytes = 0;
for (const id of assignmentIds) {
  const started = await timed<State>(`/api/instructions/mine/${id}/run`, 'POST', {});
  startMs.push(started.ms);
  let state = started.data;
  while (state.status === 'running' && state.question) {
    const answered = await timed<{ state: State }>(`/api/instructions/mine/${id}/run/answer`, 'POST', {
      questionId: state.question.id,
      chosen: [0],
    });
    state = answered.data.state;
    (state.status === 'passed' ? lastAnswerMs : answerMs).push(answered.ms);
  }
  if (state.status !== 'passed') throw new Error(`run ${id} did not pass`);
  const certificate = await timed<ArrayBuffer>(`/api/instructions/assignments/${id}/certificate`, 'GET');
  certificateMs.push(certificate.ms);
  certificateBytes = certificate.data.byteLength;
}

const figure = (xs: number[]) => ({ count: xs.length, medianMs: round(median(xs)), p95Ms: round(p95(xs)) });
const results = {
  database: KIND,
  start: figure(startMs),
  answer: figure(answerMs),
  lastAnswer: figure(lastAnswerMs),
  certificate: { ...figure(certificateMs), bytes: certificateBytes },
};
console.info(`\n| ${KIND} | median | p95 |\n|---|---:|---:|`);
console.info(`| start (draw, O → A), ${RUNS} | ${results.start.medianMs} ms | ${results.start.p95Ms} ms |`);
console.info(`| answer, ${answerMs.length} | ${results.answer.medianMs} ms | ${results.answer.p95Ms} ms |`);
console.info(
  `| last answer (E + next assignment), ${RUNS} | ${results.lastAnswer.medianMs} ms | ${results.lastAnswer.p95Ms} ms |`,
);
console.info(
  `| certificate PDF (${certificateBytes} bytes), ${RUNS} | ${results.certificate.medianMs} ms | ${results.certificate.p95Ms} ms |`,
);
const out = path.join(import.meta.dirname, 'results', `instruction-run-${KIND}.json`);
fs.writeFileSync(
  out,
  `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: os.cpus().length, ...results }, null, 2)}\n`,
);
console.info(`\nwritten to ${path.relative(process.cwd(), out)}`);
await app.close();
await database.close();
await cleanup();
