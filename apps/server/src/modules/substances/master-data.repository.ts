import { type ListQueryInput, listQuerySchema } from '@schutzwerk/shared/list/list.schema.ts';
import type {
  IngredientTemplate,
  Manufacturer,
  MasterDataKind,
} from '@schutzwerk/shared/substances/master-data.schema.ts';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';
import { deleteVersioned } from '#db/versioned.ts';
import { planList, runList } from '#platform/list.ts';
import { countRows } from '#platform/list-count.ts';
import { substanceIngredientTemplates, substanceManufacturers } from './master-data.table.ts';
import { substanceVersions } from './substances.table.ts';

const t = substanceIngredientTemplates;
const m = substanceManufacturers;

type Values = Record<string, string>;
/** A row of either list, as the routes answer it (the extra time stamps are dropped by the response schema). */
export type MasterRow = IngredientTemplate | Manufacturer;

/** Queries of the register's managed lists (decision 055): ingredient templates and manufacturers. */
export const masterDataRepository = {
  async list(ex: Executor, kind: MasterDataKind, input: ListQueryInput) {
    const query = listQuerySchema.parse(input);
    if (kind === 'ingredientTemplate') {
      const plan = planList<'name' | 'casNumber'>(
        {
          orderBy: { name: sql`lower(${t.name})`, casNumber: t.casNumber },
          defaultOrderBy: 'name',
          tieBreaker: t.id,
          searchText: sql`${t.name} || ' ' || ${t.casNumber} || ' ' || ${t.ecNumber}`,
        },
        query,
      );
      return runList(plan, {
        rows: (p) =>
          ex
            .select()
            .from(t)
            .where(p.where)
            .orderBy(...p.orderBy)
            .limit(p.limit)
            .offset(p.offset),
        count: (where) => countRows(ex, t, where),
      });
    }
    const plan = planList<'name' | 'city'>(
      {
        orderBy: { name: sql`lower(${m.name})`, city: sql`lower(${m.city})` },
        defaultOrderBy: 'name',
        tieBreaker: m.id,
        searchText: sql`${m.name} || ' ' || ${m.city}`,
      },
      query,
    );
    return runList(plan, {
      rows: (p) =>
        ex
          .select()
          .from(m)
          .where(p.where)
          .orderBy(...p.orderBy)
          .limit(p.limit)
          .offset(p.offset),
      count: (where) => countRows(ex, m, where),
    });
  },

  async find(ex: Executor, kind: MasterDataKind, id: number) {
    const table = kind === 'ingredientTemplate' ? t : m;
    const [row] = await ex.select().from(table).where(eq(table.id, id));
    return row as unknown as MasterRow | undefined;
  },

  async nameTaken(ex: Executor, kind: MasterDataKind, name: string, exceptId?: number) {
    const table = kind === 'ingredientTemplate' ? t : m;
    const rows = await ex
      .select({ id: table.id })
      .from(table)
      .where(
        and(
          sql`lower(${table.name}) = lower(${name})`,
          exceptId === undefined ? undefined : ne(table.id, exceptId),
        ),
      );
    return rows.length > 0;
  },

  async insert(ex: Executor, kind: MasterDataKind, values: Values) {
    const table = kind === 'ingredientTemplate' ? t : m;
    const [row] = await ex
      .insert(table)
      .values(values as never)
      .returning();
    if (!row) throw new Error('insert returned nothing');
    return row as unknown as MasterRow;
  },

  async updateVersioned(ex: Executor, kind: MasterDataKind, id: number, version: number, values: Values) {
    const table = kind === 'ingredientTemplate' ? t : m;
    const rows = await ex
      .update(table)
      .set({ ...values, version: sql`${table.version} + 1`, updatedAt: new Date() } as never)
      .where(and(eq(table.id, id), eq(table.version, version)))
      .returning();
    return rows[0] as unknown as MasterRow | undefined;
  },

  /** A manufacturer named by a substance version cannot be deleted (the templates are copied, never referenced). */
  async inUse(ex: Executor, kind: MasterDataKind, id: number): Promise<boolean> {
    if (kind === 'ingredientTemplate') return false;
    const [row] = await ex
      .select({ id: substanceVersions.id })
      .from(substanceVersions)
      .where(eq(substanceVersions.manufacturerId, id))
      .limit(1);
    return row !== undefined;
  },

  async deleteVersioned(ex: Executor, kind: MasterDataKind, id: number, version: number) {
    const table = kind === 'ingredientTemplate' ? t : m;
    return deleteVersioned(ex, table, id, version);
  },

  /** The manufacturer whose name equals `name` without case and surrounding spaces (the SDS import). */
  async manufacturerByName(ex: Executor, name: string) {
    const [row] = await ex
      .select()
      .from(m)
      .where(sql`lower(trim(${m.name})) = lower(trim(${name}))`)
      .orderBy(m.id)
      .limit(1);
    return row;
  },

  async manufacturerExists(ex: Executor, id: number): Promise<boolean> {
    const [row] = await ex.select({ id: m.id }).from(m).where(eq(m.id, id));
    return row !== undefined;
  },
};
