import { type AddressInfo, createServer, type Socket } from 'node:net';
import { P } from '@schutzwerk/shared/permissions.ts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { settingsRepository } from '#modules/settings/settings.repository.ts';
import { createSettingsService } from '#modules/settings/settings.service.ts';
import { AppError } from '#platform/errors.ts';
import { createSecretBox } from '#platform/secrets.ts';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { createUser, customerPortalId } from '#test/fixtures.ts';
import { startSmtpServer, type TestSmtpServer } from '#test/smtp.ts';
import { readSmtpSettings } from './mail.service.ts';
import { mailOutbox, mailTemplates } from './mail.table.ts';
import { renderTemplateMail } from './mail-templates.ts';
import { enqueueMail, MAIL_MAX_ATTEMPTS, processOutbox } from './outbox.ts';
import { deliver } from './transport.ts';

const SMTP_USER = 'schutzwerk';
const SMTP_PASSWORD = 'Geheim-SMTP-4711';

let t: TestApp;
let admin: ApiClient;
let smtp: TestSmtpServer;
let mailVersion = 0;

// The same key the test app uses, so processOutbox reads the sealed password like the app does.
const readSettings = () =>
  readSmtpSettings(
    createSettingsService({
      db: t.database.db,
      repository: settingsRepository,
      secrets: createSecretBox({
        secretKey: 'test-secret-key-for-settings-0123456789',
        dataDir: '/nonexistent',
      }),
    }),
  );
const process = (now?: Date) => processOutbox({ db: t.database.db, readSettings, ...(now ? { now } : {}) });

async function saveSmtp(patch: Record<string, unknown> = {}) {
  const value = {
    host: '127.0.0.1',
    port: smtp.port,
    security: 'none',
    user: SMTP_USER,
    password: SMTP_PASSWORD,
    senderAddress: 'ehs@rheinwerk-chemie.de',
    senderName: 'Schutzwerk Rheinwerk',
    replyTo: '',
    ...patch,
  };
  const res = await admin.put('/api/settings/mail', { version: mailVersion, value });
  expect(res.statusCode, res.body).toBe(200);
  mailVersion = res.json<{ data: { version: number } }>().data.version;
  return res;
}

async function clientWith(permissions: number[], portalId?: number): Promise<ApiClient> {
  const user = await createUser(t.database.db, { permissions, ...(portalId ? { portalId } : {}) });
  return t.login(user.login, user.password);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  smtp = await startSmtpServer({ user: SMTP_USER, password: SMTP_PASSWORD, refuse: ['niemand@example.com'] });
});
afterAll(async () => {
  await smtp.stop();
  await t.close();
});
beforeEach(async () => {
  smtp.received.length = 0;
  await t.database.db.delete(mailOutbox);
});

describe('mail settings', () => {
  it('saves the SMTP settings, keeps the password sealed and never answers it', async () => {
    const saved = await saveSmtp();
    expect(saved.body).not.toContain(SMTP_PASSWORD);
    const read = await admin.get('/api/settings/mail');
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      data: { value: { password: null, port: smtp.port }, secretsSet: ['password'] },
    });
    expect(read.body).not.toContain(SMTP_PASSWORD);
    const all = await admin.get('/api/settings');
    expect(all.body).not.toContain(SMTP_PASSWORD);
    // At rest the password is sealed, not plain text.
    const rows = await t.database.db.execute(sql`select value::text as v from settings where key = 'mail'`);
    expect(JSON.stringify(rows)).not.toContain(SMTP_PASSWORD);
  });

  it('refuses a bad port with a German message', async () => {
    const res = await admin.put('/api/settings/mail', {
      version: mailVersion,
      value: {
        host: '127.0.0.1',
        port: 70000,
        security: 'none',
        user: '',
        senderAddress: '',
        senderName: '',
        replyTo: '',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).details).toEqual([
      { path: ['body', 'value', 'port'], message: expect.stringContaining('Port zwischen 1 und 65535') },
    ]);
  });

  it('lets MAIL_SETTINGS read and MAIL_SETTINGS_EDIT write; others get 403', async () => {
    const viewer = await clientWith([P.MAIL_SETTINGS]);
    expect((await viewer.get('/api/settings/mail')).json()).toMatchObject({ data: { canEdit: false } });
    expect((await viewer.put('/api/settings/mail', { version: mailVersion, value: {} })).statusCode).toBe(
      403,
    );
    expect((await viewer.post('/api/mail/test', { to: 'a@example.com' })).statusCode).toBe(403);
    expect((await viewer.get('/api/mail/outbox')).statusCode).toBe(200);
    expect((await viewer.get('/api/mail/templates')).statusCode).toBe(200);
    expect((await viewer.post('/api/mail/templates', {})).statusCode).toBe(403);
    const nobody = await clientWith([P.EMPLOYEES_BASIC_READONLY]);
    expect((await nobody.get('/api/settings/mail')).statusCode).toBe(403);
    expect((await nobody.get('/api/mail/outbox')).statusCode).toBe(403);
    expect((await nobody.get('/api/mail/templates')).statusCode).toBe(403);
    const log = await clientWith([P.MAIL_LOG]);
    expect((await log.get('/api/mail/outbox')).statusCode).toBe(200);
    expect((await log.get('/api/settings/mail')).statusCode).toBe(403);
  });
});

