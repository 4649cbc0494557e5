import type { CreateRole, Role } from '@schutzwerk/shared/roles/role.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { roleKeys } from './role-keys.ts';

export async function createRole(input: CreateRole): Promise<Role> {
  const answer = await api.post<{ data: Role }>('role', input);
  return answer.data;
}

export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRole,
    onSuccess: (role) => queryClient.setQueryData(roleKeys.detail(role.id), role),
  });
}
