import type {
  FactorMenuListQuery,
  FactorMenuRow,
  FactorRegister,
} from '@schutzwerk/shared/factor-menus/factor-menus.schema.ts';
import { factorMenuListQuerySchema } from '@schutzwerk/shared/factor-menus/factor-menus.schema.ts';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';
import { deleteVersioned, updateVersioned } from '#db/versioned.ts';
import { type ListSource, planList, runList } from '#platform/list.ts';
import { countRows } from '#platform/list-count.ts';
import { factorMenuFactors, factorMenuRegisters, factorMenus } from './factor-menus.table.ts';

export type MenuRecord = typeof factorMenus.$inferSelect;
export type MenuInsert = typeof factorMenus.$inferInsert;

/** A register as saved: `id` for an existing row, none for a new one. */
export type RegisterSave = {
  id?: number;
  number: string;
  title: string;
  dropdown: { offered: boolean; expanded: boolean; multiple: boolean };
  factors: { id?: number; number: string; title: string; legalBasis: string; source: string }[];
};

const menuSource: ListSource = {
  orderBy: {
    name: sql`lower(${factorMenus.name})`,
    active: [factorMenus.active, sql`lower(${factorMenus.name})`],
    standard: [factorMenus.isStandard, sql`lower(${factorMenus.name})`],
  },
  defaultOrderBy: 'name',
  tieBreaker: factorMenus.id,
  searchText: sql`${factorMenus.name} || ' ' || ${factorMenus.description}`,
};

