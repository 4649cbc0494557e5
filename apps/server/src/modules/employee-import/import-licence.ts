import { IMPORT_CODE } from '@schutzwerk/shared/employee-import/employee-import.schema.ts';
import { employeeImportMessages } from '@schutzwerk/shared/errors.ts';
import type { Executor } from '#db/client.ts';
import { AppError } from '#platform/errors.ts';
import type { EmployeeRow } from './employee-import.repository.ts';
import type { GoodRow, PlannedUpdate } from './row-rules.ts';

/** Code 910 of the import: the portal's licence and the installation's (all portals). */

export type InstallationLicence = {
  maxEmployees: number | null;
  maxExternals: number | null;
  activeEmployees: number;
  activeExternals: number;
};

/** Change of the active count across the installation: own staff and external staff. */
export type LicenceDelta = { employees: number; externals: number };

type PortalCount = { licensedEmployees: number | null; activeAfter: number; activeBefore: number };

/** Code 910: more active employees than licensed — only when the import adds active ones. */
export function licenceExceeded(plan: PortalCount): boolean {
  return (
    plan.licensedEmployees !== null &&
    plan.activeAfter > plan.licensedEmployees &&
    plan.activeAfter > plan.activeBefore
  );
}

export function licenceError(plan: Pick<PortalCount, 'licensedEmployees' | 'activeAfter'>) {
  return new AppError('EMPLOYEE_IMPORT_LICENCE_EXCEEDED', {
    message: employeeImportMessages.licenceExceeded(plan.activeAfter, plan.licensedEmployees),
    details: {
      importCode: IMPORT_CODE.LICENCE_EXCEEDED,
      activeAfter: plan.activeAfter,
      licensedEmployees: plan.licensedEmployees,
    },
  });
}

export function installationError(message: string) {
  return new AppError('EMPLOYEE_IMPORT_LICENCE_EXCEEDED', {
    message,
    details: { importCode: IMPORT_CODE.LICENCE_EXCEEDED },
  });
}

/**
 * How the import changes the installation's active counts: created employees, reactivated ones, inactivated
 * ones, and active employees moving between own and external staff.
 */
export function licenceDeltaOf(
  creates: GoodRow[],
  updates: PlannedUpdate[],
  inactivate: EmployeeRow[],
): LicenceDelta {
  const delta = { employees: 0, externals: 0 };
  const count = (external: boolean, n: number) => {
    if (external) delta.externals += n;
    else delta.employees += n;
  };
  for (const row of creates) count(row.values.isExternal === true, 1);
  for (const u of updates) {
    const wasExternal = u.row.existing?.isExternal === true;
    const isExternal = typeof u.row.values.isExternal === 'boolean' ? u.row.values.isExternal : wasExternal;
    if (u.reactivate) count(isExternal, 1);
    else if (u.row.existing?.active && isExternal !== wasExternal) {
      count(wasExternal, -1);
      count(isExternal, 1);
    }
  }
  for (const e of inactivate) count(e.isExternal, -1);
  return delta;
}

/**
 * Code 910 for the installation's licence (all portals): the German reason, or null when it fits (or when
 * the installation has no licence).
 */
export function installationCheck(installationLicence?: (ex: Executor) => Promise<InstallationLicence>) {
  return async function installationProblem(ex: Executor, delta: LicenceDelta): Promise<string | null> {
    if (!installationLicence) return null;
    const licence = await installationLicence(ex);
    const over = (active: number, change: number, max: number | null) =>
      max !== null && change > 0 && active + change > max;
    if (over(licence.activeEmployees, delta.employees, licence.maxEmployees)) {
      return employeeImportMessages.installationEmployeesExceeded(
        licence.activeEmployees + delta.employees,
        licence.maxEmployees,
      );
    }
    if (over(licence.activeExternals, delta.externals, licence.maxExternals)) {
      return employeeImportMessages.installationExternalsExceeded(
        licence.activeExternals + delta.externals,
        licence.maxExternals,
      );
    }
    return null;
  };
}
