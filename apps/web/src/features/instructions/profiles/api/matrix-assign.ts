import type { MatrixAssign, MatrixAssignResult } from '@schutzwerk/shared/instructions/profiles.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { profileKeys } from './profile-keys.ts';

/** Assigns the selected cells (employee × topic); unfinished ones and exceptions are skipped (counted). */
export async function assignMatrix(input: MatrixAssign): Promise<MatrixAssignResult> {
  return (await api.post<{ data: MatrixAssignResult }>('instructions/matrix/assign', input)).data;
}

export function useAssignMatrix() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignMatrix,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}
