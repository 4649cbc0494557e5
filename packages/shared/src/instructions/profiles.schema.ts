import { z } from 'zod';
import { isoDateSchema } from '../actions/actions.schema.ts';
import { booleanFlag, idSchema, listQuerySchema, versionSchema } from '../list/list.schema.ts';
import { ASSIGNMENT_STATUSES } from './assignments.schema.ts';

/**
 * Instruction profiles, the exception list and the assignment matrix (decision 040; spec modules.md
 * "Instructions and appointments": profile assignment and matrix; the employee record's "profiles" and
 * "exception list" tabs).
 */

/** What a profile is assigned to: an activity or a role (Eigenschaften), a location, a department. */
export const PROFILE_SOURCE_KINDS = ['activity', 'role', 'location', 'department'] as const;
export type ProfileSourceKind = (typeof PROFILE_SOURCE_KINDS)[number];
export const PROFILE_SOURCE_LABELS: Record<ProfileSourceKind, string> = {
  activity: 'Tätigkeit',
  role: 'Rolle',
  location: 'Standort',
  department: 'Abteilung',
};
/** At most this many topics and sources in one profile. */
export const PROFILE_MAX_TOPICS = 200;
export const PROFILE_MAX_SOURCES = 500;

export const profileSourceInputSchema = z.object({
  kind: z.enum(PROFILE_SOURCE_KINDS),
  id: idSchema,
});
export type ProfileSourceInput = z.infer<typeof profileSourceInputSchema>;

const label = z
  .string()
  .trim()
  .min(1, 'Bitte geben Sie eine Bezeichnung ein.')
  .max(200, 'Die Bezeichnung darf höchstens 200 Zeichen lang sein.');

export const createProfileSchema = z.object({
  label,
  description: z.string().trim().max(2000).default(''),
  /** „gilt auch für untergeordnete Einheiten“ (decision 045): location and department sources cover sub-units. */
  includeSubUnits: z.boolean().default(true),
  topicIds: z.array(idSchema).max(PROFILE_MAX_TOPICS).default([]),
  sources: z.array(profileSourceInputSchema).max(PROFILE_MAX_SOURCES).default([]),
});
export type CreateProfile = z.input<typeof createProfileSchema>;

/** A whole-record PUT (decision 024): every field is required. */
export const updateProfileSchema = z.object({
  version: versionSchema,
  label,
  description: z.string().trim().max(2000),
  /** Left out: stays as stored. */
  includeSubUnits: z.boolean().optional(),
  topicIds: z.array(idSchema).max(PROFILE_MAX_TOPICS),
  sources: z.array(profileSourceInputSchema).max(PROFILE_MAX_SOURCES),
});
export type UpdateProfile = z.input<typeof updateProfileSchema>;

export const profileRowSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  description: z.string(),
  topicCount: z.number().int(),
  sourceCount: z.number().int(),
  version: z.number().int(),
});
export type ProfileRow = z.infer<typeof profileRowSchema>;
export const profileListQuerySchema = listQuerySchema;

export const profileSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  description: z.string(),
  includeSubUnits: z.boolean(),
  version: z.number().int(),
  topics: z.array(z.object({ id: z.number().int(), identifier: z.string(), label: z.string() })),
  sources: z.array(z.object({ kind: z.enum(PROFILE_SOURCE_KINDS), id: z.number().int(), name: z.string() })),
  /** Active employees who get the profile's topics today. */
  employeeCount: z.number().int(),
});
export type Profile = z.infer<typeof profileSchema>;

/** What a profile save did to the assignments of the portal's employees. */
export const reconcileResultSchema = z.object({
  created: z.number().int(),
  removed: z.number().int(),
});
export type ReconcileResult = z.infer<typeof reconcileResultSchema>;
export const profileSaveResultSchema = z.object({
  profile: profileSchema,
  assignments: reconcileResultSchema,
});
export type ProfileSaveResult = z.infer<typeof profileSaveResultSchema>;

