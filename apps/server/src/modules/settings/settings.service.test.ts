import { P } from '@schutzwerk/shared/permissions.ts';
import { defineSettingsCategory } from '@schutzwerk/shared/settings/settings.schema.ts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Db } from '#db/client.ts';
import type { Actor } from '#platform/access.ts';
import { type ChangeEntry, LOG_STATE } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import { createSecretBox } from '#platform/secrets.ts';
import { sealBoundSecret } from './bound-secret.ts';
import type { SettingsRepository, SettingsRow } from './settings.repository.ts';
import { createSettingsService } from './settings.service.ts';

/**
 * The rules of the settings service against an in-memory repository: rights per category, the secret rules of a
 * save (left out keeps, '' removes, text replaces, a changed bound field removes — compared with the locked row),
 * the version check and what the change log may say about secrets.
 */

const mailLike = defineSettingsCategory({
  key: 'smtp',
  schema: z.object({
    host: z.string(),
    port: z.number().int().min(1),
    sender: z.string(),
    password: z.string(),
  }),
  defaults: { host: '', port: 25, sender: '', password: '' },
  readAnyOf: [P.MAIL_SETTINGS],
  writeAnyOf: [P.MAIL_SETTINGS_EDIT],
  secrets: { password: ['host', 'port'] },
});
const plain = defineSettingsCategory({
  key: 'plain',
  schema: z.object({ name: z.string() }),
  defaults: { name: 'Vorgabe' },
  writeAnyOf: [P.SETTINGS_SYSTEM],
});
const perPortal = defineSettingsCategory({
  key: 'perPortal',
  scope: 'portal',
  schema: z.object({ days: z.number().int().min(0) }),
  defaults: { days: 30 },
  writeAnyOf: [P.SETTINGS_TOPICS],
});
const categories = { smtp: mailLike, plain, perPortal };

const box = createSecretBox({ secretKey: 'k'.repeat(40), dataDir: '/nonexistent' });

function actor(permissions: number[], main = true): Actor {
  return {
    employeeId: 7,
    portalId: main ? 1 : 2,
    portalName: 'P',
    isMainPortal: main,
    permissions: new Set(permissions),
    viaSso: false,
    sessionHash: 'h',
  };
}
const editor = actor([P.MAIL_SETTINGS_EDIT]);

function setup(stored: Record<string, SettingsRow> = {}) {
  const rows = new Map(Object.entries(stored));
  const log: ChangeEntry[] = [];
  const calls: string[] = [];
  const saved = (key: string, value: Record<string, unknown>, version: number): SettingsRow => {
    const row = { value: structuredClone(value), version, updatedAt: new Date('2026-05-01T10:00:00Z') };
    rows.set(key, row);
    return row;
  };
  const repository: SettingsRepository = {
    async find(_ex, key, lock = false) {
      calls.push(lock ? `lock:${key}` : `find:${key}`);
      return rows.get(key) ?? null;
    },
    async updateVersioned(_ex, key, version, value) {
      calls.push(`update:${key}`);
      const row = rows.get(key);
      return row && row.version === version ? saved(key, value, version + 1) : undefined;
    },
    async insert(_ex, key, value) {
      calls.push(`insert:${key}`);
      return rows.has(key) ? undefined : saved(key, value, 1);
    },
    async findOfPortal(_ex, portalId, key, lock = false) {
      calls.push(lock ? `lock:${portalId}/${key}` : `find:${portalId}/${key}`);
      return rows.get(`${portalId}/${key}`) ?? null;
    },
    async updateOfPortalVersioned(_ex, portalId, key, version, value) {
      calls.push(`update:${portalId}/${key}`);
      const row = rows.get(`${portalId}/${key}`);
      return row && row.version === version ? saved(`${portalId}/${key}`, value, version + 1) : undefined;
    },
    async insertOfPortal(_ex, portalId, key, value) {
      calls.push(`insert:${portalId}/${key}`);
      return rows.has(`${portalId}/${key}`) ? undefined : saved(`${portalId}/${key}`, value, 1);
    },
    async countLicensed() {
      return { activeEmployees: 0, activeExternals: 0 };
    },
    async logChange(_ex, entry) {
      log.push(entry);
    },
  };
  const db = { transaction: async (work: (tx: unknown) => Promise<unknown>) => work({}) } as unknown as Db;
  const service = createSettingsService({ db, repository, secrets: box, categories });
  return { service, rows, log, calls };
}

/** A stored smtp row whose password was entered for these host and port. */
function storedSmtp(value: { host: string; port: number; sender?: string }, password: string, version = 1) {
  const full = { sender: '', ...value };
  return {
    smtp: {
      value: { ...full, password: sealBoundSecret(box, mailLike, 'password', password, full) },
      version,
      updatedAt: new Date('2026-04-01T00:00:00Z'),
    },
  };
}

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
  return undefined;
}

