import { z } from 'zod';
import { booleanFlag, idSchema, listQuerySchema, versionSchema } from '../list/list.schema.ts';
import { requiredFields } from '../update.ts';
import { checkCas, checkEc } from './cas-ec.ts';
import { GHS_PICTOGRAMS, SIGNAL_WORDS } from './clp.ts';
import { DECIMAL_FORMATS, type DecimalFormat, decimalRule, parseDecimal } from './decimal.ts';

/**
 * Contracts of the hazardous substances register (Gefahrstoffverzeichnis; spec modules.md „Hazardous
 * substance“, „Substances“, „Formats“, „Substances and EMKG“; decision 046). The editor groups the fields
 * as the 16 sections of a safety data sheet (REACH Annex II): `SDS_SECTIONS`.
 */

export const SUBSTANCE_TYPES = [1, 2, 3] as const; // 1 Stoff, 2 Gemisch/Zubereitung, 3 Erzeugnis
export const PHYSICAL_STATES = ['solid', 'liquid', 'gaseous', 'pasty', 'granulate', 'powdery'] as const;
export const STORAGE_CLASSES = [
  '1',
  '2A',
  '2B',
  '3',
  '4.1A',
  '4.1B',
  '4.2',
  '4.3',
  '5.1A',
  '5.1B',
  '5.1C',
  '5.2',
  '6.1A',
  '6.1B',
  '6.1C',
  '6.1D',
  '6.2',
  '7',
  '8A',
  '8B',
  '10',
  '11',
  '12',
  '13',
  '10-13',
] as const;
export const WATER_HAZARD_CLASSES = ['nwg', '1', '2', '3', 'awg'] as const;
export const TRANSPORT_CATEGORIES = [0, 1, 2, 3, 4] as const;
export const RELEASE_STATES = ['open', 'agreed', 'notAgreed'] as const;
export type ReleaseState = (typeof RELEASE_STATES)[number];

const text = (max: number) => z.string().trim().max(max, `Höchstens ${max} Zeichen erlaubt.`).default('');
const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.union([z.enum(values, { message: 'Ungültiger Wert' }), z.literal('')]).default('');

/** A decimal with a comma in a spec format, or empty. */
const decimal = (format: DecimalFormat, example: string) =>
  z
    .string()
    .trim()
    .max(20)
    .refine((v) => v === '' || parseDecimal(v, format) !== undefined, {
      message: `Bitte geben Sie eine Zahl mit Komma ein, ${decimalRule(format)} (z. B. ${example}).`,
    })
    .default('');
/** Temperatures (°C): numeric, at most 3 digits before and 1 after the comma. */
const temperature = () =>
  z
    .string()
    .trim()
    .max(20)
    .refine((v) => v === '' || parseDecimal(v, DECIMAL_FORMATS.temperature) !== undefined, {
      message: `Die Temperatur muss eine Zahl in °C sein, ${decimalRule(DECIMAL_FORMATS.temperature)} (z. B. 78,3).`,
    })
    .default('');

export const casMessages = {
  format:
    'Die CAS-Nummer hat das Format 2 bis 7 Ziffern, 2 Ziffern und eine Prüfziffer, getrennt durch Bindestriche (z. B. 64-17-5).',
  checkDigit: 'Die Prüfziffer der CAS-Nummer stimmt nicht. Bitte prüfen Sie die Nummer.',
} as const;
export const ecMessages = {
  format:
    'Die EG-Nummer hat das Format 3 Ziffern, 3 Ziffern und eine Prüfziffer, getrennt durch Bindestriche (z. B. 200-578-6).',
  checkDigit: 'Die Prüfziffer der EG-Nummer stimmt nicht. Bitte prüfen Sie die Nummer.',
} as const;

const casNumber = z
  .string()
  .trim()
  .max(12, casMessages.format)
  .superRefine((v, ctx) => {
    const r = v === '' ? 'ok' : checkCas(v);
    if (r !== 'ok') ctx.addIssue({ code: 'custom', message: casMessages[r] });
  })
  .default('');
