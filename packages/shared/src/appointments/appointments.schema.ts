import { z } from 'zod';
import { idSchema, versionSchema } from '../list/list.schema.ts';

/**
 * Appointments (Termine), first slice (decision 060): time windows per location (and topic) with their days,
 * bookings of an employee's open appointment items into a window, and the calendar.
 */

/** A window's rule: none = the booker chooses the start (explicit booking); firstFree = the first free start from
 * the wished one, at most `allowedShiftMinutes` later. */
export const WINDOW_RULES = ['none', 'firstFree'] as const;
export type WindowRule = (typeof WINDOW_RULES)[number];

/** Seats of a window: whole numbers from 1 to this. */
export const MAX_SEATS = 500;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const timeSchema = z.string().regex(TIME, { message: 'Bitte eine Uhrzeit im Format HH:mm angeben.' });
export const dateSchema = z
  .string()
  .regex(DATE, { message: 'Bitte ein gültiges Datum angeben.' })
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    {
      message: 'Bitte ein gültiges Datum angeben.',
    },
  );

/** Minutes after midnight of 'HH:mm'. */
export function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}
/** 'HH:mm' of minutes after midnight. */
export function timeOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * The seats value as the form corrects it (spec §5: a whole number, auto-corrected): decimal comma or point
 * rounded to the nearest whole number, clamped to 1 … MAX_SEATS; anything without a number gives 1.
 */
export function correctSeats(input: string | number): number {
  const n = typeof input === 'number' ? input : Number(String(input).trim().replace(',', '.'));
  if (!Number.isFinite(n)) return 1;
  return Math.min(MAX_SEATS, Math.max(1, Math.round(n)));
}

const seatsSchema = z
  .number({ message: 'Bitte die Zahl der Plätze als ganze Zahl angeben.' })
  .int({ message: 'Bitte die Zahl der Plätze als ganze Zahl angeben.' })
  .min(1, { message: 'Bitte mindestens einen Platz angeben.' })
  .max(MAX_SEATS, { message: `Bitte höchstens ${MAX_SEATS} Plätze angeben.` });
const durationSchema = z
  .number({ message: 'Bitte die Dauer in ganzen Minuten angeben.' })
  .int({ message: 'Bitte die Dauer in ganzen Minuten angeben.' })
  .min(5, { message: 'Ein Termin dauert mindestens 5 Minuten.' })
  .max(600, { message: 'Ein Termin dauert höchstens 600 Minuten.' });
const gridSchema = z
  .number({ message: 'Bitte das Zeitraster in ganzen Minuten angeben.' })
  .int({ message: 'Bitte das Zeitraster in ganzen Minuten angeben.' })
  .min(5, { message: 'Das Zeitraster beträgt mindestens 5 Minuten.' })
  .max(240, { message: 'Das Zeitraster beträgt höchstens 240 Minuten.' });
const shiftSchema = z
  .number({ message: 'Bitte die erlaubte Verschiebung in ganzen Minuten angeben.' })
  .int({ message: 'Bitte die erlaubte Verschiebung in ganzen Minuten angeben.' })
  .min(0, { message: 'Die erlaubte Verschiebung ist 0 oder mehr Minuten.' })
  .max(1440, { message: 'Die erlaubte Verschiebung beträgt höchstens 1440 Minuten.' });
const titleSchema = z
  .string()
  .trim()
  .min(1, { message: 'Bitte eine Bezeichnung angeben.' })
  .max(120, { message: 'Die Bezeichnung ist höchstens 120 Zeichen lang.' });

export const windowDaySchema = z.object({ date: z.string(), locked: z.boolean(), booked: z.number().int() });
export type WindowDay = z.infer<typeof windowDaySchema>;

