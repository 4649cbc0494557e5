import { z } from 'zod';
import { booleanFlag, idSchema, listQuerySchema, versionSchema } from '../list/list.schema.ts';
import { partialFields } from '../update.ts';
import {
  ACCIDENT_STATUS_IDS,
  type AccidentStatus,
  BODY_PART_IDS,
  EVENT_TYPE_IDS,
  type EventType,
  INJURY_TYPE_IDS,
  INSURED_GROUPS,
} from './catalogues.ts';

/**
 * Contracts of accident reports and the first-aid book (spec modules.md "Accident reports", "Accident report",
 * §5 "Accident reports"; decisions 047, 048). Health data (injuries, injury category and description, doctor,
 * hospital, hospitalised; in the first-aid book what happened and the first aid given) is answered only to the
 * rights that cover it (`healthVisible`); without them the fields are null.
 */

const text = (max: number) => z.string().trim().max(max, `Höchstens ${max} Zeichen erlaubt.`).default('');
const required = (what: string, max: number) =>
  z
    .string({ error: `Bitte geben Sie ${what} an.` })
    .trim()
    .min(1, `Bitte geben Sie ${what} an.`)
    .max(max, `Höchstens ${max} Zeichen erlaubt.`);
const dateTime = (what: string) =>
  z.iso.datetime({ offset: true, error: `Bitte geben Sie ${what} mit Datum und Uhrzeit an.` });
