import type { DepartmentTreeNode, TreeNode } from '@schutzwerk/shared/organisation/organisation.schema.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { type OrgKind, organisationKeys } from './organisation-keys.ts';

/** A node of either tree; `isContainer` only for departments. */
export type OrgTreeNode = TreeNode & Partial<Pick<DepartmentTreeNode, 'isContainer'>>;

export async function getTree(kind: OrgKind): Promise<OrgTreeNode[]> {
  const answer = await api.get<{ data: { nodes: OrgTreeNode[] } }>(`${kind}/tree`);
  return answer.data.nodes;
}

export const treeQueryOptions = (kind: OrgKind) =>
  queryOptions({ queryKey: organisationKeys.tree(kind), queryFn: () => getTree(kind), staleTime: 0 });

export function useTree(kind: OrgKind) {
  return useQuery(treeQueryOptions(kind));
}
