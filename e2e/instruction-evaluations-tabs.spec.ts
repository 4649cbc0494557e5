import fs from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y.ts';
import { api } from './support/api.ts';
import { launchBrowser, newPage, signIn } from './support/browser.ts';
import { suffix } from './support/employees.ts';
import { pickRow } from './support/pickers.ts';

/** Decision 076: the evaluations tabs „Stammdaten“, „Mitarbeiterinfo“ and „Profile“ with XLSX and PDF. */
const year = new Date().getFullYear();
const topicLabel = `Stammdatenthema ${suffix}`;
const profileLabel = `Auswertungsprofil ${suffix}`;
const lastName = `Tabauswertung${suffix}`;

describe('instruction evaluations tabs (decision 076)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('walks master data, profiles and employee info, exports XLSX and prints PDF', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    const topic = await api<{ id: number }>(page, 'POST', 'topics', {
      label: topicLabel,
      identifier: `TB-${suffix}`,
      intervalDays: 365,
    });
    expect(topic.status).toBe(201);
    const ids: number[] = [];
    for (const [n, isExternal] of [
      [1, false],
      [2, true],
    ] as const) {
      const created = await api<{ id: number }>(page, 'POST', 'employee', {
        personnelNumber: `TB${suffix}${n}`,
        lastName,
        firstName: isExternal ? 'Extern' : 'Intern',
        isExternal,
      });
      expect(created.status).toBe(201);
      ids.push(created.data.id);
    }
    // Both due on 2 January of this year: overdue (the spec runs later in the year).
    const assigned = await api(page, 'POST', 'instructions/assignments', {
      topicId: topic.data.id,
      employeeIds: ids,
      dueDate: `${year}-01-02`,
    });
    expect(assigned.status).toBe(201);
    const profile = await api(page, 'POST', 'instructions/profiles', {
      label: profileLabel,
      topicIds: [topic.data.id],
    });
    expect(profile.status).toBe(201);

    // Stammdaten: the topic's master data and figures, narrowed to the topic; the table as XLSX.
    await page.goto('/instructions/evaluations?tab=masterData');
    await page.getByRole('combobox', { name: 'Unterweisung' }).click();
    await page.getByRole('option', { name: topicLabel, exact: true }).click();
    await page.getByRole('button', { name: 'Anzeigen', exact: true }).click();
    const masterData = page.getByTestId('evaluation-master-data');
    const row = masterData
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: topicLabel }) });
    await row.waitFor();
    await masterData.getByRole('row').nth(2).waitFor({ state: 'detached' });
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells[0]).toBe(`TB-${suffix}`);
    expect(cells).toContain('Gesperrt');
    // Employees 2, due 2, done 0, open 0, overdue 2, rate 0.
    expect(cells.slice(-6)).toEqual(['2', '2', '0', '0', '2', '0,0 %']);
    await expectAccessible(page);
    const [xlsx] = await Promise.all([
      page.waitForEvent('download'),
      masterData.getByRole('button', { name: /als XLSX herunterladen$/ }).click(),
    ]);
    expect(xlsx.suggestedFilename()).toBe(`Unterweisungen-${year}-stammdaten.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await fs.readFile(await xlsx.path())) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(2).getCell(1).value).toBe(`TB-${suffix}`);
    expect(sheet.getRow(2).getCell(2).value).toBe(topicLabel);

    // Profile: the profile holding the topic (no rule yet: reaches nobody); printed as PDF.
    await page.getByRole('tab', { name: 'Profile' }).click();
    const profiles = page.getByTestId('evaluation-profiles');
    const profileRow = profiles
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: profileLabel }) });
    await profileRow.waitFor();
    expect((await profileRow.getByRole('cell').allTextContents()).slice(0, 3)).toEqual([
      'Keine Zuordnung',
      topicLabel,
      '0',
    ]);
    await expectAccessible(page);
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      profiles.getByRole('button', { name: 'Unterweisungsprofile als PDF drucken' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toBe(`Unterweisungen-${year}-profile.pdf`);
    expect((await fs.readFile(await pdf.path())).subarray(0, 5).toString()).toBe('%PDF-');

    // Mitarbeiterinfo: the internal employee through the employee picker.
    await page.getByRole('tab', { name: 'Mitarbeiterinfo' }).click();
    await page.getByText('Bitte wählen Sie einen Mitarbeiter.').waitFor();
    await page.getByRole('button', { name: 'Mitarbeiter auswählen' }).click();
    const picker = page.getByRole('dialog');
    await picker.getByLabel('Suchen').waitFor();
    await expectAccessible(page);
    await pickRow(picker, lastName, 'Intern');
    const header = page.getByTestId('evaluation-employee');
    await header.getByText(`${lastName}, Intern`).waitFor();
    await header.getByText(`TB${suffix}1`).waitFor();
    const items = page.getByTestId('evaluation-employee-items');
    const item = items.getByRole('row').filter({ has: page.getByRole('rowheader', { name: topicLabel }) });
    await item.getByText('überfällig').waitFor();
    await item.getByText('offen').waitFor();
    await expectAccessible(page);
    const [sheetFile] = await Promise.all([
      page.waitForEvent('download'),
      items.getByRole('button', { name: /als XLSX herunterladen$/ }).click(),
    ]);
    expect(sheetFile.suggestedFilename()).toBe(`Unterweisungen-TB${suffix}1.xlsx`);
    await context.close();

    // A supervisor (Führungskraft: TOPICS_EVALUATE without the externals right) picks the external employee:
    // the tab says why (spec §6), the page stays.
    const lead = await newPage(browser);
    await signIn(lead.page, 'fuehrung', '/instructions/evaluations?tab=employeeInfo');
    await lead.page.getByRole('button', { name: 'Mitarbeiter auswählen' }).click();
    const leadPicker = lead.page.getByRole('dialog');
    await leadPicker.getByLabel('Suchen').waitFor();
    await pickRow(leadPicker, lastName, 'Extern');
    await lead.page
      .getByTestId('evaluation-employee-error')
      .getByText('Ihnen fehlt das Recht, Unterweisungen externer Mitarbeiter auszuwerten.')
      .waitFor();
    await lead.page.getByRole('tab', { name: 'Mitarbeiterinfo' }).waitFor();
    await expectAccessible(lead.page);
    await lead.context.close();
  });
});
