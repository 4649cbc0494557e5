import { z } from 'zod';

/** Spec §8 import codes. */
export const IMPORT_CODE = { COMPLETED: 100, LICENCE_EXCEEDED: 910 } as const;

/** Largest CSV file the import accepts (bytes). */
export const IMPORT_MAX_FILE_BYTES = 20 * 1024 * 1024;

/** Rows of the file shown in the preview of step 1. */
export const IMPORT_PREVIEW_ROWS = 10;

export const IMPORT_SEPARATORS = [';', ',', '\t', '|'] as const;
export type ImportSeparator = (typeof IMPORT_SEPARATORS)[number];

export const IMPORT_ENCODINGS = ['utf-8', 'windows-1252'] as const;

/**
 * The employee fields a column can be mapped to, in the order the wizard shows them, with the German
 * label used in the mapping step and in the reasons of bad rows. Not importable on purpose: admin rights
 * and the keep-active-on-import marker (privileges and the marker itself are set by hand), department
 * and location (trees, chosen in the record).
 */
export const IMPORT_FIELDS = [
  { key: 'personnelNumber', label: 'Personalnummer', required: true, kind: 'text' },
  { key: 'lastName', label: 'Nachname', required: true, kind: 'text' },
  { key: 'firstName', label: 'Vorname', required: true, kind: 'text' },
  { key: 'password', label: 'Passwort', required: true, kind: 'password' },
  { key: 'loginName', label: 'Benutzername', required: false, kind: 'text' },
  { key: 'email', label: 'E-Mail', required: false, kind: 'text' },
  { key: 'chipId', label: 'Chip-ID', required: false, kind: 'text' },
  { key: 'tempLoginName', label: 'Temporärer Benutzername', required: false, kind: 'text' },
  { key: 'idNumber', label: 'Ausweisnummer', required: false, kind: 'text' },
  { key: 'phone', label: 'Telefon', required: false, kind: 'text' },
  { key: 'mobileInternal', label: 'Mobilnummer (intern)', required: false, kind: 'text' },
  { key: 'company', label: 'Firma', required: false, kind: 'text' },
  { key: 'language', label: 'Sprache', required: false, kind: 'text' },
  { key: 'country', label: 'Land', required: false, kind: 'text' },
  { key: 'isTempWorker', label: 'Leiharbeitnehmer', required: false, kind: 'boolean' },
  { key: 'isExternal', label: 'Externer Mitarbeiter', required: false, kind: 'boolean' },
  { key: 'worksBanUntil', label: 'Arbeitsverbot bis', required: false, kind: 'date' },
  { key: 'hireDate', label: 'Eintrittsdatum', required: false, kind: 'date' },
  { key: 'tempWorkUntil', label: 'Leiharbeit bis', required: false, kind: 'date' },
  { key: 'workingTasks', label: 'Arbeitsaufgaben', required: false, kind: 'text' },
  { key: 'workingTime', label: 'Arbeitszeit', required: false, kind: 'text' },
  { key: 'gender', label: 'Geschlecht', required: false, kind: 'gender' },
  { key: 'citizenship', label: 'Staatsangehörigkeit', required: false, kind: 'text' },
  { key: 'street', label: 'Straße', required: false, kind: 'text' },
  { key: 'zip', label: 'PLZ', required: false, kind: 'text' },
  { key: 'city', label: 'Wohnort', required: false, kind: 'text' },
  { key: 'birthday', label: 'Geburtsdatum', required: false, kind: 'date' },
  { key: 'healthInsuranceName', label: 'Name der Krankenkasse', required: false, kind: 'text' },
  { key: 'healthInsuranceStreet', label: 'Straße der Krankenkasse', required: false, kind: 'text' },
  { key: 'healthInsuranceZip', label: 'PLZ der Krankenkasse', required: false, kind: 'text' },
  { key: 'healthInsuranceCity', label: 'Ort der Krankenkasse', required: false, kind: 'text' },
] as const;

export type ImportFieldKey = (typeof IMPORT_FIELDS)[number]['key'];
export const IMPORT_FIELD_KEYS = IMPORT_FIELDS.map((f) => f.key) as [ImportFieldKey, ...ImportFieldKey[]];
export const REQUIRED_IMPORT_FIELDS = IMPORT_FIELDS.filter((f) => f.required).map((f) => f.key);

