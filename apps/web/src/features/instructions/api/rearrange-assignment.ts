import type { RearrangeAssignment } from '@schutzwerk/shared/instructions/assignments.schema.ts';
import { useMutation } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';

/** Rearranging: the entry is marked done and a new open one is created with the new due date. */
export function rearrangeAssignment(id: number, input: RearrangeAssignment): Promise<void> {
  return api.post(`instructions/assignments/${id}/rearrange`, input);
}

export function useRearrangeAssignment() {
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: RearrangeAssignment }) => rearrangeAssignment(id, input),
  });
}
