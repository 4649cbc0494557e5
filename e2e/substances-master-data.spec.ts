import PDFDocument from 'pdfkit';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y.ts';
import { launchBrowser, newPage, signIn, waitUntil } from './support/browser.ts';
import { chooseRow } from './support/pickers.ts';

const suffix = Date.now().toString(36).toUpperCase();

async function pdf(lines: string[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 40 });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  doc.fontSize(9);
  for (const line of lines) doc.text(line);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/** A mixture whose tables (sections 3, 8, 13, 14) arrive flattened into lines, values split over lines. */
function mixtureSheet(name: string): string[] {
  return [
    'SICHERHEITSDATENBLATT gemäß Verordnung (EG) Nr. 1907/2006',
    'ABSCHNITT 1: Bezeichnung des Stoffs bzw. des Gemischs und des Unternehmens',
    `Handelsname: ${name}`,
    'ABSCHNITT 2: Mögliche Gefahren',
    'H226 Flüssigkeit und Dampf entzündbar.',
    'ABSCHNITT 3: Zusammensetzung/Angaben zu Bestandteilen',
    'Chemische Bezeichnung CAS-Nr. EG-Nr. Gehalt [%] Einstufung',
    'n-Butylacetat 123-86-4 204-658-1 25 - < 50 Flam. Liq. 3, H226',
    'Xylol (Isomerengemisch)',
    '1330-20-7 215-535-7 10 - < 25',
    '%',
    'ABSCHNITT 8: Begrenzung und Überwachung der Exposition/Persönliche Schutzausrüstungen',
    'Arbeitsplatzgrenzwerte (TRGS 900)',
    'n-Butylacetat 123-86-4 AGW 300 mg/m³',
    'ABSCHNITT 13: Hinweise zur Entsorgung',
    'Abfallschlüssel nach AVV: 08 01 11*',
    'ABSCHNITT 14: Angaben zum Transport',
    'UN-Nummer: UN 1263',
    '14.3 Transportgefahrenklassen',
    'ADR/RID: 3',
    'IMDG: 3',
    'IATA: 3',
    'Beförderungskategorie: 3',
  ];
}

