import type { LoginLocal } from '@schutzwerk/shared/auth/auth.schema.ts';
import { worksDoctorMessages as messages } from '@schutzwerk/shared/errors.ts';
import type {
  AssessmentKind,
  PrecautionType,
  RecordCheckup,
} from '@schutzwerk/shared/occupational-medicine/precautions.schema.ts';
import type {
  CreateWorksDoctor,
  UpdateWorksDoctor,
  WorksDoctor,
  WorksDoctorAppointment,
  WorksDoctorContact,
  WorksDoctorEmployee,
  WorksDoctorProfile,
} from '@schutzwerk/shared/occupational-medicine/works-doctor.schema.ts';
import {
  createWorksDoctorSchema,
  updateWorksDoctorSchema,
} from '@schutzwerk/shared/occupational-medicine/works-doctor.schema.ts';
import { hasAnyPermission, P } from '@schutzwerk/shared/permissions.ts';
import { worksDoctorSettings } from '@schutzwerk/shared/settings/works-doctor.settings.ts';
import type { Db, Executor } from '#db/client.ts';
import { readPortalSettings } from '#modules/settings/index.ts';
import type { Actor } from '#platform/access.ts';
import { diffFields, LOG_STATE, recordChange } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import { hashToken } from '#platform/sessions.ts';
import { isoDay } from './precaution-dates.ts';
import type { WorksDoctorRepository } from './works-doctor.repository.ts';

const ENTITY = 'works_doctor';
/** The longest period the doctor's appointment list answers at once. */
const MAX_APPOINTMENT_DAYS = 92;

type LoginMeta = { ip: string; userAgent?: string; device?: string | undefined };

/**
 * The works doctor (Betriebsarzt, decision 063): the administration of works-doctor accounts (settings tab
 * „Betriebsarzt“), the works-doctor sign-in with its two messages, and the doctor's restricted view — the
 * employees whose precautions name one of the doctor's executing bodies and their check-up appointments.
 * Every route of the view checks the module and the doctor's configuration again (`doctorOf`).
 */
