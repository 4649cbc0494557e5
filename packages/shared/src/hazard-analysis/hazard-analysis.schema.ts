import { z } from 'zod';
import { idSchema, listQuerySchema, MAX_INT, versionSchema } from '../list/list.schema.ts';
import { partialFields } from '../update.ts';
import { nohlRatingSchema } from './nohl.ts';

/**
 * Contracts of the hazard assessments (Gefährdungsbeurteilungen; spec shell.md routes /hazardanalysis/*,
 * modules.md "Hazard assessment, hazard, factor menu", §4 states, §5 validation; decision 021).
 */

/** Attach setting (Anhänge): nothing, instructions, operating instructions, both. */
export const ATTACH_SETTINGS = [0, 1, 2, 3] as const;
export const ATTACH_SETTING_LABELS: Record<number, string> = {
  0: 'Nichts',
  1: 'Unterweisungen',
  2: 'Betriebsanweisungen',
  3: 'Unterweisungen und Betriebsanweisungen',
};

export const RESPONSIBLE_REQUIRED = 'Für eine Gefährdung ist eine verantwortliche Person erforderlich.';

/** At most this many factors per hazard. */
export const HAZARD_FACTORS_MAX = 50;

const optionalId = z.union([idSchema, z.null()]).optional().default(null);
const text = (max: number) => z.string().trim().max(max, `Höchstens ${max} Zeichen erlaubt.`).default('');
const bezeichnung = z
  .string({ message: 'Bitte geben Sie eine Bezeichnung an.' })
  .trim()
  .min(1, 'Bitte geben Sie eine Bezeichnung an.')
  .max(300, 'Höchstens 300 Zeichen erlaubt.');
const attachSetting = z.coerce
  .number()
  .int()
  .refine((v) => (ATTACH_SETTINGS as readonly number[]).includes(v), 'Bitte wählen Sie eine Einstellung.')
  .default(0);
const responsibleId = z.coerce
  .number({ message: RESPONSIBLE_REQUIRED })
  .int(RESPONSIBLE_REQUIRED)
  .positive(RESPONSIBLE_REQUIRED)
  .max(MAX_INT, RESPONSIBLE_REQUIRED);
const rating = z.union([nohlRatingSchema, z.null()]).optional().default(null);
const dateString = (message: string) =>
  z
    .string({ message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), message);

export const createHazardAnalysisSchema = z.object({
  bezeichnung,
  isTemplate: z.boolean().default(false),
  locationId: optionalId,
  departmentId: optionalId,
  activityId: optionalId,
  attachSetting,
  /** Copy header and hazards from this template. */
  templateId: optionalId,
  /** Add one hazard per brick (in this order) with this responsible person. */
  brickIds: z.array(idSchema).max(200).default([]),
  responsibleId: z.union([responsibleId, z.null()]).optional().default(null),
});
export type CreateHazardAnalysis = z.input<typeof createHazardAnalysisSchema>;

/** A partial update (decision 024): a field left out stays unchanged; no defaults. */
export const updateHazardAnalysisSchema = z.object({
  version: versionSchema,
  ...partialFields({
    bezeichnung,
    locationId: optionalId,
    departmentId: optionalId,
    activityId: optionalId,
    attachSetting,
  }),
  /** The factor menu (decision 019); left out = unchanged. Changing it clears the hazards' factors. */
  factorMenuId: z.union([idSchema, z.null()]).optional(),
});
export type UpdateHazardAnalysis = z.input<typeof updateHazardAnalysisSchema>;

export const addHazardsSchema = z.object({
  version: versionSchema,
  brickIds: z.array(idSchema).min(1, 'Bitte wählen Sie mindestens einen Gefährdungsbaustein.').max(200),
  responsibleId,
});
export type AddHazards = z.input<typeof addHazardsSchema>;

