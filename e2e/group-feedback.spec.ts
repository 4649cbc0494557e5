import fs from 'node:fs/promises';
import { PDFParse } from 'pdf-parse';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y.ts';
import { api } from './support/api.ts';
import { drawer, launchBrowser, newPage, signIn } from './support/browser.ts';
import { suffix } from './support/employees.ts';
import { tickRow } from './support/pickers.ts';

type Row = { status: string; validUntil: string | null };

async function pdfText(file: string): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(await fs.readFile(file)) });
  const text = (await parser.getText()).text;
  await parser.destroy();
  return text.replace(/\s+/g, ' ');
}

/** Chooses a department in the tree picker behind 'Abteilung auswählen'. */
async function chooseDepartment(page: Page, name: string, not?: string) {
  await page.getByRole('button', { name: 'Abteilung auswählen' }).click();
  const picker = page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' });
  await picker.getByLabel('Suchen').fill(name);
  let row = picker.locator('[data-row-index][data-loaded="true"]').filter({ hasText: name });
  if (not) row = row.filter({ hasNotText: not });
  await row.first().waitFor();
  await row.first().click();
  await picker.waitFor({ state: 'hidden' });
}

describe('group feedback (decisions 069, 079)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a supervisor confirms a group: bad input first, then the instruction with the error report', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', '/');
    // The group: a company-level department with a team below it, two employees in the team; a topic.
    const company = `Gruppenwerk ${suffix}`;
    const team = `Gruppenteam ${suffix}`;
    const dep = await api<{ id: number }>(page, 'POST', 'departments', { parentId: null, name: company });
    const sub = await api<{ id: number }>(page, 'POST', 'departments', { parentId: dep.data.id, name: team });
    const ids: number[] = [];
    for (const n of [1, 2]) {
      const created = await api<{ id: number }>(page, 'POST', 'employee', {
        personnelNumber: `GR${suffix}${n}`,
        lastName: `Gruppe${suffix}`,
        firstName: `Person ${n}`,
        departmentId: sub.data.id,
      });
      expect(created.status).toBe(201);
      ids.push(created.data.id);
    }
    const identifier = `GR-${suffix}`;
    const topic = await api<{ id: number }>(page, 'POST', 'topics', {
      label: `Staplerfahren ${suffix}`,
      identifier,
      intervalDays: 365,
    });
    expect(topic.status).toBe(201);

    await drawer(page).getByRole('link', { name: 'Gruppenrückmeldung' }).click();
    await page.waitForURL(/\/instructions\/group-feedback$/);
    await page.getByRole('heading', { name: 'Unterweisungen' }).waitFor();
    await expectAccessible(page);

    // Nothing chosen: refused in German.
    await page.getByRole('button', { name: 'Rückmeldung speichern' }).click();
    await page
      .getByRole('alert')
      .getByText('Bitte wählen Sie mindestens eine Unterweisung und mindestens einen Mitarbeiter.')
      .waitFor();

    // The whole company is refused; its team is added.
    await chooseDepartment(page, company, team);
    await page.getByRole('button', { name: 'Abteilung hinzufügen' }).click();
    await page
      .getByText(
        'Eine Gruppenrückmeldung für das ganze Unternehmen ist nicht möglich. Bitte wählen Sie eine Unterabteilung.',
      )
      .waitFor();
    await expectAccessible(page);
    await chooseDepartment(page, team);
    await page.getByRole('button', { name: 'Abteilung hinzufügen' }).click();
    await page.getByText('2 Mitarbeiter hinzugefügt. Außerhalb Ihrer Verantwortung: 0.').waitFor();
    await page.getByRole('cell', { name: `Gruppe${suffix}, Person 1`, exact: true }).waitFor();

    // The topic.
    await page.getByRole('button', { name: 'Unterweisungen wählen' }).click();
    const topics = page.getByRole('dialog', { name: 'Unterweisungen wählen' });
    await topics.getByLabel('Suchen').fill(identifier);
    await tickRow(topics, identifier);
    await topics.getByRole('button', { name: 'Übernehmen', exact: true }).click();
    await topics.waitFor({ state: 'hidden' });
    await page.getByTestId('gf-topics').getByText(`${identifier} Staplerfahren ${suffix}`).waitFor();

    // A new external person without the company: the field says so.
    await page.getByRole('button', { name: 'Externen Mitarbeiter hinzufügen' }).click();
    const external = page.getByRole('group', { name: 'Neuer externer Mitarbeiter 1' });
    await external.getByLabel('Personalnummer').fill(`GR${suffix}1`); // taken by Person 1
    await external.getByLabel('Nachname').fill('Gast');
    await external.getByLabel('Vorname').fill('Greta');
    await page.getByRole('button', { name: 'Rückmeldung speichern' }).click();
    await page
      .getByRole('alert')
      .getByText('Bitte füllen Sie für jeden neuen externen Mitarbeiter alle Pflichtfelder aus.')
      .waitFor();
    await external.getByText('Pflichtfeld.').waitFor();
    await expectAccessible(page);

    // With the company: the two are confirmed, the taken personnel number is in the error report.
    await external.getByLabel('Firma').fill('Leihfirma GmbH');
    await page.getByRole('button', { name: 'Rückmeldung speichern' }).click();
    await page.getByText('2 Unterweisungen bestätigt, 0 externe Mitarbeiter angelegt.').waitFor();
    const report = page.getByRole('table', { name: 'Fehlerbericht' });
    await report.getByRole('cell', { name: 'Gast, Greta' }).waitFor();
    await report.getByRole('cell', { name: 'Diese Personalnummer ist bereits vergeben.' }).waitFor();
    await report.getByRole('cell', { name: 'alle gewählten' }).waitFor();
    // The form keeps what failed: the external person, not the confirmed employees.
    await page.getByText('Noch kein Mitarbeiter gewählt.').waitFor();
    expect(await external.getByLabel('Firma').inputValue()).toBe('Leihfirma GmbH');
    await expectAccessible(page);

    // The items are done with their validity (a year from today).
    for (const id of ids) {
      const items = await api<{ rows: Row[] }>(
        page,
        'GET',
        `instructions/assignments?employeeId=${id}&topicId=${topic.data.id}`,
      );
      expect(items.data.rows.find((r) => r.status === 'E')?.validUntil).toBeTruthy();
      expect(items.data.rows.map((r) => r.status).sort()).toEqual(['E', 'O']);
    }

    // With a new personnel number the external person is created and confirmed.
    await external.getByLabel('Personalnummer').fill(`GX${suffix}`);
    await page.getByRole('button', { name: 'Rückmeldung speichern' }).click();
    await page.getByText('1 Unterweisung bestätigt, 1 externe Mitarbeiter angelegt.').waitFor();

    // „Verlauf“ (decision 079): a search that finds nothing, then the two feedbacks of this topic.
    await page.getByRole('tab', { name: 'Verlauf' }).click();
    const search = page.getByRole('searchbox', { name: 'Suchen' });
    await search.fill(`kein-${identifier}`);
    await page.getByText('Keine Gruppenrückmeldungen gefunden.').waitFor();
    await search.fill(identifier);
    const rows = page.locator('[data-row-index][data-loaded="true"]');
    await rows.filter({ hasText: team }).waitFor();
    await rows
      .filter({ hasText: `${identifier} Staplerfahren ${suffix}` })
      .nth(1)
      .waitFor();
    await expectAccessible(page);
    await rows.filter({ hasText: team }).click();
    const detail = page.getByRole('dialog', { name: /^Gruppenrückmeldung vom / });
    const items = detail.getByRole('table', { name: 'Bestätigte Unterweisungen' });
    await items.getByRole('cell', { name: `Gruppe${suffix}, Person 1`, exact: true }).waitFor();
    await items.getByRole('cell', { name: `Gruppe${suffix}, Person 2`, exact: true }).waitFor();
    await expectAccessible(page);

    // The attendance record: topic, the employees and the signature column.
    const [record] = await Promise.all([
      page.waitForEvent('download'),
      detail.getByRole('button', { name: 'Teilnahmenachweis herunterladen' }).click(),
    ]);
    expect(record.suggestedFilename()).toMatch(/^Teilnahmenachweis_\d+_\d\d-\d\d-\d\d\.pdf$/);
    const recordText = await pdfText(await record.path());
    for (const value of [
      'Teilnahmenachweis',
      `${identifier} Staplerfahren ${suffix}`,
      `Gruppe${suffix}, Person 1`,
      `Gruppe${suffix}, Person 2`,
      'Unterschrift',
    ])
      expect(recordText).toContain(value);
    // An employee's certificate of the group-confirmed item.
    const [certificate] = await Promise.all([
      page.waitForEvent('download'),
      detail.getByRole('button', { name: /Person 1“ herunterladen$/ }).click(),
    ]);
    expect(await pdfText(await certificate.path())).toContain('Unterweisung in der Gruppe, bestätigt durch');
    await detail.getByRole('button', { name: 'Schließen' }).click();
    await detail.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('works on a phone (390 px)', async () => {
    const { context, page } = await newPage(browser, { phone: true });
    await signIn(page, 'admin', '/instructions/group-feedback');
    await page.getByRole('button', { name: 'Externen Mitarbeiter hinzufügen' }).click();
    await page.getByRole('group', { name: 'Neuer externer Mitarbeiter 1' }).getByLabel('Firma').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await context.close();
  });
});
