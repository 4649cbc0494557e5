import type { Topic } from '@schutzwerk/shared/instructions/instructions.schema.ts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/query.ts';
import { instructionAssignments } from '#modules/instructions/tables.ts';
import { type ApiClient, createTestApp, type TestApp } from '#test/app.ts';
import { createAssignment, mainPortalId } from '#test/fixtures.ts';
import { appointmentsRepository } from './appointments.repository.ts';

/**
 * Decision 077, the appointments' part: an appointment item set done records its completion day (the
 * appointment's day, else today in Berlin); going back to O or T clears it. The other paths are tested in
 * `instructions/completion-day.routes.test.ts`.
 */
let t: TestApp;
let admin: ApiClient;
let portalId: number;
let topic: Topic;
const tag = `ACD${process.pid}`;

const item = () =>
  createAssignment(t.database.db, { portalId, topicId: topic.id, type: 'appointment', status: 'T' });
async function read(id: number) {
  const [row] = await t.database.db
    .select({ status: instructionAssignments.status, completedOn: instructionAssignments.completedOn })
    .from(instructionAssignments)
    .where(eq(instructionAssignments.id, id));
  return row!;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  portalId = await mainPortalId(t.database.db);
  const res = await admin.post('/api/topics', { label: `Termin erledigt ${tag}`, identifier: tag });
  expect(res.statusCode, res.body).toBe(201);
  topic = res.json<{ data: Topic }>().data;
});
afterAll(async () => {
  await t?.close();
});

describe('completion day of appointment items (decision 077)', () => {
  it('an appointment done completes on its day; going back to O or T clears the day', async () => {
    const row = await item();
    await appointmentsRepository.setAssignmentsStatus(t.database.db, [row.id], ['T'], 'E', '2030-06-04');
    expect(await read(row.id)).toMatchObject({ status: 'E', completedOn: '2030-06-04' });
    await appointmentsRepository.setAssignmentsStatus(t.database.db, [row.id], ['E'], 'T');
    expect(await read(row.id)).toMatchObject({ status: 'T', completedOn: null });
    // Without a day: the database's today in Berlin.
    await appointmentsRepository.setAssignmentsStatus(t.database.db, [row.id], ['T'], 'E');
    const [{ today }] = (await queryRows<{ today: string }>(
      t.database.db,
      sql`select (now() at time zone 'Europe/Berlin')::date::text as today`,
    )) as [{ today: string }];
    expect(await read(row.id)).toMatchObject({ status: 'E', completedOn: today });
  });
});
