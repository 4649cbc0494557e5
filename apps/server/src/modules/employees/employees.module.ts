import { organisationMessages } from '@schutzwerk/shared/errors.ts';
import type { FastifyInstance } from 'fastify';
import type { Db, Executor } from '#db/client.ts';
import type { OrganisationPeoplePort } from '#modules/organisation/index.ts';
import type { SessionStore } from '#platform/sessions.ts';
import type { EmailChangedMail, SettingsReader } from './email-changed.ts';
import { employeeAssignmentsRepository } from './employee-assignments.repository.ts';
import { createEmployeeAssignmentsService } from './employee-assignments.service.ts';
import {
  createEmployeeRecordService,
  type EmployeeDeletionGuard,
  type PasswordPolicyPort,
} from './employee-record.service.ts';
import type { EmployeeActivitiesPort, EmployeeRolesPort, EmployeesChangedHook } from './employees.ports.ts';
import { employeesRepository } from './employees.repository.ts';
import { employeesRoutes } from './employees.routes.ts';
import { createEmployeesService } from './employees.service.ts';
import { locationPeopleRepository } from './location-people.repository.ts';

export function employeesModule(deps: {
  db: Db;
  sessions: SessionStore;
  passwordPolicy?: PasswordPolicyPort;
  enabledLocales?: (ex: Executor) => Promise<readonly string[]>;
  /** The mail module's functions for the e-mail-changed notice (wiring in app.ts). */
  mail: EmailChangedMail;
  settings?: SettingsReader;
  /** The roles and activities modules' side of copying assignments (wiring in app.ts, decision 030). */
  roles: EmployeeRolesPort;
  activities: EmployeeActivitiesPort;
}) {
  const repository = employeesRepository;
  const service = createEmployeesService({ db: deps.db, repository });
  const locationPeople = locationPeopleRepository;
  /** What the organisation module needs of the people in its units (its port, handed over in app.ts). */
  const organisationPeople: OrganisationPeoplePort = {
    existingIds: repository.existingIds,
    anchors: locationPeople.anchors,
    employeeCount: locationPeople.employeeCount,
    escalations: locationPeople.escalations,
    responsibilities: locationPeople.responsibilities,
    replaceEscalations: locationPeople.replaceEscalations,
    replaceResponsibilities: locationPeople.replaceResponsibilities,
    departmentHead: locationPeople.departmentHead,
    setDepartmentHead: locationPeople.setDepartmentHead,
  };
  /**
   * Asked before an employee is deleted; other modules add theirs (e.g. instructions: "completed instructions
   * exist"). The first is the module's own: responsible persons and escalation contacts of a location stay
   * until replaced.
   */
  const deletionGuards: EmployeeDeletionGuard[] = [
    async (ex, employeeId) => {
      const names = await locationPeople.locationsOfEmployee(ex, employeeId);
      return names.length === 0 ? null : organisationMessages.employeeResponsibleForLocations(names);
    },
  ];
  /** Told when employees are created or their unit, active flag or (copied) activities change (decision 040). */
  const changeHooks: EmployeesChangedHook[] = [];
  const records = createEmployeeRecordService({
    db: deps.db,
    repository,
    sessions: deps.sessions,
    deletionGuards,
    changeHooks,
    ...(deps.passwordPolicy ? { passwordPolicy: deps.passwordPolicy } : {}),
    ...(deps.enabledLocales ? { enabledLocales: deps.enabledLocales } : {}),
    mail: deps.mail,
    ...(deps.settings ? { settings: deps.settings } : {}),
  });
  const assignments = createEmployeeAssignmentsService({
    db: deps.db,
    repository: employeeAssignmentsRepository,
    records,
    roles: deps.roles,
    activities: deps.activities,
    changeHooks,
  });
  return {
    repository,
    organisationPeople,
    service,
    records,
    assignments,
    deletionGuards,
    changeHooks,
    register: (app: FastifyInstance) =>
      app.register(employeesRoutes(service, records, assignments), { prefix: '/api' }),
  };
}
