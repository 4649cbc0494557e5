import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { roleKeys } from './role-keys.ts';

/** Assigns the role; answers how many employees were added (those who already held it are skipped). */
export async function addRoleMembers(roleId: number, employeeIds: number[]): Promise<number> {
  const answer = await api.post<{ data?: { added?: number } } | undefined>(`role/${roleId}/members`, {
    employeeIds,
  });
  return answer?.data?.added ?? employeeIds.length;
}

export function useAddRoleMembers(roleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (employeeIds: number[]) => addRoleMembers(roleId, employeeIds),
    onSettled: () => queryClient.invalidateQueries({ queryKey: roleKeys.detail(roleId) }),
  });
}
