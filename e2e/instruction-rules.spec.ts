import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y.ts';
import { api } from './support/api.ts';
import { gridTotal, launchBrowser, listRows, newPage, signIn, waitUntil } from './support/browser.ts';
import { pickRow } from './support/pickers.ts';
import { startSmtp } from './support/smtp.ts';

/**
 * Decision 045: the interval unit of the settings tab „Unterweisungen“ applied on the topic pages and in
 * „Meine Unterweisungen“; the head of a department chosen in the organisation and reported overdue instructions
 * by mail when „Abteilungsleitung“ is a chosen recipient.
 */
const suffix = Date.now().toString(36).toUpperCase();
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());

type Settings = { version: number; value: Record<string, unknown> };

async function instructionSettings(page: Page): Promise<Settings> {
  return (await api<Settings>(page, 'GET', 'settings/instructions')).data;
}

/** Puts the instructions settings back as they were (other specs on this server read them). */
async function restoreSettings(page: Page, before: Settings) {
  const now = await instructionSettings(page);
  const res = await api(page, 'PUT', 'settings/instructions', { version: now.version, value: before.value });
  expect(res.status).toBe(200);
}

describe('instruction rules', () => {
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

  it('intervals shown in months: the topics list, the topic editor (a custom interval typed in months) and Meine Unterweisungen', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', '/settings/instructions');
    const before = await instructionSettings(page);
    try {
      // A yearly topic assigned to the demo employee.
      const label = `Gabelstapler Intervall ${suffix}`;
      const topic = await api<{ id: number }>(page, 'POST', 'topics', {
        label,
        identifier: `IV-${suffix}`,
        intervalDays: 365,
      });
      expect(topic.status).toBe(201);
      const worker = await newPage(browser);
      await signIn(worker.page, 'mitarbeiter', '/instructions/mine');
      const me = await api<{ employee: { id: number } }>(worker.page, 'GET', 'auth/user');
      const assigned = await api(page, 'POST', 'instructions/assignments', {
        topicId: topic.data.id,
        employeeIds: [me.data.employee.id],
        dueDate: today,
      });
      expect(assigned.status).toBe(201);

      // The settings tab: „Intervalle anzeigen in“ Monaten.
      const region = page.getByRole('region', { name: 'Unterweisungen' });
      await region.getByLabel('Intervalle anzeigen in').click();
      await page.getByRole('option', { name: 'Monaten' }).click();
      await region.getByRole('button', { name: 'Speichern' }).click();
      await page.getByText('Die Einstellungen wurden gespeichert.').waitFor();

      // The topics list shows „12 Monate“.
      await page.goto('/instructions/list');
      await page.getByLabel('Suchen').fill(label);
      await waitUntil(
        async () => (await gridTotal(page, 'Unterweisungen')) === 1,
        'the search finds the topic',
      );
      await listRows(page, 'Unterweisungen').filter({ hasText: label }).getByText('12 Monate').waitFor();

      // The editor names the options with the unit; a custom interval is typed in months and stored in days.
      await page.goto(`/instructions/edit/${topic.data.id}`);
      await page.getByLabel('Intervall', { exact: true }).click();
      await page.getByRole('option', { name: 'jährlich (12 Monate)' }).waitFor();
      await page.getByRole('option', { name: 'halbjährlich (6 Monate)' }).waitFor();
      await expectAccessible(page); // the open interval menu
      await page.getByRole('option', { name: 'Benutzerdefiniert …' }).click();
      const custom = page.getByLabel('Benutzerdefiniertes Intervall');
      // Bad input: more than ten years is refused with a German message at the field.
      await custom.fill('200');
      await page.getByRole('button', { name: 'Speichern' }).click();
      await page.getByText('Das Intervall (Tage) muss zwischen 0 und 3650 liegen.').waitFor();
      await custom.fill('18');
      await page.getByRole('button', { name: 'Speichern' }).click();
      await waitUntil(
        async () =>
          (await api<{ intervalDays: number }>(page, 'GET', `topics/${topic.data.id}`)).data.intervalDays ===
          540,
        'the custom interval of 18 months is stored as 540 days',
      );
      // Back to yearly through the named option.
      await page.getByLabel('Intervall', { exact: true }).click();
      await page.getByRole('option', { name: 'jährlich (12 Monate)' }).click();
      await page.getByRole('button', { name: 'Speichern' }).click();
      await waitUntil(
        async () =>
          (await api<{ intervalDays: number }>(page, 'GET', `topics/${topic.data.id}`)).data.intervalDays ===
          365,
        'the interval is yearly again',
      );

      // „Meine Unterweisungen“ of the employee shows „12 Monate“ too.
      await worker.page.reload();
      await worker.page.getByLabel('Suchen').fill(label);
      await listRows(worker.page, 'Meine Unterweisungen')
        .filter({ hasText: label })
        .getByText('12 Monate')
        .waitFor();
      await worker.context.close();
    } finally {
      await restoreSettings(page, before);
    }
    await context.close();
  });

  it('a department profile reaches a sub-department until „gilt auch für untergeordnete Einheiten“ is switched off', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', '/instructions/profiles');
    const department = await api<{ id: number }>(page, 'POST', 'departments', {
      parentId: null,
      name: `Lager ${suffix}`,
    });
    const sub = await api<{ id: number }>(page, 'POST', 'departments', {
      parentId: department.data.id,
      name: `Kommissionierung ${suffix}`,
    });
    const picker = await api<{ id: number }>(page, 'POST', 'employee', {
      personnelNumber: `KO-${suffix}`,
      lastName: `Kommissionierer${suffix}`,
      firstName: 'Kai',
      departmentId: sub.data.id,
    });
    const topic = await api<{ id: number }>(page, 'POST', 'topics', {
      label: `Regalprüfung ${suffix}`,
      identifier: `RP-${suffix}`,
    });
    const created = await api<{ profile: { id: number } }>(page, 'POST', 'instructions/profiles', {
      label: `Lagerprofil ${suffix}`,
      topicIds: [topic.data.id],
      sources: [{ kind: 'department', id: department.data.id }],
    });
    expect(created.status).toBe(201);
    const openItems = async () =>
      (
        await api<{ rows: { topicId: number; status: string }[] }>(
          page,
          'GET',
          `instructions/employees/${picker.data.id}/assignments`,
        )
      ).data.rows.filter((r) => r.topicId === topic.data.id && r.status === 'O').length;
    expect(await openItems()).toBe(1);

    await page.goto(`/instructions/profiles/${created.data.profile.id}`);
    const flag = page.getByRole('switch', { name: 'gilt auch für untergeordnete Einheiten' });
    await flag.waitFor();
    expect(await flag.isChecked()).toBe(true);
    await flag.uncheck();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Gespeichert. Neu zugewiesen: 0, offene entfernt: 1.').waitFor();
    expect(await openItems()).toBe(0);
    await page.reload();
    await page.getByRole('switch', { name: 'gilt auch für untergeordnete Einheiten' }).waitFor();
    expect(
      await page.getByRole('switch', { name: 'gilt auch für untergeordnete Einheiten' }).isChecked(),
    ).toBe(false);
    await context.close();
  });

  it('the head of a department is chosen in the organisation and gets the overdue instructions of its people by mail', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', '/settings/instructions');
    const before = await instructionSettings(page);
    const mail = await api<Settings>(page, 'GET', 'settings/mail');
    try {
      // The outbox delivers to the test server.
      const mailSaved = await api(page, 'PUT', 'settings/mail', {
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
      expect(mailSaved.status).toBe(200);

      // Escalation after one day, to the department head only — chosen on the settings tab.
      const region = page.getByRole('region', { name: 'Unterweisungen' });
      await region.getByLabel('Eskalation nach … Tagen Überfälligkeit').fill('1');
      const recipients = region.getByRole('group', { name: 'Empfänger der Eskalation' });
      for (const name of ['Vorgesetzte', 'Eskalationsstufe 1', 'Eskalationsstufe 2', 'Eskalationsstufe 3'])
        await recipients.getByRole('checkbox', { name }).uncheck();
      await recipients.getByRole('checkbox', { name: 'Abteilungsleitung' }).check();
      await region.getByRole('button', { name: 'Speichern' }).click();
      await page.getByText('Die Einstellungen wurden gespeichert.').waitFor();
      expect((await instructionSettings(page)).value).toMatchObject({
        escalateAfterDays: 1,
        escalationRecipients: ['departmentHead'],
      });

      // A department, its head and an employee of a sub-department with a long overdue item.
      const headAddress = `leitung.${suffix.toLowerCase()}@example.de`;
      const head = await api<{ id: number }>(page, 'POST', 'employee', {
        personnelNumber: `AL-${suffix}`,
        lastName: `Leitung${suffix}`,
        firstName: 'Lea',
        email: headAddress,
      });
      expect(head.status).toBe(201);
      const department = await api<{ id: number }>(page, 'POST', 'departments', {
        parentId: null,
        name: `Instandhaltung ${suffix}`,
      });
      const team = await api<{ id: number }>(page, 'POST', 'departments', {
        parentId: department.data.id,
        name: `Elektrowerkstatt ${suffix}`,
      });
      expect(team.status).toBe(201);
      const worker = await api<{ id: number }>(page, 'POST', 'employee', {
        personnelNumber: `EW-${suffix}`,
        lastName: `Elektriker${suffix}`,
        firstName: 'Emil',
        departmentId: team.data.id,
      });
      expect(worker.status).toBe(201);
      const topic = await api<{ id: number; version: number }>(page, 'POST', 'topics', {
        label: `Elektrische Anlagen ${suffix}`,
        identifier: `EA-${suffix}`,
      });
      const withQuestion = await api<{ version: number }>(page, 'POST', `topics/${topic.data.id}/questions`, {
        text: 'Wer darf an elektrischen Anlagen arbeiten?',
        answers: [
          { text: 'Elektrofachkräfte', right: true },
          { text: 'Jeder', right: false },
          { text: 'Besucher', right: false },
        ],
      });
      const released = await api(page, 'POST', `topics/${topic.data.id}/release`, {
        version: withQuestion.data.version,
      });
      expect(released.status).toBe(200);
      const assigned = await api(page, 'POST', 'instructions/assignments', {
        topicId: topic.data.id,
        employeeIds: [worker.data.id],
        dueDate: '2025-10-06',
      });
      expect(assigned.status).toBe(201);

      // The head is chosen in the department editor with the employee picker.
      await page.goto(`/departments/${department.data.id}`);
      await page.getByTestId('node-heading').getByText(`Instandhaltung ${suffix}`, { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Mitarbeiter auswählen' }).first().click();
      await pickRow(
        page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' }),
        `Leitung${suffix}`,
        new RegExp(`Leitung${suffix}`),
      );
      await page.getByRole('button', { name: 'Speichern' }).click();
      await page.getByText('Die Änderungen wurden gespeichert.').waitFor();
      await page.reload();
      await page.getByRole('textbox', { name: /^Abteilungsleitung/ }).waitFor();
      expect(await page.getByRole('textbox', { name: /^Abteilungsleitung/ }).inputValue()).toContain(
        `Leitung${suffix}`,
      );

      // The reminder job reports the overdue item to the head; the outbox sends it.
      const job = 'Erinnerungen an Unterweisungen senden';
      await page.goto('/taskschedule/edit');
      await page.getByRole('button', { name: `Jetzt ausführen: ${job}` }).click();
      await page
        .getByRole('region', { name: `Läufe: ${job}` })
        .getByText(/\d+ Meldung\(en\) zu \d+ überfälligen/)
        .first()
        .waitFor();
      await page.getByRole('button', { name: 'Jetzt ausführen: E-Mail-Postausgang senden' }).click();
      await waitUntil(
        () => smtp.received.some((m) => m.to.includes(headAddress)),
        'the report reaches the head',
        30_000,
      );
      const received = smtp.received.find((m) => m.to.includes(headAddress))!;
      expect(received.raw).toContain(`Elektriker${suffix}`);
      expect(received.raw).toContain(`EA-${suffix}`);
    } finally {
      await restoreSettings(page, before);
    }
    await context.close();
  });
});
