import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, signIn } from './support/browser.ts';

const suffix = Date.now().toString(36);

/** Opens the activities page and waits for the tree. */
async function openTree(page: Page): Promise<void> {
  await page.goto('/activities/list');
  await page.getByRole('tree', { name: 'Eigenschaften' }).waitFor();
}

/** Selects a node by its (unique) name and waits for its edit panel. */
async function selectNode(page: Page, name: string): Promise<void> {
  await page.getByRole('tree').getByText(name, { exact: true }).click();
  await page.getByTestId('activity-heading').getByText(name, { exact: true }).waitFor();
}

async function createNode(page: Page, name: string, description = ''): Promise<void> {
  await page.getByRole('button', { name: 'Neu', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Neue Eigenschaft anlegen' });
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  if (description) await dialog.getByLabel('Beschreibung').fill(description);
  await dialog.getByRole('button', { name: 'Anlegen' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByText('Die Eigenschaft wurde angelegt.').waitFor();
  await page.getByTestId('activity-heading').getByText(name, { exact: true }).waitFor();
}

async function deleteSelected(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Löschen', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Eigenschaft löschen' });
  await dialog.getByRole('button', { name: 'Löschen' }).click();
  await page.getByText('Die Eigenschaft wurde gelöscht.').waitFor();
}

describe('activities (Eigenschaften)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates a node; refuses a child below a role, a move into its own branch and deleting a system node', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    // The menu entry leads here.
    await page
      .getByRole('navigation', { name: 'Hauptmenü' })
      .getByRole('link', { name: 'Eigenschaften' })
      .click();
    await page.getByRole('tree', { name: 'Eigenschaften' }).waitFor();
    await page.getByRole('tree').getByText('Rollen', { exact: true }).waitFor();

    // Create at the top level (nothing selected yet).
    const name = `E2E Tätigkeit ${suffix}`;
    await createNode(page, name, 'Aus dem Browsertest');
    expect(await page.getByText('Ebene: Oberste Ebene').count()).toBe(1);

    // A child below a role is refused with the server's German message.
    await selectNode(page, 'Ersthelfer');
    await page.getByRole('button', { name: 'Neu', exact: true }).click();
    const create = page.getByRole('dialog', { name: 'Neue Eigenschaft anlegen' });
    await create.getByText('Wird angelegt unter: Rollen › Ersthelfer').waitFor();
    await create.getByLabel('Name', { exact: true }).fill('Unterrolle');
    await create.getByRole('button', { name: 'Anlegen' }).click();
    await create
      .getByRole('alert')
      .getByText('„Ersthelfer“ ist eine Rolle. Unter Rollen können keine Einträge angelegt werden.')
      .waitFor();
    await create.getByRole('button', { name: 'Abbrechen' }).click();
    await create.waitFor({ state: 'hidden' });

    // Moving a node below its own descendant is refused.
    await selectNode(page, 'Produktion');
    await page.getByRole('button', { name: 'Verschieben' }).click();
    const move = page.getByRole('dialog', { name: '„Produktion“ verschieben' });
    // Its own branch is marked unavailable (aria-disabled, still focusable); choosing it says why.
    const ownBranch = move.getByRole('button', { name: 'Umgang mit Gefahrstoffen' });
    expect(await ownBranch.getAttribute('aria-disabled')).toBe('true');
    await ownBranch.click({ force: true });
    await move
      .getByRole('alert')
      .getByText('Ein Eintrag kann nicht sich selbst oder einem seiner Untereinträge untergeordnet werden.', {
        exact: false,
      })
      .waitFor();
    await move.getByRole('button', { name: 'Abbrechen' }).click();
    await move.waitFor({ state: 'hidden' });

    // A valid move: the new node goes below 'Labor'.
    await selectNode(page, name);
    await page.getByRole('button', { name: 'Verschieben' }).click();
    const moveOwn = page.getByRole('dialog', { name: `„${name}“ verschieben` });
    await moveOwn.getByRole('button', { name: 'Labor', exact: true }).click();
    await page.getByText('Die Eigenschaft wurde verschoben.').waitFor();
    await page.getByText('Ebene: Labor').waitFor();

    // A system node cannot be deleted.
    await selectNode(page, 'Führungskraft');
    await page.getByRole('button', { name: 'Löschen', exact: true }).click();
    const remove = page.getByRole('dialog', { name: 'Eigenschaft löschen' });
    await remove.getByRole('button', { name: 'Löschen' }).click();
    await remove
      .getByRole('alert')
      .getByText('„Führungskraft“ ist ein Systemeintrag und kann nicht gelöscht werden.')
      .waitFor();
    await remove.getByRole('button', { name: 'Schließen' }).click();
    await remove.waitFor({ state: 'hidden' });

    // Unsaved changes: choosing another node asks first.
    await selectNode(page, name);
    await page.getByLabel('Beschreibung').fill('Nicht gespeichert');
    await page.getByRole('tree').getByText('Labortätigkeit', { exact: true }).click();
    const unsaved = page.getByRole('dialog', { name: 'Ungespeicherte Änderungen' });
    await unsaved.getByRole('button', { name: 'Weiter bearbeiten' }).click();
    await unsaved.waitFor({ state: 'hidden' });
    expect(await page.getByLabel('Beschreibung').inputValue()).toBe('Nicht gespeichert');
    await page.getByRole('tree').getByText('Labortätigkeit', { exact: true }).click();
    await unsaved.getByRole('button', { name: 'Verwerfen' }).click();
    await page.getByTestId('activity-heading').getByText('Labortätigkeit', { exact: true }).waitFor();

    // Clean up: the new node can be deleted.
    await selectNode(page, name);
    await deleteSelected(page);
    await page.getByRole('tree').getByText(name, { exact: true }).waitFor({ state: 'detached' });
    await context.close();
  });

  it('keeps the typed content on a stale save (409) and saves after reloading', async () => {
    const a = await newPage(browser);
    const b = await newPage(browser);
    await signIn(a.page, 'admin');
    await signIn(b.page, 'admin');
    const name = `E2E Konflikt ${suffix}`;
    await openTree(a.page);
    await createNode(a.page, name, 'Ausgangstext');
    await openTree(b.page);
    await selectNode(b.page, name);

    // A saves first.
    await a.page.getByLabel('Beschreibung').fill('Beschreibung von A');
    await a.page.getByRole('button', { name: 'Speichern' }).click();
    await a.page.getByText('Die Eigenschaft wurde gespeichert.').waitFor();

    // B, still on the old version, renames: 409, and what B typed stays.
    const nameByB = `${name} von B`;
    await b.page.getByLabel('Name', { exact: true }).fill(nameByB);
    await b.page.getByRole('button', { name: 'Speichern' }).click();
    const conflict = b.page.getByTestId('conflict-alert');
    await conflict
      .getByText('Der Datensatz wurde inzwischen von einer anderen Person geändert', { exact: false })
      .waitFor();
    expect(await b.page.getByLabel('Name', { exact: true }).inputValue()).toBe(nameByB);

    // 'Neu laden': A's description comes in, B's name is kept; saving now works.
    await conflict.getByRole('button', { name: 'Neu laden' }).click();
    await conflict.waitFor({ state: 'detached' });
    expect(await b.page.getByLabel('Beschreibung').inputValue()).toBe('Beschreibung von A');
    expect(await b.page.getByLabel('Name', { exact: true }).inputValue()).toBe(nameByB);
    await b.page.getByRole('button', { name: 'Speichern' }).click();
    await b.page.getByText('Die Eigenschaft wurde gespeichert.').waitFor();
    await b.page.getByTestId('activity-heading').getByText(nameByB, { exact: true }).waitFor();

    await deleteSelected(b.page);
    await a.context.close();
    await b.context.close();
  });

  it('shows the tree read-only to a user without edit rights', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'sifa');
    await openTree(page);
    await page
      .getByTestId('read-only-hint')
      .getByText('Sie können Eigenschaften ansehen, aber nicht ändern.')
      .waitFor();
    await selectNode(page, 'Labortätigkeit');
    const nameField = page.getByLabel('Name', { exact: true });
    expect(await nameField.getAttribute('readonly')).not.toBeNull();
    expect(await page.getByLabel('Bezeichnungen').inputValue()).toBe('Chemielaborant\nCTA\nLaborant');
    for (const button of ['Neu', 'Speichern', 'Verschieben', 'Löschen']) {
      expect(await page.getByRole('button', { name: button, exact: true }).count(), button).toBe(0);
    }

    // The deep link /activities/:id opens the tree with that node selected.
    const id = await page.getByTestId('activity-editor').getAttribute('data-activity-id');
    await page.goto(`/activities/${id}`);
    await page.getByTestId('activity-heading').getByText('Labortätigkeit', { exact: true }).waitFor();
    const selected = page.getByRole('tree').locator('[data-selected]');
    expect(await selected.getByText('Labortätigkeit', { exact: true }).count()).toBe(1);
    await context.close();
  });
});
