import {
  type AppointmentWindow,
  type CreateAppointmentWindow,
  createAppointmentWindowSchema,
  type DayChangeResult,
  minutesOf,
  timeOf,
  type UpdateAppointmentWindow,
  updateAppointmentWindowSchema,
  type WindowListQuery,
  type WindowRule,
  windowListQuerySchema,
} from '@schutzwerk/shared/appointments/appointments.schema.ts';
import { appointmentsMessages } from '@schutzwerk/shared/errors.ts';
import type { AppointmentSettings } from '@schutzwerk/shared/settings/appointments.settings.ts';
import type { Db, Executor } from '#db/client.ts';
import type { Actor } from '#platform/access.ts';
import { LOG_STATE } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import type { AppointmentsRepository, WindowRecord, WindowView } from './appointments.repository.ts';
import { addDays, berlinNow, germanDate } from './berlin-time.ts';

export const WINDOW_ENTITY = 'appointment_window';

export type WindowsDeps = {
  db: Db;
  repository: AppointmentsRepository;
  settings: (ex: Executor, portalId: number) => Promise<AppointmentSettings>;
  /** Cancels the booked appointments of a window's day (mails the employees); answers how many. */
  cancelDay: (tx: Executor, actor: Actor, windowId: number, day: string) => Promise<number>;
  now: () => Date;
};

/**
 * Time windows and their days (decision 060): from ≤ to (and an appointment fits), no overlapping times with
 * another active window of the location on a shared day, no duplicate or locked day, no day in the past or
 * beyond the portal's `maxDaysAhead`; a window with bookings only takes `active`. Locking or removing a day
 * cancels its bookings back to open.
 */
