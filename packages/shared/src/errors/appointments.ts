/** Appointments: time windows and bookings (decision 060). */
import type { BookingStatusName } from '../appointments/appointments.schema.ts';
import type { ErrorDefinition } from './definition.ts';

/**
 * The booking status messages (spec §8 "Booking status messages 1 to 17"; 1–13 as the spec lists them, 14–17
 * ours). The code ↔ message mapping is our choice (decision 060): the error code is `BOOKING_<NAME>`.
 */
export const BOOKING_STATUS_MESSAGES: Readonly<Record<Exclude<BookingStatusName, 'BOOKED'>, string>> = {
  ASSIGNMENT_INVALID: 'Die Zuweisung wurde nicht gefunden oder ist ungültig.',
  EMPLOYEE_INVALID: 'Der Mitarbeiter ist nicht verifiziert, wurde nicht gefunden oder ist ungültig.',
  TOPIC_INVALID: 'Die Unterweisung wurde nicht gefunden oder ist ungültig.',
  EXCLUDED: 'Die Unterweisung steht auf der Ausnahmeliste des Mitarbeiters.',
  WINDOW_NOT_FOUND: 'Das Zeitfenster wurde nicht gefunden.',
  SEVERAL_EMPLOYEES:
    'Die Buchung betrifft mehrere Mitarbeiter. Bitte buchen Sie für jeden Mitarbeiter einzeln.',
  NO_FREE_PERIOD:
    'Es gibt keinen gültigen freien Zeitraum. Bitte wählen Sie eine andere Uhrzeit oder einen anderen Tag.',
  NOT_ON_GRID:
    'Die Uhrzeit liegt nicht im Zeitraster des Zeitfensters. Bitte wählen Sie eine angebotene Uhrzeit.',
  WRONG_TYPE:
    'Falscher Unterweisungstyp: Nur Termine und arbeitsmedizinische Vorsorgen können gebucht werden.',
  EXPLICIT_NOT_ALLOWED: 'Explizite Buchungen sind nur bei Zeitfenstern ohne Regel möglich.',
  SHIFT_EXCEEDED:
    'Der nächste freie Termin überschreitet die erlaubte Verschiebung. Bitte wählen Sie eine spätere Uhrzeit.',
  NOT_RESPONSIBLE: 'Sie sind für diesen Mitarbeiter nicht zuständig.',
  START_IN_PAST: 'Der Beginn liegt in der Vergangenheit. Bitte wählen Sie einen späteren Termin.',
  DAY_LOCKED: 'Dieser Tag ist im Zeitfenster gesperrt. Bitte wählen Sie einen anderen Tag.',
  WINDOW_INACTIVE: 'Das Zeitfenster ist inaktiv. Bitte wählen Sie ein anderes Zeitfenster.',
  ALREADY_BOOKED: 'Für diese Zuweisung ist bereits ein Termin gebucht.',
  OUTSIDE_WINDOW: 'Der Termin liegt außerhalb des Zeitfensters oder der Tag wird nicht angeboten.',
};

