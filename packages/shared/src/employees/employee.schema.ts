import { z } from 'zod';
import { booleanFlag, listQuerySchema } from '../list/list.schema.ts';

export const employeeListRowSchema = z.object({
  id: z.number().int(),
  personnelNumber: z.string(),
  lastName: z.string(),
  firstName: z.string(),
  loginName: z.string().nullable(),
  email: z.string().nullable(),
  active: z.boolean(),
  departmentName: z.string().nullable(),
  locationName: z.string().nullable(),
});
export type EmployeeListRow = z.infer<typeof employeeListRowSchema>;

export const EMPLOYEE_LIST_ORDER_COLUMNS = [
  'personnelNumber',
  'lastName',
  'firstName',
  'departmentName',
  'locationName',
] as const;

/** Toolbar filter of the employee list: 0 = active only, 1 = inactive only, 2 = all. */
export const EMPLOYEE_ACTIVE_FILTER = { ACTIVE: 0, INACTIVE: 1, ALL: 2 } as const;

export const employeeListQuerySchema = listQuerySchema.extend({
  active: z.coerce.number().int().min(0).max(2).optional().default(0),
});
export type EmployeeListQuery = z.infer<typeof employeeListQuerySchema>;

export const employeePickerRowSchema = z.object({
  id: z.number().int(),
  personnelNumber: z.string(),
  lastName: z.string(),
  firstName: z.string(),
  departmentName: z.string().nullable(),
});
export type EmployeePickerRow = z.infer<typeof employeePickerRowSchema>;

export const employeePickerQuerySchema = listQuerySchema.extend({
  includeInactive: booleanFlag.optional().default(false),
});

// ---------------------------------------------------------------------------------------------------
// The employee record (spec modules.md §3 "Employee").

const text = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, { message: `${label} darf höchstens ${max} Zeichen lang sein.` });
const optionalText = (max: number, label: string) =>
  text(max, label)
    .nullish()
    .transform((v) => (v === '' || v === undefined ? null : v));
/** ISO date (yyyy-mm-dd) within the product's date range 01.01.1753 – 31.12.9999. */
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Bitte geben Sie ein gültiges Datum ein.' })
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    {
      message: 'Bitte geben Sie ein gültiges Datum ein.',
    },
  )
  .refine((v) => v >= '1753-01-01' && v <= '9999-12-31', {
    message: 'Das Datum muss zwischen dem 01.01.1753 und dem 31.12.9999 liegen.',
  });
const optionalDate = isoDate.nullish().transform((v) => v ?? null);

export const GENDERS = ['m', 'w', 'd'] as const;

/** Fields readable and writable only with EMPLOYEES_PERSONAL_DATA. */
export const PERSONAL_FIELDS = ['gender', 'citizenship', 'street', 'zip', 'city', 'birthday'] as const;
/** Fields readable and writable only with EMPLOYEES_HEALTH_DATA. */
export const HEALTH_FIELDS = [
  'healthInsuranceName',
  'healthInsuranceStreet',
  'healthInsuranceZip',
  'healthInsuranceCity',
] as const;

