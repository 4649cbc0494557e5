import type { Topic } from '@schutzwerk/shared/instructions/instructions.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { topicKeys } from './topic-keys.ts';

/** Deletes a question at its version; answers the topic without it. */
export async function deleteQuestion(topicId: number, questionId: number, version: number): Promise<Topic> {
  return (await api.delete<{ data: Topic }>(`topics/${topicId}/questions/${questionId}`, { version })).data;
}

export function useDeleteQuestion(topicId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ questionId, version }: { questionId: number; version: number }) =>
      deleteQuestion(topicId, questionId, version),
    onSuccess: (topic) => queryClient.setQueryData(topicKeys.detail(topicId), topic),
  });
}
