import { substancesMessages } from '@schutzwerk/shared/errors.ts';
import type { ListQueryInput } from '@schutzwerk/shared/list/list.schema.ts';
import {
  ingredientTemplateInputSchema,
  type MasterDataKind,
  manufacturerInputSchema,
  updateIngredientTemplateSchema,
  updateManufacturerSchema,
} from '@schutzwerk/shared/substances/master-data.schema.ts';
import type { Db } from '#db/client.ts';
import type { Actor } from '#platform/access.ts';
import { LOG_STATE, recordChange } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import { masterDataRepository as repository } from './master-data.repository.ts';

const SCHEMAS = {
  ingredientTemplate: { create: ingredientTemplateInputSchema, update: updateIngredientTemplateSchema },
  manufacturer: { create: manufacturerInputSchema, update: updateManufacturerSchema },
} as const;

const ENTITY = {
  ingredientTemplate: 'substance_ingredient_template',
  manufacturer: 'substance_manufacturer',
};

function nameExists(): never {
  throw new AppError('SUBSTANCE_CATALOGUE_NAME_EXISTS', {
    details: [{ path: ['name'], message: substancesMessages.fieldCatalogueNameTaken }],
  });
}

/** The register's managed lists (decision 055): read by the register's users, kept by HAZMAT_MASTER_DATA. */
export function createMasterDataService({ db }: { db: Db }) {
  return {
    list: (kind: MasterDataKind, query: ListQueryInput) => repository.list(db, kind, query),

    async create(actor: Actor, kind: MasterDataKind, raw: unknown) {
      const values = SCHEMAS[kind].create.parse(raw) as Record<string, string>;
      return db.transaction(async (tx) => {
        if (await repository.nameTaken(tx, kind, values.name as string)) nameExists();
        const row = await repository.insert(tx, kind, values);
        await recordChange(tx, {
          entity: ENTITY[kind],
          entityId: row.id,
          state: LOG_STATE.CREATED,
          actorId: actor.employeeId,
        });
        return row;
      });
    },

    /** Whole-record save (decision 024); an entry changed meanwhile answers 409. */
    async update(actor: Actor, kind: MasterDataKind, id: number, raw: unknown) {
      const { version, ...values } = SCHEMAS[kind].update.parse(raw) as unknown as Record<string, string> & {
        version: number;
      };
      return db.transaction(async (tx) => {
        const before = await repository.find(tx, kind, id);
        if (!before) throw new AppError('NOT_FOUND');
        if (await repository.nameTaken(tx, kind, values.name as string, id)) nameExists();
        const row = await repository.updateVersioned(tx, kind, id, version, values);
        if (!row) throw new AppError('CONFLICT');
        const changes = Object.fromEntries(
          Object.entries(values)
            .filter(([k, v]) => (before as Record<string, unknown>)[k] !== v)
            .map(([k, v]) => [k, { from: (before as Record<string, unknown>)[k] ?? null, to: v }]),
        );
        await recordChange(tx, {
          entity: ENTITY[kind],
          entityId: id,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes,
        });
        return row;
      });
    },

    async remove(actor: Actor, kind: MasterDataKind, id: number, version: number) {
      await db.transaction(async (tx) => {
        const before = await repository.find(tx, kind, id);
        if (!before) throw new AppError('NOT_FOUND');
        if (await repository.inUse(tx, kind, id)) throw new AppError('SUBSTANCE_CATALOGUE_IN_USE');
        if (!(await repository.deleteVersioned(tx, kind, id, version))) throw new AppError('CONFLICT');
        await recordChange(tx, {
          entity: ENTITY[kind],
          entityId: id,
          state: LOG_STATE.DELETED,
          actorId: actor.employeeId,
        });
      });
    },
  };
}
export type MasterDataService = ReturnType<typeof createMasterDataService>;
