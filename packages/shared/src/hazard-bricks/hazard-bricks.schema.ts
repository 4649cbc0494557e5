import { z } from 'zod';
import { booleanFlag, idSchema, listQuerySchema, versionSchema } from '../list/list.schema.ts';
import { requiredFields } from '../update.ts';

/**
 * Contracts of the hazard bricks (Gefährdungsbausteine, spec shell.md §3.2, §7; decision 017).
 *
 * Risk values are NOHL risk scores: probability index (1 sehr gering … 4 hoch) plus severity index
 * (1 leichte … 4 tödliche Verletzung) minus one, so a score lies between 1 and 7.
 */
export const NOHL_RISK_MIN = 1;
export const NOHL_RISK_MAX = 7;

export const FREE_MARK = 'FREI';

const riskSchema = z.coerce
  .number({ message: 'Bitte geben Sie einen Risikowert an.' })
  .int('Der Risikowert muss eine ganze Zahl sein.')
  .min(NOHL_RISK_MIN, `Der Risikowert muss zwischen ${NOHL_RISK_MIN} und ${NOHL_RISK_MAX} liegen.`)
  .max(NOHL_RISK_MAX, `Der Risikowert muss zwischen ${NOHL_RISK_MIN} und ${NOHL_RISK_MAX} liegen.`);

const required = (what: string, max: number) =>
  z.string().trim().min(1, `Bitte geben Sie ${what} an.`).max(max, `Höchstens ${max} Zeichen erlaubt.`);

export const hazardBrickActionInputSchema = z.object({
  identifier: required('eine Kennung der Maßnahme', 40),
  description: required('eine Beschreibung der Maßnahme', 4000),
});
export const hazardBrickGuidelineInputSchema = z.object({
  title: required('einen Titel des Leitfadens', 200),
  description: z.string().trim().max(8000, 'Höchstens 8000 Zeichen erlaubt.').default(''),
});
export const hazardBrickCodeInputSchema = z.object({
  code: required('einen Prüfcode', 40),
  description: z.string().trim().max(4000, 'Höchstens 4000 Zeichen erlaubt.').default(''),
});

const brickFields = {
  identifier: required('eine Kennung', 40),
  title: required('einen Titel', 300),
  riskFrom: riskSchema,
  riskTo: riskSchema,
  free: z.boolean().default(false),
  description: z.string().trim().max(8000, 'Höchstens 8000 Zeichen erlaubt.').default(''),
  actions: z.array(hazardBrickActionInputSchema).max(100).default([]),
  guidelines: z.array(hazardBrickGuidelineInputSchema).max(100).default([]),
  verificationCodes: z.array(hazardBrickCodeInputSchema).max(100).default([]),
};

/** riskFrom ≤ riskTo, identifiers of actions and codes unique within the brick. */
function brickRules(
  v: {
    riskFrom: number;
    riskTo: number;
    actions: { identifier: string }[];
    verificationCodes: { code: string }[];
  },
  ctx: z.RefinementCtx,
) {
  if (v.riskFrom > v.riskTo) {
    ctx.addIssue({
      code: 'custom',
      path: ['riskTo'],
      message: 'Das Risiko „bis“ darf nicht kleiner sein als das Risiko „von“.',
    });
  }
  flagDuplicates(
    ctx,
    v.actions,
    (a) => a.identifier,
    'actions',
    'identifier',
    'Diese Kennung ist bereits vergeben.',
  );
  flagDuplicates(
    ctx,
    v.verificationCodes,
    (c) => c.code,
    'verificationCodes',
    'code',
    'Dieser Prüfcode ist bereits vergeben.',
  );
}

export const createHazardBrickSchema = z.object(brickFields).superRefine(brickRules);
export type CreateHazardBrick = z.input<typeof createHazardBrickSchema>;
/** A whole-record update (decision 024): every field required, no defaults. */
export const updateHazardBrickSchema = z
  .object({ ...requiredFields(brickFields), version: versionSchema })
  .superRefine(brickRules);
export type UpdateHazardBrick = z.input<typeof updateHazardBrickSchema>;

export const hazardBrickActionSchema = z.object({
  id: z.number().int(),
  identifier: z.string(),
  description: z.string(),
});
export const hazardBrickGuidelineSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
});
export const hazardBrickCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string(),
});
export const hazardBrickSchema = z.object({
  id: z.number().int(),
  identifier: z.string(),
  title: z.string(),
  riskFrom: z.number().int(),
  riskTo: z.number().int(),
  free: z.boolean(),
  description: z.string(),
  version: z.number().int(),
  actions: z.array(hazardBrickActionSchema),
  guidelines: z.array(hazardBrickGuidelineSchema),
  verificationCodes: z.array(hazardBrickCodeSchema),
});
export type HazardBrick = z.infer<typeof hazardBrickSchema>;

/** A row of the list and of the brick pickers; `mark` is 'FREI' for free bricks in the 'all' picker. */
export const hazardBrickRowSchema = z.object({
  id: z.number().int(),
  identifier: z.string(),
  title: z.string(),
  riskFrom: z.number().int(),
  riskTo: z.number().int(),
  free: z.boolean(),
  mark: z.string().nullable(),
});
export type HazardBrickRow = z.infer<typeof hazardBrickRowSchema>;

export const hazardBrickListQuerySchema = listQuerySchema.extend({ free: booleanFlag.optional() });
export type HazardBrickListQuery = z.input<typeof hazardBrickListQuerySchema>;

/** The child pickers (actions, guidelines, codes) list the children of one brick. */
export const hazardBrickChildPickerQuerySchema = listQuerySchema.extend({ brickId: idSchema });
export type HazardBrickChildPickerQuery = z.input<typeof hazardBrickChildPickerQuerySchema>;

export const hazardBrickActionRowSchema = hazardBrickActionSchema.extend({ brickId: z.number().int() });
export const hazardBrickGuidelineRowSchema = hazardBrickGuidelineSchema.extend({ brickId: z.number().int() });
export const hazardBrickCodeRowSchema = hazardBrickCodeSchema.extend({ brickId: z.number().int() });
export type HazardBrickActionRow = z.infer<typeof hazardBrickActionRowSchema>;
export type HazardBrickGuidelineRow = z.infer<typeof hazardBrickGuidelineRowSchema>;
export type HazardBrickCodeRow = z.infer<typeof hazardBrickCodeRowSchema>;

/** Marks every entry whose key (case-insensitive) already occurred earlier in the list. */
function flagDuplicates<T>(
  ctx: z.RefinementCtx,
  items: readonly T[],
  keyOf: (item: T) => string,
  list: string,
  field: string,
  message: string,
): void {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    const key = keyOf(item).toLowerCase();
    if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [list, i, field], message });
    seen.add(key);
  });
}
