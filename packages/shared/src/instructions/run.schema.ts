import { z } from 'zod';
import { idSchema } from '../list/list.schema.ts';

/**
 * The employee's run-through of an instruction (decision 041): the questions drawn for the run, one at a time;
 * every answer is checked on the server, which never sends which answers are right before they are given.
 */
export const RUN_STATUSES = ['running', 'blocked', 'passed'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** A question as the employee sees it: the answers' texts in order, no right flags. */
export const runQuestionSchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  text: z.string(),
  answers: z.array(z.string()),
  /** Whether the question shows an image (…/run/questions/:questionId/image); its alt text is the question. */
  hasImage: z.boolean(),
  /** The slide (PDF page) the question belongs to, or null (asked after the slides). */
  slide: z.number().int().nullable(),
});
export type RunQuestion = z.infer<typeof runQuestionSchema>;

export const runStateSchema = z.object({
  assignmentId: z.number().int(),
  topicIdentifier: z.string(),
  topicLabel: z.string(),
  /** 1 all right, 3 points with a minimum score. */
  mode: z.union([z.literal(1), z.literal(3)]),
  minScore: z.number().int().nullable(),
  /** running: a question waits; blocked: a second wrong answer today, go on from `blockedUntil`; passed: done. */
  status: z.enum(RUN_STATUSES),
  /** Questions answered so far in this attempt (the index of the current question). */
  position: z.number().int(),
  total: z.number().int(),
  /** Right answers (points) so far in this attempt. */
  score: z.number().int(),
  /** 1 for the first attempt; a restart (external persons, a failed points run) counts up. */
  attempt: z.number().int(),
  question: runQuestionSchema.nullable(),
  /** The day (yyyy-mm-dd, Europe/Berlin) from which a blocked run can go on. */
  blockedUntil: z.string().nullable(),
  completedAt: z.string().nullable(),
  validUntil: z.string().nullable(),
  /**
   * The presentation (decision 044), or null when the topic has none: its page count, the slide the employee is
   * on (resumed from the server) and whether they went past the last slide. A question whose slide is reached
   * is asked (`question`) and the viewer does not go further until it is answered.
   */
  presentation: z.object({ pages: z.number().int(), slide: z.number().int(), done: z.boolean() }).nullable(),
});
export type RunState = z.infer<typeof runStateSchema>;

/** Moving through the slides: to slide `slide` (1 … pages), or `done` past the last one. */
export const runSlideSchema = z.object({
  slide: z.number().int().min(1),
  done: z.boolean().optional(),
});
export type RunSlide = z.input<typeof runSlideSchema>;

export const runSlideResultSchema = z.object({
  /** Set when going past the last slide ended an attempt (a points run below the minimum starts again). */
  message: z.string().nullable(),
  restarted: z.boolean(),
  state: runStateSchema,
});
export type RunSlideResult = z.infer<typeof runSlideResultSchema>;

export const runAnswerSchema = z.object({
  questionId: idSchema,
  /** The positions (0-based) of the chosen answers. */
  chosen: z
    .array(z.number().int().min(0).max(4))
    .min(1, 'Bitte wählen Sie mindestens eine Antwort.')
    .max(5)
    .refine((list) => new Set(list).size === list.length, 'Jede Antwort nur einmal.'),
});
export type RunAnswer = z.input<typeof runAnswerSchema>;

export const runAnswerResultSchema = z.object({
  right: z.boolean(),
  /** The question's right or wrong message (or the default). */
  message: z.string(),
  /** The run started again with new questions (external persons after a wrong answer; a failed points run). */
  restarted: z.boolean(),
  state: runStateSchema,
});
export type RunAnswerResult = z.infer<typeof runAnswerResultSchema>;

/**
 * Feedback callback codes (spec §8): 0x000 message required, 0x501 message not saved (contact the
 * administrator), 0x502 saved but no mail since no supervisor is assigned, 0x800 mail sent (queued in the
 * outbox), 0x803 saved but the mail template was not found.
 */
export const FEEDBACK_CODES = ['0x000', '0x501', '0x502', '0x800', '0x803'] as const;
export type FeedbackCode = (typeof FEEDBACK_CODES)[number];
export const FEEDBACK_MAX_LENGTH = 4000;

export const feedbackSchema = z.object({
  /** Required: an empty message answers 0x000 (FEEDBACK_MESSAGE_REQUIRED). */
  message: z.string().max(FEEDBACK_MAX_LENGTH, `Höchstens ${FEEDBACK_MAX_LENGTH} Zeichen.`),
});
export type Feedback = z.input<typeof feedbackSchema>;

export const feedbackResultSchema = z.object({
  code: z.enum(FEEDBACK_CODES),
  /** The German text of the code. */
  message: z.string(),
  /** Supervisors a mail was queued for. */
  mailed: z.number().int(),
});
export type FeedbackResult = z.infer<typeof feedbackResultSchema>;

export const FEEDBACK_CODE_MESSAGES: Record<Exclude<FeedbackCode, '0x000' | '0x501'>, string> = {
  '0x800': 'Vielen Dank! Ihre Rückmeldung wurde gespeichert und an Ihre Vorgesetzten geschickt (0x800).',
  '0x502':
    'Ihre Rückmeldung wurde gespeichert, aber nicht per E-Mail verschickt: Ihnen ist keine vorgesetzte Person mit E-Mail-Adresse zugeordnet (0x502).',
  '0x803':
    'Ihre Rückmeldung wurde gespeichert, aber nicht per E-Mail verschickt: Es gibt keine E-Mail-Vorlage für Rückmeldungen (0x803).',
};
