import {
  type CreateEmployee,
  createEmployeeSchema,
  type Employee,
  HEALTH_FIELDS,
  PERSONAL_FIELDS,
  type UpdateEmployee,
  updateEmployeeSchema,
} from '@schutzwerk/shared/employees/employee.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { Db, Executor } from '#db/client.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';
import { assertAdministratorRemains } from '#platform/administrators.ts';
import { diffFields, LOG_STATE, recordChange } from '#platform/audit.ts';
import { AppError, postgresErrorCode } from '#platform/errors.ts';
import { hashPassword } from '#platform/password.ts';
import type { SessionStore } from '#platform/sessions.ts';
import type { EmployeesRepository } from './employees.repository.ts';
import type { employees } from './employees.table.ts';

type Row = NonNullable<Awaited<ReturnType<EmployeesRepository['findRecordById']>>>;

/** Checks other modules plug in: an employee with completed instructions must not be deleted. */
export type EmployeeDeletionGuard = (ex: Executor, employeeId: number) => Promise<string | null>;

type Deps = {
  db: Db;
  repository: EmployeesRepository;
  sessions: Pick<SessionStore, 'endAllOf'>;
  /** Each returns a German reason when the employee must not be deleted. Instructions register theirs later. */
  deletionGuards?: EmployeeDeletionGuard[];
};

const EDITABLE_FIELDS = [
  'personnelNumber',
  'lastName',
  'firstName',
  'loginName',
  'email',
  'chipId',
  'tempLoginName',
  'idNumber',
  'phone',
  'mobileInternal',
  'company',
  'departmentId',
  'locationId',
  'language',
  'country',
  'active',
  'isTempWorker',
  'isExternal',
  'hasAdminRights',
  'keepActiveOnImport',
  'worksBanUntil',
  'hireDate',
  'tempWorkUntil',
  'workingTasks',
  'workingTime',
  ...PERSONAL_FIELDS,
  ...HEALTH_FIELDS,
] as const;
type EditableField = (typeof EDITABLE_FIELDS)[number];

/**
 * The employee record: read with field-level access (personal and health data need their own rights),
 * create, update with optimistic locking and delete — every change in the change log.
 */
