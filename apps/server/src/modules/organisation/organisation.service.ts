import type { ListResult } from '@schutzwerk/shared/list/list.schema.ts';
import type {
  CreateNode,
  Department,
  DepartmentTreeNode,
  HazardAnalysisDepartmentRow,
  Location,
  MoveNode,
  TreePickerQuery,
  TreePickerRow,
} from '@schutzwerk/shared/organisation/organisation.schema.ts';
import type { Db } from '#db/client.ts';
import type { Actor } from '#platform/access.ts';
import { createOrganisationAccess } from './organisation.access.ts';
import { createOrganisationDepartments } from './organisation.departments.ts';
import { createOrganisationLocations } from './organisation.locations.ts';
import type { OrganisationPeoplePort, UnitMovedHook } from './organisation.ports.ts';
import type { OrganisationRepository } from './organisation.repository.ts';
import { createOrganisationTrees } from './organisation.trees.ts';

type Deps = {
  db: Db;
  repository: OrganisationRepository;
  /** The people of the units (the employees module's, handed over in app.ts; decision 030). */
  people: OrganisationPeoplePort;
  /** Called in a move's transaction (decision 045); the module's list, filled in app.ts. */
  movedHooks?: readonly UnitMovedHook[];
};

/**
 * Rules of the organisation trees (decision 006), composed from their parts: organisation.access.ts (portal,
 * scope of users without the "all" right, name rules), organisation.trees.ts (what both trees share: tree,
 * create, move, delete, pickers), organisation.locations.ts (the location record with its people) and
 * organisation.departments.ts (the department record). Structural changes are serialised per portal; every
 * change is versioned and written to the change log.
 */
export function createOrganisationService({ db, repository, people, movedHooks = [] }: Deps) {
  const access = createOrganisationAccess({ db, repository, people });
  const { tree, create, move, remove, pickerRows } = createOrganisationTrees({
    db,
    repository,
    people,
    access,
    movedHooks,
  });
  const { locationDto, updateLocation } = createOrganisationLocations({ db, repository, people, access });
  const { departmentDto, updateDepartment } = createOrganisationDepartments({
    db,
    repository,
    people,
    access,
  });

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
