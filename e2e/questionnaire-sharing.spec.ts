import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './support/api.ts';
import { launchBrowser, newPage, signIn, waitUntil } from './support/browser.ts';
import { pickRow } from './support/pickers.ts';
import { startSmtp } from './support/smtp.ts';

const suffix = Date.now().toString(36).toUpperCase();
/** A raw mail without the soft line breaks of quoted-printable (a long URL is folded). */
const unfolded = (raw: string) => raw.replace(/=\r?\n/g, '');

describe('questionnaires: segment rights, collection links, print (decision 067)', () => {
  let browser: Browser;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    browser = await launchBrowser();
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => smtp?.server.close(() => resolve()));
  });

  it('sets segment rights, sends a segment, walks its statuses with a rejection reason and prints the questionnaire', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', '/checklists/tree/control');
    const name = `Versand ${suffix}`;
    const checklist = await api<{ id: number; version: number }>(page, 'POST', 'checklists', { label: name });
    await api(page, 'PUT', `checklists/${checklist.data.id}`, {
      version: checklist.data.version,
      label: name,
      category: '',
      module: 'general',
      active: true,
      requiredProgress: 0,
      cloneMaximum: 0,
      rows: [{ key: 1, label: '' }],
      columns: [{ key: 1, label: '' }],
      cells: [
        {
          row: 1,
          column: 1,
          element: { type: 'checkbox', label: 'Tor geprüft', required: true, variable: null },
        },
      ],
      variables: [],
      rights: [],
      locked: false,
    });
    const collection = await api<{ id: number }>(page, 'POST', 'checklists/collections', {
      label: `Sammlung ${name}`,
      module: 'general',
      checklistIds: [checklist.data.id],
    });
    const type = await api<{ id: number }>(page, 'POST', 'checklists/trees', {
      title: `Typ ${name}`,
      module: 'general',
      segments: [
        {
          key: 1,
          parentKey: null,
          label: 'Werkstor',
          segment: '1',
          collectionId: collection.data.id,
          brickId: null,
        },
      ],
    });
    expect(type.status).toBe(201);

    // Segment rights in the type editor: the Administrator may fill segment 1.
    await page.reload();
    await page.getByLabel('Suchen').fill(`Typ ${name}`);
    await page.getByRole('grid').getByText(`Typ ${name}`).click();
    const editor = page.getByRole('dialog', { name: 'Fragebogentyp bearbeiten' });
    await editor.getByRole('button', { name: 'Rechte von Segment 1' }).click();
    const rights = page.getByRole('dialog', { name: 'Rechte des Segments 1 Werkstor' });
    await rights.getByText('Ohne Eintrag: alle mit den Rechten für Fragebogen.', { exact: false }).waitFor();
    await rights.getByRole('button', { name: 'Mitarbeiter auswählen' }).click();
    await pickRow(
      page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' }),
      'Administrator',
      /Administrator/,
    );
    await rights.getByRole('button', { name: 'Hinzufügen' }).click();
    await rights.getByRole('checkbox', { name: /darf ausfüllen/ }).waitFor();
    await rights.getByRole('button', { name: 'Übernehmen' }).click();
    await editor.getByRole('button', { name: 'Rechte von Segment 1' }).getByText('1 Recht').waitFor();
    await editor.getByRole('button', { name: 'Speichern' }).click();
    await editor.waitFor({ state: 'detached' });

    // A questionnaire of the type; the viewer sends segment 1 — without a recipient the dialog says so.
    const q = await api<{ id: number }>(page, 'POST', 'questionnaires', {
      typeId: type.data.id,
      title: `Rundgang ${name}`,
    });
    await page.goto(`/checklists/tree/edit/${q.data.id}`);
    await page.getByRole('button', { name: 'Senden an … (1 Werkstor)' }).click();
    const send = page.getByRole('dialog', { name: 'Sammlung senden' });
    await send.getByRole('button', { name: 'Senden', exact: true }).click();
    await send.getByText('Bitte wählen Sie einen Empfänger aus.').waitFor();
    await send.getByRole('button', { name: 'Mitarbeiter auswählen' }).click();
    await pickRow(
      page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' }),
      'Administrator',
      /Administrator/,
    );
    await send.getByRole('button', { name: 'Senden', exact: true }).click();
    await page.getByText('Die Sammlung wurde gesendet.').waitFor();

    // Sent to oneself: opening marks it opened; begin, then „done“ is refused while the checklist is undone.
    const segment = page.getByRole('region', { name: '1 Werkstor' });
    await segment.getByText('geöffnet', { exact: true }).waitFor();
    await segment.getByRole('button', { name: 'Bearbeitung beginnen' }).click();
    await segment.getByText('in Bearbeitung', { exact: true }).waitFor();
    await segment.getByRole('button', { name: 'Als erledigt melden' }).click();
    await segment.getByRole('alert').getByText('Pflichtfelder', { exact: false }).waitFor();

    // A second link is rejected: no reason → the server's message, then with a reason.
    await page.getByRole('button', { name: 'Senden an … (1 Werkstor)' }).click();
    await send.getByRole('button', { name: 'Mitarbeiter auswählen' }).click();
    await pickRow(
      page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' }),
      'Administrator',
      /Administrator/,
    );
    await send.getByRole('button', { name: 'Senden', exact: true }).click();
    await send.getByText('Dieses Segment wurde der Person bereits gesendet', { exact: false }).waitFor();
    await send.getByRole('button', { name: 'Abbrechen' }).click();
    await segment.getByRole('button', { name: 'Ablehnen' }).click();
    const reject = page.getByRole('dialog', { name: 'Sammlung ablehnen' });
    await reject.getByRole('button', { name: 'Ablehnen' }).click();
    await reject.getByText('Bitte geben Sie einen Grund für die Ablehnung an.').waitFor();
    await reject.getByLabel('Grund der Ablehnung').fill('Tor wird ersetzt');
    await reject.getByRole('button', { name: 'Ablehnen' }).click();
    await page.getByText('Die Sammlung wurde abgelehnt.').waitFor();
    await segment.getByText('Grund: Tor wird ersetzt').waitFor();

    // Sent again and finished: fill the checklist, then „erledigt“.
    await page.getByRole('button', { name: 'Senden an … (1 Werkstor)' }).click();
    await send.getByRole('button', { name: 'Mitarbeiter auswählen' }).click();
    await pickRow(
      page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' }),
      'Administrator',
      /Administrator/,
    );
    await send.getByRole('button', { name: 'Senden', exact: true }).click();
    await page.getByText('Die Sammlung wurde gesendet.').waitFor();
    const card = page.getByRole('region', { name });
    await card.getByRole('checkbox', { name: 'Tor geprüft *' }).check();
    await card.getByLabel('Checkliste abgeschlossen').check();
    await card.getByRole('button', { name: 'Antworten speichern' }).click();
    await page.getByText('Die Antworten wurden gespeichert.').waitFor();
    await page.reload();
    await segment.getByRole('button', { name: 'Als erledigt melden' }).click();
    await page.getByText('Die Sammlung wurde als erledigt gemeldet.').waitFor();
    await segment.getByText('erledigt', { exact: true }).waitFor();

    // The list of sent collections shows both links with their statuses.
    await page.goto('/checklists/tree');
    await page.getByRole('tab', { name: 'Versendete Sammlungen' }).click();
    await page.getByLabel('Suchen').fill(`Rundgang ${name}`);
    const grid = page.getByRole('grid', { name: 'Versendete Sammlungen' });
    await grid.getByText('abgelehnt', { exact: true }).waitFor();
    await grid.getByText('erledigt', { exact: true }).waitFor();

    // Print: the preview and the PDF from the report engine.
    await page.goto(`/checklists/tree/read/${q.data.id}`);
    await page.getByRole('link', { name: 'Drucken' }).click();
    await page.waitForURL(/\/checklists\/tree\/print\/\d+$/);
    await page.getByRole('table', { name: 'Segmente' }).getByText('1 Werkstor').waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'PDF herunterladen' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`Fragebogen Rundgang ${name}.pdf`);
    await context.close();
  });
  it('mails the recipient of a sent collection and the sender when it is rejected (decision 070)', async () => {
    const adminSide = await newPage(browser);
    const admin = adminSide.page;
    await signIn(admin, 'admin', '/checklists/tree/control');
    // The outbox delivers to the test server.
    const mail = await api<{ version: number; value: Record<string, unknown> }>(
      admin,
      'GET',
      'settings/mail',
    );
    const configured = await api(admin, 'PUT', 'settings/mail', {
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
    expect(configured.status).toBe(200);
    const name = `Post ${suffix}`;
    const checklist = await api<{ id: number }>(admin, 'POST', 'checklists', { label: name });
    const collection = await api<{ id: number }>(admin, 'POST', 'checklists/collections', {
      label: `Sammlung ${name}`,
      module: 'general',
      checklistIds: [checklist.data.id],
    });
    const type = await api<{ id: number }>(admin, 'POST', 'checklists/trees', {
      title: `Typ ${name}`,
      module: 'general',
      segments: [
        {
          key: 1,
          parentKey: null,
          label: 'Lager',
          segment: '1',
          collectionId: collection.data.id,
          brickId: null,
        },
      ],
    });
    const q = await api<{ id: number }>(admin, 'POST', 'questionnaires', {
      typeId: type.data.id,
      title: `Rundgang ${name}`,
    });
    expect(q.status).toBe(201);
    const sendOutbox = async () => {
      await admin.goto('/taskschedule/edit');
      await admin.getByRole('button', { name: 'Jetzt ausführen: E-Mail-Postausgang senden' }).click();
    };

    // Katrin Hoffmann (sifa) sends the segment to Michael Wagner (fuehrung), picking the segment with the
    // picker checklist_segment from the viewer's head: he gets a mail with the link.
    const sender = await newPage(browser);
    await signIn(sender.page, 'sifa', `/checklists/tree/edit/${q.data.id}`);
    await sender.page.getByRole('button', { name: 'Sammlung senden …' }).click();
    const send = sender.page.getByRole('dialog', { name: 'Sammlung senden' });
    await send.getByRole('button', { name: 'Senden', exact: true }).click();
    await send.getByText('Bitte wählen Sie ein Segment aus.').waitFor();
    await send.getByRole('button', { name: 'Segment auswählen' }).click();
    await pickRow(sender.page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' }), 'Lager');
    await waitUntil(
      async () => (await send.getByRole('textbox', { name: /^Segment/ }).inputValue()) === '1 Lager',
      'the picked segment is shown',
    );
    await send.getByRole('button', { name: 'Mitarbeiter auswählen' }).click();
    await pickRow(sender.page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' }), '000102');
    await send.getByRole('button', { name: 'Senden', exact: true }).click();
    await sender.page.getByText('Die Sammlung wurde gesendet.').waitFor();
    await sendOutbox();
    const linkPath = `/checklists/tree/edit/${q.data.id}`;
    await waitUntil(
      () =>
        smtp.received.some(
          (m) => m.to.includes('michael.wagner@rheinwerk-chemie.de') && unfolded(m.raw).includes(linkPath),
        ),
      'the mail to the recipient arrives',
      30_000,
    );

    // He follows the link and rejects with a reason: the sender gets a mail with the reason.
    const recipient = await newPage(browser);
    await signIn(recipient.page, 'fuehrung', linkPath);
    const segment = recipient.page.getByRole('region', { name: '1 Lager' });
    await segment.getByText('geöffnet', { exact: true }).waitFor();
    await segment.getByRole('button', { name: 'Ablehnen' }).click();
    const reject = recipient.page.getByRole('dialog', { name: 'Sammlung ablehnen' });
    await reject.getByLabel('Grund der Ablehnung').fill('Lager wird umgebaut');
    await reject.getByRole('button', { name: 'Ablehnen' }).click();
    await recipient.page.getByText('Die Sammlung wurde abgelehnt.').waitFor();
    await sendOutbox();
    await waitUntil(
      () =>
        smtp.received.some(
          (m) =>
            m.to.includes('katrin.hoffmann@rheinwerk-chemie.de') &&
            unfolded(m.raw).includes(`/checklists/tree/read/${q.data.id}`) &&
            unfolded(m.raw).includes('Lager wird umgebaut'),
        ),
      'the rejection mail to the sender arrives',
      30_000,
    );
    await recipient.context.close();
    await sender.context.close();
    await adminSide.context.close();
  });
});
