import {
  EMPLOYEE_ACTIVE_FILTER,
  type EmployeeListQuery,
} from '@schutzwerk/shared/employees/employee.schema.ts';
import type { ListQuery } from '@schutzwerk/shared/list/list.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { and, eq, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { type Actor, actorHasAny } from '#platform/access.ts';
import { planList } from '#platform/list.ts';
import { type EmployeesRepository, employeeListSource, visibleInPortal } from './employees.repository.ts';
import { employees } from './employees.table.ts';

/**
 * Employee rules for the foundation: lists are scoped to the caller's portal (the main portal sees all);
 * inactive employees only with EMPLOYEES_SHOW_INACTIVE.
 */
export function createEmployeesService(deps: { repository: EmployeesRepository }) {
  const { repository } = deps;

  function scope(actor: Actor) {
    return actor.isMainPortal ? undefined : visibleInPortal(actor.portalId);
  }

  function typeFilter(type: EmployeeListQuery['type']): SQL | undefined {
    if (type === 'external') return eq(employees.isExternal, true);
    if (type === 'tempWorker') return eq(employees.isTempWorker, true);
    if (type === 'employee') return and(eq(employees.isExternal, false), eq(employees.isTempWorker, false));
    return undefined;
  }

  function statusFilter(status: EmployeeListQuery['status']): SQL | undefined {
    if (status === 'worksBan') return sql`${employees.worksBanUntil} >= current_date`;
    if (status === 'tempWorkEnded')
      return and(eq(employees.isTempWorker, true), lt(employees.tempWorkUntil, sql`current_date`));
    if (status === 'noLogin') return or(isNull(employees.loginName), isNull(employees.passwordHash));
    return undefined;
  }

  return {
    list(actor: Actor, query: EmployeeListQuery) {
      const mayShowInactive = actorHasAny(actor, P.EMPLOYEES_SHOW_INACTIVE);
      const filter = mayShowInactive ? query.active : EMPLOYEE_ACTIVE_FILTER.ACTIVE;
      const activeFilter =
        filter === EMPLOYEE_ACTIVE_FILTER.ACTIVE
          ? eq(employees.active, true)
          : filter === EMPLOYEE_ACTIVE_FILTER.INACTIVE
            ? eq(employees.active, false)
            : undefined;
      return repository.list(
        planList(employeeListSource, query, [
          scope(actor),
          activeFilter,
          typeFilter(query.type),
          statusFilter(query.status),
        ]),
      );
    },

    /** The employee picker: ordered by last name; active employees unless asked (and allowed) otherwise. */
    picker(actor: Actor, query: ListQuery & { includeInactive: boolean }) {
      const inactiveAllowed = query.includeInactive && actorHasAny(actor, P.EMPLOYEES_SHOW_INACTIVE);
      const plan = planList(
        {
          ...employeeListSource,
          orderBy: { lastName: [employees.lastNameSort, employees.firstNameSort] },
          defaultOrderBy: 'lastName',
        },
        { ...query, orderBy: 'lastName' },
        [scope(actor), inactiveAllowed ? undefined : eq(employees.active, true)],
      );
      return repository.picker(plan);
    },
  };
}

export type EmployeesService = ReturnType<typeof createEmployeesService>;
