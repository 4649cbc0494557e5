import { P } from '@schutzwerk/shared/permissions.ts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeExe, minimalPdf } from '../apps/server/test/file-fixtures.ts';
import { api } from './support/api.ts';
import { drawer, launchBrowser, newPage, signIn } from './support/browser.ts';

const suffix = Date.now().toString(36).toUpperCase();

/** Documents on a hazard assessment (decision 021, Documents and document tasks). */
describe('hazard assessment documents', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('uploads and attaches a PDF in the section "Dokumente", refuses wrong files in German, detaches it', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');

    // An assessment (no hazards needed for documents).
    await drawer(page).getByRole('link', { name: 'Gefährdungsbeurteilungsmodul', exact: true }).click();
    await page.waitForURL(/\/hazardanalysis\/list$/);
    await page.getByRole('button', { name: 'Neu', exact: true }).click();
    const create = page.getByRole('dialog', { name: 'Neue Gefährdungsbeurteilung anlegen' });
    await create.getByLabel('Bezeichnung').fill(`Lager mit Dokumenten ${suffix}`);
    await create.getByRole('textbox', { name: /^Ort/ }).click();
    const locationPicker = page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' });
    await locationPicker.getByLabel('Suchen').fill('Tanklager');
    await locationPicker
      .getByRole('grid')
      .getByText(/Tanklager Nord/)
      .first()
      .click();
    await create.getByRole('button', { name: 'Anlegen' }).click();
    await page.waitForURL(/\/hazardanalysis\/\d+$/);

    const section = page.getByTestId('analysis-documents');
    await section.getByRole('heading', { name: 'Dokumente' }).waitFor();
    await section.getByText('Keine Dokumente zugeordnet.').waitFor();

    // "Neues Dokument hochladen": a wrong type is refused in the browser, an executable named .pdf by the server.
    await section.getByRole('button', { name: 'Neues Dokument hochladen' }).click();
    const upload = page.getByRole('dialog', { name: 'Datei hochladen' });
    const input = upload.getByTestId('document-file-input');
    await input.setInputFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: fakeExe() });
    await upload
      .getByText(/Falscher Dateityp oder Datei zu groß: „setup\.exe“ ist kein erlaubter Dateityp/)
      .waitFor();
    await input.setInputFiles({ name: 'prüfbericht.pdf', mimeType: 'application/pdf', buffer: fakeExe() });
    await upload.getByRole('button', { name: 'Datei hochladen' }).click();
    await upload.getByText('Der Inhalt der Datei passt nicht zur Endung „.pdf“', { exact: false }).waitFor();

    // A real PDF: a document named after the file is created, uploaded and attached.
    const label = `Explosionsschutz ${suffix}`;
    await input.setInputFiles({ name: `${label}.pdf`, mimeType: 'application/pdf', buffer: minimalPdf() });
    await upload.getByRole('button', { name: 'Datei hochladen' }).click();
    await upload.waitFor({ state: 'hidden' });
    await section.getByRole('link', { name: label }).waitFor();
    await section.getByText(`${label}.pdf`, { exact: false }).waitFor();

    // The refused upload left no document behind: only the good one is attached.
    await section.getByText('Keine Dokumente zugeordnet.').waitFor({ state: 'hidden' });
    await section.getByRole('link').nth(1).waitFor({ state: 'detached' });

    // Detach: the list is empty again; the header form still saves (the page took the new version).
    await section.getByRole('button', { name: `Zuordnung entfernen: ${label}` }).click();
    await section.getByRole('link', { name: label }).waitFor({ state: 'hidden' });
    await section.getByText('Keine Dokumente zugeordnet.').waitFor();
    await page.getByRole('textbox', { name: 'Bezeichnung' }).fill(`Lager mit Dokumenten ${suffix} (geprüft)`);
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Gespeichert.', { exact: true }).waitFor();
    await context.close();
  });

  it('shows "Prüfung durchführen" to a holder of 617 on a document of an assessment, and records the check', async () => {
    const admin = await newPage(browser);
    await signIn(admin.page, 'admin');
    const leader = await newPage(browser);
    await signIn(leader.page, 'fuehrung');
    const me = await api<{ employee: { id: number } }>(leader.page, 'GET', 'auth/user');
    const leaderId = me.data.employee.id;

    // 'fuehrung' reads assessments (Führungskraft); a test role adds documents and 617 (all locations).
    const role = await api<{ id: number; version: number }>(admin.page, 'POST', 'role', {
      name: `E2E Dokumentenprüfung ${suffix}`,
      permissions: [P.DOCUMENTS, P.HAZARDANALYSIS_DOCUMENT_CHECK, P.HAZARDANALYSIS_ALL_LOCATIONS],
    });
    expect(role.status).toBe(201);
    try {
      expect(
        (await api(admin.page, 'POST', `role/${role.data.id}/members`, { employeeIds: [leaderId] })).status,
      ).toBe(200);
      const places = await api<{ rows: { id: number; name: string }[] }>(
        admin.page,
        'GET',
        `locations/picker?search=${encodeURIComponent('Tanklager Nord')}`,
      );
      const locationId = places.data.rows.find((r) => r.name === 'Tanklager Nord')?.id;
      expect(locationId).toBeDefined();
      const analysis = await api<{ id: number }>(admin.page, 'POST', 'hazardanalysis', {
        bezeichnung: `Prüfung per GBU ${suffix}`,
        locationId,
      });
      expect(analysis.status).toBe(201);
      const planned = { type: 6, responsibleId: leaderId, nextCheck: '2027-05-03', checkInterval: 30 };
      const linkedDoc = await api<{ id: number }>(admin.page, 'POST', 'documents', {
        label: `Prüfbericht GBU ${suffix}`,
        ...planned,
      });
      const loneDoc = await api<{ id: number }>(admin.page, 'POST', 'documents', {
        label: `Prüfbericht ohne GBU ${suffix}`,
        ...planned,
      });
      const linked = await api(admin.page, 'POST', 'documents/links', {
        entity: 'hazard_analysis',
        entityId: analysis.data.id,
        documentId: linkedDoc.data.id,
      });
      expect(linked.status).toBe(204);

      const { page } = leader;
      // Not linked to an assessment: no check for this user.
      await page.goto(`/documents/${loneDoc.data.id}`);
      await page.getByTestId('document-not-released').waitFor();
      expect(await page.getByRole('button', { name: 'Prüfung durchführen' }).count()).toBe(0);

      // Linked: the button is there and records the check (the next check moves by the interval).
      await page.goto(`/documents/${linkedDoc.data.id}`);
      await page.getByRole('button', { name: 'Prüfung durchführen' }).click();
      await page.getByText('Die Prüfung wurde erfasst.').waitFor();
      expect(await page.getByLabel('Nächste Prüfung').inputValue()).not.toBe('2027-05-03');
      const after = await api<{ lastCheckedAt: string | null; mayCheck: boolean }>(
        page,
        'GET',
        `documents/${linkedDoc.data.id}`,
      );
      expect(after.data.lastCheckedAt).not.toBeNull();
      expect(after.data.mayCheck).toBe(true);
    } finally {
      // Restore the demo data: 'fuehrung' leaves the test role, which is deleted.
      await api(admin.page, 'DELETE', `role/${role.data.id}/members/${leaderId}`);
      const current = await api<{ version: number }>(admin.page, 'GET', `role/${role.data.id}`);
      const removed = await api(admin.page, 'DELETE', `role/${role.data.id}?version=${current.data.version}`);
      await admin.context.close();
      await leader.context.close();
      expect(removed.status).toBe(204);
    }
  });
});