export function createEmployeeRecordService({ db, repository, sessions, deletionGuards = [] }: Deps) {
  const mayPersonal = (actor: Actor) => actorHasAny(actor, P.EMPLOYEES_PERSONAL_DATA);
  const mayHealth = (actor: Actor) => actorHasAny(actor, P.EMPLOYEES_HEALTH_DATA);

  function toDto(actor: Actor, row: Row): Employee {
    const e = row.employee;
    const personal = mayPersonal(actor);
    const health = mayHealth(actor);
    return {
      id: e.id,
      portalId: e.portalId,
      portalName: row.portalName,
      personnelNumber: e.personnelNumber,
      lastName: e.lastName,
      firstName: e.firstName,
      loginName: e.loginName,
      email: e.email,
      chipId: e.chipId,
      tempLoginName: e.tempLoginName,
      idNumber: e.idNumber,
      phone: e.phone,
      mobileInternal: e.mobileInternal,
      company: e.company,
      departmentId: e.departmentId,
      departmentName: row.departmentName,
      locationId: e.locationId,
      locationName: row.locationName,
      language: e.language,
      country: e.country,
      active: e.active,
      isTempWorker: e.isTempWorker,
      isExternal: e.isExternal,
      hasAdminRights: e.hasAdminRights,
      keepActiveOnImport: e.keepActiveOnImport,
      worksBanUntil: e.worksBanUntil,
      hireDate: e.hireDate,
      tempWorkUntil: e.tempWorkUntil,
      workingTasks: e.workingTasks,
      workingTime: e.workingTime,
      gender: personal ? e.gender : null,
      citizenship: personal ? e.citizenship : null,
      street: personal ? e.street : null,
      zip: personal ? e.zip : null,
      city: personal ? e.city : null,
      birthday: personal ? e.birthday : null,
      healthInsuranceName: health ? e.healthInsuranceName : null,
      healthInsuranceStreet: health ? e.healthInsuranceStreet : null,
      healthInsuranceZip: health ? e.healthInsuranceZip : null,
      healthInsuranceCity: health ? e.healthInsuranceCity : null,
      hasPassword: e.passwordHash !== null,
      version: e.version,
      createdAt: e.createdAt.toISOString(),
      updatedAt: e.updatedAt.toISOString(),
      restricted: { personal: !personal, health: !health },
    };
  }

  /** Same answer for "does not exist" and "not yours": other portals, and inactive ones without the right. */
  async function loadVisible(actor: Actor, id: number, ex: Executor = db, lock = false): Promise<Row> {
    const row = await repository.findRecordById(id, ex, lock);
    const visible =
      row &&
      (actor.isMainPortal || row.employee.portalId === actor.portalId) &&
      (row.employee.active || actorHasAny(actor, P.EMPLOYEES_SHOW_INACTIVE));
    if (!visible) throw new AppError('EMPLOYEE_NOT_FOUND');
    return row;
  }

  /** Personal and health fields may only be written with their rights. */
  function assertFieldRights(actor: Actor, fields: readonly string[]) {
    const personal = fields.filter((f) => (PERSONAL_FIELDS as readonly string[]).includes(f));
    const health = fields.filter((f) => (HEALTH_FIELDS as readonly string[]).includes(f));
    if ((personal.length > 0 && !mayPersonal(actor)) || (health.length > 0 && !mayHealth(actor))) {
      throw new AppError('NO_PERMISSION', {
        message: 'Sie dürfen persönliche Daten oder Krankenkassendaten dieses Mitarbeiters nicht ändern.',
      });
    }
  }

  async function assertOrganisation(
    ex: Executor,
    portalId: number,
    values: { departmentId?: number | null; locationId?: number | null },
  ) {
    if (values.departmentId && !(await repository.departmentInPortal(ex, values.departmentId, portalId))) {
      throw new AppError('INPUT_VALIDATION_ERROR', {
        message: 'Die gewählte Abteilung gibt es in diesem Portal nicht.',
        details: [{ path: ['body', 'departmentId'], message: 'Unbekannte Abteilung' }],
      });
    }
    if (values.locationId && !(await repository.locationInPortal(ex, values.locationId, portalId))) {
      throw new AppError('INPUT_VALIDATION_ERROR', {
        message: 'Der gewählte Ort gehört nicht zu diesem Portal.',
        details: [{ path: ['body', 'locationId'], message: 'Unbekannter Ort' }],
      });
    }
  }

  /** Turns a unique violation into the German message naming the taken value. */
  function duplicate(error: unknown, values: { personnelNumber?: string; loginName?: string | null }): never {
    const constraint = (error as { cause?: { constraint?: string }; constraint?: string }).cause?.constraint;
    if (postgresErrorCode(error) === '23505') {
      if (constraint === 'employees_login_name' || (!constraint && values.loginName)) {
        throw new AppError('DUPLICATE', {
          message: `Der Benutzername „${values.loginName}“ ist bereits vergeben. Bitte wählen Sie einen anderen.`,
          details: [{ path: ['body', 'loginName'], message: 'Bereits vergeben' }],
        });
      }
      throw new AppError('DUPLICATE', {
        message: `Die Personalnummer ${values.personnelNumber} ist bereits vergeben. Bitte wählen Sie eine andere.`,
        details: [{ path: ['body', 'personnelNumber'], message: 'Bereits vergeben' }],
      });
    }
    throw error;
  }

  return {
    async get(actor: Actor, id: number): Promise<Employee> {
      return toDto(actor, await loadVisible(actor, id));
    },

    async create(actor: Actor, input: CreateEmployee): Promise<Employee> {
      const data = createEmployeeSchema.parse(input);
      const given = Object.entries(data)
        .filter(([, v]) => v !== null && v !== undefined)
        .map(([k]) => k);
      assertFieldRights(actor, given);
      if (!data.active && !actorHasAny(actor, P.EMPLOYEES_ACTIVATE)) {
        throw new AppError('NO_PERMISSION', { message: 'Sie dürfen keine inaktiven Mitarbeiter anlegen.' });
      }
      const { password, ...fields } = data;
      const passwordHash = password ? await hashPassword(password) : null;
      try {
        const id = await db.transaction(async (tx) => {
          await assertOrganisation(tx, actor.portalId, fields);
          const newId = await repository.insert(tx, { ...fields, portalId: actor.portalId, passwordHash });
          const changes = Object.fromEntries(
            EDITABLE_FIELDS.filter((f) => fields[f as keyof typeof fields] != null).map((f) => [
              f,
              { from: null, to: fields[f as keyof typeof fields] },
            ]),
          );
          await recordChange(tx, {
            entity: 'employee',
            entityId: newId,
            state: LOG_STATE.CREATED,
            actorId: actor.employeeId,
            changes: redactRestricted(changes),
          });
          return newId;
        });
        const created = await repository.findRecordById(id);
        if (!created) throw new AppError('EMPLOYEE_NOT_FOUND');
        return toDto(actor, created);
      } catch (error) {
        duplicate(error, data);
      }
    },

    async update(actor: Actor, id: number, input: UpdateEmployee): Promise<Employee> {
      const data = updateEmployeeSchema.parse(input);
      const { version, ...patchInput } = data;
      try {
        await db.transaction(async (tx) => {
          const row = await loadVisible(actor, id, tx, true);
          if (row.employee.version !== version) throw new AppError('CONFLICT');
          const before = row.employee as unknown as Record<EditableField, unknown>;
          const changes = diffFields(
            before,
            patchInput as Partial<Record<EditableField, unknown>>,
            EDITABLE_FIELDS,
          );
          const changed = Object.keys(changes);
          if (changed.length === 0) return;
          assertFieldRights(actor, changed);
          if (changes.active) {
            if (!actorHasAny(actor, P.EMPLOYEES_ACTIVATE)) {
              throw new AppError('NO_PERMISSION', {
                message: 'Sie dürfen Mitarbeiter nicht aktivieren oder deaktivieren.',
              });
            }
            if (id === actor.employeeId && patchInput.active === false) {
              throw new AppError('INPUT_VALIDATION_ERROR', {
                message: 'Sie können sich nicht selbst deaktivieren.',
                details: [{ path: ['body', 'active'], message: 'Nicht für das eigene Konto' }],
              });
            }
          }
          if (changes.departmentId && !actorHasAny(actor, P.EMPLOYEES_DEPARTMENTS)) {
            throw new AppError('NO_PERMISSION', {
              message: 'Sie dürfen die Abteilung von Mitarbeitern nicht ändern.',
            });
          }
          if (changes.locationId && !actorHasAny(actor, P.EMPLOYEES_LOCATIONS)) {
            throw new AppError('NO_PERMISSION', {
              message: 'Sie dürfen den Ort von Mitarbeitern nicht ändern.',
            });
          }
          await assertOrganisation(tx, row.employee.portalId, patchInput);
          const patch = Object.fromEntries(
            changed.map((f) => [f, patchInput[f as keyof typeof patchInput]]),
          ) as Partial<typeof employees.$inferInsert>;
          if (!(await repository.updateVersioned(tx, id, version, patch))) throw new AppError('CONFLICT');
          // Setting an employee inactive ends all their sessions at once.
          if (patchInput.active === false) {
            await sessions.endAllOf(tx, id);
            await assertAdministratorRemains(tx);
          }
          await recordChange(tx, {
            entity: 'employee',
            entityId: id,
            state: LOG_STATE.CHANGED,
            actorId: actor.employeeId,
            changes: redactRestricted(changes),
          });
        });
      } catch (error) {
        duplicate(error, { personnelNumber: data.personnelNumber, loginName: data.loginName });
      }
      // Visibility was checked above; an employee just set inactive stays readable for this answer.
      const updated = await repository.findRecordById(id);
      if (!updated) throw new AppError('EMPLOYEE_NOT_FOUND');
      return toDto(actor, updated);
    },

    async remove(actor: Actor, id: number, version: number): Promise<void> {
      if (id === actor.employeeId) {
        throw new AppError('INPUT_VALIDATION_ERROR', {
          message: 'Sie können Ihr eigenes Konto nicht löschen.',
        });
      }
      await db.transaction(async (tx) => {
        const row = await loadVisible(actor, id, tx, true);
        if (row.employee.version !== version) throw new AppError('CONFLICT');
        for (const guard of deletionGuards) {
          const reason = await guard(tx, id);
          if (reason) throw new AppError('IN_USE', { message: reason });
        }
        if (!(await repository.deleteVersioned(tx, id, version))) throw new AppError('CONFLICT');
        await assertAdministratorRemains(tx);
        await recordChange(tx, {
          entity: 'employee',
          entityId: id,
          state: LOG_STATE.DELETED,
          actorId: actor.employeeId,
          changes: {
            personnelNumber: { from: row.employee.personnelNumber, to: null },
            lastName: { from: row.employee.lastName, to: null },
            firstName: { from: row.employee.firstName, to: null },
          },
        });
      });
    },
  };
}

/** The change log keeps that a health or personal field changed, not its value. */
function redactRestricted(changes: ReturnType<typeof diffFields>) {
  const out = { ...changes };
  for (const field of [...PERSONAL_FIELDS, ...HEALTH_FIELDS]) {
    if (out[field]) out[field] = { from: '***', to: '***' };
  }
  return out;
}

export type EmployeeRecordService = ReturnType<typeof createEmployeeRecordService>;
