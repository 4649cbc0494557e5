import { P, SUPERUSER_ID } from '@schutzwerk/shared/permissions.ts';
import { describe, expect, it } from 'vitest';
import type { Db, Executor } from '#db/client.ts';
import type { Actor } from '#platform/access.ts';
import { AppError } from '#platform/errors.ts';
import { createEmployeeRecordService } from './employee-record.service.ts';
import type { EmployeesRepository } from './employees.repository.ts';
import { assertNoMoreRights, touchesSignIn } from './sign-in-guard.ts';

/**
 * The employee record's rules against fakes: the sign-in guard's decisions (decision 023), who sees a record
 * at all, and which field groups the record shows (decision 027). The guard's query is answered by a fake
 * executor that returns the employees "holding more rights".
 */

function actor(permissions: number[], portal: { id: number; main: boolean } = { id: 1, main: true }): Actor {
  return {
    employeeId: 5,
    portalId: portal.id,
    portalName: 'P',
    isMainPortal: portal.main,
    permissions: new Set(permissions),
    viaSso: false,
    sessionHash: 'h',
  };
}

/** An executor whose one query answers `moreRights`; counts the queries. */
function fakeExecutor(moreRights: { id: number; last_name: string; first_name: string }[]) {
  const ex = {
    queries: 0,
    async execute() {
      ex.queries++;
      return { rows: moreRights };
    },
  };
  return ex;
}

async function errorOf(promise: Promise<unknown>): Promise<AppError | undefined> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  return undefined;
}

describe('sign-in guard', () => {
  it('knows the sign-in and reach fields', () => {
    expect(touchesSignIn(['phone', 'email'])).toBe(true);
    expect(touchesSignIn(new Set(['active']))).toBe(true);
    expect(touchesSignIn(['chipId'])).toBe(true);
    expect(touchesSignIn(['phone', 'lastName', 'gender'])).toBe(false);
    expect(touchesSignIn([])).toBe(false);
  });

  it('a superuser, or no employee at all, needs no look-up', async () => {
    const ex = fakeExecutor([{ id: 8, last_name: 'Roth', first_name: 'Ida' }]);
    await assertNoMoreRights(ex as unknown as Executor, actor([SUPERUSER_ID]), [8]);
    await assertNoMoreRights(ex as unknown as Executor, actor([P.EMPLOYEES_EDIT]), []);
    expect(ex.queries).toBe(0);
  });

  it('passes when nobody holds more rights, refuses one employee with the given code', async () => {
    const none = fakeExecutor([]);
    await assertNoMoreRights(none as unknown as Executor, actor([P.EMPLOYEES_EDIT]), [8]);
    expect(none.queries).toBe(1);
    const one = fakeExecutor([{ id: 8, last_name: 'Roth', first_name: 'Ida' }]);
    const error = await errorOf(
      assertNoMoreRights(one as unknown as Executor, actor([P.EMPLOYEES_EDIT]), [8]),
    );
    expect(error?.code).toBe('EMPLOYEE_MORE_RIGHTS');
    expect(error?.details).toBeUndefined();
    const roles = await errorOf(
      assertNoMoreRights(one as unknown as Executor, actor([P.EMPLOYEES_EDIT]), [8], 'NO_PERMISSION'),
    );
    expect(roles?.code).toBe('NO_PERMISSION');
  });

  it('names each employee holding more rights when several are concerned', async () => {
    const ex = fakeExecutor([
      { id: 8, last_name: 'Roth', first_name: 'Ida' },
      { id: 9, last_name: 'Zander', first_name: 'Olaf' },
    ]);
    const error = await errorOf(
      assertNoMoreRights(ex as unknown as Executor, actor([P.EMPLOYEES_EDIT]), [7, 8, 9]),
    );
    expect(error?.code).toBe('EMPLOYEE_MORE_RIGHTS');
    expect(error?.message).toContain('Roth, Ida');
    expect(error?.message).toContain('Zander, Olaf');
    expect(error?.details).toEqual({ employeeIds: [8, 9] });
  });
});

