import { z } from 'zod';
import { defineSettingsCategory } from './settings.schema.ts';
import { SETTINGS_CATEGORY_RIGHTS } from './settings-rights.ts';

const text = (max: number) => z.string().trim().max(max, `Höchstens ${max} Zeichen erlaubt.`);

/**
 * Betriebsarzt (decision 063), one value per portal:
 * - enabled: the works-doctor module; while off, a works-doctor sign-in answers „Betriebsarzt-Modul nicht
 *   verfügbar“ and the works-doctor routes refuse.
 * - showContact: whether employees see the contact data on „Meine Vorsorge“.
 * - contactName … contactHours: the works doctor's (or service's) contact data shown to employees.
 */
export const worksDoctorSettings = defineSettingsCategory({
  key: 'worksDoctor',
  scope: 'portal',
  schema: z
    .object({
      enabled: z.boolean(),
      showContact: z.boolean(),
      contactName: text(200),
      contactPhone: text(50),
      contactEmail: z
        .string()
        .trim()
        .max(200, 'Höchstens 200 Zeichen erlaubt.')
        .refine((v) => v === '' || z.email().safeParse(v).success, {
          message: 'Bitte geben Sie eine gültige E-Mail-Adresse an.',
        }),
      contactHours: text(500),
    })
    .refine((v) => !v.showContact || v.contactName !== '', {
      path: ['contactName'],
      message: 'Bitte geben Sie einen Namen an, wenn die Kontaktdaten angezeigt werden.',
    }),
  defaults: {
    enabled: false,
    showContact: false,
    contactName: '',
    contactPhone: '',
    contactEmail: '',
    contactHours: '',
  },
  ...SETTINGS_CATEGORY_RIGHTS.worksDoctor,
});
