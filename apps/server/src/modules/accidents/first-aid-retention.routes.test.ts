import { LOG_STATE } from '@schutzwerk/shared/constants.ts';
import type { Run, Task } from '@schutzwerk/shared/scheduler/scheduler.schema.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/query.ts';
import { type ApiClient, createTestApp, type TestApp } from '#test/app.ts';
import { mainPortalId } from '#test/fixtures.ts';
import { firstAidEntries } from './accidents.table.ts';

/** Decision 051: the deletion class of the first-aid book (five years after the entry) as a scheduled job. */
let t: TestApp;
let admin: ApiClient;
/**
 * The scheduler runs its jobs on the system clock (a job's `now` is the run's start), so the entries are dated
 * from today — a fixed date here made the test fail from the day its five years had passed.
 */
const shifted = (years: number, days: number) => {
  const at = new Date();
  at.setUTCFullYear(at.getUTCFullYear() + years);
  at.setUTCDate(at.getUTCDate() + days);
  return at;
};
const germanDay = (at: Date) =>
  new Intl.DateTimeFormat('de-DE', {
    timeZone: 'Europe/Berlin',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(at);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => {
  await t.close();
});

describe('scheduled job first-aid-retention (Verbandbuch: Aufbewahrungsfrist)', () => {
  it('deletes entries five years after the entry, logs each deletion, keeps younger ones', async () => {
    const portalId = await mainPortalId(t.database.db);
    const entry = (name: string, occurredAt: Date, createdAt: Date) => ({
      portalId,
      personName: name,
      occurredAt,
      createdAt,
      place: 'Lager',
      whatHappened: 'Schnitt',
      firstAid: 'Pflaster',
    });
    const altEins = shifted(-5, -7);
    const altZwei = shifted(-7, 0);
    const rows = await t.database.db
      .insert(firstAidEntries)
      .values([
        entry('Alt Eins', altEins, shifted(-5, -7)),
        entry('Alt Zwei', altZwei, shifted(-7, 0)),
        // Five years minus a day: stays.
        entry('Jung', shifted(-5, 1), shifted(-5, 1)),
        // Old event, recorded late: five years from the recording.
        entry('Spät erfasst', shifted(-7, 0), shifted(-5, 60)),
      ])
      .returning({ id: firstAidEntries.id, personName: firstAidEntries.personName });
    const idOf = (name: string) => rows.find((r) => r.personName === name)!.id;

    const list = await admin.get('/api/taskschedule/list?search=Verbandbuch');
    const task = list
      .json<{ data: { rows: Task[] } }>()
      .data.rows.find((r) => r.key === 'first-aid-retention')!;
    expect(task).toBeDefined();
    expect((await admin.post(`/api/taskschedule/${task.id}/run`)).statusCode).toBe(202);
    await t.app.scheduler.whenIdle();
    const [run] = (await admin.get(`/api/taskschedule/${task.id}/runs`)).json<{ data: { rows: Run[] } }>()
      .data.rows;
    expect(run).toMatchObject({ outcome: 'ok', summary: '2 Verbandbucheinträge gelöscht.' });
    expect(run!.log).toContain(
      `Verbandbucheintrag Nr. ${idOf('Alt Eins')} vom ${germanDay(altEins)} gelöscht.`,
    );
    expect(run!.log).toContain(
      `Verbandbucheintrag Nr. ${idOf('Alt Zwei')} vom ${germanDay(altZwei)} gelöscht.`,
    );

    const left = await queryRows<{ person_name: string }>(
      t.database.db,
      sql`select person_name from first_aid_entries where id in (${sql.join(
        rows.map((r) => sql`${r.id}`),
        sql`, `,
      )}) order by person_name`,
    );
    expect(left.map((r) => r.person_name)).toEqual(['Jung', 'Spät erfasst']);
    const log = await queryRows<{ entity_id: string; changes: unknown }>(
      t.database.db,
      sql`select entity_id::text as entity_id, changes from change_log
          where entity = 'first_aid_entry' and state = ${LOG_STATE.DELETED} order by entity_id`,
    );
    expect(log.map((r) => Number(r.entity_id)).sort()).toEqual([idOf('Alt Eins'), idOf('Alt Zwei')].sort());
    // No health text in the log.
    expect(JSON.stringify(log)).not.toContain('Schnitt');

    // A second run finds nothing.
    expect((await admin.post(`/api/taskschedule/${task.id}/run`)).statusCode).toBe(202);
    await t.app.scheduler.whenIdle();
    const [second] = (await admin.get(`/api/taskschedule/${task.id}/runs`)).json<{ data: { rows: Run[] } }>()
      .data.rows;
    expect(second).toMatchObject({ outcome: 'ok', summary: '0 Verbandbucheinträge gelöscht.' });
  });
});
