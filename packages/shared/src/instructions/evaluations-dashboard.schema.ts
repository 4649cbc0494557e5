import { z } from 'zod';
import { booleanFlag, idSchema } from '../list/list.schema.ts';

/**
 * The evaluations tab „Dashboard“ (decision 077): key figures of a range ending today — items done (by their
 * completion day), items due, done in time (completed on or before the due day) and the on-time rate, overdue
 * now, open items due in the next 30 days —, done and due per week or month, and the topics and departments with
 * the most overdue items. Same filters and reach as the other evaluation tabs (decision 073).
 */

/** The ranges of spec §9, each ending today (Europe/Berlin). */
export const DASHBOARD_RANGES = [
  'month',
  'twoMonths',
  'quarter',
  'halfYear',
  'year365',
  'calendarYear',
] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];

/** The tables of the dashboard that can be exported as XLSX or printed as PDF. */
export const DASHBOARD_EXPORTS = ['figures', 'trend', 'topics', 'departments'] as const;
export type DashboardExport = (typeof DASHBOARD_EXPORTS)[number];

export const dashboardQuerySchema = z.object({
  range: z.enum(DASHBOARD_RANGES, { error: 'Bitte wählen Sie einen Zeitraum.' }).default('month'),
  topicId: idSchema.optional(),
  /** The employees' location, its sub-locations included. */
  locationId: idSchema.optional(),
  /** Inactive employees too (needs TOPICS_EVALUATE_INACTIVE). */
  includeInactive: booleanFlag.optional().default(false),
});
export type DashboardQuery = z.input<typeof dashboardQuerySchema>;

export const dashboardExportQuerySchema = dashboardQuerySchema.extend({
  table: z.enum(DASHBOARD_EXPORTS, { error: 'Unbekannte Tabelle.' }),
  format: z.enum(['xlsx', 'pdf'], { error: 'Bitte wählen Sie XLSX oder PDF.' }),
});
export type DashboardExportQuery = z.input<typeof dashboardExportQuerySchema>;

export const dashboardFiguresSchema = z.object({
  /** Items completed (status E) with a completion day in the range. */
  done: z.number().int(),
  /** Items due in the range. */
  due: z.number().int(),
  /** Of the items due in the range: done on or before their due day. */
  doneInTime: z.number().int(),
  /** doneInTime ÷ due in percent, one decimal; null when nothing was due. */
  onTimeRate: z.number().nullable(),
  /** Unfinished items due before today (any due day). */
  overdueNow: z.number().int(),
  /** Unfinished items due from today to today + 30 days. */
  dueNext30: z.number().int(),
});
export type DashboardFigures = z.infer<typeof dashboardFiguresSchema>;

export const dashboardBucketSchema = z.object({
  /** The first day of the week (Monday) or month, clipped to the range's first day. */
  start: z.string(),
  done: z.number().int(),
  due: z.number().int(),
  doneInTime: z.number().int(),
});
export type DashboardBucket = z.infer<typeof dashboardBucketSchema>;

export const dashboardTopRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  overdue: z.number().int(),
});
export type DashboardTopRow = z.infer<typeof dashboardTopRowSchema>;

export const evaluationDashboardSchema = z.object({
  range: z.enum(DASHBOARD_RANGES),
  /** First and last day of the range (the last is today). */
  from: z.string(),
  to: z.string(),
  /** Weeks for ranges up to a quarter, months above. */
  unit: z.enum(['week', 'month']),
  figures: dashboardFiguresSchema,
  trend: z.array(dashboardBucketSchema),
  /** The five topics and departments with the most overdue items today. */
  topTopics: z.array(dashboardTopRowSchema),
  topDepartments: z.array(dashboardTopRowSchema),
  externalsIncluded: z.boolean(),
  restricted: z.boolean(),
});
export type EvaluationDashboard = z.infer<typeof evaluationDashboardSchema>;
