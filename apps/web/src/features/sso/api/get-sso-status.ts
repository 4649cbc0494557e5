import type { SsoStatus } from '@schutzwerk/shared/auth/sso.schema.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { ssoKeys } from './sso-keys.ts';

/** Whether single sign-on is configured, and the label of its button (public). */
export async function getSsoStatus(): Promise<SsoStatus> {
  const answer = await api.get<{ data: SsoStatus }>('auth/sso');
  return answer.data;
}

export const ssoStatusQueryOptions = () =>
  queryOptions({ queryKey: ssoKeys.status(), queryFn: getSsoStatus, staleTime: 5 * 60_000, retry: false });

export function useSsoStatus() {
  return useQuery(ssoStatusQueryOptions());
}
