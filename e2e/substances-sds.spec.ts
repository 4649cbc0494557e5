import { casCheckDigit, ecCheckDigit } from '@schutzwerk/shared/substances/cas-ec.ts';
import PDFDocument from 'pdfkit';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y.ts';
import { launchBrowser, newPage, signIn, waitUntil } from './support/browser.ts';

const suffix = Date.now().toString(36).toUpperCase();

/** A CAS and an EC number with right check digits that no other test uses. */
function uniqueNumbers() {
  const seed = (Date.now() + 4321) % 900_000;
  const casBody = String(200_000 + seed);
  const cas = `${casBody.slice(0, 4)}-${casBody.slice(4)}-${casCheckDigit(casBody)}`;
  let ecBody = String(650_000 + (seed % 300_000));
  while (ecCheckDigit(ecBody) === 10) ecBody = String(Number(ecBody) + 1);
  return { cas, ec: `${ecBody.slice(0, 3)}-${ecBody.slice(3)}-${ecCheckDigit(ecBody)}` };
}

/** A small PDF drawn with pdfkit: the lines as text, or (scanned) only shapes. */
async function pdf(lines: string[] | null): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 40 });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  doc.fontSize(9);
  if (lines) for (const line of lines) doc.text(line);
  else for (let y = 60; y < 700; y += 14) doc.rect(50, y, 300 + ((y * 7) % 180), 6).fill('#333333');
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

function sheet(name: string, cas: string, ec: string, flashPoint = '13'): string[] {
  return [
    'SICHERHEITSDATENBLATT gemäß Verordnung (EG) Nr. 1907/2006',
    'ABSCHNITT 1: Bezeichnung des Stoffs bzw. des Gemischs und des Unternehmens',
    `Handelsname: ${name}`,
    `CAS-Nr.: ${cas}`,
    `EG-Nr.: ${ec}`,
    'Hersteller/Lieferant: Chemiehandel Muster GmbH',
    'Notrufnummer: +49 30 19240',
    'ABSCHNITT 2: Mögliche Gefahren',
    'Signalwort: Gefahr',
    'H225 Flüssigkeit und Dampf leicht entzündbar. H319 Verursacht schwere Augenreizung.',
    'P210 Von Hitze fernhalten. P303 + P361 + P353 BEI BERÜHRUNG MIT DER HAUT: …',
    'ABSCHNITT 3: Zusammensetzung/Angaben zu Bestandteilen',
    'ABSCHNITT 7: Handhabung und Lagerung',
    'Lagerklasse (TRGS 510): 3',
    'ABSCHNITT 9: Physikalische und chemische Eigenschaften',
    `Flammpunkt: ${flashPoint} °C`,
    'Siedepunkt: 78,3 °C',
    'ABSCHNITT 12: Umweltbezogene Angaben',
    'Wassergefährdungsklasse: WGK 1',
    'ABSCHNITT 14: Angaben zum Transport',
    'UN-Nummer: 1170',
  ];
}

