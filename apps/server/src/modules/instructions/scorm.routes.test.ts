import type {
  ScormAttempt,
  ScormLaunch,
  ScormPackage,
} from '@schutzwerk/shared/instructions/scorm.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/query.ts';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { createUser } from '#test/fixtures.ts';
import { coursePage, manifestOf, scormPackage, zipOf } from '#test/scorm-packages.ts';
import { assignmentsRepository } from './assignments.repository.ts';
import { instructionsRepository } from './instructions.repository.ts';

/** Decision 068: SCORM packages as topic content — upload checks, launch, commits, resume, completion. */
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
const upload = (topicId: number, body: Buffer, version = 0, fileName = 'kurs.zip', client = admin) =>
  client.request('POST', `/api/topics/${topicId}/scorm?version=${version}&fileName=${fileName}`, body, {
    headers: { 'content-type': 'application/zip' },
  });

async function topic(options: { intervalDays?: number; durationDays?: number | null } = {}) {
  return instructionsRepository.insertTopic(t.database.db, {
    portalId: mainPortal,
    label: `SCORM-Thema ${++counter}`,
    identifier: `S-${process.pid}-${counter}`,
    intervalDays: options.intervalDays ?? 365,
    durationDays: options.durationDays ?? null,
    mode: 1,
    released: false,
  });
}

async function release(topicId: number) {
  const current = dataOf<{ version: number }>(await admin.get(`/api/topics/${topicId}`));
  return admin.post(`/api/topics/${topicId}/release`, { version: current.version });
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
  return { client, id: row!.id, user };
}

/** A released topic with the package and an employee it is assigned to. */
async function packaged(version: '1.2' | '2004', options: Parameters<typeof topic>[0] = {}) {
  const tp = await topic(options);
  const pkg = dataOf<ScormPackage>(await upload(tp.id, scormPackage(version)));
  expect((await release(tp.id)).statusCode).toBe(200);
  return { topic: tp, pkg, ...(await employeeWith(tp.id)) };
}

const contentPath = (launchUrl: string) => launchUrl.replace(/\/[^/]*$/, '');

