import { generalMessages, rolesMessages } from '@schutzwerk/shared/errors.ts';
import type { ListQuery } from '@schutzwerk/shared/list/list.schema.ts';
import { permissionById, SUPERUSER_ID } from '@schutzwerk/shared/permissions.ts';
import type { CreateRole, Role, UpdateRole } from '@schutzwerk/shared/roles/role.schema.ts';
import { createRoleSchema, updateRoleSchema } from '@schutzwerk/shared/roles/role.schema.ts';
import { eq } from 'drizzle-orm';
import type { Db, Executor } from '#db/client.ts';
import { assertNoMoreRights, type EmployeesRepository } from '#modules/employees/index.ts';
import type { Actor } from '#platform/access.ts';
import { assertAdministratorRemains } from '#platform/administrators.ts';
import { diffFields, LOG_STATE, recordChange } from '#platform/audit.ts';
import { AppError, isUniqueViolation } from '#platform/errors.ts';
import { planList } from '#platform/list.ts';
import {
  type RoleRecord,
  type RolesRepository,
  roleListSource,
  roleMemberListSource,
} from './roles.repository.ts';
import { roles } from './roles.table.ts';

type Deps = {
  db: Db;
  repository: RolesRepository;
  employees: Pick<EmployeesRepository, 'existingIds'>;
};

function toDto(role: RoleRecord): Role {
  return {
    id: role.id,
    name: role.name,
    description: role.description,
    permissions: role.permissions,
    memberCount: role.memberCount,
    version: role.version,
    createdAt: role.createdAt.toISOString(),
    updatedAt: role.updatedAt.toISOString(),
  };
}

/**
 * Role rules: names unique per portal; only known permission ids; a role manager can grant or take away
 * only permissions they hold themselves, and assign only roles within their own rights (no escalation);
 * a role is deleted only while nobody holds it; every change is versioned and logged.
 */