describe('substance master data, SDS tables and version comparison (decision 055)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('keeps templates and manufacturers, imports an SDS with tables, picks a template and a manufacturer, compares versions', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', '/substances/catalogues');

    // An ingredient template: a wrong CAS check digit is refused in German, then saved.
    const templates = page.getByRole('region', { name: 'Inhaltsstoff-Vorlagen' });
    const templateName = `Toluol ${suffix}`;
    await templates.getByRole('button', { name: 'Neue Vorlage' }).click();
    let dialog = page.getByRole('dialog', { name: 'Inhaltsstoff-Vorlage anlegen' });
    await dialog.getByRole('textbox', { name: 'Bezeichnung' }).fill(templateName);
    await dialog.getByRole('textbox', { name: 'CAS-Nummer' }).fill('108-88-4');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.getByText('Die Prüfziffer der CAS-Nummer stimmt nicht.', { exact: false }).waitFor();
    await expectAccessible(page);
    await dialog.getByRole('textbox', { name: 'CAS-Nummer' }).fill('108-88-3');
    await dialog.getByRole('textbox', { name: 'Einstufung (H-Sätze)' }).fill('H225, H304');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.waitFor({ state: 'detached' });
    await templates.getByText(templateName).waitFor();

    // A manufacturer with its emergency phone.
    const manufacturers = page.getByRole('region', { name: 'Hersteller' });
    const maker = `Lackwerke ${suffix} AG`;
    await manufacturers.getByRole('button', { name: 'Neuer Hersteller' }).click();
    dialog = page.getByRole('dialog', { name: 'Hersteller anlegen' });
    await dialog.getByRole('textbox', { name: 'Bezeichnung' }).fill(maker);
    await dialog.getByRole('textbox', { name: 'Ort' }).fill('Musterstadt');
    await dialog.getByRole('textbox', { name: 'Notrufnummer' }).fill('+49 30 19240');
    await dialog.getByRole('textbox', { name: 'E-Mail' }).fill('kein-mail');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.').waitFor();
    await dialog.getByRole('textbox', { name: 'E-Mail' }).fill('sdb@lackwerke.example');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.waitFor({ state: 'detached' });
    await manufacturers.getByText(maker).waitFor();
    await expectAccessible(page);

    // Editing saves the whole entry (decision 024): an empty name is refused, a new phone number keeps the
    // place and the e-mail address the dialog did not change.
    await manufacturers.getByRole('button', { name: `${maker} bearbeiten` }).click();
    dialog = page.getByRole('dialog', { name: 'Hersteller bearbeiten' });
    await dialog.getByRole('textbox', { name: 'Bezeichnung' }).fill('');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.getByText('Bitte geben Sie eine Bezeichnung ein.').waitFor();
    await expectAccessible(page);
    await dialog.getByRole('textbox', { name: 'Bezeichnung' }).fill(maker);
    await dialog.getByRole('textbox', { name: 'Telefon', exact: true }).fill('+49 30 1234');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.waitFor({ state: 'detached' });
    await manufacturers.getByRole('cell', { name: '+49 30 1234' }).waitFor();
    await manufacturers.getByRole('button', { name: `${maker} bearbeiten` }).click();
    dialog = page.getByRole('dialog', { name: 'Hersteller bearbeiten' });
    expect(await dialog.getByRole('textbox', { name: 'Ort' }).inputValue()).toBe('Musterstadt');
    expect(await dialog.getByRole('textbox', { name: 'E-Mail' }).inputValue()).toBe('sdb@lackwerke.example');
    expect(await dialog.getByRole('textbox', { name: 'Notrufnummer' }).inputValue()).toBe('+49 30 19240');
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Import a mixture's data sheet: ingredients, limits, waste key and transport are proposed.
    await page.goto(`${new URL(page.url()).origin}/substances/list`);
    await page.getByRole('button', { name: 'Aus Sicherheitsdatenblatt anlegen' }).click();
    const importDialog = page.getByRole('dialog', { name: 'Gefahrstoff aus Sicherheitsdatenblatt anlegen' });
    const name = `Verdünnung ${suffix}`;
    await importDialog.getByTestId('sds-file-input').setInputFiles({
      name: 'verduennung.pdf',
      mimeType: 'application/pdf',
      buffer: await pdf(mixtureSheet(name)),
    });
    await importDialog.getByRole('button', { name: 'Einlesen und anlegen' }).click();
    await page.waitForURL(/\/substances\/\d+$/);
    const proposals = page.getByRole('table', { name: 'Aus dem PDF übernommene Angaben' });
    for (const field of ['ingredients', 'exposureLimits', 'wasteKey1', 'adrRid', 'transportCategory'])
      await proposals.getByTestId(`sds-proposal-${field}`).waitFor();
    await proposals
      .getByTestId('sds-proposal-ingredients')
      .getByText('Xylol (Isomerengemisch), CAS 1330-20-7, 10–25 %', { exact: false })
      .waitFor();
    const ingredients = page.getByTestId('substance-ingredients');
    await page.getByTestId('substance-ingredients-unconfirmed').waitFor();
    await page.getByTestId('substance-exposureLimits-unconfirmed').waitFor();
    await waitUntil(
      async () =>
        (await ingredients.getByRole('textbox', { name: 'Name' }).nth(1).inputValue()) ===
        'Xylol (Isomerengemisch)',
      'the second ingredient row is filled',
    );
    expect(await page.getByRole('textbox', { name: 'Abfallschlüssel 1' }).inputValue()).toBe('08 01 11*');
    expect(await page.getByRole('textbox', { name: 'ADR/RID' }).inputValue()).toBe('3');
    await expectAccessible(page);

    // Confirm the ingredients as a group, then the rest.
    await proposals.getByRole('button', { name: 'Inhaltsstoffe bestätigen' }).click();
    await page.getByTestId('substance-ingredients-unconfirmed').waitFor({ state: 'detached' });
    await page.getByTestId('substance-exposureLimits-unconfirmed').waitFor();
    await page.getByRole('button', { name: 'Alle bestätigen' }).click();
    await page.getByText('Alle übernommenen Angaben sind bestätigt.').waitFor();
    expect(await page.getByText('aus PDF übernommen – ungeprüft').count()).toBe(0);

    // Fix version 1, so the next save opens version 2.
    await page.getByRole('button', { name: 'Festschreiben' }).click();
    await page
      .getByRole('dialog', { name: 'Version festschreiben' })
      .getByRole('button', { name: 'Festschreiben' })
      .click();
    await page.getByText('Version 1 ist festgeschrieben.').waitFor();

    // Pick an ingredient template: a third row filled from it.
    await ingredients.getByRole('button', { name: 'Aus Vorlage' }).click();
    let picker = page.getByRole('dialog', { name: 'Inhaltsstoff-Vorlage wählen' });
    await picker.getByLabel('Vorlage, CAS- oder EG-Nummer suchen').fill(templateName);
    await chooseRow(picker, picker.locator('[data-loaded="true"]', { hasText: templateName }));
    await waitUntil(
      async () =>
        (await ingredients.getByRole('textbox', { name: 'Name' }).nth(2).inputValue()) === templateName,
      'the template filled a new row',
    );
    expect(await ingredients.getByRole('textbox', { name: 'CAS-Nummer' }).nth(2).inputValue()).toBe(
      '108-88-3',
    );

    // Pick the manufacturer: section 1 is filled from the list.
    await page.getByRole('button', { name: 'Hersteller wählen' }).click();
    picker = page.getByRole('dialog', { name: 'Hersteller wählen' });
    await picker.getByLabel('Hersteller oder Ort suchen').fill(maker);
    await chooseRow(picker, picker.locator('[data-loaded="true"]', { hasText: maker }));
    await waitUntil(
      async () =>
        (await page.getByRole('textbox', { name: 'Hersteller', exact: true }).inputValue()) === maker,
      'the manufacturer name is filled',
    );
    expect(await page.getByRole('textbox', { name: 'Notrufnummer' }).inputValue()).toBe('+49 30 19240');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Der Gefahrstoff wurde als Version 2 gespeichert.', { exact: false }).waitFor();

    // Compare version 1 with the current version 2: the changed fields are marked.
    await page.getByRole('button', { name: 'Version 1 mit der aktuellen vergleichen' }).click();
    const compare = page.getByRole('dialog', { name: 'Version 1 mit der aktuellen Version 2 vergleichen' });
    const table = compare.getByTestId('version-compare');
    await table.waitFor();
    const changedRow = (label: string) =>
      table.locator('tr[data-changed="true"]', { has: page.getByRole('rowheader', { name: label }) });
    await changedRow('Hersteller').first().waitFor();
    await changedRow('Inhaltsstoffe').getByText(templateName, { exact: false }).waitFor();
    expect(
      await table
        .locator('tr', { has: page.getByRole('rowheader', { name: 'Bezeichnung geändert' }) })
        .count(),
    ).toBe(0);
    await compare.getByText('Felder geändert', { exact: false }).waitFor();
    await compare.getByRole('checkbox', { name: 'Nur geänderte Felder' }).check();
    await waitUntil(
      async () =>
        (await table.locator('tbody tr').count()) ===
        (await table.locator('tbody tr[data-changed="true"]').count()),
      'only the changed fields are listed',
    );
    await expectAccessible(page);
    await compare.getByRole('button', { name: 'Schließen' }).click();
    await context.close();
  });
});
