import type { Role, UpdateRole } from '@schutzwerk/shared/roles/role.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { roleKeys } from './role-keys.ts';

/** PATCH with the version the form is based on; a stale version answers 409 CONFLICT. */
export async function updateRole(id: number, input: UpdateRole): Promise<Role> {
  const answer = await api.patch<{ data: Role }>(`role/${id}`, input);
  return answer.data;
}

export function useUpdateRole(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateRole) => updateRole(id, input),
    onSuccess: (role) => queryClient.setQueryData(roleKeys.detail(id), role),
  });
}
