import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y.ts';
import { api } from './support/api.ts';
import { launchBrowser, newPage, signIn } from './support/browser.ts';

const suffix = Date.now().toString(36).toUpperCase();

/** A works doctor service's export as older Excel writes it: Windows-1252, `;`, CRLF, German dates. */
function exportFile(rows: string[]): Buffer {
  const header =
    'Pers.-Nr.;Name;Vorname;Vorsorgeanlass;Vorsorgeart;Untersuchung am;Beurteilung;Nächster Termin';
  return Buffer.from(`${[header, ...rows].join('\r\n')}\r\n`, 'latin1');
}

describe('medical-examination sync wizard (decision 065)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('walks file, mapping, check and result: a bad file is refused as a whole, the corrected one imported', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');

    // An employee with a mandatory noise precaution (set up through the API).
    const number = `OM-${suffix}`;
    const reason = `Lärm Abgleich ${suffix}`;
    const employee = await api<{ id: number }>(page, 'POST', 'employee', {
      personnelNumber: number,
      lastName: `Schmied ${suffix}`,
      firstName: 'Jürgen',
    });
    expect(employee.status).toBe(201);
    const entry = await api<{ id: number }>(
      page,
      'POST',
      'occupational-medicine/catalogues/assessmentReason',
      {
        name: reason,
      },
    );
    expect(entry.status).toBe(201);
    const precaution = await api<{ id: number }>(page, 'POST', 'occupational-medicine/precautions', {
      employeeId: employee.data.id,
      type: 'mandatory',
      reasonId: entry.data.id,
      activityStart: '2025-01-01',
    });
    expect(precaution.status).toBe(201);

    await page.goto('/occupational-medicine/precautions');
    await page.getByRole('link', { name: 'Untersuchungen abgleichen' }).click();
    await page.waitForURL(/\/occupational-medicine\/sync$/);
    await expectAccessible(page);

    // Step 1 with a bad file: an unknown employee, a future date, a value the service writes its own way.
    const input = page.getByTestId('sync-file-input');
    await input.setInputFiles({
      name: 'betriebsarzt-fehler.csv',
      mimeType: 'text/csv',
      buffer: exportFile([
        `${number};Schmied ${suffix};Jürgen;${reason};Pflicht;12.03.2025;tauglich;12.03.2028`,
        `XX-${suffix};Niemand;Nina;${reason};Pflicht;12.03.2025;geeignet;`,
        `${number};Schmied ${suffix};Jürgen;${reason};Pflicht;01.01.2099;geeignet;`,
      ]),
    });
    await page.getByText('betriebsarzt-fehler.csv', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Vorschau laden' }).click();
    const info = page.getByTestId('sync-preview-info');
    await info.waitFor();
    expect(await info.textContent()).toBe(
      'betriebsarzt-fehler.csv: 3 Datenzeilen, 8 Spalten, Zeichensatz Windows-1252, Trennzeichen Semikolon (;)',
    );
    await page.getByRole('cell', { name: 'Jürgen' }).first().waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Weiter' }).click();

    // Step 2: the columns are suggested from the headings, the usual wordings of the values too.
    await expect(page.getByLabel('Personalnummer').textContent()).resolves.toBe('Pers.-Nr.');
    await expect(page.getByLabel('Beurteilung', { exact: true }).textContent()).resolves.toBe('Beurteilung');
    const values = page.getByTestId('sync-values-assessment');
    await expect(values.getByLabel('Wert „geeignet“').textContent()).resolves.toBe('Keine Bedenken');
    await expect(values.getByLabel('Wert „tauglich“').textContent()).resolves.toBe('Keine Bedenken');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Daten prüfen' }).click();

    // Step 3: row-level German errors; nothing can be imported.
    const check = page.getByTestId('sync-check');
    await check.getByText('2 Fehler in der Datei.', { exact: false }).waitFor();
    await check
      .getByRole('cell', { name: `Unbekannter Mitarbeiter: Personalnummer „XX-${suffix}“.` })
      .waitFor();
    await check
      .getByRole('cell', {
        name: 'Das Untersuchungsdatum „01.01.2099“ liegt in der Zukunft. Es können nur stattgefundene Untersuchungen übernommen werden.',
      })
      .waitFor();
    await expect(check.getByRole('button', { name: 'Übernehmen' }).count()).resolves.toBe(0);
    await expectAccessible(page);
    let stored = await api<{ checkups: unknown[] }>(
      page,
      'GET',
      `occupational-medicine/precautions/${precaution.data.id}`,
    );
    expect(stored.data.checkups).toEqual([]);

    // Another file: the corrected export, with the value „bedingt tauglich“ mapped by hand.
    await check.getByRole('button', { name: 'Andere Datei wählen' }).click();
    await page.getByText('Keine Datei gewählt').waitFor();
    await input.setInputFiles({
      name: 'betriebsarzt.csv',
      mimeType: 'text/csv',
      buffer: exportFile([
        `${number};Schmied ${suffix};Jürgen;${reason};Pflicht;12.03.2025;tauglich;12.03.2028`,
        `${number};Schmied ${suffix};Jürgen;${reason};Pflicht;10.03.2022;bedingt tauglich;`,
      ]),
    });
    await page.getByRole('button', { name: 'Vorschau laden' }).click();
    await page.getByTestId('sync-preview-info').getByText('betriebsarzt.csv', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Weiter' }).click();
    const mapped = page.getByTestId('sync-values-assessment');
    await expect(mapped.getByLabel('Wert „bedingt tauglich“').textContent()).resolves.not.toBe(
      'Keine Bedenken unter Voraussetzungen',
    );
    await mapped.getByLabel('Wert „bedingt tauglich“').click();
    await page.getByRole('option', { name: 'Keine Bedenken unter Voraussetzungen' }).click();
    await page.getByRole('button', { name: 'Daten prüfen' }).click();
    await check.getByText('Alle 2 Zeilen sind fehlerfrei.').waitFor();
    await expectAccessible(page);
    await check.getByRole('button', { name: 'Übernehmen' }).click();

    // Step 4: the counts.
    const result = page.getByTestId('sync-result');
    await result.getByText('Der Abgleich ist abgeschlossen.').waitFor();
    expect(await result.textContent()).toMatch(/Angelegt\s*2\s*Geändert\s*0\s*Unverändert\s*0/);
    await expectAccessible(page);
    stored = await api<{ checkups: unknown[]; nextDue: string }>(
      page,
      'GET',
      `occupational-medicine/precautions/${precaution.data.id}`,
    );
    expect(stored.data).toMatchObject({
      nextDue: '2028-03-12',
      checkups: [
        { date: '2025-03-12', assessmentKind: 'fit' },
        { date: '2022-03-10', assessmentKind: 'fitWithLimits' },
      ],
    });

    // The list shows the imported check-up.
    await result.getByRole('link', { name: 'Zur Vorsorgeliste' }).click();
    await page.waitForURL(/\/occupational-medicine\/precautions$/);
    await page.getByText('12.03.25 – Keine Bedenken', { exact: false }).first().waitFor();
    await context.close();
  });
});
