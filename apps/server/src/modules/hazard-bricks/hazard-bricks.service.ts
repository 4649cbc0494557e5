import { hazardBricksMessages } from '@schutzwerk/shared/errors.ts';
import type {
  CreateHazardBrick,
  HazardBrick,
  HazardBrickChildPickerQuery,
  HazardBrickListQuery,
  UpdateHazardBrick,
} from '@schutzwerk/shared/hazard-bricks/hazard-bricks.schema.ts';
import {
  createHazardBrickSchema,
  updateHazardBrickSchema,
} from '@schutzwerk/shared/hazard-bricks/hazard-bricks.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { Db, Executor } from '#db/client.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';
import { diffFields, LOG_STATE, recordChange } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import type { BrickRecord, BrickVariant, HazardBricksRepository } from './hazard-bricks.repository.ts';

/**
 * A check other modules plug in (hazard assessments register theirs): returns a German reason when the
 * brick must not be deleted because it is still used.
 */
export type HazardBrickDeletionGuard = (ex: Executor, brickId: number) => Promise<string | null>;

const FIELDS = ['identifier', 'title', 'riskFrom', 'riskTo', 'free', 'description'] as const;

type Deps = { db: Db; repository: HazardBricksRepository; deletionGuards?: HazardBrickDeletionGuard[] };

const sameList = (a: Record<string, unknown>[], b: Record<string, unknown>[], keys: string[]) =>
  a.length === b.length && a.every((x, i) => keys.every((k) => x[k] === b[i]?.[k]));

export function createHazardBricksService({ db, repository, deletionGuards = [] }: Deps) {
  async function getIn(ex: Executor, id: number): Promise<HazardBrick> {
    const row = await repository.findById(ex, id);
    if (!row) throw new AppError('NOT_FOUND');
    return present(ex, row);
  }

  async function present(ex: Executor, row: BrickRecord): Promise<HazardBrick> {
    return {
      id: row.id,
      identifier: row.identifier,
      title: row.title,
      riskFrom: row.riskFrom,
      riskTo: row.riskTo,
      free: row.free,
      description: row.description,
      version: row.version,
      ...(await repository.children(ex, row.id)),
    };
  }

  async function assertIdentifierFree(ex: Executor, identifier: string, exceptId?: number) {
    if (await repository.identifierTaken(ex, identifier, exceptId)) {
      throw new AppError('HAZARD_BRICK_IDENTIFIER_EXISTS', {
        details: [{ path: ['identifier'], message: hazardBricksMessages.fieldIdentifierTaken }],
      });
    }
  }

  return {
    list: (variant: BrickVariant, query: HazardBrickListQuery) => repository.list(db, variant, query),
    actionPicker: (query: HazardBrickChildPickerQuery) => repository.actionPicker(db, query),
    guidelinePicker: (query: HazardBrickChildPickerQuery) => repository.guidelinePicker(db, query),
    codePicker: (query: HazardBrickChildPickerQuery) => repository.codePicker(db, query),

    get: (_actor: Actor, id: number) => getIn(db, id),

    /** Creates a brick; its actions/guidelines need _ACTIONS, its codes _VERIFICATION_CODES. */
    async create(actor: Actor, raw: CreateHazardBrick): Promise<HazardBrick> {
      const input = createHazardBrickSchema.parse(raw);
      if (
        (input.actions.length > 0 || input.guidelines.length > 0) &&
        !actorHasAny(actor, P.HAZARDBRICKS_ACTIONS)
      )
        throw new AppError('NO_PERMISSION');
      if (input.verificationCodes.length > 0 && !actorHasAny(actor, P.HAZARDBRICKS_VERIFICATION_CODES))
        throw new AppError('NO_PERMISSION');
      return db.transaction(async (tx) => {
        await assertIdentifierFree(tx, input.identifier);
        const fields = {
          identifier: input.identifier,
          title: input.title,
          riskFrom: input.riskFrom,
          riskTo: input.riskTo,
          free: input.free,
          description: input.description,
        };
        const row = await repository.insert(tx, fields);
        await repository.replaceActions(tx, row.id, input);
        await repository.replaceCodes(tx, row.id, input.verificationCodes);
        await recordChange(tx, {
          entity: 'hazard_brick',
          entityId: row.id,
          state: LOG_STATE.CREATED,
          actorId: actor.employeeId,
          changes: diffFields({} as Record<string, unknown>, fields, FIELDS),
        });
        return present(tx, row);
      });
    },

    /**
     * Saves the brick with its lists. Changed fields need _EDIT, changed actions or guidelines _ACTIONS,
     * changed codes _VERIFICATION_CODES; a stale version answers CONFLICT.
     */
    async update(actor: Actor, id: number, raw: UpdateHazardBrick): Promise<HazardBrick> {
      const input = updateHazardBrickSchema.parse(raw);
      return db.transaction(async (tx) => {
        const before = await repository.findById(tx, id, 'update');
        if (!before) throw new AppError('NOT_FOUND');
        if (before.version !== input.version) throw new AppError('CONFLICT');
        const children = await repository.children(tx, id);
        const fields = {
          identifier: input.identifier,
          title: input.title,
          riskFrom: input.riskFrom,
          riskTo: input.riskTo,
          free: input.free,
          description: input.description,
        };
        const changes = diffFields(before, fields, FIELDS);
        const actionsChanged =
          !sameList(children.actions, input.actions, ['identifier', 'description']) ||
          !sameList(children.guidelines, input.guidelines, ['title', 'description']);
        const codesChanged = !sameList(children.verificationCodes, input.verificationCodes, [
          'code',
          'description',
        ]);
        if (Object.keys(changes).length > 0 && !actorHasAny(actor, P.HAZARDBRICKS_EDIT))
          throw new AppError('NO_PERMISSION');
        if (actionsChanged && !actorHasAny(actor, P.HAZARDBRICKS_ACTIONS))
          throw new AppError('NO_PERMISSION');
        if (codesChanged && !actorHasAny(actor, P.HAZARDBRICKS_VERIFICATION_CODES))
          throw new AppError('NO_PERMISSION');
        if (changes.identifier) await assertIdentifierFree(tx, input.identifier, id);
        if (!(await repository.updateVersioned(tx, id, input.version, fields)))
          throw new AppError('CONFLICT');
        if (actionsChanged) await repository.replaceActions(tx, id, input);
        if (codesChanged) await repository.replaceCodes(tx, id, input.verificationCodes);
        if (actionsChanged) changes.actions = { from: children.actions.length, to: input.actions.length };
        if (codesChanged)
          changes.verificationCodes = {
            from: children.verificationCodes.length,
            to: input.verificationCodes.length,
          };
        await recordChange(tx, {
          entity: 'hazard_brick',
          entityId: id,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes,
        });
        return getIn(tx, id);
      });
    },

    async remove(actor: Actor, id: number, version: number): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await repository.findById(tx, id, 'update');
        if (!before) throw new AppError('NOT_FOUND');
        if (before.version !== version) throw new AppError('CONFLICT');
        for (const guard of deletionGuards) {
          const reason = await guard(tx, id);
          if (reason) throw new AppError('HAZARD_BRICK_IN_USE', { message: reason });
        }
        if (!(await repository.deleteVersioned(tx, id, version))) throw new AppError('CONFLICT');
        await recordChange(tx, {
          entity: 'hazard_brick',
          entityId: id,
          state: LOG_STATE.DELETED,
          actorId: actor.employeeId,
        });
      });
    },
  };
}

export type HazardBricksService = ReturnType<typeof createHazardBricksService>;
