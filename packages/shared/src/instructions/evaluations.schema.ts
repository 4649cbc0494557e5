import { z } from 'zod';
import { booleanFlag, idSchema, listQuerySchema } from '../list/list.schema.ts';

/**
 * Evaluations of instructions (Auswertungen, decision 073): key figures and completion rates of the assignments
 * due in a year — by department, location, topic and month, each with the previous year — and the list of
 * overdue items. Only employees the viewer reaches (responsibility and location rights, decision 069) count.
 */

export const EVALUATION_TABLES = ['department', 'location', 'topic', 'month'] as const;
export type EvaluationTable = (typeof EVALUATION_TABLES)[number];

/** What can be exported as XLSX or printed as PDF: the key figures, a table, the overdue list. */
export const EVALUATION_EXPORTS = ['totals', ...EVALUATION_TABLES, 'overdue'] as const;
export type EvaluationExport = (typeof EVALUATION_EXPORTS)[number];

/** The filters every evaluation request takes. */
const filterFields = {
  topicId: idSchema.optional(),
  /** The employees' location, its sub-locations included. */
  locationId: idSchema.optional(),
  /** Inactive employees too (needs TOPICS_EVALUATE_INACTIVE). */
  includeInactive: booleanFlag.optional().default(false),
};

export const evaluationYearSchema = z.coerce
  .number({ error: 'Bitte geben Sie ein Jahr an.' })
  .int({ error: 'Bitte geben Sie ein Jahr an.' })
  .min(1990, 'Bitte geben Sie ein Jahr ab 1990 an.')
  .max(2100, 'Bitte geben Sie ein Jahr bis 2100 an.');

export const evaluationQuerySchema = z.object({ year: evaluationYearSchema, ...filterFields });
export type EvaluationQuery = z.input<typeof evaluationQuerySchema>;

export const evaluationExportQuerySchema = evaluationQuerySchema.extend({
  table: z.enum(EVALUATION_EXPORTS, { error: 'Unbekannte Tabelle.' }),
  format: z.enum(['xlsx', 'pdf'], { error: 'Bitte wählen Sie XLSX oder PDF.' }),
});
export type EvaluationExportQuery = z.input<typeof evaluationExportQuerySchema>;

/** Figures of a set of assignments due in a period. `open` = not done, not yet overdue. */
const figuresFields = {
  due: z.number().int(),
  done: z.number().int(),
  open: z.number().int(),
  overdue: z.number().int(),
  /** Completion rate in percent (done ÷ due, one decimal); null when nothing was due. */
  rate: z.number().nullable(),
};
export const evaluationFiguresSchema = z.object(figuresFields);
export type EvaluationFigures = z.infer<typeof evaluationFiguresSchema>;

export const evaluationRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  ...figuresFields,
  /** The previous year's completion rate of the same key. */
  previousRate: z.number().nullable(),
});
export type EvaluationRow = z.infer<typeof evaluationRowSchema>;

export const evaluationStatisticsSchema = z.object({
  year: z.number().int(),
  /** The day (Europe/Berlin) that decides what is overdue. */
  today: z.string(),
  totals: evaluationFiguresSchema,
  previousTotals: evaluationFiguresSchema,
  /** Overdue items of any due year today (the overdue list's count). */
  overdueNow: z.number().int(),
  /** External employees are counted (TOPICS_EVALUATE_EXTERNAL). */
  externalsIncluded: z.boolean(),
  /** The viewer's reach is limited by responsibility or location rights. */
  restricted: z.boolean(),
  tables: z.object({
    department: z.array(evaluationRowSchema),
    location: z.array(evaluationRowSchema),
    topic: z.array(evaluationRowSchema),
    month: z.array(evaluationRowSchema),
  }),
});
export type EvaluationStatistics = z.infer<typeof evaluationStatisticsSchema>;

/** The overdue list (list protocol): unfinished items whose due day has passed, of any year. */
export const overdueListQuerySchema = listQuerySchema.extend(filterFields);
export type OverdueListQuery = z.input<typeof overdueListQuerySchema>;
export type ParsedOverdueListQuery = z.output<typeof overdueListQuerySchema>;

export const overdueRowSchema = z.object({
  id: z.number().int(),
  employeeId: z.number().int(),
  employeeName: z.string(),
  personnelNumber: z.string(),
  departmentName: z.string().nullable(),
  locationName: z.string().nullable(),
  topicId: z.number().int(),
  topicLabel: z.string(),
  dueDate: z.string(),
  daysOverdue: z.number().int(),
});
export type OverdueRow = z.infer<typeof overdueRowSchema>;