describe('employee record: visibility and field groups', () => {
  const employee = {
    id: 8,
    portalId: 1,
    personnelNumber: '0815',
    lastName: 'Roth',
    firstName: 'Ida',
    loginName: 'iroth',
    email: 'ida@example.org',
    chipId: 'C-1',
    tempLoginName: null,
    active: true,
    isTempWorker: true,
    isExternal: false,
    hasAdminRights: false,
    keepActiveOnImport: false,
    worksBanUntil: '2026-12-31',
    hireDate: '2020-01-01',
    tempWorkUntil: null,
    workingTasks: 'Lager',
    workingTime: 'Vollzeit',
    gender: 'f',
    citizenship: 'DE',
    street: 'Hauptstr. 1',
    zip: '12345',
    city: 'Berlin',
    birthday: '1990-05-05',
    healthInsuranceName: 'AOK',
    healthInsuranceStreet: null,
    healthInsuranceZip: null,
    healthInsuranceCity: null,
    passwordHash: 'x',
    progressBarTypes: [],
    version: 3,
    assignmentsVersion: 1,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    updatedAt: new Date('2026-01-02T00:00:00Z'),
  };

  function setup(
    options: { portalId?: number; active?: boolean; assigned?: boolean; moreRights?: boolean } = {},
  ) {
    const row = {
      employee: { ...employee, portalId: options.portalId ?? 1, active: options.active ?? true },
      departmentName: null,
      locationName: null,
      portalName: 'Haupt',
    };
    const repository = {
      async findRecordById(_ex: unknown, id: number) {
        return id === 8 ? row : undefined;
      },
      async isAssignedToPortal() {
        return options.assigned ?? false;
      },
    } as unknown as EmployeesRepository;
    const db = fakeExecutor(options.moreRights ? [{ id: 8, last_name: 'Roth', first_name: 'Ida' }] : []);
    const service = createEmployeeRecordService({
      db: db as unknown as Db,
      repository,
      sessions: { endAllOf: async () => {} },
      mail: {} as never,
    });
    return service;
  }

  it('shows each field group only with its right and says which are restricted', async () => {
    const basic = await setup().get(actor([P.EMPLOYEES_BASIC_READONLY]), 8);
    expect(basic).toMatchObject({
      lastName: 'Roth',
      email: 'ida@example.org',
      chipId: null,
      gender: null,
      birthday: null,
      healthInsuranceName: null,
      worksBanUntil: null,
      isTempWorker: false,
      restricted: { personal: true, health: true, extended: true },
      hasPassword: true,
    });
    const personal = await setup().get(actor([P.EMPLOYEES_PERSONAL_DATA]), 8);
    expect(personal).toMatchObject({ birthday: '1990-05-05', city: 'Berlin', healthInsuranceName: null });
    expect(personal.restricted).toEqual({ personal: false, health: true, extended: true });
    const health = await setup().get(actor([P.EMPLOYEES_HEALTH_DATA]), 8);
    expect(health).toMatchObject({ birthday: null, healthInsuranceName: 'AOK' });
    const extended = await setup().get(actor([P.EMPLOYEES_READONLY]), 8);
    expect(extended).toMatchObject({ worksBanUntil: '2026-12-31', isTempWorker: true, chipId: 'C-1' });
    // the chip id alone comes with the right to edit it
    expect((await setup().get(actor([P.EMPLOYEES_CHIPID]), 8)).chipId).toBe('C-1');
  });

  it('locks the sign-in fields of an employee holding more rights', async () => {
    expect((await setup({ moreRights: true }).get(actor([P.EMPLOYEES_EDIT]), 8)).signInLocked).toBe(true);
    expect((await setup().get(actor([P.EMPLOYEES_EDIT]), 8)).signInLocked).toBe(false);
  });

  it('answers "not found" alike for other portals, inactive ones without the right and missing ids', async () => {
    const customer = actor([P.EMPLOYEES_READONLY], { id: 2, main: false });
    expect((await errorOf(setup().get(customer, 8)))?.code).toBe('EMPLOYEE_NOT_FOUND');
    expect((await setup({ assigned: true }).get(customer, 8)).id).toBe(8);
    expect((await setup({ portalId: 2 }).get(customer, 8)).id).toBe(8);
    expect((await errorOf(setup().get(customer, 9)))?.code).toBe('EMPLOYEE_NOT_FOUND');
    const inactive = setup({ active: false });
    expect((await errorOf(inactive.get(actor([P.EMPLOYEES_READONLY]), 8)))?.code).toBe('EMPLOYEE_NOT_FOUND');
    expect((await inactive.get(actor([P.EMPLOYEES_SHOW_INACTIVE]), 8)).active).toBe(false);
  });

  it('lets staff assigned to a customer portal be read there but not edited', () => {
    const service = setup();
    const row = { employee: { ...employee, portalId: 1 } } as never;
    expect(() => service.assertEditableHere(actor([], { id: 2, main: false }), row)).toThrow(
      expect.objectContaining({ code: 'MAIN_PORTAL_EMPLOYEE' }),
    );
    expect(() => service.assertEditableHere(actor([]), row)).not.toThrow();
  });
});
