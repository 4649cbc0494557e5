import { z } from 'zod';
import { booleanFlag, listQuerySchema } from '../list/list.schema.ts';

/**
 * The read log of an accident report (decision 062): every read of a report is a change-log row (decision 047,
 * state READ); LOG_VIEWER lists them through the list protocol — who read the report when, and whether the
 * health data was shown.
 */

export const READ_LOG_ORDER = ['at', 'readerName'] as const;

export const accidentReadLogQuerySchema = listQuerySchema.extend({
  /** Only the reads that showed (true) or hid (false) the health data. */
  healthVisible: booleanFlag.optional(),
});
export type AccidentReadLogQuery = z.input<typeof accidentReadLogQuerySchema>;

export const accidentReadRowSchema = z.object({
  /** The change-log row's id. */
  id: z.number().int(),
  at: z.iso.datetime({ offset: true }),
  /** „Nachname, Vorname“; null once the reader's account is gone. */
  readerName: z.string().nullable(),
  personnelNumber: z.string().nullable(),
  /** Whether the read showed the health data (the reader held ACCIDENT_REPORTS_HEALTH_DATA). */
  healthVisible: z.boolean(),
});
export type AccidentReadRow = z.infer<typeof accidentReadRowSchema>;
