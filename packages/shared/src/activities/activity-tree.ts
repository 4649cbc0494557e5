/**
 * Pure helpers for the activities tree (Eigenschaften), used by the server's rules and the web's tree view.
 * A tree is given as flat nodes with `parentId` (null at the top).
 */

export type TreeNodeLike = { readonly id: number; readonly parentId: number | null };

export type TreeItem<N extends TreeNodeLike> = N & { children: TreeItem<N>[] };

/** Parent of each node, by id. */
export function parentMap(nodes: readonly TreeNodeLike[]): Map<number, number | null> {
  return new Map(nodes.map((n) => [n.id, n.parentId]));
}

/**
 * Whether putting `id` below `newParentId` would make it its own ancestor (the new parent is the node
 * itself or one of its descendants). A cycle already present in the data also counts as recursive.
 */
export function isRecursiveParent(
  parents: ReadonlyMap<number, number | null>,
  id: number,
  newParentId: number | null,
): boolean {
  const seen = new Set<number>();
  for (let current = newParentId; current !== null; current = parents.get(current) ?? null) {
    if (current === id || seen.has(current)) return true;
    seen.add(current);
  }
  return false;
}

/** Ids of the ancestors of `id`, nearest first (stops on a broken or cyclic chain). */
export function ancestorIds(parents: ReadonlyMap<number, number | null>, id: number): number[] {
  const result: number[] = [];
  const seen = new Set<number>([id]);
  for (let current = parents.get(id) ?? null; current !== null; current = parents.get(current) ?? null) {
    if (seen.has(current)) break;
    seen.add(current);
    result.push(current);
  }
  return result;
}

/** Ids of all descendants of `id` (not including `id`). */
export function descendantIds(nodes: readonly TreeNodeLike[], id: number): Set<number> {
  const children = new Map<number, number[]>();
  for (const n of nodes) {
    if (n.parentId === null) continue;
    const list = children.get(n.parentId) ?? [];
    list.push(n.id);
    children.set(n.parentId, list);
  }
  const result = new Set<number>();
  const stack = [...(children.get(id) ?? [])];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (result.has(next) || next === id) continue;
    result.add(next);
    stack.push(...(children.get(next) ?? []));
  }
  return result;
}

/**
 * Nested items from flat nodes, siblings in the order given by `compare`. Nodes whose parent is missing
 * (or that sit in a cycle) are placed at the top, so nothing is lost from view.
 */
export function buildTree<N extends TreeNodeLike>(
  nodes: readonly N[],
  compare: (a: N, b: N) => number,
): TreeItem<N>[] {
  const items = new Map<number, TreeItem<N>>(nodes.map((n) => [n.id, { ...n, children: [] }]));
  const parents = parentMap(nodes);
  const roots: TreeItem<N>[] = [];
  for (const item of items.values()) {
    const parent = item.parentId === null ? undefined : items.get(item.parentId);
    if (parent && !isRecursiveParent(parents, item.id, item.parentId)) parent.children.push(item);
    else roots.push(item);
  }
  const sort = (list: TreeItem<N>[]) => {
    list.sort(compare);
    for (const item of list) sort(item.children);
  };
  sort(roots);
  return roots;
}

/** German-friendly comparison of names (case- and accent-insensitive, numbers in natural order). */
export const compareNames = new Intl.Collator('de', { sensitivity: 'base', numeric: true }).compare;

/**
 * Designations (Bezeichnungen) as stored: trimmed, empty ones dropped, duplicates (ignoring case) removed,
 * in the order given.
 */
export function normalizeDesignations(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of values) {
    const value = raw.trim().replace(/\s+/g, ' ');
    const key = value.toLocaleLowerCase('de');
    if (value === '' || seen.has(key)) continue;
    seen.add(key);
    result.push(value);
  }
  return result;
}
