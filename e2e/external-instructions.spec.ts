import fs from 'node:fs/promises';
import { PDFParse } from 'pdf-parse';
import type { APIRequestContext, Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slidesPdf, tinyPng } from '../apps/server/test/file-fixtures.ts';
import { CSRF_HEADER } from '../packages/shared/src/constants.ts';
import { expectAccessible } from './support/a11y.ts';
import { ACCOUNTS } from './support/accounts.ts';
import { baseUrl, launchBrowser, listRows, newPage, signIn } from './support/browser.ts';

const suffix = Date.now().toString(36).toUpperCase();
let topicCounter = 0;

/** The admin's API session (data set-up only; the pages are driven through the browser). */
async function adminSession(browser: Browser) {
  const context = await browser.newContext({ baseURL: baseUrl() });
  const request: APIRequestContext = context.request;
  const csrf = ((await (await request.get('/api/auth/csrf')).json()) as { data: { token: string } }).data
    .token;
  const login = await request.post('/api/auth/login_local', {
    data: ACCOUNTS.admin,
    headers: { [CSRF_HEADER]: csrf },
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}`, [CSRF_HEADER]: csrf };
  const call = async <T>(method: 'get' | 'post', url: string, data?: unknown): Promise<T> => {
    const res = await request[method](url, { headers, ...(data === undefined ? {} : { data }) });
    if (!res.ok()) throw new Error(`${method} ${url}: ${res.status()} ${await res.text()}`);
    return ((await res.json()) as { data: T }).data;
  };
  /** A raw file upload (the topic's presentation, a question's image). */
  const upload = async <T>(url: string, body: Buffer, type: string): Promise<T> => {
    const res = await request.post(url, { headers: { ...headers, 'content-type': type }, data: body });
    if (!res.ok()) throw new Error(`upload ${url}: ${res.status()} ${await res.text()}`);
    return ((await res.json()) as { data: T }).data;
  };
  return { call, upload, close: () => context.close() };
}
type Api = Awaited<ReturnType<typeof adminSession>>;

type TopicAnswer = { version: number; questions: { id: number; version: number }[] };

/**
 * A released topic with the given questions; with `slides` a presentation of that many pages, and the first
 * question with an image (decision 078).
 */
async function topic(
  admin: Api,
  label: string,
  questions: { text: string; answers: [string, boolean][] }[],
  slides = 0,
) {
  const created = await admin.call<{ id: number; version: number }>('post', '/api/topics', {
    label,
    identifier: `EXT-${suffix}-${++topicCounter}`,
    intervalDays: 365,
    durationDays: 365,
    minutes: 5,
  });
  let current: TopicAnswer = { version: created.version, questions: [] };
  if (slides > 0)
    current = await admin.upload<TopicAnswer>(
      `/api/topics/${created.id}/presentation?version=${current.version}&fileName=Werksgelaende.pdf`,
      await slidesPdf(slides),
      'application/pdf',
    );
  for (const q of questions)
    current = await admin.call<TopicAnswer>('post', `/api/topics/${created.id}/questions`, {
      text: q.text,
      answers: q.answers.map(([text, right]) => ({ text, right })),
    });
  const first = current.questions[0];
  if (slides > 0 && first)
    current = await admin.upload<TopicAnswer>(
      `/api/topics/${created.id}/questions/${first.id}/image?version=${first.version}`,
      tinyPng(),
      'image/png',
    );
  await admin.call('post', `/api/topics/${created.id}/release`, { version: current.version });
  return created.id;
}

async function pdfText(file: string): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(await fs.readFile(file)) });
  const text = (await parser.getText()).text;
  await parser.destroy();
  return text.replace(/\s+/g, ' ');
}

describe('external instructions', () => {
  let browser: Browser;
  let admin: Api;
  const locationName = `Werk Kiosk ${suffix}`;
  const safety = `Sicherheit am Werkstor ${suffix}`;
  const fire = `Brandschutz für Besucher ${suffix}`;
  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await adminSession(browser);
    await admin.call('post', '/api/locations', { parentId: null, name: locationName });
    await topic(
      admin,
      safety,
      [
        {
          text: 'Wo dürfen Besucher gehen?',
          answers: [
            ['Nur auf markierten Wegen', true],
            ['Überall', false],
            ['Durch die Halle', false],
          ],
        },
        {
          text: 'Was tragen Sie in der Halle?',
          answers: [
            ['Sandalen', false],
            ['Warnweste', true],
            ['Nichts Besonderes', false],
          ],
        },
      ],
      2,
    );
    await topic(admin, fire, [
      {
        text: 'Was tun Sie bei Alarm?',
        answers: [
          ['Zum Sammelplatz gehen', true],
          ['Weiterarbeiten', false],
          ['Im Raum bleiben', false],
        ],
      },
    ]);
  });
  afterAll(async () => {
    await admin?.close();
    await browser?.close();
  });

  it('the administrator offers a location with its topics for external persons', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', '/instructions/external?tab=sites');
    await page.getByRole('button', { name: `Externe Unterweisung für ${locationName} bearbeiten` }).click();
    const dialog = page.getByRole('dialog', { name: `Externe Unterweisung: ${locationName}` });
    await dialog.getByLabel('Am Terminal für Externe anbieten').check();
    const topics = dialog.getByLabel('Themen für Externe');
    for (const label of [safety, fire]) {
      await topics.fill(label);
      await page.getByRole('option', { name: new RegExp(label) }).click();
    }
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.waitFor({ state: 'detached' });
    const site = page.getByTestId('external-site').filter({ hasText: locationName });
    await site.getByText('Am Terminal angeboten').waitFor();
    await site.getByText(new RegExp(`${safety}.*${fire}`)).waitFor();
    await context.close();
  });

  it('a visitor at the kiosk (390 px) enters their data, sees the slides, restarts after a wrong answer, passes and gets the certificate and the badge; the record is listed', async () => {
    const { context, page } = await newPage(browser, { phone: true });
    /** Pages through the current topic's presentation to its questions. */
    const slides = async (pages: number) => {
      await page.getByTestId('kiosk-presentation').waitFor();
      for (let n = 1; n <= pages; n++) {
        await page.getByTestId('kiosk-presentation-position').getByText(`Folie ${n} von ${pages}`).waitFor();
        await page.locator(`[data-testid="kiosk-presentation-canvas"][data-page="${n}"]`).waitFor();
        if (n === 1) await expectAccessible(page);
        await page
          .getByRole('button', { name: n < pages ? 'Nächste Folie' : 'Weiter zu den Fragen' })
          .click();
      }
      await page.getByTestId('kiosk-presentation').waitFor({ state: 'detached' });
    };
    await page.goto('/external');
    // Public: no sign-in, no navigation into the app.
    await page.getByRole('heading', { name: 'Bitte wählen Sie den Standort, den Sie besuchen' }).waitFor();
    expect(await page.getByRole('navigation').count()).toBe(0);
    await page.getByRole('button', { name: locationName }).click();
    await page.getByRole('heading', { name: `Ihre Angaben für ${locationName}` }).waitFor();
    await page.getByTestId('kiosk-required-hint').waitFor();

    // Bad input: every field is required, with German messages.
    await page.getByLabel('Vorname').fill('Erika');
    await page.getByRole('button', { name: 'Unterweisung beginnen' }).click();
    await page.getByText('Bitte geben Sie Ihren Nachnamen an.').waitFor();
    await page.getByText('Bitte geben Sie Ihre Firma an.').waitFor();
    await page.getByText('Bitte geben Sie Ihre Ausweisnummer an.').waitFor();
    await page.getByText('Bitte geben Sie den Grund Ihres Besuchs an.').waitFor();
    await expectAccessible(page);
    await page.getByLabel('Nachname').fill(`Besucherin${suffix}`);
    await page.getByLabel('Firma').fill('Lüftungsbau Nord GmbH');
    await page.getByLabel('Ausweisnummer').fill('L01X00T47');
    await page.getByLabel('Grund des Besuchs').fill('Wartung der Lüftungsanlage');
    await page.getByRole('button', { name: 'Unterweisung beginnen' }).click();

    // The first topic: its slides first (decision 078), then its questions, the first with its image.
    await page.getByRole('heading', { name: safety }).waitFor();
    await slides(2);
    await page.getByTestId('kiosk-question').filter({ hasText: 'Wo dürfen Besucher gehen?' }).waitFor();
    await page.getByRole('img', { name: 'Wo dürfen Besucher gehen?' }).waitFor();
    await page.getByRole('button', { name: 'Antwort prüfen' }).click();
    await page.getByText('Bitte wählen Sie mindestens eine Antwort.').waitFor();
    await page.getByRole('checkbox', { name: 'Nur auf markierten Wegen' }).check();
    await page.getByRole('button', { name: 'Antwort prüfen' }).click();
    await page.getByTestId('kiosk-question').filter({ hasText: 'Was tragen Sie in der Halle?' }).waitFor();
    await page.getByRole('checkbox', { name: 'Sandalen' }).check();
    await page.getByRole('button', { name: 'Antwort prüfen' }).click();
    await page
      .getByTestId('kiosk-answer-result')
      .filter({ hasText: 'beginnt die Unterweisung von vorn' })
      .waitFor();
    await page
      .getByTestId('kiosk-topic-progress')
      .filter({ hasText: 'Thema 1 von 2 · 2. Versuch' })
      .waitFor();
    await expectAccessible(page);

    // The whole instruction again, right this time — the slides of the first topic again.
    await slides(2);
    await page.getByTestId('kiosk-question').filter({ hasText: 'Wo dürfen Besucher gehen?' }).waitFor();
    await page.getByRole('checkbox', { name: 'Nur auf markierten Wegen' }).check();
    await page.getByRole('button', { name: 'Antwort prüfen' }).click();
    await page.getByTestId('kiosk-question').filter({ hasText: 'Was tragen Sie in der Halle?' }).waitFor();
    await page.getByRole('checkbox', { name: 'Warnweste' }).check();
    await page.getByRole('button', { name: 'Antwort prüfen' }).click();
    await page.getByRole('heading', { name: fire }).waitFor();
    await page.getByRole('checkbox', { name: 'Zum Sammelplatz gehen' }).check();
    await page.getByRole('button', { name: 'Antwort prüfen' }).click();

    await page.getByRole('heading', { name: 'Unterweisung abgeschlossen' }).waitFor();
    await page.getByTestId('kiosk-done').getByText(safety).waitFor();
    await expectAccessible(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Nachweis herunterladen' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Unterweisungsnachweis_.*\.pdf$/);
    const text = await pdfText((await download.path()) as string);
    expect(text).toContain('Unterweisungsnachweis für Externe');
    expect(text).toContain(`Erika Besucherin${suffix}`);
    expect(text).toContain('Lüftungsbau Nord GmbH');
    expect(text).toContain(locationName);
    expect(text).toContain(safety);
    expect(text).toContain(fire);
    const [badge] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Besucherausweis herunterladen' }).click(),
    ]);
    expect(badge.suggestedFilename()).toMatch(/^Besucherausweis_.*\.pdf$/);
    const badgeText = await pdfText((await badge.path()) as string);
    expect(badgeText).toContain('BESUCHERAUSWEIS');
    expect(badgeText).toContain(`Erika Besucherin${suffix}`);
    expect(badgeText).toContain(locationName);
    // „Fertig“ leaves nothing for the next visitor.
    await page.getByRole('button', { name: 'Fertig' }).click();
    await page.getByRole('heading', { name: 'Bitte wählen Sie den Standort, den Sie besuchen' }).waitFor();
    await context.close();

    // The administrator sees the record.
    const desk = await newPage(browser);
    await signIn(desk.page, 'admin', '/instructions/external');
    await desk.page.getByLabel('Suchen').fill(`Besucherin${suffix}`);
    const row = listRows(desk.page, 'Nachweise').filter({ hasText: `Besucherin${suffix}, Erika` });
    await row.filter({ hasText: 'Lüftungsbau Nord GmbH' }).waitFor();
    await row.getByText(/Bestanden, gültig bis/).waitFor();
    const [fromList] = await Promise.all([
      desk.page.waitForEvent('download'),
      row
        .getByRole('button', { name: `Besucherausweis für Erika Besucherin${suffix} herunterladen` })
        .click(),
    ]);
    expect(fromList.suggestedFilename()).toMatch(/^Besucherausweis_.*\.pdf$/);
    await desk.context.close();
  });
});
