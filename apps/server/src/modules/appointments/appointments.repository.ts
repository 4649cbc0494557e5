import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';
import { queryRows } from '#db/query.ts';
import { type ChangeEntry, recordChange } from '#platform/audit.ts';
import {
  appointmentBookingItems,
  appointmentBookings,
  appointmentWindowDays,
  appointmentWindows,
} from './appointments.table.ts';

/**
 * Data access of time windows and bookings (decision 060). No rules; every function takes the executor first
 * (decision 031).
 */

export type WindowRecord = typeof appointmentWindows.$inferSelect;
export type WindowInsert = typeof appointmentWindows.$inferInsert;
export type DayRecord = { day: string; locked: boolean; booked: number };
export type BookingRecord = typeof appointmentBookings.$inferSelect;
export type LiveBooking = { id: number; startMinute: number; endMinute: number; seat: number };

export type WindowView = WindowRecord & { locationName: string; topicLabel: string | null; inUse: boolean };

export type AssignmentForBooking = {
  id: number;
  portal_id: number;
  employee_id: number;
  topic_id: number;
  type: string;
  status: string;
  topic_inactive: boolean;
  topic_label: string;
  topic_interval_days: number;
  excluded: boolean;
};

export type EmployeeForBooking = {
  id: number;
  portal_id: number;
  active: boolean;
  location_id: number | null;
  department_id: number | null;
  first_name: string;
  last_name: string;
  email: string | null;
  language: string | null;
};

export type BookingView = {
  id: number;
  window_id: number;
  window_title: string;
  location_name: string;
  day: string;
  start_minute: number;
  end_minute: number;
  seat: number;
  employee_id: number;
  employee_name: string;
  state: 'booked' | 'done' | 'cancelled';
  uid: string;
  version: number;
  items: { assignmentId: number; topicLabel: string }[];
};

const bookingViewSql = sql`
  select b.id, b.window_id, w.title as window_title, l.name as location_name, b.day::text as day,
         b.start_minute, b.end_minute, b.seat, b.employee_id, e.last_name || ', ' || e.first_name as employee_name,
         b.state, b.uid, b.version,
         coalesce((select json_agg(json_build_object('assignmentId', i.assignment_id, 'topicLabel', t.label)
                                   order by t.label, i.assignment_id)
                     from appointment_booking_items i
                     join instruction_assignments a on a.id = i.assignment_id
                     join instruction_topics t on t.id = a.topic_id
                    where i.booking_id = b.id), '[]'::json) as items
    from appointment_bookings b
    join appointment_windows w on w.id = b.window_id
    join locations l on l.id = w.location_id
    join employees e on e.id = b.employee_id`;

