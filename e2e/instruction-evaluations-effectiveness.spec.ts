import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y.ts';
import { api } from './support/api.ts';
import { launchBrowser, newPage, signIn } from './support/browser.ts';
import { suffix } from './support/employees.ts';

/**
 * Decision 075: the effectiveness review of a topic on the tab „Wirksamkeit“ — every criterion must be rated
 * („Sie müssen noch 1 Frage(n) bewerten.“), a stale save keeps the ratings, the topic is marked, the history.
 */
const year = new Date().getFullYear();

describe('effectiveness review of topics (decision 075)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('rates the criteria, refuses an unrated one, survives a stale save, marks the topic and shows the history', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', '/settings/instructions');
    type Settings = { version: number; value: Record<string, unknown> };
    const before = (await api<Settings>(page, 'GET', 'settings/instructions')).data;
    try {
      await review(page, before);
    } finally {
      // Put the criteria back (other specs on this server read the instructions settings).
      const now = (await api<Settings>(page, 'GET', 'settings/instructions')).data;
      const res = await api(page, 'PUT', 'settings/instructions', {
        version: now.version,
        value: before.value,
      });
      expect(res.status).toBe(200);
    }
    await context.close();
  });
});

async function review(page: Page, before: { value: Record<string, unknown> }) {
  // The settings tab „Unterweisungen“: a blank line is refused, a sixth question is saved.
  const region = page.getByRole('region', { name: 'Unterweisungen' });
  const field = region.getByLabel('Bewertungsfragen der Wirksamkeitsprüfung');
  const criteriaBefore = before.value.effectivenessCriteria as string[];
  await expect.poll(() => field.inputValue()).toBe(criteriaBefore.join('\n'));
  await field.press('ControlOrMeta+End');
  await field.press('Enter');
  await region.getByRole('button', { name: 'Speichern' }).click();
  await region.getByText('Bitte keine leeren Zeilen.').waitFor();
  const added = `Die Rettungswege sind frei (${suffix}).`;
  await field.pressSequentially(added);
  await region.getByRole('button', { name: 'Speichern' }).click();
  await page.getByText('Die Einstellungen wurden gespeichert.').waitFor();

  const label = `Wirksamkeitsthema ${suffix}`;
  const topic = await api<{ id: number; version: number }>(page, 'POST', 'topics', {
    label,
    identifier: `WK-${suffix}`,
    intervalDays: 365,
  });
  expect(topic.status).toBe(201);

  await page.goto('/instructions/evaluations?tab=effectiveness');
  const row = page.getByTestId(`effectiveness-row-${topic.data.id}`);
  await row.waitFor();
  expect(await row.getByRole('cell').first().textContent()).toBe('nicht angegeben');
  await expectAccessible(page);

  await row.getByRole('button', { name: `Wirksamkeit prüfen: ${label}` }).click();
  const dialog = page.getByRole('dialog', { name: `Wirksamkeit prüfen: ${label}` });
  await dialog.waitFor();
  await expectAccessible(page);
  const criteria = dialog.locator('[data-testid^="criterion-"]');
  const n = await criteria.count();
  expect(n).toBe(criteriaBefore.length + 1);
  await dialog
    .getByTestId(`criterion-${n - 1}`)
    .getByText(added)
    .waitFor();
  // All but the last rated „gut“: the dialog names what is missing before sending; the last „durchschnittlich“.
  for (let i = 0; i < n - 1; i++)
    await dialog.getByTestId(`criterion-${i}`).getByRole('radio', { name: 'gut', exact: true }).check();
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await dialog.getByText('Sie müssen noch 1 Frage(n) bewerten.').waitFor();
  await dialog
    .getByTestId(`criterion-${n - 1}`)
    .getByRole('radio', { name: 'durchschnittlich', exact: true })
    .check();
  await dialog.getByTestId('effectiveness-average').filter({ hasText: '(gut)' }).waitFor();
  // The proposal from the average: effective.
  expect(await dialog.getByRole('radio', { name: 'wirksam', exact: true }).isChecked()).toBe(true);
  await dialog.getByLabel('Bemerkung').fill('Begehung Halle 3');

  // Meanwhile someone else reviews the topic: the save is stale, the ratings stay, „Neu laden“ takes the new state.
  const overview = await api<{ criteria: string[] }>(
    page,
    'GET',
    `instructions/evaluations/effectiveness?year=${year}`,
  );
  const other = await api(
    page,
    'POST',
    `instructions/evaluations/effectiveness/topics/${topic.data.id}/reviews`,
    {
      version: topic.data.version,
      reviewedOn: `${year}-01-02`,
      criteria: overview.data.criteria,
      ratings: Array.from({ length: n }, () => 4),
      verdict: 'notEffective',
      note: '',
    },
  );
  expect(other.status).toBe(201);
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  const conflict = dialog.getByTestId('conflict-alert');
  await conflict.waitFor();
  expect(
    await dialog.getByTestId('criterion-0').getByRole('radio', { name: 'gut', exact: true }).isChecked(),
  ).toBe(true);
  await conflict.getByRole('button', { name: 'Neu laden' }).click();
  await conflict.waitFor({ state: 'detached' });
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await dialog.waitFor({ state: 'detached' });

  // The topic is marked effective, two reviews; the last one is today's by the admin.
  await row
    .getByRole('cell')
    .first()
    .filter({ hasText: /^geprüft wirksam$/ })
    .waitFor();
  expect(await row.getByRole('cell').nth(3).textContent()).toBe('gut');
  expect(await row.getByRole('cell').nth(4).textContent()).toBe('2');

  await row.getByRole('button', { name: `Verlauf der Prüfungen: ${label}` }).click();
  const history = page.getByRole('dialog', { name: `Verlauf der Prüfungen: ${label}` });
  await history.getByTestId('effectiveness-review').nth(1).waitFor();
  await history.getByTestId('effectiveness-review').first().getByText('Begehung Halle 3').waitFor();
  await history.getByText(/nicht wirksam · Durchschnitt 4/).waitFor();
  await expectAccessible(page);
  await history.getByRole('button', { name: 'Schließen' }).click();

  const [xlsx] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Wirksamkeit der Unterweisungen als XLSX herunterladen' }).click(),
  ]);
  expect(xlsx.suggestedFilename()).toBe(`Unterweisungen-Wirksamkeit-${year}.xlsx`);
}
