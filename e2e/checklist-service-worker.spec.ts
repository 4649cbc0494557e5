import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './support/api.ts';
import { launchBrowser, newPage, signIn, waitUntil } from './support/browser.ts';

const suffix = Date.now().toString(36).toUpperCase();
type Instance = { id: number; version: number; answers: Record<string, unknown> };

/** A checklist with one checkbox and an instance to fill (via the API). */
async function prepare(page: Page) {
  const label = `Werkstor offline ${suffix}`;
  const created = await api<{ id: number; version: number }>(page, 'POST', 'checklists', { label });
  const saved = await api(page, 'PUT', `checklists/${created.data.id}`, {
    version: created.data.version,
    label,
    category: '',
    module: 'general',
    active: true,
    requiredProgress: 0,
    cloneMaximum: 0,
    rows: [{ key: 1, label: 'Tor' }],
    columns: [{ key: 1, label: '' }],
    cells: [
      {
        row: 1,
        column: 1,
        element: { type: 'checkbox', label: 'Tor geschlossen', required: false, variable: null },
      },
    ],
    variables: [],
    rights: [],
    locked: false,
  });
  expect(saved.status).toBe(200);
  const first = await api<Instance>(page, 'POST', `checklists/${created.data.id}/instances`);
  return { checklistId: created.data.id, first: first.data.id };
}

/** How many API answers the service worker keeps for the viewer. */
const cachedReads = (page: Page) =>
  page.evaluate(async () => {
    if (!(await caches.has('schutzwerk-viewer'))) return 0;
    return (await (await caches.open('schutzwerk-viewer')).keys()).length;
  });

describe('service worker: the checklist viewer opens without a network (390 px)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('reloads a viewer once loaded while offline, keeps the answers and sends them when online again', async () => {
    const desk = await newPage(browser);
    await signIn(desk.page, 'admin', '/');
    const { checklistId, first } = await prepare(desk.page);
    const url = `/audits/checklist/${checklistId}?instance=${first}`;

    const { page, context } = await newPage(browser, { phone: true, serviceWorker: true });
    await signIn(page, 'admin', url);
    await page.getByRole('checkbox', { name: 'Tor geschlossen' }).waitFor();
    // The worker takes over the page (clients.claim); a reload while online lets it keep the viewer's reads.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await waitUntil(
      () => page.evaluate(() => navigator.serviceWorker.controller !== null),
      'worker in control',
    );
    await page.reload();
    await page.getByRole('checkbox', { name: 'Tor geschlossen' }).waitFor();
    await waitUntil(async () => (await cachedReads(page)) >= 3, 'the viewer reads cached');

    // Without a network: the reload comes from the worker, the viewer says it is offline and keeps answers.
    await context.setOffline(true);
    await page.reload();
    await page.getByText('Sie sind offline.', { exact: false }).first().waitFor();
    await page.getByRole('checkbox', { name: 'Tor geschlossen' }).check();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByTestId('offline-queued').waitFor();

    // Another page load without a network still shows the kept answers; online again they are sent.
    await page.goto(url);
    await page.getByTestId('offline-queued').waitFor();
    expect(await page.getByRole('checkbox', { name: 'Tor geschlossen' }).isChecked()).toBe(true);
    await context.setOffline(false);
    await page.getByText('Die offline erfassten Antworten wurden übertragen.').waitFor();
    await waitUntil(
      async () =>
        (await api<Instance>(desk.page, 'GET', `checklists/${checklistId}/instances/${first}`)).data.answers[
          '1_1'
        ] === true,
      'answer stored on the server',
    );

    // Logout empties the worker's cache of API answers.
    expect(await cachedReads(page)).toBeGreaterThan(0);
    // (On the desk's width the shell shows „Abmelden“ in its bar.)
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await page.waitForURL(/\/login/);
    await waitUntil(async () => (await cachedReads(page)) === 0, 'viewer cache emptied on logout');
    await context.close();
    await desk.context.close();
  });
});
