import { z } from 'zod';
import { booleanFlag, idSchema, listQuerySchema, versionSchema } from '../list/list.schema.ts';

/**
 * Collection links (decision 067): one segment of a questionnaire — the collection it asks — sent to a person,
 * who opens it, works on it and rejects it or marks it done. Spec modules.md „Checklists“: collection link
 * statuses 0 sent, 1 opened, 2 in progress, 3 rejected, 4 done (the stored numbers).
 */
export const COLLECTION_LINK_STATUSES = ['sent', 'opened', 'in_progress', 'rejected', 'done'] as const;
export type CollectionLinkStatus = (typeof COLLECTION_LINK_STATUSES)[number];

/** The steps a recipient may take from each status; everything else is COLLECTION_LINK_STATUS_INVALID. */
export const COLLECTION_LINK_STEPS: Record<CollectionLinkStatus, readonly CollectionLinkStatus[]> = {
  sent: ['opened', 'rejected'],
  opened: ['in_progress', 'rejected'],
  in_progress: ['rejected', 'done'],
  rejected: [],
  done: [],
};

/** A link still waiting for its recipient (another link of the same segment to the same person is refused). */
export const isOpenLink = (status: CollectionLinkStatus) => status !== 'rejected' && status !== 'done';

export const collectionLinkSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  questionnaireId: z.number().int(),
  questionnaireTitle: z.string(),
  segmentKey: z.number().int(),
  segmentLabel: z.string(),
  segment: z.string(),
  recipientId: z.number().int(),
  recipientName: z.string(),
  status: z.enum(COLLECTION_LINK_STATUSES),
  sentByName: z.string(),
  sentAt: z.string(),
  openedAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  reason: z.string(),
});
export type CollectionLink = z.infer<typeof collectionLinkSchema>;

/** Sending a segment of a questionnaire to a person. */
export const sendCollectionSchema = z
  .object({
    segmentKey: z.number().int().min(1).max(100_000),
    employeeId: idSchema,
  })
  .strict();
export type SendCollection = z.infer<typeof sendCollectionSchema>;

/** A step of the recipient; a rejection needs a reason (COLLECTION_LINK_REASON_MISSING). */
export const collectionLinkStepSchema = z
  .object({
    version: versionSchema,
    status: z.enum(['opened', 'in_progress', 'rejected', 'done']),
    reason: z.string().max(2000, 'Höchstens 2000 Zeichen erlaubt.').default(''),
  })
  .strict();
export type CollectionLinkStep = z.infer<typeof collectionLinkStepSchema>;

/** The list of links (list protocol): of one questionnaire, or the ones sent to me. */
export const collectionLinkListQuerySchema = listQuerySchema.extend({
  questionnaireId: idSchema.optional(),
  mine: booleanFlag.optional().default(false),
  status: z
    .enum([...COLLECTION_LINK_STATUSES, 'all'])
    .optional()
    .default('all'),
});
