import { z } from 'zod';
import { isoDateSchema } from '../actions/actions.schema.ts';
import { booleanFlag, idSchema, listQuerySchema, versionSchema } from '../list/list.schema.ts';
import { requiredFields } from '../update.ts';

/**
 * Contracts of the instructions (Unterweisungen, spec modules.md "Instruction (definition)", "Question",
 * "Topics", §9; decision 036): topics (instruction definitions) and their questions.
 */

/** Interval options in days (spec §9); instruction intervals also allow a custom number of days. */
export const TOPIC_INTERVALS = [
  { days: 0, label: 'einmalig' },
  { days: 30, label: 'monatlich' },
  { days: 60, label: 'alle 2 Monate' },
  { days: 90, label: 'vierteljährlich' },
  { days: 180, label: 'halbjährlich' },
  { days: 365, label: 'jährlich' },
  { days: 730, label: 'alle 2 Jahre' },
  { days: 1095, label: 'alle 3 Jahre' },
  { days: 1460, label: 'alle 4 Jahre' },
  { days: 1825, label: 'alle 5 Jahre' },
] as const;
export const TOPIC_INTERVAL_DAYS: readonly number[] = TOPIC_INTERVALS.map((i) => i.days);
/** A custom interval: 1 day up to 10 years. */
export const TOPIC_INTERVAL_MAX_DAYS = 3650;
/** Validity (duration) options in days (spec §9). */
export const TOPIC_DURATION_DAYS = [30, 60, 90, 180, 365, 730, 1095, 1460, 1825] as const;

/** Mode 1: every question must be answered right; mode 3: points with a minimum score. */
export const TOPIC_MODES = [1, 3] as const;
export type TopicMode = (typeof TOPIC_MODES)[number];
/** Effectiveness: 0 not given, 1 checked effective, 2 checked not effective. */
export const TOPIC_EFFECTIVENESS = [0, 1, 2] as const;
export type TopicEffectiveness = (typeof TOPIC_EFFECTIVENESS)[number];

/** Answer choices per question (spec §9): 3, 4 or 5. */
export const ANSWERS_MIN = 3;
export const ANSWERS_MAX = 5;
export const QUESTION_POOL_MAX = 500;
export const RANGE_MAX = 99_999;

const required = (what: string, max: number) =>
  z
    .string({ message: `Bitte geben Sie ${what} an.` })
    .trim()
    .min(1, `Bitte geben Sie ${what} an.`)
    .max(max, `Höchstens ${max} Zeichen erlaubt.`);
const optionalText = (max: number) =>
  z.string().trim().max(max, `Höchstens ${max} Zeichen erlaubt.`).default('');
const optionalDate = z
  .union([isoDateSchema, z.literal('')])
  .nullable()
  .transform((v) => (v ? v : null));
const wholeNumber = (what: string, min: number, max: number) =>
  z
    .number({ message: `Bitte geben Sie ${what} als ganze Zahl an.` })
    .int(`Bitte geben Sie ${what} als ganze Zahl an.`)
    .min(min, `${what} muss zwischen ${min} und ${max} liegen.`)
    .max(max, `${what} muss zwischen ${min} und ${max} liegen.`);

export const topicFields = {
  label: required('eine Bezeichnung', 200),
  number: optionalText(40),
  identifier: required('eine Kennung', 40),
  departmentId: idSchema.nullable().default(null),
  dueDate: optionalDate.default(null),
  validFrom: optionalDate.default(null),
  validUntil: optionalDate.default(null),
  intervalDays: wholeNumber('Das Intervall (Tage)', 0, TOPIC_INTERVAL_MAX_DAYS).default(365),
  mode: z
    .union([z.literal(1), z.literal(3)], { message: 'Bitte wählen Sie einen gültigen Modus.' })
    .default(1),
  minScore: wholeNumber('Die Mindestpunktzahl', 1, QUESTION_POOL_MAX).nullable().default(null),
  poolCount: wholeNumber('Der Fragenpool', 1, QUESTION_POOL_MAX).nullable().default(null),
  durationDays: z
    .number({ message: 'Bitte wählen Sie eine gültige Gültigkeitsdauer.' })
    .int()
    .refine((v) => (TOPIC_DURATION_DAYS as readonly number[]).includes(v), {
      message: 'Bitte wählen Sie eine gültige Gültigkeitsdauer.',
    })
    .nullable()
    .default(null),
  minutes: wholeNumber('Die Dauer (Minuten)', 1, 600).nullable().default(null),
  effectiveness: z
    .union([z.literal(0), z.literal(1), z.literal(2)], {
      message: 'Bitte wählen Sie eine gültige Wirksamkeit.',
    })
    .default(0),
  inactive: z.boolean().default(false),
  parentId: idSchema.nullable().default(null),
};

