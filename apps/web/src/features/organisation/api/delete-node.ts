import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { type OrgKind, organisationKeys } from './organisation-keys.ts';

/** 409 TREE_NODE_HAS_CHILDREN / TREE_NODE_IN_USE while still needed; 409 CONFLICT on a stale version. */
export function deleteNode(kind: OrgKind, id: number, version: number): Promise<void> {
  return api.delete(`${kind}/${id}`, { version });
}

export function useDeleteNode(kind: OrgKind, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => deleteNode(kind, id, version),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: organisationKeys.detail(kind, id) });
      return queryClient.invalidateQueries({ queryKey: organisationKeys.tree(kind) });
    },
  });
}
