import type { Topic, UpdateTopic } from '@schutzwerk/shared/instructions/instructions.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { topicKeys } from './topic-keys.ts';

/** PUT with the version the form is based on; a stale version answers 409 CONFLICT. */
export async function updateTopic(id: number, input: UpdateTopic): Promise<Topic> {
  return (await api.put<{ data: Topic }>(`topics/${id}`, input)).data;
}

export function useUpdateTopic(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateTopic) => updateTopic(id, input),
    onSuccess: (topic) => queryClient.setQueryData(topicKeys.detail(id), topic),
  });
}
