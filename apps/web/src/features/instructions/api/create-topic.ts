import type { CreateTopic, Topic } from '@schutzwerk/shared/instructions/instructions.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { topicKeys } from './topic-keys.ts';

export async function createTopic(input: CreateTopic): Promise<Topic> {
  return (await api.post<{ data: Topic }>('topics', input)).data;
}

export function useCreateTopic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTopic,
    onSuccess: (topic) => queryClient.setQueryData(topicKeys.detail(topic.id), topic),
  });
}
