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
  /** Extended data: null for callers who may not read it (decision 027). */
  isTempWorker: z.boolean().nullable(),
  isExternal: z.boolean().nullable(),
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

/** Type filter: core staff (neither external nor temp worker), external staff, temp workers. */
export const EMPLOYEE_TYPES = ['employee', 'external', 'tempWorker'] as const;
export type EmployeeType = (typeof EMPLOYEE_TYPES)[number];
/**
 * Status filter: a works ban in force (until today or later), temp work that has ended (until before
 * today), no sign-in possible (no login name or no password).
 */
export const EMPLOYEE_STATUSES = ['worksBan', 'tempWorkEnded', 'noLogin'] as const;
export type EmployeeStatus = (typeof EMPLOYEE_STATUSES)[number];

export const employeeListQuerySchema = listQuerySchema.extend({
  active: z.coerce.number().int().min(0).max(2).optional().default(0),
  type: z.enum(EMPLOYEE_TYPES, { message: 'Unbekannter Mitarbeitertyp' }).optional(),
  status: z.enum(EMPLOYEE_STATUSES, { message: 'Unbekannter Status' }).optional(),
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

/** Readable only with EMPLOYEES_READONLY or EMPLOYEES_EDIT ('Erweiterte Mitarbeiterdaten'). */
export const EXTENDED_FIELDS = [
  'chipId',
  'isTempWorker',
  'isExternal',
  'hasAdminRights',
  'keepActiveOnImport',
  'worksBanUntil',
  'hireDate',
  'tempWorkUntil',
  'workingTasks',
  'workingTime',
] as const;

/** What an employee's progress bar counts (tab 'Fortschrittsanzeige'). */
export const PROGRESS_BAR_TYPES = ['instruction', 'appointment', 'document', 'scorm', 'checkup'] as const;
export type ProgressBarType = (typeof PROGRESS_BAR_TYPES)[number];

/**
 * The writable fields. No defaults here: a PATCH must only carry what the user changed (the database
 * supplies the defaults on create).
 */
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
  isTempWorker: z.boolean().optional(),
  isExternal: z.boolean().optional(),
  hasAdminRights: z.boolean().optional(),
  keepActiveOnImport: z.boolean().optional(),
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
  progressBarShow: z.boolean().optional(),
  progressBarTypes: z
    .array(z.enum(PROGRESS_BAR_TYPES, { message: 'Unbekannte Art' }))
    .max(PROGRESS_BAR_TYPES.length)
    .optional()
    .transform((list) => list && PROGRESS_BAR_TYPES.filter((type) => list.includes(type))),
  progressBarWarnDays: z
    .number({ message: 'Bitte geben Sie eine Zahl von 0 bis 365 ein.' })
    .int({ message: 'Bitte geben Sie eine ganze Zahl ein.' })
    .min(0, { message: 'Bitte geben Sie eine Zahl von 0 bis 365 ein.' })
    .max(365, { message: 'Bitte geben Sie eine Zahl von 0 bis 365 ein.' })
    .optional(),
});
export type EmployeeFields = z.infer<typeof employeeFieldsSchema>;

export const createEmployeeSchema = employeeFieldsSchema.extend({
  active: z.boolean().optional().default(true),
  /**
   * Optional initial password (the employee can sign in with the login name and must change it at the
   * first login). The server checks it against the password policy of the security settings.
   */
  password: z.string().min(1, { message: 'Bitte geben Sie ein Passwort ein.' }).max(1024).optional(),
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
  progressBarShow: z.boolean(),
  progressBarTypes: z.array(z.enum(PROGRESS_BAR_TYPES)),
  progressBarWarnDays: z.number().int(),
  hasPassword: z.boolean(),
  version: z.number().int(),
  /** Version of the assignments (portals, responsibilities); they are saved apart from the record. */
  assignmentsVersion: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Which field groups the caller may not see (their values are null or false then). */
  restricted: z.object({ personal: z.boolean(), health: z.boolean(), extended: z.boolean() }),
  /**
   * The employee holds rights the caller does not hold: the caller may not change the sign-in and reach
   * fields (login name, e-mail, temporary login name, chip id, active), the password or the roles
   * (decision 023; the server refuses with EMPLOYEE_MORE_RIGHTS).
   */
  signInLocked: z.boolean(),
});
export type Employee = z.infer<typeof employeeSchema>;

// ---------------------------------------------------------------------------------------------------
// Assignments of an employee: portal assignment and responsibilities (disciplinary and organisational).

const unitSchema = z.object({ id: z.number().int(), name: z.string(), path: z.string() });
const personSchema = z.object({
  id: z.number().int(),
  personnelNumber: z.string(),
  lastName: z.string(),
  firstName: z.string(),
  active: z.boolean(),
});
export const employeeAssignmentsSchema = z.object({
  employeeId: z.number().int(),
  version: z.number().int(),
  /** The portal the employee belongs to, and the further portals assigned. */
  homePortal: z.object({ id: z.number().int(), name: z.string() }),
  portals: z.array(z.object({ id: z.number().int(), name: z.string() })),
  departments: z.array(unitSchema),
  locations: z.array(unitSchema),
  /** Disciplinary: the employees this one leads. */
  ledEmployees: z.array(personSchema),
  /** Disciplinary, the other way round (read-only here): who leads this employee. */
  supervisors: z.array(personSchema),
});
export type EmployeeAssignments = z.infer<typeof employeeAssignmentsSchema>;

const idList = z.array(z.number().int().positive().max(2_147_483_647)).max(5000, {
  message: 'Es können höchstens 5000 Einträge auf einmal zugeordnet werden.',
});
export const updateEmployeeAssignmentsSchema = z.object({
  version: z.number().int().min(1).max(2_147_483_647),
  portalIds: idList.optional(),
  departmentIds: idList.optional(),
  locationIds: idList.optional(),
  ledEmployeeIds: idList.optional(),
});
export type UpdateEmployeeAssignments = z.input<typeof updateEmployeeAssignmentsSchema>;

/** What 'Zuordnungen kopieren' copies from one employee to others. */
export const COPY_PARTS = ['roles', 'activities', 'organisation', 'responsibilities', 'portals'] as const;
export type CopyPart = (typeof COPY_PARTS)[number];
export const copyAssignmentsSchema = z.object({
  targetIds: z
    .array(z.number().int().positive().max(2_147_483_647))
    .min(1, { message: 'Bitte wählen Sie mindestens einen Mitarbeiter aus.' })
    .max(1000, { message: 'Es können höchstens 1000 Mitarbeiter auf einmal gewählt werden.' }),
  parts: z
    .array(z.enum(COPY_PARTS, { message: 'Unbekannte Zuordnung' }))
    .min(1, { message: 'Bitte wählen Sie aus, was kopiert werden soll.' }),
  /** Replace the targets' assignments (true) or add to them (false). */
  replace: z.boolean().optional().default(false),
});
export type CopyAssignments = z.input<typeof copyAssignmentsSchema>;
export const copyAssignmentsResultSchema = z.object({ updated: z.number().int() });

/** Temp worker ↔ employee conversion (Leiharbeitnehmer übernehmen / in Leiharbeit überführen). */
export const convertEmployeeSchema = z.discriminatedUnion('to', [
  z.object({
    to: z.literal('employee'),
    version: z.number().int().min(1).max(2_147_483_647),
    hireDate: isoDate.optional(),
  }),
  z.object({
    to: z.literal('tempWorker'),
    version: z.number().int().min(1).max(2_147_483_647),
    tempWorkUntil: isoDate,
  }),
]);
export type ConvertEmployee = z.input<typeof convertEmployeeSchema>;