export const employeeFieldsSchema = z.object({
  personnelNumber: text(50, 'Die Personalnummer').min(1, {
    message: 'Bitte geben Sie die Personalnummer an.',
  }),
  lastName: text(100, 'Der Nachname').min(1, { message: 'Bitte geben Sie den Nachnamen an.' }),
  firstName: text(100, 'Der Vorname').min(1, { message: 'Bitte geben Sie den Vornamen an.' }),
  loginName: optionalText(100, 'Der Benutzername'),
  email: z
    .string()
    .trim()
    .max(200)
    .email({ message: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.' })
    .nullish()
    .or(z.literal(''))
    .transform((v) => (v === '' || v === undefined ? null : v)),
  chipId: optionalText(100, 'Die Chip-ID'),
  tempLoginName: optionalText(100, 'Der temporäre Benutzername'),
  idNumber: optionalText(50, 'Die Ausweisnummer'),
  phone: optionalText(50, 'Die Telefonnummer'),
  mobileInternal: optionalText(50, 'Die interne Mobilnummer'),
  company: optionalText(200, 'Die Firma'),
  departmentId: z
    .number()
    .int()
    .positive()
    .nullish()
    .transform((v) => v ?? null),
  locationId: z
    .number()
    .int()
    .positive()
    .nullish()
    .transform((v) => v ?? null),
  language: optionalText(10, 'Die Sprache'),
  country: optionalText(2, 'Das Land'),
  isTempWorker: z.boolean().optional().default(false),
  isExternal: z.boolean().optional().default(false),
  hasAdminRights: z.boolean().optional().default(false),
  keepActiveOnImport: z.boolean().optional().default(false),
  worksBanUntil: optionalDate,
  hireDate: optionalDate,
  tempWorkUntil: optionalDate,
  workingTasks: optionalText(1000, 'Die Arbeitsaufgaben'),
  workingTime: optionalText(100, 'Die Arbeitszeit'),
  gender: z
    .enum(GENDERS, { message: 'Ungültiger Wert' })
    .nullish()
    .transform((v) => v ?? null),
  citizenship: optionalText(100, 'Die Staatsangehörigkeit'),
  street: optionalText(200, 'Die Straße'),
  zip: optionalText(10, 'Die Postleitzahl'),
  city: optionalText(100, 'Der Ort'),
  birthday: optionalDate,
  healthInsuranceName: optionalText(200, 'Der Name der Krankenkasse'),
  healthInsuranceStreet: optionalText(200, 'Die Straße der Krankenkasse'),
  healthInsuranceZip: optionalText(10, 'Die Postleitzahl der Krankenkasse'),
  healthInsuranceCity: optionalText(100, 'Der Ort der Krankenkasse'),
});
export type EmployeeFields = z.infer<typeof employeeFieldsSchema>;

export const createEmployeeSchema = employeeFieldsSchema.extend({
  active: z.boolean().optional().default(true),
  /** Optional initial password (the employee can sign in with the login name). */
  password: z
    .string()
    .min(8, { message: 'Das Passwort muss mindestens 8 Zeichen lang sein.' })
    .max(1024)
    .optional(),
});
export type CreateEmployee = z.input<typeof createEmployeeSchema>;

export const updateEmployeeSchema = employeeFieldsSchema.partial().extend({
  version: z.number().int().min(1).max(2_147_483_647),
  active: z.boolean().optional(),
});
export type UpdateEmployee = z.input<typeof updateEmployeeSchema>;

const nullableText = z.string().nullable();
/** The employee as the API answers it (plain types: responses are not transformed). */
export const employeeSchema = z.object({
  id: z.number().int(),
  portalId: z.number().int(),
  portalName: z.string(),
  personnelNumber: z.string(),
  lastName: z.string(),
  firstName: z.string(),
  loginName: nullableText,
  email: nullableText,
  chipId: nullableText,
  tempLoginName: nullableText,
  idNumber: nullableText,
  phone: nullableText,
  mobileInternal: nullableText,
  company: nullableText,
  departmentId: z.number().int().nullable(),
  departmentName: nullableText,
  locationId: z.number().int().nullable(),
  locationName: nullableText,
  language: nullableText,
  country: nullableText,
  active: z.boolean(),
  isTempWorker: z.boolean(),
  isExternal: z.boolean(),
  hasAdminRights: z.boolean(),
  keepActiveOnImport: z.boolean(),
  worksBanUntil: nullableText,
  hireDate: nullableText,
  tempWorkUntil: nullableText,
  workingTasks: nullableText,
  workingTime: nullableText,
  gender: z.enum(GENDERS).nullable(),
  citizenship: nullableText,
  street: nullableText,
  zip: nullableText,
  city: nullableText,
  birthday: nullableText,
  healthInsuranceName: nullableText,
  healthInsuranceStreet: nullableText,
  healthInsuranceZip: nullableText,
  healthInsuranceCity: nullableText,
  hasPassword: z.boolean(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Which field groups the caller may not see (their values are null then). */
  restricted: z.object({ personal: z.boolean(), health: z.boolean() }),
});
export type Employee = z.infer<typeof employeeSchema>;