/** The rules of one topic that need no database: dates in order, mode and score, pool and score. */
export function topicRules(
  v: {
    validFrom: string | null;
    validUntil: string | null;
    mode: number;
    minScore: number | null;
    poolCount: number | null;
  },
  ctx: z.RefinementCtx,
) {
  if (v.validFrom && v.validUntil && v.validFrom > v.validUntil)
    ctx.addIssue({
      code: 'custom',
      path: ['validUntil'],
      message: '„Gültig bis“ darf nicht vor „Gültig ab“ liegen.',
    });
  if (v.mode === 3 && v.minScore === null)
    ctx.addIssue({
      code: 'custom',
      path: ['minScore'],
      message: 'Im Modus „Punkte“ ist eine Mindestpunktzahl nötig.',
    });
  if (v.mode === 3 && v.minScore !== null && v.poolCount !== null && v.minScore > v.poolCount)
    ctx.addIssue({
      code: 'custom',
      path: ['minScore'],
      message: 'Die Mindestpunktzahl darf nicht größer sein als der Fragenpool.',
    });
}

export const createTopicSchema = z.object(topicFields).superRefine(topicRules);
export type CreateTopic = z.input<typeof createTopicSchema>;
/** A whole-record update (decision 024): every field required, no defaults. */
export const updateTopicSchema = z
  .object({ ...requiredFields(topicFields), version: versionSchema })
  .superRefine(topicRules);
export type UpdateTopic = z.input<typeof updateTopicSchema>;
export type TopicFields = z.output<typeof createTopicSchema>;

/** Release or lock: an action on the record's version. */
export const topicStatusSchema = z.object({ version: versionSchema });

export const answerInputSchema = z.object({
  text: required('den Text der Antwort', 500),
  right: z.boolean({ message: 'Bitte geben Sie an, ob die Antwort richtig ist.' }),
});
export type AnswerInput = z.infer<typeof answerInputSchema>;

const rangeValue = (what: string) => wholeNumber(what, 0, RANGE_MAX).nullable().default(null);

export const questionFields = {
  text: required('den Text der Frage', 2000),
  answers: z
    .array(answerInputSchema)
    .min(ANSWERS_MIN, `Eine Frage hat ${ANSWERS_MIN} bis ${ANSWERS_MAX} Antworten.`)
    .max(ANSWERS_MAX, `Eine Frage hat ${ANSWERS_MIN} bis ${ANSWERS_MAX} Antworten.`),
  mandatory: z.boolean().default(false),
  slideFrom: rangeValue('Die Folie'),
  slideTo: rangeValue('Die Folie'),
  pageFrom: rangeValue('Die Seite'),
  pageTo: rangeValue('Die Seite'),
  secondFrom: rangeValue('Die Sekunde'),
  secondTo: rangeValue('Die Sekunde'),
  rightMessage: optionalText(1000),
  wrongMessage: optionalText(1000),
};

const RANGES = [
  ['slideFrom', 'slideTo', 'Folie'],
  ['pageFrom', 'pageTo', 'Seite'],
  ['secondFrom', 'secondTo', 'Sekunde'],
] as const;

/** At least one right answer; a range's end needs its start and is not before it. */
export function questionRules(
  v: { answers: AnswerInput[] } & Record<(typeof RANGES)[number][0 | 1], number | null>,
  ctx: z.RefinementCtx,
) {
  if (v.answers.length >= ANSWERS_MIN && !v.answers.some((a) => a.right))
    ctx.addIssue({
      code: 'custom',
      path: ['answers'],
      message: 'Mindestens eine Antwort muss richtig sein.',
    });
  for (const [from, to, what] of RANGES) {
    const a = v[from];
    const b = v[to];
    if (b !== null && a === null)
      ctx.addIssue({ code: 'custom', path: [from], message: `Bitte geben Sie die erste ${what} an.` });
    if (a !== null && b !== null && a > b)
      ctx.addIssue({
        code: 'custom',
        path: [to],
        message: `Die letzte ${what} darf nicht vor der ersten liegen.`,
      });
  }
}

