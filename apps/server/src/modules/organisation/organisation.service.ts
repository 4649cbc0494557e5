import { generalMessages, organisationMessages } from '@schutzwerk/shared/errors.ts';
import type { ListResult } from '@schutzwerk/shared/list/list.schema.ts';
import {
  type CreateNode,
  createNodeSchema,
  type Department,
  type DepartmentTreeNode,
  ESCALATION_LEVELS,
  type HazardAnalysisDepartmentRow,
  LOCATION_DETAIL_FIELDS,
  type Location,
  type MoveNode,
  moveNodeSchema,
  ORGANISATION_PICKER_ORDER,
  type TreePickerQuery,
  type TreePickerRow,
  type UpdateDepartment,
  type UpdateLocation,
  updateDepartmentSchema,
  updateLocationSchema,
} from '@schutzwerk/shared/organisation/organisation.schema.ts';
import {
  compareNames,
  flattenTree,
  PATH_SEPARATOR,
  pathNames,
  type TreeRow,
  visibleScope,
  wouldBeRecursive,
} from '@schutzwerk/shared/organisation/tree.ts';
import { P, permissionById } from '@schutzwerk/shared/permissions.ts';
import type { Db, Executor } from '#db/client.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';
import { diffFields, type FieldChanges, LOG_STATE, recordChange } from '#platform/audit.ts';
import { AppError, isUniqueViolation, postgresErrorCode } from '#platform/errors.ts';
import { searchWords } from '#platform/list.ts';
import type { OrganisationPeoplePort } from './organisation.ports.ts';
import type {
  OrganisationRepository,
  TreeKind,
  TreeRecord,
  TreeRowWithFlags,
} from './organisation.repository.ts';

type Deps = {
  db: Db;
  repository: OrganisationRepository;
  /** The people of the units (the employees module's, handed over in app.ts; decision 030). */
  people: OrganisationPeoplePort;
};