describe('settings rights', () => {
  it('reads a category with SETTINGS_READONLY, its read or its write rights; edits only with a write right in the main portal', async () => {
    const { service } = setup();
    expect((await service.getForActor(actor([P.SETTINGS_READONLY]), 'smtp')).canEdit).toBe(false);
    expect((await service.getForActor(actor([P.MAIL_SETTINGS]), 'smtp')).canEdit).toBe(false);
    expect((await service.getForActor(editor, 'smtp')).canEdit).toBe(true);
    expect((await service.getForActor(actor([P.MAIL_SETTINGS_EDIT], false), 'smtp')).canEdit).toBe(false);
    expect(await codeOf(service.getForActor(actor([P.SETTINGS_SYSTEM]), 'smtp'))).toBe('NO_PERMISSION');
    expect(await codeOf(service.getForActor(editor, 'unknown'))).toBe('NOT_FOUND');
    // an inherited object key is no category
    expect(await codeOf(service.getForActor(editor, 'toString'))).toBe('NOT_FOUND');
    expect(service.listForActor(actor([P.MAIL_SETTINGS]))).toEqual([{ key: 'smtp', canEdit: false }]);
  });

  it('refuses a save without the write right, or from a customer portal, before reading anything', async () => {
    const { service, calls } = setup();
    const input = { version: 0, value: { host: 'h', port: 25, sender: '' } };
    expect(await codeOf(service.update(actor([P.MAIL_SETTINGS]), 'smtp', input))).toBe('NO_PERMISSION');
    expect(await codeOf(service.update(actor([P.MAIL_SETTINGS_EDIT], false), 'smtp', input))).toBe(
      'SETTINGS_MAIN_PORTAL_ONLY',
    );
    expect(calls).toEqual([]);
  });
});

describe('saving a category', () => {
  it('answers the defaults at version 0, creates the row on the first save and logs the changed fields', async () => {
    const { service, log, calls } = setup();
    const sys = actor([P.SETTINGS_SYSTEM]);
    const before = await service.getForActor(sys, 'plain');
    expect(before).toMatchObject({ value: { name: 'Vorgabe' }, version: 0, updatedAt: null });
    const answer = await service.update(sys, 'plain', {
      version: 0,
      value: { name: 'Neu' },
    });
    expect(answer).toMatchObject({ value: { name: 'Neu' }, version: 1 });
    expect(calls).toEqual(['find:plain', 'lock:plain', 'insert:plain']);
    expect(log).toEqual([
      {
        entity: 'settings',
        entityId: 'plain',
        state: LOG_STATE.CREATED,
        actorId: 7,
        changes: { name: { from: 'Vorgabe', to: 'Neu' } },
      },
    ]);
  });

  it('refuses a stale version (409) and logs nothing when nothing changed', async () => {
    const { service, log } = setup({ plain: { value: { name: 'A' }, version: 3, updatedAt: null } });
    const sys = actor([P.SETTINGS_SYSTEM]);
    expect(await codeOf(service.update(sys, 'plain', { version: 2, value: { name: 'B' } }))).toBe('CONFLICT');
    const same = await service.update(sys, 'plain', { version: 3, value: { name: 'A' } });
    expect(same.version).toBe(4);
    expect(log).toEqual([]);
  });

  it('answers a stored field that no longer passes its schema with its default', async () => {
    const { service } = setup({
      smtp: { value: { host: 'mail', port: 'kaputt', sender: 42 }, version: 1, updatedAt: null },
    });
    const answer = await service.getForActor(editor, 'smtp');
    expect(answer.value).toEqual({ host: 'mail', port: 25, sender: '', password: null });
  });

  it('validates the whole value with the field paths under body.value', async () => {
    const { service } = setup();
    try {
      await service.update(editor, 'smtp', { version: 0, value: { host: 'h', port: 0, sender: '' } });
      expect.unreachable('the save should be refused');
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('INPUT_VALIDATION_ERROR');
      expect((error as AppError).details).toEqual([
        expect.objectContaining({ path: ['body', 'value', 'port'] }),
      ]);
    }
  });
});