/** The employee record's tab „Profile“: the profiles that apply to the employee and through what. */
export const employeeProfileSchema = z.object({
  profileId: z.number().int(),
  label: z.string(),
  kind: z.enum(PROFILE_SOURCE_KINDS),
  sourceName: z.string(),
});
export type EmployeeProfile = z.infer<typeof employeeProfileSchema>;
export const employeeInstructionsSchema = z.object({
  profiles: z.array(employeeProfileSchema),
  /** The employee's open items (status O): what setting them inactive removes. */
  openCount: z.number().int(),
});
export type EmployeeInstructions = z.infer<typeof employeeInstructionsSchema>;

/** The exception list (Ausnahmeliste) of an employee. */
export const exceptionRowSchema = z.object({
  id: z.number().int(),
  topicId: z.number().int(),
  topicIdentifier: z.string(),
  topicLabel: z.string(),
  reason: z.string(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  version: z.number().int(),
});
export type ExceptionRow = z.infer<typeof exceptionRowSchema>;
export const createExceptionSchema = z.object({
  topicId: idSchema,
  reason: z
    .string()
    .trim()
    .min(1, 'Bitte geben Sie einen Grund ein.')
    .max(1000, 'Der Grund darf höchstens 1000 Zeichen lang sein.'),
});
export type CreateException = z.input<typeof createExceptionSchema>;
export const createExceptionResultSchema = z.object({
  exception: exceptionRowSchema,
  /** Open assignments of the topic that the exception removed. */
  removed: z.number().int(),
});
export const employeeExceptionParamsSchema = z.object({ id: idSchema, exceptionId: idSchema });

/** The assignment matrix: employees (list protocol, 100 per page) × the portal's active topics. */
export const MATRIX_CELL_STATES = [...ASSIGNMENT_STATUSES, 'X'] as const;
export const matrixQuerySchema = listQuerySchema.extend({
  departmentId: idSchema.optional(),
  locationId: idSchema.optional(),
  includeInactive: booleanFlag.optional().default(false),
  /** The department and location filters include their sub-units (default), as profiles do (decision 045). */
  subUnits: booleanFlag.optional().default(true),
});
export type MatrixQuery = z.input<typeof matrixQuerySchema>;
export const matrixCellSchema = z.object({
  topicId: z.number().int(),
  /** The current item's status; X: the topic is on the employee's exception list. */
  status: z.enum(MATRIX_CELL_STATES),
  dueDate: z.string().nullable(),
  /** Not done and due before today (Europe/Berlin). */
  overdue: z.boolean(),
});
export type MatrixCell = z.infer<typeof matrixCellSchema>;
export const matrixRowSchema = z.object({
  employeeId: z.number().int(),
  name: z.string(),
  personnelNumber: z.string(),
  /** Only the topics with an item or an exception; a topic left out is not assigned. */
  cells: z.array(matrixCellSchema),
});
export type MatrixRow = z.infer<typeof matrixRowSchema>;
export const matrixTopicSchema = z.object({
  id: z.number().int(),
  identifier: z.string(),
  label: z.string(),
  /** Shown in the column's tooltip in the portal's interval unit (decision 045). */
  intervalDays: z.number().int(),
});
export type MatrixTopic = z.infer<typeof matrixTopicSchema>;
export const MATRIX_MAX_PAIRS = 5000;
export const matrixAssignSchema = z.object({
  pairs: z
    .array(z.object({ employeeId: idSchema, topicId: idSchema }))
    .min(1, 'Bitte wählen Sie mindestens eine Zelle.')
    .max(MATRIX_MAX_PAIRS, `Höchstens ${MATRIX_MAX_PAIRS} Zellen auf einmal.`),
  dueDate: z
    .union([isoDateSchema, z.literal('')])
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type MatrixAssign = z.input<typeof matrixAssignSchema>;
export const matrixAssignResultSchema = z.object({
  created: z.number().int(),
  /** Already unfinished, or on the exception list. */
  skipped: z.number().int(),
});
export type MatrixAssignResult = z.infer<typeof matrixAssignResultSchema>;
