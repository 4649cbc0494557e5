import { z } from 'zod';
import { defineSettingsCategory } from './settings.schema.ts';
import { SETTINGS_CATEGORY_RIGHTS } from './settings-rights.ts';

/** General system data used across the product (mail placeholders, links in mails, support contact). */
export const systemSettings = defineSettingsCategory({
  key: 'system',
  schema: z.object({
    companyName: z.string().trim().max(200, { message: 'Höchstens 200 Zeichen.' }),
    applicationUrl: z
      .string()
      .trim()
      .max(500, { message: 'Höchstens 500 Zeichen.' })
      .refine((v) => v === '' || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v), {
        message: 'Bitte eine Adresse mit http:// oder https:// angeben.',
      }),
    supportEmail: z
      .string()
      .trim()
      .max(200, { message: 'Höchstens 200 Zeichen.' })
      .refine((v) => v === '' || z.email().safeParse(v).success, {
        message: 'Bitte eine gültige E-Mail-Adresse angeben.',
      }),
    supportPhone: z.string().trim().max(50, { message: 'Höchstens 50 Zeichen.' }),
  }),
  defaults: { companyName: '', applicationUrl: '', supportEmail: '', supportPhone: '' },
  ...SETTINGS_CATEGORY_RIGHTS.system,
});
