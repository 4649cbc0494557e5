import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { roleKeys } from './role-keys.ts';

/** 409 ROLE_IN_USE while employees hold the role; 409 CONFLICT on a stale version. */
export function deleteRole(id: number, version: number): Promise<void> {
  return api.delete(`role/${id}`, { version });
}

export function useDeleteRole(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => deleteRole(id, version),
    onSuccess: () => queryClient.removeQueries({ queryKey: roleKeys.detail(id) }),
  });
}
