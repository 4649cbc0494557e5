import type { Department } from '@schutzwerk/shared/organisation/organisation.schema.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { organisationKeys } from './organisation-keys.ts';

export async function getDepartment(id: number): Promise<Department> {
  const answer = await api.get<{ data: Department }>(`departments/${id}`);
  return answer.data;
}

export const departmentQueryOptions = (id: number) =>
  queryOptions({
    queryKey: organisationKeys.detail('departments', id),
    queryFn: () => getDepartment(id),
    staleTime: 0,
  });

export function useDepartment(id: number) {
  return useQuery(departmentQueryOptions(id));
}
