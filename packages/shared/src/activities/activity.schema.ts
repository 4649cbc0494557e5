import { z } from 'zod';
import { booleanFlag, idSchema, listQuerySchema, versionSchema } from '../list/list.schema.ts';

/** Activities (Eigenschaften): a tree per portal; see docs/decisions/007-activities-tree.md. */

export const ACTIVITY_NAME_MAX = 200;
export const ACTIVITY_DESCRIPTION_MAX = 2000;
export const ACTIVITY_DESIGNATION_MAX = 200;
export const ACTIVITY_DESIGNATIONS_MAX = 50;

const activityName = z
  .string()
  .trim()
  .min(1, { message: 'Bitte geben Sie einen Namen für die Eigenschaft an.' })
  .max(ACTIVITY_NAME_MAX, { message: `Der Name darf höchstens ${ACTIVITY_NAME_MAX} Zeichen lang sein.` });
const activityDescription = z
  .string()
  .trim()
  .max(ACTIVITY_DESCRIPTION_MAX, {
    message: `Die Beschreibung darf höchstens ${ACTIVITY_DESCRIPTION_MAX} Zeichen lang sein.`,
  });
const designations = z
  .array(
    z
      .string()
      .trim()
      .max(ACTIVITY_DESIGNATION_MAX, {
        message: `Eine Bezeichnung darf höchstens ${ACTIVITY_DESIGNATION_MAX} Zeichen lang sein.`,
      }),
  )
  .max(ACTIVITY_DESIGNATIONS_MAX, {
    message: `Es sind höchstens ${ACTIVITY_DESIGNATIONS_MAX} Bezeichnungen möglich.`,
  });

/** One node of the tree answer: everything the tree view needs to draw and to decide its buttons. */
export const activityNodeSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  designations: z.array(z.string()),
  isSystem: z.boolean(),
  isRole: z.boolean(),
  isRoleBase: z.boolean(),
  employeeCount: z.number().int(),
});
export type ActivityNode = z.infer<typeof activityNodeSchema>;

export const activityTreeSchema = z.object({
  nodes: z.array(activityNodeSchema),
  /** The portal's role base node, once set (it can be set only once). */
  roleBaseId: z.number().int().nullable(),
});
export type ActivityTree = z.infer<typeof activityTreeSchema>;

export const activityPathEntrySchema = z.object({ id: z.number().int(), name: z.string() });

export const activitySchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  description: z.string(),
  designations: z.array(z.string()),
  isSystem: z.boolean(),
  isRole: z.boolean(),
  isRoleBase: z.boolean(),
  /** Ancestors from the top down to the parent. */
  path: z.array(activityPathEntrySchema),
  childCount: z.number().int(),
  employeeCount: z.number().int(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;

export const createActivitySchema = z.object({
  parentId: idSchema.nullable().optional().default(null),
  name: activityName,
  description: activityDescription.optional().default(''),
  designations: designations.optional().default([]),
});
export type CreateActivity = z.input<typeof createActivitySchema>;

export const updateActivitySchema = z.object({
  version: versionSchema,
  name: activityName.optional(),
  description: activityDescription.optional(),
  designations: designations.optional(),
});
export type UpdateActivity = z.input<typeof updateActivitySchema>;

export const moveActivitySchema = z.object({
  version: versionSchema,
  /** The new parent; null moves the node to the top level. */
  parentId: idSchema.nullable(),
});
export type MoveActivity = z.input<typeof moveActivitySchema>;

export const setRoleBaseSchema = z.object({ version: versionSchema });
export type SetRoleBase = z.input<typeof setRoleBaseSchema>;

export const activityPickerQuerySchema = listQuerySchema.extend({
  /** Only role nodes (the children of the role base). */
  rolesOnly: booleanFlag.optional().default(false),
});
export type ActivityPickerQuery = z.infer<typeof activityPickerQuerySchema>;
export const ACTIVITY_PICKER_ORDER_COLUMNS = ['name', 'path'] as const;

export const activityPickerRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Names of the ancestors, top down, joined by " › " (empty at the top level). */
  path: z.string(),
  isRole: z.boolean(),
  isSystem: z.boolean(),
});
export type ActivityPickerRow = z.infer<typeof activityPickerRowSchema>;

export const employeeActivitySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  path: z.string(),
  isSystem: z.boolean(),
});
export type EmployeeActivity = z.infer<typeof employeeActivitySchema>;

/** An employee's activities: roles (children of the role base) and all other activities, each by path. */
export const employeeActivitiesSchema = z.object({
  employeeId: z.number().int(),
  activities: z.array(employeeActivitySchema),
  roles: z.array(employeeActivitySchema),
  /** Opaque token of the current assignment; a replace with a stale one answers 409 CONFLICT. */
  revision: z.string(),
});
export type EmployeeActivities = z.infer<typeof employeeActivitiesSchema>;

export const updateEmployeeActivitiesSchema = z.object({
  revision: z.string().max(100),
  /** Non-role activities (a role here answers ACTIVITY_IS_A_ROLE). */
  activityIds: z.array(idSchema).max(500),
  /** Role nodes only (anything else answers ACTIVITY_IS_NOT_A_ROLE). */
  roleIds: z.array(idSchema).max(100),
});
export type UpdateEmployeeActivities = z.input<typeof updateEmployeeActivitiesSchema>;
