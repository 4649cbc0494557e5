import { generalMessages, organisationMessages } from '@schutzwerk/shared/errors.ts';
import { type TreeRow, visibleScope } from '@schutzwerk/shared/organisation/tree.ts';
import { P, permissionById } from '@schutzwerk/shared/permissions.ts';
import type { Db, Executor } from '#db/client.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';
import { AppError, isUniqueViolation } from '#platform/errors.ts';
import type { OrganisationPeoplePort } from './organisation.ports.ts';
import type {
  OrganisationRepository,
  TreeKind,
  TreeRecord,
  TreeRowWithFlags,
} from './organisation.repository.ts';

/** What differs between the two trees: rights and the German words. */
export const KINDS = {
  location: {
    entity: 'location',
    all: P.LOCATIONS_ALL,
    edit: P.LOCATIONS_EDIT,
    texts: organisationMessages.location,
  },
  department: {
    entity: 'department',
    all: P.DEPARTMENTS_ALL,
    edit: P.DEPARTMENTS_EDIT,
    texts: organisationMessages.department,
  },
} as const;

export type Scope = { rows: TreeRowWithFlags[]; inScope: Set<number>; context: Set<number> };

const sameName = (a: string, b: string) =>
  a.trim().toLocaleLowerCase('de') === b.trim().toLocaleLowerCase('de');

/** 403 naming the rights (German labels) of which the actor holds none. */
export function missingRight(...ids: number[]): AppError {
  const labels = ids.map((id) => permissionById(id)?.label ?? String(id));
  return new AppError('NO_PERMISSION', {
    message: organisationMessages.missingRight(labels),
  });
}

/**
 * Who sees and changes which nodes (decision 006). Everything is scoped to a portal (main-portal users may
 * address other portals); within it, users without the "all" right (LOCATIONS_ALL / DEPARTMENTS_ALL) see and
 * change only the subtrees of their own nodes (own location, locations they are responsible for / own
 * department — the anchors, from the people port) and see the ancestors of those read-only, for orientation.
 * Deny by default; "not found" and "not yours" answer alike. Also the name rules shared by all writes.
 */
export function createOrganisationAccess({
  db,
  repository,
  people,
}: {
  db: Db;
  repository: Pick<OrganisationRepository, 'treeRows' | 'findNode'>;
  people: Pick<OrganisationPeoplePort, 'anchors'>;
}) {
  function portalOf(actor: Actor, requested: number | undefined): number {
    if (requested === undefined || requested === actor.portalId) return actor.portalId;
    if (!actor.isMainPortal) {
      throw new AppError('NO_PERMISSION', {
        message: generalMessages.ownPortalOnly,
      });
    }
    return requested;
  }

  async function scopeOf(kind: TreeKind, actor: Actor, portalId: number, ex: Executor = db): Promise<Scope> {
    const rows = await repository.treeRows(ex, kind, portalId);
    const all = actorHasAny(actor, KINDS[kind].all);
    const anchors = all ? [] : await people.anchors(ex, kind, actor.employeeId);
    return { rows, ...visibleScope(rows, anchors, all) };
  }

  async function loadVisible(
    kind: TreeKind,
    actor: Actor,
    id: number,
    ex: Executor = db,
    lock?: 'update',
  ): Promise<{ node: TreeRecord; scope: Scope }> {
    const node = await repository.findNode(ex, kind, id, lock);
    if (!node || (!actor.isMainPortal && node.portalId !== actor.portalId)) {
      throw new AppError('NOT_FOUND', { message: KINDS[kind].texts.notFound });
    }
    const scope = await scopeOf(kind, actor, node.portalId, ex);
    if (!scope.inScope.has(id) && !scope.context.has(id)) {
      throw new AppError('NOT_FOUND', { message: KINDS[kind].texts.notFound });
    }
    return { node, scope };
  }

  function assertEditable(kind: TreeKind, scope: Scope, node: { id: number; name: string }) {
    if (!scope.inScope.has(node.id)) {
      throw new AppError('NO_PERMISSION', { message: KINDS[kind].texts.outOfScope(node.name) });
    }
  }

  function nameTaken(kind: TreeKind, name: string): AppError {
    return new AppError('TREE_NAME_EXISTS', {
      message: KINDS[kind].texts.nameExists(name),
      details: [{ path: ['body', 'name'], message: generalMessages.fieldNameExistsOnLevel }],
    });
  }

  function assertNameFree(
    kind: TreeKind,
    rows: readonly TreeRow[],
    parentId: number | null,
    name: string,
    self?: number,
  ) {
    if (rows.some((r) => r.parentId === parentId && r.id !== self && sameName(r.name, name))) {
      throw nameTaken(kind, name);
    }
  }

  /** Where the node may be put: a visible, editable parent in the same portal, or the top (needs "all"). */
  async function assertTarget(kind: TreeKind, actor: Actor, scope: Scope, parentId: number | null) {
    if (parentId === null) {
      if (!actorHasAny(actor, KINDS[kind].all)) {
        throw new AppError('NO_PERMISSION', { message: KINDS[kind].texts.rootNeedsAll });
      }
      return;
    }
    const parent = scope.rows.find((r) => r.id === parentId);
    if (!parent || (!scope.inScope.has(parentId) && !scope.context.has(parentId))) {
      throw new AppError('NOT_FOUND', {
        message: KINDS[kind].texts.targetNotFound,
        details: [{ path: ['body', 'parentId'], message: generalMessages.fieldUnknown }],
      });
    }
    assertEditable(kind, scope, parent);
  }

  async function withUniqueNames<T>(kind: TreeKind, name: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken(kind, name);
      throw error;
    }
  }

  return {
    portalOf,
    scopeOf,
    loadVisible,
    assertEditable,
    assertNameFree,
    assertTarget,
    withUniqueNames,
  };
}

export type OrganisationAccess = ReturnType<typeof createOrganisationAccess>;
