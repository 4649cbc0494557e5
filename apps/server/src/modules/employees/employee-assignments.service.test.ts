import { employeesMessages } from '@schutzwerk/shared/errors.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { describe, expect, it } from 'vitest';
import type { Db } from '#db/client.ts';
import { AppError } from '#platform/errors.ts';
import { fakeActor } from '../../../test/fake-actor.ts';
import type { AssignmentSets, EmployeeAssignmentsRepository } from './employee-assignments.repository.ts';
import { createEmployeeAssignmentsService } from './employee-assignments.service.ts';
import type { EmployeeRecordService } from './employee-record.service.ts';
import type { EmployeeActivitiesPort, EmployeeRolesPort } from './employees.ports.ts';

/**
 * The rules of the assignments page and of 'Zuordnungen kopieren' against an in-memory repository and ports:
 * the rights of each part, nobody edits their own responsibilities, the portal rules, the checks of the chosen
 * ids, no escalation through copied roles. The SQL is tested by the route tests.
 */

type Employee = { id: number; portalId: number; assignmentsVersion: number; departmentId: number | null };

function setup(
  options: {
    sets?: Record<number, Partial<AssignmentSets>>;
    employees?: Employee[];
    mainPortals?: number[];
    customerPortals?: number[];
    /** Units (departments and locations) of portal 1; others are "not in the portal". */
    units?: number[];
    /** Employee ids the actor leads (for the led-employees check without DEPARTMENTS_ALL). */
    leads?: number[];
    roles?: Record<number, number[]>;
    rolePermissions?: number[];
  } = {},
) {
  const writes: string[] = [];
  const logged: unknown[] = [];
  const staff = options.employees ?? [
    { id: 7, portalId: 1, assignmentsVersion: 3, departmentId: 20 },
    { id: 8, portalId: 1, assignmentsVersion: 1, departmentId: 21 },
    { id: 9, portalId: 2, assignmentsVersion: 1, departmentId: null },
  ];
  const sets = (id: number): AssignmentSets => ({
    portalIds: [],
    departmentIds: [],
    locationIds: [],
    ledEmployeeIds: [],
    ...options.sets?.[id],
  });
  const roleSets = new Map(Object.entries(options.roles ?? {}).map(([k, v]) => [Number(k), v]));
  const repository = {
    header: async (_ex: unknown, id: number) => {
      const e = staff.find((s) => s.id === id);
      return e && { version: e.assignmentsVersion, portalId: e.portalId, portalName: `Portal ${e.portalId}` };
    },
    currentSets: async (_ex: unknown, id: number) => sets(id),
    portalsByIds: async (_ex: unknown, ids: readonly number[]) => ids.map((id) => ({ id, name: `P${id}` })),
    unitPaths: async (_ex: unknown, _kind: string, ids: readonly number[]) =>
      ids.map((id) => ({ id, name: `U${id}`, path: '' })),
    supervisorLinks: async () => [],
    unitsInPortal: async (_ex: unknown, _kind: string, ids: readonly number[]) =>
      ids.filter((id) => (options.units ?? [20, 21, 30]).includes(id)).length,
    employeesInPortal: async (_ex: unknown, ids: readonly number[], portalId: number) =>
      ids.filter((id) => staff.some((s) => s.id === id && s.portalId === portalId)).length,
    leadership: async (_ex: unknown, _supervisorId: number, ids: readonly number[]) =>
      ids.map((id) => ({
        id,
        departmentId: staff.find((s) => s.id === id)?.departmentId ?? null,
        led: (options.leads ?? []).includes(id),
      })),
    isMainPortal: async (_ex: unknown, portalId: number) => (options.mainPortals ?? [1]).includes(portalId),
    customerPortalCount: async (_ex: unknown, ids: readonly number[]) =>
      ids.filter((id) => (options.customerPortals ?? [2, 3]).includes(id)).length,
    replaceSet: async (_ex: unknown, kind: string, id: number, ids: readonly number[]) => {
      writes.push(`${kind}:${id}:${ids.join(',')}`);
    },
    bumpAssignmentsVersion: async (_ex: unknown, id: number) => {
      writes.push(`version:${id}`);
    },
    setOrganisation: async (_ex: unknown, id: number, patch: object) => {
      writes.push(`organisation:${id}:${JSON.stringify(patch)}`);
    },
  } satisfies EmployeeAssignmentsRepository;
  const records = {
    async loadVisible(_actor: unknown, id: number) {
      const e = staff.find((s) => s.id === id);
      if (!e) throw new AppError('EMPLOYEE_NOT_FOUND');
      return { employee: { ...e, locationId: null } };
    },
    assertEditableHere() {},
  } as unknown as Pick<EmployeeRecordService, 'loadVisible' | 'assertEditableHere'>;
  const roles: EmployeeRolesPort = {
    roleIdsOf: async (_ex, id) => roleSets.get(id) ?? [],
    permissionsOfRoles: async () => options.rolePermissions ?? [],
    replaceRolesOf: async (_ex, id, ids) => {
      writes.push(`roles:${id}:${ids.join(',')}`);
    },
  };
  const activities: EmployeeActivitiesPort = {
    activityIdsOf: async () => [],
    replaceActivitiesOf: async (_ex, id, ids) => {
      writes.push(`activities:${id}:${ids.join(',')}`);
    },
  };
  // The transaction: the change log's insert, and the recursive "owned units" query (none owned).
  const tx = {
    insert: () => ({ values: async (row: unknown) => void logged.push(row) }),
    execute: async () => ({ rows: [] }),
  };
  const db = { transaction: async (work: (t: unknown) => Promise<unknown>) => work(tx) } as unknown as Db;
  const service = createEmployeeAssignmentsService({ db, repository, records, roles, activities });
  return { service, writes, logged };
}

