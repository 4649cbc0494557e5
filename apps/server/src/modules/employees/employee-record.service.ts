import {
  type ConvertEmployee,
  type CreateEmployee,
  convertEmployeeSchema,
  createEmployeeSchema,
  type Employee,
  EXTENDED_FIELDS,
  HEALTH_FIELDS,
  PERSONAL_FIELDS,
  type UpdateEmployee,
  updateEmployeeSchema,
} from '@schutzwerk/shared/employees/employee.schema.ts';
import { type EmployeeFieldAccess, employeeFieldAccess } from '@schutzwerk/shared/employees/field-access.ts';
import { employeesMessages } from '@schutzwerk/shared/errors.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { Db, Executor } from '#db/client.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';
import { assertAdministratorRemains } from '#platform/administrators.ts';
import { diffFields, LOG_STATE, recordChange } from '#platform/audit.ts';
import { AppError, postgresErrorCode } from '#platform/errors.ts';
import { hashPassword } from '#platform/password.ts';
import type { SessionStore } from '#platform/sessions.ts';
import { type EmailChangedDeps, notifyEmailChanged } from './email-changed.ts';
import { type EmployeesChangedHook, notifyEmployeesChanged } from './employees.ports.ts';
import type { EmployeesRepository } from './employees.repository.ts';
import type { employees } from './employees.table.ts';
import { assertResponsibleFor } from './responsibility.ts';
import { assertNoMoreRights, employeesWithMoreRights, touchesSignIn } from './sign-in-guard.ts';

/**
 * The field groups of the record `actor` may see (the shared decision, decision 027): the list, the
 * picker and the reports ask the same.
 */
export function fieldAccessOf(actor: Actor): EmployeeFieldAccess {
  return employeeFieldAccess((ids) => actorHasAny(actor, ...ids));
}

type Row = NonNullable<Awaited<ReturnType<EmployeesRepository['findRecordById']>>>;

/** Checks other modules plug in: an employee with completed instructions must not be deleted. */
/** What the employees module needs of the password policy (auth's, handed over in app.ts). */
export type PasswordPolicyPort = { assert(password: string, path: string[]): Promise<void> };

export type EmployeeDeletionGuard = (ex: Executor, employeeId: number) => Promise<string | null>;

type Deps = {
  db: Db;
  repository: EmployeesRepository;
  sessions: Pick<SessionStore, 'endAllOf'>;
  /** Each returns a German reason when the employee must not be deleted. Instructions register theirs later. */
  deletionGuards?: EmployeeDeletionGuard[];
  /** Told in the transaction when an employee is created or their unit or active flag changes (decision 040). */
  changeHooks?: EmployeesChangedHook[];
  /** The password policy for an initial password (absent in unit tests without settings). */
  passwordPolicy?: PasswordPolicyPort;
  /** The languages active in the settings; none given = any language. */
  enabledLocales?: (ex: Executor) => Promise<readonly string[]>;
  /** The mail to the old address when an e-mail address changes: the mail module's functions and the settings
   * (company name, address of the app). */
  mail: EmailChangedDeps['mail'];
  settings?: EmailChangedDeps['settings'];
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
  'progressBarShow',
  'progressBarTypes',
  'progressBarWarnDays',
  ...PERSONAL_FIELDS,
  ...HEALTH_FIELDS,
] as const;
type EditableField = (typeof EDITABLE_FIELDS)[number];

/**
 * The employee record: read with field-level access (personal and health data need their own rights),
 * create, update with optimistic locking and delete — every change in the change log.
 */
