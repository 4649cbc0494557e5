import { z } from 'zod';
import { idSchema, listQuerySchema, versionSchema } from '../list/list.schema.ts';

/**
 * Contracts of the organisation trees (spec modules.md: "Departments tree; locations … tree with
 * designations", "Department container with monthly hours", "Location details: city, street, zip,
 * telephone, fax, email, emergency and fire numbers, escalation levels 0 to 3, responsibilities,
 * designations").
 */

export const NODE_NAME_MAX = 200;
export const ESCALATION_LEVELS = [0, 1, 2, 3] as const;
/** Monthly working hours of a department container: 0 … 31 days × 24 h. */
export const MONTHLY_HOURS_MAX = 744;
export const DESIGNATIONS_MAX = 500;
export const RESPONSIBILITIES_MAX = 100;

const nodeName = z
  .string()
  .trim()
  .min(1, { message: 'Bitte geben Sie einen Namen an.' })
  .max(NODE_NAME_MAX, { message: `Der Name darf höchstens ${NODE_NAME_MAX} Zeichen lang sein.` });

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, { message: `${label} darf höchstens ${max} Zeichen lang sein.` })
    .nullish()
    .transform((v) => (v === '' || v === undefined ? null : v));

/** Telephone-like numbers: digits, spaces and + / - ( ) . — '0221 123456-0', '+49 221 123456', '112'. */
const phoneNumber = (label: string) =>
  z
    .string()
    .trim()
    .max(50, { message: `${label} darf höchstens 50 Zeichen lang sein.` })
    .refine((v) => v === '' || /^\+?[0-9][0-9 ()/.-]*$/.test(v), {
      message: `${label} darf nur Ziffern, Leerzeichen und + / - ( ) enthalten.`,
    })
    .nullish()
    .transform((v) => (v === '' || v === undefined ? null : v));

const email = z
  .string()
  .trim()
  .max(200, { message: 'Die E-Mail-Adresse darf höchstens 200 Zeichen lang sein.' })
  .email({ message: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.' })
  .nullish()
  .or(z.literal(''))
  .transform((v) => (v === '' || v === undefined ? null : v));

const parentId = idSchema.nullable();

// ── tree ─────────────────────────────────────────────────────────────────────────────────────────

export const treeNodeSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  version: z.number().int(),
  /** False for nodes shown only for orientation (ancestors of one's own locations): read-only. */
  editable: z.boolean(),
});
export type TreeNode = z.infer<typeof treeNodeSchema>;

export const departmentTreeNodeSchema = treeNodeSchema.extend({ isContainer: z.boolean() });
export type DepartmentTreeNode = z.infer<typeof departmentTreeNodeSchema>;

/** Main-portal users may look at another portal's tree (e.g. for an employee of a customer portal). */
export const treeQuerySchema = z.object({ portalId: idSchema.optional() });

export const createNodeSchema = z.object({ parentId, name: nodeName });
export type CreateNode = z.input<typeof createNodeSchema>;

export const moveNodeSchema = z.object({ parentId, version: versionSchema });
export type MoveNode = z.input<typeof moveNodeSchema>;

// ── location record ──────────────────────────────────────────────────────────────────────────────

export const employeeRefSchema = z.object({
  id: z.number().int(),
  personnelNumber: z.string(),
  lastName: z.string(),
  firstName: z.string(),
  departmentName: z.string().nullable(),
});
export type EmployeeRef = z.infer<typeof employeeRefSchema>;

