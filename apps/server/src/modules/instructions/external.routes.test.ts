import type {
  ExternalRecordRow,
  ExternalSite,
  ExternalSites,
  KioskAnswerResult,
  KioskLocation,
  KioskStart,
  KioskState,
} from '@schutzwerk/shared/instructions/external.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { eq, inArray, sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/query.ts';
import { locations } from '#modules/organisation/tables.ts';
import { scheduledTasks } from '#modules/scheduler/scheduler.table.ts';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { slidesPdf, tinyPng } from '#test/file-fixtures.ts';
import { createUser, customerPortalId, mainPortalId } from '#test/fixtures.ts';
import { berlinToday } from './assignments.service.ts';
import { externalInstructions } from './external.table.ts';
import { instructionsRepository } from './instructions.repository.ts';

let clock = new Date('2027-03-10T09:00:00Z');
let t: TestApp;
let counter = 0;
let mainPortal: number;
let admin: ApiClient;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  mainPortal = await mainPortalId(t.database.db);
  const user = await createUser(t.database.db, {
    permissions: [P.SETTINGS_TOPICS, P.TOPICS_EVALUATE_EXTERNAL],
  });
  admin = await t.login(user.login, user.password);
});
afterAll(async () => {
  await t.close();
});

/** Each question has the answers A–D; the test knows the right ones by the question's text. */
const RIGHT: Record<string, number[]> = {};

async function topic(
  options: { released?: boolean; questions?: number; durationDays?: number | null; portalId?: number } = {},
) {
  const n = ++counter;
  const created = await instructionsRepository.insertTopic(t.database.db, {
    portalId: options.portalId ?? mainPortal,
    label: `Besucherthema ${n}`,
    identifier: `EXT-${process.pid}-${n}`,
    intervalDays: 365,
    durationDays: options.durationDays === undefined ? 365 : options.durationDays,
    released: options.released ?? true,
  });
  const count = options.questions ?? 2;
  await instructionsRepository.insertQuestions(
    t.database.db,
    Array.from({ length: count }, (_, i) => {
      const text = `Frage ${n}.${i + 1}`;
      RIGHT[text] = [i % 4];
      return {
        topicId: created.id,
        number: i + 1,
        text,
        answers: ['A', 'B', 'C', 'D'].map((a, j) => ({ text: `${text} ${a}`, right: j === i % 4 })),
        mandatory: false,
        rightMessage: '',
        wrongMessage: '',
      };
    }),
  );
  return created;
}

async function location(portalId = mainPortal) {
  const [row] = await t.database.db
    .insert(locations)
    .values({ portalId, name: `Werk ${process.pid}-${++counter}` })
    .returning({ id: locations.id, name: locations.name });
  return row!;
}

