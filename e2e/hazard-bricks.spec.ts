import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawer, gridTotal, launchBrowser, listRows, newPage, signIn, waitUntil } from './support/browser.ts';

const suffix = Date.now().toString(36).toUpperCase();

describe('hazard bricks', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('lists and searches the catalogue, creates a brick (bad risk range refused), adds an action, keeps the form on a stale save, deletes', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    await drawer(page).getByRole('link', { name: 'Gefährdungsbausteine', exact: true }).click();
    await page.waitForURL(/\/hazardbricks\/list$/);
    expect(await gridTotal(page, 'Gefährdungsbausteine')).toBeGreaterThanOrEqual(12);

    // Search the starter catalogue; the free brick carries the FREI chip.
    await page.getByLabel('Suchen').fill('Elektrischer Schlag');
    await waitUntil(
      async () => (await gridTotal(page, 'Gefährdungsbausteine')) === 1,
      'search narrows to E-01',
    );
    await listRows(page, 'Gefährdungsbausteine').getByText('E-01').waitFor();
    await page.getByLabel('Suchen').fill('Freie Gefährdung');
    await listRows(page, 'Gefährdungsbausteine').getByText('FREI', { exact: true }).waitFor();
    await page.getByLabel('Suchen').fill('');

    // Create: risk "von" above "bis" is refused with a German message, then valid.
    const identifier = `X-${suffix}`;
    await page.getByRole('button', { name: 'Neu', exact: true }).click();
    const create = page.getByRole('dialog', { name: 'Neuen Gefährdungsbaustein anlegen' });
    await create.getByLabel('Kennung').fill(identifier);
    await create.getByLabel('Titel').fill(`Quetschgefahr an der Presse ${suffix}`);
    await create.getByLabel('Risiko von').fill('6');
    await create.getByLabel('Risiko bis').fill('3');
    await create.getByRole('button', { name: 'Anlegen' }).click();
    await create.getByText('Das Risiko „bis“ darf nicht kleiner sein als das Risiko „von“.').waitFor();
    await create.getByLabel('Risiko bis').fill('7');
    await create.getByRole('button', { name: 'Anlegen' }).click();
    await page.waitForURL(/\/hazardbricks\/edit\/\d+$/);
    await create.waitFor({ state: 'hidden' });
    const url = page.url();
    const master = page.getByRole('textbox', { name: 'Kennung' }).first();
    await waitUntil(async () => (await master.inputValue()) === identifier, 'record page shows the brick');

    // Add an action and save.
    await page.getByRole('button', { name: 'Maßnahme hinzufügen' }).click();
    const actions = page.getByTestId('hazard-brick-actions');
    await actions.getByRole('textbox', { name: 'Kennung' }).fill('T1');
    await actions.getByRole('textbox', { name: 'Maßnahme' }).fill('Zweihandschaltung nachrüsten');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Der Gefährdungsbaustein wurde gespeichert.').waitFor();

    // Someone else saves meanwhile: this form keeps its text and offers to load the latest state.
    const other = await newPage(browser);
    await signIn(other.page, 'admin', url);
    const otherTitle = other.page.getByRole('textbox', { name: 'Titel' }).first();
    await waitUntil(async () => (await otherTitle.inputValue()).includes(suffix), 'second page loaded');
    await otherTitle.fill(`Quetschgefahr an der Exzenterpresse ${suffix}`);
    await other.page.getByRole('button', { name: 'Speichern' }).click();
    await other.page.getByText('Der Gefährdungsbaustein wurde gespeichert.').waitFor();
    await other.context.close();

    const description = page.getByRole('textbox', { name: 'Beschreibung' });
    await description.fill('Hände zwischen Ober- und Unterwerkzeug');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('inzwischen von jemand anderem geändert', { exact: false }).waitFor();
    expect(await description.inputValue()).toBe('Hände zwischen Ober- und Unterwerkzeug');
    await page.getByRole('button', { name: 'Neu laden' }).click();
    await page.getByRole('button', { name: 'Neu laden' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Der Gefährdungsbaustein wurde gespeichert.').waitFor();
    expect(await description.inputValue()).toBe('Hände zwischen Ober- und Unterwerkzeug');
    // The other person's title survives (the form took it over on reload).
    expect(await page.getByRole('textbox', { name: 'Titel' }).first().inputValue()).toBe(
      `Quetschgefahr an der Exzenterpresse ${suffix}`,
    );
    expect(await actions.getByRole('textbox', { name: 'Maßnahme' }).inputValue()).toBe(
      'Zweihandschaltung nachrüsten',
    );

    // Delete.
    await page.getByRole('button', { name: 'Löschen' }).click();
    const confirm = page.getByRole('dialog', { name: 'Gefährdungsbaustein löschen?' });
    await confirm.getByRole('button', { name: 'Löschen' }).click();
    await page.waitForURL(/\/hazardbricks\/list$/);
    await page.getByText('Der Gefährdungsbaustein wurde gelöscht.').waitFor();
    await page.getByLabel('Suchen').fill(identifier);
    await waitUntil(async () => (await gridTotal(page, 'Gefährdungsbausteine')) === 0, 'brick is gone');
    await context.close();
  });
});
