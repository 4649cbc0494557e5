import {
  EMPLOYEE_ACTIVE_FILTER,
  type EmployeeListQuery,
} from '@schutzwerk/shared/employees/employee.schema.ts';
import {
  EMPLOYEE_STATUS_FIELD_GROUP,
  EMPLOYEE_TYPE_FIELD_GROUP,
  type EmployeeFieldAccess,
  type EmployeeFieldGroup,
} from '@schutzwerk/shared/employees/field-access.ts';
import type { ListQuery } from '@schutzwerk/shared/list/list.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { Db } from '#db/client.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';
import { AppError } from '#platform/errors.ts';
import { planList } from '#platform/list.ts';
import { fieldAccessOf } from './employee-record.service.ts';
import {
  type EmployeesRepository,
  employeeFilters,
  employeeListSource,
  visibleInPortal,
} from './employees.repository.ts';
import { employees } from './employees.table.ts';

/**
 * Employee rules for the foundation: lists are scoped to the caller's portal (the main portal sees all);
 * inactive employees only with EMPLOYEES_SHOW_INACTIVE. Filters, columns and search terms follow the
 * field groups the caller may see in the record (fieldAccessOf, decision 027).
 */
export function createEmployeesService(deps: { db: Db; repository: EmployeesRepository }) {
  const { db, repository } = deps;

  function scope(actor: Actor) {
    return actor.isMainPortal ? undefined : visibleInPortal(actor.portalId);
  }

  /** A filter on a field group the caller may not read is refused, never silently dropped (decision 027). */
  function assertFilterVisible(
    access: EmployeeFieldAccess,
    field: 'type' | 'status',
    group: EmployeeFieldGroup | null | undefined,
  ) {
    if (group && !access[group]) {
      throw new AppError('EMPLOYEE_FILTER_NOT_PERMITTED', { details: [{ path: ['query', field], group }] });
    }
  }

  return {
    async list(actor: Actor, query: EmployeeListQuery) {
      const access = fieldAccessOf(actor);
      if (query.type) assertFilterVisible(access, 'type', EMPLOYEE_TYPE_FIELD_GROUP[query.type]);
      if (query.status) assertFilterVisible(access, 'status', EMPLOYEE_STATUS_FIELD_GROUP[query.status]);
      const mayShowInactive = actorHasAny(actor, P.EMPLOYEES_SHOW_INACTIVE);
      const filter = mayShowInactive ? query.active : EMPLOYEE_ACTIVE_FILTER.ACTIVE;
      const activeFilter =
        filter === EMPLOYEE_ACTIVE_FILTER.ACTIVE
          ? employeeFilters.active(true)
          : filter === EMPLOYEE_ACTIVE_FILTER.INACTIVE
            ? employeeFilters.active(false)
            : undefined;
      const result = await repository.list(
        db,
        planList(employeeListSource, query, [
          scope(actor),
          activeFilter,
          employeeFilters.type(query.type),
          employeeFilters.status(query.status),
        ]),
      );
      // The columns: the type flags are extended data (search and sort keys are master data only).
      if (!access.extended) {
        for (const row of result.rows) {
          row.isTempWorker = null;
          row.isExternal = null;
        }
      }
      return result;
    },

    /**
     * The employee picker: ordered by last name; active employees unless asked (and allowed) otherwise.
     * Every signed-in user may pick, but login name and e-mail are searched only for callers who may read
     * them in the record; the others search names and personnel numbers.
     */
    picker(actor: Actor, query: ListQuery & { includeInactive: boolean }) {
      const inactiveAllowed = query.includeInactive && actorHasAny(actor, P.EMPLOYEES_SHOW_INACTIVE);
      const plan = planList(
        {
          ...employeeListSource,
          orderBy: { lastName: [employees.lastNameSort, employees.firstNameSort] },
          defaultOrderBy: 'lastName',
        },
        { ...query, orderBy: 'lastName' },
        [
          scope(actor),
          inactiveAllowed ? undefined : employeeFilters.active(true),
          ...(fieldAccessOf(actor).basic ? [] : employeeFilters.namesOnly(query.search)),
        ],
      );
      return repository.picker(db, plan);
    },
  };
}

export type EmployeesService = ReturnType<typeof createEmployeesService>;
