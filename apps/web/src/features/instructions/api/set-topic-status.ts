import type { Topic } from '@schutzwerk/shared/instructions/instructions.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { topicKeys } from './topic-keys.ts';

/** Releases (`release`) or locks (`lock`) the topic at the given version. */
export async function setTopicStatus(
  id: number,
  action: 'release' | 'lock',
  version: number,
): Promise<Topic> {
  return (await api.post<{ data: Topic }>(`topics/${id}/${action}`, { version })).data;
}

export function useSetTopicStatus(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, version }: { action: 'release' | 'lock'; version: number }) =>
      setTopicStatus(id, action, version),
    onSuccess: (topic) => queryClient.setQueryData(topicKeys.detail(id), topic),
  });
}
