import { randomUUID } from 'node:crypto';
import {
  BOOKING_STATUS,
  type BookableItem,
  type Booking,
  type BookingListQuery,
  type BookingResult,
  type BookingStatusName,
  bookingListQuerySchema,
  type CalendarEntry,
  type CalendarQuery,
  type CreateBooking,
  calendarQuerySchema,
  createBookingSchema,
  minutesOf,
  type Slot,
  type Suggestion,
  timeOf,
} from '@schutzwerk/shared/appointments/appointments.schema.ts';
import { appointmentsMessages } from '@schutzwerk/shared/errors.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { AppointmentSettings } from '@schutzwerk/shared/settings/appointments.settings.ts';
import type { Db, Executor } from '#db/client.ts';
import { ownedUnitIds } from '#modules/employees/index.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';
import { LOG_STATE } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import type {
  AppointmentsRepository,
  BookingRecord,
  BookingView,
  EmployeeForBooking,
} from './appointments.repository.ts';
import { addDays, berlinNow } from './berlin-time.ts';
import { freeSeat, freeSeats, insideWindow, occupiedMinutes, onGrid, startsOf } from './slots.ts';

export const BOOKING_ENTITY = 'appointment_booking';
const BOOKABLE_TYPES = new Set(['appointment', 'checkup']);

/** A refused booking: the error code BOOKING_<NAME> with its status number in the details (decision 060). */
function refuse(name: Exclude<BookingStatusName, 'BOOKED'>): AppError {
  return new AppError(`BOOKING_${name}`, { details: { bookingStatus: BOOKING_STATUS[name] } });
}

/** Mails the employee about a booking or its cancellation (with the calendar file), inside the transaction. */
export type BookingMailer = (
  tx: Executor,
  /** Loads the booking as the mail shows it (only when the employee has an address to mail to). */
  booking: () => Promise<BookingView>,
  employee: EmployeeForBooking,
  kind: 'booked' | 'cancelled',
) => Promise<void>;

export type BookingsDeps = {
  db: Db;
  repository: AppointmentsRepository;
  settings: (ex: Executor, portalId: number) => Promise<AppointmentSettings>;
  mailer: BookingMailer;
  now: () => Date;
};

export function presentBooking(v: BookingView): Booking {
  return {
    id: v.id,
    windowId: v.window_id,
    windowTitle: v.window_title,
    locationName: v.location_name,
    date: v.day,
    start: timeOf(v.start_minute),
    end: timeOf(v.end_minute),
    seat: v.seat,
    employeeId: v.employee_id,
    employeeName: v.employee_name,
    state: v.state,
    items: v.items,
    version: v.version,
  };
}

/**
 * Booking, cancelling and completing appointments, the bookable items, free starts, the calendar and the
 * multi-appointment suggestion (decision 060). A booking locks the window's day row FOR UPDATE, so every booking of
 * that day — from any app instance — sees the others' seats; the unique index on (window, day, start, seat) is
 * the last line of defence.
 */
