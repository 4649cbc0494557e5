import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, signIn, waitUntil } from './support/browser.ts';
import { startSmtp } from './support/smtp.ts';

describe('mail settings', () => {
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

  it('fills the SMTP settings (bad port refused), saves and sends a test mail that arrives (0x800)', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', '/');
    await page
      .getByRole('navigation', { name: 'Hauptmenü' })
      .getByRole('link', { name: 'Mail-Einstellungen' })
      .click();
    await page.waitForURL('**/mailsettings/settings');
    const form = page.getByRole('region', { name: 'SMTP-Einstellungen' });
    await form.getByRole('textbox', { name: 'Server' }).fill('127.0.0.1');

    // A port outside 1–65535: German message, nothing saved.
    await form.getByRole('textbox', { name: 'Port' }).fill('70000');
    await form
      .getByText('Bitte einen Port zwischen 1 und 65535 angeben (üblich sind 25, 2525 oder 587).')
      .waitFor();
    await form.getByRole('button', { name: 'Speichern' }).click();
    await form
      .getByText('Bitte einen Port zwischen 1 und 65535 angeben (üblich sind 25, 2525 oder 587).')
      .waitFor();

    await form.getByRole('textbox', { name: 'Port' }).fill(String(smtp.port));
    await form.getByRole('combobox', { name: 'Verschlüsselung' }).click();
    await page.getByRole('option', { name: 'Keine' }).click();
    await form.getByLabel('Benutzer', { exact: true }).fill('');
    await form.getByLabel('Absenderadresse').fill('arbeitsschutz@rheinwerk-chemie.de');
    await form.getByLabel('Absendername').fill('Schutzwerk E2E');

    // The test mail waits until the changes are saved.
    const test = page.getByRole('region', { name: 'Testmail senden' });
    await test.getByText('Bitte speichern Sie zuerst Ihre Änderungen.').waitFor();
    expect(await test.getByRole('button', { name: 'Testmail senden' }).isDisabled()).toBe(true);

    await form.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Die Einstellungen wurden gespeichert.').waitFor();

    // Bad address first, then a real one.
    await test.getByLabel('Empfänger').fill('kein-mail');
    await test.getByRole('button', { name: 'Testmail senden' }).click();
    await test.getByText('Bitte eine gültige E-Mail-Adresse angeben.').waitFor();
    await test.getByLabel('Empfänger').fill('pruefer@example.com');
    await test.getByRole('button', { name: 'Testmail senden' }).click();
    await page.getByTestId('test-mail-result').getByText('E-Mail wurde versendet (0x800).').waitFor();
    await waitUntil(() => smtp.received.length === 1, 'the test mail arrives');
    expect(smtp.received[0]!.to).toEqual(['pruefer@example.com']);
    expect(smtp.received[0]!.raw).toContain('Subject: Testmail von Schutzwerk');
    expect(smtp.received[0]!.raw).toContain('Schutzwerk E2E');

    // A server that cannot be reached: 0x801 'nicht erreichbar', without the connection's low-level detail;
    // then back to the working port.
    const closed = new SMTPServer({ logger: false });
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', () => resolve()));
    const closedPort = (closed.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await form.getByRole('textbox', { name: 'Port' }).fill(String(closedPort));
    await form.getByRole('button', { name: 'Speichern' }).click();
    await test.getByText('Bitte speichern Sie zuerst Ihre Änderungen.').waitFor({ state: 'hidden' });
    await test.getByRole('button', { name: 'Testmail senden' }).click();
    const failed = page.getByTestId('test-mail-result');
    await failed
      .getByText(/E-Mail wurde nicht versendet \(0x801\): Der Mailserver ist nicht erreichbar/)
      .waitFor();
    expect(await failed.textContent()).not.toMatch(/ECONNREFUSED|Antwort des Servers/);
    await form.getByRole('textbox', { name: 'Port' }).fill(String(smtp.port));
    await form.getByRole('button', { name: 'Speichern' }).click();
    await test.getByText('Bitte speichern Sie zuerst Ihre Änderungen.').waitFor({ state: 'hidden' });

    // A password is stored sealed and never shown again, only that one is set.
    await form.getByLabel('Passwort', { exact: true }).fill('Geheim-E2E-4711');
    await form.getByRole('button', { name: 'Speichern' }).click();
    await form.getByText('Ein Passwort ist gespeichert. Leer lassen, um es zu behalten.').waitFor();

    // The same form is the tab 'E-Mail' of the settings screen.
    await page.goto('/settings/mail');
    const tab = page.getByRole('region', { name: 'SMTP-Einstellungen' });
    await expect
      .poll(() => tab.getByRole('textbox', { name: 'Port' }).inputValue(), { timeout: 10_000 })
      .toBe(String(smtp.port));
    expect(await tab.getByLabel('Passwort', { exact: true }).inputValue()).toBe('');
    await tab.getByText('Ein Passwort ist gespeichert. Leer lassen, um es zu behalten.').waitFor();
    expect(await page.content()).not.toContain('Geheim-E2E-4711');

    // The password belongs to this server: changing the server says it will be removed, and after saving
    // without entering it again the form shows none stored (decision 025).
    const password = tab.getByLabel('Passwort', { exact: true });
    await tab.getByRole('textbox', { name: 'Server' }).fill('localhost');
    await tab
      .getByText(
        'Server, Port, Verschlüsselung oder Benutzer geändert: Das gespeicherte Passwort gilt nur für die bisherigen Verbindungsdaten und wird beim Speichern entfernt. Bitte geben Sie es erneut ein.',
      )
      .waitFor();
    expect(await password.getAttribute('placeholder')).toBe('');
    // Back to the saved server: the password is kept again.
    await tab.getByRole('textbox', { name: 'Server' }).fill('127.0.0.1');
    await tab.getByText('Ein Passwort ist gespeichert. Leer lassen, um es zu behalten.').waitFor();
    await tab.getByRole('textbox', { name: 'Port' }).fill(String(smtp.port + 1));
    await tab.getByText(/Das gespeicherte Passwort gilt nur für die bisherigen Verbindungsdaten/).waitFor();
    await tab.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Die Einstellungen wurden gespeichert.').waitFor();
    await tab.getByText('Kein Passwort gespeichert.', { exact: true }).waitFor();
    expect(await password.getAttribute('placeholder')).toBe('');
    await tab.getByRole('textbox', { name: 'Port' }).fill(String(smtp.port));
    await tab.getByRole('button', { name: 'Speichern' }).click();
    await tab.getByText('Kein Passwort gespeichert.', { exact: true }).waitFor();
    await expect.poll(() => tab.getByRole('button', { name: 'Speichern' }).isDisabled()).toBe(true);
    await page.getByRole('tab', { name: 'E-Mail-Vorlagen' }).click();
    await page.waitForURL('**/settings/mailTemplates');
    await page
      .getByRole('table', { name: 'E-Mail-Vorlagen' })
      .getByRole('row', { name: /Passwort vergessen/ })
      .waitFor();
    await context.close();
  });

  it('edits an e-mail template with a live preview; an unknown placeholder is refused', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', '/mailsettings/settings?tab=templates');
    const table = page.getByRole('table', { name: 'E-Mail-Vorlagen' });
    await table.getByRole('row', { name: /Passwort vergessen/ }).click();
    const dialog = page.getByRole('dialog', { name: 'E-Mail-Vorlage bearbeiten' });
    await dialog
      .getByTestId('preview-body')
      .getByText(/Guten Tag Anna Schmidt,/)
      .waitFor();
    await dialog
      .getByTestId('preview-body')
      .getByText(/Benutzername: anna\.schmidt/)
      .waitFor();

    const subject = dialog.getByLabel('Betreff');
    const original = await subject.inputValue();
    await subject.fill('Neues Passwort für {{vorname}}');
    await dialog.getByText(/Unbekannter Platzhalter: \{\{vorname\}\}/).waitFor();
    await subject.fill('Neues Passwort für {{firstName}} {{lastName}}');
    await dialog.getByTestId('preview-subject').getByText('Neues Passwort für Anna Schmidt').waitFor();
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Die Vorlage wurde gespeichert.').waitFor();
    await table.getByRole('cell', { name: 'Neues Passwort für {{firstName}} {{lastName}}' }).waitFor();

    // Put the seeded subject back.
    await table.getByRole('row', { name: /Passwort vergessen/ }).click();
    await dialog.getByLabel('Betreff').fill(original);
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await table.getByRole('cell', { name: original }).waitFor();

    // The outbox tab lists mails (or says it is empty).
    await page.getByRole('tab', { name: 'Postausgang' }).click();
    await page.getByRole('region', { name: 'Postausgang' }).waitFor();
    await context.close();
  });
  it('keeps what was typed when someone else saved the template meanwhile (409); loading the new state keeps it on top of their changes', async () => {
    const first = await newPage(browser);
    const second = await newPage(browser);
    await signIn(first.page, 'admin');
    await signIn(second.page, 'admin');
    const open = async (page: typeof first.page) => {
      await page.goto('/mailsettings/settings?tab=templates');
      await page
        .getByRole('table', { name: 'E-Mail-Vorlagen' })
        .getByRole('row', { name: /Erinnerung an eine Aufgabe/ })
        .click();
      return page.getByRole('dialog', { name: 'E-Mail-Vorlage bearbeiten' });
    };
    const mine = await open(first.page);
    const theirs = await open(second.page);
    const original = await mine.getByLabel('Betreff').inputValue();
    const bodyOf = (dialog: typeof mine) => dialog.getByRole('textbox', { name: /^Text/ });
    const originalBody = await bodyOf(mine).inputValue();

    await theirs.getByLabel('Betreff').fill('Erinnerung (Kollege): {{topic}}');
    await bodyOf(theirs).fill(`${originalBody}\nGruß vom Kollegen`);
    await theirs.getByRole('button', { name: 'Speichern' }).click();
    await second.page.getByText('Die Vorlage wurde gespeichert.').waitFor();

    await mine.getByLabel('Betreff').fill('Erinnerung (ich): {{topic}}');
    await mine.getByRole('button', { name: 'Speichern' }).click();
    await mine.getByText(/inzwischen von jemand anderem geändert/).waitFor();
    expect(await mine.getByLabel('Betreff').inputValue()).toBe('Erinnerung (ich): {{topic}}');
    await mine.getByRole('button', { name: 'Neuen Stand laden' }).click();
    await mine.getByText(/inzwischen von jemand anderem geändert/).waitFor({ state: 'hidden' });
    // My subject stays; the text I left alone is now theirs (the draft was rebased, not overwritten).
    expect(await mine.getByLabel('Betreff').inputValue()).toBe('Erinnerung (ich): {{topic}}');
    expect(await bodyOf(mine).inputValue()).toBe(`${originalBody}\nGruß vom Kollegen`);
    await mine.getByRole('button', { name: 'Speichern' }).click();
    await first.page.getByText('Die Vorlage wurde gespeichert.').waitFor();
    await first.page
      .getByRole('table', { name: 'E-Mail-Vorlagen' })
      .getByRole('cell', { name: 'Erinnerung (ich): {{topic}}' })
      .waitFor();

    // Put the seeded subject and text back.
    const again = await open(first.page);
    expect(await bodyOf(again).inputValue()).toBe(`${originalBody}\nGruß vom Kollegen`);
    await again.getByLabel('Betreff').fill(original);
    await bodyOf(again).fill(originalBody);
    await again.getByRole('button', { name: 'Speichern' }).click();
    await first.page
      .getByRole('table', { name: 'E-Mail-Vorlagen' })
      .getByRole('cell', { name: original })
      .waitFor();
    await first.context.close();
    await second.context.close();
  });
});