/** A partial update (decision 024): a field left out stays unchanged (null = none); no defaults. */
export const updateHazardSchema = z.object({
  version: versionSchema,
  ...partialFields({
    title: z
      .string()
      .trim()
      .min(1, 'Bitte geben Sie einen Titel an.')
      .max(300, 'Höchstens 300 Zeichen erlaubt.'),
    cause: text(4000),
    protectionGoal: text(4000),
    comment: text(4000),
    ratingBefore: rating,
    ratingAfter: rating,
  }),
  responsibleId: z
    .union([responsibleId, z.null()])
    .transform((v, ctx) => {
      if (v === null) {
        ctx.addIssue({ code: 'custom', message: RESPONSIBLE_REQUIRED });
        return z.NEVER;
      }
      return v;
    })
    .optional(),
  /**
   * The hazard's factors of the assessment's factor menu, in the order shown; left out = unchanged, [] = none.
   * Several factors of one register only where the register allows several (`multiple`, decision 019).
   */
  factorIds: z
    .array(idSchema)
    .max(HAZARD_FACTORS_MAX, `Höchstens ${HAZARD_FACTORS_MAX} Gefährdungsfaktoren je Gefährdung.`)
    .refine((ids) => new Set(ids).size === ids.length, 'Ein Faktor ist mehrfach gewählt.')
    .optional(),
});
export type UpdateHazard = z.input<typeof updateHazardSchema>;

/** A partial update of the ratings (decision 024): a rating left out stays unchanged, null clears it. */
export const rateHazardSchema = z.object({
  version: versionSchema,
  ...partialFields({ ratingBefore: rating, ratingAfter: rating }),
});
export type RateHazard = z.input<typeof rateHazardSchema>;

/** Adopting measures of the hazard's brick as open actions (decision 021, "Actions from bricks"). */
export const adoptBrickActionsSchema = z.object({
  version: versionSchema,
  brickActionIds: z
    .array(idSchema)
    .min(1, 'Bitte wählen Sie mindestens eine Maßnahme aus.')
    .max(200, 'Bitte wählen Sie höchstens 200 Maßnahmen auf einmal aus.'),
});
export type AdoptBrickActions = z.input<typeof adoptBrickActionsSchema>;

export const reorderHazardsSchema = z.object({
  version: versionSchema,
  hazardIds: z.array(idSchema).max(2000),
});
export type ReorderHazards = z.input<typeof reorderHazardsSchema>;

export const releaseHazardAnalysisSchema = z
  .object({
    version: versionSchema,
    releaseDate: dateString('Bitte geben Sie das Datum der Freigabe an.'),
    nextCheckDate: dateString('Bitte geben Sie das Datum der nächsten Prüfung an.'),
    responsibleId: z.coerce
      .number({ message: 'Bitte wählen Sie die verantwortliche Person der Freigabe.' })
      .int()
      .positive('Bitte wählen Sie die verantwortliche Person der Freigabe.')
      .max(MAX_INT),
  })
  .superRefine((v, ctx) => {
    if (v.nextCheckDate <= v.releaseDate) {
      ctx.addIssue({
        code: 'custom',
        path: ['nextCheckDate'],
        message: 'Die nächste Prüfung muss nach dem Datum der Freigabe liegen.',
      });
    }
  });
export type ReleaseHazardAnalysis = z.input<typeof releaseHazardAnalysisSchema>;

export const setActiveSchema = z
  .object({ version: versionSchema, active: z.boolean(), comment: text(2000) })
  .superRefine((v, ctx) => {
    if (!v.active && v.comment.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['comment'],
        message: 'Bitte geben Sie einen Kommentar zur Deaktivierung an.',
      });
    }
  });
export type SetHazardAnalysisActive = z.input<typeof setActiveSchema>;

export const inheritSchema = z.object({ version: versionSchema, templateId: idSchema });
export type InheritHazardAnalysis = z.input<typeof inheritSchema>;

export const hazardParamsSchema = z.object({ id: idSchema, hazardId: idSchema });

const ref = z.object({ id: z.number().int(), name: z.string() }).nullable();
const person = z
  .object({ id: z.number().int(), lastName: z.string(), firstName: z.string(), personnelNumber: z.string() })
  .nullable();

