import { z } from 'zod';
import { defineSettingsCategory } from './settings.schema.ts';
import { SETTINGS_CATEGORY_RIGHTS } from './settings-rights.ts';

/** The time grids (minutes) a portal may choose for its appointments (spec §9: a time grid in minutes). */
export const TIME_GRID_OPTIONS = [5, 10, 15, 20, 30, 60] as const;
/** The furthest a window's day may lie in the future, in days ("not too far in the future", spec §5). */
export const APPOINTMENT_MAX_DAYS_AHEAD_LIMIT = 730;

const wholeNumber = (min: number, max: number) =>
  z
    .number({ message: 'Bitte eine ganze Zahl angeben.' })
    .int({ message: 'Bitte eine ganze Zahl angeben.' })
    .min(min, { message: `Bitte mindestens ${min} angeben.` })
    .max(max, { message: `Bitte höchstens ${max} angeben.` });

/**
 * Settings of the appointments (tab „Termine“, spec §9), one value per portal (decision 060):
 * - safetyOverheadPercent: buffer added to every appointment's duration, so that the next one on the same seat
 *   starts after it (an appointment of 30 minutes with 10 % occupies its seat 33 minutes, rounded up to whole
 *   minutes).
 * - timeGridMinutes: the grid a new window's start times are aligned to (a window keeps the grid it was made with).
 * - multiAppointmentSuggestionDays: how many days ahead the multi-appointment suggestion looks for free times;
 *   −1 disables the suggestion.
 * - maxDaysAhead: a window's day may lie at most this many days after today.
 */
export const appointmentSettingsCategory = defineSettingsCategory({
  key: 'appointments',
  scope: 'portal',
  schema: z.object({
    safetyOverheadPercent: wholeNumber(0, 100),
    timeGridMinutes: z.literal(TIME_GRID_OPTIONS, {
      message: 'Bitte eines der angebotenen Zeitraster wählen.',
    }),
    multiAppointmentSuggestionDays: wholeNumber(-1, 365),
    maxDaysAhead: wholeNumber(1, APPOINTMENT_MAX_DAYS_AHEAD_LIMIT),
  }),
  defaults: {
    safetyOverheadPercent: 0,
    timeGridMinutes: 15,
    multiAppointmentSuggestionDays: 14,
    maxDaysAhead: 365,
  },
  ...SETTINGS_CATEGORY_RIGHTS.appointments,
});

export type AppointmentSettings = z.output<typeof appointmentSettingsCategory.schema>;
