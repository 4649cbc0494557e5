import type { MailTemplate } from '@schutzwerk/shared/mail/mail.schema.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { mailKeys } from './mail-keys.ts';

export async function getMailTemplates(): Promise<MailTemplate[]> {
  const answer = await api.get<{ data: MailTemplate[] }>('mail/templates');
  return answer.data;
}

export const mailTemplatesQueryOptions = () =>
  queryOptions({ queryKey: mailKeys.templates(), queryFn: getMailTemplates, staleTime: 0 });

export function useMailTemplates() {
  return useQuery(mailTemplatesQueryOptions());
}
