import { z } from 'zod';
import { versionSchema } from '../list/list.schema.ts';

/**
 * Occupational-medical precaution (ArbMedVV, AMR 2.1; decision 057). The employer's precaution file keeps only
 * that, when and why a check-up took place and the assessment kind of the fixed list — never medical findings,
 * so no schema here has a free-text field for a diagnosis.
 */

/** The managed catalogues: executing bodies (name, line 2), legal sources for examinations, assessment reasons. */
export const CATALOGUE_KINDS = ['executingBody', 'legalSource', 'assessmentReason'] as const;
export type CatalogueKind = (typeof CATALOGUE_KINDS)[number];

/** Precaution types of the spec: offer (Angebot), mandatory (Pflicht), wish (Wunsch). */
export const PRECAUTION_TYPES = ['mandatory', 'offer', 'wish'] as const;
export type PrecautionType = (typeof PRECAUTION_TYPES)[number];

/** Assessment kinds of the spec (§ 9): fit, not fit, fit with limits, no statement, pending; participation. */
export const ASSESSMENT_KINDS = [
  'fit',
  'notFit',
  'fitWithLimits',
  'noStatement',
  'pending',
  'participation',
] as const;
export type AssessmentKind = (typeof ASSESSMENT_KINDS)[number];

const name = z
  .string({ error: 'Bitte geben Sie eine Bezeichnung an.' })
  .trim()
  .min(1, 'Bitte geben Sie eine Bezeichnung an.')
  .max(200, 'Höchstens 200 Zeichen erlaubt.');
const line2 = z.string().trim().max(200, 'Höchstens 200 Zeichen erlaubt.');

export const catalogueKindParamsSchema = z.object({ kind: z.enum(CATALOGUE_KINDS) });
export const catalogueEntryParamsSchema = z.object({
  kind: z.enum(CATALOGUE_KINDS),
  id: z.coerce.number().int().positive(),
});

export const createCatalogueEntrySchema = z.object({ name, line2: line2.default('') });
export type CreateCatalogueEntry = z.input<typeof createCatalogueEntrySchema>;

/** A partial update (decision 024). */
export const updateCatalogueEntrySchema = z.object({
  name: name.optional(),
  line2: line2.optional(),
  active: z.boolean().optional(),
  version: versionSchema,
});
export type UpdateCatalogueEntry = z.input<typeof updateCatalogueEntrySchema>;

export const catalogueEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(CATALOGUE_KINDS),
  name: z.string(),
  line2: z.string(),
  active: z.boolean(),
  /** Number of precautions that use it (a used entry cannot be deleted, only set inactive). */
  usedBy: z.number().int(),
  version: z.number().int(),
});
export type CatalogueEntry = z.infer<typeof catalogueEntrySchema>;

const isoDate = z.iso.date({ error: 'Bitte geben Sie ein gültiges Datum an.' });
const optionalId = z.number().int().positive().nullable();

export const createPrecautionSchema = z.object({
  employeeId: z.number().int().positive(),
  type: z.enum(PRECAUTION_TYPES, { error: 'Bitte wählen Sie die Art der Vorsorge.' }),
  /** The trigger reason (Anlass) from the catalogue of assessment reasons. */
  reasonId: z.number({ error: 'Bitte wählen Sie einen Anlass.' }).int().positive(),
  /** The activity that triggers it; must be one of the employee's activities. */
  activityId: optionalId.default(null),
  legalSourceId: optionalId.default(null),
  executingBodyId: optionalId.default(null),
  coordinatorId: optionalId.default(null),
  /** Start of the activity: the first precaution is due before it (AMR 2.1). */
  activityStart: isoDate,
  /** Months between precautions; empty takes the interval of the settings tab „Arbeitsmedizin“. */
  intervalMonths: z
    .number()
    .int()
    .min(1, 'Mindestens 1 Monat.')
    .max(120, 'Höchstens 120 Monate.')
    .nullable()
    .default(null),
});
export type CreatePrecaution = z.input<typeof createPrecautionSchema>;

/** A partial update (decision 024); the employee and the type stay as recorded. */
export const updatePrecautionSchema = z.object({
  reasonId: z.number().int().positive().optional(),
  activityId: optionalId.optional(),
  legalSourceId: optionalId.optional(),
  executingBodyId: optionalId.optional(),
  coordinatorId: optionalId.optional(),
  activityStart: isoDate.optional(),
  intervalMonths: z
    .number()
    .int()
    .min(1, 'Mindestens 1 Monat.')
    .max(120, 'Höchstens 120 Monate.')
    .nullable()
    .optional(),
  version: versionSchema,
});
export type UpdatePrecaution = z.input<typeof updatePrecautionSchema>;

export const checkupSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  /** Null for callers without PRECAUTION_ASSESSMENTS: they see that and when, not the outcome. */
  assessmentKind: z.enum(ASSESSMENT_KINDS).nullable(),
});
export type Checkup = z.infer<typeof checkupSchema>;

export const precautionSchema = z.object({
  id: z.number().int(),
  employeeId: z.number().int(),
  employeeName: z.string(),
  type: z.enum(PRECAUTION_TYPES),
  reasonId: z.number().int(),
  reasonName: z.string(),
  activityId: z.number().int().nullable(),
  activityName: z.string().nullable(),
  legalSourceId: z.number().int().nullable(),
  executingBodyId: z.number().int().nullable(),
  coordinatorId: z.number().int().nullable(),
  activityStart: z.string(),
  intervalMonths: z.number().int().nullable(),
  /** The date by which the next precaution must have taken place. */
  nextDue: z.string(),
  /** Whether nextDue is today or past. */
  due: z.boolean(),
  /** When the employee confirmed the offered examination with their password (offers only). */
  approvedAt: z.string().nullable(),
  checkups: z.array(checkupSchema),
  version: z.number().int(),
});
export type Precaution = z.infer<typeof precautionSchema>;

export const precautionQuerySchema = z.object({
  employeeId: z.coerce.number().int().positive().optional(),
  dueOnly: z.enum(['true', 'false']).optional(),
});

export const recordCheckupSchema = z.object({
  date: isoDate,
  assessmentKind: z.enum(ASSESSMENT_KINDS, { error: 'Bitte wählen Sie die Art der Beurteilung.' }),
  version: versionSchema,
});
export type RecordCheckup = z.input<typeof recordCheckupSchema>;

export const approvePrecautionSchema = z.object({
  password: z
    .string({ error: 'Bitte geben Sie Ihr Kennwort ein.' })
    .min(1, 'Bitte geben Sie Ihr Kennwort ein.'),
});