async function configure(locationId: number, topicIds: number[], enabled = true, client = admin) {
  const { sites } = (await client.get('/api/instructions/external/sites')).json<{ data: ExternalSites }>()
    .data;
  const version = sites.find((s) => s.locationId === locationId)?.version ?? 0;
  const res = await client.put(`/api/instructions/external/sites/${locationId}`, {
    enabled,
    topicIds,
    version,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: ExternalSite }>().data;
}

let ipCounter = 0;
/** Each test its own address, so the rate limit of one does not reach another. */
const freshIp = () => `10.20.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

/** The kiosk: not signed in, the visitor's token in its header. */
function kiosk(ip = freshIp()) {
  const client = t.client();
  let token: string | undefined;
  const headers = () => (token ? { 'x-visitor-token': token } : {});
  return {
    ip,
    setToken: (value: string | undefined) => {
      token = value;
    },
    get: (url: string) => client.request('GET', url, undefined, { headers: headers(), remoteAddress: ip }),
    post: (url: string, body: unknown) =>
      client.request('POST', url, body, { headers: headers(), remoteAddress: ip }),
    async start(locationId: number, overrides: Record<string, unknown> = {}) {
      const res = await client.request(
        'POST',
        '/api/external/runs',
        {
          locationId,
          firstName: 'Erika',
          lastName: 'Muster',
          company: 'Fremdfirma GmbH',
          idNumber: 'L01X00T47',
          reason: 'Wartung der Lüftungsanlage',
          ...overrides,
        },
        { remoteAddress: ip },
      );
      if (res.statusCode === 200) token = res.json<{ data: KioskStart }>().data.token;
      return res;
    },
  };
}
type Kiosk = ReturnType<typeof kiosk>;

const stateOf = (res: Awaited<ReturnType<Kiosk['get']>>) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: KioskStart }>().data.state;
};
async function answer(k: Kiosk, state: KioskState, right: boolean): Promise<KioskAnswerResult> {
  const q = state.question!;
  const positions = RIGHT[q.text]!;
  const chosen = right ? positions : [[0, 1, 2, 3].find((i) => !positions.includes(i))!];
  const res = await k.post('/api/external/run/answer', { questionId: q.id, chosen });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: KioskAnswerResult }>().data;
}

describe('settings per location', () => {
  it('lists the portal’s locations, saves against the version, refuses foreign topics and locations', async () => {
    const loc = await location();
    const tp = await topic();
    const site = await configure(loc.id, [tp.id]);
    expect(site).toMatchObject({
      locationId: loc.id,
      enabled: true,
      topicIds: [tp.id],
      hasImage: false,
      version: 1,
    });

    const stale = await admin.put(`/api/instructions/external/sites/${loc.id}`, {
      enabled: false,
      topicIds: [],
      version: 0,
    });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('CONFLICT');

    const foreignTopic = await topic({ portalId: await customerPortalId(t.database.db) });
    const bad = await admin.put(`/api/instructions/external/sites/${loc.id}`, {
      enabled: true,
      topicIds: [foreignTopic.id],
      version: 1,
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).code).toBe('EXTERNAL_TOPIC_UNKNOWN');

    const foreignLocation = await location(await customerPortalId(t.database.db));
    const other = await admin.put(`/api/instructions/external/sites/${foreignLocation.id}`, {
      enabled: true,
      topicIds: [tp.id],
      version: 0,
    });
    expect(other.statusCode).toBe(404);
    const listed = (await admin.get('/api/instructions/external/sites')).json<{ data: ExternalSites }>().data;
    expect(listed.sites.some((s) => s.locationId === foreignLocation.id)).toBe(false);
    // The topics offered for the choice: the portal's released ones.
    expect(listed.topics.map((x) => x.id)).toContain(tp.id);
    expect(listed.topics.map((x) => x.id)).not.toContain(foreignTopic.id);
  });

  it('needs SETTINGS_TOPICS on the server', async () => {
    const loc = await location();
    const user = await createUser(t.database.db, { permissions: [P.TOPICS, P.TOPICS_EVALUATE_EXTERNAL] });
    const client = await t.login(user.login, user.password);
    expect((await client.get('/api/instructions/external/sites')).statusCode).toBe(403);
    const res = await client.put(`/api/instructions/external/sites/${loc.id}`, {
      enabled: true,
      topicIds: [],
      version: 0,
    });
    expect(res.statusCode).toBe(403);
    expect((await t.client().get('/api/instructions/external/sites')).statusCode).toBe(401);
  });

  it('stores the tile image in the documents’ store and shows it only for offered locations', async () => {
    const loc = await location();
    const tp = await topic();
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const up = await admin.request(
      'POST',
      `/api/instructions/external/sites/${loc.id}/image?version=0`,
      png,
      {
        headers: { 'content-type': 'image/png' },
      },
    );
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json<{ data: ExternalSite }>().data).toMatchObject({ hasImage: true, version: 1 });
    const text = await admin.request(
      'POST',
      `/api/instructions/external/sites/${loc.id}/image?version=1`,
      'kein Bild',
      {
        headers: { 'content-type': 'application/octet-stream' },
      },
    );
    expect(errorOf(text).code).toBe('EXTERNAL_IMAGE_TYPE');
    const k = kiosk();
    // Not offered yet: the public route does not show it.
    expect((await k.get(`/api/external/locations/${loc.id}/image`)).statusCode).toBe(404);
    await configure(loc.id, [tp.id]);
    const image = await k.get(`/api/external/locations/${loc.id}/image`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const offered = (await k.get('/api/external/locations')).json<{ data: KioskLocation[] }>().data;
    expect(offered.find((l) => l.id === loc.id)).toEqual({ id: loc.id, name: loc.name, hasImage: true });
  });
});

describe('the public kiosk', () => {
  it('offers only switched-on locations with released topics that have questions', async () => {
    const on = await location();
    const off = await location();
    const lockedOnly = await location();
    const tp = await topic();
    const locked = await topic({ released: false });
    const empty = await topic({ questions: 0 });
    await configure(on.id, [tp.id]);
    await configure(off.id, [tp.id], false);
    await configure(lockedOnly.id, [locked.id, empty.id]);
    const k = kiosk();
    const res = await k.get('/api/external/locations');
    expect(res.statusCode).toBe(200);
    const ids = res.json<{ data: KioskLocation[] }>().data.map((l) => l.id);
    expect(ids).toContain(on.id);
    expect(ids).not.toContain(off.id);
    expect(ids).not.toContain(lockedOnly.id);
    for (const id of [off.id, lockedOnly.id, 999_999]) {
      const start = await k.start(id);
      expect(start.statusCode).toBe(404);
      expect(errorOf(start).code).toBe('EXTERNAL_NOT_OFFERED');
    }
  });

  it('needs every visitor field, with German messages', async () => {
    const loc = await location();
    await configure(loc.id, [(await topic()).id]);
    const k = kiosk();
    const res = await k.start(loc.id, { firstName: '  ', company: '', idNumber: undefined, reason: '' });
    expect(res.statusCode).toBe(400);
    const details = errorOf(res).details as { path: string[]; message: string }[];
    expect(details.map((d) => [d.path.at(-1), d.message])).toEqual([
      ['firstName', 'Bitte geben Sie Ihren Vornamen an.'],
      ['company', 'Bitte geben Sie Ihre Firma an.'],
      ['idNumber', 'Bitte geben Sie Ihre Ausweisnummer an.'],
      ['reason', 'Bitte geben Sie den Grund Ihres Besuchs an.'],
    ]);
  });

  it('walks the configured topics in order to the certificate; the record is kept on the location', async () => {
    clock = new Date('2027-03-10T09:00:00Z');
    const loc = await location();
    const first = await topic({ durationDays: 365 });
    const locked = await topic({ released: false });
    const second = await topic({ questions: 3, durationDays: 180 });
    const unrelated = await topic();
    await configure(loc.id, [first.id, locked.id, second.id]);
    const k = kiosk();
    let state = stateOf(await k.start(loc.id));
    // Only the configured, released topics, in the configured order.
    expect(state.topics.map((x) => x.label)).toEqual([first.label, second.label]);
    expect(state.topics.map((x) => x.label)).not.toContain(unrelated.label);
    expect(state).toMatchObject({ status: 'running', current: 0, position: 0, total: 2, attempt: 1 });
    expect(state.locationName).toBe(loc.name);
    expect(state.question!.answers).toHaveLength(4);
    expect(JSON.stringify(state)).not.toContain('"right"');

    const early = await k.get('/api/external/run/certificate');
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).code).toBe('EXTERNAL_NOT_PASSED');

    while (state.status === 'running') {
      const result = await answer(k, state, true);
      expect(result.right).toBe(true);
      expect(result.message).toBe('Richtig!');
      state = result.state;
    }
    expect(state).toMatchObject({ status: 'passed', current: 1, attempt: 1, question: null });
    // The shortest validity of the topics.
    expect(state.validUntil).toBe('2027-09-06');
    const again = await k.get('/api/external/run');
    expect(again.json<{ data: KioskState }>().data.status).toBe('passed');

    const pdf = await k.get('/api/external/run/certificate');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await new PDFParse({ data: pdf.rawPayload }).getText()).text;
    expect(text).toContain('Unterweisungsnachweis für Externe');
    expect(text).toContain('Erika Muster');
    expect(text).toContain('Fremdfirma GmbH');
    expect(text).toContain(loc.name);
    expect(text).toContain(first.label);
    expect(text).toContain(second.label);
    expect(text).toContain('10.03.27');
    expect(text).toContain('06.09.27');

    const rows = (await admin.get(`/api/instructions/external/records?locationId=${loc.id}`)).json<{
      data: { rows: ExternalRecordRow[]; filteredCount: number };
    }>().data;
    expect(rows.filteredCount).toBe(1);
    expect(rows.rows[0]).toMatchObject({
      locationId: loc.id,
      locationName: loc.name,
      firstName: 'Erika',
      lastName: 'Muster',
      company: 'Fremdfirma GmbH',
      idNumber: 'L01X00T47',
      reason: 'Wartung der Lüftungsanlage',
      topics: [first.label, second.label],
      status: 'passed',
      attempts: 1,
      validUntil: '2027-09-06',
    });
    const adminPdf = await admin.get(`/api/instructions/external/records/${rows.rows[0]!.id}/certificate`);
    expect(adminPdf.statusCode).toBe(200);
  });

  it('restarts the instruction from the first topic after a wrong answer (external persons)', async () => {
    const loc = await location();
    const a = await topic();
    const b = await topic();
    await configure(loc.id, [a.id, b.id]);
    const k = kiosk();
    let state = stateOf(await k.start(loc.id));
    state = (await answer(k, state, true)).state;
    state = (await answer(k, state, true)).state;
    expect(state).toMatchObject({ current: 1, position: 0 });
    const wrong = await answer(k, state, false);
    expect(wrong.right).toBe(false);
    expect(wrong.restarted).toBe(true);
    expect(wrong.message).toBe(
      'Leider falsch. Für externe Personen beginnt die Unterweisung von vorn – mit dem ersten Thema und neuen Fragen.',
    );
    expect(wrong.state).toMatchObject({ status: 'running', current: 0, position: 0, attempt: 2 });
    expect(wrong.state.question!.text.startsWith(`Frage ${a.label.split(' ')[1]}.`)).toBe(true);
    const [row] = await queryRows<{ attempt: number; status: string }>(
      t.database.db,
      sql`select attempt, status from external_instructions where location_id = ${loc.id}`,
    );
    expect(row).toEqual({ attempt: 2, status: 'running' });
  });

  it('lets the token finish only its own run: no token, a stale question, an old token', async () => {
    clock = new Date('2027-03-10T09:00:00Z');
    const loc = await location();
    await configure(loc.id, [(await topic()).id]);
    const mine = kiosk();
    const state = stateOf(await mine.start(loc.id));
    const stranger = kiosk();
    const none = await stranger.post('/api/external/run/answer', {
      questionId: state.question!.id,
      chosen: [0],
    });
    expect(none.statusCode).toBe(404);
    expect(errorOf(none).code).toBe('EXTERNAL_SESSION_INVALID');
    stranger.setToken('erfunden');
    expect(errorOf(await stranger.get('/api/external/run')).code).toBe('EXTERNAL_SESSION_INVALID');
    // A question of another topic is not the current one.
    const other = await topic();
    const [foreign] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from instruction_questions where topic_id = ${other.id} limit 1`,
    );
    const step = await mine.post('/api/external/run/answer', { questionId: foreign!.id, chosen: [0] });
    expect(step.statusCode).toBe(409);
    expect(errorOf(step).code).toBe('RUN_OUT_OF_STEP');
    clock = new Date('2027-03-10T22:00:00Z');
    expect(errorOf(await mine.get('/api/external/run')).code).toBe('EXTERNAL_SESSION_INVALID');
    clock = new Date('2027-03-10T09:00:00Z');
  });

  it('is rate-limited per address', async () => {
    const loc = await location();
    await configure(loc.id, [(await topic()).id]);
    const k = kiosk();
    for (let i = 0; i < 30; i++) expect((await k.start(loc.id)).statusCode).toBe(200);
    const over = await k.start(loc.id);
    expect(over.statusCode).toBe(429);
    expect(errorOf(over).code).toBe('EXTERNAL_TOO_MANY');
    expect(over.headers['retry-after']).toBeDefined();
    // Another address is not affected.
    expect((await kiosk().start(loc.id)).statusCode).toBe(200);
  });
});