export function createBookingsService({ db, repository, settings, mailer, now }: BookingsDeps) {
  /** The caller may book for this employee: themselves (BOOK_OWN or BOOK), else BOOK and responsible. */
  async function assertMayBookFor(ex: Executor, actor: Actor, employee: EmployeeForBooking) {
    if (employee.id === actor.employeeId) {
      if (!actorHasAny(actor, P.APPOINTMENTS_BOOK_OWN, P.APPOINTMENTS_BOOK)) throw refuse('NOT_RESPONSIBLE');
      return;
    }
    if (!actorHasAny(actor, P.APPOINTMENTS_BOOK)) throw refuse('NOT_RESPONSIBLE');
    if (actorHasAny(actor, P.APPOINTMENTS_ALL)) return;
    const [locations, departments] = await Promise.all([
      ownedUnitIds(ex, 'location', actor.employeeId),
      ownedUnitIds(ex, 'department', actor.employeeId),
    ]);
    const responsible =
      (employee.location_id !== null && locations.has(employee.location_id)) ||
      (employee.department_id !== null && departments.has(employee.department_id));
    if (!responsible) throw refuse('NOT_RESPONSIBLE');
  }

  async function employeeFor(ex: Executor, actor: Actor, employeeId: number | undefined) {
    const employee = await repository.employee(ex, employeeId ?? actor.employeeId);
    if (!employee || employee.portal_id !== actor.portalId || !employee.active)
      throw refuse('EMPLOYEE_INVALID');
    await assertMayBookFor(ex, actor, employee);
    return employee;
  }

  async function view(ex: Executor, id: number): Promise<BookingView> {
    const [v] = await repository.bookingView(ex, [id]);
    if (!v) throw new AppError('NOT_FOUND');
    return v;
  }

  /** Cancels one locked, booked booking: state cancelled, its items back to open, the mail with CANCEL. */
  async function cancelLocked(
    tx: Executor,
    actor: Actor,
    booking: BookingRecord & { assignmentIds: number[] },
  ) {
    await repository.setBookingState(tx, booking.id, 'cancelled');
    await repository.setAssignmentsStatus(tx, booking.assignmentIds, ['T'], 'O');
    await repository.logChange(tx, {
      entity: BOOKING_ENTITY,
      entityId: booking.id,
      state: LOG_STATE.CHANGED,
      actorId: actor.employeeId,
      changes: { state: { from: booking.state, to: 'cancelled' } },
    });
    const employee = await repository.employee(tx, booking.employeeId);
    if (employee) await mailer(tx, () => view(tx, booking.id), employee, 'cancelled');
  }

  return {
    async book(actor: Actor, raw: CreateBooking): Promise<BookingResult> {
      const input = createBookingSchema.parse(raw);
      const ids = [...new Set(input.assignmentIds)].sort((a, b) => a - b);
      const id = await db.transaction(async (tx) => {
        // 1, 6, 9, 16: the items.
        const items = await repository.lockAssignments(tx, ids);
        if (items.length !== ids.length || items.some((i) => i.portal_id !== actor.portalId))
          throw refuse('ASSIGNMENT_INVALID');
        if (new Set(items.map((i) => i.employee_id)).size > 1) throw refuse('SEVERAL_EMPLOYEES');
        if (items.some((i) => !BOOKABLE_TYPES.has(i.type))) throw refuse('WRONG_TYPE');
        if (items.some((i) => i.status === 'T')) throw refuse('ALREADY_BOOKED');
        if (items.some((i) => i.status !== 'O')) throw refuse('ASSIGNMENT_INVALID');
        // 2, 12: the employee and who books.
        const employee = await employeeFor(tx, actor, items[0]!.employee_id);
        // 3, 4: the topics.
        if (items.some((i) => i.topic_inactive)) throw refuse('TOPIC_INVALID');
        if (items.some((i) => i.excluded)) throw refuse('EXCLUDED');
        // 5, 15, 3: the window.
        const w = await repository.findWindow(tx, input.windowId, actor.portalId, 'share');
        if (!w) throw refuse('WINDOW_NOT_FOUND');
        if (!w.active) throw refuse('WINDOW_INACTIVE');
        if (w.topicId !== null && items.some((i) => i.topic_id !== w.topicId)) throw refuse('TOPIC_INVALID');
        // 10, 17, 8: the start asked for.
        if (input.explicit && w.rule !== 'none') throw refuse('EXPLICIT_NOT_ALLOWED');
        const wished = minutesOf(input.start);
        if (input.explicit) {
          if (!insideWindow(w, wished)) throw refuse('OUTSIDE_WINDOW');
          if (!onGrid(w, wished)) throw refuse('NOT_ON_GRID');
        } else if (wished + w.durationMinutes > w.toMinute) throw refuse('OUTSIDE_WINDOW');
        const { safetyOverheadPercent } = await settings(tx, actor.portalId);
        const length = occupiedMinutes(w.durationMinutes, safetyOverheadPercent);
        /** 7, 11: the start and the lowest free seat given the day's live bookings. */
        const pick = (live: Awaited<ReturnType<typeof repository.liveBookings>>) => {
          if (input.explicit) {
            const seat = freeSeat(live, w.seats, wished, wished + length);
            if (seat === null) throw refuse('NO_FREE_PERIOD');
            return { start: wished, seat };
          }
          const found = startsOf(w)
            .filter((s) => s >= wished)
            .map((s) => ({ start: s, seat: freeSeat(live, w.seats, s, s + length) }))
            .find((x) => x.seat !== null);
          if (!found) throw refuse('NO_FREE_PERIOD');
          if (found.start - wished > w.allowedShiftMinutes) throw refuse('SHIFT_EXCEEDED');
          return { start: found.start, seat: found.seat! };
        };
        // 17, 14, 13: the day and the past.
        const offered = await repository.lockDay(tx, w.id, input.date, false);
        if (!offered) throw refuse('OUTSIDE_WINDOW');
        if (offered.locked) throw refuse('DAY_LOCKED');
        const current = berlinNow(now());
        if (input.date < current.day || (input.date === current.day && wished <= current.minute))
          throw refuse('START_IN_PAST');
        // A full day is refused without waiting for its lock (seats are only ever taken, a cancellation
        // committed meanwhile counts as arriving later).
        pick(await repository.liveBookings(tx, w.id, input.date));
        // The day's row lock serialises the bookings of this window and day across instances (held to the
        // commit: keep the work after it short); then the seat is chosen on what is committed now.
        const day = await repository.lockDay(tx, w.id, input.date);
        if (!day) throw refuse('OUTSIDE_WINDOW');
        if (day.locked) throw refuse('DAY_LOCKED');
        const { start, seat } = pick(await repository.liveBookings(tx, w.id, input.date));
        const booking = await repository.insertBooking(
          tx,
          {
            portalId: actor.portalId,
            windowId: w.id,
            day: input.date,
            startMinute: start,
            endMinute: start + length,
            seat,
            employeeId: employee.id,
            bookedBy: actor.employeeId,
            uid: `${randomUUID()}@schutzwerk`,
          },
          ids,
        );
        await repository.setAssignmentsStatus(tx, ids, ['O'], 'T');
        await repository.logChange(tx, {
          entity: BOOKING_ENTITY,
          entityId: booking.id,
          state: LOG_STATE.CREATED,
          actorId: actor.employeeId,
          changes: {
            employeeId: { from: null, to: employee.id },
            start: { from: null, to: `${input.date} ${timeOf(start)}` },
            assignments: { from: null, to: ids },
          },
        });
        await mailer(tx, () => view(tx, booking.id), employee, 'booked');
        return booking.id;
      });
      return { status: 0, message: appointmentsMessages.booked, booking: presentBooking(await view(db, id)) };
    },

    async cancel(actor: Actor, id: number): Promise<Booking> {
      await db.transaction(async (tx) => {
        const booking = await repository.lockBooking(tx, id, actor.portalId);
        if (!booking) throw new AppError('NOT_FOUND');
        const employee = await repository.employee(tx, booking.employeeId);
        if (!employee) throw new AppError('NOT_FOUND');
        await assertMayBookFor(tx, actor, employee);
        if (booking.state !== 'booked') throw new AppError('APPOINTMENT_BOOKING_STATE');
        await cancelLocked(tx, actor, booking);
      });
      return presentBooking(await view(db, id));
    },

    /** The appointment took place: booking done, its items done (E) with their validity from the day. */
    async complete(actor: Actor, id: number): Promise<Booking> {
      await db.transaction(async (tx) => {
        const booking = await repository.lockBooking(tx, id, actor.portalId);
        if (!booking) throw new AppError('NOT_FOUND');
        if (booking.state !== 'booked') throw new AppError('APPOINTMENT_BOOKING_STATE');
        await repository.setBookingState(tx, id, 'done');
        await repository.setAssignmentsStatus(tx, booking.assignmentIds, ['T'], 'E', booking.day);
        await repository.logChange(tx, {
          entity: BOOKING_ENTITY,
          entityId: id,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes: { state: { from: 'booked', to: 'done' } },
        });
      });
      return presentBooking(await view(db, id));
    },

    /**
     * A check-up was recorded for a check-up item (occupational medicine, decision 072), in the recording's
     * transaction: the booked appointment covering the item took place. It becomes done and its other items done
     * (E) as with „Erledigt“; the item itself is left to the caller (its validity follows the check-up's day). A
     * done appointment keeps its seat. Locks the booking before any item (the order of cancel and complete).
     * Answers whether a booked appointment covered the item.
     */
    async checkupRecorded(
      tx: Executor,
      at: { portalId: number; assignmentId: number; actorId: number },
    ): Promise<boolean> {
      let done = false;
      for (const id of await repository.bookedCovering(tx, at.assignmentId)) {
        const booking = await repository.lockBooking(tx, id, at.portalId);
        if (booking?.state !== 'booked') continue;
        await repository.setBookingState(tx, id, 'done');
        await repository.setAssignmentsStatus(
          tx,
          booking.assignmentIds.filter((a) => a !== at.assignmentId),
          ['T'],
          'E',
          booking.day,
        );
        await repository.logChange(tx, {
          entity: BOOKING_ENTITY,
          entityId: id,
          state: LOG_STATE.CHANGED,
          actorId: at.actorId,
          changes: { state: { from: 'booked', to: 'done' } },
        });
        done = true;
      }
      return done;
    },

    /** Cancels every booked appointment of a window's day (locking or removing the day). */
    async cancelDay(tx: Executor, actor: Actor, windowId: number, day: string): Promise<number> {
      const bookings = await repository.lockBookedOfDay(tx, windowId, day);
      for (const b of bookings) await cancelLocked(tx, actor, b);
      return bookings.length;
    },

    /**
     * Bookings: everyone's with APPOINTMENTS or APPOINTMENTS_ALL, else one's own, or a coordinator's employee's
     * (APPOINTMENTS_BOOK and responsible, else code 12).
     */
    async list(actor: Actor, raw: BookingListQuery): Promise<Booking[]> {
      const query = bookingListQuerySchema.parse(raw);
      const all = actorHasAny(actor, P.APPOINTMENTS, P.APPOINTMENTS_ALL);
      let employeeId = all ? query.employeeId : actor.employeeId;
      // A coordinator sees the bookings of an employee they may book for.
      if (!all && query.employeeId !== undefined && query.employeeId !== actor.employeeId)
        employeeId = (await employeeFor(db, actor, query.employeeId)).id;
      const rows = await repository.listBookings(db, actor.portalId, {
        employeeId,
        from: query.from,
        to: query.to,
      });
      return rows.map(presentBooking);
    },

    async bookable(actor: Actor, employeeId: number | undefined): Promise<BookableItem[]> {
      const employee = await employeeFor(db, actor, employeeId);
      return repository.bookableItems(db, employee.id);
    },

    /** The starts of a window's day with their free seats (past starts left out). */
    async slots(actor: Actor, windowId: number, date: string): Promise<Slot[]> {
      const w = await repository.findWindow(db, windowId, actor.portalId);
      if (!w) throw new AppError('NOT_FOUND');
      const day = (await repository.daysOf(db, [windowId])).get(windowId)?.find((d) => d.day === date);
      if (!day || day.locked || !w.active) return [];
      const { safetyOverheadPercent } = await settings(db, actor.portalId);
      const length = occupiedMinutes(w.durationMinutes, safetyOverheadPercent);
      const live = await repository.liveBookings(db, windowId, date);
      const current = berlinNow(now());
      return startsOf(w)
        .filter((s) => date > current.day || (date === current.day && s > current.minute))
        .map((s) => ({
          start: timeOf(s),
          end: timeOf(s + length),
          free: freeSeats(live, w.seats, s, s + length),
        }));
    },

    async calendar(actor: Actor, raw: CalendarQuery): Promise<CalendarEntry[]> {
      const query = calendarQuerySchema.parse(raw);
      const days = await repository.calendarDays(db, actor.portalId, query);
      const windowIds = [...new Set(days.map((d) => d.windowId))];
      const windows = new Map(
        (await repository.listWindows(db, actor.portalId, { includeInactive: true, ids: windowIds })).map(
          (w) => [w.id, w],
        ),
      );
      const bookings = await repository.calendarBookings(db, windowIds, query.from, query.to);
      const seesNames = actorHasAny(actor, P.APPOINTMENTS, P.APPOINTMENTS_ALL);
      return days.flatMap((d) => {
        const w = windows.get(d.windowId);
        if (!w) return [];
        return [
          {
            windowId: w.id,
            title: w.title,
            locationName: w.locationName,
            topicLabel: w.topicLabel,
            date: d.day,
            fromTime: timeOf(w.fromMinute),
            toTime: timeOf(w.toMinute),
            seats: w.seats,
            locked: d.locked,
            active: w.active,
            bookings: bookings
              .filter((b) => b.window_id === w.id && b.day === d.day)
              .map((b) => {
                const own = b.employee_id === actor.employeeId;
                return {
                  id: b.id,
                  start: timeOf(b.start_minute),
                  end: timeOf(b.end_minute),
                  seat: b.seat,
                  state: b.state,
                  employeeName: own || seesNames ? b.employee_name : '',
                  own,
                };
              }),
          },
        ];
      });
    },

    /**
     * Multi-appointment suggestion (spec §9): for each open item of the employee the first free start within the
     * configured days in an active window of the employee's location (any location if the employee has none)
     * whose topic fits; −1 disables it.
     */
    async suggestions(actor: Actor, employeeId: number | undefined): Promise<Suggestion> {
      const employee = await employeeFor(db, actor, employeeId);
      const s = await settings(db, actor.portalId);
      const days = s.multiAppointmentSuggestionDays;
      if (days < 0) return { enabled: false, days, items: [] };
      const items = await repository.bookableItems(db, employee.id);
      const current = berlinNow(now());
      const last = addDays(current.day, days);
      const open = await repository.openDays(db, actor.portalId, current.day, last);
      const windowIds = [...new Set(open.map((d) => d.windowId))];
      const windows = (
        await repository.listWindows(db, actor.portalId, { includeInactive: false, ids: windowIds })
      ).filter((w) => employee.location_id === null || w.locationId === employee.location_id);
      const live = await repository.liveBookingsIn(db, windowIds, current.day, last);
      const length = (w: { durationMinutes: number }) =>
        occupiedMinutes(w.durationMinutes, s.safetyOverheadPercent);
      // Seats this suggestion already proposed count as taken for the next item.
      const proposed: typeof live = [];
      const byId = new Map(windows.map((w) => [w.id, w]));
      return {
        enabled: true,
        days,
        items: items.map((item) => {
          for (const d of open) {
            const w = byId.get(d.windowId);
            if (!w || (w.topicId !== null && w.topicId !== item.topicId)) continue;
            const taken = [...live, ...proposed].filter((b) => b.windowId === w.id && b.day === d.day);
            for (const start of startsOf(w)) {
              if (d.day === current.day && start <= current.minute) continue;
              const seat = freeSeat(taken, w.seats, start, start + length(w));
              if (seat === null) continue;
              proposed.push({
                id: 0,
                windowId: w.id,
                day: d.day,
                startMinute: start,
                endMinute: start + length(w),
                seat,
              });
              return {
                assignmentId: item.assignmentId,
                topicLabel: item.topicLabel,
                slot: {
                  windowId: w.id,
                  windowTitle: w.title,
                  locationName: w.locationName,
                  date: d.day,
                  start: timeOf(start),
                  end: timeOf(start + length(w)),
                  explicit: w.rule === 'none',
                },
              };
            }
          }
          return { assignmentId: item.assignmentId, topicLabel: item.topicLabel, slot: null };
        }),
      };
    },
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;
