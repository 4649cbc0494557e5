import type { FastifyInstance } from 'fastify';
import type { Db, Executor } from '#db/client.ts';
import type { SettingsService } from '#modules/settings/index.ts';
import type { SessionStore } from '#platform/sessions.ts';
import { createEmployeeAssignmentsService } from './employee-assignments.service.ts';
import {
  createEmployeeRecordService,
  type EmployeeDeletionGuard,
  type PasswordPolicyPort,
} from './employee-record.service.ts';
import { createEmployeesRepository } from './employees.repository.ts';
import { employeesRoutes } from './employees.routes.ts';
import { createEmployeesService } from './employees.service.ts';

export function employeesModule(deps: {
  db: Db;
  sessions: SessionStore;
  passwordPolicy?: PasswordPolicyPort;
  enabledLocales?: (ex: Executor) => Promise<readonly string[]>;
  settings?: Pick<SettingsService, 'read'>;
}) {
  const repository = createEmployeesRepository(deps.db);
  const service = createEmployeesService({ repository });
  /** Other modules add theirs (e.g. instructions: "completed instructions exist"). */
  const deletionGuards: EmployeeDeletionGuard[] = [];
  const records = createEmployeeRecordService({
    db: deps.db,
    repository,
    sessions: deps.sessions,
    deletionGuards,
    ...(deps.passwordPolicy ? { passwordPolicy: deps.passwordPolicy } : {}),
    ...(deps.enabledLocales ? { enabledLocales: deps.enabledLocales } : {}),
    ...(deps.settings ? { settings: deps.settings } : {}),
  });
  const assignments = createEmployeeAssignmentsService({ db: deps.db, records });
  return {
    repository,
    service,
    records,
    assignments,
    deletionGuards,
    register: (app: FastifyInstance) =>
      app.register(employeesRoutes(service, records, assignments), { prefix: '/api' }),
  };
}