describe('the records', () => {
  it('need TOPICS_EVALUATE_EXTERNAL and show only the own portal', async () => {
    const loc = await location();
    await configure(loc.id, [(await topic()).id]);
    await kiosk().start(loc.id, { lastName: 'Gastmann' });
    const without = await createUser(t.database.db, { permissions: [P.TOPICS, P.SETTINGS_TOPICS] });
    const client = await t.login(without.login, without.password);
    expect((await client.get('/api/instructions/external/records')).statusCode).toBe(403);
    expect((await client.post('/api/instructions/external/records/list', {})).statusCode).toBe(403);
    const customer = await createUser(t.database.db, {
      permissions: [P.TOPICS_EVALUATE_EXTERNAL],
      portalId: await customerPortalId(t.database.db),
    });
    const foreign = await t.login(customer.login, customer.password);
    const theirs = (await foreign.get('/api/instructions/external/records?search=Gastmann')).json<{
      data: { filteredCount: number };
    }>().data;
    expect(theirs.filteredCount).toBe(0);
    const ours = (await admin.post('/api/instructions/external/records/list', { search: 'Gastmann' })).json<{
      data: { rows: ExternalRecordRow[]; filteredCount: number };
    }>().data;
    expect(ours.filteredCount).toBe(1);
    expect(ours.rows[0]).toMatchObject({ lastName: 'Gastmann', status: 'running' });
    const id = ours.rows[0]!.id;
    expect(errorOf(await admin.get(`/api/instructions/external/records/${id}/certificate`)).code).toBe(
      'EXTERNAL_NOT_PASSED',
    );
    expect((await foreign.get(`/api/instructions/external/records/${id}/certificate`)).statusCode).toBe(404);
  });
});

