import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, signIn, waitUntil } from './support/browser.ts';
import { tickRow } from './support/pickers.ts';

const suffix = Date.now().toString(36).toUpperCase();

/** Decision 066: drawing board, e-mail dialog, workflow (approval) and printer settings. */
describe('checklists: drawing board, notifications, workflow and printer settings', () => {
  let browser: Browser;
  let checklistPath = '';
  let viewerUrl = '';
  const name = `Skizze Halle ${suffix}`;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const saveDialog = async (page: Page, title: string) => {
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Die Einstellungen wurden gespeichert.').last().waitFor();
    await dialog.waitFor({ state: 'hidden' });
  };

  it('builds a checklist with a drawing board and sets its mails, approver and print', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', '/checklists/list');
    await page.getByRole('button', { name: 'Neu', exact: true }).click();
    const create = page.getByRole('dialog', { name: 'Checkliste anlegen' });
    await create.getByLabel('Bezeichnung').fill(name);
    await create.getByRole('button', { name: 'Anlegen' }).click();
    await page.waitForURL(/\/checklists\/\d+$/);
    checklistPath = new URL(page.url()).pathname;
    await page.getByRole('button', { name: 'Element in Zeile 1, Spalte 1 einfügen' }).click();
    await page.getByRole('menuitem', { name: 'Zeichenfläche', exact: true }).click();
    await page
      .getByTestId('element-settings')
      .getByRole('textbox', { name: 'Beschriftung' })
      .fill('Lageskizze');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Die Checkliste wurde gespeichert.').waitFor();

    // E-mail dialog: typed addresses must be valid and not duplicate.
    await page.getByRole('button', { name: 'E-Mail', exact: true }).click();
    const mail = page.getByRole('dialog', { name: 'E-Mail-Benachrichtigungen' });
    await mail.getByRole('checkbox', { name: 'Wenn die Checkliste abgeschlossen ist' }).check();
    await mail.getByRole('checkbox', { name: 'Wenn die Checkliste bei der Freigabe abgelehnt wird' }).check();
    const address = mail.getByRole('textbox', { name: 'Weitere E-Mail-Adresse' });
    await address.fill('qs-leitung');
    await mail.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
    await mail.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.').waitFor();
    await address.fill('qs-leitung@example.org');
    await mail.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
    await mail.getByRole('button', { name: 'qs-leitung@example.org' }).waitFor();
    await address.fill('QS-Leitung@example.org');
    await address.press('Enter');
    await mail.getByText('Diese E-Mail-Adresse ist bereits eingetragen.').waitFor();
    await address.fill('');
    await saveDialog(page, 'E-Mail-Benachrichtigungen');

    // Workflow: the administrator approves.
    await page.getByRole('button', { name: 'Workflow', exact: true }).click();
    const workflow = page.getByRole('dialog', { name: 'Workflow-Einstellungen' });
    await workflow.getByRole('button', { name: 'Mitarbeiter hinzufügen' }).click();
    const picker = page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' });
    await picker.getByLabel('Suchen').fill('Administrator');
    await tickRow(picker, 'Administrator');
    await picker.getByRole('button', { name: 'Übernehmen' }).click();
    await picker.waitFor({ state: 'hidden' });
    await workflow.getByText('Administrator, System').waitFor();
    await saveDialog(page, 'Workflow-Einstellungen');

    // Printer: landscape with a header.
    await page.getByRole('button', { name: 'Drucker', exact: true }).click();
    const print = page.getByRole('dialog', { name: 'Druckeinstellungen' });
    await print.getByRole('combobox', { name: 'Seitenausrichtung' }).click();
    await page.getByRole('option', { name: 'Querformat' }).click();
    await print.getByRole('textbox', { name: 'Kopfzeile' }).fill('Werk Nord – Begehung');
    await print.getByRole('checkbox', { name: 'Unbeantwortete Felder drucken' }).uncheck();
    await saveDialog(page, 'Druckeinstellungen');

    // Reopened, the dialogs show what was stored.
    await page.reload();
    await page.getByRole('button', { name: 'Drucker', exact: true }).click();
    const again = page.getByRole('dialog', { name: 'Druckeinstellungen' });
    expect(await again.getByRole('textbox', { name: 'Kopfzeile' }).inputValue()).toBe('Werk Nord – Begehung');
    await again.getByRole('combobox', { name: 'Seitenausrichtung' }).getByText('Querformat').waitFor();
    await again.getByRole('button', { name: 'Abbrechen' }).click();
    await page.getByRole('button', { name: 'E-Mail', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'E-Mail-Benachrichtigungen' })
      .getByRole('button', { name: 'qs-leitung@example.org' })
      .waitFor();
    await context.close();
  });

  it('is drawn on a phone with a finger and submitted for approval', async () => {
    const { context, page } = await newPage(browser, { phone: true });
    await signIn(page, 'sifa', checklistPath);
    await page.getByRole('button', { name: 'Ausfüllen' }).click();
    await page.waitForURL(/\/audits\/checklist\/\d+\?instance=\d+$/);
    viewerUrl = new URL(page.url()).pathname + new URL(page.url()).search;
    await page.getByText('Diese Checkliste muss nach dem Abschluss freigegeben werden.').waitFor();
    const board = page.getByRole('img', { name: 'Zeichenfläche „Lageskizze“: noch nichts gezeichnet' });
    const box = await board.boundingBox();
    if (!box) throw new Error('drawing board not laid out');
    // Fits the phone: no wider than the 390 px screen.
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    // Two strokes drawn with pointer events (a touch screen's finger reaches the canvas as pointer events too).
    for (const [from, to] of [
      [0.1, 0.6],
      [0.3, 0.9],
    ] as const) {
      await page.mouse.move(box.x + box.width * from, box.y + box.height * 0.2);
      await page.mouse.down();
      for (let i = 1; i <= 5; i++)
        await page.mouse.move(
          box.x + box.width * (from + ((to - from) * i) / 5),
          box.y + box.height * (0.2 + 0.1 * i),
        );
      await page.mouse.up();
    }
    await page.getByRole('img', { name: 'Zeichenfläche „Lageskizze“: 2 Striche' }).waitFor();
    await page.getByRole('button', { name: 'Rückgängig' }).click();
    await page.getByRole('img', { name: 'Zeichenfläche „Lageskizze“: 1 Strich' }).waitFor();
    await page.getByText('Fortschritt: 100 %').waitFor();
    await page.getByRole('switch', { name: 'Abgeschlossen' }).check();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Die Antworten wurden gespeichert.').waitFor();
    await page.getByText('Die Checkliste wartet auf die Freigabe.').waitFor();
    // The filler is no approver: no buttons to decide.
    expect(await page.getByRole('button', { name: 'Freigeben' }).count()).toBe(0);
    // After a reload the drawing is still there.
    await page.reload();
    await page.getByRole('img', { name: 'Zeichenfläche „Lageskizze“: 1 Strich' }).waitFor();
    await context.close();
  });

  it('is rejected with a reason, completed again and approved by the approver', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', viewerUrl);
    const panel = page.getByRole('region', { name: 'Freigabe' });
    await panel.getByText('Die Checkliste wartet auf die Freigabe.').waitFor();
    await panel.getByRole('button', { name: 'Ablehnen' }).click();
    await panel.getByText('Bitte begründen Sie die Ablehnung.').waitFor();
    await panel.getByRole('textbox', { name: 'Begründung' }).fill('Fluchtweg fehlt in der Skizze');
    await panel.getByRole('button', { name: 'Ablehnen' }).click();
    await page.getByText('Die Checkliste wurde abgelehnt und ist wieder offen.').waitFor();
    await panel.getByText(/^Abgelehnt von .*: Fluchtweg fehlt in der Skizze$/).waitFor();
    await waitUntil(
      async () => !(await page.getByRole('switch', { name: 'Abgeschlossen' }).isChecked()),
      'reopened after the rejection',
    );
    await page.getByRole('switch', { name: 'Abgeschlossen' }).check();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Die Antworten wurden gespeichert.').waitFor();
    await panel.getByText('Die Checkliste wartet auf die Freigabe.').waitFor();
    await panel.getByRole('button', { name: 'Freigeben' }).click();
    await page.getByText('Die Checkliste wurde freigegeben.').waitFor();
    await panel.getByText(/^Freigegeben von /).waitFor();
    // Approved: the answers are final, the viewer offers no input and no save (decision 070).
    await waitUntil(
      () => page.getByRole('switch', { name: 'Abgeschlossen' }).isDisabled(),
      'the answers are locked after the approval',
    );
    expect(await page.getByRole('button', { name: 'Speichern' }).count()).toBe(0);
    await context.close();
  });
});
