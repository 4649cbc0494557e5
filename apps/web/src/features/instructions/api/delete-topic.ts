import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { topicKeys } from './topic-keys.ts';

/** 409 CONFLICT on a stale version; refused while the topic is chained to another one. */
export function deleteTopic(id: number, version: number): Promise<void> {
  return api.delete(`topics/${id}`, { version });
}

export function useDeleteTopic(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => deleteTopic(id, version),
    onSuccess: () => queryClient.removeQueries({ queryKey: topicKeys.detail(id) }),
  });
}