describe('uploading a package', () => {
  it('parses the manifest of SCORM 1.2 and 2004, stores by hash, releases the topic without questions', async () => {
    const tp = await topic();
    const first = dataOf<ScormPackage>(await upload(tp.id, scormPackage('1.2'), 0, 'Brandschutz.zip'));
    expect(first).toMatchObject({
      fileName: 'Brandschutz.zip',
      scormVersion: '1.2',
      title: 'Testkurs SCORM 1.2',
      launch: 'index.html',
      version: 1,
    });
    expect(dataOf<ScormPackage>(await admin.get(`/api/topics/${tp.id}/scorm`))).toEqual(first);
    // Stale version: refused; the right one replaces it with a 2004 package.
    expect(errorOf(await upload(tp.id, scormPackage('2004'), 0)).code).toBe('CONFLICT');
    const second = dataOf<ScormPackage>(await upload(tp.id, scormPackage('2004'), 1));
    expect(second).toMatchObject({ scormVersion: '2004', version: 2 });
    const stored = await queryRows<{ hash: string }>(
      t.database.db,
      sql`select package_hash as hash from instruction_scorm_packages where topic_id = ${tp.id}`,
    );
    expect(stored[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect((await release(tp.id)).statusCode).toBe(200);
    // The package is the whole content: no questions on such a topic.
    const question = await admin.post(`/api/topics/${tp.id}/questions`, {
      text: 'Frage?',
      answers: [
        { text: 'A', right: true },
        { text: 'B', right: false },
        { text: 'C', right: false },
      ],
      mandatory: false,
    });
    expect(errorOf(question).code).toBe('SCORM_TOPIC_IS_PACKAGE');
    // Removal under the version.
    expect(errorOf(await admin.delete(`/api/topics/${tp.id}/scorm?version=1`)).code).toBe('CONFLICT');
    expect((await admin.delete(`/api/topics/${tp.id}/scorm?version=2`)).statusCode).toBe(200);
    expect(dataOf<ScormPackage | null>(await admin.get(`/api/topics/${tp.id}/scorm`))).toBeNull();
  });

  it('refuses what is not a safe SCORM package, with its code', async () => {
    const tp = await topic();
    const code = async (body: Buffer) => errorOf(await upload(tp.id, body)).code;
    expect(await code(Buffer.from('kein zip'))).toBe('SCORM_PACKAGE_NOT_ZIP');
    expect(await code(Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(40)]))).toBe(
      'SCORM_PACKAGE_DAMAGED',
    );
    expect(await code(zipOf([{ name: 'index.html', data: coursePage('x') }]))).toBe('SCORM_MANIFEST_MISSING');
    expect(await code(zipOf([{ name: 'kurs/imsmanifest.xml', data: manifestOf('1.2', 'x') }]))).toBe(
      'SCORM_MANIFEST_MISSING',
    );
    expect(await code(zipOf([{ name: 'imsmanifest.xml', data: '<kein manifest' }]))).toBe(
      'SCORM_MANIFEST_INVALID',
    );
    expect(
      await code(
        zipOf([{ name: 'imsmanifest.xml', data: manifestOf('1.2', 'x').replace('>1.2<', '>1.1<') }]),
      ),
    ).toBe('SCORM_VERSION_UNSUPPORTED');
    expect(await code(zipOf([{ name: 'imsmanifest.xml', data: manifestOf('2004', 'x') }]))).toBe(
      'SCORM_LAUNCH_MISSING',
    );
    const valid = [
      { name: 'imsmanifest.xml', data: manifestOf('1.2', 'x') },
      { name: 'index.html', data: coursePage('x') },
    ];
    expect(await code(zipOf([...valid, { name: '../ausserhalb.html', data: 'x' }]))).toBe(
      'SCORM_PACKAGE_UNSAFE',
    );
    expect(await code(zipOf([...valid, { name: '/etc/passwd', data: 'x' }]))).toBe('SCORM_PACKAGE_UNSAFE');
    expect(await code(zipOf([...valid, { name: 'a/../../b.html', data: 'x' }]))).toBe('SCORM_PACKAGE_UNSAFE');
    expect(await code(zipOf([...valid, { name: 'link', data: '/etc/passwd', symlink: true }]))).toBe(
      'SCORM_PACKAGE_UNSAFE',
    );
    // A zip bomb: 20 MB of zeros that pack to a few kB (ratio far above 100).
    expect(await code(zipOf([...valid, { name: 'null.bin', data: Buffer.alloc(20 * 1024 * 1024) }]))).toBe(
      'SCORM_PACKAGE_UNSAFE',
    );
    expect(
      errorOf(
        await admin.request('POST', `/api/topics/${tp.id}/scorm?version=0`, scormPackage('1.2'), {
          headers: { 'content-type': 'application/zip', 'content-length': String(300 * 1024 * 1024) },
        }),
      ).code,
    ).toMatch(/SCORM_PACKAGE_TOO_LARGE|PAYLOAD_TOO_LARGE/);
    // Nothing was kept.
    expect(dataOf<ScormPackage | null>(await admin.get(`/api/topics/${tp.id}/scorm`))).toBeNull();
  });

  it('needs the rights and the portal: reading TOPICS, writing TOPICS_EDIT; a topic with questions takes none', async () => {
    const tp = await topic();
    const reader = await createUser(t.database.db, { permissions: [P.TOPICS] });
    const readerClient = await t.login(reader.login, reader.password);
    expect((await readerClient.get(`/api/topics/${tp.id}/scorm`)).statusCode).toBe(200);
    expect((await upload(tp.id, scormPackage('1.2'), 0, 'x.zip', readerClient)).statusCode).toBe(403);
    await instructionsRepository.insertQuestions(t.database.db, [
      {
        topicId: tp.id,
        number: 1,
        text: 'Frage',
        answers: ['A', 'B', 'C'].map((text, j) => ({ text, right: j === 0 })),
      },
    ]);
    expect(errorOf(await upload(tp.id, scormPackage('1.2'))).code).toBe('SCORM_TOPIC_HAS_QUESTIONS');
  });
});

