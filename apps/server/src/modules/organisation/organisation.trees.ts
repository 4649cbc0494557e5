import { generalMessages } from '@schutzwerk/shared/errors.ts';
import {
  type CreateNode,
  createNodeSchema,
  type MoveNode,
  moveNodeSchema,
  ORGANISATION_PICKER_ORDER,
  type TreePickerQuery,
} from '@schutzwerk/shared/organisation/organisation.schema.ts';
import {
  compareNames,
  flattenTree,
  PATH_SEPARATOR,
  pathNames,
  wouldBeRecursive,
} from '@schutzwerk/shared/organisation/tree.ts';
import type { Db } from '#db/client.ts';
import type { Actor } from '#platform/access.ts';
import { LOG_STATE, recordChange } from '#platform/audit.ts';
import { AppError, postgresErrorCode } from '#platform/errors.ts';
import { searchWords } from '#platform/list.ts';
import { KINDS, type OrganisationAccess } from './organisation.access.ts';
import type { OrganisationPeoplePort, UnitMovedHook } from './organisation.ports.ts';
import type { OrganisationRepository, TreeKind } from './organisation.repository.ts';

/**
 * The operations both trees share: the visible tree, create, move, delete and the picker rows. Create, move
 * and delete lock the portal's trees, so two concurrent moves cannot build a cycle; every change is versioned
 * and written to the change log.
 */