export const hazardSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  brickId: z.number().int().nullable(),
  brickIdentifier: z.string().nullable(),
  brickFree: z.boolean(),
  /** The brick's risk range (NOHL score) as a hint for the rating. */
  riskHint: z.object({ from: z.number().int(), to: z.number().int() }).nullable(),
  title: z.string(),
  cause: z.string(),
  protectionGoal: z.string(),
  comment: z.string(),
  responsible: person,
  ratingBefore: nohlRatingSchema.nullable(),
  ratingAfter: nohlRatingSchema.nullable(),
  inherited: z.boolean(),
  masterHazardId: z.number().int().nullable(),
  /** The hazard's factors of the factor menu, in order (several per register only where `multiple`). */
  factorIds: z.array(z.number().int()),
  /** The factors as "register › factor" (`factorPath`), in the order of `factorIds`. */
  factorLabels: z.array(z.string()),
  /** The hazard's actions (decision 020) and how many of them are done; removing it deletes the open ones. */
  actionCount: z.number().int(),
  doneActionCount: z.number().int(),
});
export type Hazard = z.infer<typeof hazardSchema>;

export const releaseInfoSchema = z.object({
  released: z.boolean(),
  releaseDate: z.string().nullable(),
  nextCheckDate: z.string().nullable(),
  responsible: person,
  releasedAt: z.string().nullable(),
});

export const hazardAnalysisSchema = z.object({
  id: z.number().int(),
  bezeichnung: z.string(),
  isTemplate: z.boolean(),
  location: ref,
  department: ref,
  activity: ref,
  attachSetting: z.number().int(),
  active: z.boolean(),
  inactiveComment: z.string(),
  versionNumber: z.number().int(),
  release: releaseInfoSchema,
  inheritanceTemplate: ref,
  factorMenuId: z.number().int().nullable(),
  checklistRouteId: z.number().int().nullable(),
  version: z.number().int(),
  hazards: z.array(hazardSchema),
});
export type HazardAnalysis = z.infer<typeof hazardAnalysisSchema>;

export const HAZARD_ANALYSIS_STATUS_FILTERS = ['all', 'active', 'inactive', 'released'] as const;
export type HazardAnalysisStatusFilter = (typeof HAZARD_ANALYSIS_STATUS_FILTERS)[number];

export const hazardAnalysisListQuerySchema = listQuerySchema.extend({
  status: z.enum(HAZARD_ANALYSIS_STATUS_FILTERS).optional().default('all'),
});
export type HazardAnalysisListQuery = z.input<typeof hazardAnalysisListQuerySchema>;

export const hazardAnalysisRowSchema = z.object({
  id: z.number().int(),
  bezeichnung: z.string(),
  locationName: z.string().nullable(),
  departmentName: z.string().nullable(),
  activityName: z.string().nullable(),
  active: z.boolean(),
  released: z.boolean(),
  versionNumber: z.number().int(),
  /** The latest frozen version (reference view), null before the first release. */
  latestVersionId: z.number().int().nullable(),
  releaseDate: z.string().nullable(),
  nextCheckDate: z.string().nullable(),
  hazardCount: z.number().int(),
});
export type HazardAnalysisRow = z.infer<typeof hazardAnalysisRowSchema>;

/** Picker `hazardanalysis/pickerDraft` (spec shell §3.2: shows bezeichnung). */
export const hazardAnalysisDraftRowSchema = z.object({ id: z.number().int(), bezeichnung: z.string() });
export type HazardAnalysisDraftRow = z.infer<typeof hazardAnalysisDraftRowSchema>;

/** `POST hazardanalysis/DataTable` (spec shell §7): all matching ids, for printing. */
export const dataTableQuerySchema = listQuerySchema.extend({
  limit: z.coerce.number().int().min(0).max(100_000).optional().default(0),
  filter: z.string().max(4000).optional().default(''),
});
export const dataTableResponseSchema = z.object({
  data: z.object({
    rows: z.array(
      z.object({
        id: z.number().int(),
        checklist_collectiontree_route: z.number().int(),
        /** Hazards of the assessment: with none it is not printable (decision 022). */
        hazard_count: z.number().int(),
      }),
    ),
  }),
});

/**
 * A hazardous substance linked to a hazard at release time (decision 054, Frozen versions): the linked
 * version's number, designation and CAS number then.
 */
export const frozenHazardSubstanceSchema = z.object({
  substanceId: z.number().int(),
  versionId: z.number().int(),
  versionNumber: z.number().int(),
  designation: z.string(),
  casNumber: z.string(),
});
export type FrozenHazardSubstance = z.infer<typeof frozenHazardSubstanceSchema>;

