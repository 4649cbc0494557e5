import type { CreateNode } from '@schutzwerk/shared/organisation/organisation.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { type OrgKind, organisationKeys } from './organisation-keys.ts';

/** Creates a location or department under `parentId` (null: top level); answers the new id. */
export async function createNode(kind: OrgKind, input: CreateNode): Promise<number> {
  const answer = await api.post<{ data: { id: number } }>(kind, input);
  return answer.data.id;
}

export function useCreateNode(kind: OrgKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateNode) => createNode(kind, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationKeys.tree(kind) }),
  });
}