describe('launching, committing, resuming and completing', () => {
  it('SCORM 1.2: serves the launch page with the runtime in a sandbox, resumes halfway, completes the item', async () => {
    const { client, id, topic: tp } = await packaged('1.2', { intervalDays: 365 });
    // The question run-through is not for a SCORM topic.
    expect(errorOf(await client.post(`/api/instructions/mine/${id}/run`)).code).toBe('RUN_WRONG_TYPE');
    const launch = dataOf<ScormLaunch>(await client.post(`/api/instructions/mine/${id}/scorm/launch`));
    expect(launch.launchUrl).toMatch(/^\/api\/scorm-content\/[A-Za-z0-9_-]{43}\/index\.html$/);
    expect(launch.attempt).toMatchObject({ status: 'A', scormVersion: '1.2', sessions: 1, resumable: false });

    // The content needs no session (the sandboxed frame has none) but the token.
    const page = await t.app.inject({ method: 'GET', url: launch.launchUrl });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(String(page.headers['content-security-policy'])).toMatch(/^sandbox allow-scripts/);
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.body).toContain('__schutzwerk/boot.js"></script>');
    expect(page.body.indexOf('__schutzwerk/frame.js')).toBeLessThan(page.body.indexOf('course.js'));
    const base = contentPath(launch.launchUrl);
    const script = await t.app.inject({ method: 'GET', url: `${base}/course.js` });
    expect(script.headers['content-type']).toContain('text/javascript');
    // Escaped names are decoded once (by the router).
    expect((await t.app.inject({ method: 'GET', url: `${base}/course%2Ejs` })).statusCode).toBe(200);
    const runtime = await t.app.inject({ method: 'GET', url: `${base}/__schutzwerk/scorm-again.js` });
    expect(runtime.body).toContain('Scorm12API');
    const boot1 = await t.app.inject({ method: 'GET', url: `${base}/__schutzwerk/boot.js` });
    expect(boot1.body).toContain('"version":"1.2"');
    expect(boot1.body).toContain('"entry":""');
    // Outside the package or without a valid token: not found.
    expect((await t.app.inject({ method: 'GET', url: `${base}/..%2f..%2fimsmanifest.xml` })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: `${base}/fehlt.html` })).statusCode).toBe(404);
    const badToken = await t.app.inject({
      method: 'GET',
      url: `/api/scorm-content/${'x'.repeat(43)}/index.html`,
    });
    expect(errorOf(badToken).code).toBe('SCORM_LAUNCH_EXPIRED');

    // Halfway: step 2 saved as suspend data, the session ends.
    const half = dataOf<ScormAttempt>(
      await client.post(`/api/instructions/mine/${id}/scorm/commit`, {
        cmi: {
          suspend_data: 'step=2',
          core: {
            lesson_status: 'incomplete',
            lesson_location: 'seite-2',
            exit: 'suspend',
            session_time: '00:01:05',
          },
        },
        finished: true,
      }),
    );
    expect(half).toMatchObject({
      status: 'A',
      completionStatus: 'incomplete',
      resumable: true,
      totalSeconds: 65,
    });

    // The next launch resumes: a new token, the old one ends; the data comes back with entry resume.
    const again = dataOf<ScormLaunch>(await client.post(`/api/instructions/mine/${id}/scorm/launch`));
    expect(again.launchUrl).not.toBe(launch.launchUrl);
    expect((await t.app.inject({ method: 'GET', url: launch.launchUrl })).statusCode).toBe(404);
    expect(again.attempt).toMatchObject({ sessions: 2, totalSeconds: 65, resumable: true });
    const boot2 = await t.app.inject({
      method: 'GET',
      url: `${contentPath(again.launchUrl)}/__schutzwerk/boot.js`,
    });
    expect(boot2.body).toContain('"suspend_data":"step=2"');
    expect(boot2.body).toContain('"entry":"resume"');
    expect(boot2.body).toContain('"lesson_location":"seite-2"');
    expect(boot2.body).toContain('"total_time":"0000:01:05"');

    // Done: passed with a score → E, valid until today + interval, the next item from the interval.
    const done = dataOf<ScormAttempt>(
      await client.post(`/api/instructions/mine/${id}/scorm/commit`, {
        cmi: {
          suspend_data: 'step=2',
          core: { lesson_status: 'passed', score: { raw: '80' }, session_time: '00:02:00' },
        },
        finished: true,
      }),
    );
    expect(done).toMatchObject({
      status: 'E',
      completionStatus: 'completed',
      successStatus: 'passed',
      scoreRaw: '80',
      totalSeconds: 185,
      validUntil: '2028-03-09',
      resumable: false,
    });
    const rows = await queryRows<{ status: string; due_date: string }>(
      t.database.db,
      sql`select status, due_date::text from instruction_assignments where topic_id = ${tp.id} order by id`,
    );
    expect(rows).toEqual([
      { status: 'E', due_date: '2027-03-20' },
      { status: 'O', due_date: '2028-03-09' },
    ]);
    expect(errorOf(await client.post(`/api/instructions/mine/${id}/scorm/launch`)).code).toBe(
      'ASSIGNMENT_ALREADY_DONE',
    );
  });

  it('SCORM 2004: completion and success decide; a failed result leaves the item open; validity from the duration', async () => {
    const { client, id } = await packaged('2004', { intervalDays: 0, durationDays: 730 });
    const launch = dataOf<ScormLaunch>(await client.post(`/api/instructions/mine/${id}/scorm/launch`));
    const boot = await t.app.inject({
      method: 'GET',
      url: `${contentPath(launch.launchUrl)}/__schutzwerk/boot.js`,
    });
    expect(boot.body).toContain('"entry":"ab-initio"');
    expect(boot.body).toContain('"learner_name":"Prüfer');
    const commit = (cmi: Record<string, unknown>, finished = false) =>
      client.post(`/api/instructions/mine/${id}/scorm/commit`, { cmi, finished });
    const failed = dataOf<ScormAttempt>(
      await commit({ completion_status: 'completed', success_status: 'failed', score: { scaled: '0.3' } }),
    );
    expect(failed).toMatchObject({ status: 'A', completionStatus: 'completed', successStatus: 'failed' });
    const passed = dataOf<ScormAttempt>(
      await commit(
        {
          completion_status: 'completed',
          success_status: 'passed',
          score: { scaled: '0.9', raw: '90' },
          session_time: 'PT2M',
        },
        true,
      ),
    );
    expect(passed).toMatchObject({
      status: 'E',
      scoreScaled: '0.9',
      scoreRaw: '90',
      totalSeconds: 120,
      validUntil: '2029-03-09',
    });
    // No interval: no next item.
    expect(
      (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from instruction_assignments where employee_id = (select employee_id from instruction_assignments where id = ${id})`,
        )
      )[0]!.n,
    ).toBe(1);
  });

  it('is the own item only; bad data is refused; a commit before the launch is out of step', async () => {
    const { client, id } = await packaged('1.2');
    const other = await createUser(t.database.db, { permissions: [P.TOPICS_OWN] });
    const otherClient = await t.login(other.login, other.password);
    expect((await otherClient.post(`/api/instructions/mine/${id}/scorm/launch`)).statusCode).toBe(404);
    expect(errorOf(await client.post(`/api/instructions/mine/${id}/scorm/commit`, { cmi: {} })).code).toBe(
      'RUN_NOT_STARTED',
    );
    await client.post(`/api/instructions/mine/${id}/scorm/launch`);
    const tooLarge = await client.post(`/api/instructions/mine/${id}/scorm/commit`, {
      cmi: { suspend_data: 'x'.repeat(300_000) },
    });
    expect(tooLarge.statusCode).toBe(400);
    const noRight = await createUser(t.database.db, { permissions: [P.TOPICS] });
    const noRightClient = await t.login(noRight.login, noRight.password);
    expect((await noRightClient.post(`/api/instructions/mine/${id}/scorm/launch`)).statusCode).toBe(403);
  });
});
