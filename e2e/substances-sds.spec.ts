import { casCheckDigit, ecCheckDigit } from '@schutzwerk/shared/substances/cas-ec.ts';
import PDFDocument from 'pdfkit';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y.ts';
import { api } from './support/api.ts';
import { launchBrowser, newPage, signIn, waitUntil } from './support/browser.ts';

const suffix = Date.now().toString(36).toUpperCase();

/** A CAS and an EC number with right check digits that no other test uses. */
function uniqueNumbers() {
  const seed = (Date.now() + 4321) % 900_000;
  // Six digits, so the number splits 4-2-1 (a seed above 799,999 once made a seven-digit body: 1014-668-6).
  const casBody = String(200_000 + (seed % 800_000));
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

/** The manufacturer the sheets name; the managed list holds it in other case (decision 055 amendment). */
const manufacturer = `Chemiehandel ${suffix} GmbH`;

function sheet(name: string, cas: string, ec: string, flashPoint = '13'): string[] {
  return [
    'SICHERHEITSDATENBLATT gemäß Verordnung (EG) Nr. 1907/2006',
    'ABSCHNITT 1: Bezeichnung des Stoffs bzw. des Gemischs und des Unternehmens',
    `Handelsname: ${name}`,
    `CAS-Nr.: ${cas}`,
    `EG-Nr.: ${ec}`,
    `Hersteller/Lieferant: ${manufacturer}`,
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

  it('creates a substance from an SDS PDF (listed manufacturer proposed), confirms and saves, releases it; a newer sheet opens version 2, cancels the release and resets the release checklist; a scanned PDF says nothing could be read', async () => {
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

    // The managed manufacturer list has the sheet's manufacturer (other case): the import proposes that entry.
    const entry = await api(page, 'POST', 'substancemanufacturers', {
      name: manufacturer.toUpperCase(),
      city: 'Berlin',
    });
    expect(entry.status).toBe(201);

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
    await proposals
      .getByTestId('sds-proposal-manufacturerId')
      .getByText(manufacturer.toUpperCase())
      .waitFor();
    const manufacturerPicker = page.getByTestId('manufacturer-picker');
    await manufacturerPicker.getByText('aus PDF übernommen – ungeprüft').waitFor();
    expect(await page.getByRole('textbox', { name: 'Ort', exact: true }).inputValue()).toBe('Berlin');
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

    // The data-sheet release checklist is linked and done (through the API; substance-links.spec fills one in
    // the viewer); the editor is reloaded at the new record version.
    const substanceId = Number(new URL(page.url()).pathname.split('/').pop());
    const checklist = await api<{ id: number }>(page, 'POST', 'checklists', {
      label: `SDB-Prüfung ${suffix}`,
      module: 'substances',
    });
    expect(checklist.status).toBe(201);
    const current = await api<{ version: number }>(page, 'GET', `substances/${substanceId}`);
    const linked = await api<{ sdsChecklist: { instanceId: number } }>(
      page,
      'PUT',
      `substances/${substanceId}/sds-checklist`,
      { version: current.data.version, checklistId: checklist.data.id },
    );
    expect(linked.status).toBe(200);
    const done = await api(
      page,
      'PUT',
      `checklists/${checklist.data.id}/instances/${linked.data.sdsChecklist.instanceId}`,
      { version: 1, answers: {}, results: {}, status: 'done' },
    );
    expect(done.status).toBe(200);
    await page.reload();
    const checklistState = page.getByTestId('sds-checklist');
    await checklistState.getByText(`Checkliste „SDB-Prüfung ${suffix}“: erledigt (100 %)`).waitFor();

    // The substance is released (agreed): version 1 is fixed.
    await page.getByRole('button', { name: 'Freigabe …' }).click();
    const release = page.getByRole('dialog', { name: 'Freigabe des Gefahrstoffs' });
    await release.getByLabel('Kommentar zur Freigabe').fill('Sicherheitsdatenblatt geprüft');
    await release.getByRole('button', { name: 'Zustimmen', exact: true }).click();
    await page.getByText('Die Freigabe wurde erteilt. Version 1 ist festgeschrieben.').waitFor();
    const state = page.getByTestId('substance-release-state');
    await waitUntil(async () => (await state.textContent()) === 'Freigabe erteilt', 'released');

    // A newer data sheet: the old file goes to the archive, only the changed flash point is proposed; the
    // released substance gets version 2 (release cancelled) and the release checklist must be filled again.
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
    // The newer sheet's change opened version 2 of the released substance and cancelled its release.
    await waitUntil(async () => (await state.textContent()) === 'nicht freigegeben', 'release cancelled');
    await page.getByTestId('substance-version').getByText('Version 2', { exact: false }).waitFor();
    // The newer sheet must be checked again: the release checklist starts empty.
    await checklistState.getByText(`Checkliste „SDB-Prüfung ${suffix}“: nicht erledigt (0 %)`).waitFor();
    await expectAccessible(page);
    await context.close();
  });
});