export function createOrganisationTrees({
  db,
  repository,
  people,
  access,
  movedHooks = [],
}: {
  db: Db;
  repository: OrganisationRepository;
  people: Pick<OrganisationPeoplePort, 'employeeCount'>;
  access: OrganisationAccess;
  movedHooks?: readonly UnitMovedHook[];
}) {
  const { portalOf, scopeOf, loadVisible, assertEditable, assertNameFree, assertTarget, withUniqueNames } =
    access;

  async function tree(kind: TreeKind, actor: Actor, requestedPortal?: number) {
    const portalId = portalOf(actor, requestedPortal);
    const scope = await scopeOf(kind, actor, portalId);
    return flattenTree(scope.rows)
      .filter(({ row }) => scope.inScope.has(row.id) || scope.context.has(row.id))
      .map(({ row }) => ({
        id: row.id,
        parentId: row.parentId,
        name: row.name,
        version: row.version,
        isContainer: row.isContainer,
        editable: scope.inScope.has(row.id),
      }));
  }

  async function create(kind: TreeKind, actor: Actor, input: CreateNode): Promise<number> {
    const data = createNodeSchema.parse(input);
    return withUniqueNames(kind, data.name, () =>
      db.transaction(async (tx) => {
        let portalId = actor.portalId;
        if (data.parentId !== null) {
          const parent = await repository.findNode(tx, kind, data.parentId);
          if (parent && (actor.isMainPortal || parent.portalId === actor.portalId))
            portalId = parent.portalId;
        }
        await repository.lockPortalTrees(tx, portalId);
        const scope = await scopeOf(kind, actor, portalId, tx);
        await assertTarget(kind, actor, scope, data.parentId);
        assertNameFree(kind, scope.rows, data.parentId, data.name);
        const row = await repository.insertNode(tx, kind, {
          portalId,
          parentId: data.parentId,
          name: data.name,
        });
        await recordChange(tx, {
          entity: KINDS[kind].entity,
          entityId: row.id,
          state: LOG_STATE.CREATED,
          actorId: actor.employeeId,
          changes: { name: { from: null, to: row.name }, parentId: { from: null, to: row.parentId } },
        });
        return row.id;
      }),
    );
  }

  async function move(kind: TreeKind, actor: Actor, id: number, input: MoveNode): Promise<void> {
    const data = moveNodeSchema.parse(input);
    await db.transaction(async (tx) => {
      const found = await repository.findNode(tx, kind, id);
      if (found) await repository.lockPortalTrees(tx, found.portalId);
      const { node, scope } = await loadVisible(kind, actor, id, tx, 'update');
      if (node.version !== data.version) throw new AppError('CONFLICT');
      assertEditable(kind, scope, node);
      if (wouldBeRecursive(scope.rows, id, data.parentId)) {
        throw new AppError('PARENT_IS_RECURSIVE', {
          message: KINDS[kind].texts.recursive(node.name),
          details: [{ path: ['body', 'parentId'], message: 'Ziel liegt im eigenen Zweig' }],
        });
      }
      if (data.parentId === node.parentId) return; // already there: nothing changes
      await assertTarget(kind, actor, scope, data.parentId);
      assertNameFree(kind, scope.rows, data.parentId, node.name, id);
      if (!(await repository.updateVersioned(tx, kind, id, data.version, { parentId: data.parentId }))) {
        throw new AppError('CONFLICT');
      }
      const pathOf = (parent: number | null) =>
        parent === null ? '' : pathNames(scope.rows, parent).join(PATH_SEPARATOR);
      await recordChange(tx, {
        entity: KINDS[kind].entity,
        entityId: id,
        state: LOG_STATE.CHANGED,
        actorId: actor.employeeId,
        changes: {
          parentId: { from: node.parentId, to: data.parentId },
          parentPath: { from: pathOf(node.parentId), to: pathOf(data.parentId) },
        },
      });
      for (const hook of movedHooks) await hook(tx, { kind, unitId: id, actorId: actor.employeeId });
    });
  }

  async function remove(kind: TreeKind, actor: Actor, id: number, version: number): Promise<void> {
    const texts = KINDS[kind].texts;
    let name = '';
    try {
      await db.transaction(async (tx) => {
        const found = await repository.findNode(tx, kind, id);
        if (found) await repository.lockPortalTrees(tx, found.portalId);
        const { node, scope } = await loadVisible(kind, actor, id, tx, 'update');
        name = node.name;
        if (node.version !== version) throw new AppError('CONFLICT');
        assertEditable(kind, scope, node);
        const children = await repository.childCount(tx, kind, id);
        if (children > 0) {
          throw new AppError('TREE_NODE_HAS_CHILDREN', { message: texts.hasChildren(node.name, children) });
        }
        const assigned = await people.employeeCount(tx, kind, id);
        if (assigned > 0) {
          throw new AppError('TREE_NODE_IN_USE', { message: texts.inUse(node.name, assigned) });
        }
        if (!(await repository.deleteVersioned(tx, kind, id, version))) throw new AppError('CONFLICT');
        await recordChange(tx, {
          entity: KINDS[kind].entity,
          entityId: id,
          state: LOG_STATE.DELETED,
          actorId: actor.employeeId,
          changes: { name: { from: node.name, to: null }, parentId: { from: node.parentId, to: null } },
        });
      });
    } catch (error) {
      // Another module's record still points here (e.g. a storage place at one of its designations).
      if (postgresErrorCode(error) === '23503')
        throw new AppError('IN_USE', { message: texts.referenced(name) });
      throw error;
    }
  }

  /** Picker rows: the nodes in scope, in tree order (or by name), searchable by any part of the path. */
  async function pickerRows(kind: TreeKind, actor: Actor, query: TreePickerQuery) {
    const orderBy = query.orderBy ?? 'path';
    if (!(ORGANISATION_PICKER_ORDER as readonly string[]).includes(orderBy)) {
      throw new AppError('INPUT_VALIDATION_ERROR', {
        message: generalMessages.cannotSortBy(orderBy),
        details: [{ path: ['orderBy'], message: generalMessages.fieldAllowed(ORGANISATION_PICKER_ORDER) }],
      });
    }
    const portalId = portalOf(actor, query.portalId);
    const scope = await scopeOf(kind, actor, portalId);
    const words = searchWords(query.search).map((w) => w.toLocaleLowerCase('de'));
    let rows = flattenTree(scope.rows)
      .filter(({ row }) => scope.inScope.has(row.id))
      .map(({ row, depth, path }) => ({ row, depth, path: path.join(PATH_SEPARATOR) }))
      .filter(({ path }) => {
        const text = path.toLocaleLowerCase('de');
        return words.every((w) => text.includes(w));
      });
    if (orderBy === 'name')
      rows = rows.sort((a, b) => compareNames(a.row.name, b.row.name) || a.row.id - b.row.id);
    if (query.orderDirection === 'desc') rows.reverse();
    return { rows: rows.slice(query.offset, query.offset + query.limit), filteredCount: rows.length };
  }

  return { tree, create, move, remove, pickerRows };
}
