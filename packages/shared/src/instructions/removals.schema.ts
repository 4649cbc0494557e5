import { z } from 'zod';
import { idSchema, listQuerySchema, versionSchema } from '../list/list.schema.ts';
import { ASSIGNMENT_TYPES } from './assignments.schema.ts';

/**
 * Removing an open instruction item with a classification (decision 080, spec §8 "instruction-removal
 * classification errors have codes 0 to −4: choose action, choose element, give reason, answer in full
 * sentences"). The action says why the employee no longer has to complete it; „ersetzt“ names the replacing
 * topic (the element); the reason is written in full sentences.
 */
export const REMOVAL_ACTIONS = ['assignedByMistake', 'activityEnded', 'replaced', 'proofElsewhere'] as const;
export type RemovalAction = (typeof REMOVAL_ACTIONS)[number];
export const REMOVAL_ACTION_LABELS: Record<RemovalAction, string> = {
  assignedByMistake: 'Irrtümlich zugewiesen',
  activityEnded: 'Tätigkeit oder Gefährdung entfällt',
  replaced: 'Durch eine andere Unterweisung ersetzt',
  proofElsewhere: 'Nachweis liegt anderweitig vor (z. B. externe Schulung)',
};
export const REASON_MAX_LENGTH = 2000;

/** The request: the fields are checked by `classifyRemoval` (in order), so the answer names the first gap. */
export const removeAssignmentSchema = z.object({
  version: versionSchema,
  action: z.enum(REMOVAL_ACTIONS, { message: 'Bitte wählen Sie eine der angebotenen Maßnahmen.' }).nullish(),
  replacementTopicId: idSchema.nullish(),
  reason: z
    .string()
    .max(REASON_MAX_LENGTH, `Die Begründung darf höchstens ${REASON_MAX_LENGTH} Zeichen lang sein.`)
    .default(''),
});
export type RemoveAssignment = z.input<typeof removeAssignmentSchema>;

/** The spec's classification codes: 0 complete, −1 no action, −2 no element, −3 no reason, −4 not in sentences. */
export type RemovalClassification = 0 | -1 | -2 | -3 | -4;
export const REMOVAL_CLASSIFICATION_FIELDS = {
  '-1': 'action',
  '-2': 'replacementTopicId',
  '-3': 'reason',
  '-4': 'reason',
} as const;

/**
 * Full sentences: begins with a capital letter or a digit, holds at least three words of two letters or more,
 * and every sentence ends with a full stop, question or exclamation mark (closing quotes or brackets may follow).
 */
export function isInFullSentences(text: string): boolean {
  const trimmed = text.trim();
  if (!/^[\p{Lu}\d„"']/u.test(trimmed)) return false;
  if ((trimmed.match(/\p{L}{2,}/gu) ?? []).length < 3) return false;
  return /[.!?…][\s"'“”»)]*$/u.test(trimmed);
}

/** The first gap of a removal in the spec's order; 0 when it is complete. */
export function classifyRemoval(input: {
  action?: RemovalAction | null | undefined;
  replacementTopicId?: number | null | undefined;
  reason?: string | null | undefined;
}): RemovalClassification {
  if (!input.action) return -1;
  if (input.action === 'replaced' && !input.replacementTopicId) return -2;
  const reason = (input.reason ?? '').trim();
  if (reason === '') return -3;
  if (!isInFullSentences(reason)) return -4;
  return 0;
}

export const removalListQuerySchema = listQuerySchema.extend({
  topicId: idSchema.optional(),
  employeeId: idSchema.optional(),
});
export type RemovalListQuery = z.input<typeof removalListQuerySchema>;

export const removalRowSchema = z.object({
  id: z.number().int(),
  employeeId: z.number().int(),
  employeeName: z.string(),
  personnelNumber: z.string(),
  topicId: z.number().int().nullable(),
  topicIdentifier: z.string(),
  topicLabel: z.string(),
  itemType: z.enum(ASSIGNMENT_TYPES),
  dueDate: z.string(),
  action: z.enum(REMOVAL_ACTIONS),
  replacementTopic: z.object({ id: z.number().int(), identifier: z.string(), label: z.string() }).nullable(),
  reason: z.string(),
  removedBy: z.string().nullable(),
  removedAt: z.string(),
});
export type RemovalRow = z.infer<typeof removalRowSchema>;
