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
