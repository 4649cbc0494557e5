import { describe, expect, it } from 'vitest';
import {
  ancestorIds,
  buildTree,
  compareNames,
  descendantIds,
  isRecursiveParent,
  normalizeDesignations,
  parentMap,
} from './activity-tree.ts';

// 1 Produktion ─ 2 Gefahrstoffe ─ 3 KMR
//              └ 4 Probenahme
// 5 Rollen ─ 6 Ersthelfer
const nodes = [
  { id: 1, parentId: null, name: 'Produktion' },
  { id: 2, parentId: 1, name: 'Umgang mit Gefahrstoffen' },
  { id: 3, parentId: 2, name: 'KMR' },
  { id: 4, parentId: 1, name: 'Probenahme' },
  { id: 5, parentId: null, name: 'Rollen' },
  { id: 6, parentId: 5, name: 'Ersthelfer' },
];
const parents = parentMap(nodes);

describe('isRecursiveParent', () => {
  it('refuses the node itself and each of its descendants as new parent', () => {
    expect(isRecursiveParent(parents, 1, 1)).toBe(true);
    expect(isRecursiveParent(parents, 1, 2)).toBe(true);
    expect(isRecursiveParent(parents, 1, 3)).toBe(true);
    expect(isRecursiveParent(parents, 2, 3)).toBe(true);
  });

  it('accepts the top level, siblings, ancestors and other branches', () => {
    expect(isRecursiveParent(parents, 3, null)).toBe(false);
    expect(isRecursiveParent(parents, 3, 1)).toBe(false);
    expect(isRecursiveParent(parents, 2, 4)).toBe(false);
    expect(isRecursiveParent(parents, 1, 5)).toBe(false);
    expect(isRecursiveParent(parents, 6, 3)).toBe(false);
  });

  it('terminates on a cycle already in the data and treats it as recursive', () => {
    const broken = new Map<number, number | null>([
      [1, 2],
      [2, 1],
      [3, null],
    ]);
    expect(isRecursiveParent(broken, 3, 1)).toBe(true);
  });
});

describe('ancestors and descendants', () => {
  it('lists ancestors nearest first', () => {
    expect(ancestorIds(parents, 3)).toEqual([2, 1]);
    expect(ancestorIds(parents, 5)).toEqual([]);
  });

  it('lists all descendants', () => {
    expect([...descendantIds(nodes, 1)].sort()).toEqual([2, 3, 4]);
    expect(descendantIds(nodes, 3).size).toBe(0);
  });
});

describe('buildTree', () => {
  it('nests children and sorts siblings in German order', () => {
    const tree = buildTree(
      [...nodes, { id: 7, parentId: null, name: 'Außenanlagen' }, { id: 8, parentId: null, name: 'Büro' }],
      (a, b) => compareNames(a.name, b.name),
    );
    expect(tree.map((n) => n.name)).toEqual(['Außenanlagen', 'Büro', 'Produktion', 'Rollen']);
    expect(tree[2]!.children.map((n) => n.name)).toEqual(['Probenahme', 'Umgang mit Gefahrstoffen']);
    expect(tree[2]!.children[1]!.children.map((n) => n.id)).toEqual([3]);
  });

  it('puts orphans at the top instead of losing them', () => {
    const tree = buildTree([{ id: 9, parentId: 99, name: 'Verwaist' }], () => 0);
    expect(tree.map((n) => n.id)).toEqual([9]);
  });
});

describe('normalizeDesignations', () => {
  it('trims, collapses spaces, drops empty ones and duplicates ignoring case, keeps the order', () => {
    expect(
      normalizeDesignations([' Chemikant ', 'chemikant', '', '  ', 'Anlagen  fahrer', 'ÖLWART', 'ölwart']),
    ).toEqual(['Chemikant', 'Anlagen fahrer', 'ÖLWART']);
  });
});
