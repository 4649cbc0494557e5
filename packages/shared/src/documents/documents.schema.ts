import { z } from 'zod';
import { LOCALES } from '../constants.ts';
import { booleanFlag, idSchema, listQuerySchema, versionSchema } from '../list/list.schema.ts';
import { partialFields } from '../update.ts';

/**
 * Contracts of the document management (spec modules.md §3 "Document", §8 uploads, §9 upload maximum and
 * check intervals). Decision 016.
 */

/** Document types 0–18 (spec modules.md §3 "Document"), German labels; the id is stored. */
export const DOCUMENT_TYPES = [
  { id: 0, label: 'Sonstiges' },
  { id: 1, label: 'Sicherheitsdatenblatt' },
  { id: 2, label: 'Betriebsanweisung' },
  { id: 3, label: 'Maschinenanweisung' },
  { id: 4, label: 'Stoffbild' },
  { id: 5, label: 'Lagerskizze' },
  { id: 6, label: 'Genehmigung' },
  { id: 7, label: 'Foto' },
  { id: 8, label: 'Checkliste' },
  { id: 9, label: 'Formular' },
  { id: 10, label: 'Ausführungsanweisung' },
  { id: 11, label: 'Anlagen' },
  { id: 12, label: 'Vektorkarten' },
  { id: 13, label: 'Auftrag' },
  { id: 14, label: 'Newsflash-Bild' },
  { id: 15, label: 'Stofffreigabe' },
  { id: 16, label: 'Gefährdungsbeurteilung' },
  { id: 17, label: 'Internationales Datenblatt' },
  { id: 18, label: 'Technisches Datenblatt' },
] as const;
export const DOCUMENT_TYPE_IDS = DOCUMENT_TYPES.map((t) => t.id);
export function documentTypeLabel(id: number): string {
  return DOCUMENT_TYPES.find((t) => t.id === id)?.label ?? String(id);
}

/** Check intervals in days (spec modules.md §9): 0 = once (no next check after a check). */
export const CHECK_INTERVALS = [
  { days: 0, label: 'einmalig' },
  { days: 30, label: 'monatlich' },
  { days: 60, label: 'alle 2 Monate' },
  { days: 90, label: 'vierteljährlich' },
  { days: 180, label: 'halbjährlich' },
  { days: 365, label: 'jährlich' },
  { days: 730, label: 'alle 2 Jahre' },
  { days: 1095, label: 'alle 3 Jahre' },
  { days: 1460, label: 'alle 4 Jahre' },
  { days: 1825, label: 'alle 5 Jahre' },
] as const;
export const CHECK_INTERVAL_DAYS = CHECK_INTERVALS.map((i) => i.days);

/** Upload maximum (spec modules.md §9): 50 MB. */
export const DOCUMENT_MAX_FILE_BYTES = 50 * 1024 * 1024;
/** Allowed file extensions (spec modules.md: PPT, PPTX, JPG, GIF, PNG, PDF, DOC, DOCX). */
export const DOCUMENT_FILE_EXTENSIONS = [
  'pdf',
  'png',
  'jpg',
  'jpeg',
  'gif',
  'doc',
  'docx',
  'ppt',
  'pptx',
] as const;
/** For the file picker's `accept`. */
export const DOCUMENT_ACCEPT = DOCUMENT_FILE_EXTENSIONS.map((e) => `.${e}`).join(',');

export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Entities documents can be attached to (document_links); more modules add theirs here. */
export const DOCUMENT_LINK_ENTITIES = [
  'location',
  'hazard_analysis',
  'instruction_topic',
  'accident_report',
  'substance',
  'checklist_instance',
] as const;
export type DocumentLinkEntity = (typeof DOCUMENT_LINK_ENTITIES)[number];

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Bitte geben Sie ein gültiges Datum ein.' })
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    { message: 'Bitte geben Sie ein gültiges Datum ein.' },
  )
  .refine((v) => v >= '1753-01-01' && v <= '9999-12-31', {
    message: 'Das Datum muss zwischen dem 01.01.1753 und dem 31.12.9999 liegen.',
  });
const optionalDate = isoDate.nullish().transform((v) => v ?? null);
const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, { message: `${label} darf höchstens ${max} Zeichen lang sein.` })
    .nullish()
    .transform((v) => (v === '' || v === undefined ? null : v));

