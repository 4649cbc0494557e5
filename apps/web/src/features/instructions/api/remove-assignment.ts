import type { RemoveAssignment } from '@schutzwerk/shared/instructions/removals.schema.ts';
import { useMutation } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';

/**
 * Removes an open assignment at its version with its classification (decision 080): a started or done one
 * answers ASSIGNMENT_NOT_OPEN, a gap of the classification its code (REMOVAL_…) with the field's message.
 */
export function useRemoveAssignment() {
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: RemoveAssignment }) =>
      api.post<void>(`instructions/assignments/${id}/removal`, input),
  });
}
