import { z } from 'zod';

/**
 * The accident statistics (decision 051): counts by event type, location, department, month, body part and injury
 * type (the last two only with the health right), lost days and the 1000-man quota, each with the previous year.
 */

export const STATISTICS_TABLES = [
  'eventType',
  'location',
  'department',
  'month',
  'bodyPart',
  'injuryType',
] as const;
export type StatisticsTable = (typeof STATISTICS_TABLES)[number];

export const statisticsQuerySchema = z.object({
  year: z.coerce
    .number({ error: 'Bitte geben Sie ein Jahr an.' })
    .int({ error: 'Bitte geben Sie ein Jahr an.' })
    .min(1990, 'Bitte geben Sie ein Jahr ab 1990 an.')
    .max(2100, 'Bitte geben Sie ein Jahr bis 2100 an.'),
  /**
   * The annual hours of one full-time worker; with it the quota is also computed via hours worked (spec §9:
   * reportable × 1000 × average hours / total hours, total hours from the departments' monthly hours).
   */
  fullTimeHours: z.coerce
    .number({ error: 'Bitte geben Sie die Jahresarbeitsstunden als Zahl an.' })
    .int({ error: 'Bitte geben Sie die Jahresarbeitsstunden als ganze Zahl an.' })
    .min(1, 'Die Jahresarbeitsstunden müssen größer als 0 sein.')
    .max(8784, 'Ein Jahr hat höchstens 8784 Stunden.')
    .optional(),
});
export type StatisticsQuery = z.input<typeof statisticsQuerySchema>;

/** The 1000-man quota per location and per department (decision 071); exported like the tables. */
const QUOTA_TABLES = ['locationQuota', 'departmentQuota'] as const;
export type QuotaTable = (typeof QUOTA_TABLES)[number];

export const statisticsExportQuerySchema = statisticsQuerySchema.extend({
  table: z.enum([...STATISTICS_TABLES, ...QUOTA_TABLES, 'totals'], { error: 'Unbekannte Tabelle.' }),
});
export type StatisticsExportQuery = z.input<typeof statisticsExportQuerySchema>;

export const statisticsRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  count: z.number().int(),
  previous: z.number().int(),
  lostDays: z.number().int(),
});
export type StatisticsRow = z.infer<typeof statisticsRowSchema>;

/**
 * The 1000-man quota of one location or department (decision 071) for the year and the previous year: reportable
 * accidents there × 1000 / the average staff there (the year's monthly snapshot lines, else today's employees —
 * the same source as the company-wide quota of that year).
 */
const quotaRowSchema = z.object({
  /** The location or department id as text; '' for employees without one. */
  key: z.string(),
  label: z.string(),
  reportable: z.number().int(),
  /** Average employees (one decimal). */
  employees: z.number(),
  /** One decimal; null without employees. */
  quota: z.number().nullable(),
  previousReportable: z.number().int(),
  previousEmployees: z.number(),
  previousQuota: z.number().nullable(),
});
export type QuotaRow = z.infer<typeof quotaRowSchema>;

const totalsSchema = z.object({
  reports: z.number().int(),
  reportable: z.number().int(),
  lostDays: z.number().int(),
  /** Euro cents. */
  costs: z.number().int(),
  /**
   * Active employees (the quota's divisor): the average of the year's monthly snapshots (one decimal), or today's
   * count where the year has none (decision 062).
   */
  employees: z.number(),
  /** Reportable × 1000 / employees, one decimal; null without employees. */
  quota: z.number().nullable(),
  /** Hours worked in the year: the departments' monthly hours of the active employees × 12 (averaged like employees). */
  hoursWorked: z.number(),
  /** Reportable × 1000 × fullTimeHours / hoursWorked; null without fullTimeHours or hours. */
  quotaByHours: z.number().nullable(),
  /** Where employees and hours come from: 'history' (the year's monthly snapshots) or 'current' (today's). */
  staffSource: z.enum(['history', 'current']),
  /** The number of monthly snapshots averaged (0 for 'current'). */
  staffMonths: z.number().int(),
});
export type StatisticsTotals = z.infer<typeof totalsSchema>;

export const accidentStatisticsSchema = z.object({
  year: z.number().int(),
  healthVisible: z.boolean(),
  totals: totalsSchema,
  previousTotals: totalsSchema,
  tables: z.object({
    eventType: z.array(statisticsRowSchema),
    location: z.array(statisticsRowSchema),
    department: z.array(statisticsRowSchema),
    month: z.array(statisticsRowSchema),
    /** Null without the health right. */
    bodyPart: z.array(statisticsRowSchema).nullable(),
    injuryType: z.array(statisticsRowSchema).nullable(),
  }),
  /** The quota per location (the accident's location) and per department (the report's, else the employee's). */
  quotas: z.object({
    location: z.array(quotaRowSchema),
    department: z.array(quotaRowSchema),
  }),
});
export type AccidentStatistics = z.infer<typeof accidentStatisticsSchema>;
