import { z } from 'zod';
import { idSchema, listQuerySchema, MAX_INT, versionSchema } from '../list/list.schema.ts';
import { requiredFields } from '../update.ts';

/** Export formats of a report (spec modules.md "Report: … export formats"). Art 1 = PDF (spec shell §7). */
export const REPORT_FORMATS = ['pdf', 'xlsx', 'csv'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
/** `Art` of reports/generate: 1 PDF, 2 XLSX, 3 CSV. */
export const REPORT_ART: Record<number, ReportFormat> = { 1: 'pdf', 2: 'xlsx', 3: 'csv' };

/** More records than this: the print dialog warns before generating (spec shell §9). */
export const REPORT_WARNING_THRESHOLD = 1000;
export const REPORT_WARNING_TEXT =
  'Die Datenmenge ist beträchtlich und kann zu langen Wartezeiten oder Abbrüchen führen';

/** Filter content prefixes (spec shell §3.3). */
export const HIDDEN_PREFIX = '#HIDDEN=';
export const CHECKBOX_PREFIX = '#CHECKBOX=';

export const reportFilterInputSchema = z.object({
  field: z
    .string()
    .trim()
    .min(1, { message: 'Bitte geben Sie den Parameternamen des Filters an.' })
    .max(64, { message: 'Höchstens 64 Zeichen.' })
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, {
      message: 'Der Parametername darf nur Buchstaben, Ziffern und _ enthalten (z. B. abteilung).',
    }),
  filtername: z
    .string()
    .trim()
    .min(1, { message: 'Bitte geben Sie die Bezeichnung des Filters an.' })
    .max(200, { message: 'Höchstens 200 Zeichen.' }),
  filtercontent: z.string().max(2000, { message: 'Höchstens 2000 Zeichen.' }).default(''),
});
export type ReportFilterInput = z.input<typeof reportFilterInputSchema>;

export const reportInputSchema = z.object({
  reportname: z
    .string()
    .trim()
    .min(1, { message: 'Bitte geben Sie einen Namen für den Report an.' })
    .max(200, { message: 'Höchstens 200 Zeichen.' }),
  controller: z
    .string()
    .trim()
    .min(1, { message: 'Bitte geben Sie das Modul an, zu dem der Report gehört (z. B. employee).' })
    .max(64, { message: 'Höchstens 64 Zeichen.' }),
  sql: z
    .string()
    .trim()
    .min(1, { message: 'Bitte geben Sie die SQL-Abfrage des Reports an.' })
    .max(50_000, { message: 'Die SQL-Abfrage darf höchstens 50.000 Zeichen lang sein.' }),
  timeoutSeconds: z.coerce
    .number({ message: 'Bitte geben Sie das SQL-Timeout in Sekunden an.' })
    .int({ message: 'Bitte geben Sie ganze Sekunden an.' })
    .min(1, { message: 'Das SQL-Timeout muss mindestens 1 Sekunde betragen.' })
    .max(300, { message: 'Das SQL-Timeout darf höchstens 300 Sekunden betragen.' }),
  formats: z
    .array(z.enum(REPORT_FORMATS, { message: 'Erlaubt sind die Formate PDF, XLSX und CSV.' }))
    .min(1, { message: 'Bitte wählen Sie mindestens ein Ausgabeformat.' })
    .transform((f) => [...new Set(f)]),
  rights: z
    .array(z.number().int().positive().max(MAX_INT))
    .min(1, { message: 'Bitte wählen Sie mindestens ein Recht, das den Report ausführen darf.' }),
  filters: z.array(reportFilterInputSchema).max(30, { message: 'Höchstens 30 Filter.' }).default([]),
});
export type ReportInput = z.input<typeof reportInputSchema>;
/** A whole-record update (decision 024): every field required, no defaults. */
export const updateReportSchema = z.object({
  ...requiredFields(reportInputSchema.shape),
  version: versionSchema,
});