/** `raisePoolCount`: the answer to the offer — raise the topic's pool to the mandatory count. */
export const createQuestionSchema = z
  .object({ ...questionFields, raisePoolCount: z.boolean().default(false) })
  .superRefine(questionRules);
export type CreateQuestion = z.input<typeof createQuestionSchema>;
export const updateQuestionSchema = z
  .object({
    ...requiredFields(questionFields),
    version: versionSchema,
    raisePoolCount: z.boolean().default(false),
  })
  .superRefine(questionRules);
export type UpdateQuestion = z.input<typeof updateQuestionSchema>;
export type QuestionFields = z.output<typeof createQuestionSchema>;

export const questionParamsSchema = z.object({ id: idSchema, questionId: idSchema });

export const answerSchema = z.object({ text: z.string(), right: z.boolean() });
export const questionSchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  text: z.string(),
  answers: z.array(answerSchema),
  mandatory: z.boolean(),
  slideFrom: z.number().int().nullable(),
  slideTo: z.number().int().nullable(),
  pageFrom: z.number().int().nullable(),
  pageTo: z.number().int().nullable(),
  secondFrom: z.number().int().nullable(),
  secondTo: z.number().int().nullable(),
  rightMessage: z.string(),
  wrongMessage: z.string(),
  /** Whether the question has an image (decision 044; fetched from …/questions/:id/image). */
  hasImage: z.boolean(),
  version: z.number().int(),
});
export type Question = z.infer<typeof questionSchema>;

/** The presentation file of a topic (decision 044): a PDF shown page by page in the run-through. */
export const topicPresentationSchema = z.object({ fileName: z.string(), pages: z.number().int() });
export type TopicPresentation = z.infer<typeof topicPresentationSchema>;

/** Size limits of a topic's files (decision 044). */
export const PRESENTATION_MAX_BYTES = 50 * 1024 * 1024;
export const QUESTION_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The image types a question accepts (sniffed from the content on the server). */
export const QUESTION_IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp'] as const;

/** Optimistic locking of a file upload or removal: the record's version in the query. */
export const fileVersionQuerySchema = z.object({
  version: z.coerce.number().int().min(1),
  /** The file's name as the user chose it (uploads only). */
  fileName: z.string().max(255).optional(),
});
export type FileVersionQuery = z.infer<typeof fileVersionQuerySchema>;

const topicLinkSchema = z.object({
  id: z.number().int(),
  identifier: z.string(),
  label: z.string(),
  released: z.boolean(),
});
export type TopicLink = z.infer<typeof topicLinkSchema>;

export const topicSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  number: z.string(),
  identifier: z.string(),
  departmentId: z.number().int().nullable(),
  departmentName: z.string().nullable(),
  dueDate: z.string().nullable(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  intervalDays: z.number().int(),
  mode: z.union([z.literal(1), z.literal(3)]),
  minScore: z.number().int().nullable(),
  poolCount: z.number().int().nullable(),
  durationDays: z.number().int().nullable(),
  minutes: z.number().int().nullable(),
  effectiveness: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  inactive: z.boolean(),
  /** Status of spec "Topics": released (employees may complete it) or locked. */
  released: z.boolean(),
  parent: topicLinkSchema.nullable(),
  child: topicLinkSchema.nullable(),
  /** The presentation file (PDF slides), or null. */
  presentation: topicPresentationSchema.nullable(),
  questions: z.array(questionSchema),
  version: z.number().int(),
});
export type Topic = z.infer<typeof topicSchema>;

export const topicListQuerySchema = listQuerySchema.extend({
  /** Filter by status: released or locked. */
  released: booleanFlag.optional(),
  /** Filter by the inactive flag (left out: both). */
  inactive: booleanFlag.optional(),
});
export type TopicListQuery = z.input<typeof topicListQuerySchema>;

export const topicRowSchema = z.object({
  id: z.number().int(),
  identifier: z.string(),
  number: z.string(),
  label: z.string(),
  intervalDays: z.number().int(),
  mode: z.number().int(),
  released: z.boolean(),
  inactive: z.boolean(),
  questionCount: z.number().int(),
  parentLabel: z.string().nullable(),
});
export type TopicRow = z.infer<typeof topicRowSchema>;
