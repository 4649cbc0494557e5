import { z } from 'zod';
import { idSchema, listQuerySchema, versionSchema } from '../list/list.schema.ts';

const MAX_PERMISSION_ID = 1_000_000;

const roleName = z
  .string()
  .trim()
  .min(1, { message: 'Bitte geben Sie einen Namen für die Rolle an.' })
  .max(100, { message: 'Der Name darf höchstens 100 Zeichen lang sein.' });
const roleDescription = z
  .string()
  .trim()
  .max(500, { message: 'Die Beschreibung darf höchstens 500 Zeichen lang sein.' });

export const roleListRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  permissionCount: z.number().int(),
  /** The role carries the superuser permission: the list shows 'alle' instead of a count. */
  fullAccess: z.boolean(),
  memberCount: z.number().int(),
});
export type RoleListRow = z.infer<typeof roleListRowSchema>;
export const ROLE_LIST_ORDER_COLUMNS = ['name', 'permissionCount', 'memberCount'] as const;

export const roleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  permissions: z.array(z.number().int()),
  memberCount: z.number().int(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Role = z.infer<typeof roleSchema>;

export const createRoleSchema = z.object({
  name: roleName,
  description: roleDescription.optional().default(''),
  permissions: z.array(z.number().int().min(0).max(MAX_PERMISSION_ID)).max(1000).optional().default([]),
});
export type CreateRole = z.input<typeof createRoleSchema>;

export const updateRoleSchema = z.object({
  version: versionSchema,
  name: roleName.optional(),
  description: roleDescription.optional(),
  permissions: z.array(z.number().int().min(0).max(MAX_PERMISSION_ID)).max(1000).optional(),
});
export type UpdateRole = z.input<typeof updateRoleSchema>;

export const roleMemberRowSchema = z.object({
  id: z.number().int(),
  personnelNumber: z.string(),
  lastName: z.string(),
  firstName: z.string(),
  departmentName: z.string().nullable(),
});
export type RoleMemberRow = z.infer<typeof roleMemberRowSchema>;
export const roleMemberListQuerySchema = listQuerySchema;

export const roleMembersChangeSchema = z.object({
  employeeIds: z.array(idSchema).min(1).max(1000),
});
