import {
  type CopyAssignments,
  copyAssignmentsSchema,
  type EmployeeAssignments,
  type UpdateEmployeeAssignments,
  updateEmployeeAssignmentsSchema,
} from '@schutzwerk/shared/employees/employee.schema.ts';
import { employeesMessages } from '@schutzwerk/shared/errors.ts';
import { P, SUPERUSER_ID } from '@schutzwerk/shared/permissions.ts';
import type { Db, Executor } from '#db/client.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';
import { assertAdministratorRemains } from '#platform/administrators.ts';
import { LOG_STATE, recordChange } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import type { EmployeeAssignmentsRepository } from './employee-assignments.repository.ts';
import type { EmployeeRecordService } from './employee-record.service.ts';
import {
  type EmployeeActivitiesPort,
  type EmployeeRolesPort,
  type EmployeesChangedHook,
  notifyEmployeesChanged,
} from './employees.ports.ts';
import { assertResponsibleFor, ownedUnitIds } from './responsibility.ts';
import { assertNoMoreRights } from './sign-in-guard.ts';

type Deps = {
  db: Db;
  /** The data access of the assignment sets (a fake in the service tests). */
  repository: EmployeeAssignmentsRepository;
  records: Pick<EmployeeRecordService, 'loadVisible' | 'assertEditableHere'>;
  /** The roles and activities modules' tables, for copying those parts (wiring in app.ts, decision 030). */
  roles: EmployeeRolesPort;
  activities: EmployeeActivitiesPort;
  /** Told when copied activities or units changed employees (decision 040: instruction profiles). */
  changeHooks?: EmployeesChangedHook[];
};

const added = (before: readonly number[], after: readonly number[]) =>
  after.filter((id) => !before.includes(id));
const removed = (before: readonly number[], after: readonly number[]) => added(after, before);
const unique = (ids: readonly number[] | undefined) => (ids ? [...new Set(ids)] : undefined);

/**
 * Assignments of an employee that are saved apart from the record (own version): portal assignment and
 * responsibilities, and copying assignments from one employee to others. Rules (spec modules §6):
 * each part needs its right; users add or remove only departments, locations and responsibilities they
 * own themselves; nobody edits their own responsibilities; staff of another portal are read-only here.
 */
