import { z } from 'zod';
import { versionSchema } from '../list/list.schema.ts';

/**
 * The managed catalogue of injury categories (decision 056): the built-in categories keep their fixed ids 1–5,
 * more can be added; a category in use (or built in) can only be set inactive. `noticeDue` marks the categories
 * that make a report reportable (more than three days of incapacity, fatal).
 */
const label = z
  .string({ error: 'Bitte geben Sie eine Bezeichnung an.' })
  .trim()
  .min(1, 'Bitte geben Sie eine Bezeichnung an.')
  .max(200, 'Höchstens 200 Zeichen erlaubt.');

export const createInjuryCategorySchema = z.object({
  label,
  noticeDue: z.boolean().default(false),
});
export type CreateInjuryCategory = z.input<typeof createInjuryCategorySchema>;

/** A partial update (decision 024). */
export const updateInjuryCategorySchema = z.object({
  label: label.optional(),
  noticeDue: z.boolean().optional(),
  active: z.boolean().optional(),
  version: versionSchema,
});
export type UpdateInjuryCategory = z.input<typeof updateInjuryCategorySchema>;

export const injuryCategorySchema = z.object({
  id: z.number().int(),
  label: z.string(),
  noticeDue: z.boolean(),
  active: z.boolean(),
  builtIn: z.boolean(),
  /** Number of reports that use it (a used category cannot be deleted). */
  usedBy: z.number().int(),
  version: z.number().int(),
});
export type InjuryCategory = z.infer<typeof injuryCategorySchema>;
