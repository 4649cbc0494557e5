import type {
  CreateFirstAidEntry,
  FirstAidEntry,
  UpdateFirstAidEntry,
} from '@schutzwerk/shared/accidents/accidents.schema.ts';
import {
  createFirstAidEntrySchema,
  firstAidListQuerySchema,
  updateFirstAidEntrySchema,
} from '@schutzwerk/shared/accidents/accidents.schema.ts';
import { accidentsMessages } from '@schutzwerk/shared/errors.ts';
import type { ListQueryInput } from '@schutzwerk/shared/list/list.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { Db, Executor } from '#db/client.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';
import { diffFields, LOG_STATE } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import { type AccidentsRepository, FIRST_AID_ENTITY, type FirstAidRecord } from './accidents.repository.ts';
import { canSeeHealth } from './accidents.service.ts';

const FUTURE_GRACE_MS = 60_000;
const ENTRY_FIELDS = ['employeeId', 'personName', 'occurredAt', 'place', 'whatHappened', 'firstAid'] as const;

/**
 * The electronic first-aid book (Verbandbuch, decision 047): FIRST_AID_BOOK records entries and reads its own,
 * FIRST_AID_BOOK_ALL reads every entry of the portal; what happened and the first aid given (health data) only
 * for the recorder and the health right. Every read of one entry is logged like a report's.
 */
export function createFirstAidService(deps: { db: Db; repository: AccidentsRepository; now?: () => Date }) {
  const { db, repository } = deps;
  const now = deps.now ?? (() => new Date());

  async function visible(ex: Executor, actor: Actor, id: number, lock?: 'update'): Promise<FirstAidRecord> {
    const row = await repository.findEntry(ex, id, lock);
    if (
      !row ||
      row.portalId !== actor.portalId ||
      (!actorHasAny(actor, P.FIRST_AID_BOOK_ALL) && row.recordedBy !== actor.employeeId)
    )
      throw new AppError('NOT_FOUND');
    return row;
  }

  async function present(ex: Executor, actor: Actor, row: FirstAidRecord): Promise<FirstAidEntry> {
    const health = canSeeHealth(actor) || row.recordedBy === actor.employeeId;
    const names = await repository.employeeNames(
      ex,
      [row.employeeId, row.recordedBy].filter((v): v is number => v !== null),
    );
    return {
      id: row.id,
      employeeId: row.employeeId,
      personName: row.employeeId === null ? row.personName : (names.get(row.employeeId) ?? row.personName),
      occurredAt: row.occurredAt.toISOString(),
      place: row.place,
      healthVisible: health,
      whatHappened: health ? row.whatHappened : null,
      firstAid: health ? row.firstAid : null,
      recordedById: row.recordedBy,
      recordedByName: row.recordedBy === null ? null : (names.get(row.recordedBy) ?? null),
      createdAt: row.createdAt.toISOString(),
      version: row.version,
    };
  }

  async function check(
    ex: Executor,
    actor: Actor,
    v: { employeeId: number | null; personName: string; occurredAt: string },
  ) {
    if (v.employeeId === null && !v.personName)
      throw new AppError('FIRST_AID_PERSON_REQUIRED', {
        details: [{ path: ['personName'], message: accidentsMessages.fieldPerson }],
      });
    if (v.employeeId !== null && !(await repository.employeeOfPortal(ex, v.employeeId, actor.portalId)))
      throw new AppError('ACCIDENT_EMPLOYEE_INVALID', {
        details: [{ path: ['employeeId'], message: accidentsMessages.fieldPerson }],
      });
    if (new Date(v.occurredAt).getTime() > now().getTime() + FUTURE_GRACE_MS)
      throw new AppError('FIRST_AID_TIME_IN_FUTURE', {
        details: [{ path: ['occurredAt'], message: accidentsMessages.fieldFirstAidFuture }],
      });
  }

  return {
    list: (actor: Actor, raw: ListQueryInput) =>
      repository.listEntries(
        db,
        {
          portalId: actor.portalId,
          recordedBy: actorHasAny(actor, P.FIRST_AID_BOOK_ALL) ? null : actor.employeeId,
          health: canSeeHealth(actor),
          actorId: actor.employeeId,
        },
        firstAidListQuerySchema.parse(raw),
      ),

    async get(actor: Actor, id: number): Promise<FirstAidEntry> {
      return db.transaction(async (tx) => {
        const row = await visible(tx, actor, id);
        await repository.logChange(tx, {
          entity: FIRST_AID_ENTITY,
          entityId: id,
          state: LOG_STATE.READ,
          actorId: actor.employeeId,
        });
        return present(tx, actor, row);
      });
    },

    async create(actor: Actor, raw: CreateFirstAidEntry): Promise<FirstAidEntry> {
      const v = createFirstAidEntrySchema.parse(raw);
      return db.transaction(async (tx) => {
        await check(tx, actor, v);
        const row = await repository.insertEntry(tx, {
          portalId: actor.portalId,
          employeeId: v.employeeId,
          personName: v.employeeId === null ? v.personName : '',
          occurredAt: new Date(v.occurredAt),
          place: v.place,
          whatHappened: v.whatHappened,
          firstAid: v.firstAid,
          recordedBy: actor.employeeId,
        });
        await repository.logChange(tx, {
          entity: FIRST_AID_ENTITY,
          entityId: row.id,
          state: LOG_STATE.CREATED,
          actorId: actor.employeeId,
        });
        return present(tx, actor, row);
      });
    },

    /** The recorder corrects an entry (others with the health right too); named fields only. */
    async update(actor: Actor, id: number, raw: UpdateFirstAidEntry): Promise<FirstAidEntry> {
      const { version, ...patch } = updateFirstAidEntrySchema.parse(raw);
      return db.transaction(async (tx) => {
        const before = await visible(tx, actor, id, 'update');
        if (before.recordedBy !== actor.employeeId && !canSeeHealth(actor))
          throw new AppError('NO_PERMISSION');
        if (before.version !== version) throw new AppError('CONFLICT');
        const next = {
          employeeId: patch.employeeId !== undefined ? patch.employeeId : before.employeeId,
          personName: patch.personName ?? before.personName,
          occurredAt: patch.occurredAt ?? before.occurredAt.toISOString(),
        };
        await check(tx, actor, next);
        const values = {
          ...(patch.employeeId !== undefined ? { employeeId: patch.employeeId } : {}),
          ...(patch.personName !== undefined ? { personName: patch.personName } : {}),
          ...(patch.occurredAt !== undefined ? { occurredAt: new Date(patch.occurredAt) } : {}),
          ...(patch.place !== undefined ? { place: patch.place } : {}),
          ...(patch.whatHappened !== undefined ? { whatHappened: patch.whatHappened } : {}),
          ...(patch.firstAid !== undefined ? { firstAid: patch.firstAid } : {}),
        };
        const changes = diffFields(before, values, [...ENTRY_FIELDS]);
        if (!(await repository.updateEntryVersioned(tx, id, version, values))) throw new AppError('CONFLICT');
        for (const k of ['whatHappened', 'firstAid']) if (changes[k]) changes[k] = { from: '***', to: '***' };
        await repository.logChange(tx, {
          entity: FIRST_AID_ENTITY,
          entityId: id,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes,
        });
        return present(tx, actor, (await repository.findEntry(tx, id)) as FirstAidRecord);
      });
    },
  };
}

export type FirstAidService = ReturnType<typeof createFirstAidService>;
