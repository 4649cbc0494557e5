import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y.ts';
import { api } from './support/api.ts';
import { drawer, gridTotal, launchBrowser, listRows, newPage, signIn, waitUntil } from './support/browser.ts';
import { chooseRow } from './support/pickers.ts';
import { mailText, startSmtp } from './support/smtp.ts';

const suffix = Date.now().toString(36).toUpperCase();

async function choose(page: Page, field: string, option: string) {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function next(page: Page, heading: string) {
  await page.getByRole('button', { name: 'Weiter', exact: true }).click();
  await page.getByRole('heading', { name: heading, exact: true }).waitFor();
}

/** Picks the location `name`, or the first one the user may choose (a reader's scope: decision 006). */
async function pickLocation(page: Page, name?: string) {
  await page.getByRole('button', { name: 'Ort auswählen' }).click();
  const picker = page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' });
  if (name) await picker.getByLabel('Suchen').fill(name);
  await picker.locator('[data-row-index="0"][data-loaded="true"]', name ? { hasText: name } : {}).click();
  await picker.waitFor({ state: 'hidden' });
}

async function noSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
}

describe('accident reports and the first-aid book', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('reports an accident through the wizard with the body map (mouse and keyboard), bad input refused, the draft kept over a reload and a dropped network, then sets it inactive', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    await drawer(page).getByRole('link', { name: 'Unfallmeldungen', exact: true }).click();
    await page.waitForURL(/\/accidents\/list$/);
    await gridTotal(page, 'Unfallmeldungen');
    await page.getByRole('button', { name: 'Neu', exact: true }).click();
    await page.waitForURL(/\/accidents\/new$/);

    // 1 type
    await page.getByRole('button', { name: 'Weiter', exact: true }).click();
    await page.getByText('Bitte wählen Sie die Art des Ereignisses.').waitFor();
    await page.getByRole('radio', { name: 'Unfall', exact: true }).check();
    await next(page, 'Person');

    // 2 person: an external person needs name and company
    await page.getByRole('radio', { name: 'Externe Person' }).check();
    await page.getByRole('button', { name: 'Weiter', exact: true }).click();
    await page.getByText('Bitte geben Sie den Namen der externen Person an.').waitFor();
    await page.getByText('Bitte geben Sie die Firma der externen Person an.').waitFor();
    const person = `Extern ${suffix}`;
    await page.getByRole('textbox', { name: 'Name' }).fill(person);
    await page.getByRole('textbox', { name: 'Firma' }).fill('Montagebau GmbH');
    await next(page, 'Ort und Zeit');

    // 3 place and time: a future time warns and must be confirmed; location and first-aid time are required
    await page.getByLabel('Unfallzeitpunkt').fill('2099-05-04T10:15');
    await page
      .getByText('Sie haben für das Unfallereignis einen Zeitpunkt in der Zukunft gewählt.')
      .waitFor();
    await page.getByRole('button', { name: 'Weiter', exact: true }).click();
    await page.getByText('Bitte prüfen Sie den Zeitpunkt oder bestätigen Sie ihn.').waitFor();
    await page.getByText('Bitte wählen Sie einen Ort.').waitFor();
    await page
      .getByText('Bitte geben Sie den Zeitpunkt der Ersten Hilfe mit Datum und Uhrzeit an.')
      .waitFor();
    await page.getByLabel('Unfallzeitpunkt').fill('2026-11-02T10:15');
    await page.getByLabel('Zeitpunkt der Ersten Hilfe').fill('2026-11-02T10:25');
    await pickLocation(page, 'Tanklager');
    await next(page, 'Verletzungen');

    // 4 injuries: the body map by mouse, the back by keyboard; the category is required
    await page.getByRole('button', { name: 'Weiter', exact: true }).click();
    await page.getByText('Bitte wählen Sie eine Verletzungskategorie.').waitFor();
    await page.getByRole('button', { name: 'Hand rechts', exact: true }).click();
    expect(
      await page.getByRole('button', { name: 'Hand rechts', exact: true }).getAttribute('aria-pressed'),
    ).toBe('true');
    await choose(page, 'Verletzungsart', 'Schnittwunde');
    await page.getByRole('button', { name: 'Verletzung hinzufügen' }).click();
    await page.getByText('Hand rechts: Schnittwunde').waitFor();
    await page.getByRole('button', { name: 'Wade links', exact: true }).focus();
    await page.keyboard.press('Enter');
    await waitUntil(
      async () =>
        (await page.getByRole('button', { name: 'Wade links', exact: true }).getAttribute('aria-pressed')) ===
        'true',
      'Wade links chosen by keyboard',
    );
    await choose(page, 'Verletzungsart', 'Prellung');
    await page.getByRole('button', { name: 'Verletzung hinzufügen' }).click();
    await page.getByText('Wade links: Prellung').waitFor();
    // A body part with an injury is named so.
    await page.getByRole('button', { name: 'Hand rechts (verletzt)' }).waitFor();
    await choose(page, 'Verletzungskategorie', 'Arztbesuch ohne Arbeitsunfähigkeit');
    await expectAccessible(page);

    // Nothing typed is lost: a reload keeps the draft (the steps are walked again).
    await page.reload();
    await page.getByRole('heading', { name: 'Art', exact: true }).waitFor();
    expect(await page.getByRole('radio', { name: 'Unfall', exact: true }).isChecked()).toBe(true);
    await next(page, 'Person');
    expect(await page.getByRole('textbox', { name: 'Name' }).inputValue()).toBe(person);
    await next(page, 'Ort und Zeit');
    await next(page, 'Verletzungen');
    await page.getByText('Hand rechts: Schnittwunde').waitFor();
    await next(page, 'Details');

    // 5 details: a witness without a name is refused
    await page.getByLabel('Hergang').fill('Beim Lösen einer Flanschverbindung mit dem Messer abgerutscht.');
    await page.getByRole('button', { name: 'Zeugen hinzufügen' }).click();
    await page.getByRole('button', { name: 'Weiter', exact: true }).click();
    await page.getByText('Bitte geben Sie den Namen der Zeugin oder des Zeugen an.').waitFor();
    await page.getByRole('textbox', { name: 'Name der Zeugin / des Zeugen' }).fill('Wilma Wachsam');
    await page.getByRole('textbox', { name: 'PLZ' }).fill('50667');
    await page.getByRole('button', { name: 'Ersthelfer hinzufügen' }).click();
    await page.getByRole('textbox', { name: 'Ersthelfer 1' }).fill('Ernst Helfer');
    await page.getByLabel('Erstbehandelnde Ärztin / erstbehandelnder Arzt').fill('Dr. Hand, Köln');
    await page.getByRole('checkbox', { name: 'Meldepflichtig' }).check();
    await next(page, 'Checkliste');
    await next(page, 'Zusammenfassung');
    await page.getByText('Hand rechts: Schnittwunde; Wade links: Prellung').waitFor();
    await page.getByText('Wilma Wachsam, 50667').waitFor();

    // The network drops while filing: the message says so and nothing is lost; then it goes through.
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Unfallmeldung erfassen' }).click();
    await page.getByRole('alert').filter({ hasText: 'Keine Verbindung zum Server.' }).waitFor();
    await page.getByText('Hand rechts: Schnittwunde; Wade links: Prellung').waitFor();
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Unfallmeldung erfassen' }).click();
    await page.waitForURL(/\/accidents\/\d+$/);
    await page.getByText('Die Unfallmeldung wurde erfasst.').waitFor();
    await page.getByText(`${person} (Montagebau GmbH)`).first().waitFor();
    await page.getByText('Dr. Hand, Köln').waitFor();
    const reportUrl = page.url();
    const reportId = Number(reportUrl.split('/').pop());

    // Editing: someone else changes the report meanwhile; the stale save shows the conflict and keeps the text.
    await page.getByRole('link', { name: 'Bearbeiten', exact: true }).click();
    await page.waitForURL(/\/accidents\/\d+\/edit$/);
    await page.getByRole('heading', { name: 'Art', exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Details' }).click();
    await page
      .getByLabel('Hergang')
      .fill('Beim Lösen einer Flanschverbindung abgerutscht; Messer ungeeignet.');
    const before = await api<{ version: number }>(page, 'GET', `accidents/${reportId}`);
    expect(
      (await api(page, 'POST', `accidents/${reportId}/status`, { status: 20, version: before.data.version }))
        .status,
    ).toBe(200);
    await page.getByRole('tab', { name: 'Zusammenfassung' }).click();
    await page.getByRole('button', { name: 'Änderungen speichern' }).click();
    await page
      .getByText('Die Unfallmeldung wurde inzwischen von jemand anderem geändert.', { exact: false })
      .waitFor();
    await page.getByRole('button', { name: 'Neu laden' }).click();
    await page.getByRole('button', { name: 'Neu laden' }).waitFor({ state: 'detached' });
    await page.getByText('Messer ungeeignet.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Änderungen speichern' }).click();
    await page.waitForURL(reportUrl);
    await page.getByText('Die Änderungen wurden gespeichert.').waitFor();
    await page.getByText('Status: Qualifizierung').waitFor();
    await page.getByText('Beim Lösen einer Flanschverbindung abgerutscht; Messer ungeeignet.').waitFor();

    // The same person on the same day is refused (the wizard starts empty after filing).
    await page.goto('/accidents/new');
    expect(await page.getByRole('radio', { name: 'Unfall', exact: true }).isChecked()).toBe(false);
    await page.getByRole('radio', { name: 'Beinaheunfall' }).check();
    await next(page, 'Person');
    await page.getByRole('radio', { name: 'Externe Person' }).check();
    await page.getByRole('textbox', { name: 'Name' }).fill(person);
    await page.getByRole('textbox', { name: 'Firma' }).fill('Montagebau GmbH');
    await next(page, 'Ort und Zeit');
    await page.getByLabel('Unfallzeitpunkt').fill('2026-11-02T16:00');
    await page.getByLabel('Zeitpunkt der Ersten Hilfe').fill('2026-11-02T16:05');
    await pickLocation(page, 'Tanklager');
    await next(page, 'Verletzungen');
    await page.getByText('Bei diesem Ereignis wurde niemand verletzt.', { exact: false }).waitFor();
    await next(page, 'Details');
    await next(page, 'Checkliste');
    await next(page, 'Zusammenfassung');
    await page.getByRole('button', { name: 'Unfallmeldung erfassen' }).click();
    await page.getByRole('heading', { name: 'Ort und Zeit', exact: true }).waitFor();
    await page
      .getByText('Für diese Person gibt es am 02.11.26 bereits eine Unfallmeldung.', { exact: false })
      .first()
      .waitFor();

    // The list finds the report; the record sets it inactive with the marker in the comment.
    await page.goto('/accidents/list');
    await page.getByLabel('Suchen').fill(person);
    await waitUntil(async () => (await gridTotal(page, 'Unfallmeldungen')) === 1, 'search finds the report');
    await listRows(page, 'Unfallmeldungen').getByText(person, { exact: false }).first().click();
    await page.waitForURL(reportUrl);
    // Someone else moves the report meanwhile: the stale save gets the conflict, the choice stays.
    const current = await api<{ version: number }>(page, 'GET', `accidents/${reportId}`);
    expect(
      (await api(page, 'POST', `accidents/${reportId}/status`, { status: 20, version: current.data.version }))
        .status,
    ).toBe(200);
    await choose(page, 'Status', 'Inaktiv/storniert');
    await page.getByLabel('Grund').fill('doppelt erfasst');
    await page.getByRole('button', { name: 'Status setzen' }).click();
    await page
      .getByText('Die Unfallmeldung wurde inzwischen von jemand anderem geändert.', { exact: false })
      .waitFor();
    await page.getByRole('button', { name: 'Neu laden' }).click();
    await page.getByRole('button', { name: 'Neu laden' }).waitFor({ state: 'detached' });
    expect(await page.getByLabel('Grund').inputValue()).toBe('doppelt erfasst');
    await page.getByRole('button', { name: 'Status setzen' }).click();
    await page.getByText('Der Status wurde gesetzt.').waitFor();
    await page
      .getByText(/\[Inaktiv gesetzt am \d\d\.\d\d\.\d\d \d\d:\d\d von .+: doppelt erfasst\]/)
      .waitFor();
    await page.getByText('Status: Inaktiv/storniert').waitFor();
    await context.close();
  });

  it('mails a status change to the escalation contacts of the location through the outbox (decision 071)', async () => {
    const smtp = await startSmtp();
    try {
      const { context, page } = await newPage(browser);
      await signIn(page, 'admin', '/taskschedule/edit');
      // The outbox delivers to the test server.
      const mail = await api<{ version: number; value: Record<string, unknown> }>(
        page,
        'GET',
        'settings/mail',
      );
      const saved = await api(page, 'PUT', 'settings/mail', {
        version: mail.data.version,
        value: {
          ...mail.data.value,
          host: '127.0.0.1',
          port: smtp.port,
          security: 'none',
          user: '',
          password: '',
          senderAddress: 'arbeitsschutz@rheinwerk-chemie.de',
        },
      });
      expect(saved.status).toBe(200);
      // Werk Köln-Niehl has escalation contacts with addresses in the demo data.
      const tree = await api<{ nodes: { id: number; name: string }[] }>(page, 'GET', 'locations/tree');
      const koeln = tree.data.nodes.find((n) => n.name === 'Werk Köln-Niehl')!;
      const person = `Statusmail ${suffix}`;
      const created = await api<{ id: number }>(page, 'POST', 'accidents', {
        eventType: 1,
        externalName: person,
        externalCompany: 'Montagebau GmbH',
        accidentAt: '2026-10-05T07:30:00.000Z',
        firstAidAt: '2026-10-05T07:35:00.000Z',
        locationId: koeln.id,
        injuries: [{ bodyPart: 21, injuryType: 1 }],
        injuryCategory: 2,
        injuryDescription: `Tiefer Schnitt ${suffix}`,
      });
      expect(created.status).toBe(201);

      await page.goto(`/accidents/${created.data.id}`);
      await page.getByText('Bei jeder Statusänderung erhalten die Vorgesetzten', { exact: false }).waitFor();
      await choose(page, 'Status', 'In Bearbeitung');
      await page.getByRole('button', { name: 'Status setzen' }).click();
      await page.getByText('Der Status wurde gesetzt.').waitFor();
      await page.getByText('Status: In Bearbeitung').waitFor();

      await page.goto('/taskschedule/edit');
      await page.getByRole('button', { name: 'Jetzt ausführen: E-Mail-Postausgang senden' }).click();
      const address = 'werkleitung.koeln@rheinwerk-chemie.de';
      const statusMail = () =>
        smtp.received
          .filter((m) => m.to.includes(address))
          .map((m) => mailText(m.raw))
          .find((m) => m.subject.startsWith('Unfallmeldung: Status geändert') && m.text.includes(person));
      await waitUntil(() => statusMail() !== undefined, 'the status mail arrives', 30_000);
      const received = statusMail()!;
      expect(received.subject).toBe('Unfallmeldung: Status geändert – Unfall, Werk Köln-Niehl');
      expect(received.text).toContain('Ereignis: Unfall\nZeitpunkt: 05.10.26 09:30\nOrt: Werk Köln-Niehl');
      expect(received.text).toContain(`Betroffene Person: ${person} (Montagebau GmbH)`);
      expect(received.text).toContain('Bisheriger Status: Meldung\nNeuer Status: In Bearbeitung');
      expect(received.text).toContain(`/accidents/${created.data.id}`);
      expect(received.text).not.toContain('Tiefer Schnitt');
      await context.close();
    } finally {
      await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
    }
  });

  it('reports an accident on a phone (390 px) with the body map', async () => {
    const { context, page } = await newPage(browser, { phone: true });
    await signIn(page, 'sifa', '/accidents/new');
    await page.getByText('Schritt 1 von 7: Art').waitFor();
    await noSidewaysScroll(page);
    await page.getByRole('radio', { name: 'Sonstige Erste Hilfe oder Erkrankung' }).tap();
    await next(page, 'Person');
    await page.getByRole('radio', { name: 'Externe Person' }).tap();
    await page.getByRole('textbox', { name: 'Name' }).fill(`Telefon ${suffix}`);
    await page.getByRole('textbox', { name: 'Firma' }).fill('Reinigung AG');
    await next(page, 'Ort und Zeit');
    await page.getByLabel('Unfallzeitpunkt').fill('2026-11-03T07:45');
    await page.getByLabel('Zeitpunkt der Ersten Hilfe').fill('2026-11-03T07:50');
    await pickLocation(page, 'Tanklager');
    await noSidewaysScroll(page);
    await next(page, 'Verletzungen');
    await noSidewaysScroll(page);
    await page.getByRole('button', { name: 'Auge links', exact: true }).tap();
    await choose(page, 'Verletzungsart', 'Fremdkörper');
    await page.getByRole('button', { name: 'Verletzung hinzufügen' }).tap();
    await page.getByText('Auge links: Fremdkörper').waitFor();
    await choose(page, 'Verletzungskategorie', 'Bagatellverletzung (nur Erste Hilfe)');
    await expectAccessible(page);
    await next(page, 'Details');
    await noSidewaysScroll(page);
    await next(page, 'Checkliste');
    await page.getByText('Schritt 6 von 7: Checkliste').waitFor();
    await noSidewaysScroll(page);
    await expectAccessible(page);
    await next(page, 'Zusammenfassung');
    await noSidewaysScroll(page);
    await page.getByRole('button', { name: 'Unfallmeldung erfassen' }).tap();
    await page.waitForURL(/\/accidents\/\d+$/);
    await page.getByText('Auge links: Fremdkörper').waitFor();
    await noSidewaysScroll(page);
    await context.close();
  });

  it('a supervisor without the health right files a report about a colleague and sees no health data afterwards', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'fuehrung', '/accidents/new');
    await page.getByRole('radio', { name: 'Unfall', exact: true }).check();
    await next(page, 'Person');
    await page.getByRole('button', { name: 'Mitarbeiter auswählen' }).click();
    const picker = page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' });
    await picker.getByLabel('Suchen').fill('000103');
    await chooseRow(picker, picker.getByRole('grid').getByText('000103'));
    await waitUntil(
      async () =>
        (await page.getByRole('textbox', { name: /Verletzte Person/ }).inputValue()) ===
        'Schmidt, Anna (000103)',
      'the employee is chosen',
    );
    await next(page, 'Ort und Zeit');
    await page.getByLabel('Unfallzeitpunkt').fill('2026-10-15T09:00');
    await page.getByLabel('Zeitpunkt der Ersten Hilfe').fill('2026-10-15T09:05');
    await pickLocation(page);
    await next(page, 'Verletzungen');
    await page.getByRole('button', { name: 'Knie rechts', exact: true }).click();
    await choose(page, 'Verletzungsart', 'Prellung');
    await page.getByRole('button', { name: 'Verletzung hinzufügen' }).click();
    await choose(page, 'Verletzungskategorie', 'Arbeitsunfähigkeit bis 3 Tage');
    await next(page, 'Details');
    await next(page, 'Checkliste');
    await next(page, 'Zusammenfassung');
    await page.getByText('Knie rechts: Prellung').waitFor();
    await page.getByRole('button', { name: 'Unfallmeldung erfassen' }).click();
    await page.waitForURL(/\/accidents\/\d+$/);
    // The filed report: person and place, but the health data stays hidden from this reader.
    await page.getByText('Schmidt, Anna', { exact: false }).first().waitFor();
    await page.getByText('Ohne Berechtigung für Gesundheitsdaten nicht sichtbar.').waitFor();
    expect(await page.getByText('Knie rechts').count()).toBe(0);
    // The list has no injury-category column for this reader.
    await page.goto('/accidents/list');
    await gridTotal(page, 'Unfallmeldungen');
    expect(await page.getByRole('columnheader', { name: 'Verletzungskategorie' }).count()).toBe(0);
    await context.close();
  });

  it('a first aider records a first-aid book entry on a phone, bad input refused', async () => {
    const { context, page } = await newPage(browser, { phone: true });
    await signIn(page, 'mitarbeiter', '/firstaid/list');
    await gridTotal(page, 'Verbandbuch');
    await page.getByRole('button', { name: 'Neu', exact: true }).tap();
    const dialog = page.getByRole('dialog', { name: 'Neuer Eintrag im Verbandbuch' });
    await dialog.waitFor();
    const box = await dialog.boundingBox();
    expect(box?.width).toBe(390);
    await dialog.getByRole('button', { name: 'Eintragen' }).tap();
    await dialog.getByText('Bitte wählen Sie die Person aus oder geben Sie ihren Namen an.').waitFor();
    await dialog.getByText('Bitte geben Sie den Ort an.').waitFor();
    await expectAccessible(page);
    const name = `Karl Kratzer ${suffix}`;
    await dialog.getByRole('textbox', { name: 'oder Name' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Wo' }).fill('Halle 3, Presse 2');
    await dialog.getByRole('textbox', { name: 'Was ist passiert' }).fill('Splitter im Finger');
    await dialog.getByRole('textbox', { name: 'Erste-Hilfe-Maßnahme' }).fill('Splitter entfernt, Pflaster');
    await dialog.getByRole('button', { name: 'Eintragen' }).tap();
    await page.getByText('Der Eintrag wurde gespeichert.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByLabel('Suchen').fill(name);
    await waitUntil(async () => (await gridTotal(page, 'Verbandbuch')) === 1, 'the entry is listed');
    await listRows(page, 'Verbandbuch').getByText('Halle 3, Presse 2').waitFor();
    await noSidewaysScroll(page);
    await context.close();
  });
});
