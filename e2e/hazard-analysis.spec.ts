import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y.ts';
import { drawer, launchBrowser, listRows, newPage, signIn } from './support/browser.ts';
import { chooseRow, pickRow as pick, pickBricks } from './support/pickers.ts';

const suffix = Date.now().toString(36).toUpperCase();

describe('hazard assessments', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('builds an assessment from a template and bricks, rates, releases, edits into a new version, refuses deletion', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');

    // A template with two bricks ('Vorlagen (GBM)').
    await drawer(page).getByRole('link', { name: 'Vorlagen (GBM)', exact: true }).click();
    await page.waitForURL(/\/hazardanalysis\/draft$/);
    await page.getByRole('button', { name: 'Neu', exact: true }).click();
    let create = page.getByRole('dialog', { name: 'Neue Vorlage anlegen' });
    await create.getByLabel('Bezeichnung').fill(`Vorlage Abfüllplatz ${suffix}`);
    await create.getByTestId('bricks-field').click();
    await pickBricks(page, ['M-01', 'G-01']);
    await create.getByRole('button', { name: 'Anlegen' }).click();
    await page.waitForURL(/\/hazardanalysis\/\d+$/);
    await page.getByTestId('hazard-row-1').waitFor();

    // The assessment: location required, then template + one more brick.
    await drawer(page).getByRole('link', { name: 'Gefährdungsbeurteilungsmodul', exact: true }).click();
    await page.waitForURL(/\/hazardanalysis\/list$/);
    await page.getByRole('button', { name: 'Neu', exact: true }).click();
    create = page.getByRole('dialog', { name: 'Neue Gefährdungsbeurteilung anlegen' });
    await create.getByLabel('Bezeichnung').fill(`Tankwagen-Abfüllung ${suffix}`);
    await create.getByRole('button', { name: 'Anlegen' }).click();
    await create.getByText('Bitte wählen Sie einen Ort.').waitFor();
    await create.getByRole('textbox', { name: /^Ort/ }).click();
    await pick(page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' }), 'Tanklager', /Tanklager Nord/);
    await create.getByTestId('template-field').click();
    await pick(page.getByRole('dialog', { name: 'Vorlage wählen' }), suffix, `Vorlage Abfüllplatz ${suffix}`);
    await create.getByTestId('bricks-field').click();
    await pickBricks(page, ['E-01']);
    await create.getByRole('button', { name: 'Anlegen' }).click();
    await page.waitForURL(/\/hazardanalysis\/\d+$/);
    const editorUrl = page.url();
    const hazards = page.getByTestId('hazards');
    await page.getByTestId('hazard-row-2').waitFor();
    expect(await hazards.getByRole('row').count()).toBe(4);
    await hazards.getByText('Ungeschützt bewegte Maschinenteile').waitFor();

    // Inheritance: the template's hazards come in as inherited copies; ending it makes them own hazards.
    const inheritance = page.getByTestId('inheritance');
    await inheritance.getByText('Keine Vererbung.').waitFor();
    await inheritance.getByRole('button', { name: 'Vorlage vererben' }).click();
    await pick(page.getByRole('dialog', { name: 'Vorlage wählen' }), suffix, `Vorlage Abfüllplatz ${suffix}`);
    await inheritance
      .getByText(`Erbt die Gefährdungen der Vorlage „Vorlage Abfüllplatz ${suffix}“`, { exact: false })
      .waitFor();
    await page.getByTestId('hazard-row-4').getByText('geerbt').waitFor();
    await inheritance.getByRole('button', { name: 'Vererbung aufheben' }).click();
    await inheritance.getByText('Keine Vererbung.').waitFor();
    expect(await hazards.getByText('geerbt').count()).toBe(0);

    // Rate the first hazard in the clickable NOHL grid; a missing responsible is refused.
    await page.getByTestId('hazard-row-0').getByRole('button', { name: 'Gefährdung bearbeiten' }).click();
    const dialog = page.getByRole('dialog', { name: /Gefährdung bearbeiten/ });
    await dialog.waitFor();
    await expectAccessible(page);
    const before = dialog.getByTestId('rating-before');
    await before
      .getByRole('radio', { name: 'Wahrscheinlichkeit hoch, schwere Verletzung: Risiko 6 (hohes Risiko)' })
      .click();
    await before.getByText('6 – hohes Risiko').waitFor();
    const after = dialog.getByTestId('rating-after');
    await after
      .getByRole('radio', {
        name: 'Wahrscheinlichkeit sehr gering, schwere Verletzung: Risiko 3 (signifikantes Risiko)',
      })
      .click();
    await after.getByText('3 – signifikantes Risiko').waitFor();
    await dialog.getByLabel('Ursache').fill('Offene Kupplung beim Umfüllen');
    await dialog.getByRole('button', { name: 'Auswahl entfernen' }).click();
    await dialog.getByRole('button', { name: 'Übernehmen', exact: true }).click();
    await dialog.getByText('Für eine Gefährdung ist eine verantwortliche Person erforderlich.').waitFor();
    await dialog.getByRole('textbox', { name: /^Verantwortliche Person/ }).click();
    const responsiblePicker = page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' });
    await responsiblePicker.waitFor();
    await expectAccessible(page);
    await pick(responsiblePicker, 'Hoffmann Katrin', /Hoffmann/);
    await dialog.getByRole('button', { name: 'Übernehmen', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row0 = page.getByTestId('hazard-row-0');
    await row0.getByText('6 – hohes Risiko').waitFor();
    await row0.getByText('3 – signifikantes Risiko').waitFor();
    await row0.getByText('Hoffmann', { exact: false }).waitFor();

    // An action against the hazard (action source 'hazard') with sifa as executor; sifa completes the task.
    const actionTitle = `Kupplung sichern ${suffix}`;
    await row0.getByRole('button', { name: 'Gefährdung bearbeiten' }).click();
    const again = page.getByRole('dialog', { name: /Gefährdung bearbeiten/ });
    await again.getByRole('button', { name: 'Maßnahme hinzufügen' }).click();
    const actionDialog = page.getByRole('dialog', { name: 'Neue Maßnahme' });
    await actionDialog.getByRole('textbox', { name: 'Bezeichnung' }).fill(actionTitle);
    for (const [field, number] of [
      ['Verantwortlich', '000102'],
      ['Ausführende Person', '000101'],
    ] as const) {
      await actionDialog.getByRole('textbox', { name: field }).click();
      const picker = page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' });
      await picker.getByLabel('Suchen').fill(number);
      await chooseRow(picker, picker.getByRole('grid').getByText(number));
    }
    await actionDialog.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Die Maßnahme wurde angelegt.').waitFor();
    await actionDialog.waitFor({ state: 'hidden' });
    await again.getByTestId('actions-panel').getByText(actionTitle).waitFor();
    await again.getByRole('button', { name: 'Abbrechen' }).click();
    await again.waitFor({ state: 'hidden' });
    const sifa = await newPage(browser);
    await signIn(sifa.page, 'sifa');
    await drawer(sifa.page).getByRole('link', { name: 'Meine Aufgaben', exact: true }).click();
    await sifa.page.waitForURL(/\/tasks$/);
    const task = listRows(sifa.page, 'Meine Aufgaben').filter({ hasText: actionTitle });
    await task.getByRole('button', { name: 'Erledigt', exact: true }).click();
    await sifa.page.getByText('Die Aufgabe ist erledigt.').waitFor();
    await sifa.context.close();

    // Release: the next check must follow the release date.
    await page.getByRole('button', { name: 'Freigeben', exact: true }).click();
    const release = page.getByRole('dialog', { name: 'Gefährdungsbeurteilung freigeben' });
    await release.getByLabel('Nächste Prüfung').fill('2020-01-01');
    await release.getByRole('button', { name: 'Freigeben' }).click();
    await release.getByText('Die nächste Prüfung muss nach dem Datum der Freigabe liegen.').waitFor();
    await release.getByLabel('Nächste Prüfung').fill('2099-12-31');
    await release.getByRole('button', { name: 'Freigeben' }).click();
    await release.waitFor({ state: 'hidden' });
    await page.getByTestId('version-chip').getByText('Version 1 · freigegeben').waitFor();
    await page.getByTestId('released-info').waitFor();

    // An edit after the release starts version 2; version 1 stays readable.
    await page.getByTestId('hazard-row-1').getByRole('button', { name: 'Gefährdung bearbeiten' }).click();
    await dialog.getByLabel('Kommentar').fill('Nach Begehung ergänzt');
    await dialog.getByRole('button', { name: 'Übernehmen', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('version-chip').getByText('Version 2 · in Bearbeitung').waitFor();
    const versions = page.getByTestId('versions');
    await versions.getByRole('link', { name: 'Ansehen' }).click();
    await page.waitForURL(/\/hazardanalysis\/ref\/\d+$/);
    const ref = page.getByTestId('ref-view');
    await ref.getByText('Version 1, freigegeben am', { exact: false }).waitFor();
    await ref.getByText('6 – hohes Risiko').waitFor();
    await ref.getByText('Offene Kupplung beim Umfüllen').waitFor();
    expect(await ref.getByText('Nach Begehung ergänzt').count()).toBe(0);

    // Deleting a versioned assessment is refused with the reason; 'Deaktivieren' is offered instead.
    await page.goto(editorUrl);
    await page.getByRole('button', { name: 'Löschen' }).click();
    const del = page.getByRole('dialog', { name: 'Gefährdungsbeurteilung löschen' });
    await del.getByRole('button', { name: 'Löschen' }).click();
    await del.getByText('Von der Gefährdungsbeurteilung existieren Versionen', { exact: false }).waitFor();
    await del.getByRole('button', { name: 'Deaktivieren' }).click();
    const deactivate = page.getByRole('dialog', { name: 'Gefährdungsbeurteilung deaktivieren' });
    await deactivate.getByRole('button', { name: 'Deaktivieren' }).click();
    await deactivate.getByText('Bitte geben Sie einen Kommentar zur Deaktivierung an.').waitFor();
    await deactivate.getByLabel('Kommentar').fill('Abfüllplatz stillgelegt');
    await deactivate.getByRole('button', { name: 'Deaktivieren' }).click();
    await page.getByTestId('inactive-info').getByText('Inaktiv: Abfüllplatz stillgelegt').waitFor();
    await context.close();
  });
});