export const escalationLevelSchema = z.object({
  level: z.number().int(),
  employee: employeeRefSchema.nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type EscalationLevel = z.infer<typeof escalationLevelSchema>;

export const responsibilitySchema = z.object({ employee: employeeRefSchema, title: z.string().nullable() });
export type Responsibility = z.infer<typeof responsibilitySchema>;

export const designationSchema = z.object({ id: z.number().int(), name: z.string() });
export type Designation = z.infer<typeof designationSchema>;

export const LOCATION_DETAIL_FIELDS = [
  'street',
  'zip',
  'city',
  'phone',
  'fax',
  'email',
  'emergencyNumber',
  'fireNumber',
] as const;

export const locationSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  /** Names from the root down to this location. */
  path: z.array(z.string()),
  street: z.string().nullable(),
  zip: z.string().nullable(),
  city: z.string().nullable(),
  phone: z.string().nullable(),
  fax: z.string().nullable(),
  email: z.string().nullable(),
  emergencyNumber: z.string().nullable(),
  fireNumber: z.string().nullable(),
  /** Always four entries, levels 0 to 3. */
  escalationLevels: z.array(escalationLevelSchema),
  responsibilities: z.array(responsibilitySchema),
  designations: z.array(designationSchema),
  childCount: z.number().int(),
  employeeCount: z.number().int(),
  editable: z.boolean(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Location = z.infer<typeof locationSchema>;

export const escalationLevelInputSchema = z.object({
  level: z.number().int().min(0).max(3, { message: 'Es gibt nur die Eskalationsstufen 0 bis 3.' }),
  employeeId: idSchema.nullish().transform((v) => v ?? null),
  email,
  phone: phoneNumber('Die Telefonnummer'),
});
export type EscalationLevelInput = z.input<typeof escalationLevelInputSchema>;

export const responsibilityInputSchema = z.object({
  employeeId: idSchema,
  title: optionalText(100, 'Die Funktion'),
});

export const designationInputSchema = z.object({
  /** Present for an existing designation (kept, possibly renamed); absent for a new one. */
  id: idSchema.optional(),
  name: z
    .string()
    .trim()
    .min(1, { message: 'Bitte geben Sie eine Bezeichnung an.' })
    .max(100, { message: 'Die Bezeichnung darf höchstens 100 Zeichen lang sein.' }),
});

export const updateLocationSchema = z
  .object({
    version: versionSchema,
    name: nodeName.optional(),
    street: optionalText(200, 'Die Straße').optional(),
    zip: optionalText(10, 'Die Postleitzahl').optional(),
    city: optionalText(100, 'Der Ort').optional(),
    phone: phoneNumber('Die Telefonnummer').optional(),
    fax: phoneNumber('Die Faxnummer').optional(),
    email: email.optional(),
    emergencyNumber: phoneNumber('Die Notrufnummer').optional(),
    fireNumber: phoneNumber('Die Feuerwehrnummer').optional(),
    escalationLevels: z
      .array(escalationLevelInputSchema)
      .max(4)
      .refine((levels) => new Set(levels.map((l) => l.level)).size === levels.length, {
        message: 'Jede Eskalationsstufe darf nur einmal vorkommen.',
      })
      .optional(),
    responsibilities: z
      .array(responsibilityInputSchema)
      .max(RESPONSIBILITIES_MAX, {
        message: `Es sind höchstens ${RESPONSIBILITIES_MAX} Verantwortliche möglich.`,
      })
      .refine((list) => new Set(list.map((r) => r.employeeId)).size === list.length, {
        message: 'Jeder Mitarbeiter kann nur einmal verantwortlich sein.',
      })
      .optional(),
    designations: z
      .array(designationInputSchema)
      .max(DESIGNATIONS_MAX, { message: `Es sind höchstens ${DESIGNATIONS_MAX} Bezeichnungen möglich.` })
      .superRefine((list, ctx) => {
        const seen = new Set<string>();
        list.forEach((d, index) => {
          const key = d.name.trim().toLocaleLowerCase('de');
          if (seen.has(key)) {
            ctx.addIssue({
              code: 'custom',
              path: [index, 'name'],
              message: `Die Bezeichnung „${d.name.trim()}“ kommt doppelt vor.`,
            });
          }
          seen.add(key);
        });
      })
      .optional(),
  })
  .strict();
export type UpdateLocation = z.input<typeof updateLocationSchema>;

// ── department record ────────────────────────────────────────────────────────────────────────────

export const monthlyHoursSchema = z
  .number({ message: 'Bitte geben Sie die Monatsstunden als Zahl an.' })
  .min(0, { message: 'Die Monatsstunden dürfen nicht negativ sein.' })
  .max(MONTHLY_HOURS_MAX, {
    message: `Die Monatsstunden dürfen höchstens ${MONTHLY_HOURS_MAX} betragen (31 Tage × 24 Stunden).`,
  })
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, {
    message: 'Die Monatsstunden dürfen höchstens zwei Nachkommastellen haben.',
  });

export const departmentSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  path: z.array(z.string()),
  /** A department container groups departments and carries the monthly working hours. */
  isContainer: z.boolean(),
  monthlyHours: z.number().nullable(),
  /** The head of the department (Abteilungsleitung, decision 045): a recipient of overdue instructions. */
  head: employeeRefSchema.nullable(),
  childCount: z.number().int(),
  employeeCount: z.number().int(),
  editable: z.boolean(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Department = z.infer<typeof departmentSchema>;

export const updateDepartmentSchema = z
  .object({
    version: versionSchema,
    name: nodeName.optional(),
    isContainer: z.boolean().optional(),
    monthlyHours: monthlyHoursSchema.nullable().optional(),
    headEmployeeId: idSchema.nullable().optional(),
  })
  .strict();
export type UpdateDepartment = z.input<typeof updateDepartmentSchema>;

// ── pickers (list protocol) ──────────────────────────────────────────────────────────────────────

export const ORGANISATION_PICKER_ORDER = ['path', 'name'] as const;

export const treePickerQuerySchema = listQuerySchema.extend({ portalId: idSchema.optional() });
export type TreePickerQuery = z.infer<typeof treePickerQuerySchema>;

export const treePickerRowSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  /** 'Werk Köln-Niehl › Halle 2 – Synthese' */
  path: z.string(),
  depth: z.number().int(),
});
export type TreePickerRow = z.infer<typeof treePickerRowSchema>;

/** Spec shell §3.2: the picker type hazardanalysis_departments shows `value` (here: the department's path). */
export const hazardAnalysisDepartmentRowSchema = z.object({
  id: z.number().int(),
  value: z.string(),
  name: z.string(),
  isContainer: z.boolean(),
});
export type HazardAnalysisDepartmentRow = z.infer<typeof hazardAnalysisDepartmentRowSchema>;
