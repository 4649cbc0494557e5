import { z } from 'zod';
import { defineSettingsCategory } from './settings.schema.ts';
import { SETTINGS_CATEGORY_RIGHTS } from './settings-rights.ts';

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `Höchstens ${max} Zeichen.` });

/**
 * Unfallmeldungen: the company-wide defaults of the accident notice (decision 056) — the accident insurer
 * (Unfallversicherungsträger, UVAV § 3 (1) 1) with its address and the company number (Unternehmensnummer,
 * § 4 (1) 1). A new report takes them; the notice uses them while the report's own fields are empty.
 */
export const accidentSettings = defineSettingsCategory({
  key: 'accidents',
  schema: z.object({
    insurerName: text(200),
    insurerAddress: text(300),
    companyNumber: text(50),
  }),
  defaults: { insurerName: '', insurerAddress: '', companyNumber: '' },
  ...SETTINGS_CATEGORY_RIGHTS.accidents,
});

/** The insurer as one line of the notice: „Name, Anschrift“. */
export function insurerLine(value: { insurerName: string; insurerAddress: string }): string {
  return [value.insurerName, value.insurerAddress].filter((p) => p.trim() !== '').join(', ');
}
