import { z } from 'zod';
import {
  ASSESSMENT_KINDS,
  type AssessmentKind,
  PRECAUTION_TYPES,
  type PrecautionType,
} from './precautions.schema.ts';

/**
 * The medical-examination sync wizard (decision 065): a works doctor service's CSV export — who, which
 * precaution, the examination date, the assessment kind and the next date — is checked row by row and written
 * as one transaction or not at all. Only dates and assessment kinds: no column for findings exists.
 */

/** The largest export accepted (bytes of the file, before base64). */
export const SYNC_MAX_FILE_BYTES = 2 * 1024 * 1024;
/** Rows shown in step 1's preview. */
export const SYNC_PREVIEW_ROWS = 10;
/** Distinct values per column offered for value mapping. */
export const SYNC_MAX_DISTINCT_VALUES = 100;

export const SYNC_SEPARATORS = [';', ',', '\t'] as const;
export type SyncSeparator = (typeof SYNC_SEPARATORS)[number];

/** The fields a column can be mapped to. An employee is found by personnel number or name + birth date. */
export const SYNC_FIELDS = [
  'personnelNumber',
  'lastName',
  'firstName',
  'birthday',
  'occasion',
  'precautionType',
  'examinationDate',
  'assessment',
  'nextDate',
] as const;
export type SyncField = (typeof SYNC_FIELDS)[number];

/** What can be wrong with a row (each with its German message in `precautionSyncMessages`). */
export const SYNC_ROW_ERRORS = [
  'missingValue',
  'unknownEmployee',
  'unknownPrecaution',
  'badDate',
  'futureDate',
  'unknownAssessment',
  'duplicateRow',
] as const;
export type SyncRowErrorKind = (typeof SYNC_ROW_ERRORS)[number];

const base64 = z
  .string()
  .max(Math.ceil(SYNC_MAX_FILE_BYTES / 3) * 4 + 4)
  .regex(/^[A-Za-z0-9+/]*={0,2}$/);

/** Step 1: the file (base64 of its bytes as they are; the server detects encoding and separator). */
export const syncFileSchema = z.object({
  fileName: z.string().trim().min(1).max(255),
  content: base64,
  /** Omitted: guessed from the first line. */
  separator: z.enum(SYNC_SEPARATORS).optional(),
  hasHeader: z.boolean().default(true),
});
export type SyncFile = z.input<typeof syncFileSchema>;

/** Step 2: which column holds which field, and what the file's values mean. */
export const syncMappingSchema = z.object({
  columns: z.partialRecord(z.enum(SYNC_FIELDS), z.number().int().min(0).max(199)),
  values: z
    .object({
      /** The file's text (trimmed) → an assessment kind. */
      assessment: z.record(z.string().max(200), z.enum(ASSESSMENT_KINDS)).default({}),
      /** The file's text → an assessment reason (occasion) of the catalogue. */
      occasion: z.record(z.string().max(200), z.number().int().positive()).default({}),
      /** The file's text → a precaution type. */
      precautionType: z.record(z.string().max(200), z.enum(PRECAUTION_TYPES)).default({}),
    })
    .default({ assessment: {}, occasion: {}, precautionType: {} }),
});
export type SyncMapping = z.input<typeof syncMappingSchema>;

export const syncRequestSchema = syncFileSchema.extend({ mapping: syncMappingSchema });
export type SyncRequest = z.input<typeof syncRequestSchema>;

export const syncPreviewSchema = z.object({
  fileName: z.string(),
  encoding: z.enum(['utf-8', 'windows-1252']),
  separator: z.enum(SYNC_SEPARATORS),
  hasHeader: z.boolean(),
  columns: z.array(z.string()),
  rows: z.array(z.object({ line: z.number().int(), cells: z.array(z.string()) })),
  rowCount: z.number().int(),
  /** Per column: its distinct values (trimmed, first ones), the choices of value mapping. */
  distinctValues: z.array(z.array(z.string())),
  suggestedColumns: z.partialRecord(z.enum(SYNC_FIELDS), z.number().int()),
  /** The active assessment reasons (occasions) a value can be mapped to. */
  occasions: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type SyncPreview = z.infer<typeof syncPreviewSchema>;

export const syncRowErrorSchema = z.object({
  line: z.number().int(),
  kind: z.enum(SYNC_ROW_ERRORS),
  message: z.string(),
});
export type SyncRowError = z.infer<typeof syncRowErrorSchema>;

export const syncCountsSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
});
export type SyncCounts = z.infer<typeof syncCountsSchema>;

