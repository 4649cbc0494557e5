import { z } from 'zod';
import { isoDateSchema } from '../actions/actions.schema.ts';
import { booleanFlag, idSchema, listQuerySchema, versionSchema } from '../list/list.schema.ts';
import { requiredFields } from '../update.ts';

/**
 * The substitution test (Substitutionsprüfung, § 6 GefStoffV / TRGS 600; spec modules.md "Substitution test",
 * decision 050). A test covers 1 to SUBSTITUTION_MAX_SUBSTANCES substances of the register.
 */
export const SUBSTITUTION_MAX_SUBSTANCES = 10;
/** The repeat intervals of spec §9 (days). */
export const SUBSTITUTION_INTERVALS = [365, 730, 1095] as const;
export type SubstitutionInterval = (typeof SUBSTITUTION_INTERVALS)[number];
export const SUBSTITUTION_RECOMMENDATIONS = ['keep', 'new'] as const;
export type SubstitutionRecommendation = (typeof SUBSTITUTION_RECOMMENDATIONS)[number];
export const SUBSTITUTION_RISK_LEVELS = [0, 1, 2, 3, 4, 5] as const;

export const SUBSTITUTION_RECOMMENDATION_LABELS: Record<SubstitutionRecommendation, string> = {
  keep: 'Stoff beibehalten',
  new: 'Neuer Stoff',
};

export const substitutionMessages = {
  tooManySubstances: `Eine Substitutionsprüfung umfasst höchstens ${SUBSTITUTION_MAX_SUBSTANCES} Gefahrstoffe.`,
  noSubstance: 'Bitte wählen Sie mindestens einen Gefahrstoff.',
  duplicateSubstance: 'Ein Gefahrstoff ist doppelt gewählt.',
  required: 'Zum Abschließen muss dieses Feld ausgefüllt sein.',
  reasonUnchanged: 'Bitte passen Sie die übernommene Begründung an, bevor Sie speichern.',
  intervalInvalid: 'Bitte wählen Sie 365, 730 oder 1095 Tage.',
} as const;

const reasonText = z.string().trim().max(4000, 'Höchstens 4000 Zeichen erlaubt.');

const substitutionFields = {
  substanceIds: z
    .array(idSchema)
    .max(SUBSTITUTION_MAX_SUBSTANCES, substitutionMessages.tooManySubstances)
    .refine((ids) => new Set(ids).size === ids.length, substitutionMessages.duplicateSubstance)
    .default([]),
  testDate: isoDateSchema.nullable().default(null),
  riskLevel: z.number().int().min(0).max(5).nullable().default(null),
  recommendation: z.enum(SUBSTITUTION_RECOMMENDATIONS).nullable().default(null),
  reason: reasonText.default(''),
  intervalDays: z
    .number()
    .int()
    .refine(
      (v) => (SUBSTITUTION_INTERVALS as readonly number[]).includes(v),
      substitutionMessages.intervalInvalid,
    )
    .nullable()
    .default(null),
  responsibleEmployeeId: idSchema.nullable().default(null),
  finished: z.boolean().default(false),
};

type Fields = {
  substanceIds: number[];
  testDate: string | null;
  riskLevel: number | null;
  recommendation: string | null;
  reason: string;
  intervalDays: number | null;
  responsibleEmployeeId: number | null;
  finished: boolean;
};

/** The fields a finished test must have (spec: "A finished test needs all fields completed"). */
export function missingForFinish(t: Fields): (keyof Fields)[] {
  const missing: (keyof Fields)[] = [];
  if (t.substanceIds.length === 0) missing.push('substanceIds');
  if (t.testDate === null) missing.push('testDate');
  if (t.riskLevel === null) missing.push('riskLevel');
  if (t.recommendation === null) missing.push('recommendation');
  if (t.reason.trim() === '') missing.push('reason');
  if (t.intervalDays === null) missing.push('intervalDays');
  if (t.responsibleEmployeeId === null) missing.push('responsibleEmployeeId');
  return missing;
}

function finishRule(t: Fields, ctx: z.RefinementCtx) {
  if (!t.finished) return;
  for (const field of missingForFinish(t))
    ctx.addIssue({
      code: 'custom',
      path: [field],
      message: field === 'substanceIds' ? substitutionMessages.noSubstance : substitutionMessages.required,
    });
}

export const createSubstitutionTestSchema = z.object(substitutionFields).superRefine(finishRule);
export type CreateSubstitutionTest = z.input<typeof createSubstitutionTestSchema>;

/** Whole-record PUT (decision 024): every field named. */
export const updateSubstitutionTestSchema = z
  .object({ ...requiredFields(substitutionFields), version: versionSchema })
  .superRefine(finishRule);
export type UpdateSubstitutionTest = z.input<typeof updateSubstitutionTestSchema>;

/**
 * An imported test (e.g. taken over from a supplier or an older system): it starts unfinished with
 * „Stoff beibehalten“ and the reason given; it cannot be saved until the reason was changed.
 */
export const importSubstitutionTestSchema = z.object({
  substanceIds: substitutionFields.substanceIds.refine(
    (ids) => ids.length > 0,
    substitutionMessages.noSubstance,
  ),
  reason: reasonText.min(1, 'Bitte geben Sie die übernommene Begründung an.'),
  testDate: isoDateSchema.nullable().default(null),
});
export type ImportSubstitutionTest = z.input<typeof importSubstitutionTestSchema>;

export const substitutionSubstanceSchema = z.object({
  id: z.number().int(),
  designation: z.string(),
  casNumber: z.string(),
});

export const substitutionTestSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  substances: z.array(substitutionSubstanceSchema),
  testDate: z.string().nullable(),
  riskLevel: z.number().int().nullable(),
  recommendation: z.enum(SUBSTITUTION_RECOMMENDATIONS).nullable(),
  reason: z.string(),
  intervalDays: z.number().int().nullable(),
  responsibleEmployeeId: z.number().int().nullable(),
  responsibleName: z.string().nullable(),
  finished: z.boolean(),
  imported: z.boolean(),
  /** Imported and the reason not yet changed: the next save must change it. */
  reasonMustChange: z.boolean(),
  /** Finished: the day the test is due again (test date + interval), the due date of the responsible's task. */
  nextDueDate: z.string().nullable(),
});
export type SubstitutionTest = z.infer<typeof substitutionTestSchema>;

export const substitutionTestRowSchema = z.object({
  id: z.number().int(),
  substanceNames: z.string(),
  testDate: z.string().nullable(),
  riskLevel: z.number().int().nullable(),
  recommendation: z.enum(SUBSTITUTION_RECOMMENDATIONS).nullable(),
  finished: z.boolean(),
  nextDueDate: z.string().nullable(),
  responsibleName: z.string().nullable(),
});
export type SubstitutionTestRow = z.infer<typeof substitutionTestRowSchema>;

export const substitutionListQuerySchema = listQuerySchema.extend({
  /** Only the tests of this substance. */
  substanceId: idSchema.optional(),
  onlyOpen: booleanFlag.optional(),
});
export type SubstitutionListQuery = z.input<typeof substitutionListQuerySchema>;

/** Test date + interval days (yyyy-mm-dd, UTC calendar arithmetic). */
export function nextDueDate(testDate: string | null, intervalDays: number | null): string | null {
  if (!testDate || intervalDays === null) return null;
  const d = new Date(`${testDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + intervalDays);
  return d.toISOString().slice(0, 10);
}