export function createRolesService({ db, repository, employees }: Deps) {
  const isSuperuser = (actor: Actor) => actor.permissions.has(SUPERUSER_ID);

  function assertKnownPermissions(ids: readonly number[]) {
    const unknown = ids.filter((id) => !permissionById(id));
    if (unknown.length > 0) {
      throw new AppError('INPUT_VALIDATION_ERROR', {
        message: generalMessages.unknownPermissions(unknown),
        details: [
          { path: ['body', 'permissions'], message: generalMessages.fieldUnknownPermissions(unknown) },
        ],
      });
    }
  }

  function assertMayGrant(actor: Actor, ids: readonly number[]) {
    if (isSuperuser(actor)) return;
    const foreign = ids.filter((id) => !actor.permissions.has(id));
    if (foreign.length > 0) {
      throw new AppError('NO_PERMISSION', {
        message: rolesMessages.grantOwnRightsOnly(
          foreign.map((id) => permissionById(id)?.label ?? String(id)),
        ),
      });
    }
  }

  /** Same answer for "does not exist" and "not in your portal". */
  async function loadVisible(
    actor: Actor,
    id: number,
    ex: Executor = db,
    lock?: 'update' | 'share',
  ): Promise<RoleRecord> {
    const role = await repository.findById(ex, id, lock);
    if (!role || (!actor.isMainPortal && role.portalId !== actor.portalId)) {
      throw new AppError('NOT_FOUND', { message: rolesMessages.notFound });
    }
    return role;
  }

  function nameTaken(name: string): AppError {
    return new AppError('ROLE_NAME_EXISTS', {
      message: rolesMessages.nameExists(name),
      details: [{ path: ['body', 'name'], message: generalMessages.fieldNameTaken }],
    });
  }

  const scope = (actor: Actor) => (actor.isMainPortal ? undefined : eq(roles.portalId, actor.portalId));

  return {
    list(actor: Actor, query: ListQuery) {
      return repository.list(db, planList(roleListSource, query, [scope(actor)]));
    },

    async get(actor: Actor, id: number): Promise<Role> {
      return toDto(await loadVisible(actor, id));
    },

    async create(actor: Actor, input: CreateRole): Promise<Role> {
      const data = createRoleSchema.parse(input);
      const permissions = [...new Set(data.permissions)];
      assertKnownPermissions(permissions);
      assertMayGrant(actor, permissions);
      try {
        const id = await db.transaction(async (tx) => {
          const row = await repository.insert(tx, {
            portalId: actor.portalId,
            name: data.name,
            description: data.description,
          });
          await repository.replacePermissions(tx, row.id, permissions);
          await recordChange(tx, {
            entity: 'role',
            entityId: row.id,
            state: LOG_STATE.CREATED,
            actorId: actor.employeeId,
            changes: { name: { from: null, to: data.name }, permissions: { from: [], to: permissions } },
          });
          return row.id;
        });
        return toDto(await loadVisible(actor, id));
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken(data.name);
        throw error;
      }
    },

    async update(actor: Actor, id: number, input: UpdateRole): Promise<Role> {
      const data = updateRoleSchema.parse(input);
      try {
        await db.transaction(async (tx) => {
          const before = await loadVisible(actor, id, tx, 'update');
          if (before.version !== data.version) throw new AppError('CONFLICT');
          // Renaming a role changes what it means to whoever assigns it: only within your own rights.
          assertMayGrant(actor, before.permissions);
          const permissions = data.permissions
            ? [...new Set(data.permissions)].sort((a, b) => a - b)
            : undefined;
          if (permissions) {
            assertKnownPermissions(permissions);
            const added = permissions.filter((p) => !before.permissions.includes(p));
            const removed = before.permissions.filter((p) => !permissions.includes(p));
            assertMayGrant(actor, [...added, ...removed]);
          }
          const patch = {
            ...(data.name !== undefined && data.name !== before.name ? { name: data.name } : {}),
            ...(data.description !== undefined && data.description !== before.description
              ? { description: data.description }
              : {}),
          };
          const changes = diffFields(
            { name: before.name, description: before.description, permissions: before.permissions },
            { ...patch, ...(permissions ? { permissions } : {}) },
            ['name', 'description', 'permissions'],
          );
          if (Object.keys(changes).length === 0) return; // nothing changed: no new version, no log entry
          const updated = await repository.updateVersioned(tx, id, data.version, patch);
          if (!updated) throw new AppError('CONFLICT');
          if (changes.permissions && permissions) {
            await repository.replacePermissions(tx, id, permissions);
            if (before.permissions.includes(SUPERUSER_ID) && !permissions.includes(SUPERUSER_ID)) {
              await assertAdministratorRemains(tx);
            }
          }
          await recordChange(tx, {
            entity: 'role',
            entityId: id,
            state: LOG_STATE.CHANGED,
            actorId: actor.employeeId,
            changes,
          });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken(data.name ?? '');
        throw error;
      }
      return toDto(await loadVisible(actor, id));
    },

    async remove(actor: Actor, id: number, version: number): Promise<void> {
      await db.transaction(async (tx) => {
        const role = await loadVisible(actor, id, tx, 'update');
        if (role.version !== version) throw new AppError('CONFLICT');
        assertMayGrant(actor, role.permissions);
        if (role.memberCount > 0) {
          throw new AppError('ROLE_IN_USE', {
            message: rolesMessages.inUse(role.name, role.memberCount),
          });
        }
        if (!(await repository.deleteVersioned(tx, id, version))) throw new AppError('CONFLICT');
        await recordChange(tx, {
          entity: 'role',
          entityId: id,
          state: LOG_STATE.DELETED,
          actorId: actor.employeeId,
          changes: { name: { from: role.name, to: null }, permissions: { from: role.permissions, to: [] } },
        });
      });
    },

    async members(actor: Actor, id: number, query: ListQuery) {
      await loadVisible(actor, id);
      return repository.members(db, id, planList(roleMemberListSource, { ...query, orderBy: 'lastName' }));
    },

    /** Assigns the role; answers how many employees newly got it (those who had it are skipped). */
    async addMembers(actor: Actor, id: number, employeeIds: readonly number[]): Promise<number> {
      const unique = [...new Set(employeeIds)];
      return db.transaction(async (tx) => {
        // The role is share-locked: it cannot be deleted or re-permissioned while we check and assign.
        const role = await loadVisible(actor, id, tx, 'share');
        assertMayGrant(actor, role.permissions);
        const existing = await employees.existingIds(tx, role.portalId, unique);
        const missing = unique.filter((e) => !existing.includes(e));
        if (missing.length > 0) {
          throw new AppError('EMPLOYEE_NOT_FOUND', {
            message: rolesMessages.employeesNotFound(missing),
            details: [{ path: ['body', 'employeeIds'], message: generalMessages.fieldUnknownIds(missing) }],
          });
        }
        const added = await repository.addMembers(tx, id, unique);
        // Decision 023: nobody changes the roles of someone holding rights they do not hold themselves
        // (the role's rights are the actor's, so adding it first does not change the answer).
        await assertNoMoreRights(tx, actor, added);
        for (const employeeId of added) {
          await recordChange(tx, {
            entity: 'employee',
            entityId: employeeId,
            state: LOG_STATE.CHANGED,
            actorId: actor.employeeId,
            changes: { roles: { from: null, to: role.name } },
          });
        }
        return added.length;
      });
    },

    async removeMember(actor: Actor, id: number, employeeId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const role = await loadVisible(actor, id, tx, 'share');
        assertMayGrant(actor, role.permissions);
        await assertNoMoreRights(tx, actor, [employeeId]);
        if (!(await repository.removeMember(tx, id, employeeId))) {
          throw new AppError('NOT_FOUND', { message: rolesMessages.memberNotFound });
        }
        if (role.permissions.includes(SUPERUSER_ID)) await assertAdministratorRemains(tx);
        await recordChange(tx, {
          entity: 'employee',
          entityId: employeeId,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes: { roles: { from: role.name, to: null } },
        });
      });
    },
  };
}

export type RolesService = ReturnType<typeof createRolesService>;
