import { z } from 'zod';
import { versionSchema } from '../list/list.schema.ts';

/**
 * The safety data sheet of a substance and the values taken over from its PDF (decision 049). The data sheet
 * is a document of type 1 (Sicherheitsdatenblatt) linked to the substance; its file versions are the archive.
 */

/** The register's fields an SDS PDF can propose, with the German labels of the editor. */
export const SDS_PROPOSAL_FIELDS = {
  designation: 'Bezeichnung',
  casNumber: 'CAS-Nummer',
  ecNumber: 'EG-Nummer',
  manufacturerName: 'Hersteller',
  // The entry of the managed manufacturer list whose name matches the sheet's (decision 055).
  manufacturerId: 'Hersteller aus der Liste',
  manufacturerEmergencyPhone: 'Notrufnummer',
  statements: 'H-, EUH- und P-Sätze',
  signalWordOverride: 'Signalwort',
  storageClass: 'Lagerklasse',
  physicalState: 'Aggregatzustand',
  flashPoint: 'Flammpunkt (°C)',
  boilingPoint: 'Siedepunkt (°C)',
  density: 'Dichte (g/cm³)',
  ph: 'pH-Wert',
  waterHazardClass: 'Wassergefährdungsklasse',
  unNumber: 'UN-Nummer',
  // Sections 3, 8, 13, 14 (decision 055): the ingredient and limit tables are proposed as one group each.
  ingredients: 'Inhaltsstoffe',
  exposureLimits: 'Grenzwerte',
  wasteKey1: 'Abfallschlüssel 1',
  wasteKey2: 'Abfallschlüssel 2',
  wasteKey3: 'Abfallschlüssel 3',
  adrRid: 'ADR/RID',
  iata: 'IATA',
  imdg: 'IMDG',
  transportCategory: 'Beförderungskategorie',
} as const;
export type SdsProposalField = keyof typeof SDS_PROPOSAL_FIELDS;
export const SDS_PROPOSAL_FIELD_KEYS = Object.keys(SDS_PROPOSAL_FIELDS) as SdsProposalField[];

/** The marker every unconfirmed value carries in the editor. */
export const SDS_UNCONFIRMED_LABEL = 'aus PDF übernommen – ungeprüft';

export const sdsProposalSchema = z.object({ field: z.string(), label: z.string(), value: z.string() });
export type SdsProposal = z.infer<typeof sdsProposalSchema>;

export const sdsFileVersionSchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  fileName: z.string().nullable(),
  uploadedAt: z.string(),
  uploadedByName: z.string().nullable(),
});

/** The data sheet part of the editor: the current file, the archive (older files) and the open proposals. */
export const substanceSdsSchema = z.object({
  documentId: z.number().int().nullable(),
  current: sdsFileVersionSchema.nullable(),
  archive: z.array(sdsFileVersionSchema),
  proposals: z.array(sdsProposalSchema),
});
export type SubstanceSds = z.infer<typeof substanceSdsSchema>;

/** The answer of an import: the substance, what was read, and the fields the PDF changed (proposed). */
export const sdsImportResultSchema = z.object({
  substanceId: z.number().int(),
  sections: z.array(z.number().int()),
  proposed: z.array(z.string()),
  /** Codes of the PDF the CLP catalogue does not have (left out). */
  unknownStatements: z.array(z.string()),
});
export type SdsImportResult = z.infer<typeof sdsImportResultSchema>;

export const confirmSdsSchema = z.object({
  version: versionSchema,
  /** The fields to confirm; empty: all open proposals. */
  fields: z.array(z.string().max(60)).max(40),
});
export type ConfirmSds = z.input<typeof confirmSdsSchema>;
