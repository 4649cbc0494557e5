import { readFile } from 'node:fs/promises';
import { PDFParse } from 'pdf-parse';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridTotal, launchBrowser, newPage, signIn, waitUntil } from './support/browser.ts';
import { pickRow as pick, pickBricks } from './support/pickers.ts';
import { attachQuestionnaire } from './support/questionnaires.ts';

const suffix = Date.now().toString(36).toUpperCase();

async function pdfText(download: Download): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(await readFile(await download.path())) });
  const text = (await parser.getText()).text;
  await parser.destroy();
  return text.replace(/\s+/g, ' ');
}

/** Creates an assessment at Tanklager Nord with the given bricks through the create dialog. */
async function createAssessment(page: Page, name: string, bricks: string[]) {
  await page.goto('/hazardanalysis/list');
  await page.getByRole('button', { name: 'Neu', exact: true }).click();
  const create = page.getByRole('dialog', { name: 'Neue Gefährdungsbeurteilung anlegen' });
  await create.getByLabel('Bezeichnung').fill(name);
  await create.getByRole('textbox', { name: /^Ort/ }).click();
  await pick(page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' }), 'Tanklager', /Tanklager Nord/);
  if (bricks.length > 0) {
    await create.getByTestId('bricks-field').click();
    await pickBricks(page, bricks);
  }
  await create.getByRole('button', { name: 'Anlegen' }).click();
  await page.waitForURL(/\/hazardanalysis\/\d+$/);
}

describe('printing hazard assessments', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('prints one released assessment from the editor and the reference view', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    await createAssessment(page, `Druck-GB ${suffix}`, ['M-01', 'E-01']);
    await page.getByTestId('hazard-row-1').waitFor();

    // Rate the first hazard in the NOHL grid.
    await page.getByTestId('hazard-row-0').getByRole('button', { name: 'Gefährdung bearbeiten' }).click();
    const dialog = page.getByRole('dialog', { name: /Gefährdung bearbeiten/ });
    await dialog
      .getByTestId('rating-before')
      .getByRole('radio', { name: 'Wahrscheinlichkeit hoch, schwere Verletzung: Risiko 6 (hohes Risiko)' })
      .click();
    await dialog.getByLabel('Ursache').fill('Offene Schutzhaube am Rührwerk');
    await dialog.getByRole('button', { name: 'Übernehmen', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('hazard-row-0').getByText('6 – hohes Risiko').waitFor();

    await page.getByRole('button', { name: 'Freigeben', exact: true }).click();
    const release = page.getByRole('dialog', { name: 'Gefährdungsbeurteilung freigeben' });
    await release.getByLabel('Nächste Prüfung').fill('2099-12-31');
    await release.getByRole('button', { name: 'Freigeben' }).click();
    await release.waitFor({ state: 'hidden' });
    await page.getByTestId('version-chip').getByText('Version 1 · freigegeben').waitFor();

    let download = page.waitForEvent('download');
    await page.getByTestId('print-assessment').click();
    let file = await download;
    expect(file.suggestedFilename()).toMatch(
      new RegExp(`^Gefährdungsbeurteilung_Druck-GB ${suffix}_.*\\.pdf$`),
    );
    let text = await pdfText(file);
    expect(text).toContain(`Gefährdungsbeurteilung: Druck-GB ${suffix}`);
    expect(text).toContain('Ungeschützt bewegte Maschinenteile');
    expect(text).toContain('Offene Schutzhaube am Rührwerk');
    expect(text).toContain('6 – hohes Risiko');
    expect(text).toContain('Freigegeben');
    expect(text).toContain('Risikomatrix nach Nohl');
    for (const label of ['sehr gering', 'mittel', 'hoch', 'leichte Verletzung', 'tödliche Verletzung']) {
      expect(text).toContain(label);
    }
    expect(text).toContain('Unterschrift');

    // The frozen version prints from its snapshot.
    await page.getByTestId('versions').getByRole('link', { name: 'Ansehen' }).click();
    await page.waitForURL(/\/hazardanalysis\/ref\/\d+$/);
    download = page.waitForEvent('download');
    await page.getByTestId('print-assessment').click();
    file = await download;
    text = await pdfText(file);
    expect(text).toContain('Freigegeben (Version 1, eingefroren)');
    expect(text).toContain('Ungeschützt bewegte Maschinenteile');
    await context.close();
  });

  it('prints the list only after a search, refuses when nothing is printable, else prints the report', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    await createAssessment(page, `Leer-GB ${suffix}`, []);
    await createAssessment(page, `Liste-GB ${suffix}`, ['M-01']);
    // Only assessments with a questionnaire (route) are printable (spec shell §5.2).
    await attachQuestionnaire(
      page,
      Number(new URL(page.url()).pathname.split('/').pop()),
      `Liste-GB ${suffix}`,
    );

    await page.goto('/hazardanalysis/list');
    const print = page.getByRole('button', { name: 'Drucken' });
    await print.click();
    await page.getByText('Eine Auswertung ohne vorherige Filterung ist nicht möglich!').waitFor();

    // Only the assessment without a questionnaire matches: nothing printable.
    await page.getByLabel('Suchen').fill(`Leer-GB ${suffix}`);
    await waitUntil(async () => (await gridTotal(page)) === 1, 'the search applied');
    await print.click();
    await page.getByText('keine druckbaren Datensätze gefunden!').waitFor();

    // The run's assessments: the report covers the printable ones (with a questionnaire) only.
    await page.getByLabel('Suchen').fill(suffix);
    await waitUntil(async () => (await gridTotal(page)) >= 2, 'the search applied');
    await print.click();
    const dialog = page.getByRole('dialog', { name: 'bitte wählen Sie einen Report aus' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Report auswählen' }).click();
    const picker = page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' });
    await picker.getByText('Gefährdungsbeurteilungen – Übersicht').click();
    await picker.waitFor({ state: 'detached' });
    const create = dialog.getByRole('button', { name: 'Report erstellen' });
    // The record count runs first; 30 s for a loaded CI machine (10 s ran out under load).
    await waitUntil(async () => !(await create.isDisabled()), 'create enabled', 30_000);
    const download = page.waitForEvent('download');
    await create.click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^Gefährdungsbeurteilungen – Übersicht_.*\.pdf$/);
    const text = await pdfText(file);
    expect(text).toContain(`Liste-GB ${suffix}`);
    expect(text).not.toContain(`Leer-GB ${suffix}`);
    await context.close();
  });
});
