import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawer, gridTotal, launchBrowser, newPage, signIn, waitUntil } from './support/browser.ts';

const suffix = Date.now().toString(36);

describe('Report-Manager', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates a report: refuses bad input and forbidden SQL in German, test-runs, saves, deletes', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    await drawer(page).getByRole('link', { name: 'Report-Manager' }).click();
    await page.waitForURL('**/reports/manager');
    expect(await gridTotal(page, 'Report-Manager')).toBeGreaterThanOrEqual(3);

    await page.getByRole('button', { name: 'Neu', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Neuer Report' });
    // Empty form: the German messages of the shared schema.
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.getByText('Bitte geben Sie einen Namen für den Report an.').waitFor();
    await dialog.getByText('Bitte wählen Sie mindestens ein Recht, das den Report ausführen darf.').waitFor();

    const name = `Orte ${suffix}`;
    await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
    await dialog.getByRole('textbox', { name: /^Modul/ }).fill('location');
    const sql = dialog.getByRole('textbox', { name: /^SQL-Abfrage/ });
    // A statement that changes data is refused, with the reason.
    await sql.fill('with x as (delete from employees returning id) select * from x');
    await dialog.getByRole('button', { name: 'Testlauf' }).click();
    await dialog
      .getByTestId('preview-error')
      .getByText(/nicht erlaubt/)
      .waitFor();

    await sql.fill('select l.name as "Ort", l.city as "Stadt" from locations l order by l.name');
    await dialog.getByRole('button', { name: 'Testlauf' }).click();
    const preview = dialog.getByTestId('preview');
    await preview.getByRole('columnheader', { name: 'Ort' }).waitFor();
    expect(await preview.getByRole('row').count()).toBeGreaterThan(1);

    await dialog.getByRole('combobox', { name: 'Rechte' }).fill('1700');
    await page.getByRole('option', { name: /^1700 – / }).click();
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    const saved = page.getByRole('dialog', { name: `Report „${name}“ bearbeiten` });
    await saved.waitFor();

    // Someone else saves the new report meanwhile: my next save is refused (409), my change stays and
    // 'Neu laden' puts it on top of theirs.
    const other = await newPage(browser);
    await signIn(other.page, 'admin', '/reports/manager');
    await other.page.getByRole('gridcell', { name }).click();
    const theirs = other.page.getByRole('dialog', { name: `Report „${name}“ bearbeiten` });
    await theirs.getByRole('textbox', { name: /^SQL-Timeout/ }).fill('45');
    const theirSave = other.page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().includes('/api/reports/'),
    );
    await theirs.getByRole('button', { name: 'Speichern' }).click();
    expect((await theirSave).status()).toBe(200);
    await other.context.close();

    await saved.getByRole('textbox', { name: /^Modul/ }).fill('department');
    await saved.getByRole('button', { name: 'Speichern' }).click();
    await saved.getByTestId('conflict-alert').waitFor();
    await saved.getByRole('button', { name: 'Neu laden' }).click();
    await saved.getByTestId('conflict-alert').waitFor({ state: 'detached' });
    expect(await saved.getByRole('textbox', { name: /^Modul/ }).inputValue()).toBe('department');
    expect(await saved.getByRole('textbox', { name: /^SQL-Timeout/ }).inputValue()).toBe('45');
    const mySave = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().includes('/api/reports/'),
    );
    await saved.getByRole('button', { name: 'Speichern' }).click();
    expect((await mySave).status()).toBe(200);
    // 'Schließen', not Escape: Escape would first close the rights list if it still has the focus.
    await saved.getByRole('button', { name: 'Schließen' }).click();
    await saved.waitFor({ state: 'detached' });
    await waitUntil(async () => (await page.getByRole('gridcell', { name }).count()) === 1, 'listed');

    // Delete it again.
    await page.getByRole('gridcell', { name }).click();
    const edit = page.getByRole('dialog', { name: `Report „${name}“ bearbeiten` });
    await edit.getByRole('button', { name: 'Löschen' }).click();
    await edit.getByRole('button', { name: 'Ja, löschen' }).click();
    await edit.waitFor({ state: 'detached' });
    await waitUntil(async () => (await page.getByRole('gridcell', { name }).count()) === 0, 'gone');
    await context.close();
  });
});