describe('test mail', () => {
  it('sends directly and answers 0x800', async () => {
    await saveSmtp();
    const res = await admin.post('/api/mail/test', { to: 'pruefer@example.com' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: { code: '0x800', message: 'E-Mail wurde versendet (0x800).' } });
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual(['pruefer@example.com']);
    expect(mail.from).toBe('ehs@rheinwerk-chemie.de');
    expect(mail.parsed.subject).toBe('Testmail von Schutzwerk');
    expect(mail.parsed.from?.text).toContain('Schutzwerk Rheinwerk');
    expect(mail.parsed.text).toContain('dies ist eine Testmail');
    // It did not go through the outbox.
    expect(await t.database.db.select().from(mailOutbox)).toHaveLength(0);
  });

  it('answers 0x801 with the server answer when the sign-in fails, without the password', async () => {
    await saveSmtp({ password: 'falsch-falsch' });
    const res = await admin.post('/api/mail/test', { to: 'pruefer@example.com' });
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: { code: string; message: string; serverResponse: string } }>().data;
    expect(data.code).toBe('0x801');
    expect(data).toMatchObject({ outcome: 'authRefused' });
    expect(data.message).toContain('Anmeldung abgelehnt');
    expect(data.serverResponse).toContain('535');
    expect(res.body).not.toContain('falsch-falsch');
    expect(smtp.received).toHaveLength(0);
    await saveSmtp();
  });

  it('answers 0x801 when the server cannot be reached', async () => {
    const closed = await startSmtpServer();
    const port = closed.port;
    await closed.stop();
    await saveSmtp({ port });
    const res = await admin.post('/api/mail/test', { to: 'pruefer@example.com' });
    expect(res.json()).toMatchObject({
      data: { code: '0x801', outcome: 'unreachable', serverResponse: null },
    });
    await saveSmtp();
  });

  it('answers 0x802 when the server refuses the mail', async () => {
    await saveSmtp();
    const res = await admin.post('/api/mail/test', { to: 'niemand@example.com' });
    expect(res.json()).toMatchObject({
      data: { code: '0x802', serverResponse: expect.stringContaining('550') },
    });
  });

  it('refuses an invalid address with a German message', async () => {
    const res = await admin.post('/api/mail/test', { to: 'kein-mail' });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(errorOf(res).details)).toContain('gültige E-Mail-Adresse');
  });
});