export const appointmentsRepository = {
  // ── windows ─────────────────────────────────────────────────────────────────────────────────────────

  async listWindows(
    ex: Executor,
    portalId: number,
    filter: { locationId?: number | undefined; includeInactive: boolean; ids?: number[] },
  ): Promise<WindowView[]> {
    const rows = await queryRows<
      WindowRecord & { location_name: string; topic_label: string | null; in_use: boolean }
    >(
      ex,
      sql`select w.*, l.name as location_name, t.label as topic_label,
                 exists (select 1 from appointment_bookings b where b.window_id = w.id) as in_use
            from appointment_windows w
            join locations l on l.id = w.location_id
            left join instruction_topics t on t.id = w.topic_id
           where w.portal_id = ${portalId}
             ${filter.locationId ? sql`and w.location_id = ${filter.locationId}` : sql``}
             ${filter.includeInactive ? sql`` : sql`and w.active`}
             ${filter.ids ? sql`and w.id = any(${sql.param(filter.ids)}::int[])` : sql``}
           order by l.name, w.title, w.id`,
    );
    return rows.map((r) => {
      const x = r as unknown as Record<string, unknown>;
      return {
        id: x.id as number,
        portalId: x.portal_id as number,
        locationId: x.location_id as number,
        topicId: (x.topic_id as number | null) ?? null,
        title: x.title as string,
        fromMinute: x.from_minute as number,
        toMinute: x.to_minute as number,
        durationMinutes: x.duration_minutes as number,
        gridMinutes: x.grid_minutes as number,
        seats: x.seats as number,
        rule: x.rule as string,
        allowedShiftMinutes: x.allowed_shift_minutes as number,
        active: x.active as boolean,
        version: x.version as number,
        createdAt: new Date(x.created_at as string),
        updatedAt: new Date(x.updated_at as string),
        locationName: r.location_name,
        topicLabel: r.topic_label,
        inUse: r.in_use,
      };
    });
  },

  async findWindow(
    ex: Executor,
    id: number,
    portalId: number,
    lock?: 'update' | 'share',
  ): Promise<WindowRecord | undefined> {
    const q = ex
      .select()
      .from(appointmentWindows)
      .where(and(eq(appointmentWindows.id, id), eq(appointmentWindows.portalId, portalId)));
    const rows =
      lock === 'update' ? await q.for('update') : lock === 'share' ? await q.for('share') : await q;
    return rows[0];
  },

  async insertWindow(ex: Executor, values: WindowInsert): Promise<WindowRecord> {
    const [row] = await ex.insert(appointmentWindows).values(values).returning();
    return row!;
  },

  /** Optimistic update: undefined when the version is stale. */
  async updateWindow(
    ex: Executor,
    id: number,
    version: number,
    patch: Partial<WindowInsert>,
  ): Promise<WindowRecord | undefined> {
    const [row] = await ex
      .update(appointmentWindows)
      .set({ ...patch, version: sql`${appointmentWindows.version} + 1`, updatedAt: new Date() })
      .where(and(eq(appointmentWindows.id, id), eq(appointmentWindows.version, version)))
      .returning();
    return row;
  },

  async touchWindow(ex: Executor, id: number): Promise<void> {
    await ex
      .update(appointmentWindows)
      .set({ version: sql`${appointmentWindows.version} + 1`, updatedAt: new Date() })
      .where(eq(appointmentWindows.id, id));
  },

  async windowInUse(ex: Executor, id: number): Promise<boolean> {
    const rows = await queryRows<{ n: number }>(
      ex,
      sql`select count(*)::int as n from appointment_bookings where window_id = ${id}`,
    );
    return (rows[0]?.n ?? 0) > 0;
  },

  async daysOf(ex: Executor, windowIds: number[]): Promise<Map<number, DayRecord[]>> {
    const map = new Map<number, DayRecord[]>();
    if (windowIds.length === 0) return map;
    const rows = await queryRows<{ window_id: number; day: string; locked: boolean; booked: number }>(
      ex,
      sql`select d.window_id, d.day::text as day, d.locked,
                 (select count(*)::int from appointment_bookings b
                   where b.window_id = d.window_id and b.day = d.day and b.state = 'booked') as booked
            from appointment_window_days d
           where d.window_id = any(${sql.param(windowIds)}::int[])
           order by d.window_id, d.day`,
    );
    for (const r of rows) {
      const list = map.get(r.window_id) ?? [];
      list.push({ day: r.day, locked: r.locked, booked: r.booked });
      map.set(r.window_id, list);
    }
    return map;
  },

  async insertDays(ex: Executor, windowId: number, days: string[]): Promise<void> {
    if (days.length === 0) return;
    await ex.insert(appointmentWindowDays).values(days.map((day) => ({ windowId, day })));
  },

  /**
   * The day's row, locked FOR UPDATE (`lock` false: a plain read): bookings of one window and day wait for each
   * other here.
   */
  async lockDay(
    ex: Executor,
    windowId: number,
    day: string,
    lock = true,
  ): Promise<{ day: string; locked: boolean } | undefined> {
    const q = ex
      .select({ day: appointmentWindowDays.day, locked: appointmentWindowDays.locked })
      .from(appointmentWindowDays)
      .where(and(eq(appointmentWindowDays.windowId, windowId), eq(appointmentWindowDays.day, day)));
    const rows = lock ? await q.for('update') : await q;
    return rows[0];
  },

  async setDayLocked(ex: Executor, windowId: number, day: string, locked: boolean): Promise<void> {
    await ex
      .update(appointmentWindowDays)
      .set({ locked })
      .where(and(eq(appointmentWindowDays.windowId, windowId), eq(appointmentWindowDays.day, day)));
  },

  async deleteDay(ex: Executor, windowId: number, day: string): Promise<void> {
    await ex
      .delete(appointmentWindowDays)
      .where(and(eq(appointmentWindowDays.windowId, windowId), eq(appointmentWindowDays.day, day)));
  },

  /**
   * Another active window of the location whose times overlap [from, to) on one of the days (the first found).
   */
  async overlapping(
    ex: Executor,
    input: {
      locationId: number;
      exceptId: number | null;
      fromMinute: number;
      toMinute: number;
      days: string[];
    },
  ): Promise<{ title: string; day: string } | undefined> {
    if (input.days.length === 0) return undefined;
    const rows = await queryRows<{ title: string; day: string }>(
      ex,
      sql`select w.title, d.day::text as day
            from appointment_windows w
            join appointment_window_days d on d.window_id = w.id
           where w.location_id = ${input.locationId}
             and w.active
             ${input.exceptId ? sql`and w.id <> ${input.exceptId}` : sql``}
             and w.from_minute < ${input.toMinute} and w.to_minute > ${input.fromMinute}
             and d.day = any(${sql.param(input.days)}::date[])
           order by d.day
           limit 1`,
    );
    return rows[0];
  },

  async locationInPortal(ex: Executor, locationId: number, portalId: number): Promise<boolean> {
    const rows = await queryRows<{ id: number }>(
      ex,
      sql`select id from locations where id = ${locationId} and portal_id = ${portalId}`,
    );
    return rows.length > 0;
  },

  async topicInPortal(ex: Executor, topicId: number, portalId: number): Promise<boolean> {
    const rows = await queryRows<{ id: number }>(
      ex,
      sql`select id from instruction_topics where id = ${topicId} and portal_id = ${portalId}`,
    );
    return rows.length > 0;
  },

  // ── bookings ────────────────────────────────────────────────────────────────────────────────────────

  /** The assignments, locked FOR UPDATE in id order (every writer of assignments locks in id order). */
  async lockAssignments(ex: Executor, ids: number[]): Promise<AssignmentForBooking[]> {
    return queryRows<AssignmentForBooking>(
      ex,
      sql`select a.id, a.portal_id, a.employee_id, a.topic_id, a.type, a.status,
                 t.inactive as topic_inactive, t.label as topic_label, t.interval_days as topic_interval_days,
                 exists (select 1 from instruction_exceptions x
                          where x.employee_id = a.employee_id and x.topic_id = a.topic_id) as excluded
            from instruction_assignments a
            join instruction_topics t on t.id = a.topic_id
           where a.id = any(${sql.param(ids)}::int[])
           order by a.id
             for update of a`,
    );
  },

  async employee(ex: Executor, id: number): Promise<EmployeeForBooking | undefined> {
    const rows = await queryRows<EmployeeForBooking>(
      ex,
      sql`select id, portal_id, active, location_id, department_id, first_name, last_name, email, language
            from employees where id = ${id}`,
    );
    return rows[0];
  },

  async liveBookings(ex: Executor, windowId: number, day: string): Promise<LiveBooking[]> {
    return ex
      .select({
        id: appointmentBookings.id,
        startMinute: appointmentBookings.startMinute,
        endMinute: appointmentBookings.endMinute,
        seat: appointmentBookings.seat,
      })
      .from(appointmentBookings)
      .where(
        and(
          eq(appointmentBookings.windowId, windowId),
          eq(appointmentBookings.day, day),
          sql`${appointmentBookings.state} <> 'cancelled'`,
        ),
      )
      .orderBy(asc(appointmentBookings.startMinute));
  },

  /** Live bookings of many windows in a date range (free slots for suggestions and the calendar). */
  async liveBookingsIn(
    ex: Executor,
    windowIds: number[],
    from: string,
    to: string,
  ): Promise<(LiveBooking & { windowId: number; day: string })[]> {
    if (windowIds.length === 0) return [];
    return queryRows(
      ex,
      sql`select id, window_id as "windowId", day::text as day, start_minute as "startMinute",
                 end_minute as "endMinute", seat
            from appointment_bookings
           where window_id = any(${sql.param(windowIds)}::int[]) and day between ${from} and ${to}
             and state <> 'cancelled'`,
    );
  },

  async insertBooking(
    ex: Executor,
    values: typeof appointmentBookings.$inferInsert,
    assignmentIds: number[],
  ): Promise<BookingRecord> {
    const [row] = await ex.insert(appointmentBookings).values(values).returning();
    await ex
      .insert(appointmentBookingItems)
      .values(assignmentIds.map((assignmentId) => ({ bookingId: row!.id, assignmentId })));
    return row!;
  },

  async setAssignmentsStatus(
    ex: Executor,
    ids: number[],
    from: readonly string[],
    to: 'O' | 'T' | 'E',
    validUntilFromDay?: string,
  ): Promise<void> {
    if (ids.length === 0) return;
    await ex.execute(
      sql`update instruction_assignments a
             set status = ${to}, version = a.version + 1, updated_at = now(),
                 completed_on = ${
                   to === 'E'
                     ? validUntilFromDay
                       ? sql`${validUntilFromDay}::date`
                       : sql`(now() at time zone 'Europe/Berlin')::date`
                     : sql`null`
                 }
                 ${
                   validUntilFromDay
                     ? sql`, valid_until = case when t.interval_days > 0
                                                then ${validUntilFromDay}::date + t.interval_days end`
                     : sql``
                 }
            from instruction_topics t
           where t.id = a.topic_id and a.id = any(${sql.param(ids)}::int[])
             and a.status = any(${sql.param([...from])}::text[])`,
    );
  },

  async bookingView(ex: Executor, ids: number[]): Promise<BookingView[]> {
    if (ids.length === 0) return [];
    return queryRows<BookingView>(
      ex,
      sql`${bookingViewSql} where b.id = any(${sql.param(ids)}::int[]) order by b.day, b.start_minute, b.id`,
    );
  },

  async listBookings(
    ex: Executor,
    portalId: number,
    filter: { employeeId?: number | undefined; from?: string | undefined; to?: string | undefined },
  ): Promise<BookingView[]> {
    return queryRows<BookingView>(
      ex,
      sql`${bookingViewSql}
          where b.portal_id = ${portalId} and b.state <> 'cancelled'
            ${filter.employeeId ? sql`and b.employee_id = ${filter.employeeId}` : sql``}
            ${filter.from ? sql`and b.day >= ${filter.from}` : sql``}
            ${filter.to ? sql`and b.day <= ${filter.to}` : sql``}
          order by b.day, b.start_minute, b.id
          limit 500`,
    );
  },

  /** The booking locked FOR UPDATE with its items. */
  async lockBooking(
    ex: Executor,
    id: number,
    portalId: number,
  ): Promise<(BookingRecord & { assignmentIds: number[] }) | undefined> {
    const rows = await ex
      .select()
      .from(appointmentBookings)
      .where(and(eq(appointmentBookings.id, id), eq(appointmentBookings.portalId, portalId)))
      .for('update');
    const row = rows[0];
    if (!row) return undefined;
    const items = await ex
      .select({ id: appointmentBookingItems.assignmentId })
      .from(appointmentBookingItems)
      .where(eq(appointmentBookingItems.bookingId, id))
      .orderBy(asc(appointmentBookingItems.assignmentId));
    return { ...row, assignmentIds: items.map((i) => i.id) };
  },

  /** The ids of the booked (not done, not cancelled) bookings that cover an item. */
  async bookedCovering(ex: Executor, assignmentId: number): Promise<number[]> {
    const rows = await ex
      .select({ id: appointmentBookings.id })
      .from(appointmentBookings)
      .innerJoin(appointmentBookingItems, eq(appointmentBookingItems.bookingId, appointmentBookings.id))
      .where(
        and(eq(appointmentBookingItems.assignmentId, assignmentId), eq(appointmentBookings.state, 'booked')),
      )
      .orderBy(asc(appointmentBookings.id));
    return rows.map((r) => r.id);
  },

  /** The booked bookings of a window's day, locked FOR UPDATE (locking or removing the day cancels them). */
  async lockBookedOfDay(
    ex: Executor,
    windowId: number,
    day: string,
  ): Promise<(BookingRecord & { assignmentIds: number[] })[]> {
    const rows = await ex
      .select()
      .from(appointmentBookings)
      .where(
        and(
          eq(appointmentBookings.windowId, windowId),
          eq(appointmentBookings.day, day),
          eq(appointmentBookings.state, 'booked'),
        ),
      )
      .orderBy(asc(appointmentBookings.id))
      .for('update');
    if (rows.length === 0) return [];
    const items = await ex
      .select({ bookingId: appointmentBookingItems.bookingId, id: appointmentBookingItems.assignmentId })
      .from(appointmentBookingItems)
      .where(
        inArray(
          appointmentBookingItems.bookingId,
          rows.map((r) => r.id),
        ),
      );
    return rows.map((r) => ({
      ...r,
      assignmentIds: items.filter((i) => i.bookingId === r.id).map((i) => i.id),
    }));
  },

  async setBookingState(ex: Executor, id: number, state: 'done' | 'cancelled'): Promise<void> {
    await ex
      .update(appointmentBookings)
      .set({ state, version: sql`${appointmentBookings.version} + 1`, updatedAt: new Date() })
      .where(eq(appointmentBookings.id, id));
  },

  /** The employee's open appointment and check-up items (bookable). */
  async bookableItems(
    ex: Executor,
    employeeId: number,
  ): Promise<{ assignmentId: number; topicId: number; topicLabel: string; type: string; dueDate: string }[]> {
    return queryRows(
      ex,
      sql`select a.id as "assignmentId", a.topic_id as "topicId", t.label as "topicLabel", a.type,
                 a.due_date::text as "dueDate"
            from instruction_assignments a
            join instruction_topics t on t.id = a.topic_id
           where a.employee_id = ${employeeId} and a.status = 'O' and a.type in ('appointment', 'checkup')
             and not t.inactive
           order by a.due_date, t.label, a.id`,
    );
  },

  /** Active windows of the portal with their open days in a range (suggestions). */
  async openDays(
    ex: Executor,
    portalId: number,
    from: string,
    to: string,
  ): Promise<{ windowId: number; day: string }[]> {
    return queryRows(
      ex,
      sql`select d.window_id as "windowId", d.day::text as day
            from appointment_window_days d
            join appointment_windows w on w.id = d.window_id
           where w.portal_id = ${portalId} and w.active and not d.locked and d.day between ${from} and ${to}
           order by d.day, w.from_minute, w.id`,
    );
  },

  /** The calendar's rows: days of the portal's windows in a range with their live bookings. */
  async calendarDays(
    ex: Executor,
    portalId: number,
    query: { from: string; to: string; locationId?: number | undefined },
  ): Promise<{ windowId: number; day: string; locked: boolean }[]> {
    return queryRows(
      ex,
      sql`select d.window_id as "windowId", d.day::text as day, d.locked
            from appointment_window_days d
            join appointment_windows w on w.id = d.window_id
           where w.portal_id = ${portalId} and d.day between ${query.from} and ${query.to}
             ${query.locationId ? sql`and w.location_id = ${query.locationId}` : sql``}
           order by d.day, w.from_minute, w.id`,
    );
  },

  async calendarBookings(
    ex: Executor,
    windowIds: number[],
    from: string,
    to: string,
  ): Promise<BookingView[]> {
    if (windowIds.length === 0) return [];
    return queryRows<BookingView>(
      ex,
      sql`${bookingViewSql}
          where b.window_id = any(${sql.param(windowIds)}::int[]) and b.day between ${from} and ${to}
            and b.state <> 'cancelled'
          order by b.day, b.start_minute, b.seat`,
    );
  },

  logChange: (ex: Executor, entry: ChangeEntry) => recordChange(ex, entry),
};

export type AppointmentsRepository = typeof appointmentsRepository;
