import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridTotal, launchBrowser, listRows, newPage, signIn, waitUntil } from './support/browser.ts';

const suffix = Date.now().toString(36).slice(-6).toUpperCase();

/** An HR export as older Excel writes it: Windows-1252, `;`, CRLF, quoted cells, German dates. */
function windows1252File(): Buffer {
  const lines = [
    'Personalnr.;Nachname;Vorname;Kennwort;E-Mail;Geburtsdatum',
    `IMP-${suffix}-1;Größe-${suffix};Jürgen;Start-Kennwort-1;j.groesse.${suffix}@example.de;01.02.1980`,
    `IMP-${suffix}-2;Weiß-${suffix};Zoë;Start-Kennwort-2;;31.02.1990`,
    `IMP-${suffix}-3;"Öztürk-${suffix}; Müller";Ärne;Start-Kennwort-3;;`,
  ];
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1');
}

describe('employee import wizard', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('imports a Windows-1252 file: preview, mapping, check with a bad row, progress and result', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', '/employee/list');
    await gridTotal(page, 'Mitarbeiter');
    await page.getByRole('button', { name: 'Hochladen' }).click();
    await page.waitForURL(/\/employee\/import$/);

    // Step 1: file, separator, header row → preview with the detected encoding.
    await page
      .getByTestId('import-file-input')
      .setInputFiles({ name: 'personal.csv', mimeType: 'text/csv', buffer: windows1252File() });
    await page.getByText('personal.csv', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Vorschau laden' }).click();
    const info = page.getByTestId('import-preview-info');
    await info.waitFor();
    expect(await info.textContent()).toBe(
      'personal.csv · 3 Datenzeilen · 6 Spalten · Kodierung: Windows-1252',
    );
    await page.getByRole('cell', { name: `Größe-${suffix}` }).waitFor();
    await page.getByRole('cell', { name: `Öztürk-${suffix}; Müller` }).waitFor();
    await page.getByRole('button', { name: 'Weiter' }).click();

    // Step 2: the headings were recognised; the admin's portal is preselected; check lists the bad row.
    await page.getByText('Spalten zuordnen').waitFor();
    expect(await page.getByRole('combobox', { name: 'Passwort' }).textContent()).toBe('Kennwort');
    expect(await page.getByRole('combobox', { name: 'Personalnummer' }).textContent()).toBe('Personalnr.');
    await page.getByRole('button', { name: 'Daten prüfen' }).click();
    const result = page.getByTestId('import-check-result');
    await result.getByText('3 Datenzeilen geprüft: 2 in Ordnung, 1 fehlerhaft.').waitFor();
    const badRow = result.getByRole('row').filter({ hasText: `IMP-${suffix}-2` });
    expect(await badRow.getByRole('cell').first().textContent()).toBe('3');
    await badRow
      .getByText('Ungültiges Datum „31.02.1990“ in Spalte „Geburtsdatum“. Bitte verwenden Sie TT.MM.JJJJ.')
      .waitFor();
    const start = page.getByRole('button', { name: 'Import starten' });
    expect(await start.isDisabled()).toBe(true);
    await page.getByLabel('Fehlerhafte Zeilen überspringen und die übrigen importieren').check();
    await start.click();

    // Step 3: result with code 100 and the counts.
    const done = page.getByTestId('import-result');
    await done.getByText('Import abgeschlossen (Code 100)').waitFor({ timeout: 30_000 });
    const text = (await done.textContent()) ?? '';
    expect(text).toContain('Neu angelegt2');
    expect(text).toContain('Übersprungen1');

    // The imported employees are in the list, umlauts intact.
    await page.getByRole('link', { name: 'Zur Mitarbeiterliste' }).click();
    await page.waitForURL(/\/employee\/list$/);
    await page.getByLabel('Suchen').fill(`IMP-${suffix}`);
    await waitUntil(
      async () => (await gridTotal(page, 'Mitarbeiter')) === 2,
      'two imported employees listed',
    );
    const rows = await listRows(page, 'Mitarbeiter').allTextContents();
    expect(rows.join(' ')).toContain(`Größe-${suffix}`);
    expect(rows.join(' ')).toContain(`Öztürk-${suffix}; Müller`);
    await context.close();
  });
});
