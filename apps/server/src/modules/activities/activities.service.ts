import { createHash } from 'node:crypto';
import {
  type Activity,
  type ActivityPickerQuery,
  type ActivityPickerRow,
  type ActivityTree,
  type CreateActivity,
  createActivitySchema,
  type EmployeeActivities,
  type MoveActivity,
  moveActivitySchema,
  type UpdateActivity,
  type UpdateEmployeeActivities,
  updateActivitySchema,
  updateEmployeeActivitiesSchema,
} from '@schutzwerk/shared/activities/activity.schema.ts';
import {
  ancestorIds,
  isRecursiveParent,
  normalizeDesignations,
  parentMap,
} from '@schutzwerk/shared/activities/activity-tree.ts';
import { activitiesMessages, generalMessages } from '@schutzwerk/shared/errors.ts';
import type { ListResult } from '@schutzwerk/shared/list/list.schema.ts';
import { eq } from 'drizzle-orm';
import type { Db, Executor } from '#db/client.ts';
import {
  type EmployeesChangedHook,
  type EmployeesRepository,
  notifyEmployeesChanged,
} from '#modules/employees/index.ts';
import type { Actor } from '#platform/access.ts';
import { diffFields, LOG_STATE, recordChange } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import { planList } from '#platform/list.ts';
import {
  type ActivitiesRepository,
  type ActivityBrief,
  type ActivityRecord,
  activityPickerSource,
} from './activities.repository.ts';
import { activities } from './activities.table.ts';

type Deps = {
  db: Db;
  repository: ActivitiesRepository;
  employees: Pick<EmployeesRepository, 'existingIds'>;
  /** Told when an employee's activities or roles change (decision 040: instruction profiles). */
  changeHooks?: EmployeesChangedHook[];
};

export const PATH_SEPARATOR = ' › ';

/** Names of the ancestors of a node, top down, joined by " › " (empty at the top level). */
export function pathResolver(briefs: ReadonlyMap<number, ActivityBrief>): (id: number) => string {
  const parents = new Map([...briefs.values()].map((b) => [b.id, b.parentId]));
  return (id) =>
    ancestorIds(parents, id)
      .reverse()
      .map((a) => briefs.get(a)?.name ?? '')
      .join(PATH_SEPARATOR);
}

/** Opaque token of a set of assigned ids: equal sets give equal tokens. */
export function assignmentRevision(ids: readonly number[]): string {
  const canonical = [...new Set(ids)].sort((a, b) => a - b).join(',');
  return createHash('sha256').update(canonical).digest('hex').slice(0, 16);
}

/**
 * Activity tree rules (decision 007): everything in the caller's own portal; system nodes have no children
 * and stay; the role base is set once and stays; its children are roles and have no children; no node
 * below itself; delete only without children and assignments; versioned and logged.
 */
