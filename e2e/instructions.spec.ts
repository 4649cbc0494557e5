import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y.ts';
import { drawer, gridTotal, launchBrowser, listRows, newPage, signIn, waitUntil } from './support/browser.ts';
import { tickRow } from './support/pickers.ts';

const suffix = Date.now().toString(36).toUpperCase();

/** Fills and saves the question dialog; `right` marks the right answers by position. */
async function addQuestion(page: Page, text: string, answers: string[], right: number[], mandatory = false) {
  await page.getByRole('button', { name: 'Frage hinzufügen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Neue Frage' });
  await dialog.getByRole('textbox', { name: 'Frage' }).fill(text);
  for (let i = 3; i < answers.length; i++)
    await dialog.getByRole('button', { name: 'Antwort hinzufügen' }).click();
  for (const [i, answer] of answers.entries()) {
    await dialog.getByRole('textbox', { name: `Antwort ${i + 1}` }).fill(answer);
    if (right.includes(i))
      await dialog.getByRole('checkbox', { name: `Antwort ${i + 1} ist richtig` }).check();
  }
  if (mandatory) await dialog.getByLabel('Pflichtfrage').check();
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await page.getByText('Die Frage wurde gespeichert.').waitFor();
  await dialog.waitFor({ state: 'hidden' });
}

