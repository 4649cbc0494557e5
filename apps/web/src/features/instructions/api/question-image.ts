import {
  QUESTION_IMAGE_EXTENSIONS,
  QUESTION_IMAGE_MAX_BYTES,
  type Topic,
} from '@schutzwerk/shared/instructions/instructions.schema.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiDownload } from '#lib/api-client.ts';
import { topicKeys } from './topic-keys.ts';
import { uploadTopicFile } from './upload-topic-file.ts';

/** The browser's check before sending an image (the server sniffs the content): the i18n key, or null. */
export function imageProblem(file: File): 'imageType' | 'imageTooLarge' | null {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(QUESTION_IMAGE_EXTENSIONS as readonly string[]).includes(ext)) return 'imageType';
  if (file.size > QUESTION_IMAGE_MAX_BYTES) return 'imageTooLarge';
  return null;
}

const imagePath = (topicId: number, questionId: number) => `topics/${topicId}/questions/${questionId}/image`;

/** The question's image as a Blob (the request carries the session token, so no plain <img src>). */
export function questionImageQueryOptions(topicId: number, questionId: number, version: number) {
  return {
    queryKey: [...topicKeys.detail(topicId), 'image', questionId, version] as const,
    queryFn: async () => (await apiDownload(imagePath(topicId, questionId))).blob,
    staleTime: Number.POSITIVE_INFINITY,
  };
}
export function useQuestionImage(topicId: number, questionId: number, version: number, enabled: boolean) {
  return useQuery({ ...questionImageQueryOptions(topicId, questionId, version), enabled });
}

export function useUploadQuestionImage(topicId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ questionId, file, version }: { questionId: number; file: File; version: number }) =>
      uploadTopicFile(imagePath(topicId, questionId), file, { version }),
    onSuccess: (topic) => queryClient.setQueryData(topicKeys.detail(topicId), topic),
  });
}

export function useRemoveQuestionImage(topicId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ questionId, version }: { questionId: number; version: number }) =>
      (await api.delete<{ data: Topic }>(imagePath(topicId, questionId), { version })).data,
    onSuccess: (topic) => queryClient.setQueryData(topicKeys.detail(topicId), topic),
  });
}
