import { z } from 'zod';
import { isoDateSchema } from '../actions/actions.schema.ts';
import { evaluationYearSchema } from './evaluations.schema.ts';

/**
 * The effectiveness review of instruction topics (Wirksamkeitsprüfung, decision 075): the portal's review
 * criteria (settings category `instructions`, field `effectivenessCriteria`) are each rated on the evaluation
 * scale of spec §9; the reviewer's verdict sets the topic's effectiveness (1 checked effective, 2 checked not
 * effective).
 */

/** The evaluation scale of spec §9, best first: 1 = sehr gut … 5 = sehr schlecht. */
export const EFFECTIVENESS_SCALE = [1, 2, 3, 4, 5] as const;
export type EffectivenessRating = (typeof EFFECTIVENESS_SCALE)[number];
export const EFFECTIVENESS_SCALE_LABELS: Record<EffectivenessRating, string> = {
  1: 'sehr gut',
  2: 'gut',
  3: 'durchschnittlich',
  4: 'schlecht',
  5: 'sehr schlecht',
};
/** The scale word of an average (rounded to the nearest step). */
export function scaleWordOf(average: number | null): string {
  if (average === null) return '';
  const step = Math.min(5, Math.max(1, Math.round(average))) as EffectivenessRating;
  return EFFECTIVENESS_SCALE_LABELS[step];
}

export const EFFECTIVENESS_VERDICTS = ['effective', 'notEffective'] as const;
export type EffectivenessVerdict = (typeof EFFECTIVENESS_VERDICTS)[number];
/** The verdict the dialog proposes: an average of „durchschnittlich“ (3) or better is effective. */
export const proposedVerdict = (average: number): EffectivenessVerdict =>
  average <= 3 ? 'effective' : 'notEffective';

/** „Sie müssen noch N Frage(n) bewerten.“ — the web shows it before sending, the server answers it. */
export const unratedMessage = (n: number) => `Sie müssen noch ${n} Frage(n) bewerten.`;

export const effectivenessQuerySchema = z.object({ year: evaluationYearSchema });
export type EffectivenessQuery = z.input<typeof effectivenessQuerySchema>;

export const effectivenessExportQuerySchema = effectivenessQuerySchema.extend({
  format: z.enum(['xlsx', 'pdf'], { error: 'Bitte wählen Sie XLSX oder PDF.' }),
});
export type EffectivenessExportQuery = z.input<typeof effectivenessExportQuerySchema>;

/** A review as sent: one rating per criterion in the criteria's order (null = not rated yet). */
export const createEffectivenessReviewSchema = z.object({
  /** The topic's version (optimistic lock: its effectiveness is set with the review). */
  version: z.number().int().min(0),
  reviewedOn: isoDateSchema,
  /** The criteria texts as shown; the server refuses when the portal's criteria changed meanwhile. */
  criteria: z.array(z.string()).min(1).max(20),
  ratings: z
    .array(
      z
        .number()
        .int()
        .refine((v) => v >= 1 && v <= 5, { message: 'Bitte eine Stufe der Bewertungsskala wählen.' })
        .nullable(),
    )
    .min(1)
    .max(20),
  verdict: z.enum(EFFECTIVENESS_VERDICTS, { error: 'Bitte wählen Sie ein Ergebnis.' }),
  note: z.string().trim().max(2000, 'Höchstens 2000 Zeichen.').default(''),
});
export type CreateEffectivenessReview = z.input<typeof createEffectivenessReviewSchema>;

export const effectivenessReviewSchema = z.object({
  id: z.number().int(),
  topicId: z.number().int(),
  reviewedOn: z.string(),
  reviewerName: z.string(),
  criteria: z.array(z.string()),
  ratings: z.array(z.number().int()),
  average: z.number(),
  verdict: z.enum(EFFECTIVENESS_VERDICTS),
  note: z.string(),
  createdAt: z.string(),
});
export type EffectivenessReview = z.infer<typeof effectivenessReviewSchema>;

export const effectivenessTopicSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  identifier: z.string(),
  /** 0 not given, 1 checked effective, 2 checked not effective. */
  effectiveness: z.number().int(),
  version: z.number().int(),
  reviews: z.number().int(),
  lastReview: z
    .object({
      reviewedOn: z.string(),
      reviewerName: z.string(),
      average: z.number(),
      verdict: z.enum(EFFECTIVENESS_VERDICTS),
    })
    .nullable(),
  /** Completion rate of the year in percent (decision 073, the viewer's reach); null when nothing was due. */
  rate: z.number().nullable(),
  /** Answers given in first attempts of the run-through, and how many of them were right. */
  firstAttemptAnswers: z.number().int(),
  firstAttemptRight: z.number().int(),
});
export type EffectivenessTopic = z.infer<typeof effectivenessTopicSchema>;

export const effectivenessOverviewSchema = z.object({
  year: z.number().int(),
  /** The portal's review criteria in their order. */
  criteria: z.array(z.string()),
  topics: z.array(effectivenessTopicSchema),
});
export type EffectivenessOverview = z.infer<typeof effectivenessOverviewSchema>;

/** Per question of a topic: first-attempt answers and how many were right (run-through data, decision 041). */
export const effectivenessQuestionEvidenceSchema = z.object({
  questionId: z.number().int(),
  text: z.string(),
  answers: z.number().int(),
  right: z.number().int(),
});

export const effectivenessTopicDetailSchema = z.object({
  reviews: z.array(effectivenessReviewSchema),
  questions: z.array(effectivenessQuestionEvidenceSchema),
});
export type EffectivenessTopicDetail = z.infer<typeof effectivenessTopicDetailSchema>;
