import { organisationMessages } from '@schutzwerk/shared/errors.ts';
import {
  type Department,
  type UpdateDepartment,
  updateDepartmentSchema,
} from '@schutzwerk/shared/organisation/organisation.schema.ts';
import { pathNames } from '@schutzwerk/shared/organisation/tree.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { Db } from '#db/client.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';
import { diffFields, LOG_STATE, recordChange } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import { KINDS, missingRight, type OrganisationAccess } from './organisation.access.ts';
import type { OrganisationPeoplePort } from './organisation.ports.ts';
import type { OrganisationRepository } from './organisation.repository.ts';

/** The department record: name, container flag and the monthly hours of a container. */
export function createOrganisationDepartments({
  db,
  repository,
  people,
  access,
}: {
  db: Db;
  repository: OrganisationRepository;
  people: Pick<
    OrganisationPeoplePort,
    'employeeCount' | 'existingIds' | 'departmentHead' | 'setDepartmentHead'
  >;
  access: OrganisationAccess;
}) {
  const { loadVisible, assertEditable, assertNameFree, withUniqueNames } = access;

  async function departmentDto(actor: Actor, id: number): Promise<Department> {
    const { scope } = await loadVisible('department', actor, id);
    const row = await repository.findDepartment(db, id);
    if (!row) throw new AppError('NOT_FOUND', { message: KINDS.department.texts.notFound });
    return {
      id: row.id,
      parentId: row.parentId,
      name: row.name,
      path: pathNames(scope.rows, id),
      isContainer: row.isContainer,
      monthlyHours: row.monthlyHours === null ? null : Number(row.monthlyHours),
      head: await people.departmentHead(db, id),
      childCount: await repository.childCount(db, 'department', id),
      employeeCount: await people.employeeCount(db, 'department', id),
      editable: scope.inScope.has(id),
      version: row.version,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async function updateDepartment(actor: Actor, id: number, input: UpdateDepartment): Promise<Department> {
    const data = updateDepartmentSchema.parse(input);
    await withUniqueNames('department', data.name ?? '', () =>
      db.transaction(async (tx) => {
        const { node, scope } = await loadVisible('department', actor, id, tx, 'update');
        if (node.version !== data.version) throw new AppError('CONFLICT');
        const before = (await repository.findDepartment(tx, id))!;
        const beforeHours = before.monthlyHours === null ? null : Number(before.monthlyHours);
        const isContainer = data.isContainer ?? before.isContainer;
        // Taking the container flag away clears the hours, unless hours are sent too (then it is an error).
        const monthlyHours =
          data.monthlyHours !== undefined ? data.monthlyHours : isContainer ? beforeHours : null;
        if (!isContainer && monthlyHours !== null) {
          throw new AppError('INPUT_VALIDATION_ERROR', {
            message: organisationMessages.monthlyHoursContainerOnly,
            details: [
              {
                path: ['body', 'monthlyHours'],
                message: organisationMessages.monthlyHoursContainerOnly,
              },
            ],
          });
        }
        const beforeHead = (await people.departmentHead(tx, id))?.id ?? null;
        const headEmployeeId = data.headEmployeeId !== undefined ? data.headEmployeeId : beforeHead;
        const after = { name: data.name ?? before.name, isContainer, monthlyHours, headEmployeeId };
        const changes = diffFields(
          {
            name: before.name,
            isContainer: before.isContainer,
            monthlyHours: beforeHours,
            headEmployeeId: beforeHead,
          },
          after,
          ['name', 'isContainer', 'monthlyHours', 'headEmployeeId'],
        );
        if (Object.keys(changes).length === 0) return;
        assertEditable('department', scope, node);
        if (!actorHasAny(actor, P.DEPARTMENTS_EDIT)) throw missingRight(P.DEPARTMENTS_EDIT);
        if (changes.name) assertNameFree('department', scope.rows, node.parentId, after.name, id);
        if (changes.headEmployeeId && headEmployeeId !== null) {
          const found = await people.existingIds(tx, node.portalId, [headEmployeeId]);
          if (found.length === 0) {
            throw new AppError('EMPLOYEE_NOT_FOUND', {
              message: organisationMessages.employeesNotFound([headEmployeeId]),
              details: [
                {
                  path: ['body', 'headEmployeeId'],
                  message: organisationMessages.employeesNotFound([headEmployeeId]),
                },
              ],
            });
          }
        }
        const patch = Object.fromEntries(
          Object.keys(changes)
            .filter((k) => k !== 'headEmployeeId')
            .map((k) => [k, after[k as keyof typeof after]]),
        );
        if (!(await repository.updateVersioned(tx, 'department', id, data.version, patch))) {
          throw new AppError('CONFLICT');
        }
        if (changes.headEmployeeId) await people.setDepartmentHead(tx, id, headEmployeeId);
        await recordChange(tx, {
          entity: 'department',
          entityId: id,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes,
        });
      }),
    );
    return departmentDto(actor, id);
  }

  return { departmentDto, updateDepartment };
}