export const appointmentWindowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  locationId: z.number().int(),
  locationName: z.string(),
  topicId: z.number().int().nullable(),
  topicLabel: z.string().nullable(),
  fromTime: z.string(),
  toTime: z.string(),
  durationMinutes: z.number().int(),
  gridMinutes: z.number().int(),
  seats: z.number().int(),
  rule: z.enum(WINDOW_RULES),
  allowedShiftMinutes: z.number().int(),
  active: z.boolean(),
  /** Bookings exist (then only `active` may change). */
  inUse: z.boolean(),
  days: z.array(windowDaySchema),
  version: z.number().int(),
});
export type AppointmentWindow = z.infer<typeof appointmentWindowSchema>;

const windowFields = {
  title: titleSchema,
  locationId: idSchema,
  topicId: idSchema.nullable(),
  fromTime: timeSchema,
  toTime: timeSchema,
  durationMinutes: durationSchema,
  gridMinutes: gridSchema,
  seats: seatsSchema,
  rule: z.enum(WINDOW_RULES, { message: 'Bitte eine der angebotenen Regeln wählen.' }),
  allowedShiftMinutes: shiftSchema,
};

export const createAppointmentWindowSchema = z.object({
  ...windowFields,
  /** The window's days (at least one can be added later). */
  days: z.array(dateSchema).max(366, { message: 'Bitte höchstens 366 Tage auf einmal angeben.' }),
});
export type CreateAppointmentWindow = z.input<typeof createAppointmentWindowSchema>;

/** PATCH: the fields named change; a window in use only takes `active` (spec §4). */
export const updateAppointmentWindowSchema = z
  .object(windowFields)
  .partial()
  .extend({ active: z.boolean().optional(), version: versionSchema });
export type UpdateAppointmentWindow = z.input<typeof updateAppointmentWindowSchema>;

export const windowListQuerySchema = z.object({
  locationId: idSchema.optional(),
  includeInactive: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .transform((v) => v === true || v === 'true')
    .optional(),
});
export type WindowListQuery = z.input<typeof windowListQuerySchema>;

export const addWindowDaySchema = z.object({ date: dateSchema });
export const lockWindowDaySchema = z.object({ date: dateSchema, locked: z.boolean() });
export const windowDayParamsSchema = z.object({ id: idSchema, date: dateSchema });

/** The answer of locking or removing a day: how many bookings were cancelled (their employees are mailed). */
export const dayChangeResultSchema = z.object({
  cancelledBookings: z.number().int(),
  window: appointmentWindowSchema,
});
export type DayChangeResult = z.infer<typeof dayChangeResultSchema>;

// ── booking ──────────────────────────────────────────────────────────────────────────────────────────────

/**
 * Booking status codes (spec §4: 0 to 17; the messages of 1–13 from §8, 14–17 ours; decision 060). 0 is success;
 * the others travel as the error code BOOKING_<NAME> with `details.bookingStatus`.
 */
export const BOOKING_STATUS = {
  BOOKED: 0,
  ASSIGNMENT_INVALID: 1,
  EMPLOYEE_INVALID: 2,
  TOPIC_INVALID: 3,
  EXCLUDED: 4,
  WINDOW_NOT_FOUND: 5,
  SEVERAL_EMPLOYEES: 6,
  NO_FREE_PERIOD: 7,
  NOT_ON_GRID: 8,
  WRONG_TYPE: 9,
  EXPLICIT_NOT_ALLOWED: 10,
  SHIFT_EXCEEDED: 11,
  NOT_RESPONSIBLE: 12,
  START_IN_PAST: 13,
  DAY_LOCKED: 14,
  WINDOW_INACTIVE: 15,
  ALREADY_BOOKED: 16,
  OUTSIDE_WINDOW: 17,
} as const;
export type BookingStatusName = keyof typeof BOOKING_STATUS;

export const createBookingSchema = z.object({
  windowId: idSchema,
  date: dateSchema,
  /** The chosen start (explicit) or the wished one (a window with a rule). */
  start: timeSchema,
  /** The employee's open appointment or check-up items booked together (a collection), one employee. */
  assignmentIds: z
    .array(idSchema)
    .min(1, { message: 'Bitte mindestens einen offenen Termin wählen.' })
    .max(20, { message: 'Bitte höchstens 20 Termine auf einmal buchen.' }),
  /** True: exactly this start (only on windows without a rule); false: the window's rule finds the start. */
  explicit: z.boolean(),
});
export type CreateBooking = z.input<typeof createBookingSchema>;