export const reportFilterSchema = z.object({
  id: z.number().int(),
  field: z.string(),
  filtername: z.string(),
  filtercontent: z.string(),
});
export const reportSchema = z.object({
  id: z.number().int(),
  reportname: z.string(),
  controller: z.string(),
  sql: z.string(),
  timeoutSeconds: z.number().int(),
  formats: z.array(z.enum(REPORT_FORMATS)),
  rights: z.array(z.number().int()),
  filters: z.array(reportFilterSchema),
  version: z.number().int(),
});
export type Report = z.infer<typeof reportSchema>;

/** Picker row (spec shell §3.2 type 'reports'). */
export const reportPickerRowSchema = z.object({
  id: z.number().int(),
  reportname: z.string(),
  formats: z.array(z.enum(REPORT_FORMATS)),
});
export const reportPickerQuerySchema = listQuerySchema.extend({
  controller: z.string().trim().max(64).optional(),
});
export const reportListQuerySchema = listQuerySchema;
export const reportListRowSchema = z.object({
  id: z.number().int(),
  reportname: z.string(),
  controller: z.string(),
  formats: z.array(z.enum(REPORT_FORMATS)),
  version: z.number().int(),
});

/**
 * Filters for the print dialog (spec shell §3.3). Hidden filters are not sent: the server applies their
 * fixed value. `kind`: 'checkbox' for `#CHECKBOX=` (default 1 unless the content says otherwise),
 * otherwise 'text' with `filtercontent` as the default value.
 */
export const reportDialogFilterSchema = z.object({
  id: z.number().int(),
  field: z.string(),
  filtername: z.string(),
  filtercontent: z.string(),
  kind: z.enum(['text', 'checkbox']),
  defaultValue: z.string(),
});
export const getFiltersQuerySchema = z.object({ reportid: idSchema });

/** Body of reports/generate (spec shell §7). */
export const generateReportSchema = z.object({
  ReportID: idSchema,
  UserID: z.coerce.number().int().optional(),
  Art: z.coerce.number().int().min(1).max(3).optional().default(1),
  /** JSON object { field: value } or array [{ field, value }] (as text, spec) */
  Filter: z
    .union([z.string().max(100_000), z.record(z.string(), z.unknown()), z.array(z.unknown())])
    .optional(),
  FilterParsed: z.unknown().optional(),
  RecordID: z.unknown().optional(),
  RecordList: z.unknown().optional(),
  Parameter: z.unknown().optional(),
  Portal: z.unknown().optional(),
  LocationDetails: z.unknown().optional(),
  UUID: z.string().max(100).optional(),
  UserLanguage: z.string().max(10).optional().default('de'),
});
export type GenerateReport = z.input<typeof generateReportSchema>;
export const countReportResponseSchema = z.object({
  data: z.object({ count: z.number().int(), warning: z.string().nullable() }),
});

/** Test run of unsaved SQL (report manager's editor): the first 20 rows as display text. */
export const previewReportSchema = z.object({
  sql: reportInputSchema.shape.sql,
  filters: z.array(reportFilterInputSchema).max(30).default([]),
  /** Filter values { field: value }; missing ones use the filter's default. */
  values: z.record(z.string(), z.unknown()).optional(),
  timeoutSeconds: reportInputSchema.shape.timeoutSeconds.default(10),
});
export type PreviewReport = z.infer<typeof previewReportSchema>;
export const previewReportResponseSchema = z.object({
  data: z.object({
    columns: z.array(z.string()),
    rows: z.array(z.array(z.string())),
    truncated: z.boolean(),
  }),
});

/** The file format of an exported report definition. */
export const REPORT_EXPORT_KIND = 'schutzwerk-report';
export const reportExportFileSchema = z.object({
  kind: z.literal(REPORT_EXPORT_KIND),
  formatVersion: z.literal(1),
  report: reportInputSchema,
});
