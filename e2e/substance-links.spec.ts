import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y.ts';
import { api } from './support/api.ts';
import { launchBrowser, newPage, signIn, waitUntil } from './support/browser.ts';
import { chooseRow, pickRow } from './support/pickers.ts';

const suffix = Date.now().toString(36).toUpperCase();

/**
 * Decision 054: a substance linked to a hazard from the assessment, its use shown in the substance editor,
 * the assessment's and the substance's refusals, and the data-sheet release with its checklist filled.
 */
describe('substances on hazards and the data-sheet release checklist', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('links a substance to a hazard, shows its use, refuses deleting the assessment and inactivating the substance, and releases the data sheet with its checklist done', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', '/');
    const name = `Lackverdünner ${suffix}`;
    const substance = await api<{ id: number }>(page, 'POST', 'substances', {
      designation: name,
      statements: ['H225', 'H336'],
    });
    expect(substance.status).toBe(201);
    const me = await api<{ employee: { id: number } }>(page, 'GET', 'auth/user');
    const places = await api<{ rows: { id: number; name: string }[] }>(
      page,
      'GET',
      `locations/picker?search=${encodeURIComponent('Tanklager Nord')}`,
    );
    const bricks = await api<{ rows: { id: number; identifier: string }[] }>(
      page,
      'GET',
      'hazardbrick/picker?search=M-01',
    );
    const assessmentName = `Lackierkabine ${suffix}`;
    const analysis = await api<{ id: number }>(page, 'POST', 'hazardanalysis', {
      bezeichnung: assessmentName,
      locationId: places.data.rows.find((r) => r.name === 'Tanklager Nord')?.id,
      brickIds: [bricks.data.rows.find((r) => r.identifier === 'M-01')?.id],
      responsibleId: me.data.employee.id,
    });
    expect(analysis.status).toBe(201);
    // The release checklist: one required check box, meant for substances.
    const created = await api<{ id: number }>(page, 'POST', 'checklists', {
      label: `SDB-Freigabe ${suffix}`,
      module: 'substances',
    });
    const stored = await api<Record<string, unknown> & { version: number }>(
      page,
      'GET',
      `checklists/${created.data.id}`,
    );
    const grid = await api(page, 'PUT', `checklists/${created.data.id}`, {
      version: stored.data.version,
      label: stored.data.label,
      category: 'Gefahrstoffe',
      module: 'substances',
      active: true,
      requiredProgress: 100,
      cloneMaximum: stored.data.cloneMaximum,
      rows: [{ key: 1, label: 'Sicherheitsdatenblatt' }],
      columns: [{ key: 1, label: 'Prüfung' }],
      cells: [
        {
          row: 1,
          column: 1,
          element: {
            type: 'checkbox',
            label: 'Abschnitte 1 bis 16 vollständig',
            required: true,
            variable: null,
          },
        },
      ],
      variables: [],
      rights: [],
      locked: false,
    });
    expect(grid.status).toBe(200);

    // From the hazard: pick the substance (list protocol picker).
    await page.goto(`/hazardanalysis/${analysis.data.id}`);
    await page.getByTestId('hazard-row-0').getByRole('button', { name: 'Gefährdung bearbeiten' }).click();
    const dialog = page.getByRole('dialog', { name: /Gefährdung bearbeiten/ });
    const substances = dialog.getByTestId('hazard-substances');
    await substances.getByText('Dieser Gefährdung ist kein Gefahrstoff zugeordnet.').waitFor();
    await substances.getByRole('button', { name: 'Gefahrstoff zuordnen' }).click();
    const picker = page.getByRole('dialog', { name: 'Gefahrstoff zuordnen' });
    await picker.waitFor();
    await expectAccessible(page);
    await picker.getByLabel('Name, CAS oder EG-Nummer suchen').fill(name);
    await chooseRow(picker, picker.getByRole('grid').getByText(name, { exact: true }));
    await substances.getByRole('link', { name }).waitFor();
    await substances.getByText('Version 1').waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Deleting the assessment is refused with the spec's reason.
    await page.getByRole('button', { name: 'Löschen' }).click();
    const del = page.getByRole('dialog', { name: 'Gefährdungsbeurteilung löschen' });
    await del.getByRole('button', { name: 'Löschen' }).click();
    await del
      .getByText(
        'Die Gefährdungsbeurteilung ist mit einem Gefahrstoff verknüpft und kann nicht gelöscht werden. Bitte setzen Sie sie stattdessen inaktiv.',
      )
      .waitFor();
    await expectAccessible(page);
    await del.getByRole('button', { name: 'Abbrechen' }).click();

    // The substance shows the use with a link; setting it inactive is refused.
    await page.goto(`/substances/${substance.data.id}`);
    const usage = page.getByTestId('substance-usage');
    await usage.getByRole('link', { name: assessmentName }).waitFor();
    await usage.getByText('Ungeschützt bewegte Maschinenteile').waitFor();
    const status = page.getByTestId('substance-status');
    await status.getByRole('button', { name: 'Inaktiv setzen' }).click();
    await status
      .getByText(
        'Status für den Gefahrstoff konnte nicht gesetzt werden. Er wird noch verwendet: in einer Gefährdung einer Gefährdungsbeurteilung.',
      )
      .waitFor();
    await expectAccessible(page);

    // The data-sheet release: refused without a checklist, then with it undone, released once it is done.
    const register = page.getByTestId('substance-register');
    await register.getByRole('button', { name: 'Mitarbeiter auswählen' }).click();
    await pickRow(
      page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' }),
      'Administrator',
      /Administrator/,
    );
    await register.getByLabel('Nächste Prüfung am').fill('2031-05-20');
    await register.getByRole('button', { name: 'Sicherheitsdatenblatt freigeben' }).click();
    await register.getByText('Bitte wählen Sie die Checkliste der Freigabe.').waitFor();
    await register.getByRole('button', { name: 'Checkliste wählen' }).click();
    const checklistPicker = page.getByRole('dialog', { name: 'Checkliste der Freigabe wählen' });
    await checklistPicker.waitFor();
    await expectAccessible(page);
    await checklistPicker.getByLabel('Checkliste suchen').fill(suffix);
    await chooseRow(
      checklistPicker,
      checklistPicker.getByRole('grid').getByText(`SDB-Freigabe ${suffix}`, { exact: true }),
    );
    await page.getByText('Die Checkliste wurde zugeordnet.').waitFor();
    const checklistState = register.getByTestId('sds-checklist');
    await checklistState.getByText(`Checkliste „SDB-Freigabe ${suffix}“: nicht erledigt (0 %)`).waitFor();
    // The editor reloads (new record version); the release is sent at it.
    await waitUntil(
      async () => await register.getByRole('button', { name: 'Sicherheitsdatenblatt freigeben' }).isEnabled(),
      'release enabled',
    );
    await register.getByRole('button', { name: 'Mitarbeiter auswählen' }).click();
    await pickRow(
      page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' }),
      'Administrator',
      /Administrator/,
    );
    await register.getByLabel('Nächste Prüfung am').fill('2031-05-20');
    await register.getByRole('button', { name: 'Sicherheitsdatenblatt freigeben' }).click();
    await register
      .getByText(
        'Das Sicherheitsdatenblatt kann erst freigegeben werden, wenn die Checkliste der Freigabe erledigt ist.',
        {
          exact: false,
        },
      )
      .waitFor();

    // Fill the checklist: 'done' without the required box is refused, then it is done.
    await checklistState.getByRole('link', { name: 'Checkliste ausfüllen' }).click();
    await page.waitForURL(/\/audits\/checklist\/\d+\?instance=\d+$/);
    await page.getByLabel('Abgeschlossen').check();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page
      .getByRole('alert')
      .filter({
        hasText: 'Die Checkliste kann nicht abgeschlossen werden: Pflichtfelder sind nicht ausgefüllt',
      })
      .waitFor();
    await page.getByLabel('Abschnitte 1 bis 16 vollständig').check();
    await page.getByText('Fortschritt: 100 %').waitFor();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Die Antworten wurden gespeichert.').waitFor();

    // Back at the substance: the checklist is done and the release goes through.
    await page.goto(`/substances/${substance.data.id}`);
    await checklistState.getByText(`Checkliste „SDB-Freigabe ${suffix}“: erledigt (100 %)`).waitFor();
    await register.getByRole('button', { name: 'Mitarbeiter auswählen' }).click();
    await pickRow(
      page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' }),
      'Administrator',
      /Administrator/,
    );
    await register.getByLabel('Nächste Prüfung am').fill('2031-05-20');
    await register.getByRole('button', { name: 'Sicherheitsdatenblatt freigeben' }).click();
    await register.getByText(/nächste Prüfung am 20\.05\.31/).waitFor();

    // The assessment is released: its frozen version lists the hazard's substance with the linked version.
    const working = await api<{ version: number }>(page, 'GET', `hazardanalysis/${analysis.data.id}`);
    const released = await api(page, 'POST', `hazardanalysis/${analysis.data.id}/release`, {
      version: working.data.version,
      releaseDate: '2026-11-26',
      nextCheckDate: '2027-11-26',
      responsibleId: me.data.employee.id,
    });
    expect(released.status).toBe(200);
    const versions = await api<{ id: number }[]>(page, 'GET', `hazardanalysis/${analysis.data.id}/versions`);
    await page.goto(`/hazardanalysis/ref/${versions.data[0]?.id}`);
    const frozen = page.getByRole('table');
    await frozen.getByRole('columnheader', { name: 'Gefahrstoffe' }).waitFor();
    await frozen.getByRole('link', { name }).waitFor();
    await frozen.getByText('Version 1', { exact: false }).waitFor();
    await expectAccessible(page);
    await context.close();
  });
});
