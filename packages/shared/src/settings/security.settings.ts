import { z } from 'zod';
import { defineSettingsCategory } from './settings.schema.ts';
import { SETTINGS_CATEGORY_RIGHTS } from './settings-rights.ts';

/** Special characters allowed by default: the printable ASCII punctuation plus § € °. */
export const DEFAULT_ALLOWED_SPECIALS = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~§€°';

const count = (label: string) =>
  z
    .number({ message: `${label}: Bitte geben Sie eine ganze Zahl von 0 bis 64 ein.` })
    .int({ message: `${label}: Bitte geben Sie eine ganze Zahl von 0 bis 64 ein.` })
    .min(0, { message: `${label}: Bitte geben Sie eine ganze Zahl von 0 bis 64 ein.` })
    .max(64, { message: `${label}: Bitte geben Sie eine ganze Zahl von 0 bis 64 ein.` });

/**
 * Security settings (tab 'Sicherheit'): the password policy (spec modules.md §5 "Password change and
 * policy") and the session lifetimes. A lifetime left empty (null) uses the server's environment value
 * (SESSION_IDLE_MINUTES / SESSION_ABSOLUTE_HOURS).
 */
export const securitySettings = defineSettingsCategory({
  key: 'security',
  schema: z
    .object({
      minLength: z
        .number({ message: 'Mindestlänge: Bitte geben Sie eine ganze Zahl von 4 bis 128 ein.' })
        .int({ message: 'Mindestlänge: Bitte geben Sie eine ganze Zahl von 4 bis 128 ein.' })
        .min(4, { message: 'Mindestlänge: Bitte geben Sie eine ganze Zahl von 4 bis 128 ein.' })
        .max(128, { message: 'Mindestlänge: Bitte geben Sie eine ganze Zahl von 4 bis 128 ein.' }),
      maxLength: z
        .number({ message: 'Höchstlänge: Bitte geben Sie eine ganze Zahl von 8 bis 1024 ein.' })
        .int({ message: 'Höchstlänge: Bitte geben Sie eine ganze Zahl von 8 bis 1024 ein.' })
        .min(8, { message: 'Höchstlänge: Bitte geben Sie eine ganze Zahl von 8 bis 1024 ein.' })
        .max(1024, { message: 'Höchstlänge: Bitte geben Sie eine ganze Zahl von 8 bis 1024 ein.' }),
      minUppercase: count('Großbuchstaben'),
      minLowercase: count('Kleinbuchstaben'),
      minDigits: count('Ziffern'),
      minSpecial: count('Sonderzeichen'),
      allowedSpecials: z
        .string()
        .max(100, { message: 'Zulässige Sonderzeichen: Höchstens 100 Zeichen.' })
        .refine((v) => ![...v].some((c) => /[\p{L}\p{N}\s]/u.test(c)), {
          message: 'Zulässige Sonderzeichen: Buchstaben, Ziffern und Leerzeichen sind hier nicht erlaubt.',
        }),
      refuseCommon: z.boolean(),
      sessionIdleMinutes: z
        .number({ message: 'Inaktivität: Bitte geben Sie eine ganze Zahl von 5 bis 1440 ein.' })
        .int({ message: 'Inaktivität: Bitte geben Sie eine ganze Zahl von 5 bis 1440 ein.' })
        .min(5, { message: 'Inaktivität: Bitte geben Sie eine ganze Zahl von 5 bis 1440 ein.' })
        .max(1440, { message: 'Inaktivität: Bitte geben Sie eine ganze Zahl von 5 bis 1440 ein.' })
        .nullable(),
      sessionAbsoluteHours: z
        .number({ message: 'Höchstdauer: Bitte geben Sie eine ganze Zahl von 1 bis 720 ein.' })
        .int({ message: 'Höchstdauer: Bitte geben Sie eine ganze Zahl von 1 bis 720 ein.' })
        .min(1, { message: 'Höchstdauer: Bitte geben Sie eine ganze Zahl von 1 bis 720 ein.' })
        .max(720, { message: 'Höchstdauer: Bitte geben Sie eine ganze Zahl von 1 bis 720 ein.' })
        .nullable(),
    })
    .superRefine((v, ctx) => {
      if (v.minLength > v.maxLength) {
        ctx.addIssue({
          code: 'custom',
          path: ['minLength'],
          message: 'Die Mindestlänge darf nicht größer als die Höchstlänge sein.',
        });
      }
      const required = v.minUppercase + v.minLowercase + v.minDigits + v.minSpecial;
      if (required > v.maxLength) {
        ctx.addIssue({
          code: 'custom',
          path: ['maxLength'],
          message: `Die geforderten Zeichen (${required}) passen nicht in die Höchstlänge von ${v.maxLength} Zeichen.`,
        });
      }
      if (v.minSpecial > 0 && v.allowedSpecials === '') {
        ctx.addIssue({
          code: 'custom',
          path: ['allowedSpecials'],
          message: 'Wenn Sonderzeichen gefordert sind, muss mindestens ein Sonderzeichen zulässig sein.',
        });
      }
      if (
        v.sessionIdleMinutes !== null &&
        v.sessionAbsoluteHours !== null &&
        v.sessionIdleMinutes > v.sessionAbsoluteHours * 60
      ) {
        ctx.addIssue({
          code: 'custom',
          path: ['sessionIdleMinutes'],
          message: 'Die Abmeldung nach Inaktivität darf nicht länger sein als die Höchstdauer einer Sitzung.',
        });
      }
    }),
  defaults: {
    minLength: 10,
    maxLength: 128,
    minUppercase: 1,
    minLowercase: 1,
    minDigits: 1,
    minSpecial: 1,
    allowedSpecials: DEFAULT_ALLOWED_SPECIALS,
    refuseCommon: true,
    sessionIdleMinutes: null,
    sessionAbsoluteHours: null,
  },
  ...SETTINGS_CATEGORY_RIGHTS.security,
});

export type SecuritySettings = typeof securitySettings.defaults;
