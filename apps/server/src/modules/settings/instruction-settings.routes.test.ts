import { P } from '@schutzwerk/shared/permissions.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/query.ts';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { createUser, customerPortalId } from '#test/fixtures.ts';
import { instructionSettings } from './index.ts';

type Answer = { data: { key: string; value: Record<string, unknown>; version: number; canEdit: boolean } };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function clientWith(permissions: number[], portalId?: number): Promise<ApiClient> {
  const user = await createUser(t.database.db, { permissions, ...(portalId ? { portalId } : {}) });
  return t.login(user.login, user.password);
}

const valid = {
  executableDaysBeforeDue: 21,
  displayDaysBeforeDue: 42,
  showDoneDays: 10,
  mailDaysBeforeDue: 28,
  overdueRepeatDays: 3,
  escalateAfterDays: null,
  escalationRecipients: ['departmentHead', 'level2'],
  intervalUnit: 'years',
  externalRetentionDays: 365,
  effectivenessCriteria: ['Die Schutzbrille wird getragen.', 'Die Inhalte waren verständlich.'],
};

describe('settings tab „Unterweisungen“ (per portal)', () => {
  it('answers the defaults, saves per portal from a customer portal too, and the server reads each portal', async () => {
    const main = await clientWith([P.SETTINGS_TOPICS]);
    const customerPortal = await customerPortalId(t.database.db);
    const customer = await clientWith([P.SETTINGS_TOPICS], customerPortal);

    const first = await customer.get('/api/settings/instructions');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<Answer>().data).toMatchObject({
      key: 'instructions',
      version: 0,
      canEdit: true,
      value: {
        executableDaysBeforeDue: 30,
        displayDaysBeforeDue: 60,
        showDoneDays: 30,
        mailDaysBeforeDue: 14,
        overdueRepeatDays: 7,
        escalateAfterDays: 14,
        escalationRecipients: ['supervisor', 'level1'],
        intervalUnit: 'auto',
        externalRetentionDays: 730,
      },
    });
    const saved = await customer.put('/api/settings/instructions', { version: 0, value: valid });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Answer>().data).toMatchObject({ version: 1, value: valid });
    const stale = await customer.put('/api/settings/instructions', { version: 0, value: valid });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('CONFLICT');

    // The main portal keeps its own value (the defaults until saved).
    const mainAnswer = (await main.get('/api/settings/instructions')).json<Answer>().data;
    expect(mainAnswer.value.executableDaysBeforeDue).toBe(30);
    const mainPortalId = (
      await queryRows<{ id: number }>(
        t.database.db,
        sql`select id from portals where is_main order by id limit 1`,
      )
    )[0]?.id;
    expect(mainPortalId).toBeDefined();
    expect(await instructionSettings(t.database.db, customerPortal)).toEqual(valid);
    expect((await instructionSettings(t.database.db, mainPortalId ?? 0)).executableDaysBeforeDue).toBe(30);

    const log = await queryRows<{ changes: Record<string, unknown> }>(
      t.database.db,
      sql`select changes from change_log where entity = 'settings' and entity_id = ${`instructions:${customerPortal}`}`,
    );
    expect(log.at(-1)?.changes).toMatchObject({ executableDaysBeforeDue: { from: 30, to: 21 } });
  });

  it('refuses bad input with German messages on the fields', async () => {
    const main = await clientWith([P.SETTINGS_TOPICS]);
    const bad = await main.put('/api/settings/instructions', {
      version: 0,
      value: {
        ...valid,
        executableDaysBeforeDue: 400,
        mailDaysBeforeDue: 10,
        overdueRepeatDays: 0,
        externalRetentionDays: 29,
      },
    });
    expect(bad.statusCode).toBe(400);
    const details = (errorOf(bad).details ?? []) as { path: string[]; message: string }[];
    const byField = Object.fromEntries(details.map((d) => [d.path.at(-1), d.message]));
    expect(byField.executableDaysBeforeDue).toBe('Höchstens 365 Tage.');
    expect(byField.mailDaysBeforeDue).toBe('Bitte eine der angebotenen Vorlaufzeiten wählen.');
    expect(byField.overdueRepeatDays).toBe('Mindestens 1 Tag.');
    expect(byField.externalRetentionDays).toBe('Mindestens 30 Tage.');
    const order = await main.put('/api/settings/instructions', {
      version: 0,
      value: { ...valid, executableDaysBeforeDue: 30, displayDaysBeforeDue: 7 },
    });
    expect(order.statusCode).toBe(400);
    expect((errorOf(order).details as { message: string }[])[0]?.message).toContain('„Ausführbar ab“');
    // Decision 045: only the offered recipient types and units, each recipient once.
    const kinds = await main.put('/api/settings/instructions', {
      version: 0,
      value: { ...valid, escalationRecipients: ['supervisor', 'supervisor'], intervalUnit: 'weeks' },
    });
    expect(kinds.statusCode).toBe(400);
    const kindErrors = Object.fromEntries(
      ((errorOf(kinds).details ?? []) as { path: string[]; message: string }[]).map((d) => [
        d.path.at(-1),
        d.message,
      ]),
    );
    expect(kindErrors.escalationRecipients).toBe('Jeder Empfänger nur einmal.');
    expect(kindErrors.intervalUnit).toBe('Bitte eine der angebotenen Einheiten wählen.');
  });

  it('needs the settings right of the instructions to write, SETTINGS_READONLY reads', async () => {
    const reader = await clientWith([P.SETTINGS_READONLY]);
    const read = await reader.get('/api/settings/instructions');
    expect(read.statusCode).toBe(200);
    expect(read.json<Answer>().data.canEdit).toBe(false);
    const write = await reader.put('/api/settings/instructions', { version: 0, value: valid });
    expect(write.statusCode).toBe(403);
    const nobody = await clientWith([P.TOPICS_OWN]);
    expect((await nobody.get('/api/settings/instructions')).statusCode).toBe(403);
  });
});
