import type { PasswordPolicy } from '@schutzwerk/shared/auth/password-policy.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { passwordKeys } from './password-keys.ts';

export async function getPasswordPolicy(): Promise<PasswordPolicy> {
  return (await api.get<{ data: PasswordPolicy }>('auth/passwordPolicy')).data;
}

export const passwordPolicyQueryOptions = () =>
  queryOptions({ queryKey: passwordKeys.policy(), queryFn: getPasswordPolicy, staleTime: 60_000 });

/** The password policy of the security settings (for the display and the live check). */
export function usePasswordPolicy() {
  return useQuery(passwordPolicyQueryOptions());
}
