import { z } from 'zod';
import { LOCALES } from '../constants.ts';
import { defineSettingsCategory } from './settings.schema.ts';
import { SETTINGS_CATEGORY_RIGHTS } from './settings-rights.ts';

/** Which interface languages users may choose; the last active language cannot be disabled (spec §5). */
export const languageSettings = defineSettingsCategory({
  key: 'language',
  schema: z
    .object({
      enabledLocales: z
        .array(z.enum(LOCALES, { message: 'Unbekannte Sprache.' }))
        .min(1, { message: 'Die letzte aktive Sprache kann nicht deaktiviert werden.' })
        .refine((list) => new Set(list).size === list.length, { message: 'Jede Sprache nur einmal.' }),
      defaultLocale: z.enum(LOCALES, { message: 'Bitte eine Standardsprache wählen.' }),
    })
    .refine((v) => v.enabledLocales.includes(v.defaultLocale), {
      message: 'Die Standardsprache muss aktiv sein.',
      path: ['defaultLocale'],
    }),
  defaults: { enabledLocales: ['de-DE'], defaultLocale: 'de-DE' },
  ...SETTINGS_CATEGORY_RIGHTS.language,
});
