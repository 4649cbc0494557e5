import type { FastifyInstance } from 'fastify';
import type { Db, Executor } from '#db/client.ts';
import type { PasswordPolicyService } from '#modules/auth/index.ts';
import type { EmailChangedMail, EmployeesChangedHook } from '#modules/employees/index.ts';
import type { SettingsService } from '#modules/settings/index.ts';
import { employeeImportRepository } from './employee-import.repository.ts';
import { employeeImportRoutes } from './employee-import.routes.ts';
import { createEmployeeImportService } from './employee-import.service.ts';
import type { InstallationLicence } from './import-licence.ts';

export function employeeImportModule(deps: {
  db: Db;
  installationLicence?: (ex: Executor) => Promise<InstallationLicence>;
  passwordPolicy?: Pick<PasswordPolicyService, 'checker'>;
  /** The mail module's functions for the e-mail-changed notice (wiring in app.ts). */
  mail: EmailChangedMail;
  settings?: Pick<SettingsService, 'read'>;
}) {
  const repository = employeeImportRepository;
  /** Told about the created, updated and inactivated employees (decision 040: instruction profiles). */
  const changeHooks: EmployeesChangedHook[] = [];
  const service = createEmployeeImportService({
    db: deps.db,
    repository,
    changeHooks,
    ...(deps.passwordPolicy ? { passwordPolicy: deps.passwordPolicy } : {}),
    ...(deps.installationLicence ? { installationLicence: deps.installationLicence } : {}),
    mail: deps.mail,
    ...(deps.settings ? { settings: deps.settings } : {}),
  });
  return {
    repository,
    service,
    changeHooks,
    register: (app: FastifyInstance) => app.register(employeeImportRoutes(service), { prefix: '/api' }),
  };
}
