import { occupationalMedicineMessages as messages } from '@schutzwerk/shared/errors.ts';
import {
  type AssessmentKind,
  type CatalogueEntry,
  type CatalogueKind,
  type CreateCatalogueEntry,
  type CreatePrecaution,
  createCatalogueEntrySchema,
  createPrecautionSchema,
  type Precaution,
  type RecordCheckup,
  recordCheckupSchema,
  type UpdateCatalogueEntry,
  type UpdatePrecaution,
  updateCatalogueEntrySchema,
  updatePrecautionSchema,
} from '@schutzwerk/shared/occupational-medicine/precautions.schema.ts';
import { hasAnyPermission, P } from '@schutzwerk/shared/permissions.ts';
import { occupationalMedicineSettings } from '@schutzwerk/shared/settings/occupational-medicine.settings.ts';
import type { Db, Executor } from '#db/client.ts';
import type { SettingsService } from '#modules/settings/index.ts';
import type { Actor } from '#platform/access.ts';
import { diffFields, LOG_STATE, recordChange } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import { verifyPassword } from '#platform/password.ts';
import type { OccupationalMedicineRepository, PrecautionRow } from './occupational-medicine.repository.ts';
import { addMonths, isoDay } from './precaution-dates.ts';

/** Called in the transaction that changed an employee's precautions or recorded a check-up (decision 064). */
export type PrecautionHooks = {
  /** `removing`: the precaution about to be deleted, no longer counted. */
  changed(ex: Executor, portalId: number, employeeId: number, removing?: number): Promise<void>;
  checkupRecorded(
    ex: Executor,
    at: { portalId: number; employeeId: number; precautionId: number; date: string; actorId: number },
  ): Promise<void>;
};

const CATALOGUE_ENTITY = 'precaution_catalogue_entry';
const PRECAUTION_ENTITY = 'occupational_precaution';
const PRECAUTION_FIELDS = [
  'reasonId',
  'activityId',
  'legalSourceId',
  'executingBodyId',
  'coordinatorId',
  'activityStart',
  'intervalMonths',
] as const;

/**
 * Occupational-medical precaution (ArbMedVV, AMR 2.1; decision 057): the managed catalogues, the precautions of
 * employees with their deadlines, the employer's precaution file (that, when, why and the assessment kind — never
 * findings) and the employee's preparedness approval of an offered examination with their password.
 */
