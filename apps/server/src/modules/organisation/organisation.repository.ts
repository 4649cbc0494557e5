import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';
import { deleteVersioned, updateVersioned } from '#db/versioned.ts';
import { portals } from '#modules/portals/tables.ts';
import { countAll } from '#platform/list.ts';
import { departments, locationDesignations, locations } from './organisation.table.ts';

export type TreeKind = 'location' | 'department';

/**
 * Both trees share the columns id, portal_id, parent_id, name, version, updated_at; the tree operations
 * below touch only those, so one code path serves both tables.
 */
function treeTable(kind: TreeKind): typeof locations {
  return (kind === 'location' ? locations : departments) as unknown as typeof locations;
}

export type TreeRecord = {
  id: number;
  portalId: number;
  parentId: number | null;
  name: string;
  version: number;
  createdAt: Date;
  updatedAt: Date;
};

export type TreeRowWithFlags = {
  id: number;
  parentId: number | null;
  name: string;
  version: number;
  isContainer: boolean;
};

export type LocationRecord = typeof locations.$inferSelect;
export type DepartmentRecord = typeof departments.$inferSelect;

/**
 * Data access of the two trees and the location records. The people in them (employees, escalation levels,
 * responsible persons) belong to the employees module and come through the OrganisationPeoplePort
 * (organisation.ports.ts, decision 030).
 */
export const organisationRepository = {
  /** All nodes of one portal's tree (trees are small: hundreds, rarely a few thousand nodes). */
  async treeRows(ex: Executor, kind: TreeKind, portalId: number): Promise<TreeRowWithFlags[]> {
    if (kind === 'department') {
      return ex
        .select({
          id: departments.id,
          parentId: departments.parentId,
          name: departments.name,
          version: departments.version,
          isContainer: departments.isContainer,
        })
        .from(departments)
        .where(eq(departments.portalId, portalId));
    }
    const rows = await ex
      .select({
        id: locations.id,
        parentId: locations.parentId,
        name: locations.name,
        version: locations.version,
      })
      .from(locations)
      .where(eq(locations.portalId, portalId));
    return rows.map((r) => ({ ...r, isContainer: false }));
  },

  /**
   * Serialises structural changes of one portal's trees (create, move, delete), so two concurrent moves
   * cannot build a cycle. `no key update` does not block inserts that reference the portal.
   */
  async lockPortalTrees(ex: Executor, portalId: number): Promise<void> {
    await ex.select({ id: portals.id }).from(portals).where(eq(portals.id, portalId)).for('no key update');
  },

  async findNode(ex: Executor, kind: TreeKind, id: number, lock?: 'update'): Promise<TreeRecord | undefined> {
    const t = treeTable(kind);
    const query = ex
      .select({
        id: t.id,
        portalId: t.portalId,
        parentId: t.parentId,
        name: t.name,
        version: t.version,
        createdAt: t.createdAt,
        updatedAt: t.updatedAt,
      })
      .from(t)
      .where(eq(t.id, id));
    const [row] = lock ? await query.for(lock) : await query;
    return row;
  },

  async findLocation(ex: Executor, id: number): Promise<LocationRecord | undefined> {
    const [row] = await ex.select().from(locations).where(eq(locations.id, id));
    return row;
  },

  async findDepartment(ex: Executor, id: number): Promise<DepartmentRecord | undefined> {
    const [row] = await ex.select().from(departments).where(eq(departments.id, id));
    return row;
  },

  async childCount(ex: Executor, kind: TreeKind, id: number): Promise<number> {
    const t = treeTable(kind);
    const [row] = await ex.select({ count: countAll }).from(t).where(eq(t.parentId, id));
    return row?.count ?? 0;
  },

  async insertNode(
    ex: Executor,
    kind: TreeKind,
    values: { portalId: number; parentId: number | null; name: string },
  ): Promise<TreeRecord> {
    const t = treeTable(kind);
    const [row] = await ex.insert(t).values(values).returning({
      id: t.id,
      portalId: t.portalId,
      parentId: t.parentId,
      name: t.name,
      version: t.version,
      createdAt: t.createdAt,
      updatedAt: t.updatedAt,
    });
    return row!;
  },

  /** Updates only when `version` matches (also with an empty patch: bumps the version); false otherwise. */
  async updateVersioned(
    ex: Executor,
    kind: TreeKind,
    id: number,
    version: number,
    patch: Record<string, unknown>,
  ): Promise<boolean> {
    const t = kind === 'location' ? locations : departments;
    return updateVersioned(ex, t, id, version, patch);
  },

  async deleteVersioned(ex: Executor, kind: TreeKind, id: number, version: number): Promise<boolean> {
    const t = treeTable(kind);
    return deleteVersioned(ex, t, id, version);
  },

  // ── location details ───────────────────────────────────────────────────────────────────────

  async designations(ex: Executor, locationId: number): Promise<{ id: number; name: string }[]> {
    const rows = await ex
      .select({ id: locationDesignations.id, name: locationDesignations.name })
      .from(locationDesignations)
      .where(eq(locationDesignations.locationId, locationId));
    return rows;
  },

  /** Keeps designations by id (renaming them), deletes the missing ones, inserts the new ones. */
  async syncDesignations(
    ex: Executor,
    locationId: number,
    list: readonly { id?: number | undefined; name: string }[],
  ): Promise<void> {
    const existing = await ex
      .select({ id: locationDesignations.id, name: locationDesignations.name })
      .from(locationDesignations)
      .where(eq(locationDesignations.locationId, locationId));
    const keep = new Set(list.map((d) => d.id).filter((id): id is number => id !== undefined));
    const removed = existing.filter((d) => !keep.has(d.id)).map((d) => d.id);
    if (removed.length > 0) {
      await ex.delete(locationDesignations).where(inArray(locationDesignations.id, removed));
    }
    // Rename through a temporary name first, so swapping two names does not trip the unique index.
    const renamed = list.filter((d) => {
      const before = existing.find((e) => e.id === d.id);
      return before !== undefined && before.name !== d.name;
    });
    for (const d of renamed) {
      await ex
        .update(locationDesignations)
        .set({ name: `~umbenennen~${d.id}~` })
        .where(eq(locationDesignations.id, d.id!));
    }
    for (const d of renamed) {
      await ex.update(locationDesignations).set({ name: d.name }).where(eq(locationDesignations.id, d.id!));
    }
    const added = list.filter((d) => d.id === undefined);
    if (added.length > 0) {
      await ex.insert(locationDesignations).values(added.map((d) => ({ locationId, name: d.name })));
    }
  },
};

export type OrganisationRepository = typeof organisationRepository;
