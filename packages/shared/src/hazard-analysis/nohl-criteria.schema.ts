import { z } from 'zod';
import { nohlCriteriaSchema } from './nohl.ts';

/**
 * The classification criteria (Einstufungskriterien) on the wire (decision 018): one installation-wide,
 * versioned record. Version 0 means nothing was saved yet and DEFAULT_NOHL_CRITERIA apply.
 */
export const nohlCriteriaAnswerSchema = z.object({
  criteria: nohlCriteriaSchema,
  version: z.number().int(),
  updatedAt: z.iso.datetime({ offset: true }).nullable(),
  updatedBy: z.object({ id: z.number().int(), name: z.string() }).nullable().optional(),
});
export type NohlCriteriaAnswer = z.infer<typeof nohlCriteriaAnswerSchema>;

/** Save the criteria: the whole value with the version it is based on (0 while the defaults apply). */
export const updateNohlCriteriaSchema = z.object({
  version: z.number().int().min(0),
  criteria: nohlCriteriaSchema,
});
export type UpdateNohlCriteria = z.infer<typeof updateNohlCriteriaSchema>;

/**
 * One change of the criteria. `changes` keys: `yellowFrom`, `redFrom` and `cell.<probability>.<severity>`
 * (1-based indices, as in NOHL_PROBABILITIES / NOHL_SEVERITIES).
 */
export const nohlCriteriaHistoryEntrySchema = z.object({
  id: z.number().int(),
  at: z.iso.datetime({ offset: true }),
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  changes: z.array(z.object({ field: z.string(), from: z.number().nullable(), to: z.number().nullable() })),
});
export type NohlCriteriaHistoryEntry = z.infer<typeof nohlCriteriaHistoryEntrySchema>;

/** The change-log key of one cell. */
export function nohlCellField(probability: number, severity: number): string {
  return `cell.${probability}.${severity}`;
}
