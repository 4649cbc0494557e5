import { describe, expect, it } from 'vitest';
import {
  ancestorIds,
  childrenByParent,
  flattenTree,
  pathNames,
  subtreeIds,
  visibleScope,
  wouldBeRecursive,
} from './tree.ts';

const rows = [
  { id: 1, parentId: null, name: 'Werk Köln' },
  { id: 2, parentId: 1, name: 'Halle 10' },
  { id: 3, parentId: 1, name: 'Halle 2' },
  { id: 4, parentId: 3, name: 'Raum 104' },
  { id: 5, parentId: null, name: 'Außenlager' },
  { id: 6, parentId: 99, name: 'Waise' },
];

describe('organisation tree helpers', () => {
  it('orders siblings the German way (Ä with A, numbers numerically); orphans become roots', () => {
    expect(
      childrenByParent(rows)
        .get(null)
        ?.map((r) => r.name),
    ).toEqual(['Außenlager', 'Waise', 'Werk Köln']);
    expect(flattenTree(rows).map((e) => [e.row.name, e.depth])).toEqual([
      ['Außenlager', 0],
      ['Waise', 0],
      ['Werk Köln', 0],
      ['Halle 2', 1],
      ['Raum 104', 2],
      ['Halle 10', 1],
    ]);
  });

  it('paths, ancestors and subtrees', () => {
    expect(pathNames(rows, 4)).toEqual(['Werk Köln', 'Halle 2', 'Raum 104']);
    expect(ancestorIds(rows, 4)).toEqual([1, 3]);
    expect([...subtreeIds(rows, 1)].sort()).toEqual([1, 2, 3, 4]);
  });

  it('detects recursive moves (itself, a child, a grandchild) and allows the rest', () => {
    expect(wouldBeRecursive(rows, 1, 1)).toBe(true);
    expect(wouldBeRecursive(rows, 1, 3)).toBe(true);
    expect(wouldBeRecursive(rows, 1, 4)).toBe(true);
    expect(wouldBeRecursive(rows, 3, 2)).toBe(false);
    expect(wouldBeRecursive(rows, 4, null)).toBe(false);
  });

  it('never loops on a cycle in stored data', () => {
    const cyclic = [
      { id: 1, parentId: 2, name: 'A' },
      { id: 2, parentId: 1, name: 'B' },
    ];
    expect(ancestorIds(cyclic, 1)).toEqual([2]);
    expect(flattenTree(cyclic)).toEqual([]);
    expect([...subtreeIds(cyclic, 1)].sort()).toEqual([1, 2]);
  });

  it('scope: subtrees of the anchors editable, their ancestors context only; all = everything', () => {
    const scope = visibleScope(rows, [3], false);
    expect([...scope.inScope].sort()).toEqual([3, 4]);
    expect([...scope.context]).toEqual([1]);
    expect(visibleScope(rows, [], false).inScope.size).toBe(0);
    expect(visibleScope(rows, [12345], false).inScope.size).toBe(0);
    expect(visibleScope(rows, [], true).inScope.size).toBe(rows.length);
  });
});