export const IMPORT_MODES = ['append', 'deactivateOthers'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

const columnIndex = z.number().int().min(0).max(999);

/** Column index per field (0-based); unmapped fields are absent or null. */
export const importMappingSchema = z.partialRecord(z.enum(IMPORT_FIELD_KEYS), columnIndex.nullable());
export type ImportMapping = z.infer<typeof importMappingSchema>;

export const importUploadQuerySchema = z.object({
  separator: z.enum(IMPORT_SEPARATORS, { message: 'Bitte wählen Sie ein Trennzeichen aus.' }).default(';'),
  hasHeader: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  fileName: z.string().trim().max(255).optional().default('import.csv'),
});

export const importIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const importPreviewSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  encoding: z.enum(IMPORT_ENCODINGS),
  separator: z.enum(IMPORT_SEPARATORS),
  hasHeader: z.boolean(),
  columnCount: z.number().int(),
  /** Headings from the file, or 'Spalte 1', 'Spalte 2', … without a header row. */
  columns: z.array(z.string()),
  rows: z.array(z.object({ line: z.number().int(), cells: z.array(z.string()) })),
  /** Data rows in the file (empty lines not counted). */
  rowCount: z.number().int(),
  /** Columns whose heading names a field (e.g. „Personalnr.“ → personnelNumber). */
  suggestedMapping: importMappingSchema,
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importOptionsSchema = z.object({
  portalId: z
    .number({ message: 'Bitte wählen Sie ein Zielportal aus.' })
    .int()
    .min(1, { message: 'Bitte wählen Sie ein Zielportal aus.' })
    .max(2_147_483_647),
  mode: z.enum(IMPORT_MODES, { message: 'Bitte wählen Sie aus, wie importiert werden soll.' }),
  mapping: importMappingSchema,
});
export type ImportOptions = z.infer<typeof importOptionsSchema>;

export const importCommitSchema = importOptionsSchema.extend({
  /** The user confirmed that the rows listed by the check are left out. */
  skipBadRows: z.boolean().optional().default(false),
});
export type ImportCommit = z.input<typeof importCommitSchema>;

export const badRowSchema = z.object({
  line: z.number().int(),
  personnelNumber: z.string().nullable(),
  reasons: z.array(z.string()),
});
export type BadRow = z.infer<typeof badRowSchema>;

export const importCheckSchema = z.object({
  rowCount: z.number().int(),
  validCount: z.number().int(),
  badRows: z.array(badRowSchema),
  toCreate: z.number().int(),
  toUpdate: z.number().int(),
  unchanged: z.number().int(),
  toInactivate: z.number().int(),
  /** Active employees of the target portal after the import. */
  activeAfter: z.number().int(),
  licensedEmployees: z.number().int().nullable(),
  licenceExceeded: z.boolean(),
  /** Why the import would exceed a licence (the portal's quota or the installation's licence), code 910. */
  licenceMessage: z.string().nullable(),
});
export type ImportCheck = z.infer<typeof importCheckSchema>;

export const importResultSchema = z.object({
  /** 100 = import completed (spec §8). */
  code: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  inactivated: z.number().int(),
  skipped: z.number().int(),
  durationMs: z.number().int(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

export const IMPORT_STATUSES = ['uploaded', 'running', 'done', 'failed'] as const;

export const importJobSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  portalId: z.number().int().nullable(),
  status: z.enum(IMPORT_STATUSES),
  result: importResultSchema.nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

/**
 * The commit answers with a stream of JSON lines (application/x-ndjson): progress while passwords are
 * hashed and rows are written, then exactly one `result` or `error` line.
 */
export type ImportEvent =
  | { type: 'progress'; phase: 'hash' | 'write'; done: number; total: number }
  | { type: 'result'; result: ImportResult }
  | { type: 'error'; error: { code: string; message: string; importCode?: number } };

export const importPortalSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  isMain: z.boolean(),
  licensedEmployees: z.number().int().nullable(),
  activeEmployees: z.number().int(),
});
export type ImportPortal = z.infer<typeof importPortalSchema>;
