import fs from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridTotal, launchBrowser, listRows, newPage, signIn, waitUntil } from './support/browser.ts';

const suffix = Date.now().toString(36).toUpperCase();
type BricksFile = { kind: string; formatVersion: number; bricks: { identifier: string; title: string }[] };
const asFile = (name: string, content: unknown) => ({
  name,
  mimeType: 'application/json',
  buffer: Buffer.from(typeof content === 'string' ? content : JSON.stringify(content)),
});

describe('hazard brick import and export', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('exports the search result, imports it under a new identifier, refuses an existing identifier and an empty file', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', '/hazardbricks/list');
    await page.getByLabel('Suchen').fill('Elektrischer Schlag');
    await waitUntil(
      async () => (await gridTotal(page, 'Gefährdungsbausteine')) === 1,
      'search narrows to E-01',
    );

    // Export: the search result as a JSON file.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportieren' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^gefaehrdungsbausteine-\d{4}-\d\d-\d\d\.hazardbricks\.json$/,
    );
    const file = JSON.parse(await fs.readFile(await download.path(), 'utf8')) as BricksFile;
    expect(file.kind).toBe('schutzwerk-hazard-bricks');
    expect(file.bricks.map((b) => b.identifier)).toEqual(['E-01']);

    // Import the same file under a new identifier.
    const identifier = `IMP-${suffix}`;
    const renamed = {
      ...file,
      bricks: file.bricks.map((b) => ({ ...b, identifier, title: `Importierter Stromschlag ${suffix}` })),
    };
    const input = page.getByTestId('hazard-bricks-import-input');
    await input.setInputFiles(asFile('bausteine.json', renamed));
    await page.getByText('1 Gefährdungsbaustein wurde importiert.').waitFor();
    await page.getByLabel('Suchen').fill(suffix);
    await listRows(page, 'Gefährdungsbausteine').getByText(identifier).waitFor();

    // The identifier exists now: the whole file is refused and the identifier named.
    await input.setInputFiles(asFile('bausteine.json', renamed));
    await page.getByRole('alert').getByText(`gibt es bereits: ${identifier}`, { exact: false }).waitFor();
    expect(await gridTotal(page, 'Gefährdungsbausteine')).toBe(1);

    // A file without data.
    await input.setInputFiles(asFile('leer.json', { ...file, bricks: [] }));
    await page
      .getByRole('alert')
      .getByText('Die Datei enthält keine Gefährdungsbausteine. Es wurde nichts importiert.')
      .waitFor();

    // Clean up: delete the imported brick (other specs share the demo database).
    await listRows(page, 'Gefährdungsbausteine').getByText(identifier).click();
    await page.waitForURL(/\/hazardbricks\/edit\/\d+$/);
    await page.getByRole('button', { name: 'Löschen' }).click();
    await page
      .getByRole('dialog', { name: 'Gefährdungsbaustein löschen?' })
      .getByRole('button', { name: 'Löschen' })
      .click();
    await page.getByText('Der Gefährdungsbaustein wurde gelöscht.').waitFor();
    await context.close();
  });

  it('shows the buttons only with the import right', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'sifa', '/hazardbricks/list');
    await page.getByRole('grid', { name: 'Gefährdungsbausteine' }).waitFor();
    expect(await page.getByRole('button', { name: 'Exportieren' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Importieren …' }).count()).toBe(0);
    await context.close();
  });
});