export function createWindowsService({ db, repository, settings, cancelDay, now }: WindowsDeps) {
  async function present(ex: Executor, portalId: number, ids: number[]): Promise<AppointmentWindow[]> {
    const rows = await repository.listWindows(ex, portalId, { includeInactive: true, ids });
    return withDays(ex, rows);
  }

  async function withDays(ex: Executor, rows: WindowView[]): Promise<AppointmentWindow[]> {
    const days = await repository.daysOf(
      ex,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      locationId: r.locationId,
      locationName: r.locationName,
      topicId: r.topicId,
      topicLabel: r.topicLabel,
      fromTime: timeOf(r.fromMinute),
      toTime: timeOf(r.toMinute),
      durationMinutes: r.durationMinutes,
      gridMinutes: r.gridMinutes,
      seats: r.seats,
      rule: r.rule as WindowRule,
      allowedShiftMinutes: r.allowedShiftMinutes,
      active: r.active,
      inUse: r.inUse,
      days: (days.get(r.id) ?? []).map((d) => ({ date: d.day, locked: d.locked, booked: d.booked })),
      version: r.version,
    }));
  }

  async function one(ex: Executor, actor: Actor, id: number): Promise<AppointmentWindow> {
    const [w] = await present(ex, actor.portalId, [id]);
    if (!w) throw new AppError('NOT_FOUND');
    return w;
  }

  /** A new day must lie between today and today + maxDaysAhead. */
  async function checkDays(ex: Executor, portalId: number, days: readonly string[]) {
    const today = berlinNow(now()).day;
    const { maxDaysAhead } = await settings(ex, portalId);
    const last = addDays(today, maxDaysAhead);
    for (const day of days) {
      if (day < today) throw new AppError('APPOINTMENT_DAY_IN_PAST');
      if (day > last)
        throw new AppError('APPOINTMENT_DAY_TOO_FAR', {
          message: appointmentsMessages.dayTooFar(maxDaysAhead),
        });
    }
    const seen = new Set<string>();
    for (const day of days) {
      if (seen.has(day))
        throw new AppError('APPOINTMENT_DAY_DUPLICATE', {
          message: appointmentsMessages.duplicateDay(germanDate(day)),
        });
      seen.add(day);
    }
  }

  function checkTimes(w: { fromMinute: number; toMinute: number; durationMinutes: number }) {
    if (w.fromMinute >= w.toMinute || w.fromMinute + w.durationMinutes > w.toMinute)
      throw new AppError('APPOINTMENT_WINDOW_TIMES');
  }

  async function checkOverlap(
    ex: Executor,
    w: { id: number | null; locationId: number; fromMinute: number; toMinute: number },
    days: string[],
  ) {
    const hit = await repository.overlapping(ex, {
      locationId: w.locationId,
      exceptId: w.id,
      fromMinute: w.fromMinute,
      toMinute: w.toMinute,
      days,
    });
    if (hit)
      throw new AppError('APPOINTMENT_WINDOW_OVERLAP', {
        message: appointmentsMessages.overlapOn(germanDate(hit.day), hit.title),
      });
  }

  async function checkReferences(ex: Executor, actor: Actor, locationId: number, topicId: number | null) {
    if (!(await repository.locationInPortal(ex, locationId, actor.portalId)))
      throw new AppError('APPOINTMENT_WINDOW_INVALID_REFERENCE');
    if (topicId !== null && !(await repository.topicInPortal(ex, topicId, actor.portalId)))
      throw new AppError('APPOINTMENT_WINDOW_INVALID_REFERENCE');
  }

  async function lockedWindow(tx: Executor, actor: Actor, id: number): Promise<WindowRecord> {
    const w = await repository.findWindow(tx, id, actor.portalId, 'update');
    if (!w) throw new AppError('NOT_FOUND');
    return w;
  }

  return {
    async list(actor: Actor, raw: WindowListQuery): Promise<AppointmentWindow[]> {
      const query = windowListQuerySchema.parse(raw);
      const rows = await repository.listWindows(db, actor.portalId, {
        locationId: query.locationId,
        includeInactive: query.includeInactive ?? false,
      });
      return withDays(db, rows);
    },

    get: (actor: Actor, id: number) => one(db, actor, id),

    async create(actor: Actor, raw: CreateAppointmentWindow): Promise<AppointmentWindow> {
      const input = createAppointmentWindowSchema.parse(raw);
      const shape = {
        fromMinute: minutesOf(input.fromTime),
        toMinute: minutesOf(input.toTime),
        durationMinutes: input.durationMinutes,
      };
      checkTimes(shape);
      return db.transaction(async (tx) => {
        await checkReferences(tx, actor, input.locationId, input.topicId);
        await checkDays(tx, actor.portalId, input.days);
        await checkOverlap(tx, { id: null, locationId: input.locationId, ...shape }, input.days);
        const row = await repository.insertWindow(tx, {
          portalId: actor.portalId,
          locationId: input.locationId,
          topicId: input.topicId,
          title: input.title,
          ...shape,
          gridMinutes: input.gridMinutes,
          seats: input.seats,
          rule: input.rule,
          allowedShiftMinutes: input.allowedShiftMinutes,
        });
        await repository.insertDays(tx, row.id, [...input.days].sort());
        await repository.logChange(tx, {
          entity: WINDOW_ENTITY,
          entityId: row.id,
          state: LOG_STATE.CREATED,
          actorId: actor.employeeId,
          changes: { title: { from: null, to: row.title } },
        });
        return one(tx, actor, row.id);
      });
    },

    async update(actor: Actor, id: number, raw: UpdateAppointmentWindow): Promise<AppointmentWindow> {
      const input = updateAppointmentWindowSchema.parse(raw);
      return db.transaction(async (tx) => {
        const w = await lockedWindow(tx, actor, id);
        if (w.version !== input.version) throw new AppError('CONFLICT');
        const next = {
          title: input.title ?? w.title,
          locationId: input.locationId ?? w.locationId,
          topicId: input.topicId === undefined ? w.topicId : input.topicId,
          fromMinute: input.fromTime === undefined ? w.fromMinute : minutesOf(input.fromTime),
          toMinute: input.toTime === undefined ? w.toMinute : minutesOf(input.toTime),
          durationMinutes: input.durationMinutes ?? w.durationMinutes,
          gridMinutes: input.gridMinutes ?? w.gridMinutes,
          seats: input.seats ?? w.seats,
          rule: input.rule ?? w.rule,
          allowedShiftMinutes: input.allowedShiftMinutes ?? w.allowedShiftMinutes,
          active: input.active ?? w.active,
        };
        const changed = (Object.keys(next) as (keyof typeof next)[]).filter((k) => next[k] !== w[k]);
        if (changed.some((k) => k !== 'active') && (await repository.windowInUse(tx, id)))
          throw new AppError('APPOINTMENT_WINDOW_IN_USE');
        checkTimes(next);
        if (changed.includes('locationId') || changed.includes('topicId'))
          await checkReferences(tx, actor, next.locationId, next.topicId);
        if (
          next.active &&
          changed.some((k) => ['locationId', 'fromMinute', 'toMinute', 'active'].includes(k))
        ) {
          const days = (await repository.daysOf(tx, [id])).get(id) ?? [];
          await checkOverlap(
            tx,
            { id, ...next },
            days.map((d) => d.day),
          );
        }
        const patch = Object.fromEntries(changed.map((k) => [k, next[k]]));
        const updated = await repository.updateWindow(tx, id, input.version, patch);
        if (!updated) throw new AppError('CONFLICT');
        if (changed.length > 0)
          await repository.logChange(tx, {
            entity: WINDOW_ENTITY,
            entityId: id,
            state: LOG_STATE.CHANGED,
            actorId: actor.employeeId,
            changes: Object.fromEntries(changed.map((k) => [k, { from: w[k], to: next[k] }])),
          });
        return one(tx, actor, id);
      });
    },

    async addDay(actor: Actor, id: number, day: string): Promise<AppointmentWindow> {
      return db.transaction(async (tx) => {
        const w = await lockedWindow(tx, actor, id);
        const existing = (await repository.daysOf(tx, [id])).get(id)?.find((d) => d.day === day);
        if (existing?.locked)
          throw new AppError('APPOINTMENT_DAY_LOCKED', {
            message: appointmentsMessages.lockedDay(germanDate(day)),
          });
        if (existing)
          throw new AppError('APPOINTMENT_DAY_DUPLICATE', {
            message: appointmentsMessages.duplicateDay(germanDate(day)),
          });
        await checkDays(tx, actor.portalId, [day]);
        if (w.active) await checkOverlap(tx, w, [day]);
        await repository.insertDays(tx, id, [day]);
        await repository.touchWindow(tx, id);
        return one(tx, actor, id);
      });
    },

    async lockDay(actor: Actor, id: number, day: string, locked: boolean): Promise<DayChangeResult> {
      return db.transaction(async (tx) => {
        await lockedWindow(tx, actor, id);
        const row = await repository.lockDay(tx, id, day);
        if (!row) throw new AppError('APPOINTMENT_DAY_NOT_FOUND');
        let cancelledBookings = 0;
        if (locked && !row.locked) cancelledBookings = await cancelDay(tx, actor, id, day);
        if (locked !== row.locked) {
          await repository.setDayLocked(tx, id, day, locked);
          await repository.touchWindow(tx, id);
          await repository.logChange(tx, {
            entity: WINDOW_ENTITY,
            entityId: id,
            state: LOG_STATE.CHANGED,
            actorId: actor.employeeId,
            changes: { [`day ${day} locked`]: { from: row.locked, to: locked } },
          });
        }
        return { cancelledBookings, window: await one(tx, actor, id) };
      });
    },

    async removeDay(actor: Actor, id: number, day: string): Promise<DayChangeResult> {
      return db.transaction(async (tx) => {
        await lockedWindow(tx, actor, id);
        const row = await repository.lockDay(tx, id, day);
        if (!row) throw new AppError('APPOINTMENT_DAY_NOT_FOUND');
        const cancelledBookings = await cancelDay(tx, actor, id, day);
        await repository.deleteDay(tx, id, day);
        await repository.touchWindow(tx, id);
        await repository.logChange(tx, {
          entity: WINDOW_ENTITY,
          entityId: id,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes: { [`day ${day}`]: { from: day, to: null } },
        });
        return { cancelledBookings, window: await one(tx, actor, id) };
      });
    },
  };
}

export type WindowsService = ReturnType<typeof createWindowsService>;