/** A plain TCP service on 127.0.0.1 that is not a mail server (it answers garbage, hangs up or stays silent). */
async function tcpService(onConnection: (socket: Socket) => void) {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    onConnection(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('the stored password goes only to the server it was entered for (decision 025)', () => {
  // A second mail server on another port: what it learns from a sign-in attempt is recorded.
  let elsewhere: TestSmtpServer;
  beforeAll(async () => {
    elsewhere = await startSmtpServer({ user: 'fremd', password: 'fremd-passwort' });
  });
  afterAll(async () => {
    await elsewhere.stop();
  });
  beforeEach(() => {
    elsewhere.received.length = 0;
    elsewhere.authAttempts.length = 0;
  });
  const testMail = async () =>
    (await admin.post('/api/mail/test', { to: 'pruefer@example.com' })).json<{
      data: { code: string; outcome: string; message: string; serverResponse: string | null };
    }>().data;

  it('a test mail after moving the settings to another server without the password does not carry it there', async () => {
    await saveSmtp();
    // Only the port changes (to the other server); the password is left out, as the form does.
    const moved = await saveSmtp({ port: elsewhere.port, password: undefined });
    const result = await testMail();
    expect(elsewhere.authAttempts.map((a) => a.password)).not.toContain(SMTP_PASSWORD);
    expect(elsewhere.authAttempts).toEqual([]);
    expect(elsewhere.received).toHaveLength(0);
    expect(result).toEqual({
      code: '0x801',
      outcome: 'passwordMissing',
      message: expect.stringContaining('kein Passwort gespeichert'),
      serverResponse: null,
    });
    // The password was removed on that save (and the change log says so, without the value).
    expect(moved.json()).toMatchObject({ data: { secretsSet: [], value: { password: null } } });
    const log = await t.database.db.execute(
      sql`select changes::text as c from change_log where entity = 'settings' and entity_id = 'mail' order by id desc limit 1`,
    );
    expect(JSON.stringify(log)).toContain('••••');
    expect(JSON.stringify(log)).not.toContain(SMTP_PASSWORD);
    await saveSmtp();
  });

  it('keeps the password when only sender data change; removes it when host, port, security or user change', async () => {
    await saveSmtp();
    const renamed = await saveSmtp({
      senderName: 'Arbeitsschutz',
      replyTo: 'as@example.com',
      password: undefined,
    });
    expect(renamed.json()).toMatchObject({ data: { secretsSet: ['password'] } });
    smtp.authAttempts.length = 0;
    expect(await testMail()).toMatchObject({ code: '0x800', outcome: 'sent' });
    expect(smtp.authAttempts).toEqual([{ method: 'PLAIN', username: SMTP_USER, password: SMTP_PASSWORD }]);

    for (const patch of [
      { host: '127.0.0.2' },
      { port: elsewhere.port },
      { security: 'starttls' },
      { user: 'svc-mail' },
    ]) {
      await saveSmtp();
      const changed = await saveSmtp({ ...patch, password: undefined });
      expect(changed.json(), JSON.stringify(patch)).toMatchObject({ data: { secretsSet: [] } });
      // Going back does not bring it back either: it must be entered again.
      const back = await saveSmtp({
        host: '127.0.0.1',
        port: smtp.port,
        security: 'none',
        user: SMTP_USER,
        password: undefined,
      });
      expect(back.json(), JSON.stringify(patch)).toMatchObject({ data: { secretsSet: [] } });
    }
    await saveSmtp();
    expect(await testMail()).toMatchObject({ code: '0x800' });
  });

  it('the outbox and the transport refuse a password whose server does not match (edited row, mixed settings)', async () => {
    await saveSmtp();
    // The row is edited past the API: the port now points at the other server.
    await t.database.db.execute(
      sql`update settings set value = jsonb_set(value, '{port}', to_jsonb(${elsewhere.port}::int)) where key = 'mail'`,
    );
    const [id] = await t.database.db.transaction(async (tx) => [
      await enqueueMail(tx, {
        to: 'empfaenger@example.com',
        subject: 'S',
        text: 'T',
        purpose: 'taskReminder',
      }),
    ]);
    const result = await process();
    expect(elsewhere.authAttempts.map((a) => a.password)).not.toContain(SMTP_PASSWORD);
    expect(elsewhere.authAttempts).toEqual([]);
    expect(result).toMatchObject({ sent: 0, skipped: expect.stringContaining('wird nicht verwendet') });
    const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id!));
    expect(row).toMatchObject({ state: 'queued', attempts: 0 });
    expect(await testMail()).toMatchObject({
      code: '0x801',
      outcome: 'passwordNotBound',
      serverResponse: null,
    });
    expect((await admin.get('/api/settings/mail')).json()).toMatchObject({ data: { secretsSet: [] } });
    expect(elsewhere.authAttempts).toEqual([]);

    // Put back: the stored settings work; the same password combined with another port is refused
    // by the transport itself, before any connection.
    await t.database.db.execute(
      sql`update settings set value = jsonb_set(value, '{port}', to_jsonb(${smtp.port}::int)) where key = 'mail'`,
    );
    const stored = await readSettings();
    const mail = { to: 'pruefer@example.com', subject: 'Gemischt', text: 'T' };
    expect(await deliver({ ...stored, port: elsewhere.port }, mail)).toMatchObject({
      ok: false,
      code: '0x801',
      outcome: 'passwordNotBound',
    });
    expect(await deliver({ ...stored, user: 'fremd' }, mail)).toMatchObject({ outcome: 'passwordNotBound' });
    expect(elsewhere.authAttempts).toEqual([]);
    expect(await deliver(stored, mail)).toMatchObject({ ok: true, outcome: 'sent' });
    expect(await process()).toMatchObject({ sent: 1 });
  });

  it('a closed port, a silent, a hanging-up and a non-SMTP service give the same German outcome without socket details', async () => {
    const closed = await startSmtpServer();
    const closedPort = closed.port;
    await closed.stop();
    const garbage = await tcpService((socket) =>
      socket.end('HTTP/1.1 400 Bad Request\r\nServer: intern-api\r\n\r\n'),
    );
    const hangup = await tcpService((socket) => socket.destroy());
    const silent = await tcpService(() => {});
    try {
      const answers: unknown[] = [];
      for (const port of [closedPort, garbage.port, hangup.port, silent.port]) {
        await saveSmtp({ port });
        const res = await admin.post('/api/mail/test', { to: 'pruefer@example.com' });
        expect(res.statusCode).toBe(200);
        expect(res.body).not.toMatch(
          /ECONN|ETIMEDOUT|EPROTOCOL|ESOCKET|greeting|Bad Request|intern-api|socket|closed|127\.0\.0\.1/i,
        );
        answers.push(res.json<{ data: unknown }>().data);
      }
      expect(answers).toEqual(
        Array(4).fill({
          code: '0x801',
          outcome: 'unreachable',
          message:
            'E-Mail wurde nicht versendet (0x801): Der Mailserver ist nicht erreichbar – unter dieser Adresse antwortet kein Mailserver. Bitte prüfen Sie Server, Port und Verschlüsselung.',
          serverResponse: null,
        }),
      );
    } finally {
      await Promise.all([garbage.close(), hangup.close(), silent.close()]);
      await saveSmtp();
    }
  }, 60_000);
});