/** A frozen hazard of a released version: the rating and its score/band at release time. */
export const frozenHazardSchema = z.object({
  position: z.number().int(),
  title: z.string(),
  brickIdentifier: z.string().nullable(),
  cause: z.string(),
  protectionGoal: z.string(),
  comment: z.string(),
  responsibleName: z.string(),
  inherited: z.boolean(),
  ratingBefore: nohlRatingSchema.nullable(),
  scoreBefore: z.number().int().nullable(),
  bandBefore: z.string().nullable(),
  ratingAfter: nohlRatingSchema.nullable(),
  scoreAfter: z.number().int().nullable(),
  bandAfter: z.string().nullable(),
  /**
   * The factors as "register › factor" at release time. Snapshots store `factorLabels`; versions released
   * while a hazard had one factor stored `factorLabel` (string or null), older ones nothing — the server
   * reads all of them into this list (`frozenFactorLabels`).
   */
  factorLabels: z.array(z.string()),
  /**
   * The substances linked at release time that the reader may see (empty for versions released before
   * substances were frozen); the others are only counted in `hiddenSubstanceCount`.
   */
  substances: z.array(frozenHazardSubstanceSchema),
  hiddenSubstanceCount: z.number().int(),
});
export type FrozenHazard = z.infer<typeof frozenHazardSchema>;

/** A frozen hazard as stored in a snapshot, of any release (see `frozenHazardSchema.factorLabels`). */
export type StoredFrozenHazard = Omit<
  FrozenHazard,
  'factorLabels' | 'substances' | 'hiddenSubstanceCount'
> & {
  substances?: FrozenHazardSubstance[];
  factorLabels?: string[];
  factorLabel?: string | null;
};

/** The factor labels of a stored frozen hazard: the list, or the single label of older versions. */
export function frozenFactorLabels(h: Pick<StoredFrozenHazard, 'factorLabels' | 'factorLabel'>): string[] {
  if (Array.isArray(h.factorLabels)) return h.factorLabels;
  return typeof h.factorLabel === 'string' && h.factorLabel !== '' ? [h.factorLabel] : [];
}

/**
 * A document linked to the assessment at release time (decision 021, Documents): the document's label and
 * type then, and its file version then (downloadable while the document exists; versions are append-only).
 */
export const frozenDocumentSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  type: z.number().int(),
  fileVersionId: z.number().int().nullable(),
  fileVersionNumber: z.number().int().nullable(),
  /** Null also when the document is confidential and the reader lacks DOCUMENTS_CONFIDENTIAL (2006). */
  fileName: z.string().nullable(),
  /** Whether the document was confidential at release time (versions released before this was kept: absent). */
  confidential: z.boolean().optional(),
});
export type FrozenDocument = z.infer<typeof frozenDocumentSchema>;

export const hazardAnalysisVersionRowSchema = z.object({
  id: z.number().int(),
  versionNumber: z.number().int(),
  releaseDate: z.string(),
  nextCheckDate: z.string(),
  responsibleName: z.string(),
  releasedAt: z.string(),
});
export type HazardAnalysisVersionRow = z.infer<typeof hazardAnalysisVersionRowSchema>;

export const hazardAnalysisVersionSchema = hazardAnalysisVersionRowSchema.extend({
  analysisId: z.number().int(),
  bezeichnung: z.string(),
  locationName: z.string().nullable(),
  departmentName: z.string().nullable(),
  activityName: z.string().nullable(),
  attachSetting: z.number().int(),
  criteria: z.object({
    cells: z.array(z.array(z.number().int())),
    yellowFrom: z.number().int(),
    redFrom: z.number().int(),
  }),
  hazards: z.array(frozenHazardSchema),
  /** The documents linked at release time (empty for versions released before documents were frozen). */
  documents: z.array(frozenDocumentSchema),
  /** Whether the caller may open the working copy (/hazardanalysis/{analysisId}). */
  workingCopyReadable: z.boolean(),
});
export type HazardAnalysisVersion = z.infer<typeof hazardAnalysisVersionSchema>;
