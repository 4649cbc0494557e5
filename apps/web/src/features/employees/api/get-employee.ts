import type { Employee } from '@schutzwerk/shared/employees/employee.schema.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { employeeKeys } from './employee-keys.ts';

/** Personal and health fields are null (and `restricted` says so) without the rights that cover them. */
export async function getEmployee(id: number): Promise<Employee> {
  const answer = await api.get<{ data: Employee }>(`employee/${id}`);
  return answer.data;
}

export const employeeQueryOptions = (id: number) =>
  queryOptions({ queryKey: employeeKeys.detail(id), queryFn: () => getEmployee(id), staleTime: 0 });

export function useEmployee(id: number, enabled = true) {
  return useQuery({ ...employeeQueryOptions(id), enabled });
}