const ecNumber = z
  .string()
  .trim()
  .max(9, ecMessages.format)
  .superRefine((v, ctx) => {
    const r = v === '' ? 'ok' : checkEc(v);
    if (r !== 'ok') ctx.addIssue({ code: 'custom', message: ecMessages[r] });
  })
  .default('');
/** Waste key of the waste list ordinance (AVV): six digits, optionally grouped, * for hazardous waste. */
const wasteKey = z
  .string()
  .trim()
  .refine((v) => v === '' || /^\d{2} ?\d{2} ?\d{2}\*?$/.test(v), {
    message: 'Der Abfallschlüssel hat sechs Ziffern, z. B. 07 01 04*.',
  })
  .default('');

/** A statement code of the CLP catalogue (checked against the catalogue by the server). */
export const statementCodeSchema = z
  .string()
  .trim()
  .regex(/^(EUH|H|P)[0-9A-Za-z+[\]]{2,40}$/, 'Unbekannter Gefahren- oder Sicherheitshinweis.');

export const ingredientInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Bitte geben Sie den Namen des Inhaltsstoffs an.').max(300),
    casNumber,
    ecNumber,
    percentMin: decimal(DECIMAL_FORMATS.percent, '2,5'),
    percentMax: decimal(DECIMAL_FORMATS.percent, '10'),
    formula: text(200),
    classification: text(1000),
  })
  .superRefine((v, ctx) => {
    const min = v.percentMin === '' ? undefined : Number(parseDecimal(v.percentMin, DECIMAL_FORMATS.percent));
    const max = v.percentMax === '' ? undefined : Number(parseDecimal(v.percentMax, DECIMAL_FORMATS.percent));
    for (const [key, n] of [
      ['percentMin', min],
      ['percentMax', max],
    ] as const)
      if (n !== undefined && (n < 0 || n > 100))
        ctx.addIssue({ code: 'custom', path: [key], message: 'Der Anteil liegt zwischen 0 und 100 %.' });
    if (min !== undefined && max !== undefined && min > max)
      ctx.addIssue({
        code: 'custom',
        path: ['percentMax'],
        message: 'Der höchste Anteil darf nicht kleiner sein als der niedrigste.',
      });
  });
export type IngredientInput = z.input<typeof ingredientInputSchema>;

export const exposureLimitInputSchema = z.object({
  basis: z.string().trim().min(1, 'Bitte geben Sie die Grundlage des Grenzwerts an (z. B. AGW).').max(100),
  value: z
    .string()
    .trim()
    .min(1, 'Bitte geben Sie den Grenzwert an.')
    .refine((v) => parseDecimal(v, [9, 3]) !== undefined, {
      message: 'Der Grenzwert muss eine Zahl sein (z. B. 380 oder 0,5).',
    }),
  unit: z.string().trim().min(1, 'Bitte geben Sie die Einheit an (z. B. mg/m³).').max(40),
  info: text(1000),
});
export type ExposureLimitInput = z.input<typeof exposureLimitInputSchema>;