const oneOf = (ids: readonly number[], message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .refine((v) => ids.includes(v), { message });

export const injurySchema = z.object({
  bodyPart: oneOf(BODY_PART_IDS, 'Bitte wählen Sie ein Körperteil aus der Liste.'),
  injuryType: oneOf(INJURY_TYPE_IDS, 'Bitte wählen Sie eine Verletzungsart aus der Liste.'),
});
export type Injury = z.infer<typeof injurySchema>;

export const witnessSchema = z.object({
  name: required('den Namen der Zeugin oder des Zeugen', 200),
  street: text(200),
  postalCode: z
    .string()
    .trim()
    .max(10, 'Höchstens 10 Zeichen erlaubt.')
    .regex(/^[0-9A-Za-z -]*$/, 'Bitte geben Sie eine gültige Postleitzahl ein.')
    .default(''),
  city: text(200),
});
export type Witness = z.infer<typeof witnessSchema>;

export const firstAiderSchema = z.object({
  employeeId: idSchema.nullable().default(null),
  name: text(200),
});
export type FirstAider = z.infer<typeof firstAiderSchema>;

/** The health fields of a report (field-level right ACCIDENT_REPORTS_HEALTH_DATA, decision 047). */
export const ACCIDENT_HEALTH_FIELDS = [
  'injuries',
  'injuryCategory',
  'injuryDescription',
  'doctor',
  'hospital',
  'hospitalised',
  'sickUntil',
  // The notice's personal data of an external person (decision 056): kept on the report, read like health data.
  'externalBirthday',
  'externalStreet',
  'externalPostalCode',
  'externalCity',
  'externalGender',
  'externalHealthInsurance',
  'externalCitizenship',
  'externalPhone',
] as const;

const day = z.iso.date({ error: 'Bitte geben Sie ein gültiges Datum an.' });
/** An amount in euro cents (the UI enters euros with two decimals). */
const cents = z
  .number({ error: 'Bitte geben Sie einen Betrag in Euro an.' })
  .int({ error: 'Bitte geben Sie einen Betrag in Euro an.' })
  .min(0, 'Ein Betrag darf nicht negativ sein.')
  .max(100_000_000_00, 'Der Betrag ist zu groß.')
  .nullable()
  .default(null);
const clock = z
  .string()
  .trim()
  .regex(/^(|([01][0-9]|2[0-3]):[0-5][0-9])$/, 'Bitte geben Sie die Uhrzeit als HH:MM an.')
  .default('');

/**
 * Absence and costs (decision 051): work stoppage and resumption (UVAV § 4 (2) 8, 9), sick until (health data),
 * days lost, light duties; costs in euro cents.
 */
export const absenceFields = {
  workStoppedAt: dateTime('das Ende der Tätigkeit').nullable().default(null),
  workResumedAt: dateTime('die Wiederaufnahme der Tätigkeit').nullable().default(null),
  sickUntil: day.nullable().default(null),
  daysLost: z
    .number({ error: 'Bitte geben Sie die Ausfalltage als ganze Zahl an.' })
    .int({ error: 'Bitte geben Sie die Ausfalltage als ganze Zahl an.' })
    .min(0, 'Die Ausfalltage dürfen nicht negativ sein.')
    .max(3660, 'Höchstens 3660 Ausfalltage.')
    .nullable()
    .default(null),
  lightDuties: z.boolean().default(false),
  lightDutiesUntil: day.nullable().default(null),
  costWageContinuation: cents,
  costReplacement: cents,
  costOther: cents,
  costOtherNote: text(1000),
};

/** The notice's own fields (UVAV 2024 §§ 3, 4; decision 051); the rest comes from the employee and location. */
export const noticeFields = {
  insurer: text(300),
  companyNumber: text(50),
  companyAddress: text(500),
  legalRepresentative: text(500),
  phoneConsent: z.boolean().default(false),
  apprentice: z.boolean().default(false),
  marginalEmployment: z.boolean().default(false),
  entrepreneur: z.boolean().default(false),
  familyMember: z.boolean().default(false),
  wageContinuationWeeks: z
    .number({ error: 'Bitte geben Sie die Wochen als ganze Zahl an.' })
    .int({ error: 'Bitte geben Sie die Wochen als ganze Zahl an.' })
    .min(0, 'Die Wochen dürfen nicht negativ sein.')
    .max(520, 'Höchstens 520 Wochen.')
    .nullable()
    .default(null),
  homeOffice: z.boolean().default(false),
  violentEvent: z.boolean().default(false),
  workingTimeStart: clock,
  workingTimeEnd: clock,
  worksCouncilMember: text(200),
  // § 4 (3) UVAV (decision 056): children in day care, pupils and students (§ 2 (1) 8 SGB VII) report the
  // institution instead of the employer.
  insuredGroup: z
    .enum(INSURED_GROUPS, { error: 'Bitte wählen Sie die Art der Versicherung.' })
    .default('employment'),
  institution: text(500),
  institutionCarrier: text(500),
  distanceLearning: z.boolean().default(false),
};

/**
 * The notice's personal data of an external person (UVAV § 3 (1) 2b–f, § 3 (2) 1; decision 056): an employee's
 * come from the employee record, an external person's are kept on the report. Read like health data.
 */
export const externalPersonFields = {
  externalBirthday: day.nullable().default(null),
  externalStreet: text(200),
  externalPostalCode: z
    .string()
    .trim()
    .max(10, 'Höchstens 10 Zeichen erlaubt.')
    .regex(/^[0-9A-Za-z -]*$/, 'Bitte geben Sie eine gültige Postleitzahl ein.')
    .default(''),
  externalCity: text(200),
  externalGender: z.enum(['', 'm', 'w', 'd'], { error: 'Bitte wählen Sie ein Geschlecht.' }).default(''),
  externalHealthInsurance: text(300),
  externalCitizenship: text(100),
  externalPhone: text(50),
};

export const accidentFields = {
  eventType: oneOf(EVENT_TYPE_IDS, 'Bitte wählen Sie die Art des Ereignisses.').transform(
    (v) => v as EventType,
  ),
  employeeId: idSchema.nullable().default(null),
  externalName: text(200),
  externalCompany: text(200),
  accidentAt: dateTime('den Unfallzeitpunkt'),
  firstAidAt: dateTime('den Zeitpunkt der Ersten Hilfe'),
  locationId: idSchema.nullable().default(null),
  departmentId: idSchema.nullable().default(null),
  injuries: z.array(injurySchema).max(100, 'Höchstens 100 Verletzungen erlaubt.').default([]),
  // The managed catalogue (decision 056): the server checks that the category exists and is active.
  injuryCategory: z
    .number({ error: 'Bitte wählen Sie eine Verletzungskategorie.' })
    .int({ error: 'Bitte wählen Sie eine Verletzungskategorie.' })
    .positive({ error: 'Bitte wählen Sie eine Verletzungskategorie.' })
    .max(32767, { error: 'Bitte wählen Sie eine Verletzungskategorie.' })
    .nullable()
    .default(null),
  injuryDescription: text(4000),
  description: text(8000),
  witnesses: z.array(witnessSchema).max(20, 'Höchstens 20 Zeugen erlaubt.').default([]),
  firstAiders: z.array(firstAiderSchema).max(20, 'Höchstens 20 Ersthelfer erlaubt.').default([]),
  doctor: text(400),
  hospital: text(400),
  protectiveGear: text(2000),
  reportable: z.boolean().default(false),
  fatal: z.boolean().default(false),
  hospitalised: z.boolean().default(false),
  comment: text(4000),
  ...absenceFields,
  ...noticeFields,
  ...externalPersonFields,
  /** The checklist of step 6 (decision 056): an active checklist of the portal for accident reports. */
  checklistId: idSchema.nullable().default(null),
};

/** Filing a report (the wizard's summary). `confirmFutureTime` accepts an accident time in the future. */
export const createAccidentSchema = z.object({
  ...accidentFields,
  confirmFutureTime: z.boolean().default(false),
});
export type CreateAccident = z.input<typeof createAccidentSchema>;
export type AccidentInput = z.output<typeof createAccidentSchema>;

/** A partial update (decision 024): fields left out stay as stored; health fields need the health right. */
export const updateAccidentSchema = z.object({
  ...partialFields(accidentFields),
  confirmFutureTime: z.boolean().optional(),
  version: versionSchema,
});
export type UpdateAccident = z.input<typeof updateAccidentSchema>;

export const accidentStatusChangeSchema = z.object({
  status: oneOf(ACCIDENT_STATUS_IDS, 'Bitte wählen Sie einen gültigen Status.').transform(
    (v) => v as AccidentStatus,
  ),
  reason: text(1000),
  version: versionSchema,
});
export type AccidentStatusChange = z.input<typeof accidentStatusChangeSchema>;

const iso = z.iso.datetime({ offset: true });

export const accidentSchema = z.object({
  id: z.number().int(),
  eventType: z.number().int(),
  status: z.number().int(),
  employeeId: z.number().int().nullable(),
  employeeName: z.string().nullable(),
  externalName: z.string(),
  externalCompany: z.string(),
  accidentAt: iso,
  firstAidAt: iso,
  locationId: z.number().int().nullable(),
  locationName: z.string().nullable(),
  departmentId: z.number().int().nullable(),
  departmentName: z.string().nullable(),
  healthVisible: z.boolean(),
  injuries: z.array(injurySchema).nullable(),
  injuryCategory: z.number().int().nullable(),
  injuryDescription: z.string().nullable(),
  doctor: z.string().nullable(),
  hospital: z.string().nullable(),
  hospitalised: z.boolean().nullable(),
  description: z.string(),
  witnesses: z.array(witnessSchema),
  firstAiders: z.array(z.object({ employeeId: z.number().int().nullable(), name: z.string() })),
  protectiveGear: z.string(),
  reportable: z.boolean(),
  fatal: z.boolean(),
  comment: z.string(),
  workStoppedAt: iso.nullable(),
  workResumedAt: iso.nullable(),
  /** Health data: null without the right. */
  sickUntil: z.string().nullable(),
  daysLost: z.number().int().nullable(),
  lightDuties: z.boolean(),
  lightDutiesUntil: z.string().nullable(),
  costWageContinuation: z.number().int().nullable(),
  costReplacement: z.number().int().nullable(),
  costOther: z.number().int().nullable(),
  costOtherNote: z.string(),
  insurer: z.string(),
  companyNumber: z.string(),
  companyAddress: z.string(),
  legalRepresentative: z.string(),
  phoneConsent: z.boolean(),
  apprentice: z.boolean(),
  marginalEmployment: z.boolean(),
  entrepreneur: z.boolean(),
  familyMember: z.boolean(),
  wageContinuationWeeks: z.number().int().nullable(),
  homeOffice: z.boolean(),
  violentEvent: z.boolean(),
  workingTimeStart: z.string(),
  workingTimeEnd: z.string(),
  worksCouncilMember: z.string(),
  insuredGroup: z.enum(INSURED_GROUPS),
  institution: z.string(),
  institutionCarrier: z.string(),
  distanceLearning: z.boolean(),
  /** Health data like the injuries: null without the right. */
  externalBirthday: z.string().nullable(),
  externalStreet: z.string().nullable(),
  externalPostalCode: z.string().nullable(),
  externalCity: z.string().nullable(),
  externalGender: z.enum(['', 'm', 'w', 'd']).nullable(),
  externalHealthInsurance: z.string().nullable(),
  externalCitizenship: z.string().nullable(),
  externalPhone: z.string().nullable(),
  /** The checklist of step 6 with the state of its filled instance (decision 056). */
  checklist: z
    .object({
      id: z.number().int(),
      label: z.string(),
      instanceId: z.number().int().nullable(),
      status: z.string().nullable(),
      progress: z.number().nullable(),
    })
    .nullable(),
  /** When the notice was sent to the insurer (status 40), by whom. */
  noticeSentAt: iso.nullable(),
  noticeSentByName: z.string().nullable(),
  /** More than three days of incapacity or fatal (decision 051): the notice is due. */
  noticeDue: z.boolean(),
  /** yyyy-mm-dd: three days after the accident day. */
  noticeDeadline: z.string().nullable(),
  createdById: z.number().int().nullable(),
  createdAt: iso,
  version: z.number().int(),
});
export type Accident = z.infer<typeof accidentSchema>;

export const accidentListQuerySchema = listQuerySchema.extend({
  status: z.coerce.number().int().optional(),
  eventType: z.coerce.number().int().optional(),
  /** Health filter: only with the health right (else 403). */
  injuryCategory: z.coerce.number().int().optional(),
  /** Inactive reports (status 60) are left out unless asked for. */
  inactive: booleanFlag.optional(),
});
export type AccidentListQuery = z.input<typeof accidentListQuerySchema>;

export const accidentRowSchema = z.object({
  id: z.number().int(),
  eventType: z.number().int(),
  status: z.number().int(),
  personName: z.string(),
  accidentAt: iso,
  locationName: z.string().nullable(),
  /** Null without the health right. */
  injuryCategory: z.number().int().nullable(),
  reportable: z.boolean(),
});
export type AccidentRow = z.infer<typeof accidentRowSchema>;

// ── First-aid book (Verbandbuch) ────────────────────────────────────────────────────────────────

export const firstAidFields = {
  employeeId: idSchema.nullable().default(null),
  personName: text(200),
  occurredAt: dateTime('den Zeitpunkt'),
  place: required('den Ort', 300),
  whatHappened: required('an, was geschehen ist', 4000),
  firstAid: required('die geleistete Erste Hilfe', 4000),
};
export const createFirstAidEntrySchema = z.object(firstAidFields);
export type CreateFirstAidEntry = z.input<typeof createFirstAidEntrySchema>;
export const updateFirstAidEntrySchema = z.object({
  ...partialFields(firstAidFields),
  version: versionSchema,
});
export type UpdateFirstAidEntry = z.input<typeof updateFirstAidEntrySchema>;

export const firstAidEntrySchema = z.object({
  id: z.number().int(),
  employeeId: z.number().int().nullable(),
  personName: z.string(),
  occurredAt: iso,
  place: z.string(),
  healthVisible: z.boolean(),
  whatHappened: z.string().nullable(),
  firstAid: z.string().nullable(),
  recordedById: z.number().int().nullable(),
  recordedByName: z.string().nullable(),
  createdAt: iso,
  version: z.number().int(),
});
export type FirstAidEntry = z.infer<typeof firstAidEntrySchema>;
export const firstAidListQuerySchema = listQuerySchema;
export const firstAidRowSchema = firstAidEntrySchema.omit({
  version: true,
  createdAt: true,
  employeeId: true,
});
export type FirstAidRow = z.infer<typeof firstAidRowSchema>;

// ── The accident notice (Unfallanzeige, decision 051) ───────────────────────────────────────────────

/** One field of the notice: its number in the UVAV 2024 ("3(1)2a"), a stable key, the German label, the text. */
export const noticeFieldSchema = z.object({
  ref: z.string(),
  key: z.string(),
  label: z.string(),
  value: z.string(),
  /** The notice cannot be sent while a required field is empty. */
  required: z.boolean(),
});
export type NoticeField = z.infer<typeof noticeFieldSchema>;

/** The structured export (JSON), documented in decision 051; the PDF prints the same sections. */
export const accidentNoticeSchema = z.object({
  format: z.literal('schutzwerk.unfallanzeige'),
  formatVersion: z.literal(1),
  regulation: z.literal('UVAV 2024'),
  reportId: z.number().int(),
  /** yyyy-mm-dd: the accident day + 3 (§ 193 (4) SGB VII). */
  deadline: z.string(),
  sentAt: z.string().nullable(),
  firstAiders: z.array(z.string()),
  sections: z.array(z.object({ title: z.string(), fields: z.array(noticeFieldSchema) })),
});
export type AccidentNotice = z.infer<typeof accidentNoticeSchema>;

export const sendNoticeSchema = z.object({ version: versionSchema });
export type SendNotice = z.input<typeof sendNoticeSchema>;
