import {
  type Employee,
  type GENDERS,
  HEALTH_FIELDS,
  PERSONAL_FIELDS,
  PROGRESS_BAR_TYPES,
  type UpdateEmployee,
} from '@schutzwerk/shared/employees/employee.schema.ts';
import { rebaseDraft } from '#lib/draft-rebase.ts';

/**
 * The employee form: what the record page lets the user change, as the inputs hold it (text, dates as
 * dd.mm.yyyy, switches), and the pure helpers around it — dirty check, the PATCH body with the changed
 * fields only, and the rebase after a stale save (409 CONFLICT → 'Neu laden').
 */

export const TEXT_FIELDS = [
  'personnelNumber',
  'lastName',
  'firstName',
  'loginName',
  'email',
  'phone',
  'mobileInternal',
  'chipId',
  'idNumber',
  'tempLoginName',
  'company',
  'language',
  'country',
  'workingTasks',
  'workingTime',
  'citizenship',
  'street',
  'zip',
  'city',
  'healthInsuranceName',
  'healthInsuranceStreet',
  'healthInsuranceZip',
  'healthInsuranceCity',
] as const;
export const DATE_FIELDS = ['worksBanUntil', 'hireDate', 'tempWorkUntil', 'birthday'] as const;
export const FLAG_FIELDS = [
  'active',
  'isTempWorker',
  'isExternal',
  'hasAdminRights',
  'keepActiveOnImport',
  'progressBarShow',
] as const;
/** Whole numbers the input holds as text ('14'). */
export const NUMBER_FIELDS = ['progressBarWarnDays'] as const;
/** Tree nodes (department, location) the input holds as their id in text ('' = none). */
export const UNIT_FIELDS = ['departmentId', 'locationId'] as const;
/** Lists the input holds as comma-joined text in canonical order ('instruction,document'). */
export const LIST_FIELDS = ['progressBarTypes'] as const;

type TextField = (typeof TEXT_FIELDS)[number];
type DateField = (typeof DATE_FIELDS)[number];
type FlagField = (typeof FLAG_FIELDS)[number];
type NumberField = (typeof NUMBER_FIELDS)[number];
type ListField = (typeof LIST_FIELDS)[number];
type UnitField = (typeof UNIT_FIELDS)[number];
export type Gender = (typeof GENDERS)[number];

export type EmployeeFormValues = Record<TextField, string> &
  Record<DateField, string> &
  Record<FlagField, boolean> &
  Record<NumberField, string> &
  Record<ListField, string> &
  Record<UnitField, string> & { gender: '' | Gender };
export type EmployeeFormField = keyof EmployeeFormValues;

export const FORM_FIELDS: readonly EmployeeFormField[] = [
  ...TEXT_FIELDS,
  ...DATE_FIELDS,
  ...FLAG_FIELDS,
  ...NUMBER_FIELDS,
  ...LIST_FIELDS,
  ...UNIT_FIELDS,
  'gender',
];

/** Progress bar types as the form holds them: the chosen ones, comma-joined in catalogue order. */
export function joinProgressTypes(types: readonly string[]): string {
  return PROGRESS_BAR_TYPES.filter((type) => types.includes(type)).join(',');
}
export function splitProgressTypes(text: string): string[] {
  const chosen = text.split(',').filter(Boolean);
  return PROGRESS_BAR_TYPES.filter((type) => chosen.includes(type));
}

const isDateField = (field: EmployeeFormField): field is DateField =>
  (DATE_FIELDS as readonly string[]).includes(field);

/** Field groups with their own rights. */
export type FieldGroup =
  | 'basic'
  | 'signIn'
  | 'personal'
  | 'health'
  | 'activation'
  | 'chipId'
  | 'tempWorkers'
  | 'department'
  | 'location';

export function fieldGroup(field: EmployeeFormField): FieldGroup {
  if ((PERSONAL_FIELDS as readonly string[]).includes(field)) return 'personal';
  if ((HEALTH_FIELDS as readonly string[]).includes(field)) return 'health';
  if (field === 'active') return 'activation';
  if (field === 'loginName' || field === 'email' || field === 'tempLoginName') return 'signIn';
  if (field === 'chipId') return 'chipId';
  if (field === 'departmentId') return 'department';
  if (field === 'locationId') return 'location';
  if (field === 'isTempWorker' || field === 'isExternal' || field === 'tempWorkUntil') return 'tempWorkers';
  return 'basic';
}