/** The fields of one substance version (everything the safety data sheet says). */
export const substanceDataFields = {
  // 1 Bezeichnung des Stoffs und des Unternehmens
  designation: z
    .string()
    .trim()
    .min(1, 'Bitte geben Sie eine Bezeichnung ein.')
    .max(300, 'Höchstens 300 Zeichen erlaubt.'),
  synonym: text(300),
  substanceType: z
    .union([z.literal(1), z.literal(2), z.literal(3)], { message: 'Ungültiger Wert' })
    .default(1),
  casNumber,
  ecNumber,
  reachNumber: text(40),
  ean: text(20),
  barcode: text(60),
  manufacturerNumber: text(60),
  packageUnitId: idSchema.nullable().default(null),
  productGroupId: idSchema.nullable().default(null),
  /** The entry of the manufacturer list the fields below were filled from (decision 055). */
  manufacturerId: idSchema.nullable().default(null),
  manufacturerName: text(200),
  manufacturerAddress: text(200),
  manufacturerZipcode: text(20),
  manufacturerCity: text(100),
  manufacturerCountry: text(100),
  manufacturerCountryCode: text(3),
  manufacturerPhone: text(60),
  manufacturerEmergencyPhone: text(60),
  manufacturerEmail: z
    .union([z.email('Bitte geben Sie eine gültige E-Mail-Adresse ein.'), z.literal('')])
    .default(''),
  requestor: text(200),
  // 2 Mögliche Gefahren
  statements: z.array(statementCodeSchema).max(120).default([]),
  signalWordOverride: z.enum(SIGNAL_WORDS, { message: 'Ungültiger Wert' }).nullable().default(null),
  pictogramsOverride: z
    .array(z.enum(GHS_PICTOGRAMS, { message: 'Ungültiger Wert' }))
    .nullable()
    .default(null),
  overrideReason: text(1000),
  rsStatements: text(2000),
  // 3 Zusammensetzung
  ingredients: z.array(ingredientInputSchema).max(100).default([]),
  // 4–6
  firstAid: text(4000),
  fireFighting: text(4000),
  accidentalRelease: text(4000),
  // 7 Handhabung und Lagerung
  storageClass: choice(STORAGE_CLASSES),
  handlingStorage: text(4000),
  // 8 Expositionsbegrenzung
  exposureLimits: z.array(exposureLimitInputSchema).max(50).default([]),
  biomonitoring: z.boolean().default(false),
  biomonitoringReason: text(1000),
  // 9 Physikalische und chemische Eigenschaften
  physicalState: choice(PHYSICAL_STATES),
  appearance: text(200),
  scent: text(200),
  ph: decimal(DECIMAL_FORMATS.ph, '7,5'),
  meltingPoint: temperature(),
  boilingPoint: temperature(),
  flashPoint: temperature(),
  ignitionPoint: temperature(),
  explosionLimitLower: decimal(DECIMAL_FORMATS.percent, '3,1'),
  explosionLimitUpper: decimal(DECIMAL_FORMATS.percent, '19'),
  vapourPressure: decimal(DECIMAL_FORMATS.amount, '58,0'),
  vapourPressureUnit: text(20),
  vapourPressureTemperature: temperature(),
  vapourDensity: decimal(DECIMAL_FORMATS.density, '1,59'),
  density: decimal(DECIMAL_FORMATS.density, '0,789'),
  relativeDensity: decimal(DECIMAL_FORMATS.density, '0,79'),
  molecularWeight: decimal(DECIMAL_FORMATS.amount, '46,07'),
  // 10–11
  stabilityReactivity: text(4000),
  toxicology: text(4000),
  // 12 Umweltbezogene Angaben
  waterHazardClass: choice(WATER_HAZARD_CLASSES),
  ecology: text(4000),
  // 13 Entsorgung
  wasteKey1: wasteKey,
  wasteKey2: wasteKey,
  wasteKey3: wasteKey,
  // 14 Transport
  unNumber: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d{4}$/.test(v), {
      message: 'Die UN-Nummer hat vier Ziffern (z. B. 1170).',
    })
    .default(''),
  shippingDescription: text(300),
  adrRid: text(100),
  iata: text(100),
  imdg: text(100),
  transportCategory: z
    .union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)], {
      message: 'Ungültiger Wert',
    })
    .nullable()
    .default(null),
  // 15 Rechtsvorschriften
  guegClassification: text(200),
  incidentOrdinance: text(200),
  regulations: text(4000),
  // 16 Sonstige Angaben
  comments: text(4000),
  extraInfo: text(4000),
};

