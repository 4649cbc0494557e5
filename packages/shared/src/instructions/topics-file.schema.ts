import { z } from 'zod';
import { booleanFlag, listQuerySchema } from '../list/list.schema.ts';
import {
  QUESTION_POOL_MAX,
  questionFields,
  questionRules,
  topicFields,
  topicListQuerySchema,
  topicRules,
} from './instructions.schema.ts';

/**
 * The file format of exported instruction topics with their questions (`*.unterweisungen.json`, decision 043):
 * what a topic is as content — not its status, effectiveness or assignments, which belong to the portal that
 * runs it. The department travels by name, the superior topic by its identifier.
 */
export const TOPICS_FILE_KIND = 'schutzwerk-instruction-topics';
export const TOPICS_FILE_MAX_TOPICS = 2000;

const {
  departmentId: _department,
  parentId: _parent,
  effectiveness: _effectiveness,
  ...contentFields
} = topicFields;

export const fileQuestionSchema = z
  .object({
    number: z
      .number({ message: 'Bitte geben Sie die Nummer der Frage als ganze Zahl an.' })
      .int('Bitte geben Sie die Nummer der Frage als ganze Zahl an.')
      .min(1, 'Die Nummer der Frage muss mindestens 1 sein.')
      .max(QUESTION_POOL_MAX * 100, 'Die Nummer der Frage ist zu groß.'),
    ...questionFields,
  })
  .superRefine(questionRules);

export const fileTopicSchema = z
  .object({
    ...contentFields,
    department: z.string().trim().max(200).nullable().default(null),
    parentIdentifier: z.string().trim().max(40).nullable().default(null),
    questions: z
      .array(fileQuestionSchema)
      .max(QUESTION_POOL_MAX, `Höchstens ${QUESTION_POOL_MAX} Fragen je Unterweisung.`),
  })
  .superRefine(topicRules)
  .superRefine((topic, ctx) => {
    const seen = new Set<number>();
    topic.questions.forEach((q, i) => {
      if (seen.has(q.number))
        ctx.addIssue({
          code: 'custom',
          path: ['questions', i, 'number'],
          message: `Die Frage Nr. ${q.number} steht zweimal in dieser Unterweisung.`,
        });
      seen.add(q.number);
    });
  });
export type FileTopic = z.output<typeof fileTopicSchema>;

export const topicsFileSchema = z.object({
  kind: z.literal(TOPICS_FILE_KIND, { message: 'Die Datei ist keine Exportdatei mit Unterweisungen.' }),
  formatVersion: z.literal(1, { message: 'Diese Version der Exportdatei wird nicht unterstützt.' }),
  topics: z
    .array(fileTopicSchema)
    .max(
      TOPICS_FILE_MAX_TOPICS,
      `Eine Datei darf höchstens ${TOPICS_FILE_MAX_TOPICS} Unterweisungen enthalten.`,
    ),
});
export type TopicsFile = z.input<typeof topicsFileSchema>;

/** Export: the topics the list shows for this search and these filters (all when none is given). */
export const topicsExportQuerySchema = topicListQuerySchema.pick({
  search: true,
  released: true,
  inactive: true,
});

/** Import and its preview: the file's text (read in the browser) and whether existing topics are updated. */
export const importTopicsSchema = z.object({
  content: z.string().max(10_000_000, { message: 'Die Datei ist zu groß.' }),
  /** Topics whose identifier exists already: updated from the file (true) or left as they are (false). */
  update: z.boolean().default(false),
});
export type ImportTopics = z.input<typeof importTopicsSchema>;

/** What the import does (or did) with one topic of the file. */
export const importTopicEntrySchema = z.object({
  identifier: z.string(),
  label: z.string(),
  /** create: new (locked); update: existing, changed from the file; unchanged: existing and equal, or kept. */
  action: z.enum(['create', 'update', 'unchanged', 'skip']),
  /** Existing topic's id (update, unchanged, skip). */
  topicId: z.number().int().nullable(),
  /** German labels of the changed fields (update). */
  changedFields: z.array(z.string()),
  questionsAdded: z.number().int(),
  questionsChanged: z.number().int(),
  /** Questions of the existing topic the file does not have: they stay. */
  questionsKept: z.number().int(),
  /** German notes: a department not found, questions kept … */
  notes: z.array(z.string()),
});
export type ImportTopicEntry = z.infer<typeof importTopicEntrySchema>;

export const importTopicsResultSchema = z.object({
  topics: z.array(importTopicEntrySchema),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.number().int(),
});
export type ImportTopicsResult = z.infer<typeof importTopicsResultSchema>;

/** German names of the fields the preview lists as changed. */
export const TOPIC_FILE_FIELD_LABELS = {
  label: 'Bezeichnung',
  number: 'Nummer',
  departmentId: 'Abteilung',
  dueDate: 'Fällig am',
  validFrom: 'Gültig ab',
  validUntil: 'Gültig bis',
  intervalDays: 'Intervall',
  mode: 'Modus',
  minScore: 'Mindestpunktzahl',
  poolCount: 'Fragenpool',
  durationDays: 'Gültigkeitsdauer',
  minutes: 'Dauer (Minuten)',
  inactive: 'Inaktiv',
  parentId: 'Übergeordnete Unterweisung',
} as const;
export type TopicFileField = keyof typeof TOPIC_FILE_FIELD_LABELS;

/** The question overview (all questions of the portal's topics, list protocol): filters and row. */
export const questionOverviewQuerySchema = listQuerySchema.extend({
  mandatory: booleanFlag.optional(),
  /** Questions of released (true) or locked (false) topics. */
  released: booleanFlag.optional(),
});
export type QuestionOverviewQuery = z.input<typeof questionOverviewQuerySchema>;

export const questionOverviewRowSchema = z.object({
  id: z.number().int(),
  topicId: z.number().int(),
  topicIdentifier: z.string(),
  topicLabel: z.string(),
  topicReleased: z.boolean(),
  number: z.number().int(),
  text: z.string(),
  mandatory: z.boolean(),
  answerCount: z.number().int(),
  rightCount: z.number().int(),
});
export type QuestionOverviewRow = z.infer<typeof questionOverviewRowSchema>;
