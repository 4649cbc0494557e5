import { z } from 'zod';
import { PRECAUTION_TYPES } from './precautions.schema.ts';

/**
 * The dashboard tab „Termine und arbeitsmedizinische Vorsorge“ (decision 064): the caller's precautions due within
 * the lead time and, for those who read precautions or coordinate them, the overdue ones. `assignmentStatus` is the
 * status of the check-up item standing for the precaution (O open, T appointment booked, E done, null none yet).
 */
export const dashboardPrecautionSchema = z.object({
  id: z.number().int(),
  employeeId: z.number().int(),
  employeeName: z.string(),
  type: z.enum(PRECAUTION_TYPES),
  reasonName: z.string(),
  nextDue: z.string(),
  assignmentStatus: z.enum(['O', 'A', 'P', 'T', 'E']).nullable(),
});
export type DashboardPrecaution = z.infer<typeof dashboardPrecautionSchema>;

export const precautionDashboardSchema = z.object({
  /** The lead time of the settings tab „Arbeitsmedizin“ in days. */
  leadDays: z.number().int(),
  mine: z.array(dashboardPrecautionSchema),
  /** Null for a caller who neither reads precautions nor coordinates any. */
  overdue: z.array(dashboardPrecautionSchema).nullable(),
});
export type PrecautionDashboard = z.infer<typeof precautionDashboardSchema>;
