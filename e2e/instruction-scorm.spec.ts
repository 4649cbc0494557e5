import type { APIRequestContext, Browser, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scormPackage, zipOf } from '../apps/server/test/scorm-packages.ts';
import { CSRF_HEADER } from '../packages/shared/src/constants.ts';
import { expectAccessible } from './support/a11y.ts';
import { ACCOUNTS, type AccountName } from './support/accounts.ts';
import { baseUrl, launchBrowser, listRows, newPage, signIn } from './support/browser.ts';

/**
 * Decision 068: SCORM packages as topic content. The administrator uploads a package (bad files refused in
 * German); the employee runs a SCORM 1.2 package to done after resuming it halfway, and a SCORM 2004 package to
 * done on a phone. The test packages' own script sets completion and score through the API in the frame.
 */

const suffix = Date.now().toString(36).toUpperCase();
let counter = 0;
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
const germanDate = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(2, 4)}`;
const plusDays = (day: string, days: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

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
      headers: { ...headers, 'content-type': 'application/zip' },
      data: body,
    });
    if (!res.ok()) throw new Error(`upload ${url}: ${res.status()} ${await res.text()}`);
    return ((await res.json()) as { data: T }).data;
  };
  return { call, upload, close: () => context.close() };
}
type Api = Awaited<ReturnType<typeof apiSession>>;
type TopicData = { id: number; version: number };

async function createTopic(admin: Api, label: string): Promise<TopicData> {
  return admin.call<TopicData>('post', '/api/topics', {
    label,
    identifier: `SCO-${suffix}-${++counter}`,
    intervalDays: 365,
    durationDays: 365,
    minutes: 5,
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

/** Opens the package of the topic from „Meine Unterweisungen“ and answers the frame. */
async function openPackage(page: Page, label: string, verb: 'starten' | 'fortsetzen'): Promise<FrameLocator> {
  await page.getByLabel('Suchen').fill(label);
  await listRows(page, 'Meine Unterweisungen').filter({ hasText: label }).waitFor();
  await page.getByRole('link', { name: `„${label}“ ${verb}` }).click();
  await page.waitForURL(/\/instructions\/mine\/\d+\/scorm$/);
  return page.frameLocator('[data-testid="scorm-frame"]');
}

describe('SCORM packages', () => {
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

  it('an administrator uploads a SCORM 1.2 package; the employee stops halfway, resumes and completes it', async () => {
    const label = `Gefahrstoffe SCORM ${suffix}`;
    const created = await createTopic(admin, label);

    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', `/instructions/edit/${created.id}`);
    const section = page.getByTestId('topic-scorm');
    await section.getByText('Kein SCORM-Paket hinterlegt.').waitFor();
    const input = page.getByTestId('scorm-input');
    await input.setInputFiles({ name: 'kurs.txt', mimeType: 'text/plain', buffer: Buffer.from('Text') });
    await page
      .getByTestId('scorm-error')
      .getByText('Bitte wählen Sie eine ZIP-Datei (Endung .zip) aus.')
      .waitFor();
    await input.setInputFiles({
      name: 'ohne-manifest.zip',
      mimeType: 'application/zip',
      buffer: zipOf([{ name: 'index.html', data: '<p>x</p>' }]),
    });
    await page
      .getByTestId('scorm-error')
      .getByText(/Im Paket fehlt die Datei „imsmanifest.xml“/)
      .waitFor();
    await input.setInputFiles({
      name: 'gefahrstoffe-12.zip',
      mimeType: 'application/zip',
      buffer: scormPackage('1.2', { title: 'Gefahrstoffe kompakt', score: 80 }),
    });
    await page.getByText('Das SCORM-Paket wurde gespeichert.').waitFor();
    await page
      .getByTestId('topic-scorm-info')
      .getByText('Gefahrstoffe kompakt · SCORM 1.2 · gefahrstoffe-12.zip')
      .waitFor();
    await expectAccessible(page);
    await context.close();

    await releaseAndAssign(admin, created.id, employeeId);

    // The employee: step 1, „Weiter“ saves step 2 (suspend data) through LMSCommit; the browser closes.
    const run = await newPage(browser);
    await signIn(run.page, 'mitarbeiter', '/instructions/mine');
    let frame = await openPackage(run.page, label, 'starten');
    await frame.getByText('Schritt 1 von 2').waitFor();
    await frame
      .getByText(/^Prüfer|, /)
      .first()
      .waitFor();
    await expectAccessible(run.page);
    await frame.getByRole('button', { name: 'Weiter' }).click();
    await frame.getByText('Schritt 2 von 2 (gespeichert)').waitFor();
    await run.page
      .getByTestId('scorm-status')
      .getByText(/Lernstand gespeichert um/)
      .waitFor();
    await run.context.close();

    // Next day's session: from „Meine Unterweisungen“ it resumes at step 2, then completes with the score.
    const again = await newPage(browser);
    await signIn(again.page, 'mitarbeiter', '/instructions/mine');
    frame = await openPackage(again.page, label, 'fortsetzen');
    await frame.getByText('Fortgesetzt: Schritt 2 von 2 (seite-2)').waitFor();
    await again.page
      .getByText('Sie setzen dort fort, wo Sie zuletzt aufgehört haben.', { exact: false })
      .waitFor();
    await frame.getByRole('button', { name: 'Abschließen' }).click();
    await frame.getByText('Abgeschlossen').waitFor();
    await again.page
      .getByTestId('scorm-status')
      .getByText(`Abgeschlossen. Gültig bis ${germanDate(plusDays(today, 365))}. Punktzahl: 80`)
      .waitFor();
    await expectAccessible(again.page);
    await again.page.getByRole('link', { name: 'Zurück zu „Meine Unterweisungen“' }).click();
    await again.page.getByLabel('Erledigte anzeigen').check();
    await listRows(again.page, 'Meine Unterweisungen')
      .filter({ hasText: label })
      .filter({ hasText: 'erledigt' })
      .waitFor();
    await again.context.close();
  });

  it('an employee completes a SCORM 2004 package on a phone (390 px)', async () => {
    const label = `Ergonomie SCORM ${suffix}`;
    const created = await createTopic(admin, label);
    await admin.upload(
      `/api/topics/${created.id}/scorm?version=0&fileName=ergonomie-2004.zip`,
      scormPackage('2004', { title: 'Ergonomie am Arbeitsplatz', score: 90 }),
    );
    await releaseAndAssign(admin, created.id, employeeId);

    const { context, page } = await newPage(browser, { phone: true });
    await signIn(page, 'mitarbeiter', '/instructions/mine');
    const frame = await openPackage(page, label, 'starten');
    await frame.getByText('Schritt 1 von 2').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectAccessible(page);
    await frame.getByRole('button', { name: 'Weiter' }).click();
    await frame.getByText('Schritt 2 von 2 (gespeichert)').waitFor();
    await frame.getByRole('button', { name: 'Abschließen' }).click();
    await page
      .getByTestId('scorm-status')
      .getByText(`Abgeschlossen. Gültig bis ${germanDate(plusDays(today, 365))}. Punktzahl: 90`)
      .waitFor();
    await context.close();
  });
});
