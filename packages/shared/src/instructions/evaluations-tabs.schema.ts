import { z } from 'zod';
import { idSchema } from '../list/list.schema.ts';
import { ASSIGNMENT_STATUSES, ASSIGNMENT_TYPES } from './assignments.schema.ts';
import {
  evaluationFiguresSchema,
  evaluationQuerySchema,
  evaluationYearSchema,
} from './evaluations.schema.ts';

/**
 * Evaluations of instructions, tabs „Stammdaten“, „Mitarbeiterinfo“ and „Profile“ (decision 076). Figures count
 * as in decision 073: the items due in the filter's year, done = E, overdue = not done and due before today.
 */

const exportFormat = z.enum(['xlsx', 'pdf'], { error: 'Bitte wählen Sie XLSX oder PDF.' });

/** The master data of the portal's topics with the figures of the year (filters of decision 073). */
export const masterDataRowSchema = z.object({
  id: z.number().int(),
  identifier: z.string(),
  label: z.string(),
  number: z.string(),
  departmentName: z.string().nullable(),
  intervalDays: z.number().int(),
  /** 1 all questions right, 3 points with a minimum score. */
  mode: z.number().int(),
  minScore: z.number().int().nullable(),
  questionCount: z.number().int(),
  /** Questions drawn per run (null: all). */
  poolCount: z.number().int().nullable(),
  durationDays: z.number().int().nullable(),
  /** 0 not stated, 1 checked effective, 2 checked not effective. */
  effectiveness: z.number().int(),
  /** Not released (gesperrt). */
  locked: z.boolean(),
  inactive: z.boolean(),
  scorm: z.boolean(),
  /** Employees with an item of the topic due in the year. */
  employees: z.number().int(),
  ...evaluationFiguresSchema.shape,
});
export type MasterDataRow = z.infer<typeof masterDataRowSchema>;

export const masterDataSchema = z.object({
  year: z.number().int(),
  externalsIncluded: z.boolean(),
  restricted: z.boolean(),
  rows: z.array(masterDataRowSchema),
});
export type MasterData = z.infer<typeof masterDataSchema>;

export const tabExportQuerySchema = evaluationQuerySchema.extend({ format: exportFormat });
export type TabExportQuery = z.input<typeof tabExportQuerySchema>;

/** The profiles with their rules, the employees they reach now (in the viewer's reach) and the year's rate. */
export const PROFILE_SOURCE_KINDS = ['activity', 'role', 'location', 'department'] as const;
export const profileEvaluationRowSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  includeSubUnits: z.boolean(),
  sources: z.array(z.object({ kind: z.enum(PROFILE_SOURCE_KINDS), name: z.string() })),
  topics: z.array(z.object({ id: z.number().int(), identifier: z.string(), label: z.string() })),
  /** Active employees the profile reaches today, within the viewer's reach. */
  employees: z.number().int(),
  ...evaluationFiguresSchema.shape,
});
export type ProfileEvaluationRow = z.infer<typeof profileEvaluationRowSchema>;

export const profileEvaluationsSchema = z.object({
  year: z.number().int(),
  externalsIncluded: z.boolean(),
  restricted: z.boolean(),
  rows: z.array(profileEvaluationRowSchema),
});
export type ProfileEvaluations = z.infer<typeof profileEvaluationsSchema>;

/** One employee's items of every year. */
export const employeeInfoParamsSchema = z.object({ employeeId: idSchema });
export const employeeInfoQuerySchema = z.object({ year: evaluationYearSchema });
export type EmployeeInfoQuery = z.input<typeof employeeInfoQuerySchema>;
export const employeeInfoExportQuerySchema = employeeInfoQuerySchema.extend({ format: exportFormat });
export type EmployeeInfoExportQuery = z.input<typeof employeeInfoExportQuerySchema>;

export const employeeItemSchema = z.object({
  id: z.number().int(),
  topicId: z.number().int(),
  topicIdentifier: z.string(),
  topicLabel: z.string(),
  type: z.enum(ASSIGNMENT_TYPES),
  status: z.enum(ASSIGNMENT_STATUSES),
  dueDate: z.string(),
  validUntil: z.string().nullable(),
  done: z.boolean(),
  overdue: z.boolean(),
});
export type EmployeeItem = z.infer<typeof employeeItemSchema>;

export const employeeInfoSchema = z.object({
  year: z.number().int(),
  today: z.string(),
  employee: z.object({
    id: z.number().int(),
    name: z.string(),
    personnelNumber: z.string(),
    departmentName: z.string().nullable(),
    locationName: z.string().nullable(),
    isExternal: z.boolean(),
    active: z.boolean(),
  }),
  /** The profiles that reach the employee (by label, each once). */
  profiles: z.array(z.string()),
  /** All items of every year (check-ups left out). */
  allYears: evaluationFiguresSchema,
  /** The items due in the year. */
  yearFigures: evaluationFiguresSchema,
  items: z.array(employeeItemSchema),
});
export type EmployeeInfo = z.infer<typeof employeeInfoSchema>;
