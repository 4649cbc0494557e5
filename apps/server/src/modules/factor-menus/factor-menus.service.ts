import { factorMenusMessages } from '@schutzwerk/shared/errors.ts';
import type {
  CreateFactorMenu,
  FactorMenu,
  FactorMenuFile,
  FactorMenuListQuery,
  UpdateFactorMenu,
} from '@schutzwerk/shared/factor-menus/factor-menus.schema.ts';
import {
  checkFactorSelection,
  createFactorMenuSchema,
  FACTOR_MENU_FILE_FORMAT,
  FACTOR_MENU_NAME_MAX,
  factorMenuFile,
  updateFactorMenuSchema,
} from '@schutzwerk/shared/factor-menus/factor-menus.schema.ts';
import type { Db, Executor } from '#db/client.ts';
import type { Actor } from '#platform/access.ts';
import { diffFields, LOG_STATE, recordChange } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import type { FactorMenusRepository, MenuRecord, RegisterSave } from './factor-menus.repository.ts';

/** What is about to happen to a menu when the usage guards are asked. */
export type FactorMenuUsageAction = 'edit' | 'delete' | 'deactivate';
export type FactorMenuUsageContext = {
  action: FactorMenuUsageAction;
  /** Factors the change removes: on 'edit' the factors left out of the saved menu, on 'delete' all. */
  removedFactorIds: number[];
};

/**
 * A check other modules plug in (hazard assessments register theirs): returns a German reason when the
 * menu must not be edited, deleted or deactivated because it is in use, or null. Runs inside the
 * write's transaction (`ex`), after the menu row is locked.
 */
export type FactorMenuUsageGuard = (
  ex: Executor,
  menuId: number,
  context: FactorMenuUsageContext,
) => Promise<string | null>;

type Deps = { db: Db; repository: FactorMenusRepository; usageGuards?: FactorMenuUsageGuard[] };

const FIELDS = ['name', 'description', 'active'] as const;
const ENTITY = 'factor_menu';

