import { z } from 'zod';
import { isoDateSchema } from '../actions/actions.schema.ts';
import { CHECKLIST_INSTANCE_STATUSES } from '../checklists/checklists.schema.ts';
import { idSchema, listQuerySchema, versionSchema } from '../list/list.schema.ts';
import { requiredFields } from '../update.ts';

/**
 * Approval processes (Freigabevorgänge, decision 059): an audit with responsible, executor, affected employees
 * and participants (spec modules.md: audit roles), its checklists in order, states, findings as actions.
 */

export const AUDIT_STATUSES = ['planned', 'in_progress', 'done', 'cancelled'] as const;
export type AuditStatus = (typeof AUDIT_STATUSES)[number];
export const AUDIT_ROLES = ['responsible', 'executor', 'affected', 'participant'] as const;
export type AuditRole = (typeof AUDIT_ROLES)[number];
export const AUDIT_TRANSITIONS = ['start', 'finish', 'cancel'] as const;
export type AuditTransition = (typeof AUDIT_TRANSITIONS)[number];

/**
 * The viewer status choices of a checklist (spec: undone, visible, undone and visible, done, done and
 * visible): done or not, and visible (shared with the audit's people) or not.
 */
export const VIEWER_STATUSES = ['undone', 'visible', 'undone_visible', 'done', 'done_visible'] as const;
export type ViewerStatus = (typeof VIEWER_STATUSES)[number];

/** Whether a checklist state matches a viewer status choice. */
export function matchesViewerStatus(
  state: { status: (typeof CHECKLIST_INSTANCE_STATUSES)[number]; visible: boolean },
  choice: ViewerStatus,
): boolean {
  switch (choice) {
    case 'undone':
      return state.status === 'undone';
    case 'visible':
      return state.visible;
    case 'undone_visible':
      return state.status === 'undone' && state.visible;
    case 'done':
      return state.status === 'done';
    case 'done_visible':
      return state.status === 'done' && state.visible;
  }
}

const people = z.array(idSchema).max(200, 'Höchstens 200 Personen erlaubt.');

const auditFields = {
  title: z
    .string()
    .trim()
    .min(1, 'Bitte geben Sie einen Titel an.')
    .max(200, 'Höchstens 200 Zeichen erlaubt.'),
  description: z.string().trim().max(4000, 'Höchstens 4000 Zeichen erlaubt.').default(''),
  plannedOn: isoDateSchema.nullable().default(null),
  responsibleId: idSchema,
  executorId: idSchema,
  affectedIds: people.default([]),
  participantIds: people.default([]),
  checklistIds: z
    .array(idSchema)
    .min(1, 'Bitte wählen Sie mindestens eine Checkliste aus.')
    .max(50, 'Höchstens 50 Checklisten erlaubt.')
    .refine((ids) => new Set(ids).size === ids.length, 'Jede Checkliste nur einmal.'),
};

export const createAuditSchema = z.object(auditFields).strict();
export type CreateAudit = z.infer<typeof createAuditSchema>;
export const updateAuditSchema = z
  .object({ version: versionSchema, ...requiredFields(auditFields) })
  .strict();
export type UpdateAudit = z.infer<typeof updateAuditSchema>;

export const auditTransitionSchema = z
  .object({ version: versionSchema, action: z.enum(AUDIT_TRANSITIONS) })
  .strict();
export type AuditTransitionInput = z.infer<typeof auditTransitionSchema>;

const personSchema = z.object({ id: z.number().int(), name: z.string() });

export const auditChecklistSchema = z.object({
  checklistId: z.number().int(),
  label: z.string(),
  instanceId: z.number().int(),
  status: z.enum(CHECKLIST_INSTANCE_STATUSES),
  visible: z.boolean(),
  progress: z.number().int(),
  requiredProgress: z.number().int(),
  /** Locked until the checklist before it reached its required progress (unlock by progress). */
  locked: z.boolean(),
  passwordProtected: z.boolean(),
});
export type AuditChecklist = z.infer<typeof auditChecklistSchema>;

export const auditSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  title: z.string(),
  description: z.string(),
  status: z.enum(AUDIT_STATUSES),
  plannedOn: z.string().nullable(),
  finishedAt: z.string().nullable(),
  responsible: personSchema,
  executor: personSchema,
  affected: z.array(personSchema),
  participants: z.array(personSchema),
  checklists: z.array(auditChecklistSchema),
  /** What the caller may do (the server checks again). */
  canEdit: z.boolean(),
  canRelease: z.boolean(),
  updatedAt: z.string(),
});
export type Audit = z.infer<typeof auditSchema>;

export const auditListQuerySchema = listQuerySchema.extend({
  status: z
    .enum([...AUDIT_STATUSES, 'all'])
    .optional()
    .default('all'),
});
export const auditRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.enum(AUDIT_STATUSES),
  plannedOn: z.string().nullable(),
  responsibleName: z.string(),
  executorName: z.string(),
  checklistCount: z.number().int(),
  doneCount: z.number().int(),
  updatedAt: z.string(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;

export const createFindingSchema = z
  .object({
    designation: z
      .string()
      .trim()
      .min(1, 'Bitte geben Sie eine Bezeichnung an.')
      .max(500, 'Höchstens 500 Zeichen erlaubt.'),
    description: z.string().trim().max(4000, 'Höchstens 4000 Zeichen erlaubt.').default(''),
    responsibleId: idSchema,
    dueDate: isoDateSchema.nullable().default(null),
  })
  .strict();
export type CreateFinding = z.infer<typeof createFindingSchema>;

// ── protected checklists and the viewer status (decision 059) ─────────────────────────────────────────

export const checklistPasswordSchema = z
  .object({
    /** null removes the protection. */
    password: z
      .string()
      .min(4, 'Das Passwort muss mindestens 4 Zeichen lang sein.')
      .max(200, 'Höchstens 200 Zeichen erlaubt.')
      .nullable(),
  })
  .strict();
export type ChecklistPasswordInput = z.infer<typeof checklistPasswordSchema>;

export const checklistUnlockSchema = z
  .object({ password: z.string().min(1, 'Bitte geben Sie das Passwort ein.').max(200) })
  .strict();

export const checklistProtectionSchema = z.object({
  passwordProtected: z.boolean(),
  /** Whether the caller has unlocked it (always true when it is not protected). */
  unlocked: z.boolean(),
});
export type ChecklistProtection = z.infer<typeof checklistProtectionSchema>;

export const instanceVisibilitySchema = z.object({ version: versionSchema, visible: z.boolean() }).strict();
