import type {
  CreateAssignments,
  CreateAssignmentsResult,
} from '@schutzwerk/shared/instructions/assignments.schema.ts';
import { useMutation } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';

/** Assigns a topic to employees; those with an unfinished assignment of it are skipped (counted). */
export async function assignTopic(input: CreateAssignments): Promise<CreateAssignmentsResult> {
  return (await api.post<{ data: CreateAssignmentsResult }>('instructions/assignments', input)).data;
}

export function useAssignTopic() {
  return useMutation({ mutationFn: assignTopic });
}
