import { useMutation } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';

/** Deletes an open assignment at its version (a started or done one answers ASSIGNMENT_NOT_OPEN). */
export function deleteAssignment(id: number, version: number): Promise<void> {
  return api.delete(`instructions/assignments/${id}`, { version });
}

export function useDeleteAssignment() {
  return useMutation({
    mutationFn: ({ id, version }: { id: number; version: number }) => deleteAssignment(id, version),
  });
}
