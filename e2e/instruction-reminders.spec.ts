import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './support/api.ts';
import { launchBrowser, newPage, signIn, waitUntil } from './support/browser.ts';
import { startSmtp } from './support/smtp.ts';

const suffix = Date.now().toString(36).toUpperCase();

/** Reminders of instructions (decision 042): the scheduler job mails the employee through the outbox. */
describe('instruction reminders', () => {
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

  it('an overdue instruction is mailed to the employee when the job runs from the scheduler page', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', '/taskschedule/edit');

    // The outbox delivers to the test server.
    const mail = await api<{ version: number; value: Record<string, unknown> }>(page, 'GET', 'settings/mail');
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

    // A released topic, an employee with an address, and an item of theirs that fell due last year.
    const topic = await api<{ id: number; version: number }>(page, 'POST', 'topics', {
      label: `Hallenkran ${suffix}`,
      identifier: `KRAN-${suffix}`,
    });
    expect(topic.status).toBe(201);
    const withQuestion = await api<{ version: number }>(page, 'POST', `topics/${topic.data.id}/questions`, {
      text: 'Wer darf den Hallenkran bedienen?',
      answers: [
        { text: 'Nur unterwiesene und beauftragte Personen', right: true },
        { text: 'Jeder', right: false },
        { text: 'Besucher', right: false },
      ],
    });
    expect(withQuestion.status).toBe(201);
    const released = await api(page, 'POST', `topics/${topic.data.id}/release`, {
      version: withQuestion.data.version,
    });
    expect(released.status).toBe(200);
    const address = `kranfahrer.${suffix.toLowerCase()}@example.de`;
    const employee = await api<{ id: number }>(page, 'POST', 'employee', {
      personnelNumber: `KR-${suffix}`,
      lastName: `Kranfahrer ${suffix}`,
      firstName: 'Karl',
      email: address,
    });
    expect(employee.status).toBe(201);
    const assigned = await api(page, 'POST', 'instructions/assignments', {
      topicId: topic.data.id,
      employeeIds: [employee.data.id],
      dueDate: '2025-11-03',
    });
    expect(assigned.status).toBe(201);

    // Run the reminder job now: its run shows the summary.
    const job = 'Erinnerungen an Unterweisungen senden';
    await page.reload();
    await page.getByRole('button', { name: `Jetzt ausführen: ${job}` }).click();
    const runs = page.getByRole('region', { name: `Läufe: ${job}` });
    await runs
      .getByText(/\d+ Erinnerung\(en\) mit \d+ Unterweisung\(en\)/)
      .first()
      .waitFor();

    // The outbox sends it (its own job, run now too): the mail arrives with the item.
    await page.getByRole('button', { name: 'Jetzt ausführen: E-Mail-Postausgang senden' }).click();
    await waitUntil(() => smtp.received.some((m) => m.to.includes(address)), 'the reminder arrives', 30_000);
    const received = smtp.received.find((m) => m.to.includes(address))!;
    expect(received.raw).toContain(`Subject: Ihre Unterweisungen: Hallenkran ${suffix}`);
    expect(received.raw).toContain(`KRAN-${suffix}`);
    expect(received.raw).toContain('/instructions/mine');
    await context.close();
  });
});
