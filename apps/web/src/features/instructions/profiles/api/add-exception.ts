import type { CreateException, ExceptionRow } from '@schutzwerk/shared/instructions/profiles.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { profileKeys } from './profile-keys.ts';

/** Puts a topic on the list; the answer counts the open items of it that were removed. */
export async function addException(
  employeeId: number,
  input: CreateException,
): Promise<{ exception: ExceptionRow; removed: number }> {
  return (
    await api.post<{ data: { exception: ExceptionRow; removed: number } }>(
      `instructions/employees/${employeeId}/exceptions`,
      input,
    )
  ).data;
}

export function useAddException(employeeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateException) => addException(employeeId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}