/** Data access of the factor menus; methods that write take an Executor. */
export const factorMenusRepository = {
  async findById(ex: Executor, id: number, lock?: 'update'): Promise<MenuRecord | undefined> {
    const q = ex.select().from(factorMenus).where(eq(factorMenus.id, id));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },

  async findStandard(ex: Executor): Promise<MenuRecord | undefined> {
    const [row] = await ex.select().from(factorMenus).where(eq(factorMenus.isStandard, true));
    return row;
  },

  /** The base data's standard menu; undefined when a menu of that name exists already. */
  async insertIfAbsent(ex: Executor, values: MenuInsert): Promise<number | undefined> {
    const [row] = await ex
      .insert(factorMenus)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: factorMenus.id });
    return row?.id;
  },

  /** One register of the base data's standard menu with its factors. */
  async insertRegisterWithFactors(
    ex: Executor,
    register: typeof factorMenuRegisters.$inferInsert,
    factors: Omit<typeof factorMenuFactors.$inferInsert, 'menuId' | 'registerId'>[],
  ): Promise<void> {
    const [row] = await ex
      .insert(factorMenuRegisters)
      .values(register)
      .returning({ id: factorMenuRegisters.id });
    await ex
      .insert(factorMenuFactors)
      .values(factors.map((f) => ({ ...f, menuId: register.menuId, registerId: row!.id })));
  },

  async nameTaken(ex: Executor, name: string, exceptId?: number): Promise<boolean> {
    const rows = await ex
      .select({ id: factorMenus.id })
      .from(factorMenus)
      .where(
        and(
          sql`lower(${factorMenus.name}) = lower(${name})`,
          exceptId === undefined ? undefined : sql`${factorMenus.id} <> ${exceptId}`,
        ),
      );
    return rows.length > 0;
  },

  async insert(ex: Executor, values: MenuInsert): Promise<MenuRecord> {
    const [row] = await ex.insert(factorMenus).values(values).returning();
    if (!row) throw new Error('insert returned nothing');
    return row;
  },

  async updateVersioned(ex: Executor, id: number, version: number, patch: Partial<MenuInsert>) {
    return updateVersioned(ex, factorMenus, id, version, patch);
  },

  async deleteVersioned(ex: Executor, id: number, version: number): Promise<boolean> {
    return deleteVersioned(ex, factorMenus, id, version);
  },

  /** The registers of a menu in order, each with its factors in order. */
  async registers(ex: Executor, menuId: number): Promise<FactorRegister[]> {
    const registers = await ex
      .select()
      .from(factorMenuRegisters)
      .where(eq(factorMenuRegisters.menuId, menuId))
      .orderBy(asc(factorMenuRegisters.position), asc(factorMenuRegisters.id));
    const factors = await ex
      .select()
      .from(factorMenuFactors)
      .where(eq(factorMenuFactors.menuId, menuId))
      .orderBy(asc(factorMenuFactors.position), asc(factorMenuFactors.id));
    return registers.map((r) => ({
      id: r.id,
      number: r.number,
      title: r.title,
      dropdown: { offered: r.dropdownOffered, expanded: r.dropdownExpanded, multiple: r.dropdownMultiple },
      factors: factors
        .filter((f) => f.registerId === r.id)
        .map((f) => ({
          id: f.id,
          number: f.number,
          title: f.title,
          legalBasis: f.legalBasis,
          source: f.source,
        })),
    }));
  },

  /**
   * Saves the registers and factors of a menu by id: rows with an id are updated (their ids stay),
   * rows without are inserted, rows missing from the input are deleted. The caller has checked that
   * every given id belongs to the menu.
   */
  async saveRegisters(ex: Executor, menuId: number, input: RegisterSave[]) {
    const existing = await factorMenusRepository.registers(ex, menuId);
    const keepRegisters = new Set(input.flatMap((r) => (r.id === undefined ? [] : [r.id])));
    const keepFactors = new Set(input.flatMap((r) => r.factors.flatMap((f) => (f.id ? [f.id] : []))));
    const goneFactors = existing.flatMap((r) => r.factors.filter((f) => !keepFactors.has(f.id)));
    if (goneFactors.length > 0)
      await ex.delete(factorMenuFactors).where(
        inArray(
          factorMenuFactors.id,
          goneFactors.map((f) => f.id),
        ),
      );
    for (const [position, r] of input.entries()) {
      const values = {
        position,
        number: r.number,
        title: r.title,
        dropdownOffered: r.dropdown.offered,
        dropdownExpanded: r.dropdown.expanded,
        dropdownMultiple: r.dropdown.multiple,
      };
      let registerId = r.id;
      if (registerId === undefined) {
        const [row] = await ex
          .insert(factorMenuRegisters)
          .values({ menuId, ...values })
          .returning({ id: factorMenuRegisters.id });
        registerId = row!.id;
      } else {
        await ex.update(factorMenuRegisters).set(values).where(eq(factorMenuRegisters.id, registerId));
      }
      for (const [fPosition, f] of r.factors.entries()) {
        const fValues = {
          registerId,
          position: fPosition,
          number: f.number,
          title: f.title,
          legalBasis: f.legalBasis,
          source: f.source,
        };
        if (f.id === undefined) await ex.insert(factorMenuFactors).values({ menuId, ...fValues });
        else await ex.update(factorMenuFactors).set(fValues).where(eq(factorMenuFactors.id, f.id));
      }
    }
    // Last, so factors moved out of a removed register are not deleted with it.
    const goneRegisters = existing.filter((r) => !keepRegisters.has(r.id));
    if (goneRegisters.length > 0)
      await ex.delete(factorMenuRegisters).where(
        inArray(
          factorMenuRegisters.id,
          goneRegisters.map((r) => r.id),
        ),
      );
  },

  async list(ex: Executor, input: FactorMenuListQuery, activeOnly = false) {
    const query = factorMenuListQuerySchema.parse(input);
    const filters: (SQL | undefined)[] = [];
    if (activeOnly) filters.push(eq(factorMenus.active, true));
    else if (query.active !== undefined) filters.push(eq(factorMenus.active, query.active));
    const plan = planList(menuSource, query, filters);
    return runList<FactorMenuRow>(plan, {
      rows: (p) =>
        ex
          .select({
            id: factorMenus.id,
            name: factorMenus.name,
            standard: factorMenus.isStandard,
            active: factorMenus.active,
            // Qualified by hand: drizzle leaves columns of a one-table select unqualified.
            registerCount: sql<number>`(select cast(count(*) as integer) from factor_menu_registers r where r.menu_id = "factor_menus"."id")`,
            factorCount: sql<number>`(select cast(count(*) as integer) from factor_menu_factors f where f.menu_id = "factor_menus"."id")`,
          })
          .from(factorMenus)
          .where(p.where)
          .orderBy(...p.orderBy)
          .limit(p.limit)
          .offset(p.offset),
      count: (where) => countRows(ex, factorMenus, where),
    });
  },
};

export type FactorMenusRepository = typeof factorMenusRepository;
