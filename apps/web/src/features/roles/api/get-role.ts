import type { Role } from '@schutzwerk/shared/roles/role.schema.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { roleKeys } from './role-keys.ts';

export async function getRole(id: number): Promise<Role> {
  const answer = await api.get<{ data: Role }>(`role/${id}`);
  return answer.data;
}

export const roleQueryOptions = (id: number) =>
  queryOptions({ queryKey: roleKeys.detail(id), queryFn: () => getRole(id), staleTime: 0 });

export function useRole(id: number, enabled = true) {
  return useQuery({ ...roleQueryOptions(id), enabled });
}
