import { P } from '@schutzwerk/shared/permissions.ts';
import { describe, expect, it } from 'vitest';
import type { Db } from '#db/client.ts';
import type { Actor } from '#platform/access.ts';
import { AppError } from '#platform/errors.ts';
import type { OrganisationPeoplePort } from './organisation.ports.ts';
import type { OrganisationRepository, TreeRecord, TreeRowWithFlags } from './organisation.repository.ts';
import { createOrganisationService } from './organisation.service.ts';

/**
 * The tree rules of the organisation service against an in-memory repository: the scope of users without the
 * "all" right, the recursion check of a move and the refusals of a delete. Every refusal here comes before
 * anything is written.
 */

const DATE = new Date('2026-01-01T00:00:00Z');
// Werk (1) ─┬─ Halle A (2) ── Lager (4)
//           └─ Halle B (3)
// Büro (5)
const ROWS: TreeRowWithFlags[] = [
  { id: 1, parentId: null, name: 'Werk', version: 1, isContainer: false },
  { id: 2, parentId: 1, name: 'Halle A', version: 1, isContainer: false },
  { id: 3, parentId: 1, name: 'Halle B', version: 1, isContainer: false },
  { id: 4, parentId: 2, name: 'Lager', version: 1, isContainer: false },
  { id: 5, parentId: null, name: 'Büro', version: 1, isContainer: false },
];

function actor(permissions: number[], employeeId = 7): Actor {
  return {
    employeeId,
    portalId: 1,
    portalName: 'P',
    isMainPortal: false,
    permissions: new Set(permissions),
    viaSso: false,
    sessionHash: 'h',
  };
}

function setup(options: { anchors?: number[]; childCount?: number; employeeCount?: number } = {}) {
  const calls: string[] = [];
  const repository = {
    async treeRows() {
      return ROWS;
    },
    async findNode(_ex: unknown, _kind: string, id: number): Promise<TreeRecord | undefined> {
      const row = ROWS.find((r) => r.id === id);
      return row && { ...row, portalId: 1, createdAt: DATE, updatedAt: DATE };
    },
    async lockPortalTrees() {},
    async childCount(_ex: unknown, _kind: string, id: number) {
      return options.childCount ?? ROWS.filter((r) => r.parentId === id).length;
    },
    async updateVersioned(...args: unknown[]) {
      calls.push(`update:${JSON.stringify(args.slice(2))}`);
      return false; // stops before the change log (which needs a database): a CONFLICT then
    },
    async deleteVersioned(_tx: unknown, _kind: string, id: number) {
      calls.push(`delete:${id}`);
      return false;
    },
  } as unknown as OrganisationRepository;
  const db = { transaction: async (work: (tx: unknown) => Promise<unknown>) => work({}) } as unknown as Db;
  // The people of the units (the employees module's port, decision 030).
  const people = {
    async anchors(_ex: unknown, _kind: string, employeeId: number) {
      calls.push(`anchors:${employeeId}`);
      return options.anchors ?? [];
    },
    async employeeCount() {
      return options.employeeCount ?? 0;
    },
    existingIds: async () => [],
  } as unknown as OrganisationPeoplePort;
  const service = createOrganisationService({ db, repository, people });
  return { service, calls };
}

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
  return undefined;
}

