import { z } from 'zod';
import { booleanFlag, idSchema, listQuerySchema, versionSchema } from '../list/list.schema.ts';
import { requiredFields } from '../update.ts';
import {
  CHECKLIST_MODULES,
  checklistInstanceSchema,
  checklistRightSchema,
  checklistSchema,
} from './checklists.schema.ts';
import { collectionLinkSchema } from './questionnaire-links.schema.ts';

/**
 * Contracts of checklist collections, questionnaire types (Fragebogentypen) and questionnaires (Fragebogen)
 * (spec shell.md routes `/checklists/tree*`, pickers checklist_collection, checklist_collectiontree,
 * checklist_segment; modules.md "Checklists": a collection keeps at least one checklist; decision 058).
 */

const text = (what: string, max: number) =>
  z.string().trim().min(1, `Bitte geben Sie ${what} an.`).max(max, `Höchstens ${max} Zeichen erlaubt.`);

// ── collections ───────────────────────────────────────────────────────────────────────────────────

export const COLLECTION_NEEDS_CHECKLIST = 'Eine Sammlung muss mindestens eine Checkliste enthalten.';

const collectionFields = {
  label: text('eine Bezeichnung', 200),
  /** null: the server answers UNDEFINED_COLLECTION_MODULE. */
  module: z.enum(CHECKLIST_MODULES).nullable(),
  checklistIds: z
    .array(idSchema)
    .min(1, COLLECTION_NEEDS_CHECKLIST)
    .max(200)
    .refine((ids) => new Set(ids).size === ids.length, 'Jede Checkliste nur einmal aufnehmen.'),
};
export const createCollectionSchema = z.object(collectionFields).strict();
export type CreateCollection = z.infer<typeof createCollectionSchema>;
export const updateCollectionSchema = z
  .object({ version: versionSchema, ...requiredFields(collectionFields) })
  .strict();
export type UpdateCollection = z.infer<typeof updateCollectionSchema>;

export const collectionSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  label: z.string(),
  module: z.enum(CHECKLIST_MODULES),
  checklists: z.array(z.object({ id: z.number().int(), label: z.string(), active: z.boolean() })),
  updatedAt: z.string(),
});
export type Collection = z.infer<typeof collectionSchema>;

/** Picker checklist_collection (spec shell §3.2: label) and the admin list. */
export const collectionRowSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  module: z.enum(CHECKLIST_MODULES),
  checklistCount: z.number().int(),
});
export type CollectionRow = z.infer<typeof collectionRowSchema>;

// ── questionnaire types (the tree of collections with segments) ──────────────────────────────────

/**
 * One segment of a questionnaire type: a node of the tree (`parentKey` null = top level) that asks the
 * checklists of one collection. `segment` is its number as shown (e.g. "1.2"); `brickId` links the
 * segment's questions to a hazard brick: a comment on one of them creates or updates that hazard in the
 * assessment the questionnaire belongs to.
 */
export const segmentSchema = z.object({
  key: z.number().int().min(1).max(100_000),
  parentKey: z.number().int().min(1).max(100_000).nullable(),
  label: text('eine Bezeichnung des Segments', 200),
  segment: z.string().trim().max(40, 'Höchstens 40 Zeichen erlaubt.'),
  collectionId: idSchema.nullable(),
  brickId: idSchema.nullable(),
  /**
   * Segment rights (spec rights types employee, role, location; decision 067): empty = everyone with the
   * questionnaire rights; else only the named ones see the segment, and those with `edit` fill it.
   */
  rights: z
    .array(checklistRightSchema)
    .max(200)
    .refine(
      (rights) => new Set(rights.map((r) => `${r.kind}:${r.id}`)).size === rights.length,
      'Jeder Mitarbeiter, jede Rolle und jeder Ort darf nur einmal in den Rechten stehen.',
    )
    .default([]),
});
export type Segment = z.infer<typeof segmentSchema>;