export function createActivitiesService({ db, repository, employees, changeHooks = [] }: Deps) {
  /** Same answer for "does not exist" and "not in your portal". */
  async function loadVisible(actor: Actor, id: number, ex: Executor = db): Promise<ActivityRecord> {
    const row = await repository.findById(ex, id);
    if (!row || row.portalId !== actor.portalId) {
      throw new AppError('NOT_FOUND', { message: activitiesMessages.notFound });
    }
    return row;
  }

  async function toDto(ex: Executor, row: ActivityRecord): Promise<Activity> {
    const briefs = new Map((await repository.briefs(ex, row.portalId)).map((b) => [b.id, b]));
    const parents = new Map([...briefs.values()].map((b) => [b.id, b.parentId]));
    return {
      id: row.id,
      parentId: row.parentId,
      name: row.name,
      description: row.description,
      designations: row.designations,
      isSystem: row.isSystem,
      isRole: row.isRole,
      isRoleBase: row.isRoleBase,
      path: ancestorIds(parents, row.id)
        .reverse()
        .map((id) => ({ id, name: briefs.get(id)?.name ?? '' })),
      childCount: row.childCount,
      employeeCount: row.employeeCount,
      version: row.version,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** A node may receive children unless it is a system node or a role. */
  function assertMayHaveChildren(parent: ActivityRecord, what: 'create' | 'move') {
    if (parent.isSystem) {
      throw new AppError('ACTIVITY_IS_SYSTEM', {
        message: activitiesMessages.systemNoChildren(parent.name, what),
      });
    }
    if (parent.isRole) {
      throw new AppError('ACTIVITY_IS_A_ROLE', {
        message: activitiesMessages.roleNoChildren(parent.name, what),
      });
    }
  }

  async function assertNameFree(
    ex: Executor,
    portalId: number,
    parentId: number | null,
    name: string,
    exceptId?: number,
  ) {
    if (await repository.siblingNamed(ex, portalId, parentId, name, exceptId)) {
      throw new AppError('ACTIVITY_NAME_EXISTS', {
        message: activitiesMessages.nameExists(name),
        details: [{ path: ['body', 'name'], message: generalMessages.fieldNameExistsOnLevel }],
      });
    }
  }

  async function assertDesignationsFree(
    ex: Executor,
    portalId: number,
    designations: readonly string[],
    exceptId?: number,
  ) {
    const [held] = await repository.designationHolders(ex, portalId, designations, exceptId);
    if (held) {
      throw new AppError('ACTIVITY_DESIGNATION_EXISTS', {
        message: activitiesMessages.designationExists(held.designation, held.activityName),
        details: [
          {
            path: ['body', 'designations'],
            message: activitiesMessages.fieldDesignationTaken(held.designation),
          },
        ],
      });
    }
  }

  /** An employee's activities and roles. The employee must belong to the caller's portal. */
  async function ofEmployee(
    actor: Actor,
    employeeId: number,
    ex: Executor = db,
  ): Promise<EmployeeActivities> {
    await assertEmployeeVisible(actor, employeeId, ex);
    const ids = await repository.assignedIds(ex, employeeId);
    const briefs = new Map((await repository.briefs(ex, actor.portalId)).map((b) => [b.id, b]));
    const pathOf = pathResolver(briefs);
    const items = ids
      .map((id) => briefs.get(id))
      .filter((b): b is ActivityBrief => b !== undefined)
      .map((b) => ({
        brief: b,
        entry: { id: b.id, name: b.name, path: pathOf(b.id), isSystem: b.isSystem },
      }))
      .sort((a, b) =>
        (a.entry.path + PATH_SEPARATOR + a.entry.name).localeCompare(
          b.entry.path + PATH_SEPARATOR + b.entry.name,
          'de',
        ),
      );
    return {
      employeeId,
      activities: items.filter((i) => !i.brief.isRole).map((i) => i.entry),
      roles: items.filter((i) => i.brief.isRole).map((i) => i.entry),
      revision: assignmentRevision(ids),
    };
  }

  return {
    async tree(actor: Actor): Promise<ActivityTree> {
      const nodes = await repository.treeNodes(db, actor.portalId);
      return { nodes, roleBaseId: nodes.find((n) => n.isRoleBase)?.id ?? null };
    },

    async get(actor: Actor, id: number): Promise<Activity> {
      return toDto(db, await loadVisible(actor, id));
    },

    async create(actor: Actor, input: CreateActivity): Promise<Activity> {
      const data = createActivitySchema.parse(input);
      const designations = normalizeDesignations(data.designations);
      return db.transaction(async (tx) => {
        await repository.lockTree(tx, actor.portalId);
        const parent = data.parentId === null ? null : await loadVisible(actor, data.parentId, tx);
        if (parent) assertMayHaveChildren(parent, 'create');
        await assertNameFree(tx, actor.portalId, data.parentId, data.name);
        await assertDesignationsFree(tx, actor.portalId, designations);
        const id = await repository.insert(tx, {
          portalId: actor.portalId,
          parentId: data.parentId,
          name: data.name,
          description: data.description,
          isRole: parent?.isRoleBase ?? false,
        });
        await repository.replaceDesignations(tx, id, actor.portalId, designations);
        await recordChange(tx, {
          entity: 'activity',
          entityId: id,
          state: LOG_STATE.CREATED,
          actorId: actor.employeeId,
          changes: {
            name: { from: null, to: data.name },
            parentId: { from: null, to: data.parentId },
            ...(designations.length > 0 ? { designations: { from: [], to: designations } } : {}),
          },
        });
        return toDto(tx, await loadVisible(actor, id, tx));
      });
    },

    async update(actor: Actor, id: number, input: UpdateActivity): Promise<Activity> {
      const data = updateActivitySchema.parse(input);
      return db.transaction(async (tx) => {
        await repository.lockTree(tx, actor.portalId);
        const before = await loadVisible(actor, id, tx);
        if (before.version !== data.version) throw new AppError('CONFLICT');
        const designations = data.designations ? normalizeDesignations(data.designations) : undefined;
        const changes = diffFields(
          { name: before.name, description: before.description, designations: before.designations },
          {
            ...(data.name !== undefined ? { name: data.name } : {}),
            ...(data.description !== undefined ? { description: data.description } : {}),
            ...(designations ? { designations } : {}),
          },
          ['name', 'description', 'designations'],
        );
        // Designations keep their order: a changed order is a change too.
        if (
          designations &&
          !changes.designations &&
          designations.join('\n') !== before.designations.join('\n')
        ) {
          changes.designations = { from: before.designations, to: designations };
        }
        if (Object.keys(changes).length === 0) return toDto(tx, before); // nothing changed: no new version
        if (changes.name && data.name) {
          await assertNameFree(tx, actor.portalId, before.parentId, data.name, id);
        }
        if (changes.designations && designations) {
          await assertDesignationsFree(tx, actor.portalId, designations, id);
        }
        const patch = {
          ...(changes.name ? { name: data.name } : {}),
          ...(changes.description ? { description: data.description } : {}),
        };
        if (!(await repository.updateVersioned(tx, id, data.version, patch))) throw new AppError('CONFLICT');
        if (changes.designations && designations) {
          await repository.replaceDesignations(tx, id, actor.portalId, designations);
        }
        await recordChange(tx, {
          entity: 'activity',
          entityId: id,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes,
        });
        return toDto(tx, await loadVisible(actor, id, tx));
      });
    },

    async move(actor: Actor, id: number, input: MoveActivity): Promise<Activity> {
      const data = moveActivitySchema.parse(input);
      return db.transaction(async (tx) => {
        await repository.lockTree(tx, actor.portalId);
        const node = await loadVisible(actor, id, tx);
        if (node.version !== data.version) throw new AppError('CONFLICT');
        if (node.isRoleBase) {
          throw new AppError('ACTIVITY_IS_ROLE_BASE', {
            message: activitiesMessages.roleBaseNotMovable,
          });
        }
        if (data.parentId === node.parentId) return toDto(tx, node);
        const parents = parentMap(await repository.briefs(tx, actor.portalId));
        if (data.parentId !== null && isRecursiveParent(parents, id, data.parentId)) {
          throw new AppError('PARENT_IS_RECURSIVE', {
            message: activitiesMessages.recursive(node.name),
          });
        }
        const target = data.parentId === null ? null : await loadVisible(actor, data.parentId, tx);
        if (target) assertMayHaveChildren(target, 'move');
        const becomesRole = target?.isRoleBase ?? false;
        if (becomesRole && node.isSystem) {
          throw new AppError('ACTIVITY_IS_SYSTEM', {
            message: activitiesMessages.systemCannotBeRole(node.name),
          });
        }
        if (becomesRole && node.childCount > 0) {
          throw new AppError('ACTIVITY_IS_A_ROLE', {
            message: activitiesMessages.rolesHaveNoChildren(target!.name, node.name),
          });
        }
        await assertNameFree(tx, actor.portalId, data.parentId, node.name, id);
        const ok = await repository.updateVersioned(tx, id, data.version, {
          parentId: data.parentId,
          isRole: becomesRole,
        });
        if (!ok) throw new AppError('CONFLICT');
        await recordChange(tx, {
          entity: 'activity',
          entityId: id,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes: {
            parentId: { from: node.parentId, to: data.parentId },
            ...(becomesRole !== node.isRole ? { isRole: { from: node.isRole, to: becomesRole } } : {}),
          },
        });
        return toDto(tx, await loadVisible(actor, id, tx));
      });
    },

    async remove(actor: Actor, id: number, version: number): Promise<void> {
      await db.transaction(async (tx) => {
        await repository.lockTree(tx, actor.portalId);
        const node = await loadVisible(actor, id, tx);
        if (node.version !== version) throw new AppError('CONFLICT');
        if (node.isSystem) {
          throw new AppError('ACTIVITY_IS_SYSTEM', {
            message: activitiesMessages.systemNotDeletable(node.name),
          });
        }
        if (node.isRoleBase) throw new AppError('ACTIVITY_IS_ROLE_BASE');
        if (node.childCount > 0) {
          throw new AppError('ACTIVITY_HAS_CHILDREN', {
            message: activitiesMessages.hasChildren(node.name, node.childCount),
          });
        }
        if (node.employeeCount > 0) {
          throw new AppError('ACTIVITY_IN_USE', {
            message: activitiesMessages.inUse(node.name, node.employeeCount),
          });
        }
        if (!(await repository.deleteVersioned(tx, id, version))) throw new AppError('CONFLICT');
        await recordChange(tx, {
          entity: 'activity',
          entityId: id,
          state: LOG_STATE.DELETED,
          actorId: actor.employeeId,
          changes: { name: { from: node.name, to: null }, parentId: { from: node.parentId, to: null } },
        });
      });
    },

    /** Makes `id` the portal's role base, once: its children become roles. Afterwards only support can change it. */
    async setRoleBase(actor: Actor, id: number, version: number): Promise<Activity> {
      return db.transaction(async (tx) => {
        await repository.lockTree(tx, actor.portalId);
        if ((await repository.roleBaseId(tx, actor.portalId)) !== null) {
          throw new AppError('ACTIVITY_ROLE_BASE_ALREADY_SET');
        }
        const node = await loadVisible(actor, id, tx);
        if (node.version !== version) throw new AppError('CONFLICT');
        if (node.isSystem) {
          throw new AppError('ACTIVITY_IS_SYSTEM', {
            message: activitiesMessages.systemCannotBeRoleBase(node.name),
          });
        }
        const briefs = await repository.briefs(tx, actor.portalId);
        const children = briefs.filter((b) => b.parentId === id);
        const systemChild = children.find((c) => c.isSystem);
        if (systemChild) {
          throw new AppError('ACTIVITY_IS_SYSTEM', {
            message: activitiesMessages.childWouldBeSystemRole(node.name, systemChild.name),
          });
        }
        const withChildren = children.find((c) => briefs.some((b) => b.parentId === c.id));
        if (withChildren) {
          throw new AppError('ACTIVITY_IS_A_ROLE', {
            message: activitiesMessages.childWouldBeRoleWithChildren(node.name, withChildren.name),
          });
        }
        if (!(await repository.updateVersioned(tx, id, version, { isRoleBase: true }))) {
          throw new AppError('CONFLICT');
        }
        const roles = await repository.markChildrenAsRoles(tx, id);
        await recordChange(tx, {
          entity: 'activity',
          entityId: id,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes: { isRoleBase: { from: false, to: true }, roles: { from: [], to: roles } },
        });
        return toDto(tx, await loadVisible(actor, id, tx));
      });
    },

    async picker(actor: Actor, query: ActivityPickerQuery): Promise<ListResult<ActivityPickerRow>> {
      const plan = planList(activityPickerSource, { ...query, orderBy: 'name' }, [
        eq(activities.portalId, actor.portalId),
        query.rolesOnly ? eq(activities.isRole, true) : undefined,
      ]);
      const page = await repository.picker(db, plan);
      const briefs = new Map((await repository.briefs(db, actor.portalId)).map((b) => [b.id, b]));
      const pathOf = pathResolver(briefs);
      return {
        filteredCount: page.filteredCount,
        rows: page.rows.map((r) => ({
          id: r.id,
          name: r.name,
          path: pathOf(r.id),
          isRole: r.isRole,
          isSystem: r.isSystem,
        })),
      };
    },

    ofEmployee,

    /** Replaces an employee's activities and roles; a stale `revision` answers 409 CONFLICT. */
    async replaceOfEmployee(
      actor: Actor,
      employeeId: number,
      input: UpdateEmployeeActivities,
    ): Promise<EmployeeActivities> {
      const data = updateEmployeeActivitiesSchema.parse(input);
      const activityIds = [...new Set(data.activityIds)];
      const roleIds = [...new Set(data.roleIds)];
      return db.transaction(async (tx) => {
        await repository.lockTree(tx, actor.portalId);
        await assertEmployeeVisible(actor, employeeId, tx);
        const current = await repository.assignedIds(tx, employeeId);
        if (assignmentRevision(current) !== data.revision) throw new AppError('CONFLICT');
        const briefs = new Map((await repository.briefs(tx, actor.portalId)).map((b) => [b.id, b]));
        const pathOf = pathResolver(briefs);
        const missing = [...activityIds, ...roleIds].filter((id) => !briefs.has(id));
        if (missing.length > 0) {
          throw new AppError('NOT_FOUND', {
            message: activitiesMessages.activitiesNotFound(missing),
          });
        }
        const notRoles = roleIds.map((id) => briefs.get(id)!).filter((b) => !b.isRole);
        if (notRoles.length > 0) {
          throw new AppError('ACTIVITY_IS_NOT_A_ROLE', {
            message: activitiesMessages.notRoles(notRoles.map((b) => b.name)),
            details: [{ path: ['body', 'roleIds'], message: activitiesMessages.fieldNotARole }],
          });
        }
        const roles = activityIds.map((id) => briefs.get(id)!).filter((b) => b.isRole);
        if (roles.length > 0) {
          throw new AppError('ACTIVITY_IS_A_ROLE', {
            message: activitiesMessages.areRoles(roles.map((b) => b.name)),
            details: [{ path: ['body', 'activityIds'], message: activitiesMessages.fieldIsARole }],
          });
        }
        const next = [...activityIds, ...roleIds];
        if (assignmentRevision(next) !== data.revision) {
          const label = (id: number) => {
            const path = pathOf(id);
            const name = briefs.get(id)?.name ?? String(id);
            return path ? `${path}${PATH_SEPARATOR}${name}` : name;
          };
          await repository.replaceAssignments(tx, employeeId, next);
          await recordChange(tx, {
            entity: 'employee',
            entityId: employeeId,
            state: LOG_STATE.CHANGED,
            actorId: actor.employeeId,
            changes: {
              activities: {
                from: current.filter((id) => !next.includes(id)).map(label),
                to: next.filter((id) => !current.includes(id)).map(label),
              },
            },
          });
          // The employee's instruction profiles follow the activities and roles (decision 040).
          await notifyEmployeesChanged(changeHooks, tx, {
            employeeIds: [employeeId],
            actorId: actor.employeeId,
          });
        }
        return ofEmployee(actor, employeeId, tx);
      });
    },
  };

  async function assertEmployeeVisible(actor: Actor, employeeId: number, ex: Executor) {
    const [found] = await employees.existingIds(ex, actor.portalId, [employeeId]);
    if (found === undefined) throw new AppError('EMPLOYEE_NOT_FOUND');
  }
}

export type ActivitiesService = ReturnType<typeof createActivitiesService>;
