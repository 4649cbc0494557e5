import { readFileSync } from 'node:fs';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { IngredientTemplate, Manufacturer } from '@schutzwerk/shared/substances/master-data.schema.ts';
import type { Substance } from '@schutzwerk/shared/substances/substances.schema.ts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { createUser } from '#test/fixtures.ts';
import { substanceVersions } from './substances.table.ts';

let t: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => {
  await t.close();
});

const messages = (res: Parameters<typeof errorOf>[0]) =>
  (errorOf(res).details as { path: (string | number)[]; message: string }[]).map((d) => ({
    path: d.path.filter((p) => p !== 'body').join('.'),
    message: d.message,
  }));

describe('ingredient templates (decision 055)', () => {
  it('need a name and a CAS number with a right check digit; names are unique; stale saves are refused', async () => {
    const missing = await admin.post('/api/substanceingredienttemplates', { name: 'Ethanol', casNumber: '' });
    expect(missing.statusCode).toBe(400);
    expect(messages(missing)).toEqual([{ path: 'casNumber', message: 'Bitte geben Sie die CAS-Nummer an.' }]);
    const wrong = await admin.post('/api/substanceingredienttemplates', {
      name: 'Ethanol',
      casNumber: '64-17-6',
    });
    expect(messages(wrong)).toEqual([
      {
        path: 'casNumber',
        message: 'Die Prüfziffer der CAS-Nummer stimmt nicht. Bitte prüfen Sie die Nummer.',
      },
    ]);
    const badEc = await admin.post('/api/substanceingredienttemplates', {
      name: 'Ethanol',
      casNumber: '64-17-5',
      ecNumber: '200-578-7',
    });
    expect(messages(badEc)[0]?.path).toBe('ecNumber');
    const created = await admin.post('/api/substanceingredienttemplates', {
      name: 'Ethanol',
      casNumber: '64-17-5',
      ecNumber: '200-578-6',
      formula: 'C2H6O',
      classification: 'H225, H319',
    });
    expect(created.statusCode, created.body).toBe(201);
    const template = created.json<{ data: IngredientTemplate }>().data;
    expect(template).toMatchObject({ name: 'Ethanol', casNumber: '64-17-5', formula: 'C2H6O', version: 1 });
    const twice = await admin.post('/api/substanceingredienttemplates', {
      name: 'ETHANOL',
      casNumber: '67-64-1',
    });
    expect(errorOf(twice).code).toBe('SUBSTANCE_CATALOGUE_NAME_EXISTS');

    const found = await admin.get('/api/substanceingredienttemplates?search=64-17-5');
    expect(found.json<{ data: { rows: IngredientTemplate[] } }>().data.rows.map((r) => r.name)).toEqual([
      'Ethanol',
    ]);

    const renamed = await admin.put(`/api/substanceingredienttemplates/${template.id}`, {
      ...template,
      name: 'Ethanol (Ethylalkohol)',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const stale = await admin.put(`/api/substanceingredienttemplates/${template.id}`, {
      ...template,
      name: 'Alt',
    });
    expect(stale.statusCode).toBe(409);
    const removed = await admin.delete(`/api/substanceingredienttemplates/${template.id}?version=2`);
    expect(removed.statusCode).toBe(204);
  });

  it('are read by the register users and kept only with HAZMAT_MASTER_DATA', async () => {
    const reader = await createUser(t.database.db, { permissions: [P.HAZMAT] });
    const r = await t.login(reader.login, reader.password);
    expect((await r.get('/api/substanceingredienttemplates')).statusCode).toBe(200);
    expect((await r.get('/api/substancemanufacturers')).statusCode).toBe(200);
    const refused = await r.post('/api/substanceingredienttemplates', {
      name: 'Aceton',
      casNumber: '67-64-1',
    });
    expect(refused.statusCode).toBe(403);
    expect((await r.post('/api/substancemanufacturers', { name: 'Firma' })).statusCode).toBe(403);
    const outsider = await createUser(t.database.db, { permissions: [P.DOCUMENTS] });
    const o = await t.login(outsider.login, outsider.password);
    expect((await o.get('/api/substancemanufacturers')).statusCode).toBe(403);
  });
});

describe('manufacturers (decision 055)', () => {
  it('are picked by substances, checked, and cannot be deleted while a version names them', async () => {
    const bad = await admin.post('/api/substancemanufacturers', {
      name: 'Chemie AG',
      email: 'keine-adresse',
    });
    expect(messages(bad)).toEqual([
      { path: 'email', message: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.' },
    ]);
    const res = await admin.post('/api/substancemanufacturers', {
      name: 'Chemie AG',
      address: 'Werkstraße 1',
      zipcode: '12345',
      city: 'Musterstadt',
      phone: '+49 30 1234',
      emergencyPhone: '+49 30 19240',
      email: 'sdb@chemie.example',
    });
    expect(res.statusCode, res.body).toBe(201);
    const m = res.json<{ data: Manufacturer }>().data;
    const unknown = await admin.post('/api/substances', {
      designation: 'Herstellerprobe 0',
      manufacturerId: 999999,
    });
    expect(errorOf(unknown).code).toBe('SUBSTANCE_REFERENCE_INVALID');
    const created = await admin.post('/api/substances', {
      designation: 'Herstellerprobe 1',
      manufacturerId: m.id,
      manufacturerName: m.name,
      manufacturerEmergencyPhone: m.emergencyPhone,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<{ data: Substance }>().data.data).toMatchObject({
      manufacturerId: m.id,
      manufacturerName: 'Chemie AG',
    });
    const refused = await admin.delete(`/api/substancemanufacturers/${m.id}?version=1`);
    expect(errorOf(refused).code).toBe('SUBSTANCE_CATALOGUE_IN_USE');
  });

  it('the migration turns free-text manufacturers into list entries and links every version', async () => {
    const db = t.database.db;
    const made: number[] = [];
    for (const [designation, name] of [
      ['Migrationsprobe 1', 'Altfirma GmbH'],
      ['Migrationsprobe 2', ' altfirma gmbh '],
      ['Migrationsprobe 3', 'Zweitfirma KG'],
    ] as const) {
      const res = await admin.post('/api/substances', { designation, manufacturerName: name.trim() });
      const s = res.json<{ data: Substance }>().data;
      made.push(s.current.id);
      // As before the list existed: only the free text, in its original spelling.
      await db
        .update(substanceVersions)
        .set({ manufacturerName: name, manufacturerId: null })
        .where(eq(substanceVersions.id, s.current.id));
    }
    await db.execute(
      sql`update substance_versions set details = details || '{"manufacturerCity":"Altstadt"}'::jsonb where id = ${made[1]}`,
    );
    const migration = readFileSync(
      new URL('../../db/migrations/0035_substance_master_data.sql', import.meta.url),
      'utf8',
    );
    const dataStatements = migration
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter((s) =>
        /^(?:--[^\n]*\n)*(?:INSERT INTO "substance_manufacturers"|UPDATE "substance_versions")/.test(s),
      );
    expect(dataStatements).toHaveLength(2);
    for (const statement of dataStatements) await db.execute(sql.raw(statement));
    const list = (await admin.get('/api/substancemanufacturers?search=firma&limit=100')).json<{
      data: { rows: Manufacturer[] };
    }>().data.rows;
    const alt = list.filter((r) => r.name.toLowerCase() === 'altfirma gmbh');
    expect(alt).toHaveLength(1);
    expect(alt[0]?.city).toBe('Altstadt');
    const versions = await db
      .select({ id: substanceVersions.id, manufacturerId: substanceVersions.manufacturerId })
      .from(substanceVersions)
      .where(
        sql`${substanceVersions.id} in (${sql.join(
          made.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
    const byId = new Map(versions.map((v) => [v.id, v.manufacturerId]));
    expect(byId.get(made[0] as number)).toBe(alt[0]?.id);
    expect(byId.get(made[1] as number)).toBe(alt[0]?.id);
    expect(byId.get(made[2] as number)).toBe(list.find((r) => r.name === 'Zweitfirma KG')?.id);
  });
});

describe('version comparison (decision 055)', () => {
  it('answers an older version field by field; another substance’s version is not found', async () => {
    const created = (
      await admin.post('/api/substances', { designation: 'Vergleichsprobe', flashPoint: '13' })
    ).json<{
      data: Substance;
    }>().data;
    const fixed = await admin.post(`/api/substances/${created.id}/fix`, { version: created.version });
    const afterFix = fixed.json<{ data: Substance }>().data;
    const saved = await admin.put(`/api/substances/${created.id}`, {
      ...afterFix.data,
      flashPoint: '21,5',
      responsibleEmployeeId: null,
      version: afterFix.version,
    });
    expect(saved.json<{ newVersion: boolean }>().newVersion).toBe(true);
    const old = await admin.get(`/api/substances/${created.id}/versions/${created.current.id}`);
    expect(old.statusCode, old.body).toBe(200);
    expect(old.json<{ data: { number: number; data: { flashPoint: string } } }>().data).toMatchObject({
      number: 1,
      data: { flashPoint: '13', designation: 'Vergleichsprobe' },
    });
    const other = (await admin.post('/api/substances', { designation: 'Vergleichsprobe 2' })).json<{
      data: Substance;
    }>().data;
    expect((await admin.get(`/api/substances/${other.id}/versions/${created.current.id}`)).statusCode).toBe(
      404,
    );
    const outsider = await createUser(t.database.db, { permissions: [P.DOCUMENTS] });
    const o = await t.login(outsider.login, outsider.password);
    expect((await o.get(`/api/substances/${created.id}/versions/${created.current.id}`)).statusCode).toBe(
      403,
    );
  });
});
