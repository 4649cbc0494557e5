import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { roleKeys } from './role-keys.ts';

export function addRoleMembers(roleId: number, employeeIds: number[]): Promise<void> {
  return api.post<void>(`role/${roleId}/members`, { employeeIds });
}

export function useAddRoleMembers(roleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (employeeIds: number[]) => addRoleMembers(roleId, employeeIds),
    onSettled: () => queryClient.invalidateQueries({ queryKey: roleKeys.detail(roleId) }),
  });
}