describe('organisation tree scope', () => {
  it('the "all" right sees and edits every node without asking for anchors', async () => {
    const { service, calls } = setup();
    const tree = await service.locations.tree(actor([P.LOCATIONS_ALL]));
    expect(tree.map((n) => [n.id, n.editable])).toEqual([
      [5, true],
      [1, true],
      [2, true],
      [4, true],
      [3, true],
    ]);
    expect(calls).toEqual([]);
  });

  it('without it: the anchors’ subtrees editable, their ancestors read-only, the rest hidden', async () => {
    const { service, calls } = setup({ anchors: [2] });
    const tree = await service.locations.tree(actor([P.LOCATIONS_EDIT]));
    expect(tree.map((n) => [n.name, n.editable])).toEqual([
      ['Werk', false],
      ['Halle A', true],
      ['Lager', true],
    ]);
    expect(calls).toEqual(['anchors:7']);
  });

  it('the "all" right of the other tree does not count', async () => {
    const { service } = setup({ anchors: [] });
    expect(await service.departments.tree(actor([P.LOCATIONS_ALL]))).toEqual([]);
  });

  it('a node outside the scope is "not found", an ancestor in context is "not yours"', async () => {
    const { service, calls } = setup({ anchors: [2] });
    const user = actor([P.LOCATIONS_EDIT]);
    expect(await codeOf(service.locations.move(user, 5, { parentId: null, version: 1 }))).toBe('NOT_FOUND');
    expect(await codeOf(service.locations.move(user, 3, { parentId: 2, version: 1 }))).toBe('NOT_FOUND');
    expect(await codeOf(service.locations.move(user, 1, { parentId: 5, version: 1 }))).toBe('NO_PERMISSION');
    expect(await codeOf(service.locations.remove(user, 1, 1))).toBe('NO_PERMISSION');
    expect(calls.filter((c) => !c.startsWith('anchors'))).toEqual([]);
  });

  it('a move into a hidden node is "not found", into a read-only ancestor or to the root "not yours"', async () => {
    const { service, calls } = setup({ anchors: [2, 3] });
    const user = actor([P.LOCATIONS_EDIT]);
    expect(await codeOf(service.locations.move(user, 4, { parentId: 5, version: 1 }))).toBe('NOT_FOUND');
    expect(await codeOf(service.locations.move(user, 4, { parentId: 1, version: 1 }))).toBe('NO_PERMISSION');
    expect(await codeOf(service.locations.move(user, 4, { parentId: null, version: 1 }))).toBe(
      'NO_PERMISSION',
    );
    expect(calls.filter((c) => !c.startsWith('anchors'))).toEqual([]);
    // within the scope the move goes through to the update
    expect(await codeOf(service.locations.move(user, 4, { parentId: 3, version: 1 }))).toBe('CONFLICT');
    expect(calls.at(-1)).toBe(`update:${JSON.stringify([4, 1, { parentId: 3 }])}`);
  });
});

describe('organisation move: recursion check', () => {
  it('refuses a move under itself, its child or its grandchild', async () => {
    const { service, calls } = setup();
    const admin = actor([P.LOCATIONS_ALL]);
    for (const parentId of [1, 2, 4]) {
      expect(await codeOf(service.locations.move(admin, 1, { parentId, version: 1 })), String(parentId)).toBe(
        'PARENT_IS_RECURSIVE',
      );
    }
    expect(calls).toEqual([]);
  });

  it('lets a move elsewhere reach the versioned update', async () => {
    const { service, calls } = setup();
    // the fake update answers "no row changed": the move reports a conflict after trying
    expect(
      await codeOf(service.locations.move(actor([P.LOCATIONS_ALL]), 2, { parentId: 5, version: 1 })),
    ).toBe('CONFLICT');
    expect(calls).toEqual([`update:${JSON.stringify([2, 1, { parentId: 5 }])}`]);
  });

  it('a stale version is a conflict before the recursion check', async () => {
    const { service } = setup();
    expect(
      await codeOf(service.locations.move(actor([P.LOCATIONS_ALL]), 1, { parentId: 4, version: 9 })),
    ).toBe('CONFLICT');
  });
});

describe('organisation delete', () => {
  it('refuses a node with children, then one still assigned to employees', async () => {
    const admin = actor([P.LOCATIONS_ALL]);
    const withChildren = setup();
    expect(await codeOf(withChildren.service.locations.remove(admin, 2, 1))).toBe('TREE_NODE_HAS_CHILDREN');
    const inUse = setup({ employeeCount: 3 });
    expect(await codeOf(inUse.service.locations.remove(admin, 4, 1))).toBe('TREE_NODE_IN_USE');
    const free = setup();
    expect(await codeOf(free.service.locations.remove(admin, 4, 1))).toBe('CONFLICT');
    expect(free.calls).toEqual(['delete:4']);
    expect(withChildren.calls).toEqual([]);
    expect(inUse.calls).toEqual([]);
  });
});