export const appointmentsErrors = {
  APPOINTMENT_WINDOW_TIMES: {
    status: 400,
    message: 'Die Uhrzeit „Von“ darf nicht nach „Bis“ liegen, und ein Termin muss in das Zeitfenster passen.',
  },
  APPOINTMENT_WINDOW_OVERLAP: {
    status: 409,
    message: 'Die Zeiten überschneiden sich mit einem anderen Zeitfenster desselben Orts am selben Tag.',
  },
  APPOINTMENT_DAY_DUPLICATE: { status: 409, message: 'Dieser Tag ist im Zeitfenster bereits vorhanden.' },
  APPOINTMENT_DAY_LOCKED: { status: 409, message: 'Dieser Tag ist im Zeitfenster bereits gesperrt.' },
  APPOINTMENT_DAY_NOT_FOUND: { status: 404, message: 'Dieser Tag gehört nicht zum Zeitfenster.' },
  APPOINTMENT_DAY_TOO_FAR: {
    status: 400,
    message: 'Das Datum liegt zu weit in der Zukunft.',
  },
  APPOINTMENT_DAY_IN_PAST: { status: 400, message: 'Das Datum liegt in der Vergangenheit.' },
  APPOINTMENT_WINDOW_IN_USE: {
    status: 409,
    message:
      'Das Zeitfenster wird schon verwendet (es gibt Buchungen) und kann nur noch inaktiv gesetzt werden.',
  },
  APPOINTMENT_WINDOW_INVALID_REFERENCE: {
    status: 400,
    message:
      'Den gewählten Ort oder die Unterweisung gibt es in Ihrem Portal nicht. Bitte wählen Sie erneut.',
  },
  APPOINTMENT_BOOKING_STATE: {
    status: 409,
    message: 'Der Termin ist nicht mehr gebucht (bereits storniert oder erledigt).',
  },
  BOOKING_ASSIGNMENT_INVALID: { status: 404, message: BOOKING_STATUS_MESSAGES.ASSIGNMENT_INVALID },
  BOOKING_EMPLOYEE_INVALID: { status: 400, message: BOOKING_STATUS_MESSAGES.EMPLOYEE_INVALID },
  BOOKING_TOPIC_INVALID: { status: 400, message: BOOKING_STATUS_MESSAGES.TOPIC_INVALID },
  BOOKING_EXCLUDED: { status: 409, message: BOOKING_STATUS_MESSAGES.EXCLUDED },
  BOOKING_WINDOW_NOT_FOUND: { status: 404, message: BOOKING_STATUS_MESSAGES.WINDOW_NOT_FOUND },
  BOOKING_SEVERAL_EMPLOYEES: { status: 400, message: BOOKING_STATUS_MESSAGES.SEVERAL_EMPLOYEES },
  BOOKING_NO_FREE_PERIOD: { status: 409, message: BOOKING_STATUS_MESSAGES.NO_FREE_PERIOD },
  BOOKING_NOT_ON_GRID: { status: 400, message: BOOKING_STATUS_MESSAGES.NOT_ON_GRID },
  BOOKING_WRONG_TYPE: { status: 400, message: BOOKING_STATUS_MESSAGES.WRONG_TYPE },
  BOOKING_EXPLICIT_NOT_ALLOWED: { status: 400, message: BOOKING_STATUS_MESSAGES.EXPLICIT_NOT_ALLOWED },
  BOOKING_SHIFT_EXCEEDED: { status: 409, message: BOOKING_STATUS_MESSAGES.SHIFT_EXCEEDED },
  BOOKING_NOT_RESPONSIBLE: { status: 403, message: BOOKING_STATUS_MESSAGES.NOT_RESPONSIBLE },
  BOOKING_START_IN_PAST: { status: 400, message: BOOKING_STATUS_MESSAGES.START_IN_PAST },
  BOOKING_DAY_LOCKED: { status: 409, message: BOOKING_STATUS_MESSAGES.DAY_LOCKED },
  BOOKING_WINDOW_INACTIVE: { status: 409, message: BOOKING_STATUS_MESSAGES.WINDOW_INACTIVE },
  BOOKING_ALREADY_BOOKED: { status: 409, message: BOOKING_STATUS_MESSAGES.ALREADY_BOOKED },
  BOOKING_OUTSIDE_WINDOW: { status: 400, message: BOOKING_STATUS_MESSAGES.OUTSIDE_WINDOW },
} as const satisfies Record<string, ErrorDefinition>;

/** The texts the appointments module sends or mails besides the codes' defaults. */
export const appointmentsMessages = {
  booked: 'Der Termin wurde gebucht.',
  dayTooFar: (maxDays: number) =>
    `Das Datum liegt zu weit in der Zukunft: höchstens ${maxDays} Tage ab heute. Bitte wählen Sie ein früheres Datum.`,
  overlapOn: (date: string, title: string) =>
    `Am ${date} überschneiden sich die Zeiten mit dem Zeitfenster „${title}“ desselben Orts. Bitte wählen Sie andere Zeiten oder einen anderen Tag.`,
  duplicateDay: (date: string) => `Der Tag ${date} ist im Zeitfenster bereits vorhanden.`,
  lockedDay: (date: string) => `Der Tag ${date} ist im Zeitfenster gesperrt.`,
  mailItems: (title: string, location: string, when: string, topics: string) =>
    `Termin: ${title}\nOrt: ${location}\nZeit: ${when}\nThemen: ${topics}`,
  icsSummary: (title: string) => `Termin: ${title}`,
  icsDescription: (topics: string) => `Themen: ${topics}`,
  icsFileName: 'termin.ics',
  when: (date: string, start: string, end: string) => `${date}, ${start}–${end} Uhr`,
} as const;
