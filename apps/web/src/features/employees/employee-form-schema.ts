import { createEmployeeSchema, employeeFieldsSchema } from '@schutzwerk/shared/employees/employee.schema.ts';
import { z } from 'zod';
import {
  type EmployeeFormValues,
  type Gender,
  germanDateToIso,
  splitProgressTypes,
} from './employee-draft.ts';

/**
 * Form schemas of the employee pages. Every rule and German message comes from the shared contract
 * (`employeeFieldsSchema`, `createEmployeeSchema`); this file only adapts the input shapes of the form
 * (dd.mm.yyyy dates, '' for "no selection").
 */
const s = employeeFieldsSchema.shape;

/** dd.mm.yyyy (or empty) → ISO date, then the shared date rules (valid day, 01.01.1753 – 31.12.9999). */
const germanDate = (target: typeof s.hireDate) =>
  z
    .string()
    .transform((value): string | null | undefined => {
      const text = value.trim();
      return text === '' ? null : (germanDateToIso(text) ?? text);
    })
    .pipe(target);

const employeeFormObject = z.object({
  personnelNumber: s.personnelNumber,
  lastName: s.lastName,
  firstName: s.firstName,
  loginName: s.loginName,
  email: s.email,
  phone: s.phone,
  mobileInternal: s.mobileInternal,
  chipId: s.chipId,
  idNumber: s.idNumber,
  tempLoginName: s.tempLoginName,
  company: s.company,
  language: s.language,
  country: s.country,
  active: z.boolean(),
  isTempWorker: z.boolean(),
  isExternal: z.boolean(),
  hasAdminRights: z.boolean(),
  keepActiveOnImport: z.boolean(),
  worksBanUntil: germanDate(s.worksBanUntil),
  hireDate: germanDate(s.hireDate),
  tempWorkUntil: germanDate(s.tempWorkUntil),
  workingTasks: s.workingTasks,
  workingTime: s.workingTime,
  gender: z
    .string()
    .transform((value): Gender | null | undefined => (value === '' ? null : (value as Gender)))
    .pipe(s.gender),
  citizenship: s.citizenship,
  street: s.street,
  zip: s.zip,
  city: s.city,
  birthday: germanDate(s.birthday),
  healthInsuranceName: s.healthInsuranceName,
  healthInsuranceStreet: s.healthInsuranceStreet,
  healthInsuranceZip: s.healthInsuranceZip,
  healthInsuranceCity: s.healthInsuranceCity,
  departmentId: z
    .string()
    .transform((value): number | null | undefined => (value === '' ? null : Number(value)))
    .pipe(s.departmentId),
  locationId: z
    .string()
    .transform((value): number | null | undefined => (value === '' ? null : Number(value)))
    .pipe(s.locationId),
  progressBarShow: z.boolean(),
  progressBarWarnDays: z
    .string()
    .transform((value): number | undefined => (value.trim() === '' ? Number.NaN : Number(value.trim())))
    .pipe(s.progressBarWarnDays),
  progressBarTypes: z
    .string()
    .transform((value): string[] | undefined => splitProgressTypes(value))
    .pipe(s.progressBarTypes),
});
export type EmployeeFormSchemaOutput = z.output<typeof employeeFormObject>;

// The form values and the schema input must describe the same fields.
type SameKeys<A, B> = [keyof A] extends [keyof B] ? ([keyof B] extends [keyof A] ? true : never) : never;
const sameKeys: SameKeys<EmployeeFormValues, z.input<typeof employeeFormObject>> = true;
void sameKeys;

/**
 * The record form's schema, typed with the form's input shape: the inputs always hold strings and
 * booleans, where the shared field schemas also accept null and undefined.
 */
export const employeeFormSchema = employeeFormObject as unknown as z.ZodType<
  EmployeeFormSchemaOutput,
  EmployeeFormValues
>;

/** The create dialog: the required fields, login name, e-mail and an optional initial password. */
export const createEmployeeFormSchema = createEmployeeSchema
  .pick({ personnelNumber: true, lastName: true, firstName: true, loginName: true, email: true })
  .extend({
    password: z
      .string()
      .transform((value) => (value === '' ? undefined : value))
      .pipe(createEmployeeSchema.shape.password),
  });
export type CreateEmployeeFormInput = z.input<typeof createEmployeeFormSchema>;
export type CreateEmployeeFormOutput = z.output<typeof createEmployeeFormSchema>;
