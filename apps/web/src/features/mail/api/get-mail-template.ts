import type { MailTemplate } from '@schutzwerk/shared/mail/mail.schema.ts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { mailKeys } from './mail-keys.ts';

/** One template (404 when it was deleted meanwhile). */
export async function getMailTemplate(id: number): Promise<MailTemplate> {
  const answer = await api.get<{ data: MailTemplate }>(`mail/templates/${id}`);
  return answer.data;
}

export const mailTemplateQueryOptions = (id: number) =>
  queryOptions({ queryKey: mailKeys.template(id), queryFn: () => getMailTemplate(id), staleTime: 0 });
