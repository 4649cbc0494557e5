import type { EmployeeInstructions } from '@schutzwerk/shared/instructions/profiles.schema.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { profileKeys } from './profile-keys.ts';

/** The profiles that apply to an employee (and through what) and the number of their open items. */
export async function getEmployeeInstructions(employeeId: number): Promise<EmployeeInstructions> {
  return (await api.get<{ data: EmployeeInstructions }>(`instructions/employees/${employeeId}`)).data;
}

export const employeeInstructionsQueryOptions = (employeeId: number) =>
  queryOptions({
    queryKey: profileKeys.employee(employeeId),
    queryFn: () => getEmployeeInstructions(employeeId),
    staleTime: 0,
  });

export function useEmployeeInstructions(employeeId: number, enabled = true) {
  return useQuery({ ...employeeInstructionsQueryOptions(employeeId), enabled });
}
