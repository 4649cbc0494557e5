import { z } from 'zod';
import { idSchema, listQuerySchema, versionSchema } from '../list/list.schema.ts';
import { requiredFields } from '../update.ts';

/**
 * Contracts of actions (Maßnahmen) and tasks (Aufgaben), spec modules.md "Action", "Tasks and action
 * problems", §8 "Action reports"; decision 020. Actions belong to a source (a hazard, later a substance,
 * an audit …; 'general' for stand-alone actions).
 */

/** Action types in STOP order (substitution before technical before organisational before personal). */
export const ACTION_TYPES = ['substitution', 'technical', 'organisational', 'personal'] as const;
export type ActionType = (typeof ACTION_TYPES)[number];
export const ACTION_TYPE_LABELS: Record<ActionType, string> = {
  substitution: 'Substitution',
  technical: 'Technisch',
  organisational: 'Organisatorisch',
  personal: 'Personenbezogen',
};

/** Immediate-action categories as bit flags (spec modules.md). */
export const IMMEDIATE_FLAGS = { safety: 1, occupationalMedical: 2, organisational: 4, personal: 8 } as const;
export type ImmediateFlag = keyof typeof IMMEDIATE_FLAGS;
export const IMMEDIATE_FLAG_LABELS: Record<ImmediateFlag, string> = {
  safety: 'Sicherheit',
  occupationalMedical: 'Arbeitsmedizin',
  organisational: 'Organisation',
  personal: 'Persönlich',
};
export const IMMEDIATE_FLAGS_MAX = 15;

export const EFFECTIVENESS = ['notChecked', 'effective', 'notEffective'] as const;
export type Effectiveness = (typeof EFFECTIVENESS)[number];
export const EFFECTIVENESS_LABELS: Record<Effectiveness, string> = {
  notChecked: 'Nicht geprüft',
  effective: 'Wirksam',
  notEffective: 'Nicht wirksam',
};

export const EXECUTOR_KINDS = ['none', 'employee', 'external'] as const;
export type ExecutorKind = (typeof EXECUTOR_KINDS)[number];

/** The source type of stand-alone actions (registered by the actions module itself). */
export const GENERAL_SOURCE = 'general';
export const SOURCE_TYPE_PATTERN = /^[a-z][a-z0-9_-]{0,39}$/;

export const TASK_KINDS = ['action', 'release', 'check', 'document'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];
export const TASK_STATES = ['open', 'problem', 'done'] as const;
export type TaskState = (typeof TASK_STATES)[number];

/** ISO date (yyyy-mm-dd). */
export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Bitte geben Sie ein gültiges Datum ein.' })
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    { message: 'Bitte geben Sie ein gültiges Datum ein.' },
  )
  .refine((v) => v >= '1753-01-01' && v <= '9999-12-31', {
    message: 'Das Datum muss zwischen dem 01.01.1753 und dem 31.12.9999 liegen.',
  });
const optionalDate = z
  .union([isoDateSchema, z.literal('')])
  .nullish()
  .transform((v) => (v ? v : null));
/** The same date, but the key must be there (null or '' = none): for the whole-record update. */
const givenDate = z
  .union([isoDateSchema, z.literal('')])
  .nullable()
  .transform((v) => (v ? v : null));

const employeeIds = z.array(idSchema).max(500, 'Höchstens 500 Personen erlaubt.').default([]);

export const sourceTypeSchema = z
  .string()
  .regex(SOURCE_TYPE_PATTERN, { message: 'Unbekannte Herkunft der Maßnahme.' });

/** The editable fields of an action (create and update); German messages for the form. */
const actionFieldsShape = {
  designation: z
    .string()
    .trim()
    .min(1, 'Bitte geben Sie eine Bezeichnung an.')
    .max(500, 'Höchstens 500 Zeichen erlaubt.'),
  description: z.string().trim().max(8000, 'Höchstens 8000 Zeichen erlaubt.').default(''),
  type: z.enum(ACTION_TYPES, { message: 'Bitte wählen Sie eine Art der Maßnahme.' }).nullable().default(null),
  dueDate: optionalDate,
  done: z.boolean().default(false),
  locationId: idSchema.nullable().default(null),
  responsibleId: z
    .number({ message: 'Bitte wählen Sie eine verantwortliche Person.' })
    .int()
    .positive('Bitte wählen Sie eine verantwortliche Person.'),
  executorKind: z.enum(EXECUTOR_KINDS).default('none'),
  executorId: idSchema.nullable().default(null),
  externalExecutor: z.string().trim().max(200, 'Höchstens 200 Zeichen erlaubt.').default(''),
  participantIds: employeeIds,
  observerIds: employeeIds,
  affectedIds: employeeIds,
  informational: z.boolean().default(false),
  immediateFlags: z
    .number()
    .int()
    .min(0)
    .max(IMMEDIATE_FLAGS_MAX, 'Ungültige Kategorie der Sofortmaßnahme.')
    .default(0),
  effectiveness: z.enum(EFFECTIVENESS).default('notChecked'),
  effectivenessCheckedOn: optionalDate,
  effectivenessCheckedById: idSchema.nullable().default(null),
};

type RuleInput = {
  executorKind: ExecutorKind;
  executorId: number | null;
  externalExecutor: string;
  effectiveness: Effectiveness;
  effectivenessCheckedOn: string | null;
};
function actionRules(v: RuleInput, ctx: z.RefinementCtx) {
  if (v.executorKind === 'employee' && v.executorId === null)
    ctx.addIssue({
      code: 'custom',
      path: ['executorId'],
      message: 'Bitte wählen Sie eine ausführende Person.',
    });
  if (v.executorKind === 'external' && v.externalExecutor === '')
    ctx.addIssue({
      code: 'custom',
      path: ['externalExecutor'],
      message: 'Der externe Ausführende hat keinen Namen. Bitte geben Sie einen Namen an.',
    });
  if (v.effectiveness !== 'notChecked' && v.effectivenessCheckedOn === null)
    ctx.addIssue({
      code: 'custom',
      path: ['effectivenessCheckedOn'],
      message: 'Bitte geben Sie das Datum der Wirksamkeitsprüfung an.',
    });
}

