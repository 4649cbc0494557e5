import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, signIn } from './support/browser.ts';

const suffix = Date.now().toString(36);

const tree = (page: Page) => page.getByRole('tree');
const heading = (page: Page) => page.getByTestId('node-heading');
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function selectNode(page: Page, name: string): Promise<number> {
  await tree(page).getByText(name, { exact: true }).click();
  await heading(page).getByText(name, { exact: true }).waitFor();
  return Number(new URL(page.url()).pathname.split('/').pop());
}

/** Creates a node below the selected one (or at the top when nothing is selected) through the toolbar 'Neu'. */
async function createNode(page: Page, name: string, dialogTitle = 'Neuen Ort anlegen'): Promise<number> {
  await page.getByRole('button', { name: 'Neu', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: dialogTitle });
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByRole('button', { name: 'Anlegen' }).click();
  await heading(page).getByText(name, { exact: true }).waitFor();
  return Number(new URL(page.url()).pathname.split('/').pop());
}

async function save(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Speichern' }).click();
  await page.getByText('Die Änderungen wurden gespeichert.').waitFor();
}

describe('organisation: locations and departments', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('selects a location, refuses a bad e-mail in German, saves details, creates a child; deep link selects it', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    await page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name: 'Orte' }).click();
    await page.waitForURL('**/locations/list');
    await page.getByTestId('no-selection').getByText('Bitte Eintrag auswählen').waitFor();

    await selectNode(page, 'Werk Köln-Niehl');
    expect(await field(page, 'Ort').inputValue()).toBe('Köln');
    expect(await field(page, 'Feuerwehr').inputValue()).toBe('112');

    const name = `E2E Lager ${suffix}`;
    const id = await createNode(page, name);
    expect(await page.getByTestId('node-path').textContent()).toBe(`Werk Köln-Niehl › ${name}`);

    await field(page, 'E-Mail').fill('keine-mail');
    await field(page, 'Straße').fill('Emdener Straße 300');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.').waitFor();
    await field(page, 'E-Mail').fill('lager@rheinwerk-chemie.de');
    await field(page, 'Notruf').fill('2222');
    await page.getByRole('button', { name: 'Bezeichnung hinzufügen' }).click();
    await field(page, 'Bezeichnung 1').fill('Regal Süd');
    await save(page);

    // Deep link: the node is selected in the tree and its record shown.
    await page.goto(`/locations/${id}`);
    await heading(page).getByText(name, { exact: true }).waitFor();
    expect(await field(page, 'Straße').inputValue()).toBe('Emdener Straße 300');
    expect(await field(page, 'Bezeichnung 1').inputValue()).toBe('Regal Süd');
    // The tree view marks the selected item with aria-checked (WAI-ARIA tree pattern with selection).
    const selected = tree(page).locator('[role="treeitem"][aria-checked="true"]');
    expect(await selected.first().textContent()).toContain(name);

    // Delete: refused while it has a child, allowed for the leaf.
    const child = `E2E Raum ${suffix}`;
    await createNode(page, child);
    await selectNode(page, name);
    await page.getByRole('button', { name: 'Löschen' }).click();
    const confirm = page.getByRole('dialog', { name: 'Ort löschen' });
    await confirm.getByRole('button', { name: 'Löschen' }).click();
    await confirm
      .getByTestId('delete-error')
      .getByText(`Der Ort „${name}“ hat noch einen Unterort und kann nicht gelöscht werden.`, {
        exact: false,
      })
      .waitFor();
    await confirm.getByRole('button', { name: 'Abbrechen' }).click();
    await selectNode(page, child);
    await page.getByRole('button', { name: 'Löschen' }).click();
    await confirm.getByRole('button', { name: 'Löschen' }).click();
    await page.getByText(`Der Ort „${child}“ wurde gelöscht.`).waitFor();
    await page.waitForURL('**/locations/list');
    await tree(page).getByText(child, { exact: true }).waitFor({ state: 'detached' });
    await context.close();
  });

  it('moves a location; moving it below its own child is refused', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', '/locations/list');
    await selectNode(page, 'Werk Leverkusen');
    const parent = `E2E Halle ${suffix}`;
    const child = `E2E Kammer ${suffix}`;
    await createNode(page, parent);
    await createNode(page, child);
    await selectNode(page, parent);

    await page.getByRole('button', { name: 'Verschieben' }).click();
    const picker = page.getByRole('dialog', { name: 'Neuen übergeordneten Ort auswählen' });
    await picker.getByLabel('Suchen').fill(child);
    await picker.getByRole('grid').getByText(child, { exact: true }).click();
    await picker
      .getByTestId('picker-refusal')
      .getByText(
        `Der Ort „${parent}“ kann nicht sich selbst oder einem seiner Unterorte untergeordnet werden. Bitte wählen Sie ein anderes Ziel.`,
      )
      .waitFor();
    await picker.getByLabel('Suchen').fill('Tanklager');
    await picker.getByRole('grid').getByText('Tanklager Nord', { exact: true }).first().click();
    await page.getByText(`Der Ort „${parent}“ wurde verschoben.`).waitFor();
    await page.getByTestId('node-path').getByText(`Werk Köln-Niehl › Tanklager Nord › ${parent}`).waitFor();
    await selectNode(page, child);
    expect(await page.getByTestId('node-path').textContent()).toBe(
      `Werk Köln-Niehl › Tanklager Nord › ${parent} › ${child}`,
    );
    await context.close();
  });

  it('keeps what was typed on a stale save (409) and saves after reloading', async () => {
    const a = await newPage(browser);
    const b = await newPage(browser);
    await signIn(a.page, 'admin', '/locations/list');
    await signIn(b.page, 'admin');
    await selectNode(a.page, 'Verwaltung Düsseldorf');
    const name = `E2E Archiv ${suffix}`;
    const id = await createNode(a.page, name);
    await b.page.goto(`/locations/${id}`);
    await heading(b.page).getByText(name, { exact: true }).waitFor();

    await field(a.page, 'Fax').fill('0211 4478-101');
    await save(a.page);

    await field(b.page, 'Telefon').fill('0211 4478-1');
    await b.page.getByRole('button', { name: 'Speichern' }).click();
    const conflict = b.page.getByTestId('conflict-alert');
    await conflict
      .getByText('Der Datensatz wurde inzwischen von einer anderen Person geändert', { exact: false })
      .waitFor();
    expect(await field(b.page, 'Telefon').inputValue()).toBe('0211 4478-1');
    await conflict.getByRole('button', { name: 'Neu laden' }).click();
    await conflict.waitFor({ state: 'detached' });
    expect(await field(b.page, 'Fax').inputValue()).toBe('0211 4478-101');
    expect(await field(b.page, 'Telefon').inputValue()).toBe('0211 4478-1');
    await save(b.page);
    await a.context.close();
    await b.context.close();
  });

  it('department containers: monthly hours validated (≤ 744) and saved with a decimal comma', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', '/locations/list');
    await page.getByRole('tab', { name: 'Abteilungen' }).click();
    await page.waitForURL('**/departments/list');
    await selectNode(page, 'Logistik');
    const hours = field(page, 'Monatsstunden je Mitarbeiter');
    expect(await hours.inputValue()).toBe('164,67');
    await hours.fill('800');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Die Monatsstunden dürfen höchstens 744 betragen (31 Tage × 24 Stunden).').waitFor();
    await hours.fill('160,5');
    await save(page);
    await page.reload();
    await heading(page).getByText('Logistik', { exact: true }).waitFor();
    expect(await field(page, 'Monatsstunden je Mitarbeiter').inputValue()).toBe('160,5');
    // Back to the demo value, so other specs see the seeded data.
    await field(page, 'Monatsstunden je Mitarbeiter').fill('164,67');
    await save(page);
    await context.close();
  });

  it('shows a user without edit rights a read-only tree', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'sifa', '/locations/list');
    await page.getByTestId('read-only-tree').getByText('Sie können diese Einträge nur ansehen.').waitFor();
    await selectNode(page, 'Labor L3');
    expect(await field(page, 'Name').isDisabled()).toBe(true);
    expect(await field(page, 'Straße').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Neu', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Speichern' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Verschieben' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Löschen' }).count()).toBe(0);
    await context.close();

    // A supervisor without 'Alle Orte sehen' sees only the own location and, for orientation, its plant.
    const supervisor = await newPage(browser);
    await signIn(supervisor.page, 'fuehrung', '/locations/list');
    await tree(supervisor.page).getByText('Halle 1 – Abfüllung', { exact: true }).waitFor();
    const names = await tree(supervisor.page).locator('[role="treeitem"] p').allTextContents();
    expect(names).toEqual(['Werk Köln-Niehl', 'Halle 1 – Abfüllung']);
    await selectNode(supervisor.page, 'Werk Köln-Niehl');
    await supervisor.page.getByTestId('read-only-node').waitFor();
    await supervisor.context.close();
  });
});
