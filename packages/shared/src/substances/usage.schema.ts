import { z } from 'zod';
import { idSchema, versionSchema } from '../list/list.schema.ts';

/**
 * Who uses a hazardous substance (decision 054). Modules register a usage source with the substances module
 * (today: hazards of hazard assessments; later containers, EMKG entries, operating instructions); the
 * substance editor's section „Verwendung“ lists the uses the reader may see, and the guards refuse
 * inactivating or deleting while any use exists.
 */
export const SUBSTANCE_USAGE_SOURCES = ['hazard'] as const;
export type SubstanceUsageSourceKey = (typeof SUBSTANCE_USAGE_SOURCES)[number];

export const substanceUsageSchema = z.object({
  source: z.enum(SUBSTANCE_USAGE_SOURCES),
  /** The using part's id within its source (e.g. the hazard). */
  partId: z.number().int(),
  /** The using record (e.g. the assessment) and the part of it (e.g. the hazard). */
  title: z.string(),
  detail: z.string(),
  /** Where the web opens the using record. */
  path: z.string(),
  /** The substance version the use refers to. */
  versionNumber: z.number().int(),
});
export type SubstanceUsage = z.infer<typeof substanceUsageSchema>;

export const substanceUsageListSchema = z.object({
  rows: z.array(substanceUsageSchema),
  /** Uses the reader may not see (other locations, no right): counted, not named. */
  hiddenCount: z.number().int(),
});
export type SubstanceUsageList = z.infer<typeof substanceUsageListSchema>;

// ── The hazardous substances of a hazard assessment's hazards ─────────────────────────────────────────

export const hazardSubstanceLinkSchema = z.object({
  hazardId: z.number().int(),
  substanceId: z.number().int(),
  /** The linked version and the substance's current one (a newer version may be taken over). */
  versionNumber: z.number().int(),
  currentVersionNumber: z.number().int(),
  designation: z.string(),
  casNumber: z.string(),
  active: z.boolean(),
});
export type HazardSubstanceLink = z.infer<typeof hazardSubstanceLinkSchema>;

export const hazardSubstanceLinksSchema = z.object({
  rows: z.array(hazardSubstanceLinkSchema),
  /** Links to substances the reader may not see (counted, not named). */
  hiddenCount: z.number().int(),
});
export type HazardSubstanceLinks = z.infer<typeof hazardSubstanceLinksSchema>;

export const hazardSubstanceParamsSchema = z.object({
  id: idSchema,
  hazardId: idSchema,
  substanceId: idSchema,
});

/** Linking (or taking over the current version) and unlinking are writes of the assessment. */
export const linkHazardSubstanceSchema = z.object({ version: versionSchema });

// ── The checklist of the data-sheet release ───────────────────────────────────────────────────────────

export const linkSdsChecklistSchema = z.object({ version: versionSchema, checklistId: idSchema });
export type LinkSdsChecklist = z.input<typeof linkSdsChecklistSchema>;
