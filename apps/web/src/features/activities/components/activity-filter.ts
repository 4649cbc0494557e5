import type { ActivityNode } from '@schutzwerk/shared/activities/activity.schema.ts';
import { ancestorIds, parentMap } from '@schutzwerk/shared/activities/activity-tree.ts';

/**
 * The nodes to show for a filter text: those whose name or designations contain every word (ignoring case),
 * plus their ancestors so they stay reachable. An empty filter keeps everything.
 */
export function filterNodes(nodes: readonly ActivityNode[], filter: string): ActivityNode[] {
  const words = filter.toLocaleLowerCase('de').split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...nodes];
  const parents = parentMap(nodes);
  const keep = new Set<number>();
  for (const node of nodes) {
    const text = [node.name, ...node.designations].join(' ').toLocaleLowerCase('de');
    if (!words.every((w) => text.includes(w))) continue;
    keep.add(node.id);
    for (const id of ancestorIds(parents, node.id)) keep.add(id);
  }
  return nodes.filter((n) => keep.has(n.id));
}
