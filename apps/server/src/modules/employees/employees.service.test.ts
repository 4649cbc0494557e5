import {
  EMPLOYEE_ACTIVE_FILTER,
  employeeListQuerySchema,
} from '@schutzwerk/shared/employees/employee.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { Db } from '#db/client.ts';
import { AppError } from '#platform/errors.ts';
import type { ListPlan } from '#platform/list.ts';
import { fakeActor } from '../../../test/fake-actor.ts';
import type { EmployeesRepository } from './employees.repository.ts';
import { createEmployeesService } from './employees.service.ts';

/**
 * The rules of the employee list and picker against a fake repository (decision 027): which filters apply
 * (active only without EMPLOYEES_SHOW_INACTIVE, the portal scope of a customer portal), which filters are
 * refused, which columns are blanked, and the names-only search of callers who may not read login names.
 * The plan the service hands over is rendered to SQL text to see which conditions it holds.
 */

const dialect = new PgDialect();
const render = (where: SQL | undefined) => (where ? dialect.sqlToQuery(where) : { sql: '', params: [] });

function setup() {
  const plans: ListPlan[] = [];
  const row = () => ({
    id: 1,
    personnelNumber: '0001',
    lastName: 'Roth',
    firstName: 'Ida',
    loginName: 'iroth',
    email: null,
    active: true,
    isTempWorker: true,
    isExternal: false,
    departmentName: null,
    locationName: null,
  });
  const repository = {
    async list(_ex: unknown, plan: ListPlan) {
      plans.push(plan);
      return { rows: [row()], filteredCount: 1 };
    },
    async picker(_ex: unknown, plan: ListPlan) {
      plans.push(plan);
      return { rows: [], filteredCount: 0 };
    },
  } as unknown as EmployeesRepository;
  const service = createEmployeesService({ db: {} as Db, repository });
  return { service, plans };
}

const query = (fields: Record<string, unknown> = {}) =>
  employeeListQuerySchema.parse({ limit: 50, ...fields });

const pickerQuery = { limit: 20, offset: 0, search: '', orderDirection: 'asc' as const };

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

describe('employee list', () => {
  it('shows active employees only, unless the caller may show inactive ones', async () => {
    const { service, plans } = setup();
    await service.list(fakeActor(), query({ active: EMPLOYEE_ACTIVE_FILTER.INACTIVE }));
    await service.list(
      fakeActor({ permissions: [P.EMPLOYEES_SHOW_INACTIVE] }),
      query({ active: EMPLOYEE_ACTIVE_FILTER.INACTIVE }),
    );
    await service.list(
      fakeActor({ permissions: [P.EMPLOYEES_SHOW_INACTIVE] }),
      query({ active: EMPLOYEE_ACTIVE_FILTER.ALL }),
    );
    const [forced, inactive, all] = plans.map((p) => render(p.where));
    expect(forced?.sql).toContain('"active" =');
    expect(forced?.params).toEqual([true]);
    expect(inactive?.params).toEqual([false]);
    expect(all?.sql).toBe('');
  });

  it('scopes a customer portal to its staff and the staff assigned to it; the main portal sees all', async () => {
    const { service, plans } = setup();
    await service.list(fakeActor({ portalId: 3 }), query());
    await service.list(fakeActor(), query());
    expect(render(plans[0]?.where).sql).toContain('employee_portals');
    expect(render(plans[0]?.where).params).toContain(3);
    expect(render(plans[1]?.where).sql).not.toContain('employee_portals');
  });

  it('refuses a filter on extended data without the right to read it, and never drops it silently', async () => {
    const { service, plans } = setup();
    expect(await codeOf(service.list(fakeActor(), query({ type: 'external' })))).toBe(
      'EMPLOYEE_FILTER_NOT_PERMITTED',
    );
    expect(await codeOf(service.list(fakeActor(), query({ status: 'worksBan' })))).toBe(
      'EMPLOYEE_FILTER_NOT_PERMITTED',
    );
    expect(plans).toEqual([]);
    // "No login" reads master data only.
    await service.list(fakeActor(), query({ status: 'noLogin' }));
    expect(render(plans[0]?.where).sql).toContain('"login_name" is null');
    await service.list(fakeActor({ permissions: [P.EMPLOYEES_READONLY] }), query({ type: 'external' }));
    expect(render(plans[1]?.where).sql).toContain('"is_external" =');
  });

  it('blanks the type flags of callers who may not read extended data', async () => {
    const { service } = setup();
    const hidden = await service.list(fakeActor(), query());
    expect(hidden.rows[0]).toMatchObject({ isTempWorker: null, isExternal: null });
    const shown = await service.list(fakeActor({ permissions: [P.EMPLOYEES_READONLY] }), query());
    expect(shown.rows[0]).toMatchObject({ isTempWorker: true, isExternal: false });
  });
});

describe('employee picker', () => {
  it('searches names and personnel numbers only for callers who may not read login names', async () => {
    const { service, plans } = setup();
    const search = { ...pickerQuery, search: 'roth', includeInactive: false };
    await service.picker(fakeActor(), search);
    await service.picker(fakeActor({ permissions: [P.EMPLOYEES_BASIC_READONLY] }), search);
    const ilikes = (p: ListPlan | undefined) => render(p?.where).sql.match(/ILIKE/g)?.length ?? 0;
    expect(ilikes(plans[0])).toBe(2);
    expect(ilikes(plans[1])).toBe(1);
  });

  it('offers inactive employees only when asked and allowed', async () => {
    const { service, plans } = setup();
    const asked = { ...pickerQuery, includeInactive: true };
    await service.picker(fakeActor(), asked);
    await service.picker(fakeActor({ permissions: [P.EMPLOYEES_SHOW_INACTIVE] }), asked);
    expect(render(plans[0]?.where).params).toEqual([true]);
    expect(render(plans[1]?.where).sql).toBe('');
  });
});
