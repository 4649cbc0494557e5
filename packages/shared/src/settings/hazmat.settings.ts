import { z } from 'zod';
import { BLACKLISTS, DEFAULT_BLACKLISTS } from '../substances/clp.ts';
import { defineSettingsCategory } from './settings.schema.ts';
import { SETTINGS_CATEGORY_RIGHTS } from './settings-rights.ts';

const codeList = z
  .array(
    z
      .string()
      .trim()
      .regex(/^(EUH|H|P)[0-9A-Za-z+]{2,40}$/, 'Bitte geben Sie Hinweise wie H350 oder EUH066 an.'),
  )
  .max(300)
  .refine((list) => new Set(list).size === list.length, { message: 'Jeder Hinweis nur einmal.' });

/**
 * Gefahrstoffe: the blacklists of H/EUH/P statements (spec „Substances and EMKG“: forbidden, CMR, toxic,
 * unwanted). A substance with a listed statement is saved with a warning (decision 046).
 */
export const hazmatSettings = defineSettingsCategory({
  key: 'hazmat',
  schema: z.object(
    Object.fromEntries(BLACKLISTS.map((list) => [list, codeList])) as Record<
      (typeof BLACKLISTS)[number],
      typeof codeList
    >,
  ),
  defaults: DEFAULT_BLACKLISTS,
  ...SETTINGS_CATEGORY_RIGHTS.hazmat,
});
