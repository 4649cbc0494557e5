import type {
  CreateQuestion,
  Topic,
  UpdateQuestion,
} from '@schutzwerk/shared/instructions/instructions.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { topicKeys } from './topic-keys.ts';

/** Adds a question (no `questionId`) or saves one under its version; answers the whole topic. */
export async function saveQuestion(
  topicId: number,
  questionId: number | null,
  input: CreateQuestion | UpdateQuestion,
): Promise<Topic> {
  const answer =
    questionId === null
      ? await api.post<{ data: Topic }>(`topics/${topicId}/questions`, input)
      : await api.put<{ data: Topic }>(`topics/${topicId}/questions/${questionId}`, input);
  return answer.data;
}

export function useSaveQuestion(topicId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      questionId,
      input,
    }: {
      questionId: number | null;
      input: CreateQuestion | UpdateQuestion;
    }) => saveQuestion(topicId, questionId, input),
    onSuccess: (topic) => queryClient.setQueryData(topicKeys.detail(topicId), topic),
  });
}