describe('instructions (Unterweisungen)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('an administrator creates a topic with questions (bad input refused), raises the pool, releases it, assigns it and keeps the form on a stale save', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    await drawer(page).getByRole('link', { name: 'Unterweisungen', exact: true }).click();
    await page.waitForURL(/\/instructions\/list$/);
    expect(await gridTotal(page, 'Unterweisungen')).toBeGreaterThanOrEqual(10);

    // The starter catalogue is there and searchable.
    // (Both words must occur: other specs on this server may have made topics named "Brandschutz …".)
    await page.getByLabel('Suchen').fill('U-02 Brandschutz');
    await waitUntil(async () => (await gridTotal(page, 'Unterweisungen')) === 1, 'search narrows to U-02');
    await listRows(page, 'Unterweisungen').getByText('U-02').waitFor();
    await page.getByLabel('Suchen').fill('');

    // Create: a missing label is refused in German, then the topic is created locked.
    const identifier = `UW-${suffix}`;
    await page.getByRole('button', { name: 'Neu', exact: true }).click();
    const create = page.getByRole('dialog', { name: 'Neue Unterweisung anlegen' });
    await create.getByLabel('Kennung').fill(identifier);
    await create.getByRole('button', { name: 'Anlegen' }).click();
    await create.getByText('Bitte geben Sie eine Bezeichnung an.').waitFor();
    await create.getByLabel('Bezeichnung').fill(`Staplerfahren im Lager ${suffix}`);
    await create.getByRole('button', { name: 'Anlegen' }).click();
    await page.waitForURL(/\/instructions\/edit\/\d+$/);
    await create.waitFor({ state: 'hidden' });
    const url = page.url();
    await page.getByText('Status: Gesperrt').waitFor();
    await page.getByText('Zu dieser Unterweisung sind noch keine Fragen hinterlegt.').waitFor();

    // Mode "points" without a minimum score is refused next to the field; with one it saves.
    await page.getByLabel('Modus').click();
    await page.getByRole('option', { name: 'Punkte mit Mindestpunktzahl' }).click();
    await page.getByLabel('Intervall', { exact: true }).click();
    await page.getByRole('option', { name: 'halbjährlich', exact: true }).click();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Im Modus „Punkte“ ist eine Mindestpunktzahl nötig.').waitFor();
    await expectAccessible(page); // the record page with the field message
    await page.getByRole('spinbutton', { name: 'Mindestpunktzahl' }).fill('1');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Die Unterweisung wurde gespeichert.').waitFor();

    // A question without a right answer is refused; 3–5 answers, several right allowed.
    await page.getByRole('button', { name: 'Frage hinzufügen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neue Frage' });
    await dialog
      .getByRole('textbox', { name: 'Frage' })
      .fill('Wie schnell darf in der Halle gefahren werden?');
    for (const [i, text] of ['Schrittgeschwindigkeit', '25 km/h', 'So schnell wie möglich'].entries())
      await dialog.getByRole('textbox', { name: `Antwort ${i + 1}` }).fill(text);
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.getByText('Mindestens eine Antwort muss richtig sein.').waitFor();
    await expectAccessible(page); // the question dialog with its message
    await dialog.getByRole('checkbox', { name: 'Antwort 1 ist richtig' }).check();
    await dialog.getByLabel('Pflichtfrage').check();
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Die Frage wurde gespeichert.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await addQuestion(
      page,
      'Was gehört zur täglichen Einsatzprüfung?',
      ['Bremsen', 'Hupe', 'Radio', 'Gabelzinken'],
      [0, 1, 3],
      true,
    );
    const questions = page.getByTestId('topic-question');
    await waitUntil(async () => (await questions.count()) === 2, 'two questions listed');
    await questions.nth(1).getByText('3 richtige Antworten').waitFor();

    // A pool below the two mandatory questions: the page offers to raise it.
    await page.getByRole('spinbutton', { name: 'Fragenpool' }).fill('1');
    await page.getByRole('button', { name: 'Speichern' }).click();
    const offer = page.getByRole('dialog', { name: 'Fragenpool erhöhen?' });
    await offer
      .getByText('Der Fragenpool (1) ist kleiner als die Zahl der Pflichtfragen (2).', { exact: false })
      .waitFor();
    await expectAccessible(page);
    await offer.getByRole('button', { name: 'Fragenpool auf 2 erhöhen und speichern' }).click();
    await page.getByText('Die Unterweisung wurde gespeichert.').waitFor();
    expect(await page.getByRole('spinbutton', { name: 'Fragenpool' }).inputValue()).toBe('2');

    // Release.
    await page.getByRole('button', { name: 'Freigeben' }).click();
    await page
      .getByRole('dialog', { name: 'Unterweisung freigeben?' })
      .getByRole('button', { name: 'Freigeben' })
      .click();
    await page.getByText('Status: Freigegeben').waitFor();

    // Assign it to Anna Schmidt (000103), then delete the open assignment again.
    const assignments = page.getByTestId('topic-assignments');
    await assignments.getByText('Diese Unterweisung ist noch niemandem zugewiesen.').waitFor();
    await assignments.getByRole('button', { name: 'Mitarbeiter zuweisen' }).click();
    const assign = page.getByRole('dialog', {
      name: `„${identifier} Staplerfahren im Lager ${suffix}“ zuweisen`,
    });
    await assign.getByRole('button', { name: 'Zuweisen' }).click();
    await assign.getByText('Bitte wählen Sie mindestens einen Mitarbeiter.').waitFor();
    await assign.getByRole('button', { name: 'Mitarbeiter auswählen' }).click();
    const picker = page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' });
    await picker.getByLabel('Suchen').fill('000103');
    await tickRow(picker, '000103');
    await picker.getByRole('button', { name: 'Übernehmen', exact: true }).click();
    await picker.waitFor({ state: 'hidden' });
    await assign.getByText('Schmidt, Anna (000103)').waitFor();
    await assign.getByLabel('Fällig am').fill('2027-03-31');
    await assign.getByRole('button', { name: 'Zuweisen' }).click();
    await page.getByText('1 Mitarbeiter wurde zugewiesen.').waitFor();
    await assign.waitFor({ state: 'hidden' });
    const assignedRow = listRows(page, 'Zuweisungen').filter({ hasText: 'Schmidt, Anna (000103)' });
    await assignedRow.getByText('31.03.27').waitFor();
    await assignedRow.getByText('offen', { exact: true }).waitFor();
    // Rearranging marks the entry done and creates an open one with the new due date; the open one is deleted.
    await assignedRow.getByRole('button', { name: 'Neu terminieren: Schmidt, Anna' }).click();
    const rearrange = page.getByRole('dialog', { name: 'Unterweisung neu terminieren?' });
    await rearrange.getByLabel('Neues Fälligkeitsdatum').fill('2027-05-31');
    await rearrange.getByRole('button', { name: 'Neu terminieren' }).click();
    await page.getByText('Die Unterweisung wurde neu terminiert.').waitFor();
    await waitUntil(async () => (await gridTotal(page, 'Zuweisungen')) === 2, 'done and new entry listed');
    const newRow = listRows(page, 'Zuweisungen').filter({ hasText: '31.05.27' });
    await newRow.getByText('offen', { exact: true }).waitFor();
    await listRows(page, 'Zuweisungen').filter({ hasText: '31.03.27' }).getByText('erledigt').waitFor();
    // Removing the open one needs its classification (decision 080): each gap is named at its field.
    await newRow.getByRole('button', { name: 'Zuweisung entfernen: Schmidt, Anna' }).click();
    const removal = page.getByRole('dialog', { name: 'Zuweisung entfernen' });
    const confirmRemoval = removal.getByRole('button', { name: 'Entfernen' });
    await confirmRemoval.click();
    await removal.getByText('Bitte wählen Sie eine Maßnahme aus.').waitFor();
    await removal.getByRole('combobox', { name: 'Maßnahme' }).click();
    await page.getByRole('option', { name: 'Durch eine andere Unterweisung ersetzt' }).click();
    await confirmRemoval.click();
    await removal.getByText('Bitte wählen Sie die Unterweisung aus, die diese ersetzt.').waitFor();
    await removal.getByRole('combobox', { name: 'Maßnahme' }).click();
    await page.getByRole('option', { name: 'Tätigkeit oder Gefährdung entfällt' }).click();
    await confirmRemoval.click();
    await removal.getByText('Bitte geben Sie eine Begründung an.').waitFor();
    const reason = removal.getByRole('textbox', { name: 'Begründung' });
    await reason.fill('versetzt');
    await confirmRemoval.click();
    await removal.getByText(/Bitte begründen Sie in ganzen Sätzen/).waitFor();
    await expectAccessible(page); // the removal dialog with its field message
    await reason.fill('Frau Schmidt fährt seit Mai keinen Stapler mehr.');
    await confirmRemoval.click();
    await page.getByText('Die Zuweisung wurde entfernt.').waitFor();
    await waitUntil(async () => (await gridTotal(page, 'Zuweisungen')) === 1, 'only the done entry is left');
    await page.getByRole('button', { name: 'Entfernte Zuweisungen anzeigen' }).click();
    const removed = listRows(page, 'Entfernte Zuweisungen').filter({ hasText: 'Schmidt, Anna (000103)' });
    await removed.getByText('Frau Schmidt fährt seit Mai keinen Stapler mehr.').waitFor();
    await removed.getByText('Tätigkeit oder Gefährdung entfällt').waitFor();

    // Someone else saves meanwhile: this form keeps its input and offers to load the latest state.
    const other = await newPage(browser);
    await signIn(other.page, 'admin', url);
    const otherLabel = other.page.getByRole('textbox', { name: 'Bezeichnung' });
    await waitUntil(async () => (await otherLabel.inputValue()).includes(suffix), 'second page loaded');
    await otherLabel.fill(`Gabelstaplerfahren im Lager ${suffix}`);
    await other.page.getByRole('button', { name: 'Speichern' }).click();
    await other.page.getByText('Die Unterweisung wurde gespeichert.').waitFor();
    await other.context.close();

    const minutes = page.getByRole('spinbutton', { name: 'Dauer ca. (Minuten)' });
    await minutes.fill('35');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('inzwischen von jemand anderem geändert', { exact: false }).waitFor();
    expect(await minutes.inputValue()).toBe('35');
    await page.getByRole('button', { name: 'Neu laden' }).click();
    await page.getByRole('button', { name: 'Neu laden' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Die Unterweisung wurde gespeichert.').waitFor();
    expect(await minutes.inputValue()).toBe('35');
    expect(await page.getByRole('textbox', { name: 'Bezeichnung' }).inputValue()).toBe(
      `Gabelstaplerfahren im Lager ${suffix}`,
    );

    // Edit a question in its dialog, then delete it.
    await page.getByRole('button', { name: 'Frage 2 bearbeiten' }).click();
    const edit = page.getByRole('dialog', { name: 'Frage 2 bearbeiten' });
    await edit.getByRole('textbox', { name: 'Frage' }).fill('Was prüfen Sie vor Schichtbeginn?');
    await edit.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Die Frage wurde gespeichert.').waitFor();
    await questions.nth(1).getByText('Was prüfen Sie vor Schichtbeginn?', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Frage 2 löschen' }).click();
    await page
      .getByRole('dialog', { name: 'Frage löschen?' })
      .getByRole('button', { name: 'Löschen' })
      .click();
    await page.getByText('Die Frage wurde gelöscht.').waitFor();
    await waitUntil(async () => (await questions.count()) === 1, 'one question left');
    await context.close();
  });

  it("an employee without rights sees no menu entry and gets 'Keine Berechtigung.'", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'mitarbeiter');
    await drawer(page).getByRole('link', { name: 'Startseite' }).waitFor();
    expect(await drawer(page).getByRole('link', { name: 'Unterweisungen', exact: true }).count()).toBe(0);
    await page.goto('/instructions/list');
    await page.getByText('Keine Berechtigung.').waitFor();
    expect(await page.getByTestId('error-status').textContent()).toBe('403');
    await context.close();
  });

  it('an employee sees the own instructions in Meine Unterweisungen, the overdue one marked', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'mitarbeiter');
    await drawer(page).getByRole('link', { name: 'Meine Unterweisungen', exact: true }).click();
    await page.waitForURL(/\/instructions\/mine$/);
    // The three demo items (other specs on this server may have given this employee more).
    expect(await gridTotal(page, 'Meine Unterweisungen')).toBeGreaterThanOrEqual(3);
    const rows = listRows(page, 'Meine Unterweisungen');
    const overdue = rows.filter({ hasText: 'Allgemeine Arbeitssicherheit' });
    await overdue.getByText('überfällig', { exact: false }).waitFor();
    await overdue.getByText('30 Minuten').waitFor();
    await rows.filter({ hasText: 'Umgang mit Gefahrstoffen' }).getByText('offen', { exact: true }).waitFor();
    expect(
      await rows
        .filter({ hasText: 'Brandschutz und Verhalten im Brandfall' })
        .getByText('überfällig', { exact: false })
        .count(),
    ).toBe(0);
    await context.close();
  });
});
