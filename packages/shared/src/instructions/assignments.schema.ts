import { z } from 'zod';
import { isoDateSchema } from '../actions/actions.schema.ts';
import { booleanFlag, idSchema, listQuerySchema, versionSchema } from '../list/list.schema.ts';
import { INTERVAL_UNITS } from './interval-format.ts';

/**
 * Instruction assignments (spec modules.md "Instruction assignment", "Instruction assignment status"; decision
 * 036): what an employee has to complete.
 */
export const ASSIGNMENT_TYPES = ['instruction', 'appointment', 'document', 'scorm', 'checkup'] as const;
export type AssignmentType = (typeof ASSIGNMENT_TYPES)[number];
/** O open, A started, P waiting for approval, T appointment scheduled, E done. */
export const ASSIGNMENT_STATUSES = ['O', 'A', 'P', 'T', 'E'] as const;
export type AssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number];
export const ASSIGNMENT_STATUS_LABELS: Record<AssignmentStatus, string> = {
  O: 'offen',
  A: 'begonnen',
  P: 'wartet auf Freigabe',
  T: 'Termin geplant',
  E: 'erledigt',
};
/** At most this many employees in one assignment request. */
export const ASSIGN_MAX_EMPLOYEES = 500;

/** Single assignment: one topic to one or more employees. */
/** The kinds of item a single assignment creates (documents and SCORM packages come with their modules). */
export const ASSIGNABLE_TYPES = ['instruction', 'appointment', 'checkup'] as const;

export const createAssignmentsSchema = z.object({
  topicId: idSchema,
  employeeIds: z
    .array(idSchema)
    .min(1, 'Bitte wählen Sie mindestens einen Mitarbeiter.')
    .max(ASSIGN_MAX_EMPLOYEES, `Höchstens ${ASSIGN_MAX_EMPLOYEES} Mitarbeiter auf einmal.`),
  /** Left out: the topic's due date, else today. */
  dueDate: z
    .union([isoDateSchema, z.literal('')])
    .nullish()
    .transform((v) => (v ? v : null)),
  oneTime: z.boolean().default(false),
  /** The kind of item (spec: instruction, appointment, occupational-medical check-up); appointments are booked
   * into time windows (decision 060). */
  type: z
    .enum(ASSIGNABLE_TYPES, { message: 'Bitte eine der angebotenen Arten wählen.' })
    .default('instruction'),
});
export type CreateAssignments = z.input<typeof createAssignmentsSchema>;
export const createAssignmentsResultSchema = z.object({
  created: z.number().int(),
  /** Employees who already had an unfinished assignment of the topic. */
  skipped: z.number().int(),
});
export type CreateAssignmentsResult = z.infer<typeof createAssignmentsResultSchema>;

/** Rearranging (spec): the entry is marked done and a new one is created with the new due date. */
export const rearrangeAssignmentSchema = z.object({
  version: versionSchema,
  dueDate: isoDateSchema,
});
export type RearrangeAssignment = z.input<typeof rearrangeAssignmentSchema>;

export const assignmentListQuerySchema = listQuerySchema.extend({
  topicId: idSchema.optional(),
  employeeId: idSchema.optional(),
  status: z.enum(ASSIGNMENT_STATUSES).optional(),
});
export type AssignmentListQuery = z.input<typeof assignmentListQuerySchema>;

export const assignmentRowSchema = z.object({
  id: z.number().int(),
  employeeId: z.number().int(),
  employeeName: z.string(),
  personnelNumber: z.string(),
  topicId: z.number().int(),
  topicIdentifier: z.string(),
  topicLabel: z.string(),
  type: z.enum(ASSIGNMENT_TYPES),
  status: z.enum(ASSIGNMENT_STATUSES),
  dueDate: z.string(),
  originalDueDate: z.string(),
  validUntil: z.string().nullable(),
  oneTime: z.boolean(),
  version: z.number().int(),
});
export type AssignmentRow = z.infer<typeof assignmentRowSchema>;

/** "Meine Unterweisungen": the signed-in employee's own items (spec: name, duration approx., due, valid until, status). */
export const myAssignmentRowSchema = z.object({
  id: z.number().int(),
  type: z.enum(ASSIGNMENT_TYPES),
  topicIdentifier: z.string(),
  topicLabel: z.string(),
  minutes: z.number().int().nullable(),
  /** The topic's interval in days (0 once), shown in the portal's interval unit (decision 045). */
  intervalDays: z.number().int(),
  status: z.enum(ASSIGNMENT_STATUSES),
  dueDate: z.string(),
  validUntil: z.string().nullable(),
  /** Not done and due before today (Europe/Berlin). */
  overdue: z.boolean(),
  /** The day from which it can be started (due date minus the portal's „Ausführbar ab … Tagen“; decision 041). */
  executableFrom: z.string(),
  /** Done through its questions: a certificate can be downloaded. */
  certificate: z.boolean(),
  /** The topic's content is a SCORM package: it opens in the SCORM player (decision 068). */
  scorm: z.boolean(),
});
export type MyAssignmentRow = z.infer<typeof myAssignmentRowSchema>;
export const myAssignmentsQuerySchema = listQuerySchema.extend({
  /** Left out: the unfinished ones; true: the done ones as well. */
  includeDone: booleanFlag.optional().default(false),
});
export type MyAssignmentsQuery = z.input<typeof myAssignmentsQuerySchema>;

/** How the portal shows intervals and durations (decision 045): readable by every signed-in user. */
export const instructionDisplaySchema = z.object({ intervalUnit: z.enum(INTERVAL_UNITS) });
export type InstructionDisplay = z.infer<typeof instructionDisplaySchema>;