async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string } | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, message: error.message };
    throw error;
  }
}

const RESPONSIBLE = [P.EMPLOYEES_RESPONSIBILITIES, P.DEPARTMENTS_ALL, P.LOCATIONS_ALL];

describe('employee assignments: saving the sets', () => {
  it('writes only the changed sets, a new assignments version and one change-log entry', async () => {
    const { service, writes, logged } = setup({ sets: { 8: { departmentIds: [20], locationIds: [30] } } });
    await service.update(fakeActor({ permissions: RESPONSIBLE }), 8, {
      version: 1,
      departmentIds: [21, 20, 21],
      locationIds: [30],
    });
    expect(writes).toEqual(['departments:8:20,21', 'version:8']);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ entity: 'employee', entityId: '8' });
  });

  it('writes nothing when nothing changed', async () => {
    const { service, writes, logged } = setup({ sets: { 8: { departmentIds: [20] } } });
    await service.update(fakeActor({ permissions: RESPONSIBLE }), 8, { version: 1, departmentIds: [20] });
    expect(writes).toEqual([]);
    expect(logged).toEqual([]);
  });

  it('refuses a stale version', async () => {
    const { service, writes } = setup();
    const error = await refusal(
      service.update(fakeActor({ permissions: RESPONSIBLE }), 8, { version: 2, departmentIds: [20] }),
    );
    expect(error?.code).toBe('CONFLICT');
    expect(writes).toEqual([]);
  });

  it('responsibilities need their right, and nobody edits their own', async () => {
    const { service, writes } = setup();
    const without = await refusal(
      service.update(fakeActor({ permissions: [P.DEPARTMENTS_ALL] }), 8, { version: 1, departmentIds: [20] }),
    );
    expect(without).toEqual({ code: 'NO_PERMISSION', message: employeesMessages.responsibilitiesForbidden });
    const own = await refusal(
      service.update(fakeActor({ employeeId: 8, permissions: RESPONSIBLE }), 8, {
        version: 1,
        ledEmployeeIds: [7],
      }),
    );
    expect(own?.code).toBe('OWN_RESPONSIBILITIES');
    expect(writes).toEqual([]);
  });

  it('units and led employees must belong to the employee’s portal; nobody leads themselves', async () => {
    const { service, writes } = setup();
    const actor = fakeActor({ permissions: RESPONSIBLE });
    expect(await refusal(service.update(actor, 8, { version: 1, departmentIds: [20, 99] }))).toEqual({
      code: 'INPUT_VALIDATION_ERROR',
      message: employeesMessages.departmentsNotInPortal,
    });
    expect(await refusal(service.update(actor, 8, { version: 1, ledEmployeeIds: [9] }))).toEqual({
      code: 'INPUT_VALIDATION_ERROR',
      message: employeesMessages.employeesNotInPortal,
    });
    expect(await refusal(service.update(actor, 8, { version: 1, ledEmployeeIds: [8] }))).toEqual({
      code: 'INPUT_VALIDATION_ERROR',
      message: employeesMessages.ownSupervisor,
    });
    expect(writes).toEqual([]);
  });

  it('without DEPARTMENTS_ALL only employees the user leads (or whose department they own) may be added', async () => {
    const actor = fakeActor({ permissions: [P.EMPLOYEES_RESPONSIBILITIES] });
    const refused = setup({ leads: [] });
    expect(await refusal(refused.service.update(actor, 8, { version: 1, ledEmployeeIds: [7] }))).toEqual({
      code: 'NOT_RESPONSIBLE',
      message: employeesMessages.notResponsibleForEmployees,
    });
    expect(refused.writes).toEqual([]);
    const allowed = setup({ leads: [7] });
    await allowed.service.update(actor, 8, { version: 1, ledEmployeeIds: [7] });
    expect(allowed.writes).toEqual(['led:8:7', 'version:8']);
  });

  it('customer portals: only from the main portal, only for its staff, only existing customer portals', async () => {
    const main = fakeActor({ permissions: [P.EMPLOYEES_PORTALS] });
    const customer = fakeActor({ portalId: 2, permissions: [P.EMPLOYEES_PORTALS] });
    const { service, writes } = setup({
      employees: [
        { id: 8, portalId: 1, assignmentsVersion: 1, departmentId: null },
        { id: 9, portalId: 4, assignmentsVersion: 1, departmentId: null },
      ],
    });
    expect(await refusal(service.update(customer, 8, { version: 1, portalIds: [2] }))).toEqual({
      code: 'NO_PERMISSION',
      message: employeesMessages.portalsMainPortalOnly,
    });
    expect(await refusal(service.update(main, 9, { version: 1, portalIds: [2] }))).toEqual({
      code: 'INPUT_VALIDATION_ERROR',
      message: employeesMessages.portalsMainPortalEmployeesOnly,
    });
    expect(await refusal(service.update(main, 8, { version: 1, portalIds: [2, 1] }))).toEqual({
      code: 'INPUT_VALIDATION_ERROR',
      message: employeesMessages.customerPortalsUnknown,
    });
    expect(writes).toEqual([]);
    await service.update(main, 8, { version: 1, portalIds: [3, 2] });
    expect(writes).toEqual(['portals:8:2,3', 'version:8']);
  });
});

