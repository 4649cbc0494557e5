import { z } from 'zod';
import { isoDateSchema } from '../actions/actions.schema.ts';
import { idSchema, listQuerySchema } from '../list/list.schema.ts';

/**
 * Group feedback (Gruppenrückmeldung, spec modules.md "Group feedback", decision 069): a supervisor confirms an
 * instruction given in person to a group. The request names topics (with the kind of item), existing employees
 * and new external persons; the answer is a report per employee and topic of what was confirmed and what failed.
 */
export const GROUP_FEEDBACK_MAX_EMPLOYEES = 500;
export const GROUP_FEEDBACK_MAX_ITEMS = 50;
export const GROUP_FEEDBACK_MAX_EXTERNALS = 100;
/** The kinds of item a group feedback confirms: an instruction or an occupational-medical check-up. */
export const GROUP_FEEDBACK_ITEM_TYPES = ['instruction', 'checkup'] as const;
export type GroupFeedbackItemType = (typeof GROUP_FEEDBACK_ITEM_TYPES)[number];

export const groupFeedbackItemSchema = z.object({
  topicId: idSchema,
  type: z
    .enum(GROUP_FEEDBACK_ITEM_TYPES, { message: 'Bitte eine der angebotenen Arten wählen.' })
    .default('instruction'),
});

/** A new external person: the server checks that every required field is given (GROUP_FEEDBACK_EXTERNAL_INCOMPLETE). */
export const newExternalSchema = z.object({
  personnelNumber: z.string().trim().max(50, 'Höchstens 50 Zeichen.').default(''),
  lastName: z.string().trim().max(100, 'Höchstens 100 Zeichen.').default(''),
  firstName: z.string().trim().max(100, 'Höchstens 100 Zeichen.').default(''),
  company: z.string().trim().max(200, 'Höchstens 200 Zeichen.').default(''),
});
export type NewExternal = z.input<typeof newExternalSchema>;
/** The required fields of a new external person, in the form's order. */
export const NEW_EXTERNAL_REQUIRED = ['personnelNumber', 'lastName', 'firstName', 'company'] as const;

export const createGroupFeedbackSchema = z.object({
  /** The day the instruction was given; left out: today (Europe/Berlin). Not in the future. */
  givenOn: z
    .union([isoDateSchema, z.literal('')])
    .nullish()
    .transform((v) => (v ? v : null)),
  items: z
    .array(groupFeedbackItemSchema)
    .max(GROUP_FEEDBACK_MAX_ITEMS, `Höchstens ${GROUP_FEEDBACK_MAX_ITEMS} Unterweisungen auf einmal.`)
    .default([]),
  employeeIds: z
    .array(idSchema)
    .max(GROUP_FEEDBACK_MAX_EMPLOYEES, `Höchstens ${GROUP_FEEDBACK_MAX_EMPLOYEES} Mitarbeiter auf einmal.`)
    .default([]),
  newExternals: z
    .array(newExternalSchema)
    .max(
      GROUP_FEEDBACK_MAX_EXTERNALS,
      `Höchstens ${GROUP_FEEDBACK_MAX_EXTERNALS} neue externe Mitarbeiter auf einmal.`,
    )
    .default([]),
  note: z.string().trim().max(2000, 'Höchstens 2000 Zeichen.').default(''),
});
export type CreateGroupFeedback = z.input<typeof createGroupFeedbackSchema>;

/** One line of the error report: which employee (or new external person) and topic failed, and why. */
export const groupFeedbackErrorSchema = z.object({
  /** Null for a new external person that was not created. */
  employeeId: z.number().int().nullable(),
  employeeName: z.string(),
  personnelNumber: z.string(),
  /** Null when the employee failed for every topic. */
  topicId: z.number().int().nullable(),
  topicLabel: z.string().nullable(),
  code: z.string(),
  message: z.string(),
});
export type GroupFeedbackError = z.infer<typeof groupFeedbackErrorSchema>;

export const groupFeedbackResultSchema = z.object({
  /** The recorded group feedback; null when nothing could be confirmed. */
  feedbackId: z.number().int().nullable(),
  /** Items set done (E), one per employee and topic. */
  confirmed: z.number().int(),
  /** New external persons created. */
  createdEmployees: z.number().int(),
  errors: z.array(groupFeedbackErrorSchema),
});
export type GroupFeedbackResult = z.infer<typeof groupFeedbackResultSchema>;

/** "Add from department": the active employees of a sub-department (and its sub-units) the caller may confirm. */
export const departmentEmployeesQuerySchema = z.object({ departmentId: z.coerce.number().int().positive() });
export const groupFeedbackEmployeeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  personnelNumber: z.string(),
  departmentName: z.string().nullable(),
  isExternal: z.boolean(),
});
export type GroupFeedbackEmployee = z.infer<typeof groupFeedbackEmployeeSchema>;
export const departmentEmployeesSchema = z.object({
  rows: z.array(groupFeedbackEmployeeSchema),
  /** Active employees of the department the caller's responsibility or location rights leave out. */
  outOfScope: z.number().int(),
});
export type DepartmentEmployees = z.infer<typeof departmentEmployeesSchema>;

/** A recorded group feedback: who instructed whom in what, on which day (the items the caller sees). */
export const groupFeedbackSchema = z.object({
  id: z.number().int(),
  givenOn: z.string(),
  note: z.string(),
  instructorId: z.number().int().nullable(),
  instructorName: z.string().nullable(),
  createdAt: z.string(),
  items: z.array(
    z.object({
      assignmentId: z.number().int().nullable(),
      employeeId: z.number().int(),
      employeeName: z.string(),
      personnelNumber: z.string(),
      departmentName: z.string().nullable(),
      topicId: z.number().int(),
      topicIdentifier: z.string(),
      topicLabel: z.string(),
      type: z.enum(GROUP_FEEDBACK_ITEM_TYPES),
      validUntil: z.string().nullable(),
    }),
  ),
});
export type GroupFeedback = z.infer<typeof groupFeedbackSchema>;

/**
 * The list of past group feedbacks (decision 079, list protocol): the caller sees a feedback they gave, or one
 * with an employee in their reach (responsibility and location rights; externals with TOPICS_EVALUATE_EXTERNAL);
 * departments, topics and the count are those of the employees the caller sees.
 */
export const groupFeedbackListQuerySchema = listQuerySchema;
export type GroupFeedbackListQuery = z.input<typeof groupFeedbackListQuerySchema>;
export const GROUP_FEEDBACK_LIST_ORDER = ['givenOn', 'instructor', 'employees'] as const;
export const groupFeedbackListRowSchema = z.object({
  id: z.number().int(),
  givenOn: z.string(),
  instructorName: z.string().nullable(),
  /** The departments of the employees, by name. */
  departments: z.array(z.string()),
  /** The topics' labels (identifier and label), by label. */
  topics: z.array(z.string()),
  employeeCount: z.number().int(),
  note: z.string(),
});
export type GroupFeedbackListRow = z.infer<typeof groupFeedbackListRowSchema>;