/** Cross-field rules: a vapour pressure needs its temperature; an override needs a reason. */
function dataRules(
  v: {
    vapourPressure: string;
    vapourPressureTemperature: string;
    signalWordOverride: string | null;
    pictogramsOverride: string[] | null;
    overrideReason: string;
    biomonitoring: boolean;
    biomonitoringReason: string;
    statements: string[];
  },
  ctx: z.RefinementCtx,
) {
  if (v.vapourPressure !== '' && v.vapourPressureTemperature === '')
    ctx.addIssue({
      code: 'custom',
      path: ['vapourPressureTemperature'],
      message: 'Bitte geben Sie die Temperatur an, bei der der Dampfdruck gemessen wurde.',
    });
  if ((v.signalWordOverride !== null || v.pictogramsOverride !== null) && v.overrideReason === '')
    ctx.addIssue({
      code: 'custom',
      path: ['overrideReason'],
      message: 'Bitte begründen Sie, warum Sie von der abgeleiteten Kennzeichnung abweichen.',
    });
  if (v.biomonitoring && v.biomonitoringReason === '')
    ctx.addIssue({
      code: 'custom',
      path: ['biomonitoringReason'],
      message: 'Bitte geben Sie den Grund für das Biomonitoring an.',
    });
  if (new Set(v.statements).size !== v.statements.length)
    ctx.addIssue({ code: 'custom', path: ['statements'], message: 'Jeder Hinweis nur einmal.' });
}

const headFields = {
  responsibleEmployeeId: idSchema.nullable().default(null),
};

export const createSubstanceSchema = z
  .object({ ...substanceDataFields, ...headFields })
  .superRefine(dataRules);
export type CreateSubstance = z.input<typeof createSubstanceSchema>;
export type SubstanceData = z.output<typeof createSubstanceSchema>;

/** Whole-record save: every field named (decision 024) plus the version read. */
export const updateSubstanceSchema = z
  .object({ ...requiredFields({ ...substanceDataFields, ...headFields }), version: versionSchema })
  .superRefine(dataRules);
export type UpdateSubstance = z.input<typeof updateSubstanceSchema>;

/** The keys of a version's data (what a change of creates a new version of a released substance). */
export const SUBSTANCE_DATA_KEYS = Object.keys(substanceDataFields) as (keyof typeof substanceDataFields)[];

const statementSchema = z.object({ code: z.string(), kind: z.enum(['H', 'EUH', 'P']), text: z.string() });
export type Statement = z.infer<typeof statementSchema>;

export const blacklistHitSchema = z.object({
  list: z.enum(['forbidden', 'cmr', 'toxic', 'unwanted']),
  code: z.string(),
});

const ingredientSchema = z.object({
  name: z.string(),
  casNumber: z.string(),
  ecNumber: z.string(),
  percentMin: z.string(),
  percentMax: z.string(),
  formula: z.string(),
  classification: z.string(),
});
const exposureLimitSchema = z.object({
  basis: z.string(),
  value: z.string(),
  unit: z.string(),
  info: z.string(),
});

export const substanceVersionSummarySchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  fixed: z.boolean(),
  createdAt: z.string(),
  createdByName: z.string(),
});
export type SubstanceVersionSummary = z.infer<typeof substanceVersionSummarySchema>;

/** Everything of a version as the editor shows it (decimals with a comma). */
export const substanceDataSchema = z.object({
  ...Object.fromEntries(SUBSTANCE_DATA_KEYS.map((k) => [k, z.string()])),
  substanceType: z.number().int(),
  packageUnitId: z.number().int().nullable(),
  productGroupId: z.number().int().nullable(),
  manufacturerId: z.number().int().nullable(),
  statements: z.array(z.string()),
  signalWordOverride: z.enum(SIGNAL_WORDS).nullable(),
  pictogramsOverride: z.array(z.enum(GHS_PICTOGRAMS)).nullable(),
  ingredients: z.array(ingredientSchema),
  exposureLimits: z.array(exposureLimitSchema),
  biomonitoring: z.boolean(),
  transportCategory: z.number().int().nullable(),
}) as unknown as z.ZodType<SubstanceDataOut>;
type VersionData = z.output<z.ZodObject<typeof substanceDataFields>>;
export type SubstanceDataOut = {
  [K in keyof VersionData]: K extends
    | 'substanceType'
    | 'packageUnitId'
    | 'productGroupId'
    | 'manufacturerId'
    | 'statements'
    | 'signalWordOverride'
    | 'pictogramsOverride'
    | 'ingredients'
    | 'exposureLimits'
    | 'biomonitoring'
    | 'transportCategory'
    ? VersionData[K]
    : string;
};