describe('presentation, question images and the badge at the kiosk (decision 078)', () => {
  /** A user who uploads topic files (the employee routes of decision 044). */
  async function editor() {
    const user = await createUser(t.database.db, {
      permissions: [P.TOPICS, P.TOPICS_EDIT, P.TOPICS_QUESTIONS],
    });
    return t.login(user.login, user.password);
  }
  const raw = (client: ApiClient, url: string, body: Buffer, type = 'application/octet-stream') =>
    client.request('POST', url, body, { headers: { 'content-type': type } });
  const questionsOf = (topicId: number) =>
    queryRows<{ id: number; version: number }>(
      t.database.db,
      sql`select id, version from instruction_questions where topic_id = ${topicId} order by number`,
    );

  it('shows the current topic’s slides and the current question’s image to its own token only; the badge once passed', async () => {
    clock = new Date('2027-03-10T09:00:00Z');
    const files = await editor();
    const loc = await location();
    const withSlides = await topic({ questions: 2 });
    const plain = await topic({ questions: 1, durationDays: 90 });
    const pdf = await slidesPdf(2);
    const fresh = await instructionsRepository.findTopic(t.database.db, withSlides.id);
    const up = await raw(
      files,
      `/api/topics/${withSlides.id}/presentation?version=${fresh!.version}&fileName=Gelaende.pdf`,
      pdf,
    );
    expect(up.statusCode, up.body).toBe(200);
    const png = tinyPng();
    for (const q of await questionsOf(withSlides.id)) {
      const res = await raw(
        files,
        `/api/topics/${withSlides.id}/questions/${q.id}/image?version=${q.version}`,
        png,
        'image/png',
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    const [plainQuestion] = await questionsOf(plain.id);
    await configure(loc.id, [withSlides.id, plain.id]);

    const k = kiosk();
    let state = stateOf(await k.start(loc.id, { lastName: 'Ausweis' }));
    expect(state.presentation).toEqual({ pages: 2 });
    expect(state.question?.hasImage).toBe(true);
    const slides = await k.get('/api/external/run/presentation');
    expect(slides.statusCode, slides.body).toBe(200);
    expect(slides.headers['content-type']).toBe('application/pdf');
    expect(slides.rawPayload.equals(pdf)).toBe(true);
    const image = await k.get(`/api/external/run/questions/${state.question!.id}/image`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(png)).toBe(true);
    // Not the current question: the other one of the topic, one of the next topic.
    const other = (await questionsOf(withSlides.id)).find((q) => q.id !== state.question!.id)!;
    expect((await k.get(`/api/external/run/questions/${other.id}/image`)).statusCode).toBe(404);
    expect((await k.get(`/api/external/run/questions/${plainQuestion!.id}/image`)).statusCode).toBe(404);
    // No token, another run's token at another location, an invented one: nothing.
    const stranger = kiosk();
    expect(errorOf(await stranger.get('/api/external/run/presentation')).code).toBe(
      'EXTERNAL_SESSION_INVALID',
    );
    const elsewhere = await location();
    await configure(elsewhere.id, [plain.id]);
    stateOf(await stranger.start(elsewhere.id));
    expect((await stranger.get('/api/external/run/presentation')).statusCode).toBe(404);
    expect((await stranger.get(`/api/external/run/questions/${state.question!.id}/image`)).statusCode).toBe(
      404,
    );
    stranger.setToken('erfunden');
    expect(errorOf(await stranger.get(`/api/external/run/questions/${state.question!.id}/image`)).code).toBe(
      'EXTERNAL_SESSION_INVALID',
    );
    // Before passing there is no badge.
    expect(errorOf(await k.get('/api/external/run/badge')).code).toBe('EXTERNAL_NOT_PASSED');

    // The next topic has no slides: its state says so and the file is not served.
    while (state.current === 0) state = (await answer(k, state, true)).state;
    expect(state.presentation).toBeNull();
    expect(state.question?.hasImage).toBe(false);
    expect((await k.get('/api/external/run/presentation')).statusCode).toBe(404);
    expect((await k.get(`/api/external/run/questions/${other.id}/image`)).statusCode).toBe(404);
    while (state.status === 'running') state = (await answer(k, state, true)).state;

    const badge = await k.get('/api/external/run/badge');
    expect(badge.statusCode, badge.body).toBe(200);
    expect(badge.headers['content-type']).toBe('application/pdf');
    expect(decodeURIComponent(String(badge.headers['content-filename']))).toBe(
      'Besucherausweis_Ausweis_Erika_10-03-27.pdf',
    );
    const text = (await new PDFParse({ data: badge.rawPayload }).getText()).text;
    expect(text).toContain('BESUCHERAUSWEIS');
    expect(text).toContain('Erika Ausweis');
    expect(text).toContain('Fremdfirma GmbH');
    expect(text).toContain(loc.name);
    expect(text).toContain(withSlides.label);
    expect(text).toContain(plain.label);
    expect(text).toContain('10.03.27');
    expect(text).toContain('08.06.27'); // the shortest validity: 90 days
    expect(text).not.toContain('L01X00T47'); // the ID number stays on the certificate
    // Passed: the slides and images are no longer served.
    expect((await k.get('/api/external/run/presentation')).statusCode).toBe(404);
    // After 12 hours the token gets nothing, not even the badge.
    clock = new Date('2027-03-10T22:00:00Z');
    expect(errorOf(await k.get('/api/external/run/badge')).code).toBe('EXTERNAL_SESSION_INVALID');
    clock = new Date('2027-03-10T09:00:00Z');

    // From the records' list: TOPICS_EVALUATE_EXTERNAL of the own portal only.
    const rows = (await admin.post('/api/instructions/external/records/list', { search: 'Ausweis' })).json<{
      data: { rows: ExternalRecordRow[] };
    }>().data.rows;
    const id = rows[0]!.id;
    const fromList = await admin.get(`/api/instructions/external/records/${id}/badge`);
    expect(fromList.statusCode).toBe(200);
    expect(fromList.headers['content-type']).toBe('application/pdf');
    const settingsOnly = await createUser(t.database.db, { permissions: [P.TOPICS, P.SETTINGS_TOPICS] });
    const noRight = await t.login(settingsOnly.login, settingsOnly.password);
    expect((await noRight.get(`/api/instructions/external/records/${id}/badge`)).statusCode).toBe(403);
    const customer = await createUser(t.database.db, {
      permissions: [P.TOPICS_EVALUATE_EXTERNAL],
      portalId: await customerPortalId(t.database.db),
    });
    const foreign = await t.login(customer.login, customer.password);
    expect((await foreign.get(`/api/instructions/external/records/${id}/badge`)).statusCode).toBe(404);
  });
});

describe('the retention job (decision 078)', () => {
  it('deletes exactly the records past the portal’s retention and unfinished runs after 30 days', async () => {
    const db = t.database.db;
    const loc = await location();
    const customerPortal = await customerPortalId(db);
    const [customerLoc] = await db
      .insert(locations)
      .values({ portalId: customerPortal, name: `Kundenwerk ${process.pid}` })
      .returning({ id: locations.id });
    // The main portal keeps records 100 days; the customer portal has the default (730).
    const current = (await admin.get('/api/settings/instructions')).json<{
      data: { version: number; value: Record<string, unknown> };
    }>().data;
    const saved = await admin.put('/api/settings/instructions', {
      version: current.version,
      value: { ...current.value, externalRetentionDays: 100 },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    // The scheduler runs on the real clock.
    const now = Date.now();
    const daysAgo = (days: number) => new Date(now - days * 86_400_000);
    const day = (offset: number) => berlinToday(new Date(now + offset * 86_400_000));
    const before = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from external_instructions`,
    );
    let n = 0;
    const insert = async (values: {
      status: 'passed' | 'running';
      startedAt: Date;
      completedAt?: Date;
      validUntil?: string | null;
      portalId?: number;
      locationId?: number;
    }) => {
      const [row] = await db
        .insert(externalInstructions)
        .values({
          portalId: values.portalId ?? mainPortal,
          locationId: values.locationId ?? loc.id,
          firstName: 'Alt',
          lastName: `Fall ${++n}`,
          company: 'Fremdfirma',
          idNumber: 'X',
          reason: 'Besuch',
          topics: [],
          questionIds: [],
          tokenHash: `retention-${process.pid}-${n}-${now}`,
          status: values.status,
          startedAt: values.startedAt,
          completedAt: values.completedAt ?? null,
          validUntil: values.validUntil ?? null,
        })
        .returning({ id: externalInstructions.id });
      return row!.id;
    };
    const old = await insert({
      status: 'passed',
      startedAt: daysAgo(101),
      completedAt: daysAgo(101),
      validUntil: day(-1),
    });
    const oldWithoutEnd = await insert({
      status: 'passed',
      startedAt: daysAgo(300),
      completedAt: daysAgo(300),
    });
    const young = await insert({
      status: 'passed',
      startedAt: daysAgo(99),
      completedAt: daysAgo(99),
      validUntil: day(-1),
    });
    const stillValid = await insert({
      status: 'passed',
      startedAt: daysAgo(200),
      completedAt: daysAgo(200),
      validUntil: day(0),
    });
    const abandoned = await insert({ status: 'running', startedAt: daysAgo(31) });
    const recent = await insert({ status: 'running', startedAt: daysAgo(29) });
    const customerOld = await insert({
      status: 'passed',
      startedAt: daysAgo(101),
      completedAt: daysAgo(101),
      validUntil: day(-1),
      portalId: customerPortal,
      locationId: customerLoc!.id,
    });
    const customerVeryOld = await insert({
      status: 'passed',
      startedAt: daysAgo(731),
      completedAt: daysAgo(731),
      validUntil: day(-1),
      portalId: customerPortal,
      locationId: customerLoc!.id,
    });

    const [task] = await db
      .select({ id: scheduledTasks.id, name: scheduledTasks.name })
      .from(scheduledTasks)
      .where(eq(scheduledTasks.key, 'external-instructions-retention'));
    expect(task?.name).toBe('Nachweise externer Personen löschen');
    await db
      .update(scheduledTasks)
      .set({ nextFireAt: new Date(0) })
      .where(eq(scheduledTasks.key, 'external-instructions-retention'));
    const results = await t.app.scheduler.runDue();
    expect(results.find((r) => r.taskId === task!.id)?.outcome).toBe('ok');

    const mine = [old, oldWithoutEnd, young, stillValid, abandoned, recent, customerOld, customerVeryOld];
    const left = await db
      .select({ id: externalInstructions.id })
      .from(externalInstructions)
      .where(inArray(externalInstructions.id, mine));
    expect(left.map((r) => r.id).sort((a, b) => a - b)).toEqual(
      [young, stillValid, recent, customerOld].sort((a, b) => a - b),
    );
    // Nothing else went (the other tests' records are recent).
    const after = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from external_instructions`,
    );
    expect(after[0]!.n).toBe(before[0]!.n + mine.length - 4);
    const logged = await queryRows<{ entity_id: string }>(
      db,
      sql`select entity_id from change_log where entity = 'external_instruction' and state = 0`,
    );
    expect(logged.map((r) => Number(r.entity_id))).toEqual(
      expect.arrayContaining([old, oldWithoutEnd, abandoned, customerVeryOld]),
    );

    const restored = (await admin.get('/api/settings/instructions')).json<{
      data: { version: number };
    }>().data;
    await admin.put('/api/settings/instructions', {
      version: restored.version,
      value: { ...current.value },
    });
  });
});