describe('employee assignments: copying', () => {
  it('needs a target other than the source', async () => {
    const { service } = setup();
    expect(
      await refusal(
        service.copy(fakeActor({ permissions: RESPONSIBLE }), 7, {
          targetIds: [7],
          parts: ['responsibilities'],
          replace: false,
        }),
      ),
    ).toEqual({ code: 'INPUT_VALIDATION_ERROR', message: employeesMessages.copyTargetRequired });
  });

  it('copies roles only without escalation: their permissions must all be the user’s own', async () => {
    const actor = fakeActor({ permissions: [P.EMPLOYEES_ROLES, P.EMPLOYEES_RESPONSIBILITIES] });
    const refused = setup({ roles: { 7: [5] }, rolePermissions: [P.EMPLOYEES_ROLES, P.ROLES_MANAGE] });
    expect(
      await refusal(refused.service.copy(actor, 7, { targetIds: [8], parts: ['roles'], replace: false })),
    ).toEqual({ code: 'NO_PERMISSION', message: employeesMessages.rolesWithMoreRights });
    expect(refused.writes).toEqual([]);
  });

  it('stays within one portal and writes nothing for a refused target', async () => {
    const { service, writes } = setup({ sets: { 7: { departmentIds: [20] } } });
    const error = await refusal(
      service.copy(fakeActor({ permissions: RESPONSIBLE }), 7, {
        targetIds: [9],
        parts: ['responsibilities'],
        replace: false,
      }),
    );
    expect(error).toEqual({ code: 'INPUT_VALIDATION_ERROR', message: employeesMessages.copyOtherPortal });
    expect(writes).toEqual([]);
  });

  it('adds the source’s responsibilities to the target’s, or replaces them', async () => {
    const added = setup({ sets: { 7: { departmentIds: [20] }, 8: { departmentIds: [21] } } });
    const actor = fakeActor({ permissions: RESPONSIBLE });
    expect(
      await added.service.copy(actor, 7, { targetIds: [8], parts: ['responsibilities'], replace: false }),
    ).toEqual({ updated: 1 });
    expect(added.writes).toEqual(['departments:8:20,21', 'version:8']);
    const replaced = setup({ sets: { 7: { departmentIds: [20] }, 8: { departmentIds: [21] } } });
    await replaced.service.copy(actor, 7, { targetIds: [8], parts: ['responsibilities'], replace: true });
    expect(replaced.writes).toEqual(['departments:8:20', 'version:8']);
  });
});