/**
 * Which groups the user may change (edit right, activation right, chip id right, field-level access; the
 * sign-in fields not for someone holding rights the user lacks — decision 023).
 */
export type WriteAccess = Record<FieldGroup, boolean>;

export function writableFields(access: WriteAccess): ReadonlySet<EmployeeFormField> {
  return new Set(FORM_FIELDS.filter((field) => access[fieldGroup(field)]));
}

// ---------------------------------------------------------------------------------------------------
// Dates: the wire has ISO 'yyyy-mm-dd', the user sees and types 'dd.mm.yyyy'.

/** '2024-04-01' → '01.04.2024'; '' for null. */
export function isoToGermanDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : iso;
}

/**
 * '1.4.2024' or '01.04.2024' → '2024-04-01' (only the shape is checked here; the shared schema decides
 * whether the day exists and lies in the product's range). Null when the text is not d.m.yyyy.
 */
export function germanDateToIso(text: string): string | null {
  const match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [, day, month, year] = match as unknown as [string, string, string, string];
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

// ---------------------------------------------------------------------------------------------------

export function formFromEmployee(employee: Employee): EmployeeFormValues {
  const values = {} as Record<string, string | boolean>;
  for (const field of TEXT_FIELDS) values[field] = employee[field] ?? '';
  for (const field of DATE_FIELDS) values[field] = isoToGermanDate(employee[field]);
  for (const field of FLAG_FIELDS) values[field] = employee[field];
  values.progressBarWarnDays = String(employee.progressBarWarnDays);
  values.departmentId = employee.departmentId === null ? '' : String(employee.departmentId);
  values.locationId = employee.locationId === null ? '' : String(employee.locationId);
  values.progressBarTypes = joinProgressTypes(employee.progressBarTypes);
  values.gender = employee.gender ?? '';
  return values as EmployeeFormValues;
}

/** The value as the server would see it: trimmed text, a date in ISO form when it parses. */
function comparable(field: EmployeeFormField, value: string | boolean): string | boolean {
  if (typeof value === 'boolean') return value;
  const text = value.trim();
  if (isDateField(field)) return germanDateToIso(text) ?? text;
  return text;
}

export function changedFields(values: EmployeeFormValues, base: EmployeeFormValues): EmployeeFormField[] {
  return FORM_FIELDS.filter((field) => comparable(field, values[field]) !== comparable(field, base[field]));
}

export function isFormDirty(values: EmployeeFormValues, base: EmployeeFormValues): boolean {
  return changedFields(values, base).length > 0;
}

/**
 * Moves the user's edits onto a newer server state (after 409 CONFLICT and 'Neu laden'): every field the
 * user changed keeps the user's input; every field the user left alone takes the newer value.
 */
export function rebaseForm(
  current: EmployeeFormValues,
  oldBase: EmployeeFormValues,
  newBase: EmployeeFormValues,
): EmployeeFormValues {
  return rebaseDraft(current, oldBase, newBase, {
    comparable: (field, value) => comparable(field as EmployeeFormField, value as string | boolean),
  });
}

/** The parsed form (wire types: text or null, ISO dates or null, booleans). */
export type EmployeeFormOutput = { [K in EmployeeFormField]?: string | boolean | number | string[] | null };

/**
 * The PATCH body without `version`: only fields that differ from the server state and that the user may
 * write. Unchanged fields are left out, so restricted groups (null in the answer) are never sent.
 */
export function buildPatch(
  output: EmployeeFormOutput,
  base: Employee,
  writable: ReadonlySet<EmployeeFormField>,
): Omit<UpdateEmployee, 'version'> {
  const patch: Record<string, unknown> = {};
  for (const field of FORM_FIELDS) {
    if (!writable.has(field) || !(field in output)) continue;
    const next = output[field] ?? null;
    const before = base[field] ?? null;
    const same =
      Array.isArray(next) && Array.isArray(before) ? next.join(',') === before.join(',') : next === before;
    if (!same) patch[field] = next;
  }
  return patch as Omit<UpdateEmployee, 'version'>;
}
