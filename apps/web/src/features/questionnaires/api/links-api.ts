import type {
  CollectionLink,
  CollectionLinkStep,
  SendCollection,
} from '@schutzwerk/shared/checklists/questionnaire-links.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiDownload } from '#lib/api-client.ts';
import { questionnaireKeys } from './questionnaires-api.ts';

/** List source of the collection links (decision 067). */
export const LINK_SOURCE = 'questionnaires/links';

/** Sends a segment of the questionnaire to a person. */
export function useSendCollection(questionnaireId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SendCollection) =>
      (await api.post<{ data: CollectionLink }>(`questionnaires/${questionnaireId}/links`, input)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionnaireKeys.all }),
  });
}

/** A step of the recipient (opened, in progress, rejected, done). */
export function useLinkStep(questionnaireId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ linkId, ...input }: CollectionLinkStep & { linkId: number }) =>
      (
        await api.post<{ data: CollectionLink }>(
          `questionnaires/${questionnaireId}/links/${linkId}/status`,
          input,
        )
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionnaireKeys.all }),
  });
}

/** The PDF of a questionnaire (the report engine's frame). */
export function downloadQuestionnairePdf(id: number) {
  return apiDownload(`questionnaires/${id}/print`, { method: 'GET' });
}
