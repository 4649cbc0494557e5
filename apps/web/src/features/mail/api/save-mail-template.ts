import type {
  MailTemplate,
  MailTemplateFields,
  UpdateMailTemplate,
} from '@schutzwerk/shared/mail/mail.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { mailKeys } from './mail-keys.ts';

/** Creates a template, or updates one with the version it is based on (stale → 409 CONFLICT). */
export async function saveMailTemplate(
  input: { id: null; fields: MailTemplateFields } | { id: number; fields: UpdateMailTemplate },
): Promise<MailTemplate> {
  const answer =
    input.id === null
      ? await api.post<{ data: MailTemplate }>('mail/templates', input.fields)
      : await api.put<{ data: MailTemplate }>(`mail/templates/${input.id}`, input.fields);
  return answer.data;
}

export function useSaveMailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMailTemplate,
    // Another template may have lost its default flag: reload the list.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailKeys.templates() }),
  });
}
