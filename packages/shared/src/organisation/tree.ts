/**
 * Pure helpers for the organisation trees (locations, departments): tree order, paths, descendants and
 * the visible scope. Used by the server (rules, pickers) and the browser (tree view, move dialog).
 */

export type TreeRow = { readonly id: number; readonly parentId: number | null; readonly name: string };

/** Separator of a node's path as shown to the user: 'Werk Köln-Niehl › Halle 2 – Synthese'. */
export const PATH_SEPARATOR = ' › ';

const collator = new Intl.Collator('de', { sensitivity: 'base', numeric: true });

/** German order of sibling names ("Ä" with "A", "Halle 2" before "Halle 10"). */
export function compareNames(a: string, b: string): number {
  return collator.compare(a, b);
}

/** Children per parent id (`null` = roots), each list in German name order. Orphans count as roots. */
export function childrenByParent<T extends TreeRow>(rows: readonly T[]): Map<number | null, T[]> {
  const ids = new Set(rows.map((r) => r.id));
  const map = new Map<number | null, T[]>();
  for (const row of rows) {
    const parent = row.parentId !== null && ids.has(row.parentId) ? row.parentId : null;
    const list = map.get(parent);
    if (list) list.push(row);
    else map.set(parent, [row]);
  }
  for (const list of map.values()) list.sort((a, b) => compareNames(a.name, b.name) || a.id - b.id);
  return map;
}

/** The rows in tree order (depth first, siblings by name) with their depth and path. */
export function flattenTree<T extends TreeRow>(
  rows: readonly T[],
): { row: T; depth: number; path: string[] }[] {
  const children = childrenByParent(rows);
  const out: { row: T; depth: number; path: string[] }[] = [];
  const seen = new Set<number>();
  const walk = (parent: number | null, depth: number, path: string[]) => {
    for (const row of children.get(parent) ?? []) {
      if (seen.has(row.id)) continue; // defensive: a cycle in stored data never loops forever
      seen.add(row.id);
      const own = [...path, row.name];
      out.push({ row, depth, path: own });
      walk(row.id, depth + 1, own);
    }
  };
  walk(null, 0, []);
  return out;
}

/** The id and every id below it. */
export function subtreeIds(rows: readonly TreeRow[], id: number): Set<number> {
  const children = childrenByParent(rows);
  const result = new Set<number>();
  const stack = [id];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (result.has(current)) continue;
    result.add(current);
    for (const child of children.get(current) ?? []) stack.push(child.id);
  }
  return result;
}

/** Ancestors of a node, root first (the node itself excluded). */
export function ancestorIds(rows: readonly TreeRow[], id: number): number[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const chain: number[] = [];
  const seen = new Set<number>([id]);
  let current = byId.get(id)?.parentId ?? null;
  while (current !== null && !seen.has(current)) {
    chain.unshift(current);
    seen.add(current);
    current = byId.get(current)?.parentId ?? null;
  }
  return chain;
}

/** The path of names from the root to the node, e.g. ['Werk Köln-Niehl', 'Halle 2 – Synthese']. */
export function pathNames(rows: readonly TreeRow[], id: number): string[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return [...ancestorIds(rows, id), id].map((i) => byId.get(i)?.name ?? '');
}

/**
 * Whether putting `nodeId` under `newParentId` would make it its own ancestor
 * (the new parent is the node itself or lies below it).
 */
export function wouldBeRecursive(
  rows: readonly TreeRow[],
  nodeId: number,
  newParentId: number | null,
): boolean {
  if (newParentId === null) return false;
  return subtreeIds(rows, nodeId).has(newParentId);
}

/**
 * The visible part of a tree for someone who may not see everything: the subtrees of their anchors
 * (own location, locations they are responsible for) are in scope; the ancestors of an anchor are shown
 * for orientation only. `all` = everything is in scope.
 */
export function visibleScope(
  rows: readonly TreeRow[],
  anchors: readonly number[],
  all: boolean,
): { inScope: Set<number>; context: Set<number> } {
  if (all) return { inScope: new Set(rows.map((r) => r.id)), context: new Set() };
  const known = new Set(rows.map((r) => r.id));
  const inScope = new Set<number>();
  for (const anchor of anchors) {
    if (!known.has(anchor)) continue;
    for (const id of subtreeIds(rows, anchor)) inScope.add(id);
  }
  const context = new Set<number>();
  for (const anchor of anchors) {
    if (!known.has(anchor)) continue;
    for (const id of ancestorIds(rows, anchor)) if (!inScope.has(id)) context.add(id);
  }
  return { inScope, context };
}