export function createOccupationalMedicineService(deps: {
  db: Db;
  repository: OccupationalMedicineRepository;
  settings: Pick<SettingsService, 'read'>;
  now?: () => Date;
  /** Keeps the check-up items of due precautions in step (decision 064), in the changing transaction. */
  hooks?: PrecautionHooks;
}) {
  const { db, repository, settings } = deps;
  const now = deps.now ?? (() => new Date());

  function duplicate(): never {
    throw new AppError('PRECAUTION_CATALOGUE_DUPLICATE', {
      details: [{ path: ['name'], message: messages.fieldDuplicate }],
    });
  }
  async function catalogueEntry(ex: Executor, kind: CatalogueKind, id: number): Promise<CatalogueEntry> {
    const row = (await repository.catalogue(ex, kind)).find((e) => e.id === id);
    if (!row) throw new AppError('PRECAUTION_CATALOGUE_NOT_FOUND');
    return row as CatalogueEntry;
  }

  /** A referenced catalogue entry must exist with the right kind and be active (unless unchanged). */
  async function checkReference(
    ex: Executor,
    kind: CatalogueKind,
    id: number | null | undefined,
    field: string,
    before?: number | null,
  ) {
    if (id === null || id === undefined || id === before) return;
    const row = await repository.catalogueEntry(ex, kind, id);
    if (!row?.active)
      throw new AppError('PRECAUTION_REFERENCE_INVALID', {
        details: [{ path: [field], message: messages.fieldReference }],
      });
  }

  async function intervalOf(ex: Executor, row: { intervalMonths: number | null }) {
    if (row.intervalMonths !== null) return row.intervalMonths;
    return (await settings.read(occupationalMedicineSettings, ex)).defaultIntervalMonths;
  }

  /** AMR 2.1: the first precaution before the activity starts, then one every interval after the last. */
  async function nextDueOf(
    ex: Executor,
    row: { activityStart: string; intervalMonths: number | null },
    last?: string,
  ) {
    if (!last) return row.activityStart;
    return addMonths(last, await intervalOf(ex, row));
  }

  const seesAssessments = (actor: Actor) => hasAnyPermission(actor.permissions, [P.PRECAUTION_ASSESSMENTS]);

  async function present(
    ex: Executor,
    actor: Actor,
    filter: Parameters<OccupationalMedicineRepository['precautions']>[1],
  ) {
    const rows = await repository.precautions(ex, filter);
    const checkups = await repository.checkups(
      ex,
      rows.map((r) => r.row.id),
    );
    const today = isoDay(now());
    const assessments = seesAssessments(actor);
    return rows.map(
      ({ row, employeeName, reasonName, activityName }): Precaution => ({
        id: row.id,
        employeeId: row.employeeId,
        employeeName,
        type: row.type as Precaution['type'],
        reasonId: row.reasonId,
        reasonName,
        activityId: row.activityId,
        activityName,
        legalSourceId: row.legalSourceId,
        executingBodyId: row.executingBodyId,
        coordinatorId: row.coordinatorId,
        activityStart: row.activityStart,
        intervalMonths: row.intervalMonths,
        nextDue: row.nextDue,
        due: row.nextDue <= today,
        approvedAt: row.approvedAt?.toISOString() ?? null,
        checkups: checkups
          .filter((c) => c.precautionId === row.id)
          .map((c) => ({
            id: c.id,
            date: c.date,
            assessmentKind: assessments ? (c.assessmentKind as AssessmentKind) : null,
          })),
        version: row.version,
      }),
    );
  }

  async function one(ex: Executor, actor: Actor, id: number): Promise<Precaution> {
    const [row] = await present(ex, actor, { portalId: actor.portalId, id });
    if (!row) throw new AppError('PRECAUTION_NOT_FOUND');
    return row;
  }

  async function locked(ex: Executor, actor: Actor, id: number, version?: number): Promise<PrecautionRow> {
    const [found] = await repository.precautions(ex, { portalId: actor.portalId, id }, 'update');
    if (!found) throw new AppError('PRECAUTION_NOT_FOUND');
    if (version !== undefined && found.row.version !== version) throw new AppError('CONFLICT');
    return found.row;
  }

  return {
    catalogue: (kind: CatalogueKind) => repository.catalogue(db, kind) as Promise<CatalogueEntry[]>,

    async createCatalogueEntry(actor: Actor, kind: CatalogueKind, raw: CreateCatalogueEntry) {
      const input = createCatalogueEntrySchema.parse(raw);
      return db.transaction(async (tx) => {
        if (await repository.catalogueNameTaken(tx, kind, input.name)) duplicate();
        const { id } = await repository.insertCatalogueEntry(tx, { kind, ...input });
        await recordChange(tx, {
          entity: CATALOGUE_ENTITY,
          entityId: id,
          state: LOG_STATE.CREATED,
          actorId: actor.employeeId,
          changes: diffFields({} as Record<string, unknown>, input, ['name', 'line2']),
        });
        return catalogueEntry(tx, kind, id);
      });
    },

    /** Changes the named fields only (decision 024); a stale version answers 409. */
    async updateCatalogueEntry(actor: Actor, kind: CatalogueKind, id: number, raw: UpdateCatalogueEntry) {
      const { version, ...patch } = updateCatalogueEntrySchema.parse(raw);
      return db.transaction(async (tx) => {
        const before = await repository.catalogueEntry(tx, kind, id, 'update');
        if (!before) throw new AppError('PRECAUTION_CATALOGUE_NOT_FOUND');
        if (before.version !== version) throw new AppError('CONFLICT');
        if (patch.name !== undefined && (await repository.catalogueNameTaken(tx, kind, patch.name, id)))
          duplicate();
        const values = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
        if (!(await repository.updateCatalogueEntry(tx, id, version, values))) throw new AppError('CONFLICT');
        await recordChange(tx, {
          entity: CATALOGUE_ENTITY,
          entityId: id,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes: diffFields(before as unknown as Record<string, unknown>, values, [
            'name',
            'line2',
            'active',
          ]),
        });
        return catalogueEntry(tx, kind, id);
      });
    },

    /** Deletes an entry no precaution uses; otherwise 409 (set it inactive instead). */
    async deleteCatalogueEntry(actor: Actor, kind: CatalogueKind, id: number, version: number) {
      await db.transaction(async (tx) => {
        const before = await repository.catalogueEntry(tx, kind, id, 'update');
        if (!before) throw new AppError('PRECAUTION_CATALOGUE_NOT_FOUND');
        if (before.version !== version) throw new AppError('CONFLICT');
        if (await repository.catalogueEntryUsed(tx, id)) throw new AppError('PRECAUTION_CATALOGUE_IN_USE');
        if (!(await repository.deleteCatalogueEntry(tx, id, version))) throw new AppError('CONFLICT');
        await recordChange(tx, {
          entity: CATALOGUE_ENTITY,
          entityId: id,
          state: LOG_STATE.DELETED,
          actorId: actor.employeeId,
          changes: { name: { from: before.name, to: null } },
        });
      });
    },

    /** The precautions of the caller's portal: of one employee, or those due within the lead time. */
    async list(actor: Actor, query: { employeeId?: number | undefined; dueOnly?: boolean }) {
      let dueBy: string | undefined;
      if (query.dueOnly) {
        const { leadDays } = await settings.read(occupationalMedicineSettings, db);
        const horizon = now();
        horizon.setUTCDate(horizon.getUTCDate() + leadDays);
        dueBy = isoDay(horizon);
      }
      return present(db, actor, {
        portalId: actor.portalId,
        ...(query.employeeId !== undefined ? { employeeId: query.employeeId } : {}),
        ...(dueBy ? { dueBy } : {}),
      });
    },

    /** The precautions of the signed-in employee (their own file: offers to confirm, dates). */
    own: (actor: Actor) => present(db, actor, { portalId: actor.portalId, employeeId: actor.employeeId }),

    get: (actor: Actor, id: number) => one(db, actor, id),

    /** The activities of an employee of the caller's portal: the choices of a precaution's trigger activity. */
    employeeActivities: (actor: Actor, employeeId: number) =>
      repository.employeeActivities(db, employeeId, actor.portalId),

    async create(actor: Actor, raw: CreatePrecaution) {
      const input = createPrecautionSchema.parse(raw);
      return db.transaction(async (tx) => {
        if (!(await repository.employeeInPortal(tx, input.employeeId, actor.portalId)))
          throw new AppError('PRECAUTION_EMPLOYEE_NOT_FOUND');
        if (
          input.coordinatorId !== null &&
          !(await repository.employeeInPortal(tx, input.coordinatorId, actor.portalId))
        )
          throw new AppError('PRECAUTION_EMPLOYEE_NOT_FOUND');
        await checkReference(tx, 'assessmentReason', input.reasonId, 'reasonId');
        await checkReference(tx, 'legalSource', input.legalSourceId, 'legalSourceId');
        await checkReference(tx, 'executingBody', input.executingBodyId, 'executingBodyId');
        if (
          input.activityId !== null &&
          !(await repository.employeeHasActivity(tx, input.employeeId, input.activityId))
        )
          throw new AppError('PRECAUTION_ACTIVITY_NOT_ASSIGNED', {
            details: [{ path: ['activityId'], message: messages.fieldActivity }],
          });
        const { id } = await repository.insertPrecaution(tx, {
          ...input,
          portalId: actor.portalId,
          nextDue: await nextDueOf(tx, input),
        });
        await deps.hooks?.changed(tx, actor.portalId, input.employeeId);
        await recordChange(tx, {
          entity: PRECAUTION_ENTITY,
          entityId: id,
          state: LOG_STATE.CREATED,
          actorId: actor.employeeId,
          changes: diffFields({} as Record<string, unknown>, input, [
            'employeeId',
            'type',
            ...PRECAUTION_FIELDS,
          ]),
        });
        return one(tx, actor, id);
      });
    },

    /** Changes the named fields only (decision 024); the due date follows a changed start or interval. */
    async update(actor: Actor, id: number, raw: UpdatePrecaution) {
      const { version, ...patch } = updatePrecautionSchema.parse(raw);
      return db.transaction(async (tx) => {
        const before = await locked(tx, actor, id, version);
        await checkReference(tx, 'assessmentReason', patch.reasonId, 'reasonId', before.reasonId);
        await checkReference(tx, 'legalSource', patch.legalSourceId, 'legalSourceId', before.legalSourceId);
        await checkReference(
          tx,
          'executingBody',
          patch.executingBodyId,
          'executingBodyId',
          before.executingBodyId,
        );
        if (
          patch.coordinatorId !== undefined &&
          patch.coordinatorId !== null &&
          !(await repository.employeeInPortal(tx, patch.coordinatorId, actor.portalId))
        )
          throw new AppError('PRECAUTION_EMPLOYEE_NOT_FOUND');
        if (
          patch.activityId !== undefined &&
          patch.activityId !== null &&
          patch.activityId !== before.activityId &&
          !(await repository.employeeHasActivity(tx, before.employeeId, patch.activityId))
        )
          throw new AppError('PRECAUTION_ACTIVITY_NOT_ASSIGNED', {
            details: [{ path: ['activityId'], message: messages.fieldActivity }],
          });
        const values: Partial<PrecautionRow> = Object.fromEntries(
          Object.entries(patch).filter(([, v]) => v !== undefined),
        );
        const merged = { ...before, ...values };
        const [last] = await repository.checkups(tx, [id]);
        values.nextDue = await nextDueOf(tx, merged, last?.date);
        if (!(await repository.updatePrecaution(tx, id, version, values))) throw new AppError('CONFLICT');
        await deps.hooks?.changed(tx, actor.portalId, before.employeeId);
        await recordChange(tx, {
          entity: PRECAUTION_ENTITY,
          entityId: id,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes: diffFields(before as unknown as Record<string, unknown>, values, [
            ...PRECAUTION_FIELDS,
            'nextDue',
          ]),
        });
        return one(tx, actor, id);
      });
    },

    async remove(actor: Actor, id: number, version: number) {
      await db.transaction(async (tx) => {
        const before = await locked(tx, actor, id, version);
        await deps.hooks?.changed(tx, actor.portalId, before.employeeId, id);
        if (!(await repository.deletePrecaution(tx, id, version))) throw new AppError('CONFLICT');
        await recordChange(tx, {
          entity: PRECAUTION_ENTITY,
          entityId: id,
          state: LOG_STATE.DELETED,
          actorId: actor.employeeId,
          changes: { employeeId: { from: before.employeeId, to: null } },
        });
      });
    },

    /**
     * Records in the precaution file that a check-up took place on a date with an assessment kind (only with
     * PRECAUTION_ASSESSMENTS, the route); the next precaution is due one interval after the latest check-up.
     * `allow` runs once the precaution is locked and may refuse it (the works doctor's bodies, decision 072).
     */
    async recordCheckup(
      actor: Actor,
      id: number,
      raw: RecordCheckup,
      allow?: (tx: Executor, precaution: PrecautionRow) => Promise<void>,
    ) {
      const input = recordCheckupSchema.parse(raw);
      if (input.date > isoDay(now()))
        throw new AppError('PRECAUTION_CHECKUP_IN_FUTURE', {
          details: [{ path: ['date'], message: messages.fieldFuture }],
        });
      return db.transaction(async (tx) => {
        const before = await locked(tx, actor, id);
        await allow?.(tx, before);
        if (before.version !== input.version) throw new AppError('CONFLICT');
        await repository.insertCheckup(tx, {
          precautionId: id,
          date: input.date,
          assessmentKind: input.assessmentKind,
          createdBy: actor.employeeId,
        });
        const [last] = await repository.checkups(tx, [id]);
        const nextDue = await nextDueOf(tx, before, last?.date);
        if (!(await repository.updatePrecaution(tx, id, input.version, { nextDue })))
          throw new AppError('CONFLICT');
        await deps.hooks?.checkupRecorded(tx, {
          portalId: actor.portalId,
          employeeId: before.employeeId,
          precautionId: id,
          date: input.date,
          actorId: actor.employeeId,
        });
        await recordChange(tx, {
          entity: PRECAUTION_ENTITY,
          entityId: id,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          // The assessment kind is health data: the change log names only that and when.
          changes: {
            checkup: { from: null, to: input.date },
            nextDue: { from: before.nextDue, to: nextDue },
          },
        });
        return one(tx, actor, id);
      });
    },

    /**
     * Preparedness approval: the employee confirms their own offered examination with their password, checked on
     * the server. Another employee's precaution answers „not found“ like a missing one.
     */
    async approve(actor: Actor, id: number, password: string) {
      return db.transaction(async (tx) => {
        const [found] = await repository.precautions(tx, { portalId: actor.portalId, id }, 'update');
        if (!found || found.row.employeeId !== actor.employeeId) throw new AppError('PRECAUTION_NOT_FOUND');
        if (found.row.type !== 'offer') throw new AppError('PRECAUTION_NOT_AN_OFFER');
        if (found.row.approvedAt) throw new AppError('PRECAUTION_ALREADY_APPROVED');
        const hash = await repository.passwordHash(tx, actor.employeeId);
        if (!hash || !(await verifyPassword(hash, password)))
          throw new AppError('PRECAUTION_WRONG_PASSWORD', {
            details: [{ path: ['password'], message: messages.fieldPassword }],
          });
        const approvedAt = now();
        if (!(await repository.updatePrecaution(tx, id, found.row.version, { approvedAt })))
          throw new AppError('CONFLICT');
        await recordChange(tx, {
          entity: PRECAUTION_ENTITY,
          entityId: id,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes: { approvedAt: { from: null, to: approvedAt.toISOString() } },
        });
        return one(tx, actor, id);
      });
    },
  };
}

export type OccupationalMedicineService = ReturnType<typeof createOccupationalMedicineService>;
