import { deflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '../packages/shared/src/constants.ts';
import { expectAccessible } from './support/a11y.ts';
import { ACCOUNTS, type AccountName } from './support/accounts.ts';
import { baseUrl, launchBrowser, listRows, newPage, signIn } from './support/browser.ts';

/**
 * Decision 044: the presentation file of a topic, the question at its slide with an image, and the employee's
 * run-through in the presentation viewer (resumed at its slide after a reload; keyboard; 390 px).
 */

const suffix = Date.now().toString(36).toUpperCase();
let counter = 0;
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());

/** A PDF of `pages` slides („Folie 1“ …), drawn with pdfkit as the report engine does. */
async function slidesPdf(pages: number): Promise<Buffer> {
  const doc = new PDFDocument({ size: [480, 270], margin: 30, autoFirstPage: false });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  for (let page = 1; page <= pages; page++) {
    doc.addPage();
    doc.rect(0, 0, 480, 270).fill(page % 2 ? '#dbeafe' : '#fde68a');
    doc.fillColor('#111111').fontSize(32).text(`Folie ${page}`, 40, 110);
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/** A 16×16 PNG in one colour (built here: no binary fixtures in the repository). */
function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(16, 0);
  ihdr.writeUInt32BE(16, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(48, 0xc0)]);
  const raw = Buffer.concat(Array.from({ length: 16 }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A signed-in API session of the test (data set-up only; the pages are driven through the browser). */
async function apiSession(browser: Browser, account: AccountName) {
  const context = await browser.newContext({ baseURL: baseUrl() });
  const request: APIRequestContext = context.request;
  const csrf = ((await (await request.get('/api/auth/csrf')).json()) as { data: { token: string } }).data
    .token;
  const login = await request.post('/api/auth/login_local', {
    data: ACCOUNTS[account],
    headers: { [CSRF_HEADER]: csrf },
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}`, [CSRF_HEADER]: csrf };
  const call = async <T>(method: 'get' | 'post', url: string, data?: unknown): Promise<T> => {
    const res = await request[method](url, { headers, ...(data === undefined ? {} : { data }) });
    if (!res.ok()) throw new Error(`${method} ${url}: ${res.status()} ${await res.text()}`);
    return ((await res.json()) as { data: T }).data;
  };
  const upload = async <T>(url: string, body: Buffer): Promise<T> => {
    const res = await request.post(url, {
      headers: { ...headers, 'content-type': 'application/octet-stream' },
      data: body,
    });
    if (!res.ok()) throw new Error(`upload ${url}: ${res.status()} ${await res.text()}`);
    return ((await res.json()) as { data: T }).data;
  };
  return { call, upload, close: () => context.close() };
}
type Api = Awaited<ReturnType<typeof apiSession>>;
type TopicData = { id: number; version: number; questions: { id: number; version: number; text: string }[] };

async function createTopic(admin: Api, label: string): Promise<TopicData> {
  return admin.call<TopicData>('post', '/api/topics', {
    label,
    identifier: `FOL-${suffix}-${++counter}`,
    intervalDays: 365,
    durationDays: 365,
    minutes: 10,
  });
}

async function releaseAndAssign(admin: Api, topicId: number, employeeId: number) {
  const topic = await admin.call<TopicData>('get', `/api/topics/${topicId}`);
  await admin.call('post', `/api/topics/${topicId}/release`, { version: topic.version });
  await admin.call('post', '/api/instructions/assignments', {
    topicId,
    employeeIds: [employeeId],
    dueDate: today,
  });
}

/** Opens the run of the topic from „Meine Unterweisungen“ and waits for the viewer's first slide. */
async function openRun(page: Page, label: string) {
  await page.getByLabel('Suchen').fill(label);
  await listRows(page, 'Meine Unterweisungen').filter({ hasText: label }).waitFor();
  await page.getByRole('link', { name: `„${label}“ starten` }).click();
  await page.waitForURL(/\/instructions\/mine\/\d+\/run$/);
  await page.getByTestId('presentation-viewer').waitFor();
}

/** The viewer shows slide `n` of `of`: the position text and the drawn page. */
async function onSlide(page: Page, n: number, of: number) {
  await page.getByTestId('presentation-position').getByText(`Folie ${n} von ${of}`).waitFor();
  await page.locator(`[data-testid="presentation-canvas"][data-page="${n}"]`).waitFor();
}

describe('instruction presentation viewer', () => {
  let browser: Browser;
  let admin: Api;
  let employeeId: number;
  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await apiSession(browser, 'admin');
    const employee = await apiSession(browser, 'mitarbeiter');
    employeeId = (await employee.call<{ employee: { id: number } }>('get', '/api/auth/user')).employee.id;
    await employee.close();
  });
  afterAll(async () => {
    await admin?.close();
    await browser?.close();
  });

  it('an administrator adds slides and a question on slide 2 with an image; the employee runs it and resumes at the slide', async () => {
    const label = `Brandschutz Folien ${suffix}`;
    const created = await createTopic(admin, label);

    // The administrator: presentation (bad files refused in German), a question on slide 2 with an image.
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', `/instructions/edit/${created.id}`);
    await page.getByTestId('topic-presentation-none').waitFor();
    const pdfInput = page.getByTestId('presentation-input');
    await pdfInput.setInputFiles({
      name: 'notizen.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Text'),
    });
    await page
      .getByTestId('presentation-error')
      .getByText(
        'Die Präsentation muss eine PDF-Datei sein. Bitte wählen Sie eine Datei mit der Endung .pdf aus.',
      )
      .waitFor();
    await pdfInput.setInputFiles({
      name: 'getarnt.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('Das ist keine PDF-Datei.'),
    });
    await page
      .getByTestId('presentation-error')
      .getByText('Die Präsentation muss eine PDF-Datei sein. Bitte wählen Sie eine PDF-Datei aus.')
      .waitFor();
    await expectAccessible(page);
    await pdfInput.setInputFiles({
      name: 'brandschutz-folien.pdf',
      mimeType: 'application/pdf',
      buffer: await slidesPdf(3),
    });
    await page.getByTestId('topic-presentation').getByText('brandschutz-folien.pdf · 3 Seiten').waitFor();
    await page.getByText('Die Präsentation wurde gespeichert.').waitFor();

    await page.getByRole('button', { name: 'Frage hinzufügen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neue Frage' });
    await dialog.getByText('Ein Bild können Sie hinzufügen, sobald die Frage gespeichert ist.').waitFor();
    await dialog.getByRole('textbox', { name: 'Frage' }).fill('Welches Zeichen zeigt den Feuerlöscher?');
    for (const [i, answer] of ['Das rote Schild', 'Das grüne Schild', 'Das blaue Schild'].entries())
      await dialog.getByRole('textbox', { name: `Antwort ${i + 1}` }).fill(answer);
    await dialog.getByRole('checkbox', { name: 'Antwort 1 ist richtig' }).check();
    await dialog.getByRole('spinbutton', { name: 'Folie von' }).fill('2');
    await dialog.getByRole('spinbutton', { name: 'Folie bis' }).fill('2');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Die Frage wurde gespeichert.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('topic-question').getByText('Folie 2').waitFor();

    await page.getByRole('button', { name: 'Frage 1 bearbeiten' }).click();
    const edit = page.getByRole('dialog', { name: 'Frage 1 bearbeiten' });
    const imageInput = edit.getByTestId('question-image-input');
    await imageInput.setInputFiles({ name: 'schild.gif', mimeType: 'image/gif', buffer: png() });
    await edit
      .getByTestId('question-image-error')
      .getByText(
        'Das Bild muss eine PNG-, JPEG- oder WebP-Datei sein. Bitte wählen Sie ein solches Bild aus.',
      )
      .waitFor();
    await imageInput.setInputFiles({ name: 'schild.png', mimeType: 'image/png', buffer: png() });
    await edit.getByRole('img', { name: 'Welches Zeichen zeigt den Feuerlöscher?' }).waitFor();
    await expectAccessible(page); // the dialog with the image
    // The image moved the question's version on; a save of the form afterwards is not stale.
    await edit.getByRole('textbox', { name: 'Frage' }).fill('Welches Schild zeigt den Feuerlöscher?');
    await edit.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Die Frage wurde gespeichert.').waitFor();
    await edit.waitFor({ state: 'hidden' });
    await page.getByTestId('topic-question').getByText('Bild', { exact: true }).waitFor();
    await context.close();

    await releaseAndAssign(admin, created.id, employeeId);

    // The employee: slide 1, next → slide 2 asks the question (with its image), no further until answered.
    const run = await newPage(browser);
    const employeePage = run.page;
    await signIn(employeePage, 'mitarbeiter', '/instructions/mine');
    await openRun(employeePage, label);
    await onSlide(employeePage, 1, 3);
    await employeePage.getByTestId('run-watch-slides').waitFor();
    expect(await employeePage.getByTestId('run-question').count()).toBe(0);
    await expectAccessible(employeePage);
    await employeePage.getByRole('button', { name: 'Nächste Folie' }).click();
    await onSlide(employeePage, 2, 3);
    await employeePage
      .getByTestId('run-question')
      .getByText('Welches Schild zeigt den Feuerlöscher?')
      .waitFor();
    await employeePage.getByRole('img', { name: 'Welches Schild zeigt den Feuerlöscher?' }).waitFor();
    expect(await employeePage.getByRole('button', { name: 'Nächste Folie' }).isDisabled()).toBe(true);
    await employeePage.getByText('Bitte beantworten Sie zuerst die Frage zu dieser Folie.').waitFor();
    await expectAccessible(employeePage); // the question at its slide

    // A wrong answer first (German message), then the right one.
    await employeePage.getByRole('checkbox', { name: 'Das grüne Schild' }).check();
    await employeePage.getByRole('button', { name: 'Antwort prüfen' }).click();
    await employeePage
      .getByTestId('answer-result')
      .getByText(/Leider falsch/)
      .waitFor();
    await employeePage.getByRole('checkbox', { name: 'Das rote Schild' }).check();
    await employeePage.getByRole('button', { name: 'Antwort prüfen' }).click();
    await employeePage.getByTestId('answer-result').getByText('Richtig!').waitFor();
    await employeePage.getByRole('button', { name: 'Nächste Folie' }).click();
    await onSlide(employeePage, 3, 3);

    // The browser closes halfway: the run resumes at slide 3.
    await employeePage.reload();
    await onSlide(employeePage, 3, 3);

    // The keyboard: the arrow keys on the slides.
    await employeePage.getByRole('region', { name: /Präsentation – mit den Pfeiltasten/ }).focus();
    await employeePage.keyboard.press('ArrowLeft');
    await onSlide(employeePage, 2, 3);
    await employeePage.keyboard.press('ArrowRight');
    await onSlide(employeePage, 3, 3);

    await employeePage.getByRole('button', { name: 'Präsentation abschließen' }).click();
    await employeePage.getByTestId('run-passed').getByText('Unterweisung bestanden').waitFor();
    await run.context.close();
  });

  it('an administrator downloads the presentation and removes it', async () => {
    const label = `Entfernen Folien ${suffix}`;
    const created = await createTopic(admin, label);
    await admin.upload(
      `/api/topics/${created.id}/presentation?version=${created.version}&fileName=alt.pdf`,
      await slidesPdf(2),
    );
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', `/instructions/edit/${created.id}`);
    await page.getByTestId('topic-presentation').getByText('alt.pdf · 2 Seiten').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'PDF herunterladen' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('alt.pdf');
    await page.getByRole('button', { name: 'Präsentation entfernen' }).click();
    const confirm = page.getByRole('dialog', { name: 'Präsentation entfernen?' });
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Präsentation entfernen' }).click();
    await page.getByTestId('topic-presentation-none').waitFor();
    await page.getByText('Die Präsentation wurde entfernt.').waitFor();
    const stored = await admin.call<{ presentation: unknown }>('get', `/api/topics/${created.id}`);
    expect(stored.presentation).toBeNull();
    await context.close();
  });

  it('works on a phone (390 px): the slides fit, the question shows at its slide', async () => {
    const label = `Handy Folien ${suffix}`;
    const created = await createTopic(admin, label);
    const withSlides = await admin.upload<TopicData>(
      `/api/topics/${created.id}/presentation?version=${created.version}&fileName=handy.pdf`,
      await slidesPdf(2),
    );
    const withQuestion = await admin.call<TopicData>('post', `/api/topics/${withSlides.id}/questions`, {
      text: 'Wohin führt der Fluchtweg?',
      answers: [
        { text: 'Ins Freie', right: true },
        { text: 'In den Keller', right: false },
        { text: 'Aufs Dach', right: false },
      ],
      slideFrom: 2,
      slideTo: 2,
    });
    const question = withQuestion.questions[0]!;
    await admin.upload(
      `/api/topics/${created.id}/questions/${question.id}/image?version=${question.version}`,
      png(),
    );
    await releaseAndAssign(admin, created.id, employeeId);

    const { context, page } = await newPage(browser, { phone: true });
    await signIn(page, 'mitarbeiter', '/instructions/mine');
    await openRun(page, label);
    await onSlide(page, 1, 2);
    const noSideways = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await noSideways();
    const canvas = await page.getByTestId('presentation-canvas').boundingBox();
    expect(canvas?.width ?? 0).toBeLessThanOrEqual(390);
    expect(canvas?.width ?? 0).toBeGreaterThan(250);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Nächste Folie' }).click();
    await onSlide(page, 2, 2);
    await page.getByRole('img', { name: 'Wohin führt der Fluchtweg?' }).waitFor();
    await noSideways();
    await expectAccessible(page);
    await page.getByRole('checkbox', { name: 'Ins Freie' }).check();
    await page.getByRole('button', { name: 'Antwort prüfen' }).click();
    await page.getByTestId('answer-result').getByText('Richtig!').waitFor();
    await page.getByRole('button', { name: 'Präsentation abschließen' }).click();
    await page.getByTestId('run-passed').waitFor();
    await context.close();
  });
});