/** Tree rules: keys unique, parents exist, no cycle (shared by the editor and the server). */
export function checkSegments(segments: Segment[], ctx: z.RefinementCtx): void {
  const keys = new Set<number>();
  segments.forEach((s, i) => {
    if (keys.has(s.key))
      ctx.addIssue({ code: 'custom', path: ['segments', i, 'key'], message: 'Doppeltes Segment.' });
    keys.add(s.key);
  });
  const parentOf = new Map(segments.map((s) => [s.key, s.parentKey]));
  segments.forEach((s, i) => {
    if (s.parentKey === null) return;
    if (!keys.has(s.parentKey)) {
      ctx.addIssue({
        code: 'custom',
        path: ['segments', i, 'parentKey'],
        message: 'Das übergeordnete Segment fehlt.',
      });
      return;
    }
    const seen = new Set<number>([s.key]);
    let p: number | null = s.parentKey;
    while (p !== null) {
      if (seen.has(p)) {
        ctx.addIssue({
          code: 'custom',
          path: ['segments', i, 'parentKey'],
          message: 'Ein Segment kann nicht unter sich selbst liegen.',
        });
        return;
      }
      seen.add(p);
      p = parentOf.get(p) ?? null;
    }
  });
}

const typeFields = {
  title: z.string().trim().max(200, 'Höchstens 200 Zeichen erlaubt.'),
  module: z.enum(CHECKLIST_MODULES).default('general'),
  active: z.boolean().default(true),
  segments: z.array(segmentSchema).max(500).default([]),
};
/** Title and segments' collections are checked by the server with the spec's codes (MISSING_DESCRIPTION …). */
export const createQuestionnaireTypeSchema = z
  .object(typeFields)
  .strict()
  .superRefine((v, ctx) => checkSegments(v.segments, ctx));
export type CreateQuestionnaireType = z.infer<typeof createQuestionnaireTypeSchema>;
export const updateQuestionnaireTypeSchema = z
  .object({ version: versionSchema, ...requiredFields(typeFields) })
  .strict()
  .superRefine((v, ctx) => checkSegments(v.segments, ctx));
export type UpdateQuestionnaireType = z.infer<typeof updateQuestionnaireTypeSchema>;

export const questionnaireTypeSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  title: z.string(),
  module: z.enum(CHECKLIST_MODULES),
  active: z.boolean(),
  segments: z.array(
    segmentSchema.extend({
      collectionLabel: z.string().nullable(),
      brickTitle: z.string().nullable(),
      rights: z.array(checklistRightSchema.extend({ name: z.string() })),
    }),
  ),
  questionnaireCount: z.number().int(),
  updatedAt: z.string(),
});
export type QuestionnaireType = z.infer<typeof questionnaireTypeSchema>;

/** Picker checklist_collectiontree (spec shell §3.2: title) and the admin list. */
export const questionnaireTypeRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  module: z.enum(CHECKLIST_MODULES),
  active: z.boolean(),
  segmentCount: z.number().int(),
});
export type QuestionnaireTypeRow = z.infer<typeof questionnaireTypeRowSchema>;
export const questionnaireTypeListQuerySchema = listQuerySchema.extend({
  status: z.enum(['active', 'inactive', 'all']).optional().default('active'),
});

/**
 * Picker checklist_segment (spec shell §3.2: label, segment): the segments of one questionnaire type the actor
 * may see by the segment rights (decision 070); with `questionnaireId` the segments of that questionnaire of the
 * type (its copy, with the links' access), with `fillable` only those the actor may fill.
 */
export const segmentPickerQuerySchema = listQuerySchema.extend({
  typeId: idSchema,
  questionnaireId: idSchema.optional(),
  fillable: booleanFlag.optional().default(false),
});
export const segmentRowSchema = z.object({
  key: z.number().int(),
  label: z.string(),
  segment: z.string(),
});
export type SegmentRow = z.infer<typeof segmentRowSchema>;

// ── questionnaires ────────────────────────────────────────────────────────────────────────────────

/** The viewer's view modes (route `/checklists/tree/{viewMode}/{id}`): fill in or read only. */
export const VIEW_MODES = ['edit', 'read'] as const;
export type ViewMode = (typeof VIEW_MODES)[number];
export const QUESTIONNAIRE_STATUSES = ['open', 'done'] as const;