export function createEmployeeRecordService({
  db,
  repository,
  sessions,
  deletionGuards = [],
  changeHooks = [],
  passwordPolicy,
  enabledLocales,
  mail,
  settings,
}: Deps) {
  /** A language chosen for an employee must be active in the settings (language tab). */
  async function assertLanguageEnabled(ex: Executor, language: string | null | undefined): Promise<void> {
    if (!language || !enabledLocales) return;
    if ((await enabledLocales(ex)).includes(language)) return;
    throw new AppError('INPUT_VALIDATION_ERROR', {
      message: employeesMessages.languageNotEnabled,
      details: [{ path: ['body', 'language'], message: employeesMessages.languageNotEnabled }],
    });
  }

  const mayPersonal = (actor: Actor) => fieldAccessOf(actor).personal;
  const mayHealth = (actor: Actor) => fieldAccessOf(actor).health;
  const mayExtended = (actor: Actor) => fieldAccessOf(actor).extended;

  function toDto(actor: Actor, row: Row, signInLocked: boolean): Employee {
    const e = row.employee;
    const personal = mayPersonal(actor);
    const health = mayHealth(actor);
    const extended = mayExtended(actor);
    return {
      id: e.id,
      portalId: e.portalId,
      portalName: row.portalName,
      personnelNumber: e.personnelNumber,
      lastName: e.lastName,
      firstName: e.firstName,
      loginName: e.loginName,
      email: e.email,
      chipId: fieldAccessOf(actor).chipId ? e.chipId : null,
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
      isTempWorker: extended && e.isTempWorker,
      isExternal: extended && e.isExternal,
      hasAdminRights: extended && e.hasAdminRights,
      keepActiveOnImport: extended && e.keepActiveOnImport,
      worksBanUntil: extended ? e.worksBanUntil : null,
      hireDate: extended ? e.hireDate : null,
      tempWorkUntil: extended ? e.tempWorkUntil : null,
      workingTasks: extended ? e.workingTasks : null,
      workingTime: extended ? e.workingTime : null,
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
      progressBarShow: e.progressBarShow,
      progressBarTypes: e.progressBarTypes as Employee['progressBarTypes'],
      progressBarWarnDays: e.progressBarWarnDays,
      hasPassword: e.passwordHash !== null,
      version: e.version,
      assignmentsVersion: e.assignmentsVersion,
      createdAt: e.createdAt.toISOString(),
      updatedAt: e.updatedAt.toISOString(),
      restricted: { personal: !personal, health: !health, extended: !extended },
      signInLocked,
    };
  }

  /** The record as the actor sees it, with whether its sign-in fields are locked for them (decision 023). */
  async function dto(actor: Actor, row: Row, ex: Executor = db): Promise<Employee> {
    const locked = (await employeesWithMoreRights(ex, actor, [row.employee.id])).length > 0;
    return toDto(actor, row, locked);
  }

  /** Same answer for "does not exist" and "not yours": other portals, and inactive ones without the right. */
  async function loadVisible(actor: Actor, id: number, ex: Executor = db, lock = false): Promise<Row> {
    const row = await repository.findRecordById(ex, id, lock);
    const inPortal =
      row &&
      (actor.isMainPortal ||
        row.employee.portalId === actor.portalId ||
        (await repository.isAssignedToPortal(ex, id, actor.portalId)));
    const visible = row && inPortal && (row.employee.active || actorHasAny(actor, P.EMPLOYEES_SHOW_INACTIVE));
    if (!visible) throw new AppError('EMPLOYEE_NOT_FOUND');
    return row;
  }

  /** Staff of another portal assigned to a customer portal are readable there, never editable. */
  function assertEditableHere(actor: Actor, row: Row) {
    if (!actor.isMainPortal && row.employee.portalId !== actor.portalId)
      throw new AppError('MAIN_PORTAL_EMPLOYEE');
  }

  /** Rights of single fields beyond EMPLOYEES_EDIT / EMPLOYEES_CREATE. */
  function assertSpecialRights(actor: Actor, fields: readonly string[]) {
    if (fields.includes('chipId') && !actorHasAny(actor, P.EMPLOYEES_CHIPID)) {
      throw new AppError('NO_PERMISSION', {
        message: employeesMessages.chipIdForbidden,
        details: [{ path: ['body', 'chipId'], message: employeesMessages.fieldNoPermission }],
      });
    }
    if (
      (fields.includes('isTempWorker') ||
        fields.includes('isExternal') ||
        fields.includes('tempWorkUntil')) &&
      !actorHasAny(actor, P.EMPLOYEES_TEMP_WORKERS)
    ) {
      throw new AppError('NO_PERMISSION', {
        message: employeesMessages.tempWorkersForbidden,
      });
    }
    const extended = fields.filter((f) => (EXTENDED_FIELDS as readonly string[]).includes(f));
    if (extended.length > 0 && !mayExtended(actor)) {
      throw new AppError('NO_PERMISSION', {
        message: employeesMessages.extendedDataForbidden,
      });
    }
  }

  /** Personal and health fields may only be written with their rights. */
  function assertFieldRights(actor: Actor, fields: readonly string[]) {
    const personal = fields.filter((f) => (PERSONAL_FIELDS as readonly string[]).includes(f));
    const health = fields.filter((f) => (HEALTH_FIELDS as readonly string[]).includes(f));
    if ((personal.length > 0 && !mayPersonal(actor)) || (health.length > 0 && !mayHealth(actor))) {
      throw new AppError('NO_PERMISSION', {
        message: employeesMessages.personalDataForbidden,
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
        message: employeesMessages.departmentNotInPortal,
        details: [{ path: ['body', 'departmentId'], message: employeesMessages.fieldUnknownDepartment }],
      });
    }
    if (values.locationId && !(await repository.locationInPortal(ex, values.locationId, portalId))) {
      throw new AppError('INPUT_VALIDATION_ERROR', {
        message: employeesMessages.locationNotInPortal,
        details: [{ path: ['body', 'locationId'], message: employeesMessages.fieldUnknownLocation }],
      });
    }
  }

  /** Turns a unique violation into the German message naming the taken value. */
  function duplicate(error: unknown, values: { personnelNumber?: string; loginName?: string | null }): never {
    const constraint = (error as { cause?: { constraint?: string }; constraint?: string }).cause?.constraint;
    if (postgresErrorCode(error) === '23505') {
      if (constraint === 'employees_login_name' || (!constraint && values.loginName)) {
        throw new AppError('DUPLICATE', {
          message: employeesMessages.loginNameTaken(values.loginName),
          details: [{ path: ['body', 'loginName'], message: employeesMessages.fieldTaken }],
        });
      }
      throw new AppError('DUPLICATE', {
        message: employeesMessages.personnelNumberTaken(values.personnelNumber),
        details: [{ path: ['body', 'personnelNumber'], message: employeesMessages.fieldTaken }],
      });
    }
    throw error;
  }

  return {
    /** For the assignment service: the same visibility and editability rules as the record. */
    loadVisible,
    assertEditableHere,

    async get(actor: Actor, id: number): Promise<Employee> {
      return dto(actor, await loadVisible(actor, id));
    },

    async create(actor: Actor, input: CreateEmployee): Promise<Employee> {
      const data = createEmployeeSchema.parse(input);
      const given = Object.entries(data)
        .filter(([, v]) => v !== null && v !== undefined)
        .map(([k]) => k);
      assertFieldRights(actor, given);
      // Flags at their default (false) are no statement of the caller.
      assertSpecialRights(
        actor,
        given.filter(
          (f) =>
            !(typeof data[f as keyof typeof data] === 'boolean' && data[f as keyof typeof data] === false),
        ),
      );
      if (!data.active && !actorHasAny(actor, P.EMPLOYEES_ACTIVATE)) {
        throw new AppError('NO_PERMISSION', { message: employeesMessages.createInactiveForbidden });
      }
      const { password, ...fields } = data;
      if (password) await passwordPolicy?.assert(password, ['body', 'password']);
      const passwordHash = password ? await hashPassword(password) : null;
      try {
        const id = await db.transaction(async (tx) => {
          await assertOrganisation(tx, actor.portalId, fields);
          await assertLanguageEnabled(tx, fields.language);
          await assertResponsibleFor(tx, actor, 'department', [fields.departmentId]);
          await assertResponsibleFor(tx, actor, 'location', [fields.locationId]);
          const newId = await repository.insert(tx, {
            ...fields,
            portalId: actor.portalId,
            passwordHash,
            // An initial password set by an administrator is changed at the first login (decision 012).
            mustChangePassword: passwordHash !== null,
          });
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
          await notifyEmployeesChanged(changeHooks, tx, { employeeIds: [newId], actorId: actor.employeeId });
          return newId;
        });
        const created = await repository.findRecordById(db, id);
        if (!created) throw new AppError('EMPLOYEE_NOT_FOUND');
        return dto(actor, created);
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
          assertEditableHere(actor, row);
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
          assertSpecialRights(actor, changed);
          // Decision 023: how someone signs in or is reached changes only within the actor's own rights.
          if (touchesSignIn(changed)) await assertNoMoreRights(tx, actor, [id]);
          if (changes.active) {
            if (!actorHasAny(actor, P.EMPLOYEES_ACTIVATE)) {
              throw new AppError('NO_PERMISSION', {
                message: employeesMessages.activateForbidden,
              });
            }
            if (id === actor.employeeId && patchInput.active === false) {
              throw new AppError('INPUT_VALIDATION_ERROR', {
                message: employeesMessages.deactivateSelf,
                details: [{ path: ['body', 'active'], message: employeesMessages.fieldNotOwnAccount }],
              });
            }
          }
          if (changes.language) await assertLanguageEnabled(tx, changes.language.to as string | null);
          if (changes.departmentId && !actorHasAny(actor, P.EMPLOYEES_DEPARTMENTS)) {
            throw new AppError('NO_PERMISSION', {
              message: employeesMessages.changeDepartmentForbidden,
            });
          }
          if (changes.locationId && !actorHasAny(actor, P.EMPLOYEES_LOCATIONS)) {
            throw new AppError('NO_PERMISSION', {
              message: employeesMessages.changeLocationForbidden,
            });
          }
          await assertOrganisation(tx, row.employee.portalId, patchInput);
          // Moving someone from one unit to another touches both: the user must own both.
          if (changes.departmentId) {
            await assertResponsibleFor(tx, actor, 'department', [
              row.employee.departmentId,
              patchInput.departmentId,
            ]);
          }
          if (changes.locationId) {
            await assertResponsibleFor(tx, actor, 'location', [
              row.employee.locationId,
              patchInput.locationId,
            ]);
          }
          const patch = Object.fromEntries(
            changed.map((f) => [f, patchInput[f as keyof typeof patchInput]]),
          ) as Partial<typeof employees.$inferInsert>;
          if (!(await repository.updateVersioned(tx, id, version, patch))) throw new AppError('CONFLICT');
          // Setting an employee inactive ends all their sessions at once.
          if (patchInput.active === false) {
            await sessions.endAllOf(tx, id);
            await assertAdministratorRemains(tx);
          }
          if (changes.email) {
            await notifyEmailChanged(
              tx,
              {
                employeeId: id,
                from: row.employee.email,
                to: patchInput.email,
                firstName: row.employee.firstName,
                lastName: row.employee.lastName,
                language: row.employee.language,
                country: row.employee.country,
                changedBy: actor.employeeId,
              },
              { mail, ...(settings ? { settings } : {}) },
            );
          }
          await recordChange(tx, {
            entity: 'employee',
            entityId: id,
            state: LOG_STATE.CHANGED,
            actorId: actor.employeeId,
            changes: redactRestricted(changes),
          });
          // Instruction profiles follow the unit and the active flag; inactive: the open items go (decision 040).
          if (changes.active || changes.locationId || changes.departmentId) {
            await notifyEmployeesChanged(changeHooks, tx, { employeeIds: [id], actorId: actor.employeeId });
          }
        });
      } catch (error) {
        duplicate(error, { personnelNumber: data.personnelNumber, loginName: data.loginName });
      }
      // Visibility was checked above; an employee just set inactive stays readable for this answer.
      const updated = await repository.findRecordById(db, id);
      if (!updated) throw new AppError('EMPLOYEE_NOT_FOUND');
      return dto(actor, updated);
    },

    /**
     * Temp worker ↔ employee: taking a temp worker on as an employee ends the temp work (hire date today
     * unless given); turning an employee into a temp worker needs the date the temp work ends.
     */
    async convert(actor: Actor, id: number, input: ConvertEmployee): Promise<Employee> {
      const data = convertEmployeeSchema.parse(input);
      await db.transaction(async (tx) => {
        const row = await loadVisible(actor, id, tx, true);
        assertEditableHere(actor, row);
        if (row.employee.version !== data.version) throw new AppError('CONFLICT');
        const before = row.employee;
        if (data.to === 'employee' && !before.isTempWorker) {
          throw new AppError('INPUT_VALIDATION_ERROR', {
            message: employeesMessages.notATempWorker,
          });
        }
        if (data.to === 'tempWorker' && before.isTempWorker) {
          throw new AppError('INPUT_VALIDATION_ERROR', {
            message: employeesMessages.alreadyATempWorker,
          });
        }
        const patch =
          data.to === 'employee'
            ? {
                isTempWorker: false,
                tempWorkUntil: null,
                hireDate: data.hireDate ?? before.hireDate ?? new Date().toISOString().slice(0, 10),
              }
            : { isTempWorker: true, tempWorkUntil: data.tempWorkUntil };
        const changes = diffFields(
          before as unknown as Record<EditableField, unknown>,
          patch as Partial<Record<EditableField, unknown>>,
          EDITABLE_FIELDS,
        );
        if (!(await repository.updateVersioned(tx, id, data.version, patch))) throw new AppError('CONFLICT');
        await recordChange(tx, {
          entity: 'employee',
          entityId: id,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes,
        });
      });
      const updated = await repository.findRecordById(db, id);
      if (!updated) throw new AppError('EMPLOYEE_NOT_FOUND');
      return dto(actor, updated);
    },

    async remove(actor: Actor, id: number, version: number): Promise<void> {
      if (id === actor.employeeId) {
        throw new AppError('INPUT_VALIDATION_ERROR', {
          message: employeesMessages.deleteSelf,
        });
      }
      await db.transaction(async (tx) => {
        const row = await loadVisible(actor, id, tx, true);
        assertEditableHere(actor, row);
        if (row.employee.version !== version) throw new AppError('CONFLICT');
        // Deleting ends every way of signing in at once: the same rule as deactivating (decision 023).
        await assertNoMoreRights(tx, actor, [id]);
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