describe('safety data sheet import', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates a substance from an SDS PDF, shows the values as unconfirmed, confirms them and saves; a scanned PDF says nothing could be read', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', '/substances/list');

    // A scanned PDF: nothing could be read, said in German in the dialog.
    await page.getByRole('button', { name: 'Aus Sicherheitsdatenblatt anlegen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Gefahrstoff aus Sicherheitsdatenblatt anlegen' });
    await dialog.getByRole('button', { name: 'Einlesen und anlegen' }).click();
    await dialog.getByText('Bitte wählen Sie eine PDF-Datei.').waitFor();
    await dialog.getByTestId('sds-file-input').setInputFiles({
      name: 'scan.pdf',
      mimeType: 'application/pdf',
      buffer: await pdf(null),
    });
    await dialog.getByText('scan.pdf').waitFor();
    await dialog.getByRole('button', { name: 'Einlesen und anlegen' }).click();
    await dialog.getByText('Aus dem PDF konnte kein Text gelesen werden.', { exact: false }).waitFor();
    await expectAccessible(page);

    // A real data sheet: the substance is created with the values read.
    const { cas, ec } = uniqueNumbers();
    const name = `SDB-Import ${suffix}`;
    await dialog.getByTestId('sds-file-input').setInputFiles({
      name: `${name}.pdf`,
      mimeType: 'application/pdf',
      buffer: await pdf(sheet(name, cas, ec)),
    });
    await dialog.getByRole('button', { name: 'Einlesen und anlegen' }).click();
    await page.waitForURL(/\/substances\/\d+$/);
    const designation = page.getByRole('textbox', { name: 'Bezeichnung' });
    await waitUntil(
      async () => (await designation.inputValue()) === name,
      'editor shows the imported substance',
    );
    expect(await page.getByRole('textbox', { name: 'CAS-Nummer' }).inputValue()).toBe(cas);
    expect(await page.getByRole('textbox', { name: 'Flammpunkt (°C)' }).inputValue()).toBe('13');
    // The derived label from H225/H319.
    await page.getByTestId('substance-signal-word').getByText('Gefahr').waitFor();

    // The proposals are marked „aus PDF übernommen – ungeprüft“, in the list and at the fields.
    const proposals = page.getByRole('table', { name: 'Aus dem PDF übernommene Angaben' });
    await proposals
      .getByTestId('sds-proposal-casNumber')
      .getByText('aus PDF übernommen – ungeprüft')
      .waitFor();
    expect(await proposals.getByText('aus PDF übernommen – ungeprüft').count()).toBeGreaterThan(8);
    expect(await page.getByText('aus PDF übernommen – ungeprüft').count()).toBeGreaterThan(
      await proposals.getByText('aus PDF übernommen – ungeprüft').count(),
    );
    await page
      .getByTestId('sds-current')
      .getByRole('link', { name: `${name}.pdf` })
      .waitFor();
    await expectAccessible(page);

    // Confirm one field, reload: the marker is stored on the server.
    await proposals.getByRole('button', { name: 'CAS-Nummer bestätigen' }).click();
    await proposals.getByTestId('sds-proposal-casNumber').waitFor({ state: 'detached' });
    await page.reload();
    await proposals.getByTestId('sds-proposal-designation').waitFor();
    expect(await proposals.getByTestId('sds-proposal-casNumber').count()).toBe(0);

    // Confirm all, then change a value and save.
    await page.getByRole('button', { name: 'Alle bestätigen' }).click();
    await page.getByText('Alle übernommenen Angaben sind bestätigt.').waitFor();
    await proposals.waitFor({ state: 'detached' });
    expect(await page.getByText('aus PDF übernommen – ungeprüft').count()).toBe(0);
    await page.getByRole('textbox', { name: 'Synonym' }).fill('Sprit');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Der Gefahrstoff wurde gespeichert.', { exact: false }).waitFor();

    // A newer data sheet: the old file goes to the archive, only the changed flash point is proposed.
    await page.getByTestId('sds-newer-input').setInputFiles({
      name: `${name} 2027.pdf`,
      mimeType: 'application/pdf',
      buffer: await pdf(sheet(name, cas, ec, '12')),
    });
    await page.getByText('1 geänderte Angabe übernommen', { exact: false }).waitFor();
    await page
      .getByTestId('sds-archive')
      .getByRole('link', { name: `${name}.pdf` })
      .waitFor();
    await page
      .getByTestId('sds-current')
      .getByRole('link', { name: `${name} 2027.pdf` })
      .waitFor();
    await proposals.getByTestId('sds-proposal-flashPoint').getByText('12').waitFor();
    expect(await proposals.locator('tbody tr').count()).toBe(1);
    await waitUntil(
      async () => (await page.getByRole('textbox', { name: 'Flammpunkt (°C)' }).inputValue()) === '12',
      'the editor shows the newer flash point',
    );
    await expectAccessible(page);
    await context.close();
  });
});
