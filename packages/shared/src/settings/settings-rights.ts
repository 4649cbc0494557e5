import { P } from '../permissions.ts';

/**
 * Who may read and write each settings category, without the categories' schemas: the web app's router
 * decides with it whether /settings may open, and must not load zod for that on the sign-in page
 * (decision 037, first load). The category definitions take their rights from here.
 * Besides these, SETTINGS_READONLY may read every category; the write rights may always read.
 */
export const SETTINGS_CATEGORY_RIGHTS = {
  accidents: { readAnyOf: [P.ACCIDENT_REPORTS_NOTICE], writeAnyOf: [P.SETTINGS_HEALTHCARE] },
  appointments: { readAnyOf: [P.APPOINTMENTS, P.APPOINTMENTS_TIME_WINDOWS], writeAnyOf: [P.SETTINGS_TOPICS] },
  hazmat: { readAnyOf: [P.HAZMAT], writeAnyOf: [P.SETTINGS_HAZMAT] },
  instructions: { readAnyOf: [], writeAnyOf: [P.SETTINGS_TOPICS] },
  language: { readAnyOf: [], writeAnyOf: [P.SETTINGS_LANGUAGE] },
  license: { readAnyOf: [], writeAnyOf: [P.SETTINGS_LICENSE] },
  mail: { readAnyOf: [P.MAIL_SETTINGS], writeAnyOf: [P.MAIL_SETTINGS_EDIT] },
  occupationalMedicine: { readAnyOf: [P.PRECAUTION, P.PRECAUTION_EDIT], writeAnyOf: [P.SETTINGS_HEALTHCARE] },
  security: { readAnyOf: [], writeAnyOf: [P.SETTINGS_SECURITY] },
  system: { readAnyOf: [], writeAnyOf: [P.SETTINGS_SYSTEM] },
  worksDoctor: { readAnyOf: [P.PRECAUTION, P.PRECAUTION_EDIT], writeAnyOf: [P.SETTINGS_HEALTHCARE] },
} as const satisfies Record<string, { readAnyOf: readonly number[]; writeAnyOf: readonly number[] }>;
