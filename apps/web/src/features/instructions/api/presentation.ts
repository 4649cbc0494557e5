import { PRESENTATION_MAX_BYTES, type Topic } from '@schutzwerk/shared/instructions/instructions.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiDownload } from '#lib/api-client.ts';
import { topicKeys } from './topic-keys.ts';
import { uploadTopicFile } from './upload-topic-file.ts';

/**
 * What the browser checks before sending a presentation (the server checks again, from the content): the i18n
 * key of the refusal, or null.
 */
export function presentationProblem(file: File): 'presentationNotPdf' | 'presentationTooLarge' | null {
  if (!/\.pdf$/i.test(file.name)) return 'presentationNotPdf';
  if (file.size > PRESENTATION_MAX_BYTES) return 'presentationTooLarge';
  return null;
}

/** Sets or replaces the topic's presentation PDF at the topic's version. */
export function uploadPresentation(topicId: number, file: File, version: number): Promise<Topic> {
  return uploadTopicFile(`topics/${topicId}/presentation`, file, { version, fileName: file.name });
}

/** The stored presentation, to check it as the employees will see it. */
export function downloadPresentation(topicId: number) {
  return apiDownload(`topics/${topicId}/presentation`, { method: 'GET' });
}

/** Removes the presentation at the topic's version. */
export async function removePresentation(topicId: number, version: number): Promise<Topic> {
  return (await api.delete<{ data: Topic }>(`topics/${topicId}/presentation`, { version })).data;
}

export function useUploadPresentation(topicId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, version }: { file: File; version: number }) =>
      uploadPresentation(topicId, file, version),
    onSuccess: (topic) => queryClient.setQueryData(topicKeys.detail(topicId), topic),
  });
}

export function useRemovePresentation(topicId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => removePresentation(topicId, version),
    onSuccess: (topic) => queryClient.setQueryData(topicKeys.detail(topicId), topic),
  });
}