export const createQuestionnaireSchema = z
  .object({
    typeId: idSchema,
    title: text('eine Bezeichnung', 200),
  })
  .strict();
export type CreateQuestionnaire = z.infer<typeof createQuestionnaireSchema>;

export const updateQuestionnaireSchema = z
  .object({
    version: versionSchema,
    title: text('eine Bezeichnung', 200),
    status: z.enum(QUESTIONNAIRE_STATUSES),
  })
  .strict();
export type UpdateQuestionnaire = z.infer<typeof updateQuestionnaireSchema>;

export const questionnaireRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  typeTitle: z.string(),
  status: z.enum(QUESTIONNAIRE_STATUSES),
  hazardAnalysisId: z.number().int().nullable(),
  updatedAt: z.string(),
});
export type QuestionnaireRow = z.infer<typeof questionnaireRowSchema>;
export const questionnaireListQuerySchema = listQuerySchema.extend({
  status: z.enum(['open', 'done', 'all']).optional().default('all'),
});

/** One checklist of one segment in a questionnaire: its definition and its filled instance. */
export const questionnaireEntrySchema = z.object({
  entryId: z.number().int(),
  checklist: checklistSchema,
  instance: checklistInstanceSchema,
});
export type QuestionnaireEntry = z.infer<typeof questionnaireEntrySchema>;

export const questionnaireSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  title: z.string(),
  status: z.enum(QUESTIONNAIRE_STATUSES),
  typeId: z.number().int(),
  typeTitle: z.string(),
  hazardAnalysisId: z.number().int().nullable(),
  mode: z.enum(VIEW_MODES),
  /** May the actor fill it in (edit mode and the right and not done)? */
  editable: z.boolean(),
  segments: z.array(
    z.object({
      key: z.number().int(),
      parentKey: z.number().int().nullable(),
      label: z.string(),
      segment: z.string(),
      collectionId: z.number().int().nullable(),
      brickId: z.number().int().nullable(),
      brickTitle: z.string().nullable(),
      /** The brick's identifier: the guid a comment names (CHECKLIST_COMMENT_HAZARDBRICK_GUID). */
      brickIdentifier: z.string().nullable(),
      /** May the actor fill this segment (the questionnaire's `editable` and the segment rights)? */
      editable: z.boolean(),
      /** Sent to people (collection links, decision 067). */
      links: z.array(collectionLinkSchema),
      entries: z.array(questionnaireEntrySchema),
    }),
  ),
  updatedAt: z.string(),
});
export type Questionnaire = z.infer<typeof questionnaireSchema>;

export const questionnaireViewParamsSchema = z.object({ id: idSchema, mode: z.string().max(40) });

/** Starting the questionnaire of a hazard assessment (its route). */
export const startRouteSchema = z
  .object({ version: versionSchema, typeId: idSchema, title: text('eine Bezeichnung', 200) })
  .strict();
export type StartRoute = z.infer<typeof startRouteSchema>;

/**
 * A comment on a question (checklist comment creation): names the questionnaire's version, the segment,
 * the collection, the checklist, the cell and the hazard brick of the segment. On a questionnaire of a
 * hazard assessment it creates or updates the brick's hazard there; errors CHECKLIST_COMMENT_*.
 */
export const checklistCommentSchema = z
  .object({
    treeVersion: z.number().int().min(0).max(2_147_483_647).nullable(),
    segmentKey: z.number().int().min(1).max(100_000),
    collectionId: z.number().int().min(0).max(2_147_483_647).nullable(),
    checklistId: z.number().int().min(0).max(2_147_483_647).nullable(),
    cell: z.string().max(40),
    brickGuid: z.string().max(40).nullable(),
    comment: z.string().max(4000),
  })
  .strict();
export type ChecklistComment = z.infer<typeof checklistCommentSchema>;
export const checklistCommentResultSchema = z.object({
  hazardId: z.number().int(),
  created: z.boolean(),
  questionnaireVersion: z.number().int(),
});
export type ChecklistCommentResult = z.infer<typeof checklistCommentResultSchema>;