export const documentFieldsSchema = z.object({
  label: z
    .string()
    .trim()
    .min(1, { message: 'Bitte geben Sie eine Bezeichnung an.' })
    .max(200, { message: 'Die Bezeichnung darf höchstens 200 Zeichen lang sein.' }),
  type: z
    .number()
    .int()
    .refine((v) => (DOCUMENT_TYPE_IDS as readonly number[]).includes(v), {
      message: 'Bitte wählen Sie einen Dokumenttyp.',
    }),
  docVersion: optionalText(50, 'Die Version'),
  revision: optionalText(50, 'Die Revision'),
  responsibleId: idSchema.nullish().transform((v) => v ?? null),
  languages: z
    .array(z.enum(LOCALES, { message: 'Bitte wählen Sie eine gültige Sprache.' }))
    .max(LOCALES.length)
    .default([]),
  confidential: z.boolean().default(false),
  isTemplate: z.boolean().default(false),
  nextCheck: optionalDate,
  checkInterval: z
    .number()
    .int()
    .refine((v) => (CHECK_INTERVAL_DAYS as readonly number[]).includes(v), {
      message: 'Bitte wählen Sie ein gültiges Prüfintervall.',
    })
    .nullish()
    .transform((v) => v ?? null),
  validFrom: optionalDate,
});
export const createDocumentSchema = documentFieldsSchema;
export type CreateDocument = z.input<typeof createDocumentSchema>;
/**
 * A partial update (decision 024): only the fields named change; no defaults. Setting or clearing
 * `confidential` needs DOCUMENTS_CONFIDENTIAL (403 DOCUMENT_CONFIDENTIAL_FLAG).
 */
export const updateDocumentSchema = z.object({
  ...partialFields(documentFieldsSchema.shape),
  version: versionSchema,
});
export type UpdateDocument = z.input<typeof updateDocumentSchema>;

/**
 * One file version. For a confidential document and a reader without DOCUMENTS_CONFIDENTIAL, `fileName`,
 * `size` and `hash` are null (decision 024): the file's metadata is as confidential as its content.
 */
export const documentFileVersionSchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  fileName: z.string().nullable(),
  mimeType: z.string(),
  size: z.number().int().nullable(),
  hash: z.string().nullable(),
  comment: z.string().nullable(),
  uploadedById: z.number().int().nullable(),
  uploadedByName: z.string().nullable(),
  uploadedAt: z.string(),
});
export type DocumentFileVersion = z.infer<typeof documentFileVersionSchema>;

export const documentSchema = z.object({
  id: z.number().int(),
  portalId: z.number().int(),
  label: z.string(),
  type: z.number().int(),
  docVersion: z.string().nullable(),
  revision: z.string().nullable(),
  responsibleId: z.number().int().nullable(),
  responsibleName: z.string().nullable(),
  /** The responsible person as the employee picker shows it. */
  responsible: z
    .object({
      id: z.number().int(),
      personnelNumber: z.string(),
      lastName: z.string(),
      firstName: z.string(),
      departmentName: z.null(),
    })
    .nullable(),
  languages: z.array(z.string()),
  confidential: z.boolean(),
  isTemplate: z.boolean(),
  nextCheck: z.string().nullable(),
  checkInterval: z.number().int().nullable(),
  validFrom: z.string().nullable(),
  releasedAt: z.string().nullable(),
  releasedByName: z.string().nullable(),
  releasedVersionId: z.number().int().nullable(),
  lastCheckedAt: z.string().nullable(),
  lastCheckedByName: z.string().nullable(),
  currentVersion: documentFileVersionSchema.nullable(),
  versions: z.array(documentFileVersionSchema),
  version: z.number().int(),
  /**
   * Whether the requesting user may record the check (POST /documents/:id/check): DOCUMENTS_CHECK, or a
   * linked record allows it (e.g. HAZARDANALYSIS_DOCUMENT_CHECK on a readable assessment, decision 016).
   */
  mayCheck: z.boolean(),
});
export type Document = z.infer<typeof documentSchema>;

export const documentRowSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  type: z.number().int(),
  docVersion: z.string().nullable(),
  revision: z.string().nullable(),
  responsibleName: z.string().nullable(),
  confidential: z.boolean(),
  isTemplate: z.boolean(),
  released: z.boolean(),
  nextCheck: z.string().nullable(),
  /** Null without a file, and for a confidential document without DOCUMENTS_CONFIDENTIAL. */
  fileName: z.string().nullable(),
  fileCount: z.number().int(),
});
export type DocumentRow = z.infer<typeof documentRowSchema>;

export const documentListQuerySchema = listQuerySchema.extend({
  type: z.coerce
    .number()
    .int()
    .refine((v) => (DOCUMENT_TYPE_IDS as readonly number[]).includes(v), {
      message: 'Unbekannter Dokumenttyp.',
    })
    .optional(),
  released: booleanFlag.optional(),
  dueForCheck: booleanFlag.optional(),
  template: booleanFlag.optional(),
});
export type DocumentListQuery = z.input<typeof documentListQuerySchema>;
export type DocumentListFilter = z.output<typeof documentListQuerySchema>;

/** Release and check carry the record's version (optimistic locking). */
export const documentActionSchema = z.object({ version: versionSchema });

export const documentVersionParamsSchema = z.object({ id: idSchema, versionId: idSchema });

export const documentLinkQuerySchema = z.object({
  entity: z.enum(DOCUMENT_LINK_ENTITIES, { message: 'Unbekannte Verknüpfungsart.' }),
  entityId: idSchema,
});
export const documentLinkBodySchema = documentLinkQuerySchema.extend({ documentId: idSchema });
export const documentLinkDeleteQuerySchema = documentLinkBodySchema;
