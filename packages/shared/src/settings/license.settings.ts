import { z } from 'zod';
import { defineSettingsCategory } from './settings.schema.ts';
import { SETTINGS_CATEGORY_RIGHTS } from './settings-rights.ts';

export const LICENSE_TYPES = ['standard', 'professional'] as const;
export type LicenseType = (typeof LICENSE_TYPES)[number];

/** Share of a limit from which the licence shows a warning. */
export const LICENSE_WARNING_RATIO = 0.9;

const count = z
  .number({ message: 'Bitte eine ganze Zahl angeben.' })
  .int({ message: 'Bitte eine ganze Zahl angeben.' })
  .min(0, { message: 'Die Anzahl darf nicht negativ sein.' })
  .max(10_000_000, { message: 'Höchstens 10.000.000.' })
  .nullable();

/**
 * The licence: who holds it and how many active employees and external staff it covers. A null count
 * means unlimited. The employee import refuses with code 910 when it would exceed a limit.
 */
export const licenseSettings = defineSettingsCategory({
  key: 'license',
  schema: z.object({
    customerNumber: z.string().trim().max(50, { message: 'Höchstens 50 Zeichen.' }),
    licensee: z.string().trim().max(200, { message: 'Höchstens 200 Zeichen.' }),
    licenseType: z.enum(LICENSE_TYPES, { message: 'Bitte Standard oder Professional wählen.' }),
    maxEmployees: count,
    maxExternals: count,
    validUntil: z.iso.date({ message: 'Bitte ein gültiges Datum angeben.' }).nullable(),
  }),
  defaults: {
    customerNumber: '',
    licensee: '',
    licenseType: 'standard',
    maxEmployees: null,
    maxExternals: null,
    validUntil: null,
  },
  ...SETTINGS_CATEGORY_RIGHTS.license,
});

export const licenseUsageSchema = z.object({
  data: z.object({
    activeEmployees: z.number().int(),
    activeExternals: z.number().int(),
    maxEmployees: z.number().int().nullable(),
    maxExternals: z.number().int().nullable(),
    validUntil: z.string().nullable(),
    /** German warnings: a limit reached or near, the licence expired or expiring within 30 days. */
    warnings: z.array(z.string()),
  }),
});
export type LicenseUsage = z.infer<typeof licenseUsageSchema>['data'];

/** The warnings for a usage snapshot (shared so the browser and the server word them alike). */
export function licenseWarnings(usage: Omit<LicenseUsage, 'warnings'>, today: string): string[] {
  const warnings: string[] = [];
  const check = (used: number, max: number | null, what: string) => {
    if (max === null) return;
    if (used > max)
      warnings.push(`Die Lizenz ist überschritten: ${used} ${what} aktiv, lizenziert sind ${max}.`);
    else if (used >= max * LICENSE_WARNING_RATIO)
      warnings.push(`Die Lizenz ist fast ausgeschöpft: ${used} von ${max} ${what}.`);
  };
  check(usage.activeEmployees, usage.maxEmployees, 'Mitarbeiter');
  check(usage.activeExternals, usage.maxExternals, 'Fremdfirmenmitarbeiter');
  if (usage.validUntil) {
    if (usage.validUntil < today) warnings.push('Die Lizenz ist abgelaufen.');
    else {
      const days = Math.round((Date.parse(usage.validUntil) - Date.parse(today)) / 86_400_000);
      if (days <= 30) warnings.push(`Die Lizenz läuft in ${days} Tagen ab.`);
    }
  }
  return warnings;
}
