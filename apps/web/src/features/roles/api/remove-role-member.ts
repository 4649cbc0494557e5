import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { roleKeys } from './role-keys.ts';

export function removeRoleMember(roleId: number, employeeId: number): Promise<void> {
  return api.delete(`role/${roleId}/members/${employeeId}`);
}

export function useRemoveRoleMember(roleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (employeeId: number) => removeRoleMember(roleId, employeeId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: roleKeys.detail(roleId) }),
  });
}