export function createFactorMenusService({ db, repository, usageGuards = [] }: Deps) {
  async function present(ex: Executor, row: MenuRecord): Promise<FactorMenu> {
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      standard: row.isStandard,
      active: row.active,
      version: row.version,
      registers: await repository.registers(ex, row.id),
    };
  }

  async function getIn(ex: Executor, id: number): Promise<FactorMenu> {
    const row = await repository.findById(ex, id);
    if (!row) throw new AppError('NOT_FOUND');
    return present(ex, row);
  }

  /** Locks the menu for a change: exists, not the standard menu, version current. */
  async function lockForChange(tx: Executor, id: number, version: number): Promise<MenuRecord> {
    const row = await repository.findById(tx, id, 'update');
    if (!row) throw new AppError('NOT_FOUND');
    if (row.isStandard) throw new AppError('FACTOR_MENU_STANDARD_READONLY');
    if (row.version !== version) throw new AppError('CONFLICT');
    return row;
  }

  async function checkUsage(tx: Executor, id: number, context: FactorMenuUsageContext) {
    for (const guard of usageGuards) {
      const reason = await guard(tx, id, context);
      if (reason) throw new AppError('FACTOR_MENU_IN_USE', { message: reason });
    }
  }

  async function assertNameFree(ex: Executor, name: string, exceptId?: number) {
    if (await repository.nameTaken(ex, name, exceptId)) {
      throw new AppError('FACTOR_MENU_NAME_EXISTS', {
        details: [{ path: ['name'], message: factorMenusMessages.fieldNameTaken }],
      });
    }
  }

  /** A free name "Kopie von …", "Kopie 2 von …" within the length limit. */
  async function copyName(ex: Executor, base: string): Promise<string> {
    for (let n = 1; ; n++) {
      const prefix = n === 1 ? 'Kopie von ' : `Kopie ${n} von `;
      const name = (prefix + base).slice(0, FACTOR_MENU_NAME_MAX);
      if (!(await repository.nameTaken(ex, name))) return name;
    }
  }

  /** Inserts a new menu (inactive: "in Bearbeitung" until someone activates it) with its registers. */
  async function insertMenu(
    tx: Executor,
    actor: Actor,
    menu: { name: string; description: string; registers: RegisterSave[] },
    how: string,
  ): Promise<FactorMenu> {
    await assertNameFree(tx, menu.name);
    const row = await repository.insert(tx, {
      name: menu.name,
      description: menu.description,
      active: false,
    });
    await repository.saveRegisters(
      tx,
      row.id,
      menu.registers.map((r) => ({
        ...r,
        id: undefined,
        factors: r.factors.map((f) => ({ ...f, id: undefined })),
      })),
    );
    await recordChange(tx, {
      entity: ENTITY,
      entityId: row.id,
      state: LOG_STATE.CREATED,
      actorId: actor.employeeId,
      changes: { name: { from: null, to: menu.name }, created: { from: null, to: how } },
    });
    return present(tx, row);
  }

  return {
    list: (query: FactorMenuListQuery) => repository.list(db, query),
    /** The picker of the assessment header: active menus only. */
    picker: (query: FactorMenuListQuery) => repository.list(db, query, true),

    get: (id: number) => getIn(db, id),

    async create(actor: Actor, raw: CreateFactorMenu): Promise<FactorMenu> {
      const input = createFactorMenuSchema.parse(raw);
      return db.transaction((tx) => insertMenu(tx, actor, input, 'new'));
    },

    /**
     * Saves name, description and the registers with their factors by id (ids stay stable). Refused for
     * the standard menu, on a stale version, for ids of other menus and when a usage guard objects.
     */
    async update(actor: Actor, id: number, raw: UpdateFactorMenu): Promise<FactorMenu> {
      const input = updateFactorMenuSchema.parse(raw);
      return db.transaction(async (tx) => {
        const before = await lockForChange(tx, id, input.version);
        const existing = await repository.registers(tx, id);
        const registerIds = new Set(existing.map((r) => r.id));
        const factorIds = new Set(existing.flatMap((r) => r.factors.map((f) => f.id)));
        const details: { path: (string | number)[]; message: string }[] = [];
        input.registers.forEach((r, i) => {
          if (r.id !== undefined && !registerIds.has(r.id))
            details.push({
              path: ['registers', i, 'id'],
              message: factorMenusMessages.fieldRegisterForeign,
            });
          r.factors.forEach((f, j) => {
            if (f.id !== undefined && !factorIds.has(f.id))
              details.push({
                path: ['registers', i, 'factors', j, 'id'],
                message: factorMenusMessages.fieldFactorForeign,
              });
          });
        });
        if (details.length > 0) throw new AppError('INVALID_REQUEST', { details });
        const kept = new Set(input.registers.flatMap((r) => r.factors.map((f) => f.id)));
        const removedFactorIds = [...factorIds].filter((f) => !kept.has(f));
        await checkUsage(tx, id, { action: 'edit', removedFactorIds });
        const fields = { name: input.name, description: input.description };
        const changes = diffFields(before, fields, FIELDS);
        if (changes.name) await assertNameFree(tx, input.name, id);
        if (!(await repository.updateVersioned(tx, id, input.version, fields)))
          throw new AppError('CONFLICT');
        await repository.saveRegisters(tx, id, input.registers);
        const factorCount = input.registers.reduce((n, r) => n + r.factors.length, 0);
        changes.registers = { from: existing.length, to: input.registers.length };
        changes.factors = { from: factorIds.size, to: factorCount };
        await recordChange(tx, {
          entity: ENTITY,
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
        const before = await lockForChange(tx, id, version);
        const existing = await repository.registers(tx, id);
        await checkUsage(tx, id, {
          action: 'delete',
          removedFactorIds: existing.flatMap((r) => r.factors.map((f) => f.id)),
        });
        if (!(await repository.deleteVersioned(tx, id, version))) throw new AppError('CONFLICT');
        await recordChange(tx, {
          entity: ENTITY,
          entityId: id,
          state: LOG_STATE.DELETED,
          actorId: actor.employeeId,
          changes: { name: { from: before.name, to: null } },
        });
      });
    },

    /**
     * Activates or deactivates a menu (the standard menu too: a company working with its own menus may
     * hide it from the picker). Deactivating asks the usage guards.
     */
    async setActive(actor: Actor, id: number, version: number, active: boolean): Promise<FactorMenu> {
      return db.transaction(async (tx) => {
        const before = await repository.findById(tx, id, 'update');
        if (!before) throw new AppError('NOT_FOUND');
        if (before.version !== version) throw new AppError('CONFLICT');
        if (before.active === active) return present(tx, before);
        if (!active) await checkUsage(tx, id, { action: 'deactivate', removedFactorIds: [] });
        if (!(await repository.updateVersioned(tx, id, version, { active }))) throw new AppError('CONFLICT');
        await recordChange(tx, {
          entity: ENTITY,
          entityId: id,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes: { active: { from: before.active, to: active } },
        });
        return getIn(tx, id);
      });
    },

    /** Derives an editable menu (inactive, "Kopie von …" unless a name is given) from any menu. */
    async copy(actor: Actor, id: number, name?: string): Promise<FactorMenu> {
      return db.transaction(async (tx) => {
        const source = await getIn(tx, id);
        return insertMenu(
          tx,
          actor,
          {
            name: name ?? (await copyName(tx, source.name)),
            description: source.description,
            registers: source.registers,
          },
          `copy of ${id}`,
        );
      });
    },

    async exportFile(id: number): Promise<{ fileName: string; content: string }> {
      const menu = await getIn(db, id);
      const safe = menu.name.replace(/[\\/:*?"<>|]+/g, '_').trim() || 'Faktorenmenue';
      return {
        fileName: `Faktorenmenü ${safe}.json`,
        content: `${JSON.stringify(factorMenuFile(menu), null, 2)}\n`,
      };
    },

    /**
     * Imports an export file as a new (inactive) menu. No data → FACTOR_MENU_IMPORT_EMPTY; not a factor
     * menu file or invalid fields → FACTOR_MENU_IMPORT_INVALID (field messages in details); a menu of
     * the same name exists → FACTOR_MENU_IMPORT_DUPLICATE.
     */
    async importFile(actor: Actor, content: string): Promise<FactorMenu> {
      if (content.trim() === '') throw new AppError('FACTOR_MENU_IMPORT_EMPTY');
      let parsed: unknown;
      try {
        parsed = JSON.parse(content);
      } catch {
        throw new AppError('FACTOR_MENU_IMPORT_INVALID');
      }
      const file = parsed as Partial<FactorMenuFile> | null;
      if (typeof file !== 'object' || file === null || file.format !== FACTOR_MENU_FILE_FORMAT)
        throw new AppError('FACTOR_MENU_IMPORT_INVALID');
      const menu = file.menu as Partial<FactorMenuFile['menu']> | undefined;
      if (!menu || !Array.isArray(menu.registers) || menu.registers.length === 0)
        throw new AppError('FACTOR_MENU_IMPORT_EMPTY');
      const result = createFactorMenuSchema.safeParse({
        name: menu.name,
        description: menu.description ?? '',
        registers: menu.registers.map((r) => ({
          ...r,
          id: undefined,
          factors: Array.isArray(r?.factors) ? r.factors.map((f) => ({ ...f, id: undefined })) : r?.factors,
        })),
      });
      if (!result.success)
        throw new AppError('FACTOR_MENU_IMPORT_INVALID', {
          details: result.error.issues.map((i) => ({ path: i.path, message: i.message })),
        });
      const input = result.data;
      return db.transaction(async (tx) => {
        if (await repository.nameTaken(tx, input.name)) throw new AppError('FACTOR_MENU_IMPORT_DUPLICATE');
        return insertMenu(tx, actor, input, 'import');
      });
    },

    /**
     * For hazard assessments: the menu an assessment may be given. No id → FACTOR_MENU_MISSING, unknown
     * id → FACTOR_MENU_INVALID_ID, inactive ("in Bearbeitung") → FACTOR_MENU_IN_EDITING.
     * `allowInactive` lets an assessment keep the menu it already has.
     */
    async assertAssignable(
      ex: Executor,
      menuId: number | null | undefined,
      options: { allowInactive?: boolean } = {},
    ): Promise<FactorMenu> {
      if (menuId === null || menuId === undefined) throw new AppError('FACTOR_MENU_MISSING');
      const row = await repository.findById(ex, menuId);
      if (!row) throw new AppError('FACTOR_MENU_INVALID_ID');
      if (!row.active && !options.allowInactive) throw new AppError('FACTOR_MENU_IN_EDITING');
      return present(ex, row);
    },

    /**
     * For hazard assessments: the factors chosen for a hazard must belong to the menu and respect the
     * registers' dropdown settings — one factor per register unless `multiple` (FACTOR_MENU_FACTOR_NOT_MULTIPLE),
     * registers not `offered` only where the hazard already has a factor of them (`keepFactorIds`;
     * FACTOR_MENU_REGISTER_NOT_OFFERED), foreign or repeated ids FACTOR_MENU_FACTOR_INVALID.
     */
    assertFactorSelection(
      menu: Pick<FactorMenu, 'registers'>,
      factorIds: readonly number[],
      keepFactorIds: readonly number[] = [],
    ): void {
      const problem = checkFactorSelection(menu, factorIds, keepFactorIds);
      if (problem) throw new AppError(problem.code, { message: problem.message });
    },
  };
}

export type FactorMenusService = ReturnType<typeof createFactorMenusService>;
