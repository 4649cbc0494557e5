import { readFileSync } from 'node:fs';
import type { Topic } from '@schutzwerk/shared/instructions/instructions.schema.ts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/query.ts';
import { type ApiClient, createTestApp, type TestApp } from '#test/app.ts';
import { fakeActor } from '#test/fake-actor.ts';
import { createAssignment, createUser, mainPortalId } from '#test/fixtures.ts';
import { assignmentsRepository } from './assignments.repository.ts';
import { checkupItems } from './checkup-items.repository.ts';
import { instructionsRepository } from './instructions.repository.ts';
import { instructionAssignments } from './instructions.table.ts';
import { runRepository } from './run.repository.ts';
import { completeAssignment } from './run.service.ts';

/**
 * Decision 077: every path that sets an item done (E) records its completion day (Europe/Berlin), every path that
 * takes it out of E clears it, the database refuses a completion day on an unfinished item, and the migration's
 * backfill takes the Berlin day of the row's last change. The appointments' path is tested in its own module
 * (`appointments/appointments-completion-day.routes.test.ts`).
 */
let t: TestApp;
let admin: ApiClient;
let portalId: number;
let topic: Topic;
const tag = `CD${process.pid}`;
// Today is 15 June 2030 in Berlin (the app's clock); 23:30 UTC on 14 June is already 15 June there.
const NOW = new Date('2030-06-14T23:30:00Z');
const TODAY = '2030-06-15';

const item = (status = 'O', type = 'instruction') =>
  createAssignment(t.database.db, { portalId, topicId: topic.id, status, type });
async function read(id: number) {
  const [row] = await t.database.db
    .select({
      status: instructionAssignments.status,
      completedOn: instructionAssignments.completedOn,
      version: instructionAssignments.version,
    })
    .from(instructionAssignments)
    .where(eq(instructionAssignments.id, id));
  return row!;
}

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  admin = await t.login('admin');
  portalId = await mainPortalId(t.database.db);
  const res = await admin.post('/api/topics', {
    label: `Erledigungstag ${tag}`,
    identifier: tag,
    intervalDays: 365,
  });
  expect(res.statusCode, res.body).toBe(201);
  topic = res.json<{ data: Topic }>().data;
});
afterAll(async () => {
  await t?.close();
});

describe('completion day (decision 077)', () => {
  it('the run-through and SCORM (completeAssignment) complete on the day passed', async () => {
    const row = await item('A');
    const record = (await instructionsRepository.findTopic(t.database.db, topic.id))!;
    const returned = await t.database.db.transaction((tx) =>
      completeAssignment(runRepository, tx, {
        actor: fakeActor({ portalId }),
        assignment: row,
        topic: record,
        today: '2030-06-12',
        result: {},
      }),
    );
    expect(await read(row.id)).toMatchObject({ status: 'E', completedOn: '2030-06-12' });
    expect(returned).toMatchObject({ status: 'E', completedOn: '2030-06-12' });
    // Starting again (A) would clear it; the repository refuses E without a day.
    await expect(runRepository.setAssignmentStatus(t.database.db, row.id, 'E', null)).rejects.toThrow();
  });

  it('group feedback completes the open item and the new done one on the day given', async () => {
    const user = await createUser(t.database.db, { permissions: [] });
    const assigned = await admin.post('/api/instructions/assignments', {
      topicId: topic.id,
      employeeIds: [user.id],
    });
    expect(assigned.statusCode, assigned.body).toBe(201);
    const other = await createUser(t.database.db, { permissions: [] });
    const res = await admin.post('/api/instructions/group-feedback', {
      givenOn: '2030-06-11',
      items: [{ topicId: topic.id }],
      employeeIds: [user.id, other.id],
    });
    expect(res.statusCode, res.body).toBe(201);
    const rows = await queryRows<{ employee_id: number; status: string; completed_on: string | null }>(
      t.database.db,
      sql`select employee_id, status, completed_on::text from instruction_assignments
           where topic_id = ${topic.id} and employee_id = any(${sql.param([user.id, other.id])}::int[])
           order by employee_id, due_date`,
    );
    const done = rows.filter((r) => r.status === 'E');
    expect(done.map((r) => r.completed_on)).toEqual(['2030-06-11', '2030-06-11']);
    // The next open items carry no completion day.
    expect(rows.filter((r) => r.status === 'O').every((r) => r.completed_on === null)).toBe(true);
  });

  it('rearranging completes the old item today (Berlin), the new one is open', async () => {
    const row = await item('O');
    const res = await admin.post(`/api/instructions/assignments/${row.id}/rearrange`, {
      version: row.version,
      dueDate: '2030-09-30',
    });
    expect(res.statusCode, res.body).toBe(204);
    expect(await read(row.id)).toMatchObject({ status: 'E', completedOn: TODAY });
    const [next] = await queryRows<{ completed_on: string | null; status: string }>(
      t.database.db,
      sql`select status, completed_on from instruction_assignments
           where employee_id = ${row.employeeId} and id <> ${row.id}`,
    );
    expect(next).toEqual({ status: 'O', completed_on: null });
  });

  it('a recorded check-up completes its item on the check-up day', async () => {
    const row = await item('T', 'checkup');
    await checkupItems.complete(t.database.db, row.id, '2030-06-03');
    expect(await read(row.id)).toMatchObject({ status: 'E', completedOn: '2030-06-03' });
  });

  it('a status set by hand: E takes a day, leaving E clears it, the database refuses a day on an open item', async () => {
    const row = await item('O');
    await assignmentsRepository.setStatus(t.database.db, row.id, 'E', '2030-05-30');
    expect(await read(row.id)).toMatchObject({ status: 'E', completedOn: '2030-05-30' });
    await assignmentsRepository.setStatus(t.database.db, row.id, 'O');
    expect(await read(row.id)).toMatchObject({ status: 'O', completedOn: null });
    await expect(
      t.database.db.execute(
        sql`update instruction_assignments set completed_on = '2030-06-01' where id = ${row.id}`,
      ),
    ).rejects.toThrow();
  });

  it("the migration's backfill takes the Berlin day of the last change of done items", async () => {
    const done = await item('E');
    const open = await item('O');
    await t.database.db.execute(
      sql`update instruction_assignments set completed_on = null, updated_at = '2030-03-31T22:30:00Z'
           where id = any(${sql.param([done.id, open.id])}::int[])`,
    );
    const migration = readFileSync(
      new URL('../../db/migrations/0052_instruction_completion_day.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration
      .split('--> statement-breakpoint')
      .map((s) => s.trim().replace(/^(?:--[^\n]*\n)*/, ''))
      .filter((s) => s.startsWith('UPDATE "instruction_assignments"'));
    expect(backfill).toHaveLength(1);
    await t.database.db.execute(sql.raw(backfill[0]!));
    expect(await read(done.id)).toMatchObject({ completedOn: '2030-04-01' });
    expect(await read(open.id)).toMatchObject({ completedOn: null });
  });
});
