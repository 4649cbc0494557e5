import type { AppointmentWindow } from '@schutzwerk/shared/appointments/appointments.schema.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/query.ts';
import { employees } from '#modules/employees/tables.ts';
import { instructionAssignments } from '#modules/instructions/tables.ts';
import { locations } from '#modules/organisation/tables.ts';
import { type ApiClient, createSecondInstance, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { mainPortalId } from '#test/fixtures.ts';

/**
 * Decision 060: no seat is ever given twice, also when bookings for the same seats arrive at the same moment on two
 * app instances on one database. The day row's lock (FOR UPDATE) serialises them; the unique index on (window, day,
 * start, seat) is the backstop.
 */
let a: TestApp;
let b: Awaited<ReturnType<typeof createSecondInstance>>;
let onA: ApiClient;
let onB: ApiClient;
const NOW = new Date('2026-11-26T09:00:00Z');
const DAY = '2026-12-03';

beforeAll(async () => {
  a = await createTestApp({ now: () => NOW });
  b = await createSecondInstance(a);
  onA = await a.login('admin');
  onB = b.client();
  onB.token = onA.token;
});
afterAll(async () => {
  await b.close();
  await a.close();
});

describe('concurrent bookings', () => {
  it('parallel bookings on two instances fill each seat exactly once', async () => {
    const portalId = await mainPortalId(a.database.db);
    const [loc] = await a.database.db
      .insert(locations)
      .values({ portalId, name: `Parallelwerk ${process.pid}` })
      .returning({ id: locations.id });
    const topic = (
      await onA.post('/api/topics', { label: 'Parallel', identifier: `P-${process.pid}` })
    ).json<{
      data: { id: number };
    }>().data;
    const SEATS = 5;
    const PEOPLE = 24;
    const res = await onA.post('/api/appointments/windows', {
      title: 'Parallel',
      locationId: loc!.id,
      topicId: null,
      fromTime: '08:00',
      toTime: '09:00',
      durationMinutes: 60,
      gridMinutes: 15,
      seats: SEATS,
      rule: 'none',
      allowedShiftMinutes: 0,
      days: [DAY],
    });
    expect(res.statusCode, res.body).toBe(201);
    const w = res.json<{ data: AppointmentWindow }>().data;
    const people = await a.database.db
      .insert(employees)
      .values(
        Array.from({ length: PEOPLE }, (_, i) => ({
          portalId,
          personnelNumber: `PAR${process.pid}-${i}`,
          lastName: `Parallel${i}`,
          firstName: 'Pat',
        })),
      )
      .returning({ id: employees.id });
    const items = await a.database.db
      .insert(instructionAssignments)
      .values(
        people.map((p) => ({
          portalId,
          employeeId: p.id,
          topicId: topic.id,
          type: 'appointment',
          status: 'O',
          dueDate: DAY,
          originalDueDate: DAY,
        })),
      )
      .returning({ id: instructionAssignments.id });
    const answers = await Promise.all(
      items.map((item, i) =>
        (i % 2 === 0 ? onA : onB).post('/api/appointments/bookings', {
          windowId: w.id,
          date: DAY,
          start: '08:00',
          assignmentIds: [item.id],
          explicit: true,
        }),
      ),
    );
    const booked = answers.filter((r) => r.statusCode === 201);
    const refused = answers.filter((r) => r.statusCode !== 201);
    expect(booked).toHaveLength(SEATS);
    for (const r of refused) expect(errorOf(r).code).toBe('BOOKING_NO_FREE_PERIOD');
    const seats = await queryRows<{ seat: number }>(
      a.database.db,
      sql`select seat from appointment_bookings where window_id = ${w.id} and state = 'booked' order by seat`,
    );
    expect(seats.map((s) => s.seat)).toEqual([1, 2, 3, 4, 5]);
    const statuses = await queryRows<{ status: string; n: number }>(
      a.database.db,
      sql`select status, count(*)::int as n from instruction_assignments where topic_id = ${topic.id} group by status order by status`,
    );
    expect(statuses).toEqual([
      { status: 'O', n: PEOPLE - SEATS },
      { status: 'T', n: SEATS },
    ]);
  });
});