describe('outbox', () => {
  async function enqueue(n = 1, to = 'empfaenger@example.com') {
    const ids: number[] = [];
    await t.database.db.transaction(async (tx) => {
      for (let i = 0; i < n; i++)
        ids.push(
          await enqueueMail(tx, {
            to,
            subject: `Hinweis ${i + 1}`,
            text: `Text ${i + 1}`,
            html: `<p>Text ${i + 1}</p>`,
            purpose: 'taskReminder',
          }),
        );
    });
    return ids;
  }

  it('is delivered by the scheduled task „mail-outbox“ (run now on the task page) with its run log', async () => {
    await saveSmtp();
    await enqueue(2, 'planer@example.com');
    const list = await admin.get('/api/taskschedule/list?search=Postausgang');
    const rows = list.json<{ data: { rows: { id: number; key: string }[] } }>().data.rows;
    const task = rows.find((r) => r.key === 'mail-outbox');
    expect(task, list.body).toBeDefined();
    expect((await admin.post(`/api/taskschedule/${task!.id}/run`)).statusCode).toBe(202);
    await t.app.scheduler.whenIdle();
    expect(smtp.received.filter((m) => m.to.includes('planer@example.com'))).toHaveLength(2);
    const runs = await admin.get(`/api/taskschedule/${task!.id}/runs`);
    expect(
      runs.json<{ data: { rows: { outcome: string; trigger: string }[] } }>().data.rows[0],
    ).toMatchObject({
      outcome: 'ok',
      trigger: 'manual',
    });
  });

  it('delivers a queued mail and marks it sent', async () => {
    await saveSmtp();
    const [id] = await enqueue();
    const result = await process();
    expect(result).toMatchObject({ sent: 1, retrying: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.parsed.html).toContain('<p>Text 1</p>');
    const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id!));
    expect(row).toMatchObject({ state: 'sent', attempts: 1, lastError: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
    const list = await admin.get('/api/mail/outbox');
    expect(list.json()).toMatchObject({ data: [{ id, state: 'sent', to: 'empfaenger@example.com' }] });
  });

  it('loses nothing during an outage and delivers exactly once when the server is back', async () => {
    await saveSmtp();
    const [id] = await enqueue();
    await smtp.stop();
    const now = new Date();
    const first = await process(now);
    expect(first).toMatchObject({ sent: 0, retrying: 1 });
    let [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id!));
    expect(row).toMatchObject({ state: 'queued', attempts: 1 });
    expect(row!.lastError).toContain('(0x801): Der Mailserver ist nicht erreichbar');
    expect(row!.nextAttemptAt!.getTime()).toBe(now.getTime() + 60_000);
    // Not due yet: nothing is tried.
    expect(await process(new Date(now.getTime() + 30_000))).toMatchObject({ sent: 0, retrying: 0 });
    // Second failure: 5 minutes.
    const later = new Date(now.getTime() + 61_000);
    expect(await process(later)).toMatchObject({ retrying: 1 });
    [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id!));
    expect(row).toMatchObject({ state: 'queued', attempts: 2 });
    expect(row!.nextAttemptAt!.getTime()).toBe(later.getTime() + 5 * 60_000);

    await smtp.start();
    const back = new Date(later.getTime() + 6 * 60_000);
    expect(await process(back)).toMatchObject({ sent: 1 });
    expect(await process(new Date(back.getTime() + 3_600_000))).toMatchObject({ sent: 0, retrying: 0 });
    expect(smtp.received).toHaveLength(1);
    [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id!));
    expect(row).toMatchObject({ state: 'sent', attempts: 3 });
  });

  it('keeps mails queued without counting attempts while no mail server is set up', async () => {
    await saveSmtp({ host: '' });
    await enqueue();
    expect(await process()).toMatchObject({ sent: 0, skipped: 'Kein Mailserver eingerichtet' });
    const [row] = await t.database.db.select().from(mailOutbox);
    expect(row).toMatchObject({ state: 'queued', attempts: 0 });
    await saveSmtp();
  });

  it('two processors racing send every mail once', async () => {
    await saveSmtp();
    const ids = await enqueue(12);
    const [a, b] = await Promise.all([process(), process()]);
    expect(a.sent + b.sent).toBe(12);
    expect(smtp.received.map((m) => m.parsed.subject).sort()).toEqual(
      ids.map((_, i) => `Hinweis ${i + 1}`).sort(),
    );
  });

  it('fails a refused mail at once, after the last attempt otherwise, and sends it again on request', async () => {
    await saveSmtp();
    const [refused] = await enqueue(1, 'niemand@example.com');
    expect(await process()).toMatchObject({ failed: 1 });
    const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, refused!));
    expect(row).toMatchObject({ state: 'failed', attempts: 1 });
    expect(row!.lastError).toContain('0x802');

    const [worn] = await enqueue();
    await t.database.db
      .update(mailOutbox)
      .set({ attempts: MAIL_MAX_ATTEMPTS - 1 })
      .where(eq(mailOutbox.id, worn!));
    await smtp.stop();
    expect(await process()).toMatchObject({ failed: 1 });
    await smtp.start();

    const sent = await admin.post(`/api/mail/outbox/${worn}/resend`);
    expect(sent.statusCode, sent.body).toBe(204);
    const again = await admin.post(`/api/mail/outbox/${worn}/resend`);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('MAIL_OUTBOX_NOT_FAILED');
    expect(await process(new Date(Date.now() + 1000))).toMatchObject({ sent: 1 });
    expect((await admin.get('/api/mail/outbox?state=failed')).json()).toMatchObject({
      data: [{ id: refused, state: 'failed' }],
    });
  });

  it('refuses an invalid recipient when enqueuing', async () => {
    await expect(
      enqueueMail(t.database.db, { to: 'kaputt', subject: 's', text: 't', purpose: 'testMail' }),
    ).rejects.toMatchObject({ code: 'MAIL_INVALID_RECIPIENT' });
  });
});