/** What differs between the two trees: rights and the German words. */
const KINDS = {
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

type Scope = { rows: TreeRowWithFlags[]; inScope: Set<number>; context: Set<number> };

const sameName = (a: string, b: string) =>
  a.trim().toLocaleLowerCase('de') === b.trim().toLocaleLowerCase('de');

function missingRight(...ids: number[]): AppError {
  const labels = ids.map((id) => permissionById(id)?.label ?? String(id));
  return new AppError('NO_PERMISSION', {
    message: organisationMessages.missingRight(labels),
  });
}

/**
 * Rules of the organisation trees. Everything is scoped to a portal (main-portal users may address other
 * portals); within it, users without the "all" right (LOCATIONS_ALL / DEPARTMENTS_ALL) see and change only
 * the subtrees of their own nodes (own location, locations they are responsible for / own department) and
 * see the ancestors of those read-only, for orientation. Deny by default; "not found" and "not yours"
 * answer alike. Structural changes (create, move, delete) are serialised per portal; every change is
 * versioned and written to the change log.
 */
export function createOrganisationService({ db, repository, people }: Deps) {
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
    const rows = await repository.treeRows(kind, portalId, ex);
    const all = actorHasAny(actor, KINDS[kind].all);
    const anchors = all ? [] : await people.anchors(kind, actor.employeeId, ex);
    return { rows, ...visibleScope(rows, anchors, all) };
  }

  async function loadVisible(
    kind: TreeKind,
    actor: Actor,
    id: number,
    ex: Executor = db,
    lock?: 'update',
  ): Promise<{ node: TreeRecord; scope: Scope }> {
    const node = await repository.findNode(kind, id, ex, lock);
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

  // ── generic tree operations ──────────────────────────────────────────────────────────────────

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
          const parent = await repository.findNode(kind, data.parentId, tx);
          if (parent && (actor.isMainPortal || parent.portalId === actor.portalId))
            portalId = parent.portalId;
        }
        await repository.lockPortalTrees(tx, portalId);
        const scope = await scopeOf(kind, actor, portalId, tx);
        await assertTarget(kind, actor, scope, data.parentId);
        assertNameFree(kind, scope.rows, data.parentId, data.name);
        const row = await repository.insertNode(kind, tx, {
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
      const found = await repository.findNode(kind, id, tx);
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
      if (!(await repository.updateVersioned(kind, tx, id, data.version, { parentId: data.parentId }))) {
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
    });
  }

  async function remove(kind: TreeKind, actor: Actor, id: number, version: number): Promise<void> {
    const texts = KINDS[kind].texts;
    let name = '';
    try {
      await db.transaction(async (tx) => {
        const found = await repository.findNode(kind, id, tx);
        if (found) await repository.lockPortalTrees(tx, found.portalId);
        const { node, scope } = await loadVisible(kind, actor, id, tx, 'update');
        name = node.name;
        if (node.version !== version) throw new AppError('CONFLICT');
        assertEditable(kind, scope, node);
        const children = await repository.childCount(kind, id, tx);
        if (children > 0) {
          throw new AppError('TREE_NODE_HAS_CHILDREN', { message: texts.hasChildren(node.name, children) });
        }
        const assigned = await people.employeeCount(kind, id, tx);
        if (assigned > 0) {
          throw new AppError('TREE_NODE_IN_USE', { message: texts.inUse(node.name, assigned) });
        }
        if (!(await repository.deleteVersioned(kind, tx, id, version))) throw new AppError('CONFLICT');
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

  // ── locations ────────────────────────────────────────────────────────────────────────────────

  async function locationDto(actor: Actor, id: number, ex: Executor = db): Promise<Location> {
    const { scope } = await loadVisible('location', actor, id, ex);
    const row = await repository.findLocation(id, ex);
    if (!row) throw new AppError('NOT_FOUND', { message: KINDS.location.texts.notFound });
    const [escalations, responsibilities, designations, childCount, employeeCount] = [
      await people.escalations(id, ex),
      await people.responsibilities(id, ex),
      await repository.designations(id, ex),
      await repository.childCount('location', id, ex),
      await people.employeeCount('location', id, ex),
    ];
    return {
      id: row.id,
      parentId: row.parentId,
      name: row.name,
      path: pathNames(scope.rows, id),
      street: row.street,
      zip: row.zip,
      city: row.city,
      phone: row.phone,
      fax: row.fax,
      email: row.email,
      emergencyNumber: row.emergencyNumber,
      fireNumber: row.fireNumber,
      escalationLevels: ESCALATION_LEVELS.map(
        (level) =>
          escalations.find((e) => e.level === level) ?? { level, employee: null, email: null, phone: null },
      ),
      responsibilities,
      designations: designations.sort((a, b) => compareNames(a.name, b.name) || a.id - b.id),
      childCount,
      employeeCount,
      editable: scope.inScope.has(id),
      version: row.version,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  const escalationKey = (
    list: readonly { level: number; employeeId: number | null; email: string | null; phone: string | null }[],
  ) =>
    JSON.stringify(
      list
        .filter((l) => l.employeeId !== null || l.email !== null || l.phone !== null)
        .map((l) => [l.level, l.employeeId, l.email, l.phone])
        .sort((a, b) => Number(a[0]) - Number(b[0])),
    );
  const responsibilityKey = (list: readonly { employeeId: number; title: string | null }[]) =>
    JSON.stringify(list.map((r) => [r.employeeId, r.title]).sort((a, b) => Number(a[0]) - Number(b[0])));
  const designationKey = (list: readonly { id?: number | undefined; name: string }[]) =>
    JSON.stringify(list.map((d) => [d.id ?? null, d.name]).sort((a, b) => Number(a[0]) - Number(b[0])));

  async function updateLocation(actor: Actor, id: number, input: UpdateLocation): Promise<Location> {
    const data = updateLocationSchema.parse(input);
    await withUniqueNames('location', data.name ?? '', () =>
      db.transaction(async (tx) => {
        const { node, scope } = await loadVisible('location', actor, id, tx, 'update');
        if (node.version !== data.version) throw new AppError('CONFLICT');
        const before = (await repository.findLocation(id, tx))!;
        const beforeEscalations = (await people.escalations(id, tx)).map((e) => ({
          level: e.level,
          employeeId: e.employee?.id ?? null,
          email: e.email,
          phone: e.phone,
        }));
        const beforeResponsibilities = (await people.responsibilities(id, tx)).map((r) => ({
          employeeId: r.employee.id,
          title: r.title,
        }));
        const beforeDesignations = await repository.designations(id, tx);

        const patch: Record<string, unknown> = {};
        if (data.name !== undefined && data.name !== before.name) patch.name = data.name;
        for (const field of LOCATION_DETAIL_FIELDS) {
          const value = data[field];
          if (value !== undefined && value !== before[field]) patch[field] = value;
        }
        const escalationsChanged =
          data.escalationLevels !== undefined &&
          escalationKey(data.escalationLevels) !== escalationKey(beforeEscalations);
        const responsibilitiesChanged =
          data.responsibilities !== undefined &&
          responsibilityKey(data.responsibilities) !== responsibilityKey(beforeResponsibilities);
        const designationsChanged =
          data.designations !== undefined &&
          designationKey(data.designations) !== designationKey(beforeDesignations);
        const detailsChanged = LOCATION_DETAIL_FIELDS.some((f) => f in patch) || designationsChanged;
        if (!('name' in patch) && !detailsChanged && !escalationsChanged && !responsibilitiesChanged) return;

        // Field groups and their rights; only what actually changes is checked.
        assertEditable('location', scope, node);
        if ('name' in patch && !actorHasAny(actor, P.LOCATIONS_EDIT)) throw missingRight(P.LOCATIONS_EDIT);
        if (detailsChanged && !actorHasAny(actor, P.LOCATIONS_EDIT, P.LOCATIONS_DETAILS)) {
          throw missingRight(P.LOCATIONS_EDIT, P.LOCATIONS_DETAILS);
        }
        if (
          (escalationsChanged || responsibilitiesChanged) &&
          !actorHasAny(actor, P.LOCATIONS_RESPONSIBILITIES)
        ) {
          throw missingRight(P.LOCATIONS_RESPONSIBILITIES);
        }
        if (patch.name !== undefined) assertNameFree('location', scope.rows, node.parentId, data.name!, id);

        const named = [
          ...(escalationsChanged ? data.escalationLevels!.map((l) => l.employeeId) : []),
          ...(responsibilitiesChanged ? data.responsibilities!.map((r) => r.employeeId) : []),
        ].filter((e): e is number => e !== null);
        const unique = [...new Set(named)];
        const existing = await people.existingIds(node.portalId, unique, tx);
        const missing = unique.filter((e) => !existing.includes(e));
        if (missing.length > 0) {
          throw new AppError('EMPLOYEE_NOT_FOUND', {
            message: organisationMessages.employeesNotFound(missing),
          });
        }
        if (designationsChanged) {
          const known = new Set(beforeDesignations.map((d) => d.id));
          const foreign = data.designations!.filter((d) => d.id !== undefined && !known.has(d.id));
          if (foreign.length > 0) {
            throw new AppError('INPUT_VALIDATION_ERROR', {
              message: organisationMessages.designationForeign,
              details: [
                { path: ['body', 'designations'], message: organisationMessages.fieldUnknownDesignation },
              ],
            });
          }
        }

        if (!(await repository.updateVersioned('location', tx, id, data.version, patch))) {
          throw new AppError('CONFLICT');
        }
        if (escalationsChanged) await people.replaceEscalations(tx, id, data.escalationLevels!);
        if (responsibilitiesChanged) await people.replaceResponsibilities(tx, id, data.responsibilities!);
        if (designationsChanged) await repository.syncDesignations(tx, id, data.designations!);

        const changes: FieldChanges = diffFields(before as Record<string, unknown>, patch, [
          'name',
          ...LOCATION_DETAIL_FIELDS,
        ]);
        if (escalationsChanged) {
          changes.escalationLevels = { from: beforeEscalations, to: data.escalationLevels };
        }
        if (responsibilitiesChanged) {
          changes.responsibilities = { from: beforeResponsibilities, to: data.responsibilities };
        }
        if (designationsChanged) {
          changes.designations = {
            from: beforeDesignations.map((d) => d.name),
            to: data.designations!.map((d) => d.name),
          };
        }
        await recordChange(tx, {
          entity: 'location',
          entityId: id,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes,
        });
      }),
    ).catch((error: unknown) => {
      // The unique index of designations (a race, or two names differing only in case after trimming).
      if (error instanceof AppError && error.code === 'TREE_NAME_EXISTS' && data.name === undefined) {
        throw new AppError('DUPLICATE', {
          message: organisationMessages.designationTwice,
        });
      }
      throw error;
    });
    return locationDto(actor, id);
  }

  // ── departments ──────────────────────────────────────────────────────────────────────────────

  async function departmentDto(actor: Actor, id: number): Promise<Department> {
    const { scope } = await loadVisible('department', actor, id);
    const row = await repository.findDepartment(id);
    if (!row) throw new AppError('NOT_FOUND', { message: KINDS.department.texts.notFound });
    return {
      id: row.id,
      parentId: row.parentId,
      name: row.name,
      path: pathNames(scope.rows, id),
      isContainer: row.isContainer,
      monthlyHours: row.monthlyHours === null ? null : Number(row.monthlyHours),
      childCount: await repository.childCount('department', id),
      employeeCount: await people.employeeCount('department', id),
      editable: scope.inScope.has(id),
      version: row.version,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async function updateDepartment(actor: Actor, id: number, input: UpdateDepartment): Promise<Department> {
    const data = updateDepartmentSchema.parse(input);
    await withUniqueNames('department', data.name ?? '', () =>
      db.transaction(async (tx) => {
        const { node, scope } = await loadVisible('department', actor, id, tx, 'update');
        if (node.version !== data.version) throw new AppError('CONFLICT');
        const before = (await repository.findDepartment(id, tx))!;
        const beforeHours = before.monthlyHours === null ? null : Number(before.monthlyHours);
        const isContainer = data.isContainer ?? before.isContainer;
        // Taking the container flag away clears the hours, unless hours are sent too (then it is an error).
        const monthlyHours =
          data.monthlyHours !== undefined ? data.monthlyHours : isContainer ? beforeHours : null;
        if (!isContainer && monthlyHours !== null) {
          throw new AppError('INPUT_VALIDATION_ERROR', {
            message: organisationMessages.monthlyHoursContainerOnly,
            details: [
              {
                path: ['body', 'monthlyHours'],
                message: organisationMessages.monthlyHoursContainerOnly,
              },
            ],
          });
        }
        const after = { name: data.name ?? before.name, isContainer, monthlyHours };
        const changes = diffFields(
          { name: before.name, isContainer: before.isContainer, monthlyHours: beforeHours },
          after,
          ['name', 'isContainer', 'monthlyHours'],
        );
        if (Object.keys(changes).length === 0) return;
        assertEditable('department', scope, node);
        if (!actorHasAny(actor, P.DEPARTMENTS_EDIT)) throw missingRight(P.DEPARTMENTS_EDIT);
        if (changes.name) assertNameFree('department', scope.rows, node.parentId, after.name, id);
        const patch = Object.fromEntries(
          Object.keys(changes).map((k) => [k, after[k as keyof typeof after]]),
        );
        if (!(await repository.updateVersioned('department', tx, id, data.version, patch))) {
          throw new AppError('CONFLICT');
        }
        await recordChange(tx, {
          entity: 'department',
          entityId: id,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes,
        });
      }),
    );
    return departmentDto(actor, id);
  }

  return {
    locations: {
      async tree(actor: Actor, portalId?: number) {
        return (await tree('location', actor, portalId)).map(({ isContainer: _unused, ...node }) => node);
      },
      get: (actor: Actor, id: number) => locationDto(actor, id),
      async create(actor: Actor, input: CreateNode): Promise<Location> {
        return locationDto(actor, await create('location', actor, input));
      },
      update: updateLocation,
      async move(actor: Actor, id: number, input: MoveNode): Promise<Location> {
        await move('location', actor, id, input);
        return locationDto(actor, id);
      },
      remove: (actor: Actor, id: number, version: number) => remove('location', actor, id, version),
      async picker(actor: Actor, query: TreePickerQuery): Promise<ListResult<TreePickerRow>> {
        const { rows, filteredCount } = await pickerRows('location', actor, query);
        return {
          rows: rows.map(({ row, depth, path }) => ({
            id: row.id,
            parentId: row.parentId,
            name: row.name,
            path,
            depth,
          })),
          filteredCount,
        };
      },
    },
    departments: {
      tree: (actor: Actor, portalId?: number): Promise<DepartmentTreeNode[]> =>
        tree('department', actor, portalId),
      get: departmentDto,
      async create(actor: Actor, input: CreateNode): Promise<Department> {
        return departmentDto(actor, await create('department', actor, input));
      },
      update: updateDepartment,
      async move(actor: Actor, id: number, input: MoveNode): Promise<Department> {
        await move('department', actor, id, input);
        return departmentDto(actor, id);
      },
      remove: (actor: Actor, id: number, version: number) => remove('department', actor, id, version),
      async picker(actor: Actor, query: TreePickerQuery): Promise<ListResult<TreePickerRow>> {
        const { rows, filteredCount } = await pickerRows('department', actor, query);
        return {
          rows: rows.map(({ row, depth, path }) => ({
            id: row.id,
            parentId: row.parentId,
            name: row.name,
            path,
            depth,
          })),
          filteredCount,
        };
      },
      /** The hazard analysis list source `hazardanalysis/pickerDepartments` (spec shell §3.2: shows `value`). */
      async hazardAnalysisPicker(
        actor: Actor,
        query: TreePickerQuery,
      ): Promise<ListResult<HazardAnalysisDepartmentRow>> {
        const { rows, filteredCount } = await pickerRows('department', actor, query);
        return {
          rows: rows.map(({ row, path }) => ({
            id: row.id,
            value: path,
            name: row.name,
            isContainer: row.isContainer,
          })),
          filteredCount,
        };
      },
    },
  };
}

export type OrganisationService = ReturnType<typeof createOrganisationService>;
