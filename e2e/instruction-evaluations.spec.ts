import fs from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y.ts';
import { api } from './support/api.ts';
import { launchBrowser, newPage, signIn } from './support/browser.ts';
import { suffix } from './support/employees.ts';

/** Decision 073: the evaluations of instructions — key figures, the overdue list, rates by table, XLSX and PDF. */
const year = new Date().getFullYear();

/** The key-figures row `label` (this year's cell). */
async function figure(page: Page, label: string): Promise<string> {
  const row = page
    .getByTestId('evaluation-totals')
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });
  return (await row.getByRole('cell').first().textContent())?.trim() ?? '';
}

async function waitForFigure(page: Page, label: string, value: string) {
  await page
    .getByTestId('evaluation-totals')
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) })
    .getByRole('cell')
    .first()
    .filter({ hasText: new RegExp(`^${value}$`) })
    .waitFor();
}

describe('instruction evaluations (decision 073)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the figures of a topic, follows a completed assignment, exports XLSX and prints PDF', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    const label = `Auswertungsthema ${suffix}`;
    const topic = await api<{ id: number }>(page, 'POST', 'topics', {
      label,
      identifier: `EV-${suffix}`,
      intervalDays: 365,
    });
    expect(topic.status).toBe(201);
    const ids: number[] = [];
    for (const n of [1, 2]) {
      const created = await api<{ id: number }>(page, 'POST', 'employee', {
        personnelNumber: `EV${suffix}${n}`,
        lastName: `Auswertung${suffix}`,
        firstName: `Person ${n}`,
      });
      expect(created.status).toBe(201);
      ids.push(created.data.id);
    }
    // Both due on 2 January of this year: overdue (the run of this spec is later in the year).
    const assigned = await api(page, 'POST', 'instructions/assignments', {
      topicId: topic.data.id,
      employeeIds: ids,
      dueDate: `${year}-01-02`,
    });
    expect(assigned.status).toBe(201);

    // The way in: „Auswertungen“ on the instruction list.
    await page.goto('/instructions/list');
    await page.getByRole('link', { name: 'Auswertungen' }).click();
    await page.waitForURL(/\/instructions\/evaluations$/);
    await page.getByTestId('evaluation-totals').waitFor();
    await expectAccessible(page);

    // Bad input: a year that is none.
    const yearField = page.getByLabel('Jahr der Fälligkeit');
    await yearField.fill('19');
    await page.getByText('Bitte geben Sie ein Jahr zwischen 1990 und 2100 an.').waitFor();
    await yearField.fill(String(year));
    await page.getByRole('combobox', { name: 'Unterweisung' }).click();
    await page.getByRole('option', { name: label, exact: true }).click();
    await page.getByRole('button', { name: 'Anzeigen', exact: true }).click();
    await waitForFigure(page, 'Fällig im Jahr', '2');
    expect(await figure(page, 'Überfällig')).toBe('2');
    expect(await figure(page, 'Erledigt')).toBe('0');
    expect(await figure(page, 'Erfüllungsquote')).toBe('0,0 %');
    const overdue = page.getByTestId('evaluation-overdue');
    await overdue.getByText(`Auswertung${suffix}, Person 1`).waitFor();
    await overdue.getByText(`Auswertung${suffix}, Person 2`).waitFor();

    // Person 1 is instructed (group feedback): the figures follow.
    const confirmed = await api(page, 'POST', 'instructions/group-feedback', {
      items: [{ topicId: topic.data.id }],
      employeeIds: [ids[0]],
    });
    expect(confirmed.status).toBe(201);
    await page.getByRole('button', { name: 'Anzeigen', exact: true }).click();
    await waitForFigure(page, 'Erledigt', '1');
    expect(await figure(page, 'Überfällig')).toBe('1');
    expect(await figure(page, 'Erfüllungsquote')).toBe('50,0 %');
    await overdue.getByText(`Auswertung${suffix}, Person 1`).waitFor({ state: 'detached' });
    await overdue.getByText(`Auswertung${suffix}, Person 2`).waitFor();

    // Statistik: the rate by topic with its chart; the table as XLSX.
    await page.getByRole('tab', { name: 'Statistik' }).click();
    const byTopic = page.getByTestId('evaluation-topic');
    const row = byTopic.getByRole('row').filter({ has: page.getByRole('rowheader', { name: label }) });
    await row.waitFor();
    expect(await row.getByRole('cell').nth(4).textContent()).toBe('50,0 %');
    await page.getByTestId('evaluation-month').locator('svg').first().waitFor();
    await expectAccessible(page);
    const [xlsx] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Erfüllungsquote nach Unterweisung als XLSX herunterladen' }).click(),
    ]);
    expect(xlsx.suggestedFilename()).toBe(`Unterweisungen-${year}-topic.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await fs.readFile(await xlsx.path())) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Unterweisung');
    const cells = [1, 2, 3, 4, 5, 6].map((c) => sheet.getRow(2).getCell(c).value);
    expect(cells).toEqual([label, 2, 1, 0, 1, 50]);

    // Print: the key figures as PDF through the report engine.
    await page.getByRole('tab', { name: 'Übersicht' }).click();
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Kennzahlen als PDF drucken' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toBe(`Unterweisungen-${year}-totals.pdf`);
    expect((await fs.readFile(await pdf.path())).subarray(0, 5).toString()).toBe('%PDF-');
    await context.close();
  });

  it('refuses an employee without the evaluation right', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'mitarbeiter', '/instructions/evaluations');
    await page.getByText('Keine Berechtigung.').waitFor();
    await context.close();
  });
});