describe('templates', () => {
  type Template = { id: number; version: number; purpose: string; language: string; isDefault: boolean };
  const list = async () => (await admin.get('/api/mail/templates')).json<{ data: Template[] }>().data;

  it('seeds the German default templates (lost password with its placeholders)', async () => {
    const templates = await list();
    const lost = templates.find((x) => x.purpose === 'lostPassword');
    expect(lost).toMatchObject({ language: 'de', country: null, isDefault: true });
    const body = (lost as unknown as { body: string }).body;
    for (const p of ['firstName', 'lastName', 'username', 'password', 'url', 'validUntil'])
      expect(body).toContain(`{{${p}}}`);
  });

  it('renders with escaped values in the HTML part and plain values in the text', async () => {
    const mail = await renderTemplateMail(t.database.db, {
      purpose: 'lostPassword',
      language: 'de',
      values: {
        firstName: '<b>Anna</b>',
        lastName: 'Schmidt & Co',
        username: 'anna',
        password: 'p"w',
        url: 'https://x.de',
      },
    });
    expect(mail.subject).toBe('Ihr neues Passwort für Schutzwerk');
    expect(mail.text).toContain('Guten Tag <b>Anna</b> Schmidt & Co,');
    expect(mail.html).toContain('Guten Tag &lt;b&gt;Anna&lt;/b&gt; Schmidt &amp; Co,');
    expect(mail.html).toContain('Neues Passwort: p&quot;w');
    expect(mail.html).toContain('<br>');
    expect(mail.html).not.toContain('<b>Anna');
  });

  it('refuses unknown placeholders on save with a German message', async () => {
    const res = await admin.post('/api/mail/templates', {
      purpose: 'taskReminder',
      language: 'de',
      country: null,
      isDefault: false,
      sender: '',
      subject: 'Hallo {{vorname}}',
      body: 'Text {{firstName}} {{constructor}}',
    });
    expect(res.statusCode).toBe(400);
    const details = JSON.stringify(errorOf(res).details);
    expect(details).toContain('Unbekannter Platzhalter: {{vorname}}');
    expect(details).toContain('{{constructor}}');
  });

  it('keeps one default per purpose and language, falls back to the default, and answers 0x803 without templates', async () => {
    const created = await admin.post('/api/mail/templates', {
      purpose: 'taskReminder',
      language: 'de',
      country: 'AT',
      isDefault: true,
      sender: 'wien@rheinwerk-chemie.de',
      subject: 'Servus {{firstName}}',
      body: 'Österreich',
    });
    expect(created.statusCode, created.body).toBe(201);
    const at = created.json<{ data: Template }>().data;
    // Country match first, then the language, then the purpose's default in another language.
    expect(
      await renderTemplateMail(t.database.db, {
        purpose: 'taskReminder',
        language: 'de',
        country: 'AT',
        values: { firstName: 'Max' },
      }),
    ).toMatchObject({ subject: 'Servus Max', sender: 'wien@rheinwerk-chemie.de' });
    expect(
      (
        await renderTemplateMail(t.database.db, {
          purpose: 'taskReminder',
          language: 'de',
          country: 'CH',
          values: { topic: 'X' },
        })
      ).subject,
    ).toBe('Erinnerung: X');
    expect(
      (
        await renderTemplateMail(t.database.db, {
          purpose: 'taskReminder',
          language: 'en',
          values: { topic: 'Y' },
        })
      ).subject,
    ).toBe('Erinnerung: Y');

    // A second default for the same group takes over; the first one is no longer default.
    const second = await admin.post('/api/mail/templates', {
      purpose: 'taskReminder',
      language: 'de',
      country: 'AT',
      isDefault: true,
      sender: '',
      subject: 'Neu {{firstName}}',
      body: 'Neu',
    });
    expect(second.statusCode).toBe(201);
    const first = (await list()).find((x) => x.id === at.id)!;
    expect(first.isDefault).toBe(false);

    // Stale version → 409.
    const stale = await admin.put(`/api/mail/templates/${at.id}`, {
      purpose: 'taskReminder',
      language: 'de',
      country: 'AT',
      isDefault: false,
      sender: '',
      subject: 'x',
      body: 'x',
      version: at.version,
    });
    expect(stale.statusCode).toBe(409);

    // No template for the purpose at all → MAIL_TEMPLATE_NOT_FOUND (0x803).
    await t.database.db.delete(mailTemplates).where(eq(mailTemplates.purpose, 'instructionInvitation'));
    await expect(
      renderTemplateMail(t.database.db, { purpose: 'instructionInvitation', language: 'de', values: {} }),
    ).rejects.toSatisfy(
      (e: unknown) =>
        e instanceof AppError && e.code === 'MAIL_TEMPLATE_NOT_FOUND' && e.message.includes('0x803'),
    );
  });

  it('updates and deletes with the version; writes need MAIL_TEMPLATES in the main portal', async () => {
    const editor = await clientWith([P.MAIL_TEMPLATES]);
    const [template] = (await editor.get('/api/mail/templates')).json<{
      data: (Template & Record<string, unknown>)[];
    }>().data;
    const { id, updatedAt: _u, ...fields } = template!;
    const saved = await editor.put(`/api/mail/templates/${id}`, { ...fields, subject: 'Geändert' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ data: { subject: 'Geändert', version: template!.version + 1 } });
    const foreign = await clientWith([P.MAIL_TEMPLATES], await customerPortalId(t.database.db));
    const refused = await foreign.put(`/api/mail/templates/${id}`, {
      ...fields,
      version: template!.version + 1,
    });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('SETTINGS_MAIN_PORTAL_ONLY');
    const removed = await editor.delete(`/api/mail/templates/${id}?version=${template!.version + 1}`);
    expect(removed.statusCode).toBe(204);
    expect((await editor.get(`/api/mail/templates/${id}`)).statusCode).toBe(404);
  });
});