export const actionFieldsSchema = z.object(actionFieldsShape).superRefine(actionRules);
export type ActionFields = z.infer<typeof actionFieldsSchema>;
export type ActionFieldsInput = z.input<typeof actionFieldsSchema>;

export const createActionSchema = z
  .object({ ...actionFieldsShape, sourceType: sourceTypeSchema, sourceId: z.number().int().min(0) })
  .superRefine(actionRules);
export type CreateAction = z.input<typeof createActionSchema>;
/**
 * A whole-record update (decision 024): every field required, no defaults — a request that leaves a field
 * out is a 400 and changes nothing.
 */
export const updateActionSchema = z
  .object({
    ...requiredFields(actionFieldsShape),
    dueDate: givenDate,
    effectivenessCheckedOn: givenDate,
    version: versionSchema,
  })
  .superRefine(actionRules);
export type UpdateAction = z.input<typeof updateActionSchema>;

export const personSchema = z.object({
  id: z.number().int(),
  lastName: z.string(),
  firstName: z.string(),
  personnelNumber: z.string(),
});
export type Person = z.infer<typeof personSchema>;

export const actionSchema = z.object({
  id: z.number().int(),
  sourceType: z.string(),
  sourceId: z.number().int(),
  sourceLabel: z.string(),
  sourceLink: z.string().nullable(),
  designation: z.string(),
  description: z.string(),
  type: z.enum(ACTION_TYPES).nullable(),
  dueDate: z.string().nullable(),
  done: z.boolean(),
  doneAt: z.string().nullable(),
  doneBy: personSchema.nullable(),
  location: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  responsible: personSchema,
  executorKind: z.enum(EXECUTOR_KINDS),
  executor: personSchema.nullable(),
  externalExecutor: z.string(),
  participants: z.array(personSchema),
  observers: z.array(personSchema),
  affected: z.array(personSchema),
  informational: z.boolean(),
  immediateFlags: z.number().int(),
  effectiveness: z.enum(EFFECTIVENESS),
  effectivenessCheckedOn: z.string().nullable(),
  effectivenessCheckedBy: personSchema.nullable(),
  /** The open (or problem) task of the executor, if any. */
  task: z
    .object({ id: z.number().int(), state: z.enum(TASK_STATES), problemReason: z.string().nullable() })
    .nullable(),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  version: z.number().int(),
});
export type Action = z.infer<typeof actionSchema>;

export const actionRowSchema = z.object({
  id: z.number().int(),
  sourceType: z.string(),
  sourceId: z.number().int(),
  sourceLabel: z.string(),
  sourceLink: z.string().nullable(),
  designation: z.string(),
  type: z.enum(ACTION_TYPES).nullable(),
  dueDate: z.string().nullable(),
  done: z.boolean(),
  locationName: z.string().nullable(),
  responsibleName: z.string(),
  executorName: z.string(),
  taskState: z.enum(TASK_STATES).nullable(),
  immediateFlags: z.number().int(),
  version: z.number().int(),
});
export type ActionRow = z.infer<typeof actionRowSchema>;

export const ACTION_STATE_FILTERS = ['all', 'open', 'done', 'overdue'] as const;
export const actionListQuerySchema = listQuerySchema.extend({
  sourceType: sourceTypeSchema.optional(),
  sourceId: z.coerce.number().int().min(0).optional(),
  state: z.enum(ACTION_STATE_FILTERS).optional().default('all'),
  type: z.enum(ACTION_TYPES).optional(),
});
export type ActionListQuery = z.infer<typeof actionListQuerySchema>;
export type ActionListQueryInput = z.input<typeof actionListQuerySchema>;

// ── tasks ─────────────────────────────────────────────────────────────────────────────────────────

export const taskRowSchema = z.object({
  id: z.number().int(),
  kind: z.enum(TASK_KINDS),
  sourceType: z.string(),
  sourceId: z.number().int(),
  actionId: z.number().int().nullable(),
  title: z.string(),
  linkPath: z.string().nullable(),
  dueDate: z.string().nullable(),
  state: z.enum(TASK_STATES),
  assigneeId: z.number().int(),
  assigneeName: z.string(),
  responsibleId: z.number().int().nullable(),
  responsibleName: z.string().nullable(),
  problemReason: z.string().nullable(),
  problemReportedAt: z.string().nullable(),
  comment: z.string().nullable(),
  doneAt: z.string().nullable(),
  /** Whether the caller is the assignee (may complete / report) or the responsible (may resolve). */
  mine: z.boolean(),
  responsibleIsMe: z.boolean(),
  version: z.number().int(),
});
export type TaskRow = z.infer<typeof taskRowSchema>;

export const TASK_STATE_FILTERS = ['open', 'problem', 'done'] as const;
export const taskListQuerySchema = listQuerySchema.extend({
  state: z.enum(TASK_STATE_FILTERS).optional().default('open'),
});
export type TaskListQueryInput = z.input<typeof taskListQuerySchema>;

export const problemReasonSchema = z.object({
  reason: z.string().trim().max(4000, 'Höchstens 4000 Zeichen erlaubt.').default(''),
});
export const completeTaskSchema = z.object({
  comment: z.string().trim().max(4000, 'Höchstens 4000 Zeichen erlaubt.').default(''),
});
