import type { ListQuery } from '@schutzwerk/shared/list/list.schema.ts';
import type { Db } from '#db/client.ts';
import type { Actor } from '#platform/access.ts';
import type { PortalsRepository } from './portals.repository.ts';

export type PortalsService = ReturnType<typeof createPortalsService>;

/** Portals. So far: the picker of customer portals for the portal assignment of employees. */
export function createPortalsService(deps: { db: Db; repository: PortalsRepository }) {
  return {
    /** Only the main portal sees other portals; a customer portal's user gets an empty list. */
    picker(actor: Actor, query: ListQuery) {
      return deps.repository.customerPortalPicker(deps.db, query, { none: !actor.isMainPortal });
    },
  };
}