describe('secrets on save (decisions 014, 025)', () => {
  const mail = { host: 'mail.intern', port: 587 };

  it('seals an entered secret, never answers it and logs only that it changed', async () => {
    const { service, rows, log } = setup();
    const answer = await service.update(editor, 'smtp', {
      version: 0,
      value: { ...mail, sender: 'a@b.de', password: 'Geheim-1' },
    });
    expect(answer.value.password).toBeNull();
    expect(answer.secretsSet).toEqual(['password']);
    expect(String(rows.get('smtp')?.value.password)).toMatch(/^v1:/);
    expect(JSON.stringify(log)).not.toContain('Geheim-1');
    expect(log[0]?.changes?.password).toEqual({ from: '', to: '••••' });
    expect((await service.read(mailLike)).password).toBe('Geheim-1');
  });

  it('keeps a left-out or null secret while its bound fields keep their values; other fields may change', async () => {
    const { service, log } = setup(storedSmtp(mail, 'Geheim-1'));
    const left = await service.update(editor, 'smtp', { version: 1, value: { ...mail, sender: 'x@y.de' } });
    expect(left.secretsSet).toEqual(['password']);
    await service.update(editor, 'smtp', {
      version: 2,
      value: { ...mail, sender: 'z@y.de', password: null },
    });
    expect((await service.read(mailLike)).password).toBe('Geheim-1');
    // the secret did not change, so the log does not mention it
    expect(log.map((e) => Object.keys(e.changes ?? {}))).toEqual([['sender'], ['sender']]);
  });

  it('removes a left-out secret when a field it is bound to changes: never kept for another server', async () => {
    const { service, rows, log } = setup(storedSmtp(mail, 'Geheim-1'));
    const moved = await service.update(editor, 'smtp', {
      version: 1,
      value: { host: 'andere.example', port: 587, sender: '' },
    });
    expect(moved.secretsSet).toEqual([]);
    expect(rows.get('smtp')?.value.password).toBe('');
    expect(log[0]?.changes).toEqual({
      host: { from: 'mail.intern', to: 'andere.example' },
      password: { from: '••••', to: '' },
    });
    expect((await service.read(mailLike)).password).toBe('');
  });

  it("removes a secret given as '' and replaces one given as text, bound to the values saved with it", async () => {
    const { service } = setup(storedSmtp(mail, 'Geheim-1'));
    const cleared = await service.update(editor, 'smtp', {
      version: 1,
      value: { ...mail, sender: '', password: '' },
    });
    expect(cleared.secretsSet).toEqual([]);
    await service.update(editor, 'smtp', {
      version: 2,
      value: { host: 'neu.example', port: 465, sender: '', password: 'Geheim-2' },
    });
    const opened = await service.readWithSecrets(mailLike);
    expect(opened.value.password).toBe('');
    expect(opened.secrets.password).toEqual({
      value: 'Geheim-2',
      boundTo: { host: 'neu.example', port: 465 },
    });
  });

  it('compares with the locked row: a stored secret sealed for other values than the row holds is dropped', async () => {
    // The row says mail.intern, but the secret inside was sealed for another host (an edited row).
    const stored = storedSmtp({ host: 'boese.example', port: 587 }, 'Geheim-1');
    stored.smtp.value.host = 'mail.intern';
    const { service, rows } = setup(stored);
    expect((await service.read(mailLike)).password).toBe('');
    expect((await service.getForActor(editor, 'smtp')).secretsSet).toEqual([]);
    const saved = await service.update(editor, 'smtp', { version: 1, value: { ...mail, sender: 'a@b.de' } });
    expect(saved.secretsSet).toEqual([]);
    expect(rows.get('smtp')?.value.password).toBe('');
  });

  it('hands the guard the value to be saved (secrets sealed) inside the transaction', async () => {
    const seen: Record<string, unknown>[] = [];
    const rows = new Map<string, SettingsRow>();
    const repository = {
      find: async () => null,
      insert: async (_ex: unknown, _key: string, value: Record<string, unknown>) => {
        const row = { value, version: 1, updatedAt: null };
        rows.set('smtp', row);
        return row;
      },
      logChange: async () => {},
    } as unknown as SettingsRepository;
    const db = { transaction: async (work: (tx: unknown) => Promise<unknown>) => work({}) } as unknown as Db;
    const service = createSettingsService({
      db,
      repository,
      secrets: box,
      categories,
      guards: {
        smtp: async (_tx, next) => {
          seen.push(next);
        },
      },
    });
    await service.update(editor, 'smtp', {
      version: 0,
      value: { ...mail, sender: '', password: 'Geheim-3' },
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ host: 'mail.intern', port: 587 });
    expect(String(seen[0]?.password)).toMatch(/^v1:/);
  });
});

describe('per-portal categories', () => {
  it('are read and written per portal, also from a customer portal, with their own version and log id', async () => {
    const { service, rows, log } = setup();
    const customer = actor([P.SETTINGS_TOPICS], false);
    expect((await service.getForActor(customer, 'perPortal')).canEdit).toBe(true);
    const saved = await service.update(customer, 'perPortal', { version: 0, value: { days: 5 } });
    expect(saved.value).toEqual({ days: 5 });
    expect(rows.get('2/perPortal')?.value).toEqual({ days: 5 });
    expect(log.at(-1)?.entityId).toBe('perPortal:2');
    // The main portal still sees the defaults: its own row does not exist.
    const main = actor([P.SETTINGS_TOPICS]);
    expect((await service.getForActor(main, 'perPortal')).value).toEqual({ days: 30 });
    expect(await codeOf(service.update(customer, 'perPortal', { version: 0, value: { days: 6 } }))).toBe(
      'CONFLICT',
    );
    expect(await codeOf(service.read(perPortal))).toContain('per portal');
  });
});