export function createEmployeeAssignmentsService({
  db,
  repository,
  records,
  roles,
  activities,
  changeHooks = [],
}: Deps) {
  const current = (ex: Executor, employeeId: number) => repository.currentSets(ex, employeeId);

  async function read(ex: Executor, employeeId: number): Promise<EmployeeAssignments> {
    const row = await repository.header(ex, employeeId);
    if (!row) throw new AppError('EMPLOYEE_NOT_FOUND');
    const ids = await current(ex, employeeId);
    return {
      employeeId,
      version: row.version,
      homePortal: { id: row.portalId, name: row.portalName },
      portals: await repository.portalsByIds(ex, ids.portalIds),
      departments: await repository.unitPaths(ex, 'department', ids.departmentIds),
      locations: await repository.unitPaths(ex, 'location', ids.locationIds),
      ledEmployees: await repository.supervisorLinks(ex, 'led', employeeId),
      supervisors: await repository.supervisorLinks(ex, 'supervisor', employeeId),
    };
  }

  /** Ids that are not in the employee's portal (or do not exist) make the request invalid. */
  async function assertUnitsInPortal(
    ex: Executor,
    kind: 'department' | 'location',
    ids: readonly number[],
    portalId: number,
  ) {
    if (ids.length === 0) return;
    if ((await repository.unitsInPortal(ex, kind, ids, portalId)) !== ids.length) {
      throw new AppError('INPUT_VALIDATION_ERROR', {
        message:
          kind === 'department'
            ? employeesMessages.departmentsNotInPortal
            : employeesMessages.locationsNotInPortal,
      });
    }
  }

  /** Led employees: same portal, not the employee itself; the user must be responsible for them. */
  async function assertLedEmployees(
    ex: Executor,
    actor: Actor,
    employeeId: number,
    portalId: number,
    changedIds: readonly number[],
    allIds: readonly number[],
  ) {
    if (allIds.includes(employeeId)) {
      throw new AppError('INPUT_VALIDATION_ERROR', {
        message: employeesMessages.ownSupervisor,
      });
    }
    if (allIds.length > 0) {
      if ((await repository.employeesInPortal(ex, allIds, portalId)) !== allIds.length) {
        throw new AppError('INPUT_VALIDATION_ERROR', {
          message: employeesMessages.employeesNotInPortal,
        });
      }
    }
    if (changedIds.length === 0 || actorHasAny(actor, P.DEPARTMENTS_ALL)) return;
    // Without 'all departments': only employees the user leads or whose department the user owns.
    const owned = await ownedUnitIds(ex, 'department', actor.employeeId);
    const rows = await repository.leadership(ex, actor.employeeId, changedIds);
    if (rows.some((r) => !r.led && !(r.departmentId !== null && owned.has(r.departmentId)))) {
      throw new AppError('NOT_RESPONSIBLE', {
        message: employeesMessages.notResponsibleForEmployees,
      });
    }
  }

  /** Validates and writes one employee's new assignment sets (inside a transaction). */
  async function apply(
    tx: Executor,
    actor: Actor,
    target: { id: number; portalId: number },
    next: {
      portalIds?: number[];
      departmentIds?: number[];
      locationIds?: number[];
      ledEmployeeIds?: number[];
    },
  ) {
    const before = await current(tx, target.id);
    const changes: Record<string, { from: number[]; to: number[] }> = {};
    const touchesResponsibilities =
      next.departmentIds !== undefined || next.locationIds !== undefined || next.ledEmployeeIds !== undefined;
    if (touchesResponsibilities) {
      if (!actorHasAny(actor, P.EMPLOYEES_RESPONSIBILITIES)) {
        throw new AppError('NO_PERMISSION', {
          message: employeesMessages.responsibilitiesForbidden,
        });
      }
      if (target.id === actor.employeeId) throw new AppError('OWN_RESPONSIBILITIES');
    }
    if (next.portalIds !== undefined) {
      if (!actorHasAny(actor, P.EMPLOYEES_PORTALS) || !actor.isMainPortal) {
        throw new AppError('NO_PERMISSION', {
          message: employeesMessages.portalsMainPortalOnly,
        });
      }
      const wanted = next.portalIds;
      if (wanted.length > 0) {
        if (!(await repository.isMainPortal(tx, target.portalId))) {
          throw new AppError('INPUT_VALIDATION_ERROR', {
            message: employeesMessages.portalsMainPortalEmployeesOnly,
          });
        }
        if ((await repository.customerPortalCount(tx, wanted)) !== wanted.length) {
          throw new AppError('INPUT_VALIDATION_ERROR', {
            message: employeesMessages.customerPortalsUnknown,
          });
        }
      }
    }
    if (next.departmentIds !== undefined) {
      await assertUnitsInPortal(tx, 'department', next.departmentIds, target.portalId);
      await assertResponsibleFor(tx, actor, 'department', [
        ...added(before.departmentIds, next.departmentIds),
        ...removed(before.departmentIds, next.departmentIds),
      ]);
    }
    if (next.locationIds !== undefined) {
      await assertUnitsInPortal(tx, 'location', next.locationIds, target.portalId);
      await assertResponsibleFor(tx, actor, 'location', [
        ...added(before.locationIds, next.locationIds),
        ...removed(before.locationIds, next.locationIds),
      ]);
    }
    if (next.ledEmployeeIds !== undefined) {
      await assertLedEmployees(
        tx,
        actor,
        target.id,
        target.portalId,
        [
          ...added(before.ledEmployeeIds, next.ledEmployeeIds),
          ...removed(before.ledEmployeeIds, next.ledEmployeeIds),
        ],
        next.ledEmployeeIds,
      );
    }
    const sets = [
      ['portals', 'portalIds'],
      ['departments', 'departmentIds'],
      ['locations', 'locationIds'],
      ['led', 'ledEmployeeIds'],
    ] as const;
    for (const [kind, key] of sets) {
      const wanted = next[key];
      if (wanted === undefined) continue;
      const sorted = [...wanted].sort((a, b) => a - b);
      if (sorted.join(',') === before[key].join(',')) continue;
      await repository.replaceSet(tx, kind, target.id, sorted);
      changes[key] = { from: before[key], to: sorted };
    }
    if (Object.keys(changes).length === 0) return false;
    await repository.bumpAssignmentsVersion(tx, target.id);
    await recordChange(tx, {
      entity: 'employee',
      entityId: target.id,
      state: LOG_STATE.CHANGED,
      actorId: actor.employeeId,
      changes,
    });
    return true;
  }

  return {
    async get(actor: Actor, id: number): Promise<EmployeeAssignments> {
      await records.loadVisible(actor, id);
      return read(db, id);
    },

    async update(actor: Actor, id: number, input: UpdateEmployeeAssignments): Promise<EmployeeAssignments> {
      const data = updateEmployeeAssignmentsSchema.parse(input);
      await db.transaction(async (tx) => {
        const row = await records.loadVisible(actor, id, tx, true);
        records.assertEditableHere(actor, row);
        if (row.employee.assignmentsVersion !== data.version) throw new AppError('CONFLICT');
        await apply(tx, actor, row.employee, {
          portalIds: unique(data.portalIds),
          departmentIds: unique(data.departmentIds),
          locationIds: unique(data.locationIds),
          ledEmployeeIds: unique(data.ledEmployeeIds),
        });
      });
      return read(db, id);
    },

    /**
     * 'Zuordnungen kopieren': the chosen parts of the source employee's assignments go to every target,
     * added to theirs or replacing them — all targets or none (one transaction).
     */
    async copy(actor: Actor, sourceId: number, input: CopyAssignments): Promise<{ updated: number }> {
      const data = copyAssignmentsSchema.parse(input);
      const parts = new Set(data.parts);
      const targetIds = [...new Set(data.targetIds)].filter((id) => id !== sourceId);
      if (targetIds.length === 0) {
        throw new AppError('INPUT_VALIDATION_ERROR', {
          message: employeesMessages.copyTargetRequired,
        });
      }
      return db.transaction(async (tx) => {
        const source = await records.loadVisible(actor, sourceId, tx);
        const from = await current(tx, sourceId);
        const sourceRoles = parts.has('roles') ? await roles.roleIdsOf(tx, sourceId) : [];
        if (parts.has('roles')) {
          if (!actorHasAny(actor, P.EMPLOYEES_ROLES)) {
            throw new AppError('NO_PERMISSION', {
              message: employeesMessages.assignRolesForbidden,
            });
          }
          // No escalation: the copied roles may only carry permissions the user holds.
          if (!actor.permissions.has(SUPERUSER_ID) && sourceRoles.length > 0) {
            const granted = await roles.permissionsOfRoles(tx, sourceRoles);
            if (granted.some((id) => !actor.permissions.has(id))) {
              throw new AppError('NO_PERMISSION', {
                message: employeesMessages.rolesWithMoreRights,
              });
            }
          }
        }
        if (parts.has('activities') && !actorHasAny(actor, P.EMPLOYEES_ACTIVITIES)) {
          throw new AppError('NO_PERMISSION', {
            message: employeesMessages.assignActivitiesForbidden,
          });
        }
        const sourceActivities = parts.has('activities') ? await activities.activityIdsOf(tx, sourceId) : [];
        if (
          parts.has('organisation') &&
          !actorHasAny(actor, P.EMPLOYEES_DEPARTMENTS, P.EMPLOYEES_LOCATIONS)
        ) {
          throw new AppError('NO_PERMISSION', {
            message: employeesMessages.assignOrganisationForbidden,
          });
        }
        let updated = 0;
        const changedIds: number[] = [];
        for (const targetId of targetIds) {
          const target = await records.loadVisible(actor, targetId, tx, true);
          records.assertEditableHere(actor, target);
          if (target.employee.portalId !== source.employee.portalId) {
            throw new AppError('INPUT_VALIDATION_ERROR', {
              message: employeesMessages.copyOtherPortal,
            });
          }
          let changed = false;
          const next: Parameters<typeof apply>[3] = {};
          const merge = (mine: number[], theirs: number[]) =>
            data.replace ? theirs : [...new Set([...mine, ...theirs])];
          const mine = await current(tx, targetId);
          if (parts.has('portals')) next.portalIds = merge(mine.portalIds, from.portalIds);
          if (parts.has('responsibilities')) {
            next.departmentIds = merge(mine.departmentIds, from.departmentIds);
            next.locationIds = merge(mine.locationIds, from.locationIds);
            next.ledEmployeeIds = merge(mine.ledEmployeeIds, from.ledEmployeeIds).filter(
              (id) => id !== targetId,
            );
          }
          if (await apply(tx, actor, target.employee, next)) changed = true;
          if (parts.has('roles')) {
            const have = await roles.roleIdsOf(tx, targetId);
            const wanted = data.replace ? sourceRoles : [...new Set([...have, ...sourceRoles])];
            if ([...wanted].sort().join(',') !== [...have].sort().join(',')) {
              // Decision 023: the roles of someone holding rights the actor lacks stay as they are.
              await assertNoMoreRights(tx, actor, [targetId]);
              await roles.replaceRolesOf(tx, targetId, wanted);
              await recordChange(tx, {
                entity: 'employee',
                entityId: targetId,
                state: LOG_STATE.CHANGED,
                actorId: actor.employeeId,
                changes: { roles: { from: have, to: wanted } },
              });
              changed = true;
            }
          }
          if (parts.has('activities')) {
            const have = await activities.activityIdsOf(tx, targetId);
            const wanted = data.replace ? sourceActivities : [...new Set([...have, ...sourceActivities])];
            if ([...wanted].sort().join(',') !== [...have].sort().join(',')) {
              await activities.replaceActivitiesOf(tx, targetId, wanted);
              await recordChange(tx, {
                entity: 'employee',
                entityId: targetId,
                state: LOG_STATE.CHANGED,
                actorId: actor.employeeId,
                changes: { activities: { from: have, to: wanted } },
              });
              changed = true;
            }
          }
          if (parts.has('organisation')) {
            const patch: { departmentId?: number | null; locationId?: number | null } = {};
            if (
              actorHasAny(actor, P.EMPLOYEES_DEPARTMENTS) &&
              target.employee.departmentId !== source.employee.departmentId
            ) {
              await assertResponsibleFor(tx, actor, 'department', [
                target.employee.departmentId,
                source.employee.departmentId,
              ]);
              patch.departmentId = source.employee.departmentId;
            }
            if (
              actorHasAny(actor, P.EMPLOYEES_LOCATIONS) &&
              target.employee.locationId !== source.employee.locationId
            ) {
              await assertResponsibleFor(tx, actor, 'location', [
                target.employee.locationId,
                source.employee.locationId,
              ]);
              patch.locationId = source.employee.locationId;
            }
            if (Object.keys(patch).length > 0) {
              await repository.setOrganisation(tx, targetId, patch);
              await recordChange(tx, {
                entity: 'employee',
                entityId: targetId,
                state: LOG_STATE.CHANGED,
                actorId: actor.employeeId,
                changes: Object.fromEntries(
                  Object.entries(patch).map(([k, v]) => [
                    k,
                    { from: target.employee[k as keyof typeof patch], to: v },
                  ]),
                ),
              });
              changed = true;
            }
          }
          if (changed) {
            updated++;
            if (parts.has('activities') || parts.has('organisation')) changedIds.push(targetId);
          }
        }
        if (parts.has('roles') && data.replace) await assertAdministratorRemains(tx);
        await notifyEmployeesChanged(changeHooks, tx, { employeeIds: changedIds, actorId: actor.employeeId });
        return { updated };
      });
    },
  };
}

export type EmployeeAssignmentsService = ReturnType<typeof createEmployeeAssignmentsService>;
