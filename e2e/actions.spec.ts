import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawer, launchBrowser, listRows, newPage, signIn, waitUntil } from './support/browser.ts';
import { chooseRow } from './support/pickers.ts';

const suffix = Date.now().toString(36).toUpperCase();
const yesterday = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
}).format(new Date(Date.now() - 24 * 3600 * 1000));

async function pickEmployee(page: Page, field: string, personnelNumber: string) {
  await page
    .getByRole('dialog', { name: /Maßnahme/ })
    .getByRole('textbox', { name: field })
    .click();
  const picker = page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' });
  await picker.getByLabel('Suchen').fill(personnelNumber);
  await chooseRow(picker, picker.getByRole('grid').getByText(personnelNumber));
}

/** In the open action dialog: the location 'Tanklager…', responsible Wagner (000102), executor Hoffmann (000101). */
async function pickPeopleAndPlace(page: Page) {
  await page
    .getByRole('dialog', { name: /Maßnahme/ })
    .getByRole('button', { name: 'Ort auswählen' })
    .click();
  const locations = page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' });
  await locations.getByLabel('Suchen').fill('Tanklager');
  await locations.locator('[data-row-index="0"][data-loaded="true"]', { hasText: 'Tanklager' }).click();
  await locations.waitFor({ state: 'hidden' });
  await pickEmployee(page, 'Verantwortlich', '000102');
  await pickEmployee(page, 'Ausführende Person', '000101');
}

const filterButton = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Aufgaben filtern' }).getByRole('button', { name, exact: true });

async function openTasks(page: Page) {
  await drawer(page).getByRole('link', { name: 'Meine Aufgaben', exact: true }).click();
  await page.waitForURL(/\/tasks$/);
}

