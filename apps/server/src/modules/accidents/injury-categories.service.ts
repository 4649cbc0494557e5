import {
  type CreateInjuryCategory,
  createInjuryCategorySchema,
  type InjuryCategory,
  type UpdateInjuryCategory,
  updateInjuryCategorySchema,
} from '@schutzwerk/shared/accidents/injury-categories.schema.ts';
import { accidentsMessages } from '@schutzwerk/shared/errors.ts';
import type { Db, Executor } from '#db/client.ts';
import type { Actor } from '#platform/access.ts';
import { diffFields, LOG_STATE } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import type { AccidentsRepository } from './accidents.repository.ts';

const ENTITY = 'accident_injury_category';

/**
 * The managed catalogue of injury categories (decision 056): read by everyone who reports accidents, managed with
 * INJURY_CATEGORIES (the route). Labels are unique (ignoring case); a built-in category or one used by a report
 * is never deleted — it can only be set inactive, so stored reports keep their category.
 */
export function createInjuryCategoriesService(deps: { db: Db; repository: AccidentsRepository }) {
  const { db, repository } = deps;

  async function one(ex: Executor, id: number): Promise<InjuryCategory> {
    const row = (await repository.injuryCategories(ex)).find((c) => c.id === id);
    if (!row) throw new AppError('INJURY_CATEGORY_NOT_FOUND');
    return row;
  }
  async function uniqueLabel(ex: Executor, label: string, exceptId?: number) {
    const other = await repository.injuryCategoryByLabel(ex, label);
    if (other && other.id !== exceptId)
      throw new AppError('INJURY_CATEGORY_DUPLICATE', {
        details: [{ path: ['label'], message: accidentsMessages.fieldInjuryCategoryDuplicate }],
      });
  }

  return {
    async list(): Promise<InjuryCategory[]> {
      return repository.injuryCategories(db);
    },

    async create(actor: Actor, raw: CreateInjuryCategory): Promise<InjuryCategory> {
      const input = createInjuryCategorySchema.parse(raw);
      return db.transaction(async (tx) => {
        await uniqueLabel(tx, input.label);
        const row = await repository.insertInjuryCategory(tx, input);
        await repository.logChange(tx, {
          entity: ENTITY,
          entityId: row.id,
          state: LOG_STATE.CREATED,
          actorId: actor.employeeId,
          changes: diffFields({} as Record<string, unknown>, input, ['label', 'noticeDue']),
        });
        return one(tx, row.id);
      });
    },

    /** Changes the named fields only (decision 024). */
    async update(actor: Actor, id: number, raw: UpdateInjuryCategory): Promise<InjuryCategory> {
      const { version, ...patch } = updateInjuryCategorySchema.parse(raw);
      return db.transaction(async (tx) => {
        const before = await repository.injuryCategory(tx, id, 'update');
        if (!before) throw new AppError('INJURY_CATEGORY_NOT_FOUND');
        if (before.version !== version) throw new AppError('CONFLICT');
        if (patch.label !== undefined) await uniqueLabel(tx, patch.label, id);
        const values = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
        if (!(await repository.updateInjuryCategory(tx, id, version, values))) throw new AppError('CONFLICT');
        await repository.logChange(tx, {
          entity: ENTITY,
          entityId: id,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes: diffFields(before as unknown as Record<string, unknown>, values, [
            'label',
            'noticeDue',
            'active',
          ]),
        });
        return one(tx, id);
      });
    },

    /** Deletes a category nobody uses and that is not built in; otherwise 409 (set it inactive instead). */
    async delete(actor: Actor, id: number, version: number): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await repository.injuryCategory(tx, id, 'update');
        if (!before) throw new AppError('INJURY_CATEGORY_NOT_FOUND');
        if (before.version !== version) throw new AppError('CONFLICT');
        if (before.builtIn || (await repository.injuryCategoryUsed(tx, id)))
          throw new AppError('INJURY_CATEGORY_IN_USE');
        if (!(await repository.deleteInjuryCategory(tx, id, version))) throw new AppError('CONFLICT');
        await repository.logChange(tx, {
          entity: ENTITY,
          entityId: id,
          state: LOG_STATE.DELETED,
          actorId: actor.employeeId,
          changes: { label: { from: before.label, to: null } },
        });
      });
    },
  };
}

export type InjuryCategoriesService = ReturnType<typeof createInjuryCategoriesService>;
