import type { MoveNode } from '@schutzwerk/shared/organisation/organisation.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { type OrgKind, organisationKeys } from './organisation-keys.ts';

/** 400 PARENT_IS_RECURSIVE below itself, 409 CONFLICT on a stale version, 409 TREE_NAME_EXISTS. */
export async function moveNode(kind: OrgKind, id: number, input: MoveNode): Promise<void> {
  await api.post(`${kind}/${id}/move`, input);
}

export function useMoveNode(kind: OrgKind, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MoveNode) => moveNode(kind, id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationKeys.kind(kind) }),
  });
}
