import type { FastifyInstance } from 'fastify';
import type { Db, Executor } from '#db/client.ts';
import type { SessionStore } from '#platform/sessions.ts';
import type { EmailChangedMail, SettingsReader } from './email-changed.ts';
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
  /** The mail module's functions for the e-mail-changed notice (wiring in app.ts). */
  mail: EmailChangedMail;
  settings?: SettingsReader;
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
    mail: deps.mail,
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