describe('actions and tasks', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('admin creates a stand-alone action for sifa; sifa reports a problem (empty reason refused), the responsible resolves it, sifa completes it', async () => {
    const title = `Absturzsicherung Tankdach ${suffix}`;
    const admin = await newPage(browser);
    await signIn(admin.page, 'admin');
    await drawer(admin.page).getByRole('link', { name: 'Maßnahmen', exact: true }).click();
    await admin.page.waitForURL(/\/actions\/list$/);

    await admin.page.getByRole('button', { name: 'Neu', exact: true }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Neue Maßnahme' });
    // German validation from the shared schema before anything is sent
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.getByText('Bitte geben Sie eine Bezeichnung an.').waitFor();
    await dialog.getByText('Bitte wählen Sie eine verantwortliche Person.').waitFor();
    await dialog.getByRole('textbox', { name: 'Bezeichnung' }).fill(title);
    await dialog.getByRole('combobox', { name: 'Art' }).click();
    await admin.page.getByRole('option', { name: 'Technisch', exact: true }).click();
    await dialog.getByLabel('Fällig am').fill(yesterday);
    await pickPeopleAndPlace(admin.page);
    await dialog.getByLabel('Sicherheit').check();
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await admin.page.getByText('Die Maßnahme wurde angelegt.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const row = listRows(admin.page, 'Maßnahmen').filter({ hasText: title });
    await row.waitFor();
    expect(await row.textContent()).toContain('überfällig');
    expect(await row.textContent()).toContain('Wagner, Michael');

    // A stale save (someone else saved meanwhile) keeps the dialog content; after loading the latest state
    // the untouched fields take the other person's values and the save goes through.
    const other = await newPage(browser);
    await signIn(other.page, 'admin');
    await other.page.goto('/actions/list');
    await listRows(other.page, 'Maßnahmen').filter({ hasText: title }).click();
    await row.click();
    const mine = admin.page.getByRole('dialog', { name: 'Maßnahme bearbeiten' });
    const theirs = other.page.getByRole('dialog', { name: 'Maßnahme bearbeiten' });
    await theirs.getByRole('textbox', { name: 'Bezeichnung' }).fill(`${title} (geprüft)`);
    await theirs.getByRole('button', { name: 'Speichern' }).click();
    await other.page.getByText('Die Maßnahme wurde gespeichert.').waitFor();
    await other.context.close();
    const description = mine.getByRole('textbox', { name: 'Beschreibung' });
    await description.fill('Seitenschutz und Auffangnetz');
    await mine.getByRole('button', { name: 'Speichern' }).click();
    await mine.getByText('inzwischen von jemand anderem geändert', { exact: false }).waitFor();
    expect(await description.inputValue()).toBe('Seitenschutz und Auffangnetz');
    await mine.getByRole('button', { name: 'Neu laden' }).click();
    const designation = mine.getByRole('textbox', { name: 'Bezeichnung' });
    await waitUntil(
      async () => (await designation.inputValue()) === `${title} (geprüft)`,
      'the untouched designation takes the saved value',
    );
    expect(await description.inputValue()).toBe('Seitenschutz und Auffangnetz');
    await mine.getByRole('button', { name: 'Speichern' }).click();
    await admin.page.getByText('Die Maßnahme wurde gespeichert.').waitFor();
    await admin.context.close();

    // sifa sees the task, highlighted as overdue, and reports a problem
    const sifa = await newPage(browser);
    await signIn(sifa.page, 'sifa');
    await openTasks(sifa.page);
    const task = listRows(sifa.page, 'Meine Aufgaben').filter({ hasText: title });
    await task.waitFor();
    // the demo company's overdue task is there as well
    const demo = listRows(sifa.page, 'Meine Aufgaben').filter({
      hasText: 'Fluchtwegkennzeichnung in Halle 1 erneuern',
    });
    expect(await demo.textContent()).toContain('überfällig');
    expect(await task.textContent()).toContain('überfällig');
    await task.getByRole('button', { name: 'Problem melden' }).click();
    const report = sifa.page.getByRole('dialog', { name: 'Problem melden' });
    await report.getByRole('button', { name: 'Melden' }).click();
    await report.getByText('Bitte geben Sie einen Grund für das Problem an.').waitFor();
    await report.getByLabel('Grund').fill('Das Gerüst ist erst nächste Woche verfügbar.');
    await report.getByRole('button', { name: 'Melden' }).click();
    await sifa.page.getByText('Das Problem wurde an die verantwortliche Person gemeldet.').waitFor();
    await task.waitFor({ state: 'detached' });
    await filterButton(sifa.page, 'Probleme').click();
    await task.getByText('Problem: Das Gerüst ist erst nächste Woche verfügbar.').waitFor();
    expect(await task.getByRole('button', { name: 'Problem gelöst' }).count()).toBe(0);
    await sifa.context.close();

    // the responsible person (Michael Wagner) resolves it
    const lead = await newPage(browser);
    await signIn(lead.page, 'fuehrung');
    await openTasks(lead.page);
    await filterButton(lead.page, 'Probleme').click();
    const problem = listRows(lead.page, 'Meine Aufgaben').filter({ hasText: title });
    await problem.getByRole('button', { name: 'Problem gelöst' }).click();
    await lead.page
      .getByText('Das Problem ist gelöst; die Aufgabe ist wieder bei der ausführenden Person.')
      .waitFor();
    await lead.context.close();

    // back with sifa, who completes it
    const again = await newPage(browser);
    await signIn(again.page, 'sifa');
    await openTasks(again.page);
    await filterButton(again.page, 'Offen').click();
    const open = listRows(again.page, 'Meine Aufgaben').filter({ hasText: title });
    await open.getByRole('button', { name: 'Erledigt', exact: true }).click();
    await again.page.getByText('Die Aufgabe ist erledigt.').waitFor();
    await open.waitFor({ state: 'detached' });
    await filterButton(again.page, 'Erledigt').click();
    await waitUntil(
      async () => (await listRows(again.page, 'Meine Aufgaben').filter({ hasText: title }).count()) === 1,
      'the task is listed as done',
    );
    await again.context.close();
  });
  it('deletes an action only after the confirmation; Abbrechen keeps it', async () => {
    const title = `Leiter prüfen ${suffix}`;
    const admin = await newPage(browser);
    await signIn(admin.page, 'admin', '/actions/list');
    await admin.page.getByRole('button', { name: 'Neu', exact: true }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Neue Maßnahme' });
    await dialog.getByRole('textbox', { name: 'Bezeichnung' }).fill(title);
    await pickPeopleAndPlace(admin.page);
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await admin.page.getByText('Die Maßnahme wurde angelegt.').waitFor();
    const row = listRows(admin.page, 'Maßnahmen').filter({ hasText: title });
    await row.click();
    const edit = admin.page.getByRole('dialog', { name: 'Maßnahme bearbeiten' });
    const confirm = admin.page.getByRole('dialog', { name: 'Maßnahme löschen?' });
    await edit.getByRole('button', { name: 'Löschen' }).click();
    await confirm.getByText(`Die Maßnahme „${title}“ wird gelöscht.`).waitFor();
    await confirm.getByRole('button', { name: 'Abbrechen' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await edit.getByRole('button', { name: 'Löschen' }).click();
    await confirm.getByRole('button', { name: 'Löschen' }).click();
    await admin.page.getByText('Die Maßnahme wurde gelöscht.').waitFor();
    await edit.waitFor({ state: 'hidden' });
    await row.waitFor({ state: 'detached' });
    await admin.context.close();
  });
});
