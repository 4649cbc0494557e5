import type { ListQuery } from '@schutzwerk/shared/list/list.schema.ts';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';
import { type ListSource, planList, runList } from '#platform/list.ts';
import { countRows } from '#platform/list-count.ts';
import { portals } from './portals.table.ts';

const portalPickerSource = {
  orderBy: { name: sql`lower(${portals.name})` },
  defaultOrderBy: 'name',
  tieBreaker: portals.id,
  searchText: sql`${portals.name}`,
} satisfies ListSource<'name'>;

/**
 * Data access of the portals module, no rules. Each function takes the executor first (the database, or the
 * caller's transaction).
 */
export const portalsRepository = {
  /** The customer portals (never the main portal) in the list protocol; `none`: an empty list of them. */
  customerPortalPicker(ex: Executor, query: ListQuery, options: { none: boolean }) {
    const plan = planList(portalPickerSource, query, [
      eq(portals.isMain, false),
      options.none ? sql`false` : undefined,
    ]);
    return runList(plan, {
      rows: (p) =>
        ex
          .select({ id: portals.id, name: portals.name })
          .from(portals)
          .where(p.where)
          .orderBy(...p.orderBy)
          .limit(p.limit)
          .offset(p.offset),
      count: (where) => countRows(ex, portals, where),
    });
  },
};

export type PortalsRepository = typeof portalsRepository;