/** Step 3: every row's errors; counts say what an import would do (only meaningful without errors). */
export const syncCheckSchema = z.object({
  rowCount: z.number().int(),
  errors: z.array(syncRowErrorSchema),
  counts: syncCountsSchema,
});
export type SyncCheck = z.infer<typeof syncCheckSchema>;

/** Step 4: what was written. */
export const syncResultSchema = syncCountsSchema.extend({ rowCount: z.number().int() });
export type SyncResult = z.infer<typeof syncResultSchema>;

/** Lower case, umlauts spelt out, only letters and digits: „Geeignet mit Einschränkungen“ → geeignetmiteinschraenkungen. */
export function normaliseSyncText(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]/g, '');
}

/** Usual wordings of works doctor services (DGUV forms, AMR 6.3) and the kind they mean. */
const ASSESSMENT_WORDS: Record<string, AssessmentKind> = {
  fit: 'fit',
  geeignet: 'fit',
  keinebedenken: 'fit',
  tauglich: 'fit',
  notfit: 'notFit',
  nichtgeeignet: 'notFit',
  bedenken: 'notFit',
  gesundheitlichebedenken: 'notFit',
  dauerndegesundheitlichebedenken: 'notFit',
  befristetegesundheitlichebedenken: 'notFit',
  untauglich: 'notFit',
  fitwithlimits: 'fitWithLimits',
  geeignetmiteinschraenkungen: 'fitWithLimits',
  bedingtgeeignet: 'fitWithLimits',
  eingeschraenktgeeignet: 'fitWithLimits',
  keinebedenkenuntervoraussetzungen: 'fitWithLimits',
  keinebedenkenunterbestimmtenvoraussetzungen: 'fitWithLimits',
  nostatement: 'noStatement',
  keineaussage: 'noStatement',
  ohneaussage: 'noStatement',
  pending: 'pending',
  ausstehend: 'pending',
  offen: 'pending',
  participation: 'participation',
  teilnahme: 'participation',
  teilgenommen: 'participation',
  vorsorgeerfolgt: 'participation',
};

const TYPE_WORDS: Record<string, PrecautionType> = {
  mandatory: 'mandatory',
  pflicht: 'mandatory',
  pflichtvorsorge: 'mandatory',
  offer: 'offer',
  angebot: 'offer',
  angebotsvorsorge: 'offer',
  wish: 'wish',
  wunsch: 'wish',
  wunschvorsorge: 'wish',
};

/** The assessment kind a file's text usually means; null when it is not a known wording. */
export function suggestAssessmentKind(text: string): AssessmentKind | null {
  return ASSESSMENT_WORDS[normaliseSyncText(text)] ?? null;
}

/** The precaution type a file's text usually means; null when it is not a known wording. */
export function suggestPrecautionType(text: string): PrecautionType | null {
  return TYPE_WORDS[normaliseSyncText(text)] ?? null;
}

/** Headings of usual exports → field. */
const HEADING_WORDS: Record<string, SyncField> = {
  personalnummer: 'personnelNumber',
  personalnr: 'personnelNumber',
  persnr: 'personnelNumber',
  pnr: 'personnelNumber',
  nachname: 'lastName',
  name: 'lastName',
  familienname: 'lastName',
  vorname: 'firstName',
  geburtsdatum: 'birthday',
  geburtstag: 'birthday',
  gebdatum: 'birthday',
  anlass: 'occasion',
  vorsorgeanlass: 'occasion',
  vorsorge: 'occasion',
  untersuchungsanlass: 'occasion',
  vorsorgeart: 'precautionType',
  art: 'precautionType',
  artdervorsorge: 'precautionType',
  untersuchungsdatum: 'examinationDate',
  untersuchungam: 'examinationDate',
  datum: 'examinationDate',
  vorsorgedatum: 'examinationDate',
  beurteilung: 'assessment',
  ergebnis: 'assessment',
  bescheinigung: 'assessment',
  naechstertermin: 'nextDate',
  naechsteuntersuchung: 'nextDate',
  naechstevorsorge: 'nextDate',
  wiedervorstellung: 'nextDate',
  faelligam: 'nextDate',
};

/** The mapping suggested from the header row (each field at most once, the first matching column). */
export function suggestSyncColumns(header: readonly string[] | null): Partial<Record<SyncField, number>> {
  const result: Partial<Record<SyncField, number>> = {};
  header?.forEach((heading, i) => {
    const field = HEADING_WORDS[normaliseSyncText(heading)];
    if (field && result[field] === undefined) result[field] = i;
  });
  return result;
}
