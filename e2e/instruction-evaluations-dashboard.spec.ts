import fs from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y.ts';
import { api } from './support/api.ts';
import { launchBrowser, newPage, signIn } from './support/browser.ts';
import { suffix } from './support/employees.ts';

/**
 * Decision 077: the evaluations tab „Dashboard“ — a range ending today, key figures by completion day and due day
 * with the on-time rate, the trend chart, the most overdue topics, XLSX and PDF.
 */
const berlinDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' });
const daysAgo = (n: number) => berlinDay.format(new Date(Date.now() - n * 86_400_000));

async function waitForCard(page: Page, id: string, value: string) {
  await page
    .getByTestId(`dashboard-${id}`)
    .locator('dd')
    .filter({ hasText: new RegExp(`^${value}$`) })
    .waitFor();
}

describe('instruction evaluations: dashboard (decision 077)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('switches ranges and the figures follow; the most overdue topic; XLSX and PDF', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    const label = `Dashboardthema ${suffix}`;
    const topic = await api<{ id: number }>(page, 'POST', 'topics', {
      label,
      identifier: `DB-${suffix}`,
      intervalDays: 365,
    });
    expect(topic.status).toBe(201);
    const ids: number[] = [];
    for (const n of [1, 2]) {
      const created = await api<{ id: number }>(page, 'POST', 'employee', {
        personnelNumber: `DB${suffix}${n}`,
        lastName: `Dashboard${suffix}`,
        firstName: `Person ${n}`,
      });
      expect(created.status).toBe(201);
      ids.push(created.data.id);
    }
    // Person 1: due 40 days ago, instructed 45 days ago (in time, outside one month, inside two months).
    // Person 2: due 10 days ago, still open (overdue, due within the month).
    for (const [id, due] of [
      [ids[0], daysAgo(40)],
      [ids[1], daysAgo(10)],
    ] as const) {
      const assigned = await api(page, 'POST', 'instructions/assignments', {
        topicId: topic.data.id,
        employeeIds: [id],
        dueDate: due,
      });
      expect(assigned.status).toBe(201);
    }
    const confirmed = await api(page, 'POST', 'instructions/group-feedback', {
      givenOn: daysAgo(45),
      items: [{ topicId: topic.data.id }],
      employeeIds: [ids[0]],
    });
    expect(confirmed.status).toBe(201);

    await page.goto('/instructions/evaluations');
    await page.getByRole('combobox', { name: 'Unterweisung' }).click();
    await page.getByRole('option', { name: label, exact: true }).click();
    await page.getByRole('button', { name: 'Anzeigen', exact: true }).click();
    await page.getByRole('tab', { name: 'Dashboard' }).click();
    await page.waitForURL(/tab=dashboard/);
    const dashboard = page.getByTestId('evaluation-dashboard');
    await dashboard.waitFor();

    // One month (the default): nothing done in it, one due and overdue.
    expect(await page.getByRole('button', { name: '1 Monat' }).getAttribute('aria-pressed')).toBe('true');
    await waitForCard(page, 'due', '1');
    await waitForCard(page, 'done', '0');
    await waitForCard(page, 'in-time', '0');
    await waitForCard(page, 'on-time-rate', '0,0 %');
    await waitForCard(page, 'overdue-now', '1');
    await page.getByTestId('dashboard-trend').locator('svg').first().waitFor();
    await page.getByTestId('dashboard-trend').getByRole('columnheader', { name: 'Woche ab' }).waitFor();
    const top = page.getByTestId('dashboard-top-topics');
    const row = top.getByRole('row').filter({ has: page.getByRole('rowheader', { name: label }) });
    expect(await row.getByRole('cell').textContent()).toBe('1');
    await expectAccessible(page);

    // Two months: person 1's item, done in time, counts too.
    await page.getByRole('button', { name: '2 Monate' }).click();
    await waitForCard(page, 'due', '2');
    await waitForCard(page, 'done', '1');
    await waitForCard(page, 'in-time', '1');
    await waitForCard(page, 'on-time-rate', '50,0 %');
    await waitForCard(page, 'overdue-now', '1');

    // A year by months; the key figures as XLSX, the trend printed as PDF.
    await page.getByRole('button', { name: 'Jahr (365 Tage)' }).click();
    await page.getByTestId('dashboard-trend').getByRole('columnheader', { name: 'Monat' }).waitFor();
    await waitForCard(page, 'on-time-rate', '50,0 %');
    // The range's first day, as the page prints it (dd.mm.yy).
    const [y, m, d] = daysAgo(364).split('-');
    await page
      .getByTestId('dashboard-period')
      .filter({ hasText: `${d}.${m}.${y!.slice(2)}` })
      .waitFor();
    const [xlsx] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Kennzahlen des Zeitraums als XLSX herunterladen' }).click(),
    ]);
    expect(xlsx.suggestedFilename()).toMatch(/^Unterweisungen-Dashboard-.*-kennzahlen\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await fs.readFile(await xlsx.path())) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(3).values).toEqual([undefined, 'Fällig im Zeitraum', 2]);
    expect(sheet.getRow(5).values).toEqual([undefined, 'Termintreue (%)', 50]);
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Verlauf nach Monaten als PDF drucken' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toMatch(/-verlauf\.pdf$/);
    expect((await fs.readFile(await pdf.path())).subarray(0, 5).toString()).toBe('%PDF-');
    await context.close();
  });
});
