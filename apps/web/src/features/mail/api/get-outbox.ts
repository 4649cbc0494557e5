import type { MailOutboxEntry, MailOutboxState } from '@schutzwerk/shared/mail/mail.schema.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { mailKeys } from './mail-keys.ts';

export async function getOutbox(state: MailOutboxState | 'all'): Promise<MailOutboxEntry[]> {
  const answer = await api.get<{ data: MailOutboxEntry[] }>(
    'mail/outbox',
    state === 'all' ? undefined : { state },
  );
  return answer.data;
}

export const outboxQueryOptions = (state: MailOutboxState | 'all') =>
  queryOptions({ queryKey: mailKeys.outbox(state), queryFn: () => getOutbox(state), staleTime: 0 });

export function useOutbox(state: MailOutboxState | 'all') {
  return useQuery(outboxQueryOptions(state));
}