export const BOOKING_STATES = ['booked', 'done', 'cancelled'] as const;

export const bookingSchema = z.object({
  id: z.number().int(),
  windowId: z.number().int(),
  windowTitle: z.string(),
  locationName: z.string(),
  date: z.string(),
  start: z.string(),
  end: z.string(),
  seat: z.number().int(),
  employeeId: z.number().int(),
  employeeName: z.string(),
  state: z.enum(BOOKING_STATES),
  items: z.array(z.object({ assignmentId: z.number().int(), topicLabel: z.string() })),
  version: z.number().int(),
});
export type Booking = z.infer<typeof bookingSchema>;

export const bookingResultSchema = z.object({
  status: z.literal(0),
  message: z.string(),
  booking: bookingSchema,
});
export type BookingResult = z.infer<typeof bookingResultSchema>;

export const bookingListQuerySchema = z.object({
  employeeId: idSchema.optional(),
  from: dateSchema.optional(),
  to: dateSchema.optional(),
});
export type BookingListQuery = z.input<typeof bookingListQuerySchema>;

/** An employee's open items that can be booked (type appointment or check-up, status O). */
export const bookableItemSchema = z.object({
  assignmentId: z.number().int(),
  topicId: z.number().int(),
  topicLabel: z.string(),
  type: z.string(),
  dueDate: z.string(),
});
export type BookableItem = z.infer<typeof bookableItemSchema>;
export const bookableQuerySchema = z.object({ employeeId: idSchema.optional() });

/** The free starts of a window's day (seats still free at each grid start). */
export const slotSchema = z.object({ start: z.string(), end: z.string(), free: z.number().int() });
export type Slot = z.infer<typeof slotSchema>;
export const slotsQuerySchema = z.object({ date: dateSchema });

// ── calendar and suggestions ────────────────────────────────────────────────────────────────────────────

export const calendarQuerySchema = z
  .object({ from: dateSchema, to: dateSchema, locationId: idSchema.optional() })
  .refine((v) => v.from <= v.to, { message: 'Der Beginn darf nicht nach dem Ende liegen.', path: ['to'] })
  .refine((v) => Date.parse(v.to) - Date.parse(v.from) <= 31 * 86_400_000, {
    message: 'Bitte höchstens 31 Tage auf einmal anzeigen.',
    path: ['to'],
  });
export type CalendarQuery = z.input<typeof calendarQuerySchema>;

export const calendarEntrySchema = z.object({
  windowId: z.number().int(),
  title: z.string(),
  locationName: z.string(),
  topicLabel: z.string().nullable(),
  date: z.string(),
  fromTime: z.string(),
  toTime: z.string(),
  seats: z.number().int(),
  locked: z.boolean(),
  active: z.boolean(),
  bookings: z.array(
    z.object({
      id: z.number().int(),
      start: z.string(),
      end: z.string(),
      seat: z.number().int(),
      state: z.enum(BOOKING_STATES),
      /** Empty for other people's bookings when the reader may only see their own. */
      employeeName: z.string(),
      own: z.boolean(),
    }),
  ),
});
export type CalendarEntry = z.infer<typeof calendarEntrySchema>;

export const suggestionQuerySchema = z.object({ employeeId: idSchema.optional() });
/** Multi-appointment suggestion: for each open item, the first free start in a fitting window within the
 * configured days (spec §9; −1 disables: `enabled` false). */
export const suggestionSchema = z.object({
  enabled: z.boolean(),
  days: z.number().int(),
  items: z.array(
    z.object({
      assignmentId: z.number().int(),
      topicLabel: z.string(),
      slot: z
        .object({
          windowId: z.number().int(),
          windowTitle: z.string(),
          locationName: z.string(),
          date: z.string(),
          start: z.string(),
          end: z.string(),
          explicit: z.boolean(),
        })
        .nullable(),
    }),
  ),
});
export type Suggestion = z.infer<typeof suggestionSchema>;
