import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { employeeKeys } from './employee-keys.ts';

/** 409 CONFLICT on a stale version; 409 IN_USE (with the reason) when something still needs the employee. */
export function deleteEmployee(id: number, version: number): Promise<void> {
  return api.delete(`employee/${id}`, { version });
}

export function useDeleteEmployee(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => deleteEmployee(id, version),
    onSuccess: () => queryClient.removeQueries({ queryKey: employeeKeys.detail(id) }),
  });
}
