import { P } from '@schutzwerk/shared/permissions.ts';
import { licenseSettings } from '@schutzwerk/shared/settings/license.settings.ts';
import { defineSettingsCategory } from '@schutzwerk/shared/settings/settings.schema.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '#db/query.ts';
import { createSecretBox } from '#platform/secrets.ts';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { createUser, customerPortalId } from '#test/fixtures.ts';
import { settingsRepository } from './settings.repository.ts';
import { createSettingsService } from './settings.service.ts';

type Answer = {
  data: {
    key: string;
    value: Record<string, unknown>;
    secretsSet: string[];
    version: number;
    canEdit: boolean;
  };
};

let t: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => {
  await t.close();
});

async function clientWith(permissions: number[], portalId?: number): Promise<ApiClient> {
  const user = await createUser(t.database.db, { permissions, ...(portalId ? { portalId } : {}) });
  return t.login(user.login, user.password);
}

describe('settings', () => {
  it('answers the defaults at version 0 while nothing is stored, saves, and refuses a stale version with 409', async () => {
    // The template database holds the demo settings; start this category from nothing.
    await t.database.db.execute(sql`delete from settings where key = 'system'`);
    const first = await admin.get('/api/settings/system');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<Answer>().data).toMatchObject({
      key: 'system',
      version: 0,
      canEdit: true,
      value: { companyName: '', applicationUrl: '' },
    });
    const value = {
      companyName: 'Muster GmbH',
      applicationUrl: 'https://ehs.muster.de',
      supportEmail: '',
      supportPhone: '',
    };
    const saved = await admin.put('/api/settings/system', { version: 0, value });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Answer>().data).toMatchObject({ version: 1, value });
    const stale = await admin.put('/api/settings/system', {
      version: 0,
      value: { ...value, companyName: 'Alt' },
    });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('CONFLICT');
    const again = await admin.put('/api/settings/system', {
      version: 1,
      value: { ...value, companyName: 'Neu GmbH' },
    });
    expect(again.json<Answer>().data).toMatchObject({ version: 2, value: { companyName: 'Neu GmbH' } });
    const log = await queryRows<{ changes: Record<string, unknown> }>(
      t.database.db,
      sql`select changes from change_log where entity = 'settings' and entity_id = 'system' order by id`,
    );
    expect(log.at(-1)?.changes).toEqual({ companyName: { from: 'Muster GmbH', to: 'Neu GmbH' } });
  });

  it('validates with German messages on the field paths', async () => {
    const bad = await admin.put('/api/settings/system', {
      version: 0,
      value: { companyName: 'x', applicationUrl: 'ftp://nope', supportEmail: 'keine-mail', supportPhone: '' },
    });
    expect(bad.statusCode).toBe(400);
    const error = errorOf(bad);
    expect(error.code).toBe('INPUT_VALIDATION_ERROR');
    expect(error.details).toEqual(
      expect.arrayContaining([
        {
          path: ['body', 'value', 'applicationUrl'],
          message: 'Bitte eine Adresse mit http:// oder https:// angeben.',
        },
        { path: ['body', 'value', 'supportEmail'], message: 'Bitte eine gültige E-Mail-Adresse angeben.' },
      ]),
    );
  });

  it('refuses to disable the last active language and a default language that is not active', async () => {
    const none = await admin.put('/api/settings/language', {
      version: 0,
      value: { enabledLocales: [], defaultLocale: 'de-DE' },
    });
    expect(none.statusCode).toBe(400);
    expect(JSON.stringify(errorOf(none).details)).toContain(
      'Die letzte aktive Sprache kann nicht deaktiviert werden.',
    );
    const inactiveDefault = await admin.put('/api/settings/language', {
      version: 0,
      value: { enabledLocales: ['de-DE'], defaultLocale: 'en-GB' },
    });
    expect(errorOf(inactiveDefault).details).toEqual([
      { path: ['body', 'value', 'defaultLocale'], message: 'Die Standardsprache muss aktiv sein.' },
    ]);
    const ok = await admin.put('/api/settings/language', {
      version: 0,
      value: { enabledLocales: ['de-DE', 'de-AT', 'en-GB'], defaultLocale: 'de-DE' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('checks rights per category: read with SETTINGS_READONLY, write only with the category right, main portal only', async () => {
    const reader = await clientWith([P.SETTINGS_READONLY]);
    const list = await reader.get('/api/settings');
    expect(list.json<{ data: { key: string; canEdit: boolean }[] }>().data).toEqual(
      expect.arrayContaining([
        { key: 'license', canEdit: false },
        { key: 'system', canEdit: false },
      ]),
    );
    expect((await reader.get('/api/settings/license')).json<Answer>().data.canEdit).toBe(false);
    const write = await reader.put('/api/settings/license', { version: 0, value: licenseSettings.defaults });
    expect(write.statusCode).toBe(403);
    expect(errorOf(write).code).toBe('NO_PERMISSION');

    // The language right opens the language category only.
    const languages = await clientWith([P.SETTINGS_LANGUAGE]);
    expect((await languages.get('/api/settings')).json<{ data: unknown[] }>().data).toEqual([
      { key: 'language', canEdit: true },
    ]);
    expect((await languages.get('/api/settings/license')).statusCode).toBe(403);

    // A customer portal's user may read but not change installation-wide settings.
    const customer = await clientWith([P.SETTINGS_LICENSE], await customerPortalId(t.database.db));
    expect((await customer.get('/api/settings/license')).json<Answer>().data.canEdit).toBe(false);
    const denied = await customer.put('/api/settings/license', {
      version: 0,
      value: licenseSettings.defaults,
    });
    expect(denied.statusCode).toBe(403);
    expect(errorOf(denied).code).toBe('SETTINGS_MAIN_PORTAL_ONLY');

    expect((await admin.get('/api/settings/nothing')).statusCode).toBe(404);
    const none = await clientWith([P.EMPLOYEES_BASIC_READONLY]);
    expect((await none.get('/api/settings')).statusCode).toBe(403);
  });

  it('reports licence usage with warnings near and over the limits', async () => {
    const [counts] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from employees where active and not is_external`,
    );
    const active = counts?.n ?? 0;
    const current = (await admin.get('/api/settings/license')).json<Answer>().data;
    const save = await admin.put('/api/settings/license', {
      version: current.version,
      value: {
        customerNumber: 'K-1001',
        licensee: 'Muster GmbH',
        licenseType: 'professional',
        maxEmployees: active,
        maxExternals: null,
        validUntil: '2099-12-31',
      },
    });
    expect(save.statusCode, save.body).toBe(200);
    const usage = await admin.get('/api/settings/license/usage');
    expect(usage.json<{ data: unknown }>().data).toMatchObject({
      activeEmployees: active,
      maxEmployees: active,
      maxExternals: null,
      warnings: [`Die Lizenz ist fast ausgeschöpft: ${active} von ${active} Mitarbeiter.`],
    });
    const bad = await admin.put('/api/settings/license', {
      version: current.version + 1,
      value: { ...licenseSettings.defaults, maxEmployees: -1, licenseType: 'gold' },
    });
    expect(errorOf(bad).details).toEqual(
      expect.arrayContaining([
        { path: ['body', 'value', 'maxEmployees'], message: 'Die Anzahl darf nicht negativ sein.' },
        { path: ['body', 'value', 'licenseType'], message: 'Bitte Standard oder Professional wählen.' },
      ]),
    );
  });

  it('keeps secret fields encrypted, never answers them, keeps them when left out and removes them on empty', async () => {
    const secretCategory = defineSettingsCategory({
      key: 'demoSecret',
      schema: z.object({ user: z.string(), password: z.string() }),
      defaults: { user: '', password: '' },
      writeAnyOf: [P.SETTINGS_SYSTEM],
      secrets: { password: [] },
    });
    const secrets = createSecretBox({ secretKey: 'k'.repeat(40), dataDir: '/nonexistent' });
    const service = createSettingsService({
      db: t.database.db,
      repository: settingsRepository,
      secrets,
      categories: { demoSecret: secretCategory },
    });
    const actor = {
      employeeId: (await createUser(t.database.db)).id,
      portalId: 0,
      portalName: 'Haupt',
      isMainPortal: true,
      permissions: new Set([P.SETTINGS_SYSTEM]),
      viaSso: false,
      sessionHash: 'x',
    };
    const saved = await service.update(actor, 'demoSecret', {
      version: 0,
      value: { user: 'mailer', password: 'Str3ng-geheim' },
    });
    expect(saved.value).toEqual({ user: 'mailer', password: null });
    expect(saved.secretsSet).toEqual(['password']);
    const raw = await queryRows<{ value: { password: string } }>(
      t.database.db,
      sql`select value from settings where key = 'demoSecret'`,
    );
    expect(raw[0]?.value.password).toMatch(/^v1:/);
    expect(JSON.stringify(raw[0])).not.toContain('Str3ng');
    expect((await service.read(secretCategory)).password).toBe('Str3ng-geheim');

    // Left out → kept; the log says only that nothing secret changed.
    await service.update(actor, 'demoSecret', { version: 1, value: { user: 'mailer2' } });
    expect(await service.read(secretCategory)).toEqual({ user: 'mailer2', password: 'Str3ng-geheim' });
    // Empty → removed.
    const cleared = await service.update(actor, 'demoSecret', {
      version: 2,
      value: { user: 'mailer2', password: '' },
    });
    expect(cleared.secretsSet).toEqual([]);
    expect((await service.read(secretCategory)).password).toBe('');
    const log = await queryRows<{ changes: string }>(
      t.database.db,
      sql`select changes::text from change_log where entity = 'settings' and entity_id = 'demoSecret'`,
    );
    expect(log.map((r) => r.changes).join()).not.toContain('Str3ng');
  });
  it('binds a secret to its fields: a change of one without the secret removes it, a row edit makes it unusable', async () => {
    const bound = defineSettingsCategory({
      key: 'demoBound',
      schema: z.object({ host: z.string(), user: z.string(), label: z.string(), password: z.string() }),
      defaults: { host: '', user: '', label: '', password: '' },
      writeAnyOf: [P.SETTINGS_SYSTEM],
      secrets: { password: ['host', 'user'] },
    });
    const box = createSecretBox({ secretKey: 'k'.repeat(40), dataDir: '/nonexistent' });
    const service = createSettingsService({
      db: t.database.db,
      repository: settingsRepository,
      secrets: box,
      categories: { demoBound: bound },
    });
    const actor = {
      employeeId: (await createUser(t.database.db)).id,
      portalId: 0,
      portalName: 'Haupt',
      isMainPortal: true,
      permissions: new Set([P.SETTINGS_SYSTEM]),
      viaSso: false,
      sessionHash: 'x',
    };
    const value = { host: 'mail.intern', user: 'svc', label: 'a', password: 'Bound-Secret-1' };
    await service.update(actor, 'demoBound', { version: 0, value });
    // A field the secret is not bound to: kept.
    const relabelled = await service.update(actor, 'demoBound', {
      version: 1,
      value: { ...value, label: 'b', password: null },
    });
    expect(relabelled.secretsSet).toEqual(['password']);
    expect((await service.read(bound)).password).toBe('Bound-Secret-1');
    // The host changes and the secret is not entered again: it is removed, not kept for the new host.
    const moved = await service.update(actor, 'demoBound', {
      version: 2,
      value: { ...value, host: 'andere.example', label: 'b', password: null },
    });
    expect(moved.secretsSet).toEqual([]);
    expect((await service.read(bound)).password).toBe('');
    const raw = await queryRows<{ password: string }>(
      t.database.db,
      sql`select value->>'password' as password from settings where key = 'demoBound'`,
    );
    expect(raw[0]?.password).toBe('');
    const log = await queryRows<{ changes: Record<string, unknown> }>(
      t.database.db,
      sql`select changes from change_log where entity = 'settings' and entity_id = 'demoBound' order by id desc limit 1`,
    );
    expect(log[0]?.changes).toMatchObject({ password: { from: '••••', to: '' } });

    // Entered again for the new host: usable there. An edit of the row to another host (past the API)
    // cannot carry it along: the binding is sealed with the secret.
    await service.update(actor, 'demoBound', {
      version: 3,
      value: { ...value, host: 'andere.example', password: 'Bound-Secret-2' },
    });
    expect((await service.read(bound)).password).toBe('Bound-Secret-2');
    await t.database.db.execute(
      sql`update settings set value = jsonb_set(value, '{host}', '"boese.example"') where key = 'demoBound'`,
    );
    expect((await service.read(bound)).password).toBe('');
    expect((await service.getForActor(actor, 'demoBound')).secretsSet).toEqual([]);
    const opened = await service.readWithSecrets(bound);
    expect(opened.value.password).toBe('');
    expect(opened.secrets.password).toMatchObject({ boundTo: { host: 'andere.example', user: 'svc' } });
    // A secret sealed before bindings existed (plain text inside) is not used for a bound field.
    await t.database.db.execute(
      sql`update settings set value = jsonb_set(value, '{password}', to_jsonb(${box.encrypt('Alt-Geheim')}::text)) where key = 'demoBound'`,
    );
    expect((await service.read(bound)).password).toBe('');
  });

  it('offers the active languages to every user and refuses an inactive one for an employee', async () => {
    const current = (await admin.get('/api/settings/language')).json<Answer>().data;
    await admin.put('/api/settings/language', {
      version: current.version,
      value: { enabledLocales: ['de-DE', 'pl-PL'], defaultLocale: 'de-DE' },
    });
    const anyone = await t.login('mitarbeiter');
    expect((await anyone.get('/api/settings/languages')).json<{ data: unknown }>().data).toEqual({
      enabledLocales: ['de-DE', 'pl-PL'],
      defaultLocale: 'de-DE',
    });
    const refused = await admin.post('/api/employee', {
      personnelNumber: 'L-1',
      lastName: 'Nowak',
      firstName: 'Anna',
      language: 'fr-FR',
    });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).details).toEqual([
      { path: ['body', 'language'], message: 'Diese Sprache ist in den Einstellungen nicht aktiviert.' },
    ]);
    const created = await admin.post('/api/employee', {
      personnelNumber: 'L-1',
      lastName: 'Nowak',
      firstName: 'Anna',
      language: 'pl-PL',
    });
    expect(created.statusCode, created.body).toBe(201);
    // Disabling a language later leaves the employees who have it alone; other changes still save.
    const id = created.json<{ data: { id: number; version: number } }>().data.id;
    const after = (await admin.get('/api/settings/language')).json<Answer>().data;
    await admin.put('/api/settings/language', {
      version: after.version,
      value: { enabledLocales: ['de-DE'], defaultLocale: 'de-DE' },
    });
    const edit = await admin.patch(`/api/employee/${id}`, { version: 1, lastName: 'Nowak-Kowalska' });
    expect(edit.statusCode, edit.body).toBe(200);
  });
});