export function createWorksDoctorService(deps: {
  db: Db;
  repository: WorksDoctorRepository;
  /** The ordinary local sign-in (credentials, throttle, generated passwords): a session token. */
  loginLocal: (input: LoginLocal, meta: LoginMeta) => Promise<string>;
  sessions: {
    resolve(token: string): Promise<Actor | null>;
    end(ex: Executor, tokenHash: string): Promise<void>;
  };
  /** The precautions' check-up recording (the same as the manual one, so its hooks apply; decision 072). */
  recordCheckup: (
    actor: Actor,
    precautionId: number,
    input: RecordCheckup,
    allow: (
      tx: Executor,
      precaution: { employeeId: number; executingBodyId: number | null },
    ) => Promise<void>,
  ) => Promise<unknown>;
  now?: () => Date;
}) {
  const { db, repository } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * The caller as a works doctor, or the refusal: module off in the caller's portal → MODULE_UNAVAILABLE; no
   * right WORKS_DOCTOR, no works-doctor entry, login not allowed or no active executing body → LOGIN_INVALID.
   */
  async function doctorOf(actor: Actor, ex: Executor = db) {
    const settings = await readPortalSettings(ex, worksDoctorSettings, actor.portalId);
    if (!settings.enabled) throw new AppError('WORKS_DOCTOR_MODULE_UNAVAILABLE');
    const row = await repository.byEmployee(ex, actor.employeeId);
    if (!row || row.portalId !== actor.portalId || !row.loginAllowed)
      throw new AppError('WORKS_DOCTOR_LOGIN_INVALID');
    if (!hasAnyPermission(actor.permissions, [P.WORKS_DOCTOR]))
      throw new AppError('WORKS_DOCTOR_LOGIN_INVALID');
    const bodies = (await repository.bodies(ex, [row.id])).filter((b) => b.active);
    if (bodies.length === 0) throw new AppError('WORKS_DOCTOR_LOGIN_INVALID');
    return { row, bodies, bodyIds: bodies.map((b) => b.id) };
  }

  async function present(ex: Executor, portalId: number, id?: number): Promise<WorksDoctor[]> {
    const rows = (await repository.list(ex, portalId)).filter((r) => id === undefined || r.row.id === id);
    const bodies = await repository.bodies(
      ex,
      rows.map((r) => r.row.id),
    );
    return rows.map(({ row, lastName, firstName, loginName, hasRight }) => ({
      id: row.id,
      employeeId: row.employeeId,
      employeeName: `${lastName}, ${firstName}`,
      loginName,
      hasRight,
      loginAllowed: row.loginAllowed,
      executingBodies: bodies
        .filter((b) => b.worksDoctorId === row.id)
        .map(({ id: bodyId, name, active }) => ({ id: bodyId, name, active })),
      version: row.version,
    }));
  }

  /** The chosen bodies must exist as active executing bodies (unchanged inactive ones may stay). */
  async function checkBodies(ex: Executor, ids: number[], keep: number[] = []) {
    const unique = [...new Set(ids)];
    const found = await repository.executingBodies(ex, unique);
    const ok = unique.every((id) => found.some((b) => b.id === id && (b.active || keep.includes(id))));
    if (!ok)
      throw new AppError('PRECAUTION_REFERENCE_INVALID', {
        details: [{ path: ['executingBodyIds'], message: messages.fieldBodies }],
      });
    return unique;
  }

  async function load(ex: Executor, actor: Actor, id: number): Promise<WorksDoctor> {
    const [doctor] = await present(ex, actor.portalId, id);
    if (!doctor) throw new AppError('WORKS_DOCTOR_NOT_FOUND');
    return doctor;
  }

  return {
    doctorOf,

    /**
     * The works-doctor sign-in: the ordinary credentials check first (unknown user and wrong password keep the
     * one answer), then the works-doctor checks; a refused sign-in ends the session it had opened.
     */
    async login(input: LoginLocal, meta: LoginMeta): Promise<string> {
      const token = await deps.loginLocal(input, meta);
      const actor = await deps.sessions.resolve(token);
      try {
        if (!actor) throw new AppError('INVALID_CREDENTIALS');
        await doctorOf(actor);
        return token;
      } catch (error) {
        await deps.sessions.end(db, hashToken(token));
        throw error;
      }
    },

    async profile(actor: Actor): Promise<WorksDoctorProfile> {
      const { bodies } = await doctorOf(actor);
      const profile = actor.profile;
      return {
        employeeName: profile ? `${profile.lastName}, ${profile.firstName}` : '',
        executingBodies: bodies.map(({ id, name, active }) => ({ id, name, active })),
      };
    },

    async employees(actor: Actor, employeeId?: number): Promise<WorksDoctorEmployee[]> {
      const { bodyIds } = await doctorOf(actor);
      const rows = await repository.employeesOf(db, actor.portalId, bodyIds, employeeId);
      const today = isoDay(now());
      const result: WorksDoctorEmployee[] = [];
      for (const r of rows) {
        let employee = result.at(-1);
        if (employee?.id !== r.employee_id) {
          employee = {
            id: r.employee_id,
            personnelNumber: r.personnel_number,
            lastName: r.last_name,
            firstName: r.first_name,
            precautions: [],
          };
          result.push(employee);
        }
        employee.precautions.push({
          id: r.precaution_id,
          type: r.type as PrecautionType,
          reasonName: r.reason_name,
          executingBodyName: r.body_name,
          nextDue: r.next_due,
          due: r.next_due <= today,
          lastCheckup:
            r.last_date && r.last_kind
              ? { date: r.last_date, assessmentKind: r.last_kind as AssessmentKind }
              : null,
          version: r.version,
        });
      }
      return result;
    },

    /** One of the doctor's employees; anyone else answers „not found“, the same as a missing one. */
    async employee(actor: Actor, employeeId: number): Promise<WorksDoctorEmployee> {
      const [employee] = await this.employees(actor, employeeId);
      if (!employee) throw new AppError('WORKS_DOCTOR_EMPLOYEE_NOT_FOUND');
      return employee;
    },

    /**
     * The doctor records that a check-up of one of their employees' precautions took place: date and assessment
     * kind, never findings (decision 057). Through the precautions' own recording, so the due date, the check-up
     * item and its booked appointment follow (decision 072) and the change log names the doctor. An employee
     * outside the doctor's bodies answers „not found“; a precaution of another body of their employee too.
     */
    async recordCheckup(
      actor: Actor,
      employeeId: number,
      precautionId: number,
      input: RecordCheckup,
    ): Promise<WorksDoctorEmployee> {
      await this.employee(actor, employeeId);
      await deps.recordCheckup(actor, precautionId, input, async (tx, precaution) => {
        // Checked again under the precaution's lock: bodies or the module may have changed meanwhile.
        const { bodyIds } = await doctorOf(actor, tx);
        if ((await repository.employeesOf(tx, actor.portalId, bodyIds, employeeId)).length === 0)
          throw new AppError('WORKS_DOCTOR_EMPLOYEE_NOT_FOUND');
        if (
          precaution.employeeId !== employeeId ||
          precaution.executingBodyId === null ||
          !bodyIds.includes(precaution.executingBodyId)
        )
          throw new AppError('PRECAUTION_NOT_FOUND');
      });
      return this.employee(actor, employeeId);
    },

    async appointments(actor: Actor, from: string, to: string): Promise<WorksDoctorAppointment[]> {
      const { bodyIds } = await doctorOf(actor);
      const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
      if (days < 0 || days > MAX_APPOINTMENT_DAYS)
        throw new AppError('INPUT_VALIDATION_ERROR', {
          details: [
            { path: ['querystring', 'to'], message: messages.appointmentRange(MAX_APPOINTMENT_DAYS) },
          ],
        });
      const rows = await repository.appointmentsOf(db, actor.portalId, bodyIds, from, to);
      return rows.map((r) => ({
        id: r.id,
        day: r.day,
        startMinute: r.start_minute,
        endMinute: r.end_minute,
        state: r.state,
        employeeId: r.employee_id,
        employeeName: r.employee_name,
        windowTitle: r.window_title,
        locationName: r.location_name,
      }));
    },

    /** The contact data for employees, while the module is on and the display is chosen. */
    async contact(actor: Actor): Promise<WorksDoctorContact> {
      const s = await readPortalSettings(db, worksDoctorSettings, actor.portalId);
      if (!s.enabled || !s.showContact) return null;
      return { name: s.contactName, phone: s.contactPhone, email: s.contactEmail, hours: s.contactHours };
    },

    // ── administration (settings tab „Betriebsarzt“) ──────────────────────────────────────────────
    list: (actor: Actor) => present(db, actor.portalId),

    /** The executing bodies to choose from (the administrator of the tab may lack the precaution rights). */
    executingBodies: () => repository.allExecutingBodies(db),

    async create(actor: Actor, input: CreateWorksDoctor): Promise<WorksDoctor> {
      const body = createWorksDoctorSchema.parse(input);
      return db.transaction(async (tx) => {
        if (!(await repository.employeeOfPortal(tx, actor.portalId, body.employeeId)))
          throw new AppError('PRECAUTION_EMPLOYEE_NOT_FOUND', {
            details: [{ path: ['employeeId'], message: messages.fieldEmployee }],
          });
        if (await repository.byEmployee(tx, body.employeeId))
          throw new AppError('WORKS_DOCTOR_DUPLICATE', {
            details: [{ path: ['employeeId'], message: messages.fieldDuplicate }],
          });
        const bodyIds = await checkBodies(tx, body.executingBodyIds);
        const row = await repository.insert(tx, {
          portalId: actor.portalId,
          employeeId: body.employeeId,
          loginAllowed: body.loginAllowed,
        });
        await repository.setBodies(tx, row.id, bodyIds);
        await recordChange(tx, {
          entity: ENTITY,
          entityId: row.id,
          state: LOG_STATE.CREATED,
          actorId: actor.employeeId,
          changes: {
            employeeId: { from: null, to: row.employeeId },
            executingBodyIds: { from: null, to: bodyIds },
            loginAllowed: { from: null, to: row.loginAllowed },
          },
        });
        return load(tx, actor, row.id);
      });
    },

    async update(actor: Actor, id: number, input: UpdateWorksDoctor): Promise<WorksDoctor> {
      const body = updateWorksDoctorSchema.parse(input);
      return db.transaction(async (tx) => {
        const before = await repository.byId(tx, actor.portalId, id, 'update');
        if (!before) throw new AppError('WORKS_DOCTOR_NOT_FOUND');
        if (before.version !== body.version) throw new AppError('CONFLICT');
        const oldBodies = (await repository.bodies(tx, [id])).map((b) => b.id);
        const changes: Record<string, { from: unknown; to: unknown }> = {};
        if (body.executingBodyIds !== undefined) {
          const bodyIds = await checkBodies(tx, body.executingBodyIds, oldBodies);
          await repository.setBodies(tx, id, bodyIds);
          const sorted = (a: number[]) => [...a].sort((x, y) => x - y).join(',');
          if (sorted(bodyIds) !== sorted(oldBodies))
            changes.executingBodyIds = { from: oldBodies, to: bodyIds };
        }
        const patch = body.loginAllowed === undefined ? {} : { loginAllowed: body.loginAllowed };
        const after = await repository.update(tx, id, patch);
        Object.assign(changes, diffFields(before, after, ['loginAllowed']));
        await recordChange(tx, {
          entity: ENTITY,
          entityId: id,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes,
        });
        return load(tx, actor, id);
      });
    },

    async remove(actor: Actor, id: number, version: number): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await repository.byId(tx, actor.portalId, id, 'update');
        if (!before) throw new AppError('WORKS_DOCTOR_NOT_FOUND');
        if (before.version !== version) throw new AppError('CONFLICT');
        await repository.remove(tx, id);
        await recordChange(tx, {
          entity: ENTITY,
          entityId: id,
          state: LOG_STATE.DELETED,
          actorId: actor.employeeId,
          changes: { employeeId: { from: before.employeeId, to: null } },
        });
      });
    },
  };
}

export type WorksDoctorService = ReturnType<typeof createWorksDoctorService>;
