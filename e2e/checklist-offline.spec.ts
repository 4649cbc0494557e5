import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './support/api.ts';
import { launchBrowser, newPage, signIn, waitUntil } from './support/browser.ts';

const suffix = Date.now().toString(36).toUpperCase();
/** A 1 × 1 PNG (a photo as far as the upload is concerned). */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

type Instance = { id: number; version: number; answers: Record<string, unknown>; status: string };

/** A checklist with a checkbox and a number, and one instance to fill (via the API). */
async function prepare(page: Page): Promise<{ checklistId: number; instanceId: number }> {
  const label = `Rundgang offline ${suffix}`;
  const created = await api<{ id: number; version: number }>(page, 'POST', 'checklists', { label });
  const saved = await api(page, 'PUT', `checklists/${created.data.id}`, {
    version: created.data.version,
    label,
    category: '',
    module: 'general',
    active: true,
    requiredProgress: 0,
    cloneMaximum: 0,
    rows: [
      { key: 1, label: 'Fluchtwege' },
      { key: 2, label: 'Lärm' },
    ],
    columns: [{ key: 1, label: '' }],
    cells: [
      {
        row: 1,
        column: 1,
        element: { type: 'checkbox', label: 'Notausgang frei', required: false, variable: null },
      },
      {
        row: 2,
        column: 1,
        element: {
          type: 'number',
          label: 'Lärmpegel',
          required: false,
          kind: 'float',
          min: 0,
          max: 200,
          variable: null,
        },
      },
    ],
    variables: [],
    rights: [],
    locked: false,
  });
  expect(saved.status).toBe(200);
  const instance = await api<Instance>(page, 'POST', `checklists/${created.data.id}/instances`);
  return { checklistId: created.data.id, instanceId: instance.data.id };
}

/** How many fills the offline store of the page holds (IndexedDB 'schutzwerk-offline'). */
function keptFills(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('schutzwerk-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('fills')) return resolve(0);
          const count = db.transaction('fills').objectStore('fills').count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error);
        };
      }),
  );
}

describe('checklist viewer offline (shop floor, 390 px)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('keeps answers on the device while offline, syncs them when online again and shows a conflict with both values', async () => {
    const desk = await newPage(browser);
    await signIn(desk.page, 'admin', '/');
    const { checklistId, instanceId } = await prepare(desk.page);
    const url = `/audits/checklist/${checklistId}?instance=${instanceId}`;
    const stored = async () =>
      (await api<Instance>(desk.page, 'GET', `checklists/${checklistId}/instances/${instanceId}`)).data;

    const phone = await newPage(browser, { phone: true });
    const { page, context } = phone;
    await signIn(page, 'admin', url);
    const level = page.getByRole('textbox', { name: 'Lärmpegel' });
    await level.fill('70');

    // A photo from the camera: the file input asks the phone for an image from its camera.
    const photos = page.getByRole('region', { name: 'Fotos und Dateien' });
    await photos.getByRole('button', { name: 'Foto aufnehmen' }).click();
    const upload = page.getByRole('dialog', { name: 'Datei hochladen' });
    const input = upload.getByTestId('document-file-input');
    expect(await input.getAttribute('accept')).toBe('image/*');
    expect(await input.getAttribute('capture')).toBe('environment');
    const photo = `Notausgang ${suffix}`;
    await input.setInputFiles({
      name: `${photo}.png`,
      mimeType: 'image/png',
      buffer: Buffer.from(PNG, 'base64'),
    });
    await upload.getByRole('button', { name: 'Datei hochladen' }).click();
    await upload.waitFor({ state: 'hidden' });
    await photos.getByRole('link', { name: photo }).waitFor();

    // Offline: the viewer says so; saving keeps the answers on the device.
    await context.setOffline(true);
    await page.getByText('Ihre Antworten bleiben auf diesem Gerät gespeichert', { exact: false }).waitFor();
    await page.getByRole('checkbox', { name: /Notausgang frei/ }).check();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Offline gespeichert', { exact: false }).first().waitFor();
    await page.getByTestId('offline-queued').waitFor();
    expect(await keptFills(page)).toBe(1);
    expect((await stored()).answers).toEqual({});

    // Online again: sent without a click.
    await context.setOffline(false);
    await page.getByText('Die offline erfassten Antworten wurden übertragen.').waitFor();
    await waitUntil(async () => (await stored()).answers['2_1'] === 70, 'answers stored on the server');
    expect((await stored()).answers['1_1']).toBe(true);
    await waitUntil(async () => (await keptFills(page)) === 0, 'offline store emptied');

    // Conflict: offline again, a new value here, and meanwhile someone saves another one on the server.
    await context.setOffline(true);
    await level.fill('90');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByTestId('offline-queued').waitFor();
    const current = await stored();
    const other = await api(desk.page, 'PUT', `checklists/${checklistId}/instances/${instanceId}`, {
      version: current.version,
      answers: { ...current.answers, '2_1': 75 },
      results: {},
      status: 'undone',
    });
    expect(other.status).toBe(200);
    await context.setOffline(false);
    const conflict = page.getByTestId('offline-conflict');
    await conflict.getByText('Meine Eingabe: 90').waitFor();
    await conflict.getByText('Stand auf dem Server: 75').waitFor();
    // Nothing was overwritten while the choice is open.
    expect((await stored()).answers['2_1']).toBe(75);
    await conflict.getByRole('button', { name: 'Auswahl speichern' }).click();
    await page.getByText('Die offline erfassten Antworten wurden übertragen.').first().waitFor();
    await waitUntil(async () => (await stored()).answers['2_1'] === 90, 'the chosen value stored');
    await context.close();
    await desk.context.close();
  });
});
