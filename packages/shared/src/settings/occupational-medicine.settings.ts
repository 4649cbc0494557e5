import { z } from 'zod';
import { defineSettingsCategory } from './settings.schema.ts';
import { SETTINGS_CATEGORY_RIGHTS } from './settings-rights.ts';

/** Lead time options of the spec (§ 9), in days. */
export const PRECAUTION_LEAD_DAYS = [0, 7, 14, 21, 28, 35, 42, 60, 90] as const;

/**
 * Arbeitsmedizin (decision 057): the interval between precautions when a precaution names none (AMR 2.1: the
 * follow-up precautions at the latest every 36 months by default) and how many days before the due date a
 * precaution is listed as due soon and offered as a check-up assignment; decision 064: how many days before the due
 * date the instruction reminders mail a check-up item (null: none).
 */
export const occupationalMedicineSettings = defineSettingsCategory({
  key: 'occupationalMedicine',
  schema: z.object({
    defaultIntervalMonths: z
      .number({ error: 'Bitte geben Sie die Anzahl der Monate an.' })
      .int('Bitte geben Sie eine ganze Zahl an.')
      .min(1, 'Mindestens 1 Monat.')
      .max(120, 'Höchstens 120 Monate.'),
    leadDays: z
      .number({ error: 'Bitte wählen Sie eine Vorlaufzeit aus der Liste.' })
      .refine((d) => (PRECAUTION_LEAD_DAYS as readonly number[]).includes(d), {
        message: 'Bitte wählen Sie eine Vorlaufzeit aus der Liste.',
      }),
    reminderLeadDays: z
      .number({ error: 'Bitte wählen Sie eine Vorlaufzeit aus der Liste.' })
      .refine((d) => (PRECAUTION_LEAD_DAYS as readonly number[]).includes(d), {
        message: 'Bitte wählen Sie eine Vorlaufzeit aus der Liste.',
      })
      .nullable(),
  }),
  defaults: { defaultIntervalMonths: 36, leadDays: 28, reminderLeadDays: 14 },
  ...SETTINGS_CATEGORY_RIGHTS.occupationalMedicine,
});
