import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { profileKeys } from './profile-keys.ts';

/** Takes a topic off the list (409 CONFLICT on a stale version); the employee's profiles give it again. */
export function deleteException(employeeId: number, exceptionId: number, version: number): Promise<void> {
  return api.delete(`instructions/employees/${employeeId}/exceptions/${exceptionId}`, { version });
}

export function useDeleteException(employeeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version }: { id: number; version: number }) =>
      deleteException(employeeId, id, version),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}
