import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { versioned } from '#db/columns.ts';
import { employees } from '#modules/employees/tables.ts';
import { instructionAssignments, instructionTopics } from '#modules/instructions/tables.ts';
import { locations } from '#modules/organisation/tables.ts';
import { portals } from '#modules/portals/tables.ts';

/**
 * Time windows (Zeitfenster, decision 060): a location (and optionally a topic) offers appointments between
 * `from_minute` and `to_minute` (minutes after midnight, Berlin time) on its days, `seats` in parallel, starts on
 * the window's grid from `from_minute`, each occupying its seat `duration_minutes` plus the portal's safety
 * overhead. `rule` none = explicit bookings, firstFree = the first free start from the wished one within
 * `allowed_shift_minutes`.
 */
export const appointmentWindows = pgTable(
  'appointment_windows',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    topicId: integer('topic_id').references(() => instructionTopics.id),
    title: text('title').notNull(),
    fromMinute: smallint('from_minute').notNull(),
    toMinute: smallint('to_minute').notNull(),
    durationMinutes: smallint('duration_minutes').notNull(),
    gridMinutes: smallint('grid_minutes').notNull(),
    seats: integer('seats').notNull(),
    rule: text('rule').notNull().default('none'),
    allowedShiftMinutes: integer('allowed_shift_minutes').notNull().default(0),
    active: boolean('active').notNull().default(true),
    ...versioned,
  },
  (t) => [
    index('appointment_windows_location').on(t.locationId),
    check('appointment_windows_times', sql`${t.fromMinute} < ${t.toMinute}`),
    check('appointment_windows_seats', sql`${t.seats} >= 1`),
    check('appointment_windows_rule', sql`${t.rule} in ('none', 'firstFree')`),
  ],
);

/**
 * The days of a window. A locked day takes no bookings. Booking locks the day's row (FOR UPDATE), so bookings of
 * one window and day are serialised across app instances: no seat is given twice (decision 060).
 */
export const appointmentWindowDays = pgTable(
  'appointment_window_days',
  {
    windowId: integer('window_id')
      .notNull()
      .references(() => appointmentWindows.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    locked: boolean('locked').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.windowId, t.day] }), index('appointment_window_days_day').on(t.day)],
);

/**
 * A booked appointment (a collection of one employee's open appointment items): the seat `seat` of the window's
 * day from `start_minute` to `end_minute` (duration plus safety overhead). State booked → done, or cancelled
 * (the row stays for the cancelling calendar mail's UID and sequence). Personal data: in the report sandbox's
 * SECRET_TABLES (decision 015).
 */
export const appointmentBookings = pgTable(
  'appointment_bookings',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id),
    windowId: integer('window_id')
      .notNull()
      .references(() => appointmentWindows.id),
    day: date('day', { mode: 'string' }).notNull(),
    startMinute: smallint('start_minute').notNull(),
    endMinute: smallint('end_minute').notNull(),
    seat: integer('seat').notNull(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    bookedBy: integer('booked_by').references(() => employees.id, { onDelete: 'set null' }),
    state: text('state').notNull().default('booked'),
    /** The iCalendar UID of the booking and cancellation mails. */
    uid: text('uid').notNull(),
    ...versioned,
  },
  (t) => [
    check('appointment_bookings_state', sql`${t.state} in ('booked', 'done', 'cancelled')`),
    index('appointment_bookings_window_day').on(t.windowId, t.day),
    index('appointment_bookings_employee').on(t.employeeId),
    // The last line of defence against a seat given twice: one live booking per seat and start.
    uniqueIndex('appointment_bookings_seat')
      .on(t.windowId, t.day, t.startMinute, t.seat)
      .where(sql`${t.state} <> 'cancelled'`),
  ],
);

/** The assignments a booking covers (status T while booked, E when done, back to O when cancelled). */
export const appointmentBookingItems = pgTable(
  'appointment_booking_items',
  {
    bookingId: integer('booking_id')
      .notNull()
      .references(() => appointmentBookings.id, { onDelete: 'cascade' }),
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => instructionAssignments.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.bookingId, t.assignmentId] }),
    index('appointment_booking_items_assignment').on(t.assignmentId),
  ],
);
