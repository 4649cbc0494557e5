import { z } from 'zod';
import { isoDateSchema } from '../actions/actions.schema.ts';
import { idSchema, versionSchema } from '../list/list.schema.ts';

/**
 * What the register (Gefahrstoffverzeichnis, § 6 (12) GefStoffV) needs besides the data sheet: the quantity
 * range and the work areas; and the release of the safety data sheet (decision 050).
 */
export const QUANTITY_RANGES = ['upTo1', 'upTo10', 'upTo100', 'upTo1000', 'over1000'] as const;
export type QuantityRange = (typeof QUANTITY_RANGES)[number];
export const QUANTITY_RANGE_LABELS: Record<QuantityRange, string> = {
  upTo1: 'bis 1 kg bzw. l',
  upTo10: 'über 1 bis 10 kg bzw. l',
  upTo100: 'über 10 bis 100 kg bzw. l',
  upTo1000: 'über 100 bis 1.000 kg bzw. l',
  over1000: 'über 1.000 kg bzw. l',
};

export const registerMessages = {
  responsibleRequired: 'Bitte wählen Sie eine verantwortliche Person.',
  nextCheckRequired: 'Bitte geben Sie das Datum der nächsten Prüfung an.',
  nextCheckFuture: 'Das Datum der nächsten Prüfung muss in der Zukunft liegen.',
  checklistRequired: 'Bitte wählen Sie die Checkliste der Freigabe.',
} as const;

/** Whole-record PUT of the register fields (decision 024). */
export const updateRegisterEntrySchema = z.object({
  version: versionSchema,
  quantityRange: z.enum(QUANTITY_RANGES).or(z.literal('')),
  workAreas: z.string().trim().max(1000, 'Höchstens 1000 Zeichen erlaubt.'),
});
export type UpdateRegisterEntry = z.input<typeof updateRegisterEntrySchema>;

/** Release of the safety data sheet: a responsible person and the next check date are required. */
export const releaseSdsSchema = z.object({
  version: versionSchema,
  responsibleEmployeeId: idSchema.nullable(),
  nextCheckDate: isoDateSchema.nullable(),
});
export type ReleaseSds = z.input<typeof releaseSdsSchema>;

export const registerEntrySchema = z.object({
  substanceId: z.number().int(),
  /** The substance's record version (the lock the register fields share with the substance). */
  version: z.number().int(),
  quantityRange: z.enum(QUANTITY_RANGES).or(z.literal('')),
  workAreas: z.string(),
  sdsResponsibleId: z.number().int().nullable(),
  sdsResponsibleName: z.string().nullable(),
  sdsNextCheck: z.string().nullable(),
  sdsReleasedAt: z.string().nullable(),
  sdsReleasedByName: z.string().nullable(),
  /** The checklist of the data-sheet release (decision 054): its filled instance for this substance. */
  sdsChecklist: z
    .object({
      checklistId: z.number().int(),
      label: z.string(),
      instanceId: z.number().int(),
      status: z.enum(['undone', 'done']),
      progress: z.number().int(),
    })
    .nullable(),
});
export type RegisterEntry = z.infer<typeof registerEntrySchema>;