/** One version's data, for comparing it with the current one (decision 055). */
export const substanceVersionDataSchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  createdAt: z.string(),
  data: substanceDataSchema,
});
export type SubstanceVersionData = z.infer<typeof substanceVersionDataSchema>;

export const substanceSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  active: z.boolean(),
  releaseState: z.enum(RELEASE_STATES),
  releaseComment: z.string(),
  releasedAt: z.string().nullable(),
  releasedByName: z.string().nullable(),
  responsibleEmployeeId: z.number().int().nullable(),
  responsibleName: z.string().nullable(),
  current: substanceVersionSummarySchema,
  versionCount: z.number().int(),
  data: substanceDataSchema,
  /** The catalogue texts of the chosen statements. */
  statementTexts: z.array(statementSchema),
  derivedPictograms: z.array(z.enum(GHS_PICTOGRAMS)),
  derivedSignalWord: z.enum(SIGNAL_WORDS),
  pictograms: z.array(z.enum(GHS_PICTOGRAMS)),
  signalWord: z.enum(SIGNAL_WORDS),
  cmr: z.boolean(),
  /** Blacklisted statements among the chosen ones: a warning, the save went through. */
  blacklistHits: z.array(blacklistHitSchema),
});
export type Substance = z.infer<typeof substanceSchema>;

/** The answer of a save: the substance and whether the save opened a new version. */
export const substanceSavedSchema = z.object({ data: substanceSchema, newVersion: z.boolean() });

export const substanceVersionsSchema = z.object({ data: z.array(substanceVersionSummarySchema) });

export const substanceRowSchema = z.object({
  id: z.number().int(),
  designation: z.string(),
  synonym: z.string(),
  casNumber: z.string(),
  ecNumber: z.string(),
  manufacturerName: z.string(),
  signalWord: z.enum(SIGNAL_WORDS),
  pictograms: z.array(z.enum(GHS_PICTOGRAMS)),
  cmr: z.boolean(),
  versionNumber: z.number().int(),
  releaseState: z.enum(RELEASE_STATES),
  active: z.boolean(),
});
export type SubstanceRow = z.infer<typeof substanceRowSchema>;

export const substanceListQuerySchema = listQuerySchema.extend({
  showInactive: booleanFlag.optional(),
});
export type SubstanceListQuery = z.input<typeof substanceListQuerySchema>;

export const releaseSubstanceSchema = z.object({
  version: versionSchema,
  agreed: z.boolean(),
  comment: text(2000),
  /** With „nicht zugestimmt“: also set the substance inactive (the user was asked). */
  setInactive: z.boolean().default(false),
});
export type ReleaseSubstance = z.input<typeof releaseSubstanceSchema>;

export const setSubstanceActiveSchema = z.object({ version: versionSchema, active: z.boolean() });
export const substanceVersionActionSchema = z.object({ version: versionSchema });

// ── The CLP catalogue and the two small catalogues ──────────────────────────────────────────────────
export const clpStatementRowSchema = statementSchema;
export const clpPickerQuerySchema = listQuerySchema.extend({ kind: z.enum(['H', 'EUH', 'P']).optional() });
export type ClpPickerQuery = z.input<typeof clpPickerQuerySchema>;

export const namedEntrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  version: z.number().int(),
});
export type NamedEntry = z.infer<typeof namedEntrySchema>;
export const namedEntryInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Bitte geben Sie eine Bezeichnung ein.')
    .max(120, 'Höchstens 120 Zeichen erlaubt.'),
});
export const updateNamedEntrySchema = namedEntryInputSchema.extend({ version: versionSchema });
